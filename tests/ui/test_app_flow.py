"""The whole program, headless, driven by synthetic clicks and keys (Nim as the game)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from tabletop.core import codec
from tabletop.core.session import Seat, default_seats
from tabletop.ui import flow, menus, overlays, rulespage, scoresheet
from tabletop.ui.gamescene import GameScene
from tests.nimgame.rules import Reserve, Take
from tests.nimgame.scene import is_nim, table_of
from tests.ui.driver import Driver, app_fixture, driver_fixture  # noqa: F401  (fixtures)

SEED = 4242


def dumps(states):
    return [codec.dumps(s) for s in states]


def stone_pos(scene: GameScene, heap: int, k: int) -> tuple[int, int]:
    """Screen position of the k-th stone from the right of heap ``heap`` (1-based)."""
    n = scene.view.heaps[heap - 1]
    assert 1 <= k <= n, f"heap {heap} has {n} stones, not {k}"
    return table_of(scene).stone_centres(heap - 1, n)[n - k]


def take(d: Driver, scene: GameScene, heap: int, k: int) -> None:
    d.click(stone_pos(scene, heap, k))


def human_ready(scene: GameScene, seat: int = 0):
    return lambda: (
        scene.session.to_move() == seat and not scene.animating and scene.app.stack.top is scene
    )


def choose_move(scene: GameScene) -> tuple[int, int]:
    """A winning take when there is one (subtraction game: heaps mod max_take+1), else any."""
    v = scene.view
    m = v.max_take + 1
    grundy = 0
    for h in v.heaps:
        grundy ^= h % m
    for i, h in enumerate(v.heaps):
        for k in range(1, min(h, v.max_take) + 1):
            g = grundy ^ (h % m) ^ ((h - k) % m)
            if g == 0:
                return i + 1, k
    i = max(range(len(v.heaps)), key=lambda j: v.heaps[j])
    return i + 1, 1


def record_texts(monkeypatch: pytest.MonkeyPatch, module, name: str = "draw_text") -> list[str]:
    """Record the text handed to ``module.<name>`` while still drawing it."""
    seen: list[str] = []
    original = getattr(module, name)

    def spy(*args, **kwargs):
        text = next(a for a in args if isinstance(a, str))
        seen.append(text)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, spy)
    return seen


def felt_pixels(app) -> int:
    pixels = pygame.surfarray.array3d(app.screen)
    return int(np.all(pixels == np.array(app.theme.felt), axis=-1).sum())


def start(app, seats, seed: int = SEED, **variants) -> GameScene:
    entry = app.games["nim"]
    scene = flow.start_game(app, entry, entry.default_config(len(seats), **variants), seed, seats)
    app.frame([], 1 / 60)
    assert app.stack.top is scene or isinstance(app.stack.top, overlays.CurtainScene)
    return scene


# -- the whole path --------------------------------------------------------------------


def test_title_to_results_by_clicks(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d, app = driver, driver.app
    d.frames(2)

    # title: click the Nim card
    title = d.top
    assert isinstance(title, menus.TitleScene)
    assert not title.resume.enabled, "nothing to resume yet"
    card = next(c for c in title.cards if c.entry.name == "nim")
    d.click_widget(card)
    setup = d.top
    assert isinstance(setup, menus.SetupScene) and setup.entry.name == "nim"

    # setup: 3 players and back to 2 (the seat rows are rebuilt), human + easy bot, a seed
    d.click(setup.count.arrow_rects()[1].center)
    assert setup.players == 3 and len(setup.seat_rows) == 3
    d.click(setup.count.arrow_rects()[1].center)
    assert setup.players == 2 and len(setup.seat_rows) == 2
    d.set_choice(setup.seat_rows[0][1], "Human")
    d.set_choice(setup.seat_rows[1][1], "Bot: easy")
    d.click_widget(setup.seed_input)
    assert setup.seed_input.focused
    d.key(pygame.K_END)
    for _ in range(len(setup.seed_input.text)):
        d.key(pygame.K_BACKSPACE)
    assert setup.seed_input.text == ""
    d.type(str(SEED))
    assert setup.seed_input.text == str(SEED)
    d.press("Start game")

    scene = d.top
    assert is_nim(scene)
    s = scene.session
    assert s.seed == SEED and s.config.players == 2
    assert s.seats == (Seat("Player 1", "human"), Seat("Basil", "bot", "easy"))
    assert s.to_move() == 0 and scene.my_turn

    # a move by clicking: hovering the 2nd stone from the right lights two stones
    heap = max(range(1, 4), key=lambda h: scene.view.heaps[h - 1])
    before_move = dumps(s.states)
    d.move(stone_pos(scene, heap, 2))
    assert table_of(scene).hover == (heap - 1, 2)
    take(d, scene, heap, 2)
    assert s.actions == [Take(heap, 2)]
    assert scene.animating
    d.until(human_ready(scene))
    assert s.ply == 2, "the bot answered once"

    # Ctrl+Z returns to the state before the human's move
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert dumps(s.states) == before_move
    assert s.log == [] and s.to_move() == 0
    assert any(t.text == "Undone." for t in app.toasts.items)

    # play once more so the log has lines, then pause, save and quit to the title
    take(d, scene, heap, 1)
    d.until(human_ready(scene))
    saved_states, saved_log = dumps(s.states), list(s.log)
    assert len(saved_log) == 2
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, overlays.PauseScene)
    d.press("Save game")
    assert any(t.text == "Game saved." for t in app.toasts.items)
    slots = [i.slot for i in app.storage.list_saves()]
    assert "autosave" in slots and len(slots) == 2
    d.press("Quit to title")
    assert isinstance(d.top, menus.TitleScene) and len(app.stack) == 1

    # resume from the title: exactly the same game
    d.press("Resume")
    scene = d.top
    assert is_nim(scene)
    s = scene.session
    assert dumps(s.states) == saved_states
    assert codec.dumps(s.state) == saved_states[-1]
    assert s.log == saved_log
    assert s.seed == SEED

    # play to the end by clicking stones
    for _ in range(60):
        if s.is_over():
            break
        d.until(lambda: s.is_over() or human_ready(scene)())
        if s.is_over():
            break
        plies = s.ply
        take(d, scene, *choose_move(scene))
        assert s.ply == plies + 1, app.toasts.items
    assert s.is_over()
    d.until(lambda: isinstance(d.top, overlays.ResultsScene))

    # the results show the reason in words and the scores
    results = d.top
    texts = record_texts(monkeypatch, overlays)
    sheet_texts = record_texts(monkeypatch, scoresheet)  # the score sheet's cells
    d.frames(1)
    outcome = s.outcome()
    shown = " ".join(texts)
    words = outcome.words_for(s.names)
    assert "The last piece was taken." in words and "took the last stone" in words
    assert " ".join(words.split()) in shown
    winner = outcome.winners[0]
    assert s.names[winner] in words
    assert "1" in sheet_texts and "0" in sheet_texts, sheet_texts  # the scores
    assert f"{app.theme.player(0).glyph} Player 1" in sheet_texts
    assert "Took the last stone" in sheet_texts  # Nim's sheet has one row
    assert results.match.games == 1

    d.press("Title screen")
    assert isinstance(d.top, menus.TitleScene) and len(app.stack) == 1


# -- smaller paths ------------------------------------------------------------------------


def test_curtain_between_two_humans_hides_the_table(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, [Seat("Ann"), Seat("Bob")])
    # the device goes to the first player through the curtain too
    first = d.top
    assert isinstance(first, overlays.CurtainScene) and first.name == "Ann"
    d.press("I am Ann: show my table")
    assert d.top is scene
    d.frames(1)
    assert scene.viewer == 0 and felt_pixels(app) > 0
    heap = max(range(1, 4), key=lambda h: scene.view.heaps[h - 1])
    take(d, scene, heap, 1)
    d.until(lambda: not is_nim(d.top))

    curtain = d.top
    assert isinstance(curtain, overlays.CurtainScene) and curtain.name == "Bob"
    d.frames(1)
    assert felt_pixels(app) == 0, "the table shows through the curtain"
    # neither clicks on the table nor Esc lift it
    state = codec.dumps(scene.session.state)
    d.click(stone_pos(scene, heap, 1))
    d.key(pygame.K_ESCAPE)
    assert d.top is curtain and codec.dumps(scene.session.state) == state

    d.press("I am Bob: show my table")
    assert d.top is scene
    d.frames(1)
    assert felt_pixels(app) > 0
    assert scene.viewer == 1
    view = scene.view
    assert view.reserves[1] is not None and view.reserves[0] is None, "Bob sees only his reserve"


def test_refused_move_shows_the_rules_reason(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    heaps = scene.view.heaps
    heap = max(range(1, 4), key=lambda h: heaps[h - 1])
    assert heaps[heap - 1] >= 4, "seed gives a heap big enough to over-take"
    take(d, scene, heap, 4)
    reason = scene.session.rules.check(scene.session.state, Take(heap, 4))
    assert reason == "You may take at most 3 stones."
    assert [(t.text, t.kind) for t in app.toasts.items] == [(reason, "error")]
    assert scene.session.ply == 0 and scene.view.heaps == heaps


def test_log_panel_has_one_line_per_action(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    for _ in range(2):
        take(d, scene, *choose_move(scene))
        d.until(human_ready(scene))
    assert len(s.log) == len(s.actions) == 4
    rows = scene.log_rows(scene.log_rect.w - 60, 100)
    entries: list[str] = []
    for number, text, _newest in rows:  # an entry's later rows carry no number
        if number:
            entries.append(f"{number} {text}")
        else:
            entries[-1] += f" {text}"
    assert entries == [f"{i + 1}. {line}" for i, line in enumerate(s.log)]
    assert entries[0].startswith("1. Player 1 takes")
    assert [newest for number, _text, newest in rows if number] == [False, False, False, True]
    d.frames(1)
    assert scene._log_key is not None, "the panel was drawn"
    # a move whose log line is empty (a sealed answer) is left out, and the
    # entries shown are numbered in turn
    s.log[1] = ""
    numbered = [(number, text) for number, text, _ in scene.log_rows(2000, 100) if number]
    assert [n for n, _ in numbered] == ["1.", "2.", "3."]
    assert [t for _, t in numbered] == [s.log[0], s.log[2], s.log[3]]

    d.key(pygame.K_l)  # L hides the panel; the table takes the room
    assert scene.log_rect.width == 0 and scene.table_rect.w == app.size[0]


def test_log_panel_reuses_rows_and_shows_what_a_fresh_render_shows(driver: Driver) -> None:
    """The log keeps each entry's wrapped rows and each row's image between
    renders; after every move the panel must equal one rendered with no
    cache, and only the rows on show are kept."""
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    size = scene.log_rect.size
    for turn in range(3):
        take(d, scene, *choose_move(scene))
        d.until(human_ready(scene))
        s.log[-1] += " and a long tail of words that wraps the entry onto more rows" * (turn % 2)
        key, room = scene._log_key_at(scene.shown_ply)
        cached = pygame.image.tobytes(scene._render_log(key, room, s.ply, None).image, "RGB")
        scene._log_words.clear()
        scene._log_wrapped.clear()
        fresh = pygame.image.tobytes(scene._render_log(key, room, s.ply, None).image, "RGB")
        assert cached == fresh, f"the log after move {turn + 1} differs from a fresh render"
        shown = scene.log_rows(
            size[0] - 2 * app.theme.px(12) - app.theme.small.size("000. ")[0], 1000
        )
        assert len(scene._log_words) <= 2 * len(shown)


def test_the_log_rendered_while_a_move_animates_is_the_one_shown_after_it(
    driver: Driver,
) -> None:
    """From the third frame of a move's animation the log is rendered as it
    will read once the move is shown; the frame where the animation ends
    shows that image, equal to a fresh render, and its entries answer the
    pointer where they are drawn."""
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    for _ in range(2):
        take(d, scene, *choose_move(scene))
        assert scene.animating
        ahead_at = d.until(lambda: scene._log_ahead is not None, frames=60)
        assert scene.animating and ahead_at >= 1, "rendered ahead while the move still plays"
        ahead = scene._log_ahead
        assert ahead is not None and ahead.key[2] == s.ply and scene.shown_ply == s.ply - 1
        d.until(lambda: not scene.animating)
        d.frame()
        assert scene._log_image is ahead.image and scene._log_key == ahead.key
        assert scene._log_spots == ahead.spots
        key, room = scene._log_key_at(scene.shown_ply)
        assert key == ahead.key
        scene._log_words.clear()
        scene._log_wrapped.clear()
        fresh = scene._render_log(key, room, scene.shown_ply, None)
        assert pygame.image.tobytes(ahead.image, "RGB") == pygame.image.tobytes(fresh.image, "RGB")
        assert ahead.spots == fresh.spots
        d.until(human_ready(scene))


def test_f1_opens_the_rules_and_esc_closes_them(driver: Driver) -> None:
    d, app = driver, driver.app
    d.key(pygame.K_F1)
    assert isinstance(d.top, rulespage.RulesScene) and d.top.heading == "How to play"
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, menus.TitleScene)

    scene = start(app, default_seats(["human", "easy"]))
    d.key(pygame.K_F1)
    rules = d.top
    assert isinstance(rules, rulespage.RulesScene)
    assert rules.heading == "Nim: rules"
    assert "Whoever takes the last stone wins." in rules.text
    d.frames(2)
    d.key(pygame.K_ESCAPE)
    assert d.top is scene


def test_saved_games_lists_and_deletes(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    app.storage.save_game("mine", scene.session.to_doc())
    d.key(pygame.K_ESCAPE)
    d.press("Quit to title")
    d.press("Saved games")
    saves = d.top
    assert isinstance(saves, menus.SavedGamesScene)
    assert sorted(i.slot for i in saves.saves) == ["autosave", "mine"]
    assert all(i.title == "Nim" for i in saves.saves)
    d.frames(1)

    index = next(i for i, info in enumerate(saves.saves) if info.slot == "mine")
    view = saves.list.view_rect()
    row_y = (
        view.y + index * saves.list.line_height - saves.list.offset + saves.list.line_height // 2
    )
    d.click((view.centerx, row_y))
    assert saves.list.selected == index
    d.press("Delete")

    path = app.storage.save_path("mine")
    assert not path.exists()
    deleted = list((app.storage.saves_dir / "deleted").glob("mine.*.json"))
    assert len(deleted) == 1
    assert any(t.text == "Save moved to the deleted folder." for t in app.toasts.items)
    assert [i.slot for i in d.top.saves] == ["autosave"]


@pytest.mark.parametrize("how", ["deleted is a file", "read-only"])
def test_a_delete_that_cannot_be_done_says_why_and_keeps_the_save(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Delete raised FileExistsError when saves/deleted was a file, and
    OSError on a read-only folder: the program stopped. It says why, and the
    save stays in the list."""
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    app.storage.save_game("mine", scene.session.to_doc())
    app.stack.reset(app.home())
    if how == "deleted is a file":
        (app.storage.saves_dir / "deleted").write_bytes(b"the player's own file")
    else:
        import errno

        from tabletop.core import storage

        def read_only(src: object, dst: object) -> bool:
            raise OSError(errno.EROFS, "Read-only file system")

        monkeypatch.setattr(storage, "_move_no_overwrite", read_only)
    d.frames(1)
    d.press("Saved games")
    saves = d.top
    saves.list.select([i.slot for i in saves.saves].index("mine"))
    d.press("Delete")
    assert app.storage.save_path("mine").is_file()
    said = [t.text for t in app.toasts.items if t.kind == "error"]
    assert len(said) == 1 and said[0].startswith("The save could not be deleted:")
    assert (
        "is a file, not a folder" if how == "deleted is a file" else "Read-only file system"
    ) in said[0]
    assert "mine" in [i.slot for i in d.top.saves]
    if how == "deleted is a file":
        assert (app.storage.saves_dir / "deleted").read_bytes() == b"the player's own file"


def test_place_reserve_button(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    mine = scene.view.reserves[0]
    smallest = min(range(3), key=lambda i: (s.state.heaps[i], i))
    heaps = list(s.state.heaps)
    d.press("Place reserve")
    assert s.actions == [Reserve()]
    heaps[smallest] += mine
    assert list(s.state.heaps) == heaps
    d.until(human_ready(scene))
    d.frames(1)
    assert not table_of(scene).reserve_button.visible, "a reserve is placed once a game"
    assert s.can_undo() is not None, "placing a reserve reveals it: no undo past it"


def test_dragging_the_volume_slider(driver: Driver) -> None:
    d, app = driver, driver.app
    d.press("Settings")
    volume = d.top.volume
    track = volume.track_rect()
    d.drag(track.midright, (track.x + track.w // 2, track.centery), steps=6)
    assert app.settings.volume == pytest.approx(0.5, abs=0.05)
    assert app.storage.load_settings()[0].volume == app.settings.volume


def test_the_frame_tells_nothing_before_the_animation_shows_it(driver: Driver) -> None:
    """While a move is animated, the log, the turn and the announcements stay
    at what the screen has shown; they catch up when the animation ends."""
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    take(d, scene, *choose_move(scene))
    assert scene.animating and s.ply == 1
    assert scene.shown_ply == 0 and scene.shown_state is s.states[0]
    assert scene.log_rows(400, 50) == []
    assert scene.status_text() == f"{s.seats[0].name} plays"
    scene.announce("held back")
    assert all(t.text != "held back" for t in app.toasts.items)
    scene.skip_animation()
    d.frames(1)
    assert scene.shown_ply >= 1 and len(scene.log_rows(400, 50)) >= 1
    assert any(t.text == "held back" for t in app.toasts.items)


def test_resume_is_offered_only_for_an_unfinished_game(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    d.key(pygame.K_ESCAPE)
    d.press("Quit to title")
    assert d.top.resume.enabled, "a game in progress can be resumed"
    while not s.is_over():  # finish it off-screen: the autosave follows every move
        s.play(s.rules.legal_actions(s.state)[0])
    d.top.refresh_resume()
    assert not d.top.resume.enabled
    assert "ended" in d.top.resume.disabled_reason


def test_saved_games_can_be_watched_as_a_replay(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    while not s.is_over():
        s.play(s.rules.legal_actions(s.state)[0])
    moves = list(s.actions)
    d.key(pygame.K_ESCAPE)
    app.stack.reset(menus.TitleScene(app))
    d.press("Saved games")
    saves = d.top
    assert isinstance(saves, menus.SavedGamesScene)
    assert not saves.resume.enabled and saves.replay.enabled
    d.click_widget(saves.replay)
    replay = d.top
    assert is_nim(replay) and replay.replay_queue == moves
    # each replayed move waits two bot pauses (0.9 s): 10 frames of 0.1 s
    d.until(lambda: isinstance(d.top, overlays.ResultsScene), frames=10 * len(moves) + 60, dt=0.1)
    assert replay.session.actions == moves


def test_a_game_counts_once_in_the_statistics(driver: Driver) -> None:
    """Showing the results again (resume of a finished save, undo and replay of
    the last move) never counts the same game twice."""
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "easy"]))
    s = scene.session
    while not s.is_over():
        s.play(s.rules.legal_actions(s.state)[0])
    d.until(lambda: isinstance(d.top, overlays.ResultsScene))
    overlays.ResultsScene(app, scene)  # shown once more
    flow.record_result(app, scene)  # and asked to count it again
    stats, _ = app.storage.load_stats()
    assert stats.summary("nim").played == 1
    assert s.recorded
    doc, _ = app.storage.load_game("autosave")
    assert doc is not None and doc["recorded"] is True and doc["over"] is True
    assert flow.resume_autosave(app) is False  # a finished game is watched, not resumed


@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
def test_the_top_bar_shows_every_seat_in_the_room_it_has(driver: Driver, size) -> None:
    d, app = driver, driver.app
    app.resize(size)
    seats = [
        Seat("A very long name", "human"),
        Seat("Another long name", "bot", "hard"),
        Seat("Third long name!", "bot", "easy"),
    ]
    scene = start(app, seats)
    d.frames(1)
    assert len(scene.bar_boxes) == 3
    for a, b in zip(scene.bar_boxes, scene.bar_boxes[1:]):
        assert a.right <= b.left
    assert scene.bar_boxes[-1].right <= scene.bar_room.right


def test_a_new_game_keeps_an_unfinished_one_in_saved_games(driver: Driver) -> None:
    app = driver.app
    first = start(app, default_seats(["human", "easy"]))
    first.session.play(first.session.rules.legal_actions(first.session.state)[0])
    moves = list(first.session.actions)
    start(app, default_seats(["human", "easy"]), seed=SEED + 1)
    kept = [i for i in app.storage.list_saves() if i.slot.startswith("interrupted-")]
    assert len(kept) == 1
    doc, _ = app.storage.load_game(kept[0].path)
    assert doc is not None and doc["seed"] == SEED and len(doc["actions"]) == len(moves)
    assert any("kept in Saved games" in t.text for t in app.toasts.items)


def test_the_window_size_is_remembered_once_the_resizing_stops(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dragging the window's edge sends many resize events: settings.json is
    written once, with the last size, when they stop (or when the app closes)."""
    d, app = driver, driver.app
    writes: list[tuple[int, int]] = []
    real = app.storage.save_settings
    monkeypatch.setattr(
        app.storage, "save_settings", lambda st: (writes.append(tuple(st.window_size)), real(st))[1]
    )
    tick = 0.125  # seconds per frame
    for w in range(1000, 1200, 20):  # one resize event per frame
        d.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(w, 700), w=w, h=700)], dt=tick)
    d.frames(2, dt=tick)  # 3 frames (0.375 s) after the last event: not yet
    assert writes == []
    d.frames(1, dt=tick)  # the half second has passed
    assert writes == [(1180, 700)]
    d.frames(10, dt=tick)
    assert writes == [(1180, 700)]
    assert app.storage.load_settings()[0].window_size == (1180, 700)
