"""Seeds derived from seeds: the one place that builds ``random.Random``.

``derive(seed, *keys)`` hashes a seed and any keys (ints, strings) into a new
64-bit seed, stable across processes and machines (no ``hash()``, which is
salted per process). ``make(seed, *keys)`` returns a fresh private generator.
"""

from __future__ import annotations

import random

try:  # hashlib's own, without hashlib's start-up (OpenSSL's: 2 ms of every start)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

MAX_SEED = 2**63 - 1


def derive(seed: int, *keys: int | str) -> int:
    """A new seed from ``seed`` and ``keys``; same inputs, same output, anywhere."""
    text = "\x1f".join([str(int(seed)), *(f"{type(k).__name__}:{k}" for k in keys)])
    digest = blake2b(text.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") & MAX_SEED


def make(seed: int, *keys: int | str) -> random.Random:
    """A private generator seeded from ``derive(seed, *keys)``."""
    return random.Random(derive(seed, *keys))


def parse_seed(text: str) -> int:
    """A seed typed by a player: an integer, or any word (hashed to a seed)."""
    text = text.strip()
    if not text:
        raise ValueError("the seed is empty")
    try:
        value = int(text)
    except ValueError:
        return derive(0, text)
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"the seed must be between 0 and {MAX_SEED}")
    return value


def fresh_seed() -> int:
    """A new seed for a new game, from the operating system."""
    return random.SystemRandom().randrange(0, 10**9)
