"""A test-only entry for Planet whose bots all play at random
(:class:`RandomBot` over the rules' legal placements), so the headless scene
tests spend nothing on bot thinking; the registered entry, with the real
bots, is in ``tabletop/games/__init__.py``. Nothing under ``tabletop``
imports this; tools take it with ``--register tests.planet.scene_entry:ENTRY``.
"""

from __future__ import annotations

from tabletop.core.bots import Bot, RandomBot
from tabletop.core.game import GameEntry
from tabletop.games import planet as pl


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    return RandomBot(pl.RULES, seat, seed)


ENTRY = GameEntry(
    info=pl.RULES.info,
    rules=pl.RULES,
    sample_action=pl.sample_action,
    make_bot=make_bot,
    scene="tabletop.games.planet.table:scene",
    icon="tabletop.games.planet.table:draw_icon",
    determinize=pl.determinize,
)
