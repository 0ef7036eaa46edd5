"""The game registry: entries, lookups, bot levels, lazy scenes, rules pages."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.core.bots import LEVELS, Bot
from tabletop.core.game import GameConfig, GameEntry, Registry
from tabletop.games import REGISTRY
from tests.nimgame import ENTRY as NIM

ROOT = Path(__file__).resolve().parents[2]

#: every shipped entry (the registry may still be empty) plus the test game
ENTRIES = [*REGISTRY.items(), ("nim", NIM)]


def test_registry_is_a_dict_of_names_to_entries() -> None:
    assert isinstance(REGISTRY, dict)
    for name, entry in REGISTRY.items():
        assert isinstance(name, str) and isinstance(entry, GameEntry)
    assert "nim" not in REGISTRY  # the test game never ships


def test_registering_nim_for_a_test(nim_registered: GameEntry) -> None:
    assert games.REGISTRY["nim"] is nim_registered is NIM
    assert games.REGISTRY["nim"] is NIM


def test_get_an_unknown_name_lists_the_known_ones(nim_registered: GameEntry) -> None:
    with pytest.raises(KeyError) as info:
        games.REGISTRY["chess"]
    message = info.value.args[0]
    assert "unknown game 'chess'" in message
    for name in REGISTRY:
        assert name in message
    assert "known games:" in message and "nim" in message


def test_get_with_an_empty_registry_says_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "REGISTRY", Registry())
    with pytest.raises(KeyError, match=r"known games: none"):
        games.REGISTRY["nim"]


def test_an_entry_makes_bots_of_every_level_and_its_configs(nim_registered: GameEntry) -> None:
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        assert isinstance(NIM.make_bot(level, 1, 5), Bot)
    config = NIM.default_config(3, chance=True)
    assert config == GameConfig(3, {"chance": True, "max_take": 3})
    state = NIM.rules.setup(config, 8)
    action = NIM.sample_action(state, random.Random(2))
    assert NIM.rules.check(state, action) is None


def test_every_shipped_game_has_its_entry_in_its_own_package() -> None:
    """The registry only lists the entries; each is written beside its game."""
    import importlib

    for name, entry in REGISTRY.items():
        package = importlib.import_module(f"tabletop.games.{name}")
        assert (
            package.ENTRY is entry
            and entry.rules is importlib.import_module(f"tabletop.games.{name}.rules").RULES
        )
        assert entry.scene.startswith(f"tabletop.games.{name}.") and entry.icon.startswith(
            f"tabletop.games.{name}."
        )


LAZY = textwrap.dedent(
    """
    import random, sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"{name} is blocked")
            return None

    sys.meta_path.insert(0, BlockPygame())
    from tabletop.core import codec
    codec.ALLOWED_PREFIXES.append("tests.")
    import tabletop.games as games
    from tabletop.core.bots import LEVELS
    from tests.nimgame import ENTRY
    games.REGISTRY[ENTRY.name] = ENTRY
    for name, entry in games.REGISTRY.items():
        info = entry.info
        for players in info.player_range:
            config = entry.default_config(players)
            state = entry.rules.setup(config, 1)
            for seat in range(players):
                for level in LEVELS:
                    entry.make_bot(level, seat, 2)
            action = entry.sample_action(state, random.Random(3))
            assert entry.rules.check(state, action) is None, (name, action)
        entry.rules_text()
    leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
    assert not leaked, leaked
    try:
        games.REGISTRY["nim"].make_scene(None, None)
    except ImportError as exc:
        print("scene import blocked:", exc)
    else:
        raise AssertionError("make_scene did not import the scene module")
    print("ok", len(games.REGISTRY))
    """
)


def test_everything_but_make_scene_works_without_pygame() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", LAZY],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "scene import blocked: pygame is blocked" in result.stdout
    assert f"ok {len(REGISTRY) + 1}" in result.stdout


def test_rules_text_reads_the_page() -> None:
    text = NIM.rules_text()
    assert text.startswith("Nim\n")
    assert "heaps" in text


def test_rules_text_falls_back_to_title_and_blurb() -> None:
    info = dataclasses.replace(NIM.info, rules_page="no-such-page.txt")
    entry = dataclasses.replace(NIM, info=info)
    assert entry.rules_text() == f"{info.title}\n\n{info.blurb}"


def test_rules_text_falls_back_when_the_package_is_missing() -> None:
    class Orphan:
        info = NIM.info

    Orphan.__module__ = "tabletop_no_such_package.rules"
    entry = dataclasses.replace(NIM, rules=Orphan())
    assert entry.rules_text() == f"Nim\n\n{NIM.info.blurb}"


@pytest.mark.parametrize("name, entry", ENTRIES, ids=[n for n, _ in ENTRIES])
def test_every_entry_is_named_by_its_key(name: str, entry: GameEntry) -> None:
    assert entry.info.name == name == entry.name
    assert entry.info is entry.rules.info
    assert entry.info.min_players <= entry.info.max_players
    module, _, attr = entry.scene.partition(":")
    assert module and attr, f"scene {entry.scene!r} is not 'module:attr'"
    text = entry.rules_text()
    assert text.strip() and text != f"{entry.info.title}\n\n{entry.info.blurb}", (
        f"{name} ships no rules page"
    )


@pytest.mark.parametrize("name, entry", ENTRIES, ids=[n for n, _ in ENTRIES])
def test_every_entry_builds_configs_and_bots(name: str, entry: GameEntry) -> None:
    for players in entry.info.player_range:
        config = entry.default_config(players)
        assert config.players == players
        state = entry.rules.setup(config, 4)
        seat = entry.rules.to_move(state)
        assert seat is not None
        for level in LEVELS:
            bot: Any = entry.make_bot(level, seat, 9)
            assert isinstance(bot, Bot)
    with pytest.raises(ValueError):
        entry.default_config(entry.info.max_players + 1)
