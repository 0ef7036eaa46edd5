"""tabletop/ui/hand.py: the pick and the card keys every card game shares."""

from __future__ import annotations

import math

import pygame

from tabletop.ui.cards import Pose
from tabletop.ui.hand import HandKeys, focus_ring_points, toggle_pick


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def test_the_cursor_moves_selects_plays_and_passes_through_the_scenes_callbacks() -> None:
    calls: list[object] = []
    keys = HandKeys(
        lambda c: calls.append(("select", c)),
        lambda: calls.append("play"),
        lambda: calls.append("pass"),
    )
    hand = ["a", "b", "c"]
    assert keys.handle(key(pygame.K_RIGHT), hand) and keys.shown
    assert keys.focused(hand) == "a", "the first key shows the cursor where it is"
    keys.handle(key(pygame.K_RIGHT), hand)
    keys.handle(key(pygame.K_SPACE), hand)
    for _ in range(5):
        keys.handle(key(pygame.K_RIGHT), hand)
    assert keys.focused(hand) == "c", "the cursor stops at the last card"
    keys.handle(key(pygame.K_HOME), hand)
    assert keys.focused(hand) == "a"
    keys.handle(key(pygame.K_RETURN), hand)
    keys.handle(key(pygame.K_p), hand)
    assert calls == [("select", "b"), "play", "pass"]
    assert not keys.handle(key(pygame.K_p, pygame.KMOD_CTRL), hand)
    assert not keys.handle(key(pygame.K_s), hand)


def test_the_cursor_follows_its_card_and_takes_the_next_one_when_it_is_played() -> None:
    keys = HandKeys(None, None, None)
    keys.handle(key(pygame.K_END), ["a", "b", "c", "d"])
    keys.handle(key(pygame.K_LEFT), ["a", "b", "c", "d"])
    assert keys.focused(["a", "b", "c", "d"]) == "c"
    assert keys.focused(["a", "b", "d"]) == "d", "the card at its place once it was played"
    assert keys.focused(["d", "b", "a"]) == "d", "sorting the hand keeps the card"
    assert keys.focused(["a"]) == "a" and keys.focused([]) is None
    keys.point_at("a", ["a"])
    assert not keys.shown, "a mouse pick hides the ring"


def test_the_ring_turns_with_its_card() -> None:
    pose = Pose(100.0, 200.0, 30.0)
    top_left, top_right, _, _ = focus_ring_points(pose, (50, 70), 0.0)
    top = pose.raised(35.0)  # the middle of the card's top edge
    assert math.isclose((top_left[0] + top_right[0]) / 2, top.x, abs_tol=1e-9)
    assert math.isclose((top_left[1] + top_right[1]) / 2, top.y, abs_tol=1e-9)


def test_a_pick_toggles_and_drops_its_oldest_card_beyond_its_most() -> None:
    picked: list[str] = []
    for card in ("a", "b", "c"):
        toggle_pick(picked, card, most=2)
    assert picked == ["b", "c"]  # the third pick dropped the oldest
    toggle_pick(picked, "b", most=2)
    assert picked == ["c"]  # picking a picked card puts it back
