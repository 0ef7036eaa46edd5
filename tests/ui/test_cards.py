"""Card faces, looks, layouts, hit testing and tweens, headless."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import math  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.ui.cards import (  # noqa: E402
    EASINGS,
    Animator,
    CardFace,
    CardPainter,
    CardTween,
    Look,
    Pose,
    card_size_for_height,
    draw_card,
    fan_layout,
    hit_test,
    readable_on,
    row_layout,
    stack_offset_layout,
    trick_layout,
)
from tabletop.ui.theme import contrast  # noqa: E402

FACE = CardFace("7", (0, 114, 178), "♠")
FACES = [
    CardFace(str(r), colour, glyph)
    for r, (colour, glyph) in zip(
        range(1, 6),
        [
            ((0, 114, 178), "♠"),
            ((213, 94, 0), "♥"),
            ((0, 158, 115), "♣"),
            ((204, 121, 167), "♦"),
            ((240, 228, 66), "★"),
        ],
    )
]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.font.init()
    yield


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("height", [60, 140, 301, 432])
def test_face_and_back_have_the_card_size(height):
    painter = CardPainter(height)
    w, h = painter.card_size
    assert h == height and w == round(height * 5 / 7)
    assert painter.face(FACE).get_size() == (w, h)
    assert painter.back().get_size() == (w, h)
    m = painter.margin
    assert painter.sprite(FACE).get_size() == (w + 2 * m, h + 2 * m)
    assert painter.sprite(None, Look.SELECTED).get_size() == (w + 2 * m, h + 2 * m)


def test_corners_are_transparent_and_centre_is_opaque():
    painter = CardPainter(140)
    for surf in (painter.face(FACE), painter.back()):
        w, h = surf.get_size()
        assert surf.get_at((0, 0)).a == 0
        assert surf.get_at((w - 1, h - 1)).a == 0
        assert surf.get_at((w // 2, h // 2)).a == 255


def test_faces_differ_by_rank_and_by_decoration():
    painter = CardPainter(140)
    images = {
        _bytes(painter.face(f))
        for f in (
            FACE,
            CardFace("8", FACE.colour, FACE.glyph),
            CardFace("7", FACE.colour, FACE.glyph, label="TRUMP"),
            CardFace("7", FACE.colour, FACE.glyph, badge="+2"),
            CardFace("7", FACE.colour, FACE.glyph, big_text="JOKER"),
            CardFace("7", FACE.colour, FACE.glyph, pips=7),
        )
    }
    assert len(images) == 6
    assert _bytes(painter.face(FACE)) != _bytes(painter.back())


def test_every_look_gives_different_pixels():
    painter = CardPainter(140)
    for face in (FACE, None):
        images = [_bytes(painter.sprite(face, look)) for look in Look]
        assert len(set(images)) == len(Look)


def test_looks_accept_plain_strings():
    painter = CardPainter(100)
    assert painter.sprite(FACE, "hover") is painter.sprite(FACE, Look.HOVER)
    assert painter.lift("selected") > painter.lift("hover") > painter.lift("normal") == 0


def test_cache_returns_the_same_surface():
    painter = CardPainter(140)
    assert painter.face(FACE) is painter.face(CardFace("7", (0, 114, 178), "♠"))
    assert painter.back() is painter.back()
    assert painter.sprite(FACE, Look.HOVER) is painter.sprite(FACE, Look.HOVER)
    assert painter.sprite(FACE, Look.NORMAL, 12.2) is painter.sprite(FACE, Look.NORMAL, 11.9)
    assert painter.sprite(FACE, Look.NORMAL, 12.0) is not painter.sprite(FACE, Look.NORMAL, 14.0)


def test_resize_changes_the_size_and_drops_the_cache():
    painter = CardPainter(140)
    before = painter.face(FACE)
    painter.resize(210)
    assert painter.card_size == card_size_for_height(210)
    after = painter.face(FACE)
    assert after is not before and after.get_height() == 210
    painter.resize(210)
    assert painter.face(FACE) is after


def test_cache_stays_within_its_budget():
    painter = CardPainter(200, cache_bytes=2 * 1024 * 1024)
    for angle in range(0, 90, 3):
        painter.sprite(FACE, Look.NORMAL, angle)
    assert painter._cache.used <= 2 * 1024 * 1024


def test_yellow_ink_is_darkened_to_be_readable():
    paper = (250, 249, 244)
    ink = readable_on((240, 228, 66), paper, 4.5)
    assert contrast(ink, paper) >= 4.5
    assert readable_on((0, 0, 0), paper) == (0, 0, 0)


def test_draw_card_blits_centred_and_rotated():
    painter = CardPainter(140)
    screen = pygame.Surface((400, 400))
    screen.fill((0, 80, 0))
    upright = draw_card(screen, painter, FACE, Pose(200, 200, 0), Look.NORMAL)
    assert upright.center == (200, 200)
    assert screen.get_at((200, 200))[:3] != (0, 80, 0)
    tilted = draw_card(screen, painter, None, (200, 200, 30.0), "playable")
    assert tilted.width > upright.width
    assert tilted.center[0] == pytest.approx(200, abs=1)


# -- layouts -------------------------------------------------------------------


def _inside(pose: Pose, card_size, area: pygame.Rect) -> bool:
    r = pose.rect(card_size)
    return (
        area.left <= r.left
        and r.right <= area.right
        and area.top <= r.top
        and r.bottom <= area.bottom
    )


@pytest.mark.parametrize("screen", [(960, 600), (3840, 2160)])
@pytest.mark.parametrize("n", [1, 5, 11, 20])
def test_fan_keeps_every_card_inside_the_area(screen, n):
    sw, sh = screen
    card = card_size_for_height(round(sh * 0.2))
    area = pygame.Rect(round(sw * 0.1), round(sh * 0.7), round(sw * 0.8), round(sh * 0.3))
    poses = fan_layout(n, area, card)
    assert len(poses) == n
    for pose in poses:
        assert _inside(pose, card, area), (pose, pose.rect(card), area)
    xs = [p.x for p in poses]
    assert xs == sorted(xs)
    assert all(p.angle >= q.angle for p, q in zip(poses, poses[1:]))  # opens left to right


def test_fan_compresses_instead_of_overflowing():
    card = (100, 140)
    area = pygame.Rect(0, 0, 900, 200)
    few = fan_layout(5, area, card)
    many = fan_layout(30, area, card)
    step_few = few[1].x - few[0].x
    step_many = many[1].x - many[0].x
    assert step_few == pytest.approx(62)  # the preferred spacing, not stretched
    assert step_many < step_few
    assert all(_inside(p, card, area) for p in many)


def test_fan_in_an_area_narrower_than_a_card_stays_centred():
    poses = fan_layout(6, pygame.Rect(0, 0, 80, 200), (100, 140))
    assert all(p.x == pytest.approx(40) and p.angle == 0 for p in poses)


def test_row_layout_spaces_then_overlaps():
    card = (50, 70)
    area = pygame.Rect(0, 0, 500, 100)
    row = row_layout(3, area, card)
    assert [p.y for p in row] == [50, 50, 50]
    assert row[1].x - row[0].x == pytest.approx(56)
    crowded = row_layout(20, area, card)
    assert all(_inside(p, card, area) for p in crowded)


def test_trick_layout_seats_around_the_centre():
    card = (100, 140)
    poses = trick_layout(4, (500, 400), card, tilt_deg=0)
    bottom, left, top, right = poses
    assert bottom.y > 400 and top.y < 400 and left.x < 500 and right.x > 500
    assert bottom.x == pytest.approx(500) and left.y == pytest.approx(400)
    turned = trick_layout(4, (500, 400), card, bottom_seat=2, tilt_deg=0)
    assert turned[2].y > 400 and turned[3].x < 500
    for n in range(2, 7):
        ps = trick_layout(n, (500, 400), card)
        assert len({(round(p.x), round(p.y)) for p in ps}) == n


def test_stack_offset_puts_the_last_play_on_top_and_whole():
    card = (100, 140)
    poses = stack_offset_layout(5, (200, 200), card, (20, 4))
    assert poses[0] == Pose(200, 200, 0) and poses[-1] == Pose(280, 216, 0)
    assert hit_test(poses, (280, 216), card) == 4
    capped = stack_offset_layout(6, (200, 200), card, (20, 0), max_fanned=3)
    assert [p.x for p in capped] == [200, 200, 200, 200, 220, 240]


# -- hit testing -----------------------------------------------------------------


def test_hit_test_picks_the_topmost_card():
    card = (100, 140)
    poses = row_layout(5, pygame.Rect(0, 0, 300, 200), card)  # overlapping
    overlap = ((poses[1].x + poses[2].x) / 2, 100)
    assert hit_test(poses, overlap, card) == 2
    assert hit_test(poses, (poses[0].x - 45, 100), card) == 0
    assert hit_test(poses, (poses[-1].x + 45, 100), card) == 4
    assert hit_test(poses, (5, 5), card) is None
    rects = [p.rect(card) for p in poses]
    assert hit_test(rects, overlap) == 2


def test_hit_test_respects_rotation_and_lift():
    card = (100, 140)
    upright = Pose(200, 200, 0)
    turned = Pose(200, 200, 90)  # lying on its side: 140 wide, 100 tall
    assert hit_test([upright], (200, 265), card) == 0
    assert hit_test([turned], (200, 265), card) is None
    assert hit_test([turned], (265, 200), card) == 0
    # a card raised by 20px is picked above its resting top edge, not at its bottom
    assert hit_test([upright], (200, 125), card, lifts=[20]) == 0
    assert hit_test([upright], (200, 265), card, lifts=[20]) is None


def test_fan_hit_test_finds_each_cards_visible_corner():
    card = (100, 140)
    poses = fan_layout(7, pygame.Rect(0, 0, 900, 300), card)
    for i, p in enumerate(poses):
        corner = Pose(p.x, p.y, p.angle)
        a = math.radians(p.angle)
        lx, ly = -card[0] / 2 + 8, -card[1] / 2 + 12  # inside the top-left index
        x = corner.x + lx * math.cos(a) + ly * math.sin(a)
        y = corner.y - lx * math.sin(a) + ly * math.cos(a)
        assert hit_test(poses, (x, y), card) == i


def test_pose_raised_moves_towards_the_cards_top():
    assert Pose(0, 0, 0).raised(10) == pytest.approx((0, -10, 0))
    x, y, _ = Pose(0, 0, 90).raised(10)  # top edge faces left
    assert (x, y) == pytest.approx((-10, 0))


# -- animation -------------------------------------------------------------------


@pytest.mark.parametrize("ease", sorted(EASINGS))
def test_tween_reaches_exactly_the_end(ease):
    start, end = Pose(0, 0, 0), Pose(300.7, -20.3, 17.0)
    tween = CardTween(start, end, 0.3, delay=0.1, ease=ease)
    assert tween.pose == start
    assert not tween.update(0.1)
    assert tween.pose == start
    assert not tween.update(0.15)
    assert tween.pose != start and tween.pose != end
    for _ in range(10):
        done = tween.update(1 / 60)
    assert done and tween.pose == end
    assert EASINGS[ease](0.0) == pytest.approx(0.0) and EASINGS[ease](1.0) == pytest.approx(1.0)


def test_tween_skip_jumps_to_the_end():
    tween = CardTween((0, 0, 0), (10, 10, 10), 5.0, delay=2.0)
    tween.update(0.5)
    tween.skip()
    assert tween.done and tween.pose == Pose(10, 10, 10)


def test_zero_duration_tween_is_done_at_once():
    tween = CardTween((0, 0, 0), (1, 2, 3), 0.0)
    assert tween.done and tween.pose == Pose(1, 2, 3)


def test_animator_speed_and_skip():
    anim = Animator()
    a = anim.add(CardTween((0, 0, 0), (100, 0, 0), 1.0, tag="a"))
    b = anim.add(CardTween((0, 0, 0), (0, 100, 0), 0.5, tag="b"))
    assert anim.busy
    assert anim.update(0.6) == [b]
    assert anim.pose_of("a") == a.pose and anim.pose_of("b") is None
    assert anim.busy
    assert anim.skip_all() == [a]
    assert not anim.busy and a.pose == Pose(100, 0, 0)

    fast = Animator(speed=2.0)
    t = fast.add(CardTween((0, 0, 0), (1, 0, 0), 1.0))
    fast.update(0.5)
    assert t.done


def test_animator_speed_zero_is_instant():
    anim = Animator(speed=0)
    t = anim.add(CardTween((0, 0, 0), (50, 60, 70), 2.0, delay=1.0))
    assert t.done and t.pose == Pose(50, 60, 70)
    assert anim.update(0.0) == [t]
    assert not anim.busy
