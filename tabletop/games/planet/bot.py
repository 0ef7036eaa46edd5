"""Planet's bots: easy grows its habitat terrain, medium also races for the
animal cards on show, hard plans by the points each seat can expect at the
end. Pure; every bot is a function of its view and owns its generator.

A placement is a :class:`model.Place` (tile x free face x rotation; the rules
list each layout once, ``Tile.rotations``): up to 5 x 12 x 5 = 300 a turn.

easy
    Its habitat terrain (beginner variant: the terrain it holds most of,
    ties by the tile on offer): the placement adding the most cells of it,
    then the largest region of it; random among the placements within
    :data:`EASY_SLACK` of the best.
medium
    :class:`Judge` scores a placement: its habitat terrain's cells (what the
    habitat card will pay, about 2 points a step of 3 cells), plus for every
    animal card on show to be scored this round or later, its points to this
    seat times how well this seat stands for it against the best of the
    others (:func:`standing`: leading alone, tied, behind and by how much),
    weighted by how soon the card is scored (:data:`SOON`). Random among
    near-equal placements.
hard
    Plans by each seat's expected points at the end of the game
    (:class:`Outlook`): its animals won; each animal card still to come,
    its points times the seat's chance of winning it (a card scored at the
    end of this round to its one leader, a later card by the chance
    ``odds.win_chance`` gives its lead with the rounds left, fitted on
    self-play); its habitat card's expected points (``odds.habitat_expected``:
    the cells now and those still to come, through the card's table). Other
    seats' habitat cards are unknown: their points are averaged over the
    cards they could hold, weighed by the cells they hold. Every placement
    is weighed by this seat's expected points less the best other seat's;
    the best :data:`HARD_KEEP` are played on through the other seats' likely
    replies this round (:func:`reply`, the medium measure) and valued where
    the round ends; the best :data:`HARD_DEEP` of those are then played on
    through the end of the next round on :data:`HARD_ITERATIONS` deals of
    the hidden tiles and cards (``rules.determinize``: piles 11 and 12 from
    the rounds' known leftovers), every seat by :func:`rollout_choice`, and
    the one with the best mean margin is played. Budgets
    (:data:`BUDGETS`): the deals (the level) and seconds, a safety cap;
    untimed (``make_bot(..., timed=False)``) the deals alone.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from random import Random  # the type only: generators come from core.rng
from typing import Any

from tabletop.core import rng as rngmod
from tabletop.core.bots import MARGIN_UNIT, Assessment, level_factory
from tabletop.core.words import plural
from tabletop.games.planet import odds
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS, place
from tabletop.games.planet.model import ROUNDS, UNKNOWN, Place, PlanetState
from tabletop.games.planet.regions import _components, masks, with_tile
from tabletop.games.planet.rules import RULES, determinize, face_number, tie_key
from tabletop.games.planet.tiles import (
    ANIMALS,
    HABITATS,
    MOST,
    TERRAIN_NAMES,
    TERRAINS,
    TILES,
    TOUCH,
    Animal,
)

#: the hard bot's budget per decision: deals of the hidden tiles it plays the
#: best placements out on (the level), and seconds (a safety cap: untimed,
#: ``make_bot(..., timed=False)``, the deals alone)
HARD_ITERATIONS = 6
HARD_TIME = 0.8
#: per level, (iterations, seconds) per decision; tools/bench.py holds each
#: level's decision time to its seconds (easy and medium look once)
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.05),
    "medium": (1, 0.1),
    "hard": (HARD_ITERATIONS, HARD_TIME),
}
#: the coach speaks when a placement's margin is this many points below the
#: hard bot's choice (about an animal card's worth)
COACH_THRESHOLD = 1.5
#: placements the hard bot plays on through the others' replies this round
#: (the best by its measure before they reply)
HARD_KEEP = 10
#: of those, the best it plays on through the next round on every deal
HARD_DEEP = 4
#: placements per tile a move of the next round's play weighs (a random sample)
ROLLOUT_SAMPLE = 10
#: easy and medium pick at random among the placements this near the best
EASY_SLACK = 0.5
MEDIUM_SLACK = 0.05
#: a card scored ``d`` rounds from now counts ``SOON ** d`` (leads change)
SOON = 0.8
#: a habitat cell's worth in points (the cards pay 2 points a step of 3)
CELL_POINTS = 0.6
_INDEX = {t: i for i, t in enumerate(TERRAINS)}


# -- keys from masks ------------------------------------------------------------------


@functools.lru_cache(maxsize=1 << 16)
def _parts_of(mask: int) -> list[tuple[int, int]]:
    """``regions._components`` of a mask, remembered: a search meets the
    same planets' terrains again and again (the others' planets on every
    deal, a placement tried on several). Callers never change the list."""
    return _components(mask)


class Keys:
    """Animal keys of one planet from its terrain masks, each terrain's
    regions found once (``regions._components``), for many cards."""

    __slots__ = ("masks", "_parts", "_base")

    def __init__(self, terrain_masks: Sequence[int], base: Keys | None = None) -> None:
        self.masks = terrain_masks
        self._parts: dict[int, list[tuple[int, int]]] = {}
        self._base = base

    def parts(self, t: int) -> list[tuple[int, int]]:
        got = self._parts.get(t)
        if got is None:
            base = self._base
            if base is not None and base.masks[t] == self.masks[t]:
                got = self._parts[t] = base.parts(t)
            else:
                got = self._parts[t] = _parts_of(self.masks[t])
        return got

    def key(self, animal: Animal) -> tuple[int, ...]:
        parts = self.parts(_INDEX[animal.terrain])
        if animal.kind == MOST:
            return (len(parts),)
        y = self.masks[_INDEX[animal.other or ""]]
        if animal.kind == TOUCH:
            sizes = [p.bit_count() for p, around in parts if around & y]
        else:
            sizes = [p.bit_count() for p, around in parts if not around & y]
        sizes.sort(reverse=True)
        return tuple(sizes)

    def largest(self, t: int) -> int:
        return max((p.bit_count() for p, _ in self.parts(t)), default=0)


def _laid_masks() -> dict[tuple[int, int, int], tuple[tuple[int, int], ...]]:
    """Per (tile, face, rotation), the cells it lays as (terrain index, mask)."""
    table = {}
    for tile in TILES:
        for face in range(FACE_COUNT):
            for rotation in range(SLOTS):
                by: dict[int, int] = {}
                for cell, terrain in place(tile.terrains, face, rotation):
                    by[_INDEX[terrain]] = by.get(_INDEX[terrain], 0) | 1 << cell
                table[tile.index, face, rotation] = tuple(by.items())
    return table


_LAID = _laid_masks()


def placed_masks(base: Sequence[int], action: Place) -> tuple[int, ...]:
    """``base`` (a planet's masks) with ``action``'s tile laid."""
    out = list(base)
    for t, m in _LAID[action.tile, action.face, action.rotation]:
        out[t] |= m
    return tuple(out)


# -- what a seat plays for ------------------------------------------------------------


def habitat_of(view: PlanetState, seat: int, extra: str = "") -> str:
    """The terrain ``seat`` grows: its habitat card's, or (beginner variant,
    or a card it cannot see) the terrain it holds most of, ``extra`` (say the
    tiles on offer) breaking ties."""
    own = view.habitats[seat]
    if own is not None:
        return own
    planet = view.planets[seat]
    return max(TERRAINS, key=lambda t: (planet.count(t), extra.count(t), -_INDEX[t]))


def card_points(view: PlanetState, seat: int, card: int) -> int:
    if view.beginner:
        return 1
    return 1 if ANIMALS[card].terrain == view.habitats[seat] else 2


def habitat_value(view: PlanetState, seat: int, count: int) -> float:
    """What ``count`` cells of the seat's habitat terrain are worth: the card's
    points now plus a share of the next step (none in the beginner variant)."""
    terrain = view.habitats[seat]
    if terrain is None:
        return 0.0
    card = HABITATS[terrain]
    now = card.score(count)
    nxt = [(c, p) for c, p in zip(card.cells, card.points) if c > count]
    if not nxt:
        return float(now)
    cells, points = nxt[0]
    below = max((c for c in card.cells if c <= count), default=0)
    return now + (points - now) * (count - below) / max(1, cells - below) * 0.8


def coming_cards(view: PlanetState) -> list[tuple[int, int]]:
    """The animal cards on show still to be scored, with their round."""
    out: list[tuple[int, int]] = []
    for r in range(max(view.round, 1), ROUNDS + 1):
        out.extend((card, r) for card in view.board.column(r) if card != UNKNOWN)
    return out


def standing(mine: tuple[int, ...], best: tuple[int, ...], final: bool) -> float:
    """How well a key stands against the best of the others' keys, 0-1: the
    card's share this seat can count on (leading alone by more is safer;
    tied, the card waits; in round 12 ``rules.tie_key`` breaks ties, as the
    rules' ``award`` does)."""
    m = mine[0] if mine else 0
    o = best[0] if best else 0
    if m == 0:
        return 0.0
    if final and m == o:
        mp, op = tie_key(mine), tie_key(best)
        return 1.0 if mp > op else 0.0 if mp < op else 0.1
    d = m - o
    if d > 0:
        return min(1.0, 0.7 + 0.1 * d)
    if d == 0:
        return 0.35
    return max(0.0, 0.25 + 0.06 * d)


@dataclass
class Race:
    """One card this seat may race for: its animal, points, weight, and the
    best of the other seats' keys."""

    card: int
    round: int
    animal: Animal
    value: float
    best_other: tuple[int, ...]
    final: bool


def races(view: PlanetState, seat: int) -> list[Race]:
    out = []
    keys = [Keys(masks(p)) for p in view.planets]
    for card, r in coming_cards(view):
        animal = ANIMALS[card]
        others = [keys[s].key(animal) for s in range(view.players) if s != seat]
        best = max(others, default=())
        value = card_points(view, seat, card) * SOON ** (r - view.round)
        out.append(Race(card, r, animal, value, best, r == ROUNDS))
    return out


def _touches(animal: Animal, laid: set[str]) -> bool:
    return animal.terrain in laid or (animal.other is not None and animal.other in laid)


class Judge:
    """The medium measure for ``seat`` in ``view`` (the module docstring)."""

    def __init__(self, view: PlanetState, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.base = masks(view.planets[seat])
        self.races = races(view, seat)
        self.home = habitat_of(view, seat, "".join(TILES[t].terrains for t in view.revealed))
        self.base_keys = Keys(self.base)
        self.old = [
            (r, standing(self.base_keys.key(r.animal), r.best_other, r.final)) for r in self.races
        ]
        self.standings = sum(r.value * was for r, was in self.old)
        self._touched: dict[int, list[tuple[Race, float]]] = {}

    def touched(self, tile: int) -> list[tuple[Race, float]]:
        """The races a tile's terrains can change, with their standing now."""
        got = self._touched.get(tile)
        if got is None:
            laid = set(TILES[tile].terrains)
            got = self._touched[tile] = [
                (r, was) for r, was in self.old if _touches(r.animal, laid)
            ]
        return got

    def score(self, action: Place) -> float:
        new = placed_masks(self.base, action)
        keys = Keys(new, self.base_keys)
        h = _INDEX[self.home]
        total = self.standings
        if self.view.habitats[self.seat] is not None:
            total += habitat_value(self.view, self.seat, new[h].bit_count())
            total += 0.02 * keys.largest(h)
        else:
            total += 0.1 * new[h].bit_count() + 0.02 * keys.largest(h)
        for race, was in self.touched(action.tile):
            total += race.value * (
                standing(keys.key(race.animal), race.best_other, race.final) - was
            )
        return total


def pick_near(scored: Sequence[tuple[float, Place]], slack: float, rng: Random) -> Place:
    best = max(s for s, _ in scored)
    near = [a for s, a in scored if s >= best - slack]
    return near[rng.randrange(len(near))]


# -- the levels -------------------------------------------------------------------------


def easy_score(
    view: PlanetState, seat: int, action: Place, base: Sequence[int], home: str
) -> float:
    new = placed_masks(base, action)
    h = _INDEX[home]
    return new[h].bit_count() + 0.1 * Keys(new).largest(h)


class EasyBot:
    """Grows its habitat terrain (module docstring)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "planet-easy", seat)
        self.time_budget: float | None = None
        #: easy looks once: never cut by a clock
        self.clock_cut = False

    def choose(self, view: PlanetState) -> Place:
        legal = RULES.legal_actions(view)
        base = masks(view.planets[self.seat])
        home = habitat_of(view, self.seat, "".join(TILES[t].terrains for t in view.revealed))
        scored = [(easy_score(view, self.seat, a, base, home), a) for a in legal]
        return pick_near(scored, EASY_SLACK, self.rng)

    def explain(self, view: PlanetState, action: Place) -> str:
        return reason(view, self.seat, action)


class MediumBot:
    """Races for the animals on show as well (module docstring)."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "planet-medium", seat)
        self.time_budget: float | None = None
        #: medium looks once: never cut by a clock
        self.clock_cut = False

    def choose(self, view: PlanetState) -> Place:
        judge = Judge(view, self.seat)
        scored = [(judge.score(a), a) for a in RULES.legal_actions(view)]
        return pick_near(scored, MEDIUM_SLACK, self.rng)

    def explain(self, view: PlanetState, action: Place) -> str:
        return reason(view, self.seat, action)


# -- the hard bot's measure: expected points at the end -------------------------------


def _beliefs(view: PlanetState, seat: int) -> tuple[tuple[tuple[str, float], ...], ...]:
    """Per seat, its habitat card's terrain as far as ``seat`` knows: its own
    for certain; another seat's among the terrains no card shown to ``seat``
    holds (no two cards alike), the likelier the more of it its planet
    holds (``odds.habitat_odds``); none in the beginner game."""
    if view.beginner:
        return ((),) * view.players
    known = {h for h in view.habitats if h is not None}
    free = [i for i, t in enumerate(TERRAINS) if t not in known]
    out: list[tuple[tuple[str, float], ...]] = []
    for s in range(view.players):
        own = view.habitats[s]
        if own is not None:
            out.append(((own, 1.0),))
            continue
        counts = [view.planets[s].count(t) for t in TERRAINS]
        chances = odds.habitat_odds(counts, free)
        out.append(tuple((TERRAINS[i], p) for i, p in zip(free, chances, strict=True)))
    return tuple(out)


class Outlook:
    """Every seat's expected points at the end of the game, from ``view``
    once the round's placements are made (the hard bot's measure): its
    animals won; for each animal card on show still to come, its points to
    the seat times the seat's chance of winning it (a card scored at the end
    of this round goes to the one seat leading it, ties carrying it on;
    later cards by ``odds.win_chance``: the lead and the rounds left); and
    its habitat card's expected points (``odds.habitat_expected``). Another
    seat's habitat card is unknown: its points are averaged over the cards it
    could hold (:func:`_beliefs`). With ``placed`` False, the round in
    ``view`` has not begun: its cards have a round of placements to come.
    """

    def __init__(self, view: PlanetState, seat: int, placed: bool = True) -> None:
        self.view = view
        self.seat = seat
        self.players = n = view.players
        self.final_round = view.round == ROUNDS and placed
        self.beliefs = _beliefs(view, seat)
        self.cards: list[tuple[Animal, int, tuple[float, ...], tuple[float, ...]]] = []
        for card, r in coming_cards(view):
            animal = ANIMALS[card]
            # rounds of placements still to come before the card is scored
            j = r - view.round + (0 if placed else 1)
            odds_now = odds.chances(animal.kind, max(1, j), n)
            points = tuple(self.card_points(s, animal) for s in range(n))
            self.cards.append((animal, j, odds_now, points))
        self.won = [sum(self.card_points(s, ANIMALS[c]) for c in view.animals[s]) for s in range(n)]
        self.base = [masks(p) for p in view.planets]
        self.base_keys = [Keys(m) for m in self.base]
        self.free = [len(view.free_faces(s)) for s in range(n)]

    def card_points(self, seat: int, animal: Animal) -> float:
        """An animal's points to ``seat``: 1 on its habitat terrain, else 2
        (beginner: 1), averaged over the habitat cards it could hold."""
        if self.view.beginner:
            return 1.0
        return 2.0 - sum(p for t, p in self.beliefs[seat] if t == animal.terrain)

    def habitat(self, seat: int, seat_masks: Sequence[int], free: int) -> float:
        return sum(
            p * odds.habitat_expected(t, seat_masks[_INDEX[t]].bit_count(), free)
            for t, p in self.beliefs[seat]
        )

    def values(self, keys: Sequence[Keys], free: Sequence[int]) -> list[float]:
        """Each seat's expected points with the planets of ``keys`` and
        ``free`` faces left on each, the round's placements all made."""
        n = self.players
        out = [self.won[s] + self.habitat(s, keys[s].masks, free[s]) for s in range(n)]
        seats = range(n)
        clip = odds.LEAD_CLIP
        for animal, j, row, points in self.cards:
            ks = [keys[s].key(animal) for s in seats]
            firsts = [k[0] if k else 0 for k in ks]
            if j == 0:  # scored at the end of this round
                best = max(firsts)
                lead = [s for s in seats if firsts[s] == best] if best else []
                if len(lead) > 1 and self.final_round and animal.kind != MOST:
                    top = max(tie_key(ks[s]) for s in lead)
                    lead = [s for s in lead if tie_key(ks[s]) == top]
                if len(lead) == 1:
                    out[lead[0]] += points[lead[0]]
                    continue
                if self.final_round:
                    continue  # set aside
            for s in seats:
                if not firsts[s]:
                    out[s] += points[s] * row[-1]
                    continue
                other = max(firsts[t] for t in seats if t != s)
                d = firsts[s] - other
                out[s] += points[s] * row[(clip if d > clip else -clip if d < -clip else d) + clip]
        return out

    def margin(self, values: Sequence[float]) -> float:
        """This seat's expected points less the best other seat's."""
        return values[self.seat] - max(v for s, v in enumerate(values) if s != self.seat)


def _laid(state: PlanetState, action: Place) -> PlanetState:
    """``state`` with the seat to move's placement made, the round never
    ended (the measure scores the round's cards itself)."""
    seat = state.turn
    assert seat is not None
    placed = list(state.placed[seat])
    placed[action.face] = (action.tile, action.rotation)
    revealed = list(state.revealed)
    revealed.remove(action.tile)
    return replace(
        state,
        planets=_swap(
            state.planets,
            seat,
            with_tile(
                state.planets[seat], TILES[action.tile].terrains, action.face, action.rotation
            ),
        ),
        placed=_swap(state.placed, seat, tuple(placed)),
        revealed=tuple(revealed),
        taken=state.taken + 1,
    )


def _swap(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def reply(state: PlanetState) -> Place:
    """The placement the seat to move in ``state`` (a view) is expected to
    make: the best by the medium measure (:class:`Judge`), first of equals."""
    seat = state.turn
    assert seat is not None
    judge = Judge(state, seat)
    best: tuple[float, Place] | None = None
    for a in RULES.legal_actions(state):
        s = judge.score(a)
        if best is None or s > best[0]:
            best = (s, a)
    assert best is not None
    return best[1]


def rollout_choice(state: PlanetState, rng: Random) -> Place:
    """A quick move for the seat to move in a full state, for playing a
    round out: the best by the medium measure among :data:`ROLLOUT_SAMPLE`
    random placements of each tile on offer."""
    seat = state.turn
    assert seat is not None
    judge = Judge(state, seat)
    faces = state.free_faces(seat)
    best: tuple[float, Place] | None = None
    for tile in sorted(set(state.revealed)):
        for _ in range(min(ROLLOUT_SAMPLE, len(faces) * SLOTS)):
            a = Place(tile, faces[rng.randrange(len(faces))], rng.randrange(SLOTS))
            s = judge.score(a)
            if best is None or s > best[0]:
                best = (s, a)
    assert best is not None
    return best[1]


class HardBot:
    """Plans by expected points at the end (:class:`Outlook`), in three
    steps: weighs every placement by it; plays the best :data:`HARD_KEEP`
    on through the others' likely replies this round (:func:`reply`) and
    values each where the round ends, as this seat's expected points less
    the best other seat's; then, on ``iterations`` deals of the hidden
    tiles and cards (``rules.determinize``), plays the best
    :data:`HARD_DEEP` of those on through the end of the next round (every
    seat by :func:`rollout_choice`) and values each by its mean margin
    there. ``time_budget`` seconds cap a decision: a step's next candidate
    or deal is begun only while they last (:attr:`clock_cut` says they
    ended it)."""

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = HARD_ITERATIONS,
        time_budget: float | None = HARD_TIME,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "planet-hard", seat)
        self.iterations = iterations
        self.time_budget = time_budget
        self.clock = clock
        #: the last decision's values of the placements it chose among
        self.last_values: dict[Place, float] = {}
        #: the deals the last decision played out on (the next round's look)
        self.last_deals: list[PlanetState] = []
        #: True when the last decision ended on its seconds, not its budget
        self.clock_cut = False
        self._cancel = threading.Event()
        self._deadline: float | None = None

    def cancel(self) -> None:
        """Ask a running choice (on another thread) to stop before its next
        candidate or deal; it answers from what it weighed (the first
        candidate always is)."""
        self._cancel.set()

    def _stop(self, started: float, longest: float) -> bool:
        """True when one more step as long as ``longest`` would end past the
        seconds (then :attr:`clock_cut`), or the choice was cancelled."""
        if self._deadline is not None and started + longest > self._deadline:
            self.clock_cut = True
            return True
        return self._cancel.is_set()

    def ranked(self, view: PlanetState) -> list[tuple[float, Place]]:
        """Every legal placement with its value by :class:`Outlook` before
        the others reply, best first (legal order among equals)."""
        outlook = Outlook(view, self.seat)
        keys = list(outlook.base_keys)
        free = list(outlook.free)
        free[self.seat] -= 1
        me = self.seat
        base = outlook.base[me]
        scored = []
        for a in RULES.legal_actions(view):
            keys[me] = Keys(placed_masks(base, a), outlook.base_keys[me])
            scored.append((outlook.margin(outlook.values(keys, free)), a))
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i] for i in order]

    def look_ahead(self, view: PlanetState, action: Place) -> float:
        """``action`` played, the others after this seat reply this round
        (:func:`reply`); the margin where the round ends."""
        state = _laid(view, action)
        while state.taken < state.players:
            state = _laid(state, reply(state))
        outlook = Outlook(view, self.seat)
        keys = [Keys(masks(p)) for p in state.planets]
        free = [len(state.free_faces(s)) for s in range(state.players)]
        return outlook.margin(outlook.values(keys, free))

    def play_on(self, deal: PlanetState, action: Place) -> float:
        """On ``deal`` (a full state), ``action`` played and every seat's
        moves to the end of the next round (:func:`rollout_choice`); the
        margin there, by :class:`Outlook` from this seat's view."""
        state = RULES.apply(deal, action)
        horizon = deal.round + 1
        while not state.over and state.round <= horizon:
            state = RULES.apply(state, rollout_choice(state, self.rng))
        outlook = Outlook(RULES.view(state, self.seat), self.seat, placed=state.over)
        keys = [Keys(masks(p)) for p in state.planets]
        free = [len(state.free_faces(s)) for s in range(state.players)]
        return outlook.margin(outlook.values(keys, free))

    def choose(self, view: PlanetState) -> Place:
        start = self.clock()
        self._deadline = None if self.time_budget is None else start + self.time_budget
        self.clock_cut = False
        self._cancel.clear()
        kept = [a for _, a in self.ranked(view)[:HARD_KEEP]]
        first = {a: i for i, a in enumerate(kept)}
        near: dict[Place, float] = {}
        longest = 0.0
        for a in kept:
            now = self.clock()
            if near and self._stop(now, longest):
                break
            near[a] = self.look_ahead(view, a)
            longest = max(longest, self.clock() - now)
        self.last_values = near
        self.last_deals = []
        deep = sorted(near, key=lambda a: (-near[a], first[a]))[:HARD_DEEP]
        if len(deep) < 2 or view.round >= ROUNDS or self.clock_cut:
            return max(near, key=lambda a: (near[a], -first[a]))
        totals = dict.fromkeys(deep, 0.0)
        longest = 0.0
        for _ in range(self.iterations):
            now = self.clock()
            if self.last_deals and self._stop(now, longest):
                break
            deal = determinize(view, self.seat, self.rng)
            for a in deep:
                totals[a] += self.play_on(deal, a)
            self.last_deals.append(deal)
            longest = max(longest, self.clock() - now)
        if not self.last_deals:
            return max(near, key=lambda a: (near[a], -first[a]))
        self.last_values = {a: totals[a] / len(self.last_deals) for a in deep}
        return max(deep, key=lambda a: (self.last_values[a], near[a], -first[a]))

    #: how a value of the look-ahead reads, and the loss the coach speaks at
    value_unit = MARGIN_UNIT
    coach_threshold = COACH_THRESHOLD

    def assess(self, view: PlanetState, played: Place) -> Assessment:
        """``played`` (legal in ``view``) against the bot's own choice: the
        bot decides as it would for a hint, then ``played`` is valued by the
        same look-ahead as the placements it chose among (on the same deals
        when it played them out), both as this seat's margin over the best
        other planet in expected points."""
        best = self.choose(view)
        reason = self.explain(view, best)
        best_value = self.last_values[best]
        if played == best:
            played_value = best_value
        elif played in self.last_values:
            played_value = self.last_values[played]
        elif self.last_deals:
            deals = self.last_deals
            played_value = sum(self.play_on(d, played) for d in deals) / len(deals)
        else:
            played_value = self.look_ahead(view, played)
        return Assessment(
            played, best, played_value, best_value, self.value_unit, self.coach_threshold, reason
        )

    def explain(self, view: PlanetState, action: Place) -> str:
        why = reason(view, self.seat, action)
        if action in self.last_values and len(self.last_values) > 1:
            if self.last_deals:
                why += (
                    f" (played on through the next round on "
                    f"{plural(len(self.last_deals), 'deal')} of the hidden tiles)"
                )
            else:
                why += (
                    f" (weighed {plural(len(self.last_values), 'placement')} against the replies)"
                )
        return why


# -- words ------------------------------------------------------------------------------


def _region_words(before: Keys, after: Keys, terrain: str, laid: int) -> str:
    """What placing cells ``laid`` of ``terrain`` does to its regions."""
    t = _INDEX[terrain]
    name = TERRAIN_NAMES[terrain]
    new_parts = [p for p, _ in after.parts(t) if p & laid]
    if not new_parts:
        return ""
    part = max(new_parts, key=lambda p: p.bit_count())
    joined = [p for p, _ in before.parts(t) if p & part]
    size = part.bit_count()
    if len(joined) >= 2:
        return f"joins {_count_words(len(joined))} {name} regions into one of {size}"
    article = "an" if name[0] in "aeiou" else "a"
    if len(joined) == 1:
        return f"grows {article} {name} region to {size}"
    return f"starts {article} {name} region of {size}"


def _count_words(n: int) -> str:
    return {2: "two", 3: "three", 4: "four", 5: "five"}.get(n, str(n))


def reason(view: PlanetState, seat: int, action: Place) -> str:
    """A placement's reason in a player's words: what it does to its terrain's
    regions, then the animal leads it takes, ties or loses, else what it
    brings the habitat card."""
    base = masks(view.planets[seat])
    new = placed_masks(base, action)
    before, after = Keys(base), Keys(new)
    tile = TILES[action.tile].terrains
    home = habitat_of(view, seat, tile)
    gains, ties, losses = [], [], []
    first: str | None = None
    for race in races(view, seat):
        if not _touches(race.animal, set(tile)):
            continue
        was = standing(before.key(race.animal), race.best_other, race.final)
        now = standing(after.key(race.animal), race.best_other, race.final)
        what = f"the {race.animal.name} ({race.animal.condition})"
        if now >= 0.7 > was:
            gains.append(what)
        elif now == 0.35 and was < 0.35:
            ties.append(what)
        elif was >= 0.7 > now:
            losses.append(what)
        else:
            continue
        if first is None and now > was and race.animal.terrain in tile:
            first = race.animal.terrain
    main = first or sorted(set(tile), key=lambda t: (t != home, -tile.count(t), _INDEX[t]))[0]
    laid = new[_INDEX[main]] & ~base[_INDEX[main]]
    head = f"{TERRAIN_NAMES[main].capitalize()} on face {face_number(action.face)}"
    parts = [_region_words(before, after, main, laid)]
    if gains:
        parts.append("taking the lead for " + " and ".join(gains[:2]))
    if ties:
        parts.append("drawing level for " + " and ".join(ties[:2]))
    if losses:
        parts.append("giving up the lead for " + " and ".join(losses[:2]))
    habitat = view.habitats[seat]
    if not (gains or ties) and habitat is not None and habitat in tile:
        count = new[_INDEX[habitat]].bit_count()
        points = HABITATS[habitat].score(count)
        parts.append(
            f"bringing your {TERRAIN_NAMES[habitat]} to {plural(count, 'cell')} "
            f"({plural(points, 'point')} on your habitat card)"
        )
    elif not (gains or ties) and habitat is None and home in tile:
        parts.append(f"growing your {TERRAIN_NAMES[home]}, your largest terrain")
    said = [p for p in parts if p] or ["the tile that harms your standings least"]
    return f"{head}: " + ", ".join(said)


# -- the factory ------------------------------------------------------------------------

#: a bot of a level for a seat (core.bots.level_factory)
make_bot = level_factory(EasyBot, MediumBot, HardBot, HARD_TIME)


def level_notes() -> dict[str, str]:
    """Each level in words, for the setup screen."""
    return {
        "easy": "Grows its habitat terrain (in the beginner game, the terrain it has most of), "
        "choosing at random among placements about as good.",
        "medium": "Also races for the animal cards on show: who leads each one now, and "
        "how soon it is scored, against what its habitat card pays.",
        "hard": "Plans for the end of the game: counts each animal card still to come by its "
        "chance of winning it (its lead, and the rounds left for the others to catch up) "
        "and its habitat card by the cells still to come; expects the others' replies "
        "this round, then plays its best few placements on through the next round on "
        f"{HARD_ITERATIONS} guesses of the hidden tiles (at most {HARD_TIME:g} s).",
    }


__all__ = [
    "BUDGETS",
    "EasyBot",
    "HARD_ITERATIONS",
    "HARD_TIME",
    "HardBot",
    "MediumBot",
    "level_notes",
    "make_bot",
    "reason",
]
