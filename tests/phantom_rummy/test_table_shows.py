"""What Phantom Rummy's table shows, read through its picture and the pixels
it paints, at the three window sizes a player judges it at (960x600,
1280x800, 1920x1080): a red card in an opponent's open set keeps its mark
(an R on a red disc) where the next card of the set does not cover it; the
claim prompt names its card whole; the captions under the hand stay apart;
a gain button keeps its verb; the bonus check fits the goal banner; the
hint's tag covers no other button."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat
from tabletop.games import REGISTRY
from tabletop.games.phantom_rummy.bot import medium_choice
from tabletop.games.phantom_rummy.cards import DECK, parse_cards
from tabletop.games.phantom_rummy.model import PhantomState, ShortGame, Source
from tabletop.games.phantom_rummy.table.goal import GoalShow, goal_places
from tabletop.games.phantom_rummy.table.layout import (
    hint_tag,
    prompt_split,
    prompt_title,
    prompt_words_top,
)
from tabletop.games.phantom_rummy.table.looks import red_mark_rect
from tabletop.ui import overlays
from tabletop.ui.gamescene import GameScene
from tests.phantom_rummy.tables import table_of
from tests.ui.driver import Driver, make_app, start_table

ENTRY = REGISTRY["phantom_rummy"]
SIZES = [(960, 600), (1280, 800), (1920, 1080)]
#: seat 1 and seat 2's open sets: red copies first, in the middle and last
#: of a set (S3a, M6a, T1a are red; the rest black)
OPEN = ("S3a S4b S5c", "M6b M6a M6c", "T2b T3b T1a")


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (960, 600))
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def four_seats(app: App) -> GameScene:
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    scene = start_table(app, ENTRY, [*seats, Seat("Di", "bot", "easy")], 4)
    assert isinstance(scene, GameScene)
    return scene


def with_open_sets(view: PhantomState) -> PhantomState:
    """The view with seat 1 holding two of OPEN's sets and seat 2 one (the
    cards taken out of wherever the deal put them is no matter here: only
    the painting is read)."""
    sets = [parse_cards(text) for text in OPEN]
    opened = list(view.opened)
    opened[1] = (sets[0], sets[1])
    opened[2] = (sets[2],)
    return replace(view, opened=tuple(opened))


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_red_cards_in_an_opponents_open_sets_keep_their_mark_at_every_size(
    app: App, size: tuple[int, int]
) -> None:
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    table = table_of(scene)
    view = with_open_sets(scene.view)
    picture = table.picture(view)
    surface = pygame.Surface(app.screen.get_size())
    table.paint(surface, picture)
    painter = table.painters.mini
    danger = tuple(app.theme.danger)
    checked = 0
    for seat in picture.seats:
        laid = list(seat.laid)
        assert [c for c, _ in laid] == [c for s in seat.sets for c in s]
        for k, (card, pose) in enumerate(laid):
            mark = red_mark_rect(painter.card_size, pose)
            # the next card of the row (drawn over this one) leaves the mark showing
            if k + 1 < len(laid):
                assert mark.right <= laid[k + 1][1].rect(painter.card_size).left, (size, card)
            # a red card shows the red disc there, a black one does not
            spot = (mark.x + max(2, mark.w // 6), mark.centery)
            shown = tuple(surface.get_at(spot))
            assert near(shown, danger) == card.red, (size, str(card), shown)
            checked += card.red
    assert checked == 3
    # the mark is read from the letter as well as the colour: its disc holds
    # pixels far from the red (the R), so it is no mere patch of colour
    red_pose = next(p for seat in picture.seats for c, p in seat.laid if c.red)
    mark = red_mark_rect(painter.card_size, red_pose)
    inside = [
        tuple(surface.get_at((x, y)))
        for x in range(mark.x + mark.w // 3, mark.right - mark.w // 3)
        for y in range(mark.y + mark.h // 4, mark.bottom - mark.h // 4)
    ]
    assert any(not near(p, danger, 80) for p in inside)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_claim_prompt_names_the_discard_whole(app: App, size: tuple[int, int]) -> None:
    """Every card's name fits the prompt whole, beside the small card or
    wrapped under it, with buttons beside the words or without (today "red
    Swo…" even at 1920x1080), and the words under it stay in the prompt."""
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    table = table_of(scene)
    t = app.theme
    font = t.font("small", bold=True)
    painter = table.painters.mini
    prompt = table.shape.prompt
    left, _ = prompt_split(t, prompt)
    whole = pygame.Rect(left.x, left.y, prompt.inflate(-2 * t.px(12), 0).w, left.h)
    for column in (left, whole):
        for card in DECK:
            placed = prompt_title(t, painter, column, card.title)
            assert " ".join(part for part, _ in placed) == card.title, (size, card.title)
            for part, rect in placed:
                assert font.size(part)[0] <= rect.w and column.contains(rect), (size, part)
            assert prompt_words_top(t, painter, column, card.title) < prompt.bottom


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_captions_under_the_hand_never_run_into_each_other(app: App, size: tuple[int, int]) -> None:
    """A hand of four near runs side by side, each waiting on its middle
    card: the four captions under it stay apart and inside the hand, and
    one shortened ends in an ellipsis (the picture keeps the words whole)."""
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    table = table_of(scene)
    view = scene.view
    viewer = scene.viewer
    hand = tuple(sorted(parse_cards("S1 S3 T4 T6 M1 M3 IC")))
    hands = list(view.hands)
    hands[viewer] = hand
    opened = list(view.opened)
    opened[viewer] = (parse_cards("IG IG IG"),)  # a set open: the near sets name what they wait on
    view = replace(view, hands=tuple(hands), opened=tuple(opened))
    pills = table.picture(view).pills
    assert len(pills) >= 3, [p.text for p in pills]
    for pill in pills:
        assert table.shape.hand.contains(pill.rect), (size, pill)
        assert pill.shown == pill.text or pill.shown.endswith("\u2026"), pill
        assert pill.text.startswith("waiting on ")
    for a, b in zip(pills, pills[1:]):
        assert a.rect.right <= b.rect.left, (size, a.shown, b.shown)


def test_a_gain_button_keeps_its_verb_at_every_size(app: App) -> None:
    """A real claim prompt offering a gain (the seeds of
    test_scene's claim test): at each size every gain button's caption
    starts "Gain", ends with its key, fits the button, and the tooltip holds
    the gain whole."""
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    d = Driver(app)
    table = None
    for seed in range(1, 40):
        scene = start_table(app, ENTRY, seats, seed)
        table = table_of(scene)
        for _ in range(400):
            if table.asked and table.gains() or scene.session.is_over():
                break
            if scene.my_turn:
                view = scene.session.view(0)
                scene.session.play(medium_choice(view, 0, scene.session.rules.legal_actions(view)))
                continue
            if isinstance(d.top, overlays.SummaryScene):
                d.top.back()
            d.frame(dt=0.25)
        if table.asked and table.gains():
            break
        app.stack.pop()
    assert table is not None and table.asked and table.gains(), "no seed gave Ada a gain"
    for size in SIZES:
        app.resize(size)
        d.frames(2)
        table.refresh()
        t = app.theme
        for i, button in enumerate(table.gain_buttons[: len(table.gains())]):
            assert button.visible and button.text.startswith("Gain "), (size, button.text)
            assert button.text.endswith(f"({i + 1})")
            assert t.font("small").size(button.text)[0] <= button.rect.w - 2 * t.px(12)
            assert button.tooltip.startswith("Gain ") and "\u2026" not in button.tooltip
        hint_tags_clear(table, t, table.frame.table_rect)


def hint_tags_clear(table: Any, t: Any, bounds: pygame.Rect) -> None:
    """With each visible button hinted in turn, the "Hint" tag covers no other one."""
    buttons = [b for b in (*table.turn_buttons, *table.prompt_buttons) if b.visible and b.rect.w]
    for b in buttons:
        ring = b.rect.inflate(t.px(8), t.px(8))
        others = [o.rect for o in buttons if o is not b]
        tag = hint_tag(t, ring, others, bounds)
        assert tag.collidelist(others) < 0, (b.text, tag)
        assert bounds.contains(tag) and not tag.colliderect(b.rect), (b.text, tag)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_hint_tag_covers_no_other_button(app: App, size: tuple[int, int]) -> None:
    """The tag over a hinted Discard or Ready covered Goal or Open above it."""
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    hint_tags_clear(table_of(scene), app.theme, scene.table_rect)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_bonus_check_fits_the_goal_banner(app: App, size: tuple[int, int]) -> None:
    """A goal of eight cards, two open sets and five flips (the widest the
    banner met in play): every card and flip lies inside the banner, the
    flips' tags stay apart, and the line of points is not cut."""
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    table = table_of(scene)
    hand = parse_cards("M5a M5b IC IC IC S3 S4 S5")
    opened = (parse_cards("T1 T1 T1"), parse_cards("T5 T6 T7"))
    bonus = (*hand[:5], *opened[0], hand[6])
    sources = (Source("sets", 2), Source("red", 1, hand[:1]), Source("bonus", 11, bonus))
    result = ShortGame(0, None, (14, 0, 0, 0), sources, parse_cards("M5 IC T1 S4 S2"), hand=hand)
    table.goal = GoalShow(result, 1, app.theme, opened)
    table.goal.skip()
    goal = table.picture(scene.view).goal
    assert goal is not None and [f.tag for f in goal.flips][-1] == ("miss", app.theme.text_dim)
    t = app.theme
    banner = table.shape.goal
    inner = banner.inflate(-2 * t.px(14), -2 * t.px(10))
    places = goal_places(t, table.painters.goal, goal, inner)
    w, h = table.painters.goal.card_size
    xs = [*places.hand, *places.opened, *places.flips]
    assert len(xs) == 8 + 6 + 5
    for x in xs:
        card = pygame.Rect(round(x - w / 2), places.cy - h // 2, w, h)
        assert banner.contains(card), (size, card, banner)
    tag = t.font("small", bold=True)
    spans = [
        (x - tag.size(f.tag[0])[0] / 2, x + tag.size(f.tag[0])[0] / 2)
        for f, x in zip(goal.flips, places.flips, strict=True)
        if f.tag is not None
    ]
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), (size, spans)
    assert places.cy + h // 2 + tag.get_linesize() <= banner.bottom
    words = goal.words if t.small.size(goal.words)[0] <= inner.w else goal.short_words
    assert t.small.size(words)[0] <= inner.w, (size, words)
