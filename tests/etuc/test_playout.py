"""The hard bot's fast board (tabletop/games/etuc/playout.py) held equal to
the rules, perft-style: over whole first games of seeded matches at 2 and 3
players, played by a mix of the medium bot's moves and random ones, the
board lists the rules' legal actions in their order, follows every move as
the rules make it (hands, turn, passes, the round's kind and the play to
beat, who went out, E3's immediate round ends) and ends the game with the
rules' order of places; its rule of thumb chooses as the medium bot does."""

from __future__ import annotations

import random

import pytest

from tabletop.core.game import GameConfig
from tabletop.games.etuc import playout
from tabletop.games.etuc.bot import heuristic_choice
from tabletop.games.etuc.rules import RULES, EtucState, e3_round_end, unseen_cards


def _same(deal: playout.Deal, state: EtucState) -> None:
    assert deal.turn == state.turn
    assert deal.hands == [playout.mask_of(h or ()) for h in state.hands]
    assert deal.sizes == list(state.hand_sizes)
    assert deal.passed == list(state.passed)
    assert deal.out == list(state.out)
    assert playout.KIND_OF[deal.kind] == state.kind
    last = state.last
    if last is None:
        assert deal.last == -1
    else:
        assert (deal.last, deal.last_seat) == (playout.card_id(last.cards[0]), last.seat)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(12))
def test_the_board_follows_the_rules_move_by_move(players: int, seed: int) -> None:
    state = RULES.setup(GameConfig(players), seed)
    pick = random.Random(seed)
    deal = playout.deal_of(state)
    e3 = 0
    while True:
        legal = RULES.legal_actions(state)
        assert deal.legal() == legal
        choice = heuristic_choice(state, legal)
        assert playout.shed_choice(deal, deal.legal()) == choice
        action = choice if pick.random() < 0.5 else legal[pick.randrange(len(legal))]
        after = RULES.apply(state, action)
        deal.play(action)
        e3 += e3_round_end(state, action, after)
        if after.game != state.game or after.turn is None:
            assert deal.over and tuple(deal.out) == after.results[-1].order
            break
        assert not deal.over
        _same(deal, after)
        state = after
    assert e3 <= players  # E3 is possible only where a hand empties


def test_e3_ends_the_round_on_the_board_as_in_the_rules() -> None:
    """Many seeded 3-player games: wherever the rules end a round at once
    (E3), the board does too (it is followed move by move above)."""
    found = 0
    for seed in range(40):
        state = RULES.setup(GameConfig(3), 100 + seed)
        pick = random.Random(seed)
        deal = playout.deal_of(state)
        while not deal.over:
            legal = RULES.legal_actions(state)
            action = heuristic_choice(state, legal) if pick.random() < 0.7 else pick.choice(legal)
            after = RULES.apply(state, action)
            deal.play(action)
            if e3_round_end(state, action, after):
                found += 1
                _same(deal, after)
            state = after
    assert found  # the case is met, so the comparison above ran


@pytest.mark.parametrize("players", [2, 3])
def test_a_dealer_deals_what_the_seat_does_not_see_as_determinize_does(players: int) -> None:
    """From a view in the middle of a game: the seat's own hand, the public
    record and the hand sizes kept, the other hands drawn from the cards it
    has not seen (rules.unseen_cards, which rules.determinize deals), the
    deals differing, and the same for the same generator."""
    state = RULES.setup(GameConfig(players), 5)
    for _ in range(7):
        state = RULES.apply(state, heuristic_choice(state, RULES.legal_actions(state)))
    seat = state.turn
    assert seat is not None
    view = RULES.view(state, seat)
    dealer = playout.Dealer(view, seat)
    template = playout.deal_of(state)
    unseen = playout.mask_of(unseen_cards(view, seat))
    hands = set()
    for _ in range(30):
        deal = dealer.deal(random.Random(len(hands)))
        assert deal.hands[seat] == template.hands[seat]
        assert [h.bit_count() for h in deal.hands] == deal.sizes == list(state.hand_sizes)
        assert (deal.turn, deal.passed, deal.kind, deal.last, deal.out) == (
            template.turn,
            template.passed,
            template.kind,
            template.last,
            template.out,
        )
        others = 0
        for s, h in enumerate(deal.hands):
            if s != seat:
                assert not others & h
                others |= h
        assert others & ~unseen == 0
        hands.add(tuple(deal.hands))
    assert len(hands) > 1
    again = playout.Dealer(view, seat).deal(random.Random(0))
    assert again.hands == playout.Dealer(view, seat).deal(random.Random(0)).hands
