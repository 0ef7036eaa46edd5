"""Decisions out of turn at one device: Claim the Discard, two people and a bot.

A whole game is played through the real App frame with clicks and keys, to the
results screen. Every frame that shows the table is recorded, and the test
holds the hot-seat promise: a person only ever sees their own hand (every card
drawn face up is public or in the hand of the seat the screen shows), the seat
on screen changes only through the pass-the-device curtain -- also between two
private claim prompts in a row -- and a person answers or discards only while
the screen shows them.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.core.session import Seat, Session
from tabletop.ui import flow, overlays
from tests.claimgame import scene as claim_scene
from tests.claimgame.bot import heuristic_choice
from tests.claimgame.rules import Claim, Discard, Pass, Phase
from tests.ui.driver import Driver, app_fixture, driver_fixture  # noqa: F401  (fixtures)

SEATS = [Seat("Ada"), Seat("Basil"), Seat("Cleo", "bot", "medium")]


def public_cards(state: Any) -> set[Any]:
    cards = set(state.pile) | {c for laid in state.pairs for pair in laid for c in pair}
    if state.offer is not None:
        cards.add(state.offer)
    return cards


@pytest.mark.parametrize("seed", [5, 11])
def test_two_people_and_a_bot_play_to_the_results_and_never_see_each_others_hands(
    driver: Driver, claim_registered: Any, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    d, app = driver, driver.app
    entry = claim_registered
    config = entry.default_config(3)
    # the bot answers on this thread (a budget in iterations, no clock)
    session = Session(entry, config, seed, SEATS, threaded=False)
    scene = flow.start_game(app, entry, config, seed, SEATS, session=session)

    events: list[tuple[Any, ...]] = []  # ("table", viewer) / ("curtain", name) / ("acted", seat)
    faces: list[Any] = []
    draw_face = claim_scene.draw_card_face

    def spy_face(surface: Any, rect: Any, card: Any, theme: Any) -> None:
        faces.append(card)
        draw_face(surface, rect, card, theme)

    monkeypatch.setattr(claim_scene, "draw_card_face", spy_face)
    draw_table = scene.draw_table

    def spy_table(surface: Any, view: Any) -> None:
        faces.clear()
        draw_table(surface, view)
        viewer = scene.viewer
        state = session.state
        assert all(h is None for s, h in enumerate(view.hands) if s != viewer), (
            "a view shows another hand"
        )
        allowed = set(state.hands[viewer] or ()) | public_cards(state)
        shown = set(faces) - allowed
        assert not shown, f"{SEATS[viewer].name}'s screen shows {sorted(map(str, shown))}"
        events.append(("table", viewer))

    monkeypatch.setattr(scene, "draw_table", spy_table)
    draw_curtain = overlays.CurtainScene.draw

    def spy_curtain(self: Any, surface: Any) -> None:
        events.append(("curtain", self.name))
        draw_curtain(self, surface)

    monkeypatch.setattr(overlays.CurtainScene, "draw", spy_curtain)
    d.frame()

    for _ in range(4000):
        top = d.top
        if isinstance(top, overlays.ResultsScene):
            break
        if isinstance(top, overlays.CurtainScene):
            d.press(f"I am {top.name}: show my table")
            continue
        if top is not scene:
            d.frame()
            continue
        mover = session.to_move()
        if mover is None or SEATS[mover].is_bot or not scene.my_turn:
            d.frame(dt=0.25)  # a bot thinks and plays; the pacing runs on dt
            continue
        # a person acts, and only while the screen shows them
        assert scene.viewer == mover
        events.append(("acted", mover))
        plies = session.ply
        view = session.view(mover)
        if view.phase is Phase.CLAIMS:
            claim = scene.table.claim_button.visible
            assert claim == (Claim() in session.rules.legal_actions(view))
            d.key(pygame.K_c if claim else pygame.K_p)
        else:
            choice = heuristic_choice(view, mover)
            assert isinstance(choice, Discard)
            rect = dict(scene.table.hand_rects)[choice.card]
            d.click(rect.center)
        assert session.ply == plies + 1, app.toasts.items
    assert isinstance(d.top, overlays.ResultsScene), "the game reached the results screen"
    assert session.is_over()

    # the seat on screen changes only through the curtain, named for the new seat
    shown: int | None = None
    curtain: str | None = None
    for event in events:
        if event[0] == "curtain":
            curtain = event[1]
        elif event[0] == "table":
            if event[1] != shown:
                assert curtain == SEATS[event[1]].name, (
                    f"the screen went to seat {event[1]} without the curtain"
                )
                shown = event[1]
            curtain = None
        else:
            assert event[1] == shown, "a person acted while the screen showed someone else"
    acted = [e[1] for e in events if e[0] == "acted"]
    assert set(acted) == {0, 1}
    # two private prompts in a row (the bot's discard asks Ada, then Basil),
    # with the curtain between them
    in_a_row = [
        i
        for i in range(1, len(session.actions))
        if session.rules.to_move(session.states[i - 1]) == 0
        and session.rules.to_move(session.states[i]) == 1
        and session.states[i].phase is Phase.CLAIMS
    ]
    assert in_a_row, "Ada and Basil were asked one after the other"
    # the results screen shows the ending in words, the game's own ones included
    shown_texts: list[str] = []
    draw_text = overlays.draw_text

    def spy_text(*args: Any, **kwargs: Any) -> Any:
        shown_texts.extend(a for a in args if isinstance(a, str))
        return draw_text(*args, **kwargs)

    monkeypatch.setattr(overlays, "draw_text", spy_text)
    d.frame()
    outcome = session.outcome()
    assert session.rules.info.knows_ending(outcome.reason)
    assert outcome.reason.words in " ".join(shown_texts)
    # the log (on everyone's screen) tells a claim only at the reveal
    for line in session.log:
        assert "claim" not in line or " claims " in line, line
    sealed = [line for a, line in zip(session.actions, session.log) if not isinstance(a, Discard)]
    assert sealed and all("has answered." in line for line in sealed)


def test_the_one_person_among_bots_is_asked_only_about_discards_they_can_claim(
    driver: Driver, claim_registered: Any
) -> None:
    """Ruling R4: with one person at the table, a discard they cannot claim is
    answered Pass at once, without a prompt (no other person is there to see
    who was asked); one they can claim is asked with Claim and Pass."""
    d, app = driver, driver.app
    app.update_settings(anim_speed=0)
    entry = claim_registered
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    config = entry.default_config(3)
    session = Session(entry, config, 5, seats, threaded=False)
    scene = flow.start_game(app, entry, config, 5, seats, session=session)
    prompted: list[int] = []  # plies at which Ada was shown a claim prompt
    for _ in range(3000):
        if isinstance(d.top, overlays.ResultsScene):
            break
        if d.top is scene and scene.my_turn:
            view = session.view(0)
            if view.phase is Phase.CLAIMS:
                prompted.append(session.ply)
                assert Claim() in session.rules.legal_actions(view)
                d.frame()  # the buttons follow the position
                assert scene.table.claim_button.visible and scene.table.pass_button.visible
                d.key(pygame.K_c)
            else:
                choice = heuristic_choice(view, 0)
                d.click(dict(scene.table.hand_rects)[choice.card].center)
            continue
        d.frame(dt=0.25)
    assert session.is_over()
    asked = [
        i
        for i, a in enumerate(session.actions)
        if session.rules.to_move(session.states[i]) == 0 and session.states[i].phase is Phase.CLAIMS
    ]
    forced = [i for i in asked if i not in prompted]
    assert forced, "some discards Ada could not claim"
    for i in forced:
        assert session.actions[i] == Pass()
        assert session.rules.legal_actions(session.rules.view(session.states[i], 0)) == [Pass()]
