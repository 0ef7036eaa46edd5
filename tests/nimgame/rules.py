"""Nim with a secret reserve: a tiny game that exists only for the tests.

It goes through the same registry API as the shipped games and touches every
part of the Rules protocol: setup from a seed, variants, chance drawn from
(seed, counter) inside ``apply``, hidden information behind ``view``, undo
barriers, an outcome with a reason, ``describe``, ``log_line`` and
``invariants``.

Rules (also in ``rules.txt``): three heaps of 3 to 7 stones. On your turn take
1 to ``max_take`` stones from one heap, or once per game place your secret
reserve (0 to 2 stones, dealt at setup, seen only by you) on the smallest
non-empty heap. Whoever takes the last stone wins. With the ``chance`` variant,
after every third take that leaves stones on the table, one stone is added to a
random non-empty heap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.core import rng, shapes
from tabletop.core.game import (
    EndReason,
    GameConfig,
    GameInfo,
    IllegalAction,
    Outcome,
    ScoreSheet,
    SheetRow,
    Variant,
)
from tabletop.core.words import quote

HEAPS = 3
HEAP_MIN, HEAP_MAX = 3, 7
RESERVE_MAX = 2
GIFT_EVERY = 3


@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from heap number ``heap`` (1-based, as printed)."""

    heap: int
    count: int

    def malformed(self) -> str | None:
        """Why this is no take at all (not whole numbers), or None."""
        return shapes.whole(self.heap, "heap number") or shapes.whole(
            self.count, "number of stones"
        )

    def __str__(self) -> str:
        return f"take {quote(self.count)} from heap {quote(self.heap)}"


@dataclass(frozen=True)
class Reserve:
    """Place your secret reserve on the smallest non-empty heap (once a game)."""

    def __str__(self) -> str:
        return "place reserve"


NimAction = Take | Reserve


@dataclass(frozen=True)
class NimState:
    heaps: tuple[int, ...]
    #: each seat's secret reserve; None where this view may not see it
    reserves: tuple[int | None, ...]
    #: whose reserve is already on the table (and so public)
    placed: tuple[bool, ...]
    #: seat to move, None once the game is over
    turn: int | None
    max_take: int
    chance: bool
    #: seed of the gift draws, rng.derive(setup seed, "gift"); None in a view
    chance_seed: int | None
    #: stones on the heaps at setup
    initial: int
    takes: int = 0
    #: gifts drawn so far: the counter of the next draw
    gifts: int = 0
    winner: int | None = None
    #: the public log: (seat, action) for every action played
    history: tuple[tuple[int, Take | Reserve], ...] = ()

    @property
    def players(self) -> int:
        return len(self.reserves)


def _smallest_heap(heaps: Sequence[int]) -> int:
    """Index of the smallest non-empty heap (lowest index on a tie)."""
    return min((h, i) for i, h in enumerate(heaps) if h > 0)[1]


class NimRules:
    info = GameInfo(
        name="nim",
        title="Nim",
        blurb=(
            "Take stones from three heaps; whoever takes the last stone wins. "
            "Each player hides a small reserve to drop on the smallest heap once."
        ),
        min_players=2,
        max_players=3,
        variants=(
            Variant(
                "chance",
                "Gifts",
                (False, True),
                False,
                "After every third take a stone appears on a random heap.",
            ),
            Variant("max_take", "Most stones per take", (2, 3, 4), 3),
        ),
        # stones <= 3*7 + 3*2 + takes/3 and every take removes one: takes <= 40,
        # plus at most three reserves
        max_actions=60,
        score_bounds=(0.0, 1.0),
        hidden_information=True,
    )

    # -- the protocol ------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> NimState:
        players = config.players
        if not self.info.min_players <= players <= self.info.max_players:
            raise ValueError(f"Nim is for 2 or 3 players, not {players}")
        max_take = int(config.get("max_take", 3))
        if max_take not in self.info.variant("max_take").choices:
            raise ValueError(f"max_take must be 2, 3 or 4, not {max_take}")
        deal = rng.make(seed, "heaps")
        heaps = tuple(deal.randint(HEAP_MIN, HEAP_MAX) for _ in range(HEAPS))
        secret = rng.make(seed, "reserves")
        reserves = tuple(secret.randint(0, RESERVE_MAX) for _ in range(players))
        return NimState(
            heaps=heaps,
            reserves=reserves,
            placed=(False,) * players,
            turn=0,
            max_take=max_take,
            chance=bool(config.get("chance", False)),
            chance_seed=rng.derive(seed, "gift"),
            initial=sum(heaps),
        )

    def to_move(self, state: NimState) -> int | None:
        return state.turn

    def legal_actions(self, state: NimState) -> list[NimAction]:
        seat = state.turn
        if seat is None:
            return []
        actions: list[NimAction] = [
            Take(i + 1, c)
            for i, h in enumerate(state.heaps)
            for c in range(1, min(h, state.max_take) + 1)
        ]
        if not state.placed[seat]:
            actions.append(Reserve())
        return actions

    def check(self, state: NimState, action: object) -> str | None:
        why = shapes.malformed(action, (Take, Reserve), "That is not a Nim move.")
        if why is not None:
            return why
        if action in self.legal_actions(state):
            return None
        if state.turn is None:
            return "The game is over."
        if isinstance(action, Reserve):
            return "You have already placed your reserve."
        assert isinstance(action, Take)
        if not 1 <= action.heap <= len(state.heaps):
            return f"There is no heap {action.heap}."
        stones = state.heaps[action.heap - 1]
        if stones == 0:
            return f"Heap {action.heap} is empty."
        if action.count < 1:
            return "Take at least one stone."
        if action.count > state.max_take:
            return f"You may take at most {state.max_take} stones."
        return f"Heap {action.heap} has only {stones} stone{'s' if stones > 1 else ''}."

    def apply(self, state: NimState, action: NimAction) -> NimState:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = state.turn
        assert seat is not None
        heaps = list(state.heaps)
        reserves, placed = state.reserves, state.placed
        takes, gifts, winner = state.takes, state.gifts, state.winner
        if isinstance(action, Reserve):
            amount = reserves[seat]
            if amount is None:
                raise ValueError("placing a reserve needs the full state, not a view")
            heaps[_smallest_heap(heaps)] += amount
            placed = placed[:seat] + (True,) + placed[seat + 1 :]
        else:
            heaps[action.heap - 1] -= action.count
            takes += 1
            if not any(heaps):
                winner = seat
            elif state.chance and takes % GIFT_EVERY == 0:
                if state.chance_seed is None:
                    raise ValueError("drawing a gift needs the full state, not a view")
                draw = rng.make(state.chance_seed, gifts)
                nonempty = [i for i, h in enumerate(heaps) if h > 0]
                heaps[draw.choice(nonempty)] += 1
                gifts += 1
        return NimState(
            heaps=tuple(heaps),
            reserves=reserves,
            placed=placed,
            turn=None if winner is not None else (seat + 1) % len(reserves),
            max_take=state.max_take,
            chance=state.chance,
            chance_seed=state.chance_seed,
            initial=state.initial,
            takes=takes,
            gifts=gifts,
            winner=winner,
            history=(*state.history, (seat, action)),
        )

    def is_over(self, state: NimState) -> bool:
        return state.winner is not None

    def outcome(self, state: NimState) -> Outcome:
        if state.winner is None:
            raise ValueError("the game is not over")
        scores = [1.0 if s == state.winner else 0.0 for s in range(state.players)]
        return Outcome.from_scores(
            scores,
            EndReason.LAST_OBJECT_TAKEN,
            detail=f"{{{state.winner}}} took the last stone.",
        )

    def score_sheet(self, state: NimState) -> ScoreSheet:
        """One row: the stone that won (a point for the seat that took it)."""
        took = tuple(1.0 if s == state.winner else 0.0 for s in range(state.players))
        return ScoreSheet.summed([SheetRow("Took the last stone", took)], state.players)

    def view(self, state: NimState, seat: int) -> NimState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        reserves = tuple(
            r if s == seat or state.placed[s] else None for s, r in enumerate(state.reserves)
        )
        return NimState(
            heaps=state.heaps,
            reserves=reserves,
            placed=state.placed,
            turn=state.turn,
            max_take=state.max_take,
            chance=state.chance,
            chance_seed=None,
            initial=state.initial,
            takes=state.takes,
            gifts=state.gifts,
            winner=state.winner,
            history=state.history,
        )

    # -- optional hooks ----------------------------------------------------
    def describe(self, state: NimState) -> str:
        heaps = "  ".join(f"{i + 1}:{h}" for i, h in enumerate(state.heaps))
        reserves = "  ".join(
            f"P{s + 1}:{'?' if r is None else r}{' (placed)' if p else ''}"
            for s, (r, p) in enumerate(zip(state.reserves, state.placed))
        )
        if state.winner is not None:
            status = f"Player {state.winner + 1} took the last stone"
        else:
            status = f"Player {(state.turn or 0) + 1} to move"
        rule = f"take 1-{state.max_take}" + (", gifts" if state.chance else "")
        return f"Nim ({rule})\nheaps     {heaps}\nreserves  {reserves}\n{status}"

    def log_line(
        self, state: NimState, action: NimAction, after: NimState, names: Sequence[str]
    ) -> str:
        seat = state.turn
        who = names[seat] if seat is not None and seat < len(names) else "?"
        if isinstance(action, Reserve):
            amount = after.reserves[seat] if seat is not None else None
            heap = _smallest_heap(state.heaps) + 1
            stones = "?" if amount is None else str(amount)
            return f"{who} places a reserve of {stones} on heap {heap}."
        line = f"{who} takes {action.count} from heap {action.heap}."
        if after.gifts > state.gifts:
            grew = [i for i, (a, b) in enumerate(zip(state.heaps, after.heaps)) if b > a]
            heap = grew[0] + 1 if grew else action.heap
            line += f" A stone appears on heap {heap}."
        return line

    def undo_barrier(self, before: NimState, action: NimAction, after: NimState) -> bool:
        """Placing a reserve reveals it; a gift draws randomness."""
        return isinstance(action, Reserve) or after.gifts > before.gifts

    def reveals(self, before: NimState, action: NimAction, after: NimState, seat: int) -> bool:
        """A take shows nothing hidden; a reserve is a barrier already."""
        return False

    def invariants(self, state: NimState) -> None:
        n = state.players
        assert len(state.heaps) == HEAPS, "three heaps"
        assert all(h >= 0 for h in state.heaps), f"negative heap in {state.heaps}"
        assert len(state.placed) == n, "one placed flag per seat"
        assert all(r is None or 0 <= r <= RESERVE_MAX for r in state.reserves), "reserve range"
        assert all(state.reserves[s] is not None for s in range(n) if state.placed[s]), (
            "a placed reserve is public"
        )
        assert (state.turn is None) == (state.winner is not None), "turn xor winner"
        assert (state.winner is None) == any(state.heaps), "over exactly when the heaps are empty"
        takes = [a for _, a in state.history if isinstance(a, Take)]
        assert state.takes == len(takes), "take counter matches the log"
        reserve_seats = [s for s, a in state.history if isinstance(a, Reserve)]
        assert sorted(reserve_seats) == [s for s in range(n) if state.placed[s]], "reserves once"
        if state.chance:
            assert (state.takes - 1) // GIFT_EVERY <= state.gifts <= state.takes // GIFT_EVERY
        else:
            assert state.gifts == 0, "no gifts without the chance variant"
        placed = sum(r or 0 for r, p in zip(state.reserves, state.placed) if p)
        taken = sum(a.count for a in takes)
        assert sum(state.heaps) == state.initial + placed + state.gifts - taken, (
            "stones are conserved"
        )
