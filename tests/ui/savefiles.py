"""Save files for the ui tests: the real saves in tests/fixtures/saves/, saves
made by playing, the saves folder as it stands on disk, and the Saved games
screen driven by clicks (open it, pick a save by its slot).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop.app import App
from tabletop.core import rng
from tabletop.core.game import GameEntry
from tabletop.core.session import Session, default_seats
from tabletop.core.storage import Storage
from tabletop.ui import menus
from tests.ui.driver import Driver

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"


def fixture(name: str) -> dict[str, Any]:
    """A real save document from tests/fixtures/saves/ (``name`` without ``.json``)."""
    doc: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text("utf-8"))
    return doc


def played(
    entry: GameEntry, players: int, seed: int, moves: int, kinds: list[str] | None = None
) -> dict[str, Any]:
    """The save document of a game of ``entry`` after ``moves`` random legal
    moves (fewer if it ends first), as the app writes it."""
    seats = default_seats(kinds or ["human"] * players)
    session = Session(
        entry, entry.default_config(players), seed, seats, threaded=False, timed=False
    )
    pick = rng.make(seed, "test moves")
    while session.ply < moves and not session.is_over():
        session.play(entry.sample_action(session.state, pick))
    return json.loads(json.dumps(session.to_doc()))


def write_save(root: Path, slot: str, content: dict[str, Any] | bytes) -> Path:
    """Put a save file (a document, or raw bytes) in the saves folder under ``root``."""
    path = Storage(root).save_path(slot)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content if isinstance(content, bytes) else json.dumps(content).encode("utf-8")
    path.write_bytes(data)
    return path


def folder(root: Path) -> dict[str, bytes]:
    """Every file in the saves folder under ``root``: name -> bytes."""
    saves = Storage(root).saves_dir
    if not saves.is_dir():
        return {}
    return {p.name: p.read_bytes() for p in sorted(saves.iterdir()) if p.is_file()}


def errors(app: App) -> list[str]:
    """The error toasts the app is showing."""
    return [t.text for t in app.toasts.items if t.kind == "error"]


def open_saved_games(d: Driver) -> menus.SavedGamesScene:
    """From wherever the app is: the title screen, then Saved games, by clicks."""
    d.app.stack.reset(d.app.home())
    d.frames(1)
    d.press("Saved games")
    scene = d.top
    assert isinstance(scene, menus.SavedGamesScene)
    return scene


def pick(d: Driver, scene: menus.SavedGamesScene, slot: str) -> None:
    """Click the row of the save ``slot`` in the Saved games list."""
    slots = [s.slot for s in scene.saves]
    assert slot in slots, f"{slot!r} is not in Saved games: {slots}"
    index = slots.index(slot)
    d.frames(1)  # the list has been drawn, so its rows are measured
    lst = scene.list
    lst.ensure_visible(index)
    view = lst.view_rect()
    y = view.y + index * lst.line_height - lst.offset + lst.line_height // 2
    d.click((view.centerx, y))
    assert lst.selected == index
