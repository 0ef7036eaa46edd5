"""Planet's bots: easy grows its habitat terrain, medium also races for the
animal cards on show, hard looks ahead on sampled tiles and the opponents'
standings. Pure; every bot is a function of its view and owns its generator.

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
    Scores every placement as medium does, keeps the best :data:`HARD_KEEP`,
    then, per sample (``rules.determinize`` of the view: the hidden piles and
    habitat cards dealt), plays each kept placement, the rest of this round
    and the next round greedily for everyone (:func:`rollout_choice`, the
    medium measure over a sample of placements) and judges where it ends for
    every seat (:func:`worth`: animals won, habitat points, standings on the
    cards still to come); a placement's value is its worth less the best
    opponent's, averaged over the samples. Budgets as Phantom Rummy's
    (:data:`BUDGETS`): an iteration cap (samples) and seconds, whichever
    comes first; untimed (``make_bot(..., timed=False)``) the cap alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import MARGIN_UNIT, Assessment, level_factory
from tabletop.core.words import plural
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS, place
from tabletop.games.planet.model import ROUNDS, UNKNOWN, Place, PlanetState
from tabletop.games.planet.regions import _components, masks
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

#: the hard bot's limits per decision: samples of the hidden tiles, seconds
HARD_TIME = 0.25
HARD_ITERATIONS = 10
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
#: placements the hard bot looks ahead on (the best by the medium measure)
HARD_KEEP = 6
#: placements per tile a rollout weighs for each move (a random sample)
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
                got = self._parts[t] = _components(self.masks[t])
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

    def choose(self, view: PlanetState) -> Place:
        judge = Judge(view, self.seat)
        scored = [(judge.score(a), a) for a in RULES.legal_actions(view)]
        return pick_near(scored, MEDIUM_SLACK, self.rng)

    def explain(self, view: PlanetState, action: Place) -> str:
        return reason(view, self.seat, action)


def rollout_choice(state: PlanetState, rng: Random) -> Place:
    """A quick greedy move for the seat to move in a full state: the medium
    measure over :data:`ROLLOUT_SAMPLE` random placements of each tile."""
    seat = state.turn
    assert seat is not None
    judge = Judge(state, seat)
    faces = state.free_faces(seat)
    best: tuple[float, Place] | None = None
    for tile in set(state.revealed):
        for _ in range(min(ROLLOUT_SAMPLE, len(faces) * 5)):
            a = Place(tile, faces[rng.randrange(len(faces))], rng.randrange(5))
            s = judge.score(a)
            if best is None or s > best[0]:
                best = (s, a)
    assert best is not None
    return best[1]


def worth(state: PlanetState, seat: int, keys: Sequence[Keys]) -> float:
    """What ``seat`` can count on in ``state``: its animals won, its habitat
    card's points, and its standing on every card still to come."""
    total = 0.0
    for card in state.animals[seat]:
        total += card_points(state, seat, card)
    h = state.habitats[seat]
    if h is not None:
        total += habitat_value(state, seat, keys[seat].masks[_INDEX[h]].bit_count())
    for card, r in coming_cards(state):
        animal = ANIMALS[card]
        mine = keys[seat].key(animal)
        best = max((keys[s].key(animal) for s in range(state.players) if s != seat), default=())
        total += (
            card_points(state, seat, card)
            * SOON ** max(0, r - state.round)
            * standing(mine, best, r == ROUNDS)
        )
    return total


def margin(state: PlanetState, seat: int) -> float:
    """``seat``'s worth less the best other seat's (:func:`worth`)."""
    keys = [Keys(masks(p)) for p in state.planets]
    values = [worth(state, s, keys) for s in range(state.players)]
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


class HardBot:
    """Looks ahead on the kept placements over sampled hidden tiles (module
    docstring); ``iterations`` samples at most, ``time_budget`` seconds."""

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
        self.last_values: dict[Place, float] = {}
        self.last_samples = 0
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask a running choice (on another thread) to stop after its current
        playout; it answers from the samples finished (the first one always is)."""
        self._cancel.set()

    def choose(self, view: PlanetState) -> Place:
        start = self.clock()
        deadline = None if self.time_budget is None else start + self.time_budget
        judge = Judge(view, self.seat)
        scored = sorted(
            ((judge.score(a), a) for a in RULES.legal_actions(view)), key=lambda x: -x[0]
        )
        kept = [a for _, a in scored[:HARD_KEEP]]
        self.last_values = {}
        self.last_samples = 0
        if len(kept) == 1:
            return kept[0]
        self._cancel.clear()
        totals = dict.fromkeys(kept, 0.0)
        longest = 0.0  # the longest playout so far
        out_of_time = False
        while self.last_samples < self.iterations and not out_of_time:
            world = determinize(view, self.seat, self.rng)
            sample = {}
            for a in kept:
                now = self.clock()
                late = deadline is not None and now + longest > deadline
                if self.last_samples and (late or self._cancel.is_set()):
                    out_of_time = True  # a sample not finished counts for nothing
                    break
                sample[a] = self._play_out(world, a)
                longest = max(longest, self.clock() - now)
            else:
                for a in kept:
                    totals[a] += sample[a]
                self.last_samples += 1
        if not self.last_samples:
            return kept[0]
        self.last_values = {a: totals[a] / self.last_samples for a in kept}
        first = {a: i for i, a in enumerate(kept)}
        return max(kept, key=lambda a: (self.last_values[a], -first[a]))

    #: how a value of the look-ahead reads, and the loss the coach speaks at
    value_unit = MARGIN_UNIT
    coach_threshold = COACH_THRESHOLD

    def assess(self, view: PlanetState, played: Place) -> Assessment:
        """``played`` (legal in ``view``) against the bot's own choice: the
        bot decides as it would for a hint, then both placements are played
        out on the same deals of the hidden tiles (its whole budget of
        samples), each valued as its margin over the best other planet."""
        best = self.choose(view)
        reason = self.explain(view, best)
        if played == best:
            value = self.last_values.get(best, 0.0)
            return Assessment(
                played, best, value, value, self.value_unit, self.coach_threshold, reason
            )
        totals = {best: 0.0, played: 0.0}
        for _ in range(self.iterations):
            world = determinize(view, self.seat, self.rng)
            for a in totals:
                totals[a] += self._play_out(world, a)
        best_value, played_value = (totals[a] / self.iterations for a in (best, played))
        return Assessment(
            played, best, played_value, best_value, self.value_unit, self.coach_threshold, reason
        )

    def _play_out(self, world: PlanetState, action: Place) -> float:
        state = RULES.apply(world, action)
        horizon = min(world.round + 1, ROUNDS)
        while not state.over and state.round <= horizon:
            state = RULES.apply(state, rollout_choice(state, self.rng))
        return margin(state, self.seat)

    def explain(self, view: PlanetState, action: Place) -> str:
        why = reason(view, self.seat, action)
        if action in self.last_values and self.last_samples:
            why += f" (looked ahead on {plural(self.last_samples, 'deal')} of the hidden tiles)"
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
        "hard": "Weighs placements as medium does, then for the best few imagines the hidden "
        f"tiles and plays this round and the next out for everyone, up to {HARD_ITERATIONS} "
        f"times (at most {HARD_TIME:g} s), to see who will lead each animal.",
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
