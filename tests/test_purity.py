"""Nothing under core or the games' pure modules imports pygame or uses the
module-level ``random`` (DESIGN.md, "Dependencies between the parts")."""

from __future__ import annotations

import ast
import os
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import tabletop.core

ROOT = Path(__file__).resolve().parents[1]
PURE_NAMES = ("rules", "bot", "board", "physics", "geometry", "tiles", "solver")

BLOCKER = textwrap.dedent(
    """
    import importlib, sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"{name} is blocked: this module must not import pygame")
            return None

    sys.meta_path.insert(0, BlockPygame())
    for name in sys.argv[1:]:
        importlib.import_module(name)
    leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
    assert not leaked, leaked
    print("imported", len(sys.argv) - 1, "modules")
    """
)


def pure_modules() -> list[str]:
    names = ["tabletop.core", "tabletop.games"]
    names += [f"tabletop.core.{m.name}" for m in pkgutil.iter_modules(tabletop.core.__path__)]
    for folder in ("tabletop/games", "tests/nimgame"):
        for path in sorted((ROOT / folder).glob("**/*.py")):
            if path.stem in PURE_NAMES:
                rel = path.relative_to(ROOT).with_suffix("")
                names.append(".".join(rel.parts))
    return names


def run_blocked(modules: list[str]) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", BLOCKER, *modules],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_pure_modules_import_without_pygame() -> None:
    modules = pure_modules()
    assert "tabletop.core.game" in modules and "tests.nimgame.rules" in modules
    result = run_blocked(modules)
    assert result.returncode == 0, result.stderr
    assert f"imported {len(modules)} modules" in result.stdout


def test_the_blocker_blocks() -> None:
    result = run_blocked(["tabletop.ui.scene"])
    assert result.returncode != 0
    assert "pygame is blocked" in result.stderr


# -- no module-level random under games -------------------------------------

#: the one name from ``random`` a game may use (as a type); build it with rng.make
ALLOWED = {"Random"}


def global_random_uses(source: str, filename: str = "<source>") -> list[str]:
    """Uses of the module-level ``random`` functions in ``source``, as "line: text"."""
    tree = ast.parse(source, filename)
    aliases: set[str] = set()
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update(a.asname or a.name for a in node.names if a.name == "random")
        elif isinstance(node, ast.ImportFrom) and node.module == "random":
            for a in node.names:
                if a.name not in ALLOWED:
                    found.append(f"{node.lineno}: from random import {a.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr not in ALLOWED
        ):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return sorted(found, key=lambda s: int(s.split(":")[0]))


@pytest.mark.parametrize(
    ("source", "bad"),
    [
        ("import random\nx = random.choice([1, 2])\n", True),
        ("import random\ndef f(d):\n    random.shuffle(d)\n", True),
        ("import random as r\nr.randint(1, 6)\n", True),
        ("from random import shuffle\n", True),
        ("import random\nrandom.seed(4)\n", True),
        ("import random\ndef f(rng: random.Random) -> int:\n    return rng.randint(1, 6)\n", False),
        ("from random import Random\n", False),
        ("from tabletop.core import rng\nr = rng.make(1, 'deal')\nr.shuffle([])\n", False),
        ("def f(self):\n    return self.random.choice([1])\n", False),
    ],
)
def test_global_random_detector(source: str, bad: bool) -> None:
    assert bool(global_random_uses(source)) is bad


def test_games_never_use_module_level_random() -> None:
    offenders = []
    for folder in ("tabletop/games", "tests/nimgame"):
        for path in sorted((ROOT / folder).glob("**/*.py")):
            for use in global_random_uses(path.read_text("utf-8"), str(path)):
                offenders.append(f"{path.relative_to(ROOT)}:{use}")
    assert not offenders, "module-level random (use tabletop.core.rng.make):\n" + "\n".join(
        offenders
    )
