"""Phantom Rummy's table, headless, as people play it.

A 4-player game of two people at one device and two easy bots is played to
the results screen through the real App frame, every move made with clicks
and keys: row cards clicked to take, hand cards clicked and Discard, Ready,
Open or Goal pressed, claims answered with G, the gain buttons or P. The
match is cut to one short game (the rules read the match length from
``model.MATCH_LENGTH``), so it stays cheap. Every frame that shows the table
is checked: each card face drawn is the viewer's own or public, the seat on
screen changes only through the pass-the-device curtain (also between two
claim prompts in a row), and a person acts only while the screen shows them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat, Session
from tabletop.games import REGISTRY
from tabletop.games.phantom_rummy.bot import medium_choice
from tabletop.games.phantom_rummy.cards import KINDS, Card, kinds_words, parse_cards
from tabletop.games.phantom_rummy.hands import goal_decompositions
from tabletop.games.phantom_rummy.model import (
    MATCH_LENGTH,
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomState,
    Phase,
    Ready,
    Take,
)
from tabletop.games.phantom_rummy.table.goal import goal_picture
from tabletop.games.phantom_rummy.table.looks import group_hand, waiting_words
from tabletop.games.phantom_rummy.table.picture import distance_words, waiting_for
from tabletop.ui import overlays
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import no_overlap
from tests.phantom_rummy.tables import goal_cards, is_phantom, picture_of, shown_cards, table_of
from tests.ui.driver import Driver, make_app, start_table

ENTRY = REGISTRY["phantom_rummy"]


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (960, 600))
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def start(app: App, seats: list[Seat], seed: int = 4) -> GameScene:
    scene = start_table(app, ENTRY, seats, seed)
    assert is_phantom(scene)
    return scene


def public_cards(state: PhantomState) -> set[Card]:
    """What every seat may see: the row, the discard piles, the open sets, the
    discard on offer, and the finished short games' goal hands and flips."""
    cards = set(state.row) | {c for pile in state.discards for c in pile}
    cards |= {c for s in range(state.players) for c in state.open_cards(s)}
    if state.claim is not None:
        cards.add(state.claim.card)
    for result in state.results:
        cards |= set(result.flips) | set(result.hand)
    return cards


def card_point(scene: GameScene, card: Card) -> tuple[int, int]:
    """A point where a click picks ``card`` in the hand."""
    table = table_of(scene)
    pose = dict(table.hand_poses())[card]
    w, h = table.painters.hand.card_size
    for dx in range(-w // 2 + 2, w // 2, 3):
        pt = (round(pose.x + dx), round(pose.y))
        if table.card_at(pt) == card:
            return pt
    raise AssertionError(f"{card} cannot be clicked anywhere")


def play_by_hand(d: Driver, scene: GameScene, action: Any) -> None:
    """Make ``action`` the way a person would: clicks and keys."""
    table = table_of(scene)
    if isinstance(action, Take):
        pose = dict(table.row_poses())[action.card]
        d.click((round(pose.x), round(pose.y)))
        return
    if isinstance(action, (Goal, ClaimGoal)):
        d.key(pygame.K_g)
        return
    if isinstance(action, Pass):
        d.key(pygame.K_p)
        return
    if isinstance(action, ClaimGain):
        gains = table.gains()
        d.key((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)[gains.index(action)])
        return
    cards = action.cards if isinstance(action, Open) else (action.card,)
    for card in cards:
        if card not in table.local.selected:
            d.click(card_point(scene, card))
    assert sorted(table.local.selected) == sorted(cards)
    key = {Open: pygame.K_o, Discard: pygame.K_d, Ready: pygame.K_r}[type(action)]
    d.key(key)


def test_two_people_and_two_bots_play_a_match_to_the_results_by_clicks_and_keys(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(MATCH_LENGTH, 4, (1, 12))  # a match of one short game
    seats = [Seat("Ada"), Seat("Cy"), Seat("Bea", "bot", "easy"), Seat("Di", "bot", "easy")]
    d = Driver(app)
    scene = start(app, seats, seed=15)  # a short game of about 40 moves, ended by Ada's goal
    session = scene.session
    events: list[tuple[Any, ...]] = []  # ("table", viewer) / ("curtain", name) / ("acted", seat)
    table = table_of(scene)
    draw_table = scene.draw_table

    def spy_table(surface: Any, view: Any) -> None:
        draw_table(surface, view)
        viewer = scene.viewer
        full = scene.shown_state
        assert all(h is None for s, h in enumerate(view.hands) if s != viewer), (
            "a view shows another hand"
        )
        allowed = set(full.hands[viewer] or ()) | public_cards(session.state) | public_cards(full)
        shown = shown_cards(table.picture(view)) - allowed
        assert not shown, f"{seats[viewer].name}'s screen shows {sorted(map(str, shown))}"
        events.append(("table", viewer))

    monkeypatch.setattr(scene, "draw_table", spy_table)
    draw_curtain = overlays.CurtainScene.draw

    def spy_curtain(self: Any, surface: Any) -> None:
        events.append(("curtain", self.name))
        draw_curtain(self, surface)

    monkeypatch.setattr(overlays.CurtainScene, "draw", spy_curtain)
    kinds: set[type] = set()
    summaries = 0
    for _ in range(6000):
        top = d.top
        if isinstance(top, overlays.ResultsScene):
            break
        if isinstance(top, overlays.CurtainScene):
            d.press(f"I am {top.name}: show my table")
            continue
        if isinstance(top, overlays.SummaryScene):
            # the goal screen is in the summary: the goal hand by sets, after the flips turned
            goal = table.goal
            assert goal is not None and goal.done and top.picture is not None
            assert goal_decompositions(goal.hand), "the scorer's eight cards read as a goal"
            # what the goal screen shows is public: the goal hand, the open sets, the flips
            top.draw(app.screen)
            faces = goal_cards(goal_picture(goal, session.names, app.theme))
            assert set(goal.hand) <= faces, "the summary shows the goal hand"
            assert faces <= public_cards(session.state) | public_cards(session.states[-2])
            summaries += 1
            d.press("Continue (Enter)")
            continue
        if top is not scene or not scene.my_turn:
            d.frame(dt=0.5)
            continue
        mover = session.to_move()
        assert scene.viewer == mover
        events.append(("acted", mover))
        view = session.view(mover)
        if view.phase is Phase.CLAIMS:
            assert table.pass_button.visible and table.asked
        action = medium_choice(view, mover, session.rules.legal_actions(view))
        if isinstance(action, ClaimGain) and action not in table.gains():
            action = Pass()
        plies = session.ply
        play_by_hand(d, scene, action)
        assert session.ply == plies + 1 and session.actions[-1] == action, app.toasts.items
        kinds.add(type(action))
    assert isinstance(d.top, overlays.ResultsScene), "the match reached the results screen"
    assert session.is_over() and summaries == 1
    assert session.state.results[0].goal is not None, "a goal, with its goal screen"
    assert {Take, Discard, Pass} <= kinds, kinds
    # the seat on screen changes only through the curtain, named for the new seat
    shown: int | None = None
    curtain: str | None = None
    for event in events:
        if event[0] == "curtain":
            curtain = event[1]
        elif event[0] == "table":
            if event[1] != shown:
                assert curtain == seats[event[1]].name, (
                    f"the screen went to seat {event[1]} without the curtain"
                )
                shown = event[1]
            curtain = None
        else:
            assert event[1] == shown, "a person acted while the screen showed someone else"
    # two claim prompts in a row (Bea's discard asks Di, Ada, then Cy), the curtain between them
    states = session.states
    in_a_row = [
        i
        for i in range(1, len(session.actions))
        if states[i - 1].phase is Phase.CLAIMS
        and states[i].phase is Phase.CLAIMS
        and {session.rules.to_move(states[i - 1]), session.rules.to_move(states[i])} == {0, 1}
    ]
    assert in_a_row, "Ada and Cy were asked one after the other"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
def test_the_table_fits_without_overlaps(app: App, size: tuple[int, int], players: int) -> None:
    seats = [
        Seat("Ada"),
        Seat("Bea", "bot", "easy"),
        Seat("Cy", "bot", "easy"),
        Seat("Di", "bot", "easy"),
    ]
    scene = start(app, seats[:players])
    app.resize(size)
    d = Driver(app)
    d.frames(2)
    t = app.theme
    table = table_of(scene)
    rects = table.shape.regions()
    names = list(rects)
    pairs = no_overlap(list(rects.values()))
    assert not pairs, ", ".join(f"{names[i]} {rects[names[i]]} / {names[j]}" for i, j in pairs)
    for name, r in rects.items():
        assert scene.table_rect.contains(r), f"{name} {r} leaves the table {scene.table_rect}"
        assert r.w > 0 and r.h > 0, name
    # every hand card, raised too, stays in the hand's band; the row in its area
    painters = table.painters
    lift = painters.hand.lift("selected")
    for _, pose in table.hand_poses():
        assert table.shape.hand.contains(pose.raised(lift).rect(painters.hand.card_size))
    for _, pose in table.row_poses():
        assert table.shape.row.contains(pose.rect(painters.row.card_size))
    assert painters.hand.card_height >= t.px(90)
    # the turn's buttons hold their captions
    for b in table.turn_buttons:
        assert t.font("body", bold=b.kind != "normal").size(b.text)[0] <= b.rect.w - 2 * t.px(8), (
            b.text
        )


def test_the_hand_is_grouped_and_near_sets_name_what_they_wait_on() -> None:
    hand = parse_cards("S1 S2 M4 M4 T3 T5 IC")
    groups = group_hand(hand, True)
    shapes = [(g.shape, " ".join(map(str, g.cards))) for g in groups]
    assert [s for s, _ in shapes] == [
        "near run",
        "near run",
        "small",
        "loose",
    ]  # by type, then number
    words = {" ".join(str(c) for c in g.cards): waiting_words(g) for g in groups}
    assert words["S1d S2d"] == "waiting on Sword 3"
    assert words["T3d T5d"] == "waiting on Staff 4"
    # a hand one card from a goal names the card its loose card waits for
    ready = group_hand(parse_cards("S3 S4 S5 M6 M6 M6 IC"), True)
    assert [g.shape for g in ready] == ["run", "group", "loose"]
    assert waiting_words(ready[-1]) == "waiting on Crown"
    assert kinds_words([KINDS[c.kind] for c in parse_cards("S4 S7 IC")]) == "Sword 4 or 7, Crown"


def test_a_claim_prompt_names_the_discarder_and_offers_each_answer(app: App) -> None:
    """The one person at a table of bots is asked only about discards they can
    claim (ruling R4: the others are passed for them at once, no prompt), and
    a prompt names whose discard it is, with the countdown running."""
    app.update_settings(claim_countdown=10)
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    d = Driver(app)

    def passed_for_ada(session: Session) -> list[int]:
        return [
            i
            for i in range(session.ply)
            if session.rules.to_move(session.states[i]) == 0
            and session.states[i].phase is Phase.CLAIMS
        ]

    for seed in range(1, 40):  # seed 1 gives Ada a gain after a few passes
        scene = start(app, seats, seed)
        table = table_of(scene)
        session = scene.session
        for _ in range(400):
            if table.asked:
                assert session.rules.legal_actions(scene.view) != [Pass()], (
                    "a prompt offers a claim"
                )
            if table.asked and len(table.gains()) > 0 and passed_for_ada(session):
                break
            if scene.my_turn:
                view = session.view(0)
                session.play(medium_choice(view, 0, session.rules.legal_actions(view)))
                continue
            if isinstance(d.top, overlays.SummaryScene):
                d.top.back()
            if session.is_over():
                break
            d.frame(dt=0.25)
        if table.asked and table.gains() and passed_for_ada(session):
            break
        app.stack.pop()
    assert table.asked and table.gains(), "no seed gave Ada a gain"
    # on the way, every discard Ada could not claim was passed for her without a prompt
    asked = passed_for_ada(session)
    assert asked and all(session.actions[i] == Pass() for i in asked)
    d.frame()
    claim = scene.view.claim
    assert claim is not None and claim.discarder != 0
    # the top bar says what is asked, not "Your turn"
    assert scene.status_text() == "Claim or pass"
    assert table.pass_button.visible and table.gain_buttons[0].visible
    countdown = picture_of(scene).prompt.claim.countdown  # type: ignore[union-attr]
    assert countdown is not None and countdown[1] == "10 s"
    assert table.local.countdown is not None and 0 < table.local.countdown <= 10
    assert not app.resting, "the countdown keeps frames coming"
    # the countdown runs on dt, and passes for the player when it runs out
    plies = session.ply
    d.frames(3, dt=0.5)
    assert session.ply == plies and table.local.countdown <= 8.6
    d.frames(20, dt=0.5)
    assert session.actions[plies] == Pass()


def test_the_bonus_check_flips_turn_one_by_one_on_dt_and_can_be_skipped(app: App) -> None:
    from tabletop.games.phantom_rummy.model import ShortGame, Source
    from tabletop.games.phantom_rummy.table.goal import FLIP, LEAD, GoalShow, flip_hits

    app.update_settings(anim_speed=1.0)
    flips = parse_cards("M5 IC S2")
    hand = parse_cards("M5a M5b IC IC IC S3 S4 S5")
    result = ShortGame(
        0, None, (5, 0), (Source("sets", 1), Source("bonus", 3, hand[:4])), flips, hand=hand
    )
    show = GoalShow(result, 1, app.theme)
    assert flip_hits(result) == [2, 2, 0]  # two Moon 5s, two Crowns, then the miss
    assert not show.done and show.flip_progress(0) == 0.0
    show.update(LEAD + FLIP / 2)
    assert show.flip_progress(0) == pytest.approx(0.5) and show.flip_progress(1) == 0.0
    show.update(FLIP)
    assert show.flip_progress(0) == 1.0 and show.flip_progress(1) == pytest.approx(0.5)
    show.skip()
    assert show.done and all(show.flip_progress(i) == 1.0 for i in range(3))


def test_enter_at_the_row_takes_only_a_card_the_cursor_shows(app: App) -> None:
    """With the keyboard's cursor hidden (the mouse picked last), Enter at the
    row first shows which card the cursor is on; the next Enter takes it."""
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    d = Driver(app)
    scene = start(app, seats)
    table = table_of(scene)
    assert d.until(lambda: scene.my_turn and scene.view.phase is Phase.TAKE, frames=400) >= 0
    table.keys.shown = False
    plies = scene.session.ply
    d.key(pygame.K_RETURN)
    assert scene.session.ply == plies, "Enter took a card the player could not see"
    assert table.keys.shown
    assert any(spot.focused for spot in picture_of(scene).row.cards), "the cursor shows"
    shown = table.keys.focused(table.keyed_cards())
    d.key(pygame.K_RETURN)
    assert scene.session.actions[plies] == Take(shown)


def test_button_tooltips_are_drawn_above_the_log(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log panel is drawn after the table; a button's tooltip near it
    (Ready, at the table's right edge) must come after the log, not under it."""
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    d = Driver(app)
    scene = start(app, seats)
    d.frame()
    order: list[str] = []
    group = table_of(scene).buttons
    log, tip = scene._draw_log, group.tooltip.draw
    monkeypatch.setattr(scene, "_draw_log", lambda surface: (order.append("log"), log(surface)))
    monkeypatch.setattr(group.tooltip, "draw", lambda *a: (order.append("tooltip"), tip(*a)))
    scene.draw(app.screen)
    assert "log" in order and order[-1] == "tooltip"


def test_the_line_over_the_hand_reads_right_before_a_set_is_open(app: App) -> None:
    """With nothing open, the count includes the set still to open, and a hand
    that needs a set not yet begun (every kind would help) does not list
    twenty-odd kinds; once a set is open, the kinds waited on are named."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    view = scene.view
    hands = list(view.hands)
    closed = replace(view, hands=(parse_cards("S1 S2 S3 M4 M4 M4 T7"), *hands[1:]))
    words = distance_words(closed, scene.viewer)
    assert "a set to open among them" in words and words.endswith("· most cards would help")
    assert "Sword 4" not in words
    hand = parse_cards("S1 S2 S3 M4 M4 M4 T7")
    opened = replace(
        view, hands=(hand, *hands[1:]), opened=((parse_cards("T1 T2 T3"),), *view.opened[1:])
    )
    assert distance_words(opened, scene.viewer) == "1 card from a goal · waiting on Staff 7"


def test_a_bot_answer_shows_after_the_same_pause_however_long_it_thought(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pause before a bot's move counts from when the bot was asked: an
    instant Pass (nothing to claim) and an answer that took a few frames of
    thought are shown on the same frame, so the pause tells nobody whether a
    seat could have claimed (ruling R4)."""
    app.update_settings(anim_speed=1.0)
    seats = [Seat("Ada", "bot", "easy"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    shown_after = []
    for thinking in (0, 5):
        scene = start(app, seats, seed=3)
        session = scene.session
        real = session.poll_bot_action
        calls = {"n": 0}

        def slow(
            dt: float = 0.0,
            real: Any = real,
            calls: dict[str, int] = calls,
            thinking: int = thinking,
        ) -> Any:
            calls["n"] += 1
            return None if calls["n"] <= thinking else real(dt)

        monkeypatch.setattr(session, "poll_bot_action", slow)
        scene.skip_animation()
        frames = 0
        while session.ply == 0:
            scene.update(0.05)
            frames += 1
            assert frames < 100
        shown_after.append(frames)
        app.stack.pop()
    assert shown_after[0] == shown_after[1] >= round(scene.bot_delay / 0.05)


def test_a_finished_short_game_on_show_is_not_called_the_end_of_the_match(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the goal screen shows the finished short game (its position has
    phase OVER), the message says that short game is over, not the match."""
    from tabletop.games.phantom_rummy.model import ShortGame

    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    ended = replace(scene.view, phase=Phase.OVER, results=(ShortGame(None, None, (0, 0)),))
    assert waiting_for(scene, ended) == "Short game 1 is over; the next one is dealt after it."
    monkeypatch.setattr(scene.session, "is_over", lambda: True)
    assert waiting_for(scene, ended) == "The match is over."
