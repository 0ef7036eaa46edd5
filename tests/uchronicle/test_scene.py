"""Uchronicle's table, headless, through the real App frame: whole games to the
results screen played by clicks on cards and chips, the chips as the rules'
legal actions with their removals previewed on the history, dimmed cards with
their reason, keyboard play, hints, the layout from 960x600 to 4K, and the
worked first game's pictures and claims."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Hint, Seat, Session, default_seats
from tabletop.games import REGISTRY
from tabletop.games.uchronicle.model import (
    Card,
    DeadEnd,
    Declare,
    Pick,
    Play,
    Played,
    RulesState,
    UchronicleState,
    parse_card,
    parse_rules,
)
from tabletop.games.uchronicle.solver import (
    check_removal,
    consistent,
    options,
    strength_order,
    taken_by,
)
from tabletop.games.uchronicle.table import tutorial as tut
from tabletop.games.uchronicle.table.looks import option_text, strength_word
from tabletop.ui import flow, gamescene, overlays, rulespage
from tabletop.ui.cards import Look
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import ScrollText, badge_room, no_overlap, seat_head
from tests.uchronicle.tables import is_uchronicle, look_of, picture_of, table_of
from tests.ui.driver import Driver, make_app

SIZE = (960, 600)


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, SIZE)
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def start(
    app: App,
    kinds: list[str],
    *,
    expert: bool = False,
    seed: int = 5,
    state: UchronicleState | None = None,
) -> GameScene:
    entry = REGISTRY["uchronicle"]
    seats = (
        default_seats(kinds)
        if any(k != "human" for k in kinds)
        else [Seat(n) for n in ("Ann", "Bob", "Cy")[: len(kinds)]]
    )
    expert = state.expert if state is not None else expert
    config = entry.default_config(len(kinds), expert=expert)
    session = Session(
        entry,
        config,
        seed,
        seats,
        threaded=False,
        timed=False,
        states=[state] if state is not None else None,
    )
    scene = flow.start_game(app, entry, config, seed, seats, session=session)
    app.frame([], 1 / 60)
    if isinstance(app.stack.top, overlays.CurtainScene):
        app.stack.top.back()
        app.frame([], 1 / 60)
    assert is_uchronicle(scene)
    return scene


def card_point(scene: GameScene, card: Card) -> tuple[int, int]:
    """A point where a click picks ``card`` (its visible strip in the fan)."""
    cards = table_of(scene).hand_cards()
    pose = table_of(scene).geo.hand_poses(len(cards))[cards.index(card)]
    w, _ = table_of(scene).painters.hand.card_size
    for dx in range(-w // 2 + 3, w // 2, 3):
        for dy in (0, -20, 20):
            pt = (round(pose.x + dx), round(pose.y + dy))
            if table_of(scene).card_at(pt) == card:
                return pt
    raise AssertionError(f"{card} cannot be clicked anywhere")


def chip_point(scene: GameScene, index: int) -> tuple[int, int]:
    for i, rect, _ in table_of(scene).chip_layout():
        if i == index:
            return rect.center
    raise AssertionError(f"chip {index} is not on show")


def quick_click(d: Driver, pos: tuple[int, int]) -> None:
    """A click (press and release at ``pos``) in one frame: whole games stay
    cheap, as each frame draws the whole table."""
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    d.frame([down, up])


def play_to_results(d: Driver, scene: GameScene, pick: Any) -> dict[str, int]:
    """Play the human seats by clicks until the results screen; ``pick(scene,
    turn)`` chooses the card and chip to click. Returns counts of what happened."""
    s = scene.session
    counts = {"plays": 0, "second chips": 0, "summaries": 0, "removals": 0}
    for _ in range(400):
        d.until(
            lambda: (
                isinstance(
                    d.top, (overlays.ResultsScene, overlays.SummaryScene, overlays.CurtainScene)
                )
                or (d.top is scene and scene.my_turn)
            ),
            frames=2000,
        )
        top = d.top
        if isinstance(top, overlays.ResultsScene):
            break
        if isinstance(top, overlays.SummaryScene):
            counts["summaries"] += 1
            d.key(pygame.K_RETURN)
            continue
        if isinstance(top, overlays.CurtainScene):
            top.back()
            d.frame()
            continue
        card, chip = pick(scene, counts["plays"])
        quick_click(d, card_point(scene, card))
        assert table_of(scene).local.selected == card
        assert table_of(scene).local.chip == 0, "the cheapest way is chosen for you"
        choices = table_of(scene).current_choices()
        assert choices, f"{card} was picked with nothing to play"
        assert [c.cost for c in choices] == sorted(c.cost for c in choices), "cheapest first"
        ply = s.ply
        if chip:
            quick_click(d, chip_point(scene, chip))  # another chip, then Play
            assert table_of(scene).local.chip == chip and s.ply == ply
            action = choices[chip].action
            d.click_widget(
                table_of(scene).play_button
            )  # (the button acts on release, after a press)
            counts["second chips"] += 1
        else:
            action = choices[0].action
            quick_click(d, chip_point(scene, 0))  # a second click on the chosen chip plays it
        assert s.ply > ply, [t.text for t in d.app.toasts.items]  # (bots may have answered)
        assert s.actions[ply] == action
        counts["plays"] += 1
        counts["removals"] += choices[chip].cost > 0
    assert isinstance(d.top, overlays.ResultsScene), "the game did not reach its results"
    assert s.is_over()
    return counts


def cheapest_pick(scene: GameScene, turn: int) -> tuple[Card, int]:
    """The first card that can win; every third turn its second chip."""
    card = next(c for c in table_of(scene).hand_cards() if table_of(scene).local.choices[c])
    chip = 1 if turn % 3 == 2 and len(table_of(scene).local.choices[card]) > 1 else 0
    return card, chip


def test_two_player_standard_game_to_the_results_by_clicks(app: App) -> None:
    scene = start(app, ["human", "easy"], seed=11)
    d = Driver(app)
    counts = play_to_results(d, scene, cheapest_pick)
    s = scene.session
    assert counts["plays"] == 2 * 9  # nine tricks a round, two rounds, one card each
    assert counts["second chips"] >= 3
    assert len(s.state.results) == 2
    assert d.top.__class__ is overlays.ResultsScene


def test_three_player_expert_game_to_the_results_by_clicks(app: App) -> None:
    scene = start(app, ["human", "easy", "easy"], expert=True, seed=3)
    d = Driver(app)
    counts = play_to_results(d, scene, cheapest_pick)
    s = scene.session
    assert counts["plays"] == 3 * 9
    assert len(s.state.results) == 3
    assert s.config.get("expert") is True


# -- the chips, the preview, dimmed cards ---------------------------------------------------


def position(
    tricks: list[str],
    present: str,
    hand: str,
    *,
    expert: bool,
    rules: str = "H/-",
    first: int = 0,
) -> UchronicleState:
    """Seat 0 to move in a 3-player round; the tricks' cards by seats in turn
    from ``first``, the present trick's ending with seat 2."""
    played = [
        tuple(Played(parse_card(c), (first + i) % 3) for i, c in enumerate(t.split()))
        for t in tricks
    ]
    pcards = present.split()
    trick = tuple(Played(parse_card(c), (3 - len(pcards) + i) % 3) for i, c in enumerate(pcards))
    mine = tuple(sorted(parse_card(c) for c in hand.split()))
    seen = {p.card for t in played for p in t} | {p.card for p in trick} | set(mine)
    rest = [Card(s, r) for s in range(5) for r in range(1, 7) if Card(s, r) not in seen]
    # the seats that played in the present trick hold a card fewer
    k1, k2 = len(mine) - (len(pcards) >= 2), len(mine) - (len(pcards) >= 1)
    h1, h2 = tuple(sorted(rest[:k1])), tuple(sorted(rest[k1 : k1 + k2]))
    gone = rest[k1 + k2 :]  # taken earlier in the round, by seat 0
    return UchronicleState(
        players=3,
        expert=expert,
        seed=7,
        round=1,
        first_lead=0,
        lead=trick[0].seat if trick else 0,
        turn=0,
        hands=(mine, h1, h2),
        hand_sizes=(len(mine), len(h1), len(h2)),
        tricks=tuple(played),
        trick=trick,
        rules=parse_rules(rules),
        points=(len(gone), 0, 0),
        totals=(len(gone), 0, 0),
        removed=(tuple(sorted(gone)), (), ()),
        deck=(),
        deck_size=0,
    )


EXAMPLE_3_LIKE = ["A3 A5 E2", "C4 C6 E1"]


def test_chips_are_the_legal_actions_and_preview_their_removals(app: App) -> None:
    state = position(["A3 A5 E2", "C4 C6 E1"], "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    REGISTRY["uchronicle"].rules.invariants(state)
    d3 = parse_card("D3")
    d.click(card_point(scene, d3))
    legal = [a for a in scene.session.rules.legal_actions(scene.view) if a.card == d3]
    assert [c.action for c in table_of(scene).current_choices()] == legal
    first = table_of(scene).current_choices()[0]
    assert str(first.action) == "play D3 H/E remove B" and first.taken == (parse_card("B6"),)
    assert (
        option_text(first.action, first.cost, False)
        == "higher · trump ♣E · declares suit ☾B · 1 point"
    )
    # the chosen chip's removals are marked on the history; resting on another previews its own
    assert table_of(scene).preview_choice() is first
    make_d = next(
        i
        for i, c in enumerate(table_of(scene).current_choices())
        if c.action.rules == parse_rules("H/D")
    )
    d.move(chip_point(scene, make_d))
    assert table_of(scene).local.hover_chip == make_d
    assert set(table_of(scene).preview_choice().taken) == {parse_card("E2"), parse_card("E1")}
    assert table_of(scene).local.chip == 0, "resting on a chip does not choose it"
    d.click(chip_point(scene, make_d))
    assert table_of(scene).local.chip == make_d and scene.session.ply == 0
    d.key(pygame.K_RETURN)
    assert scene.session.ply == 1
    assert str(scene.session.actions[0]) == "play D3 H/D remove E"


def test_up_down_move_between_chips_and_enter_plays(app: App) -> None:
    state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    cards = table_of(scene).hand_cards()
    d.key(pygame.K_RIGHT)  # the ring appears on the first card
    d.key(pygame.K_SPACE)
    assert table_of(scene).local.selected == cards[0] and table_of(scene).local.chip == 0
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    d.key(pygame.K_UP)
    assert table_of(scene).local.chip == 1
    d.key(pygame.K_TAB)
    assert table_of(scene).local.chip == 2
    d.key(pygame.K_RETURN)
    assert scene.session.actions == [scene_choices_before(scene, state, cards[0])[2]]


def test_the_chosen_card_clicked_again_plays_its_chosen_chip(app: App) -> None:
    """The README: click a card and its cheapest way is chosen; click it
    again (or the chip, Play, Enter) and it is played. It used to deselect."""
    state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    d3, d4 = cards("D3 D4")
    quick_click(d, card_point(scene, d3))
    assert table_of(scene).local.selected == d3 and scene.session.ply == 0
    assert "the card or chip again plays" in picture_of(scene).message[0]
    quick_click(d, card_point(scene, d4))  # another card: picked, not played
    assert table_of(scene).local.selected == d4 and scene.session.ply == 0
    quick_click(d, chip_point(scene, 1))  # its second chip chosen
    chosen = table_of(scene).current_choices()[1].action
    quick_click(d, card_point(scene, d4))
    assert scene.session.actions == [chosen]


def scene_choices_before(scene: GameScene, state: UchronicleState, card: Card) -> list[Any]:
    view = scene.session.rules.view(state, 0)
    return [a for a in scene.session.rules.legal_actions(view) if a.card == card]


def test_a_card_that_cannot_win_is_dimmed_with_its_reason(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # expert: the present trick cannot be touched. C1 and B1 cannot beat A1 and
    # E5 under any rules (a trump rank 1 would make A1 beat E5), D4 can.
    state = position(["C2 C3 C6"], "A1 E5", "C1 D4 B1", expert=True, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    view = scene.view
    can = {c for c in table_of(scene).hand_cards() if options(view, c)}
    cannot = [c for c in table_of(scene).hand_cards() if c not in can]
    assert can and cannot
    for c in cannot:
        assert look_of(scene, c) is Look.DISABLED
        assert not table_of(scene).local.choices[c]
    d.move(card_point(scene, cannot[0]))
    text, colour = picture_of(scene).message
    assert f"{cannot[0]} cannot win this trick" in text and colour == app.theme.warning
    # the same reason in a tooltip beside the mouse
    tips: list[str] = []
    monkeypatch.setattr(gamescene, "draw_tooltip", lambda s, th, text, pos: tips.append(text))
    d.frame()
    assert tips == [table_of(scene).card_reason(cannot[0])]
    d.click(card_point(scene, cannot[0]))
    assert not table_of(scene).play_button.enabled
    assert "cannot win" in table_of(scene).play_button.disabled_reason
    d.key(pygame.K_RETURN)
    assert scene.session.ply == 0
    # a click on the history says the same, not the dead end's words
    assert not table_of(scene).local.dead_end
    c3 = parse_card("C3")
    assert table_of(scene).editor.history_tip(c3, False) == table_of(scene).card_reason(cannot[0])


def test_the_expert_dead_end_has_its_own_prompt(app: App) -> None:
    # D5 then C4: no rules let B5, A5 or E5 come after them and win, and the
    # present trick cannot be touched
    state = position(["A2 A3 A4"], "D5 C4", "B5 A5 E5", expert=True, rules="L/C")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    assert table_of(scene).local.dead_end
    text, colour = picture_of(scene).message
    assert text.startswith("Dead end") and colour == app.theme.warning
    d.click(card_point(scene, parse_card("A5")))
    chips = table_of(scene).current_choices()
    assert chips and all(isinstance(c.action, DeadEnd) for c in chips)
    assert chips[0].action.rules == state.rules, "keeping the rules comes first"
    # every trick keeps its last card: A2 and A3 go, and D5 and C4 of the present one
    assert chips[0].taken == cards("A2 A3 C4 D5")
    assert option_text(chips[0].action, chips[0].cost, True).startswith("dead end")
    d.click(chip_point(scene, 0))
    assert isinstance(scene.session.actions[0], DeadEnd)
    assert scene.session.state.points[0] == state.points[0] + 4


def test_a_hint_lifts_its_card_and_chooses_its_chip(app: App) -> None:
    # late in the last round (three cards in hand), so the hard bot's search is short
    entry = REGISTRY["uchronicle"]
    state = entry.rules.setup(entry.default_config(3), 8)
    pick = random.Random(8)
    while not (state.round == 3 and state.turn == 0 and state.hand_sizes[0] <= 3):
        state = entry.rules.apply(state, entry.sample_action(state, pick))
    scene = start(app, ["human", "easy", "easy"], state=state, seed=8)
    d = Driver(app)
    assert scene.my_turn
    d.key(pygame.K_h)
    d.until(lambda: scene.hint_action is not None, frames=200)
    hint = scene.hint_action
    d.frame()
    assert table_of(scene).local.selected == hint.card
    assert (
        table_of(scene).current_choice() is not None
        and table_of(scene).current_choice().action == hint
    )
    assert table_of(scene).card_lift(hint.card) >= table_of(scene).painters.hand.lift(Look.SELECTED)


def test_markers_slide_on_dt(tmp_path: Any) -> None:
    app = make_app(tmp_path, SIZE)
    try:
        state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
        scene = start(app, ["human", "human", "human"], state=state)
        assert table_of(scene).motion.markers[1] == 5.0  # trump E
        d3 = parse_card("D3")
        scene.act(
            next(
                a for a in table_of(scene).local.choices[d3] if a.action.rules == parse_rules("H/D")
            ).action
        )
        app.frame([], 1 / 60)
        assert 4.0 < table_of(scene).motion.markers[1] < 5.0, "half way: the marker slides"
        for _ in range(120):
            app.frame([], 1 / 60)
        assert table_of(scene).motion.markers[1] == 4.0
    finally:
        app.shutdown()


# -- layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
@pytest.mark.parametrize("players,expert", [(2, False), (3, True)])
def test_the_table_lays_out_without_overlaps(
    tmp_path: Any, size: tuple[int, int], players: int, expert: bool
) -> None:
    app = make_app(tmp_path, size)
    try:
        app.update_settings(anim_speed=0)
        scene = start(app, ["human"] + ["easy"] * (players - 1), expert=expert, seed=2)
        d = Driver(app)
        d.until(lambda: scene.my_turn)
        card = next(c for c in table_of(scene).hand_cards() if table_of(scene).local.choices[c])
        d.click(card_point(scene, card))
        rects = table_of(scene).geo.rects()
        table = scene.table_rect
        for name, r in rects.items():
            assert r.w > 0 and r.h > 0, name
            assert table.contains(r), f"{name} {r} leaves the table {table}"
        names = list(rects)
        assert no_overlap(list(rects.values())) == [], [
            (names[i], names[j]) for i, j in no_overlap(list(rects.values()))
        ]
        chips = [r for _, r, _ in table_of(scene).chip_layout()]
        assert chips and all(table_of(scene).geo.chips.contains(r) for r in chips)
        assert no_overlap(chips) == []
        for i in range(8):
            assert table_of(scene).geo.grid.contains(table_of(scene).geo.slot_rect(i))
        for n in (1, 2, 3):
            for p in table_of(scene).geo.present_poses(n):
                assert table_of(scene).geo.present.contains(
                    p.rect(table_of(scene).painters.present.card_size)
                )
            for p in table_of(scene).geo.past_poses(7, n):
                assert (
                    table_of(scene)
                    .geo.slot_rect(7)
                    .contains(p.rect(table_of(scene).painters.past.card_size))
                )
        assert table_of(scene).geo.board_panel.contains(table_of(scene).geo.board)
    finally:
        app.shutdown()


# -- the worked first game --------------------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


def tutorial_state(
    tricks: tuple[Any, ...], rules: RulesState, expert: bool, hand: tuple[Card, ...]
) -> UchronicleState:
    *past, present = tricks
    turn = (present[-1].seat + 1) % 3
    hands = tuple(hand if s == turn else () for s in range(3))
    return UchronicleState(
        3,
        expert,
        0,
        1,
        0,
        present[0].seat,
        turn,
        hands,
        tuple(len(h) for h in hands),
        tuple(past),
        present,
        rules,
        (0, 0, 0),
        (0, 0, 0),
        ((), (), ()),
        (),
        0,
    )


def test_the_tutorial_examples_say_what_the_solver_says() -> None:
    # Example 1: both tricks hold under higher, trump C, and not under lower or no trump
    t1, t2 = tut.EXAMPLE_1
    assert consistent([t1, t2], tut.EXAMPLE_1_RULES)
    assert strength_order(t1, tut.EXAMPLE_1_RULES) == cards("C1 A5 A2")
    assert not consistent([t1, t2], parse_rules("L/C")) and not consistent([t1], parse_rules("H/-"))
    # Example 2: trick 1 held under higher, trump B, and still holds with trump rank 4
    e1, e2 = tut.EXAMPLE_2
    assert consistent([e1], tut.EXAMPLE_2_BEFORE) and consistent([e1, e2], tut.EXAMPLE_2_RULES)
    state = tutorial_state(
        tut.EXAMPLE_2, tut.EXAMPLE_2_RULES, True, tuple(sorted(tut.EXAMPLE_2_HAND))
    )
    assert state.turn == 1, "Bob is to play"
    c6, e4, e6, e5 = cards("C6 E4 E6 E5")
    for free in (c6, e4):
        assert (
            options(state, free)[0].cost == 0
            and options(state, free)[0].rules == tut.EXAMPLE_2_RULES
        )
    six = [o for o in options(state, e6) if o.rules == parse_rules("H/C/6")]
    assert [(o.cost, o.taken) for o in six] == [(1, cards("B4"))]
    assert [o.cost for o in options(state, e5) if o.rules == parse_rules("H/C/5")] == [2]
    # Example 3: Carol's D2; declaring 4 and A makes D trump (B4 and A2 go);
    # the cheapest way, declaring 6 (E6 goes), keeps the rules
    state = tutorial_state(tut.EXAMPLE_3, tut.EXAMPLE_3_RULES, False, (tut.EXAMPLE_3_CARD,))
    assert state.turn == 2, "Carol is to play"
    d2 = tut.EXAMPLE_3_CARD
    play = Play(d2, parse_rules("H/D"), Declare((4,), (0,)))
    assert (
        check_removal(state, play) is None
        and taken_by(state, d2, play.removed) == tut.EXAMPLE_3_TAKEN
    )
    assert check_removal(state, Play(d2, parse_rules("H/D"), Declare((), (0,)))) is not None, (
        "without the 4"
    )
    found = options(state, d2)
    assert (found[0].rules, str(found[0].removal), found[0].taken) == (
        tut.EXAMPLE_3_RULES,
        "6",
        cards("E6"),
    )
    make_d = next(o for o in found if o.rules == parse_rules("H/D"))
    assert make_d.cost == 2


def test_the_rules_page_draws_the_examples(app: App) -> None:
    entry = REGISTRY["uchronicle"]
    text = entry.rules_text()
    assert "# Your first game, worked through" in text
    drawn: list[str] = []
    for name in ("draw_example_1", "draw_example_2", "draw_example_3"):
        assert f"[[picture {name} " in text
        fn = entry.rules_picture(name)
        assert fn is not None
    assert entry.rules_picture("UchronicleTable") is None, "only draw_ functions"

    def pictures(name: str) -> Any:
        fn = entry.rules_picture(name)

        def spy(surface: pygame.Surface, rect: pygame.Rect, theme: Any) -> None:
            drawn.append(name)
            assert rect.h > 0 and rect.w > 0
            fn(surface, rect, theme)

        return spy

    scroll = ScrollText(text, pictures=pictures)
    scroll.rect = pygame.Rect(0, 0, 800, 100_000)
    surface = pygame.Surface((800, 600))
    scroll.draw(surface, app.theme)
    assert drawn == ["draw_example_1", "draw_example_2", "draw_example_3"]
    assert not any("[[picture" in line for line, *_ in scroll.layout(app.theme)), (
        "markers are not shown as text"
    )
    # F1 in a game opens the page with its pictures
    scene = start(app, ["human", "easy"], seed=1)
    assert scene is app.stack.top
    rulespage.open_rules(app)
    assert isinstance(app.stack.top, rulespage.RulesScene) and app.stack.top.pictures is not None


def test_a_play_animates_on_dt_removals_first_then_the_card(tmp_path: Any) -> None:
    """Removed cards turn face down and fly to the remover's pile, then the
    card flies into the present trick; a finished trick then slides into its
    place among the past tricks. All on the frames' dt."""
    app = make_app(tmp_path, SIZE)
    try:
        state = position(EXAMPLE_3_LIKE, "B5 B6", "D3 D4 B1", expert=False, rules="H/E")
        scene = start(app, ["human", "human", "human"], state=state)
        d3 = parse_card("D3")
        play = next(
            c.action
            for c in table_of(scene).local.choices[d3]
            if c.action.rules == parse_rules("H/D")
        )
        assert scene.act(play)
        a = table_of(scene).motion.anim
        assert a is not None and scene.animating
        assert set(a.taken) == set(cards("E2 E1")) and a.finished, "D3 ends the trick"
        # first the removals: they are drawn by the animation, not in their tricks
        tricks, trick, hidden = table_of(scene).motion.shown_history(scene.view)
        assert hidden == set(a.taken) and trick == state.trick
        steps = 0
        while table_of(scene).motion.clock < a.removed_at:
            app.frame([], 1 / 60)
            steps += 1
        assert steps > 5, "the removals take a moment"
        # then the card in flight to the present trick, its trick still there
        tricks, trick, hidden = table_of(scene).motion.shown_history(scene.view)
        assert hidden == {d3} and tuple(p.card for p in trick) == cards("B5 B6 D3")
        assert all(p.card not in a.taken for t in tricks for p in t)
        start_pose = a.flight.pose
        app.frame([], 1 / 60)
        assert a.flight.pose != start_pose, "the card moves"
        while scene.animating:
            app.frame([], 1 / 60)
            steps += 1
        assert steps < 200
        assert (
            table_of(scene).motion.anim is None
            and table_of(scene).motion.shown_history(scene.view)[2] == set()
        )
        assert scene.view.tricks[-1] == tuple(a.mid[1]), "the finished trick is a past trick now"
    finally:
        app.shutdown()


def test_many_chips_page_with_more_and_back(app: App) -> None:
    # at the expert dead end every rules state is a chip: more than fit
    state = position(["A2 A3 A4"], "D5 C4", "B5 A5 E5", expert=True, rules="L/C")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    d.click(card_point(scene, parse_card("A5")))
    total = len(table_of(scene).current_choices())
    first_page = [i for i, _, _ in table_of(scene).chip_layout() if i >= 0]
    assert first_page[0] == 0 and len(first_page) < total
    assert any(i == -2 for i, _, _ in table_of(scene).chip_layout()), "a 'more' chip"
    d.click(chip_point(scene, -2))
    second_page = [i for i, _, _ in table_of(scene).chip_layout() if i >= 0]
    assert second_page[0] == first_page[-1] + 1
    assert table_of(scene).local.chip == 0 and scene.session.ply == 0, "paging chooses nothing"
    d.click(chip_point(scene, -1))
    assert [i for i, _, _ in table_of(scene).chip_layout() if i >= 0] == first_page
    # the keys follow the chosen chip onto the next page
    for _ in range(len(first_page)):
        d.key(pygame.K_DOWN)
    assert table_of(scene).local.chip == len(first_page)
    assert table_of(scene).local.chip in [i for i, _, _ in table_of(scene).chip_layout()]


def test_resting_on_a_card_tells_its_cheapest_way(app: App) -> None:
    state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    d.move(card_point(scene, parse_card("D3")))
    text, _ = picture_of(scene).message
    assert text.startswith("D3 can win 12 ways; the cheapest removes B6 (1 point).")


def test_the_present_trick_says_what_makes_each_card_strong() -> None:
    cards_ = cards("A1 C3")
    assert strength_word(cards_, 0, parse_rules("H/C")) == "first suit"
    assert strength_word(cards_, 1, parse_rules("H/C")) == "trump"
    assert strength_word(cards_, 1, parse_rules("H/-")) == "off suit"
    assert strength_word(cards("A1 C3 B3"), 2, parse_rules("H/-/3")) == "trump rank"
    assert strength_word(cards("A1 C3"), 1, parse_rules("H/C/3")) == "trump ×2"


# -- a dearer removal than the chip offers (ruling U6) ------------------------------------------

#: expert, seat 0 to play with B2, D3, D5 against C1 A3; B2's cheapest chip
#: (higher, trump A, trump rank 2) removes E2 of trick 2
DEARER = (["B3 A4 A6", "E2 E3 E5"], "C1 A3", "D3 D5 B2")


def history_point(scene: GameScene, card: Card) -> tuple[int, int]:
    """A point where a click lands on ``card`` in the history."""
    for p, pose, size, _ in table_of(scene).editor.history_spots():
        if p.card != card:
            continue
        w, _ = table_of(scene).painters.of(size).card_size
        for dx in range(-w // 2 + 2, w // 2, 2):
            pt = (round(pose.x + dx), round(pose.y))
            spot = table_of(scene).editor.history_card_at(pt)
            if spot is not None and spot[0] == card:
                return pt
    raise AssertionError(f"{card} cannot be clicked in the history")


def test_expert_a_past_card_clicked_joins_the_removal_and_is_played(app: App) -> None:
    state = position(DEARER[0], DEARER[1], DEARER[2], expert=True, rules="H/A")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    b2, a4, e2 = cards("B2 A4 E2")
    d.click(card_point(scene, b2))
    chip = table_of(scene).current_choices()[0]
    assert chip.taken == (e2,) and chip.cost == 1
    # a card of a past trick joins the removal, and a second click takes it back
    d.click(history_point(scene, a4))
    assert table_of(scene).editor.edit is not None and table_of(scene).current_choice().taken == (
        a4,
        e2,
    )
    d.click(history_point(scene, a4))
    assert table_of(scene).editor.edit is None and table_of(scene).current_choice() == chip
    d.click(history_point(scene, a4))
    edited = table_of(scene).current_choice()
    assert edited.taken == (a4, e2) and table_of(scene).preview_choice() == edited, (
        "the preview follows"
    )
    assert table_of(scene).editor.edit_reason is None and table_of(scene).play_button.enabled
    text = next(
        text for i, _, text in table_of(scene).chip_layout() if i == table_of(scene).local.chip
    )
    assert text == "higher · trump ☀A · trump rank 2 · removes A4, E2 · 2 points"
    assert any(i == -3 for i, _, _ in table_of(scene).chip_layout()), "a way back to the cheapest"
    app.update_settings(anim_speed=1)  # to see both cards fly to the pile
    d.key(pygame.K_RETURN)
    s = scene.session
    assert s.ply == 1 and s.actions[0].removed.cards == (a4, e2)
    assert s.state.points[0] == state.points[0] + chip.cost + 1
    assert s.log[0] == "Ann plays B2, makes 2 the trump rank, removes A4, E2 (2 points)"
    assert table_of(scene).motion.anim is not None and set(table_of(scene).motion.anim.taken) == {
        a4,
        e2,
    }, "both fly to the pile"


def test_expert_a_present_trick_card_cannot_join_the_removal(app: App) -> None:
    state = position(DEARER[0], DEARER[1], DEARER[2], expert=True, rules="H/A")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    d.click(card_point(scene, parse_card("B2")))
    chip = table_of(scene).current_choice()
    a3 = parse_card("A3")
    d.move(history_point(scene, a3))
    reason = "A3 is in the present trick: only cards of past tricks can be removed."
    assert table_of(scene).editor.history_tip(a3, True) == reason, (
        "the tooltip says why before the click"
    )
    d.click(history_point(scene, a3))
    assert table_of(scene).editor.edit is None and table_of(scene).current_choice() == chip, (
        "nothing is added"
    )
    assert scene.last_error == reason


def test_expert_an_edit_the_rules_refuse_keeps_play_refused_with_their_reason(app: App) -> None:
    state = position(DEARER[0], DEARER[1], DEARER[2], expert=True, rules="H/A")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    b2, e2 = cards("B2 E2")
    d.click(card_point(scene, b2))
    chip = table_of(scene).current_choice()
    # taking back the card the cheapest removal needs: the rules say what goes wrong
    d.click(history_point(scene, e2))
    reason = REGISTRY["uchronicle"].rules.check(scene.view, Play(b2, chip.action.rules, Pick(())))
    assert reason is not None and table_of(scene).editor.edit_reason == reason
    assert table_of(scene).current_choice().cost == 0 and not table_of(scene).play_button.enabled
    text, colour = picture_of(scene).message
    assert reason in text and colour == app.theme.warning
    d.key(pygame.K_RETURN)
    assert scene.session.ply == 0 and scene.last_error == reason
    # Backspace goes back to the cheapest removal, and the game goes on
    d.key(pygame.K_BACKSPACE)
    assert (
        table_of(scene).editor.edit is None
        and table_of(scene).editor.edit_reason is None
        and table_of(scene).play_button.enabled
    )
    d.key(pygame.K_RETURN)
    s = scene.session
    assert s.ply == 1 and s.actions[0] == chip.action
    # B2 ended the trick: it lies among the past ones and Ann leads the next (U9)
    assert len(s.state.tricks) == len(state.tricks) + 1 and not s.state.trick
    assert s.to_move() == 0 and not s.is_over()


def test_standard_a_declared_rank_joins_the_removal_and_is_played(app: App) -> None:
    state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    d3, a3, a5, b6 = cards("D3 A3 A5 B6")
    d.click(card_point(scene, d3))
    chip = table_of(scene).current_choice()
    assert chip.action.removed == Declare((), (1,)) and chip.taken == (b6,)
    # a click on A3 offers its rank (A3 goes; D3, the card played, stays) or its suit
    d.click(history_point(scene, a3))
    assert table_of(scene).editor.menu is not None
    assert [item.text for item in table_of(scene).editor.menu.items] == [
        "Declare rank 3 · +1 point",
        "Declare suit ☀A · +2 points",
    ]
    assert scene.table_rect.contains(table_of(scene).editor.menu.rect)
    d.click(table_of(scene).editor.menu.items[0].rect.center)
    assert table_of(scene).editor.menu is None and table_of(scene).editor.edit == Declare(
        (3,), (1,)
    )
    assert table_of(scene).current_choice().taken == (a3, b6)
    text = next(
        text for i, _, text in table_of(scene).chip_layout() if i == table_of(scene).local.chip
    )
    assert text == "higher · trump ♣E · declares rank 3 and suit ☾B · 2 points"
    # a click beside the menu closes it, and so does Escape (the game is not paused)
    d.click(history_point(scene, a5))
    assert [item.text for item in table_of(scene).editor.menu.items][
        0
    ] == "Declare rank 5 · +1 point"
    d.click(table_of(scene).geo.msg.center)
    assert table_of(scene).editor.menu is None and table_of(scene).editor.edit == Declare(
        (3,), (1,)
    )
    d.click(history_point(scene, a5))
    d.key(pygame.K_ESCAPE)
    assert table_of(scene).editor.menu is None and app.stack.top is scene
    # the menu takes a declaration back: without rank 3 the edit is the cheapest again
    d.click(history_point(scene, a3))
    texts = [item.text for item in table_of(scene).editor.menu.items]
    assert texts[0] == "Take back rank 3 · −1 point", texts
    d.click(table_of(scene).editor.menu.items[0].rect.center)
    assert table_of(scene).current_choice().taken == (b6,)
    d.click(history_point(scene, a3))
    d.click(table_of(scene).editor.menu.items[0].rect.center)
    assert table_of(scene).editor.edit == Declare((3,), (1,))
    d.click_widget(table_of(scene).play_button)
    s = scene.session
    assert s.ply == 1 and s.actions[0].removed == Declare((3,), (1,))
    assert s.state.points[0] == state.points[0] + chip.cost + 1
    assert s.log[0] == "Ann plays D3, declares 3 and B: takes A3, B6 (2 points)"


def test_a_hint_with_a_dearer_removal_chooses_its_chip_with_that_removal(app: App) -> None:
    state = position(DEARER[0], DEARER[1], DEARER[2], expert=True, rules="H/A")
    scene = start(app, ["human", "human", "human"], state=state)
    b2, a4, e2 = cards("B2 A4 E2")
    cheapest = table_of(scene).local.choices[b2][0].action
    dearer = Play(b2, cheapest.rules, Pick((a4, e2)))
    # the hard bot's hint for this position, as the frame holds it once worked out
    scene.shown_hint = Hint(0, scene.session.ply, dearer, "B2 wins here.")
    scene._hint_state = scene.session.state
    assert scene.hint_action == dearer
    table_of(scene).refresh()
    assert table_of(scene).local.selected == b2 and table_of(scene).local.chip == 0
    assert (
        table_of(scene).current_choice().action == dearer
        and table_of(scene).editor.edit_reason is None
    )
    # another chip goes back to the cheapest removals
    Driver(app).key(pygame.K_DOWN)
    assert table_of(scene).local.chip == 1 and table_of(scene).editor.edit is None
    assert table_of(scene).current_choice() == table_of(scene).current_choices()[1]


# -- the table contract ------------------------------------------------------------------------


def test_a_gesture_gives_the_rules_action_and_the_frame_plays_it(app: App) -> None:
    """A click on a card is a gesture of the table's own (True); a click on
    the chosen chip gives the rules' Play, which only the frame plays."""
    state = position(EXAMPLE_3_LIKE, "B6", "D3 D4 B1", expert=False, rules="H/E")
    scene = start(app, ["human", "human", "human"], state=state)
    table = table_of(scene)
    d3 = parse_card("D3")
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card_point(scene, d3), button=1)
    assert table.handle(press) is True and table.local.selected == d3
    assert scene.session.actions == [], "a pick plays nothing"
    cheapest = table.current_choices()[0].action
    chip = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=chip_point(scene, 0), button=1)
    chosen = table.handle(chip)
    assert chosen == cheapest and scene.session.actions == [], "the table plays nothing itself"
    assert scene.act(chosen) and scene.session.actions == [cheapest]


def test_painting_a_picture_writes_nothing_back(app: App) -> None:
    """The picture is all a frame shows: painting it leaves the table as it
    was, and the same state gives the same picture."""
    state = position(DEARER[0], DEARER[1], DEARER[2], expert=True, rules="H/A")
    scene = start(app, ["human", "human", "human"], state=state)
    d = Driver(app)
    b2, a4 = cards("B2 A4")
    d.click(card_point(scene, b2))
    d.click(history_point(scene, a4))  # an edited removal
    d.key(pygame.K_RIGHT)  # the keyboard's cursor shows
    table = table_of(scene)
    picture = picture_of(scene)

    def local() -> tuple[Any, ...]:
        lo, ed = table.local, table.editor
        return (lo.selected, lo.chip, lo.chip_start, lo.hover_card, ed.edit, ed.edit_reason)

    before = local()
    table.paint(pygame.Surface(app.size), picture)
    assert picture_of(scene) == picture and local() == before
    assert [spot.card for spot in picture.hand if spot.look is Look.SELECTED] == [b2]
    assert sum(spot.focused for spot in picture.hand) == 1
    assert a4 in picture.history.marked and picture.chips[0].text == "↺ cheapest"


def test_the_present_cards_strength_words_and_the_seats_names_are_whole(app: App) -> None:
    """Above each present card its strength in lines that fit the card's
    place ("trump ×2" was drawn "trump…"); a seat's name beside its badge in
    a font it fits (the small one where the body one would not), through
    the table's picture at 960x600 and 1920x1080."""
    state = position(EXAMPLE_3_LIKE, "A1 C3", "D3 D4 B1", expert=True, rules="H/C/3")
    seats = [Seat("Ann"), Seat("Wilhelmina Woods"), Seat("Bartholomew Mård")]
    entry = REGISTRY["uchronicle"]
    session = Session(
        entry,
        entry.default_config(3, expert=True),
        5,
        seats,
        threaded=False,
        timed=False,
        states=[state],
    )
    scene = flow.start_game(app, entry, session.config, 5, seats, session=session)
    d = Driver(app)
    d.frame()
    if isinstance(app.stack.top, overlays.CurtainScene):
        app.stack.top.back()
        d.frame()
    t = app.theme
    for size in (SIZE, (1920, 1080)):
        w, h = size
        app.resize(size)
        d.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h)])
        d.frame()
        table = table_of(scene)
        picture = picture_of(scene)
        words = picture.history.words
        assert [" ".join(lines) for lines in words] == ["first suit", "trump ×2"]
        width = table.geo.present_step()
        assert all(t.small.size(line)[0] <= width for lines in words for line in lines)
        for seat in picture.seats:
            room = seat_head(t, table.geo.seats[seat.seat]).w - badge_room(t, seat.badge)
            assert t.font(seat.name_font, bold=True).size(seat.title)[0] <= room, seat
        assert {seat.badge for seat in picture.seats} == {"led", ""}
