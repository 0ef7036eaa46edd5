"""Golden playthroughs of Planepita, driven by ``sample_action`` (not bots).

``tools/golden.py`` plays every seat with the game's ``medium`` bot; these
files are made without bots, so a rules change shows up here even while the
bots change. Each file is ``describe()`` after setup and after every action of
a seeded game, each action headed by its log line, as in tools/golden.py.
Positions are printed to the millimetre; the physics is deterministic on one
machine (DESIGN.md), so another platform may need its own regeneration.

After an intended rules change, rewrite them and read the diff::

    python -m tests.planepita.test_rules_golden
"""

from __future__ import annotations

import sys

import pytest

from tabletop import games
from tabletop.core import rng
from tabletop.core.game import apply_checked, log_line
from tabletop.core.session import BOT_NAMES
from tools import golden

GAME = "planepita"
CASES = [golden.Case(GAME, 2, 1), golden.Case(GAME, 3, 2)]


def transcript(case: golden.Case) -> str:
    """describe() after setup and after each action of a ``sample_action`` game."""
    entry = games.get(case.game)
    rules = entry.rules
    names = list(BOT_NAMES[: case.players])
    sampler = rng.make(case.seed, "golden-sample")
    state = rules.setup(entry.default_config(case.players), case.seed)
    seats = ", ".join(f"P{i + 1} {n}" for i, n in enumerate(names))
    out = [
        f"# {entry.info.title}: {case.players} players, seed {case.seed}, "
        f"random legal actions ({seats})",
        "# regenerate with: python -m tests.planepita.test_rules_golden",
        "",
        "== setup",
        rules.describe(state),  # type: ignore[attr-defined]
    ]
    ply = 0
    while not rules.is_over(state):
        if ply >= entry.info.max_actions:
            raise RuntimeError(f"{case.filename}: no end after {ply} actions")
        action = entry.sample_action(state, sampler)
        line = log_line(rules, state, action, names)
        state = apply_checked(rules, state, action)
        ply += 1
        out += ["", f"== {ply}. {action} | {line}", rules.describe(state)]  # type: ignore[attr-defined]
    out += ["", f"== result: {rules.outcome(state).words_for(names)}"]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.filename)
def test_golden_playthrough(case: golden.Case) -> None:
    stored = case.path.read_text("utf-8")
    now = transcript(case)
    assert now == stored, (
        f"{case.filename} changed; if intended, run python -m tests.planepita.test_rules_golden\n"
        + golden.diff(stored, now, case.filename)
    )


def test_a_change_shows_as_a_readable_diff() -> None:
    case = CASES[0]
    stored = case.path.read_text("utf-8")
    changed = stored.replace("round 1 of 4", "round one of 4", 1)
    text = golden.diff(stored, changed, case.filename)
    assert f"--- {case.filename} (stored)" in text
    assert "-Planepita, 2 players, round 1 of 4" in text
    assert "+Planepita, 2 players, round one of 4" in text


def main() -> int:
    for case in CASES:
        text = transcript(case)
        case.path.write_text(text, encoding="utf-8")
        print(f"wrote {case.filename} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
