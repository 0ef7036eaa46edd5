"""The checks of Planet's lesson (``lesson.toml``): a first game against Bob,
the easy bot, on seed 47, where you hold the start token.

Round 1 you pick the desert tile and lay it on the face in front; round 2
you turn a second desert tile until its desert shares a side with the
first's (one region); round 3 you take the lead of the round's animal, Bob
places, and the card is scored; you read your habitat card; the game plays
on to round 12, whose cards a tie-break decides, and your last tile wins
one on it.

Every claim the words make is checked against the rules (``RULES``,
``rules.leaders``/``award``, ``regions``), never against a copy of them:
``claims`` lists what does not hold. ``perform`` makes a person's gestures:
a drag on the planet, a click in the tray, R, a tile dragged from the tray
onto a face, found with the table's own geometry (``PlanetTable.tray_spots``,
``SolidPlanetView.face_point`` and ``drag_to_front``).

Bob's easy bot grows its habitat terrain and never reads your planet, so
its placements hang only on which tiles you leave it: the steps ask for
exact tiles, and a wait step's words hold whatever else you did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tabletop.core.words import ordinal, plural
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS
from tabletop.games.planet.model import ROUNDS, Place, PlanetState
from tabletop.games.planet.regions import EMPTY_PLANET, cells, condition_key, regions, with_tile
from tabletop.games.planet.rules import (
    RULES,
    animal_points,
    award,
    face_number,
    leaders,
    new_game,
    tie_key,
    tile_words,
)
from tabletop.games.planet.table.globe import SolidPlanetView
from tabletop.games.planet.tiles import ANIMALS, DESERT, HABITATS, MOST, TERRAIN_NAMES, TILES

#: the person's seat and Bob's (lesson.toml's seats)
YOU, BOB = 0, 1
#: round 1: the desert tile, on the face in front, as it lies in the tray
FIRST = Place(10, 3, 0)
#: round 2: the tile whose desert joins the first tile's, on the face beside it
JOIN = Place(29, 0, 4)
#: round 3: the tile that takes the lead of the round's animal, and its face
LEAD_TILE, LEAD_FACE = 41, 4
#: a face turned this squarely to the eye is dropped on where it is; one
#: turned further away is brought round to the front first
IN_SIGHT = 0.5
#: frames a drag on the planet is held still before letting go, so the
#: release leaves no spin (the drag's speed dies away while held)
HOLD_FRAMES = 20

Claims = list[str]


# -- the position, read with the rules --------------------------------------------


def laid(state: PlanetState, action: Place, seat: int = YOU) -> list[str]:
    """Every planet with ``action``'s tile laid on ``seat``'s (a move's
    effect on the planets, the rules' own ``regions.with_tile``)."""
    planets = list(state.planets)
    tile = TILES[action.tile].terrains
    planets[seat] = with_tile(planets[seat], tile, action.face, action.rotation)
    return planets


def region_across(planet: str, terrain: str, faces: Sequence[int]) -> int:
    """The size of the ``terrain`` region holding cells of every face of
    ``faces``, 0 when no one region does."""
    for part in regions(planet, terrain):
        covered = {cell // SLOTS for cell in cells(part)}
        if set(faces) <= covered:
            return part.bit_count()
    return 0


def dealt(state: PlanetState) -> PlanetState:
    """The game as it was dealt (the full state keeps its seed)."""
    assert state.seed is not None, "the lesson's hooks read the full state"
    return new_game(state.players, state.beginner, state.secret, state.seed)


def round_three_card(state: PlanetState) -> int:
    """The animal card dealt to be scored in round 3 (there is one)."""
    return dealt(state).board.column(3)[0]


def holding(card: int, key: Sequence[int]) -> str:
    """What a planet has of a card's condition, in words: "2 regions",
    "a region of 3", "none"."""
    if ANIMALS[card].kind == MOST:
        return plural(key[0] if key else 0, "region")
    return f"a region of {key[0]}" if key else "none"


def face_words(face: int) -> str:
    return str(face_number(face))


def tray_words(state: PlanetState, tile: int) -> str:
    """A tray tile as a person finds it: "the ocean and glacier tile, 1st
    in the tray" (two tiles may have the same terrains)."""
    if tile not in state.revealed:
        return f"the {tile_words(tile)} tile"
    return f"the {tile_words(tile)} tile, {ordinal(state.revealed.index(tile) + 1)} in the tray"


def standing_words(card: int, you: Sequence[int], bob: Sequence[int], final: bool = False) -> str:
    """Where a placement would leave you and Bob on a card you would not
    win: behind him, or tied (``final``: in round 12, with the 2nd and 3rd
    largest regions not putting you ahead)."""
    a, b = (key[0] if key else 0 for key in (you, bob))
    if ANIMALS[card].kind == MOST:
        if a == b:
            return f"you would tie with Bob on {plural(a, 'region')}"
        return f"you would have {plural(a, 'region')} to Bob's {b}"
    if a != b:
        return f"your largest such region would be {a}, Bob's {b}"
    if final:
        return f"your largest such region would tie Bob's, {a}, and no smaller one beat his"
    return f"your largest such region would tie Bob's, {a}"


def _legal(state: PlanetState, action: Place) -> Claims:
    why = RULES.check(state, action)
    return [] if why is None else [f"{action} is not legal: {why}"]


def _turn_is(state: PlanetState, seat: int, rnd: int) -> Claims:
    if state.round != rnd or state.turn != seat:
        return [f"it is not seat {seat}'s turn in round {rnd} (round {state.round}, {state.turn})"]
    return []


# -- a person's gestures ----------------------------------------------------------


def _motion(pos: tuple[int, int], held: bool = False) -> Any:
    buttons = (1, 0, 0) if held else (0, 0, 0)
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def _button(kind: int, pos: tuple[int, int]) -> Any:
    return pygame.event.Event(kind, pos=pos, button=1)


def key(k: int) -> list[Any]:
    """A key pressed and let go."""
    return [
        pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0)
        for kind in (pygame.KEYDOWN, pygame.KEYUP)
    ]


def click(pos: tuple[int, int]) -> list[Any]:
    return [
        _motion(pos),
        _button(pygame.MOUSEBUTTONDOWN, pos),
        _button(pygame.MOUSEBUTTONUP, pos),
    ]


def drag(a: tuple[int, int], b: tuple[int, int], hold: int = 1) -> list[Any]:
    """Press at ``a``, move to ``b`` and rest there ``hold`` frames, let go."""
    return [
        _motion(a),
        _button(pygame.MOUSEBUTTONDOWN, a),
        *[_motion(b, held=True) for _ in range(1 + hold)],
        _button(pygame.MOUSEBUTTONUP, b),
    ]


def tray_point(scene: Any, tile: int) -> tuple[int, int] | None:
    """The middle of tile number ``tile`` in the tray, None when it is not there."""
    table = scene.table
    tiles = tuple(scene.view.revealed)
    if tile not in tiles:
        return None
    spot = next((r for r, k in table.tray_spots() if k == tiles.index(tile)), None)
    return None if spot is None else spot.center


def face_target(scene: Any, face: int) -> tuple[tuple[int, int], list[Any]]:
    """Where to let a tile go on ``face`` of your planet shown large, and
    the drag that first turns the planet to bring it round (none when it is
    in sight): the planet's own trackball and projection say where."""
    table = scene.table
    if table.local.flat:
        return table.flat_view.face_point(face), []
    solid = table.solids[scene.viewer]
    if solid.facing(face) >= IN_SIGHT:
        point = solid.face_point(face)
        if point is not None:
            return point, []
    press, release, turn = solid.drag_to_front(face)
    ghost = SolidPlanetView(orientation=turn)
    ghost.fit(solid.rect)
    point = ghost.face_point(face)
    assert point is not None, "a face brought to the front is in sight"
    return point, drag(press, release, hold=HOLD_FRAMES)


def place_events(scene: Any, action: Place) -> list[Any]:
    """A person laying ``action``: the planet turned if its face is round
    the back, the tile clicked in the tray and turned with R, then dragged
    from the tray onto the face and let go there."""
    spot = tray_point(scene, action.tile)
    if spot is None:
        return []
    events: list[Any] = []
    target, turning = face_target(scene, action.face)
    events += turning
    local = scene.table.local
    index = tuple(scene.view.revealed).index(action.tile)
    rotation = local.rotation if local.pick == index else 0  # picking another turns it back
    turns = (action.rotation - rotation) % SLOTS
    if turns:
        events += click(spot) + key(pygame.K_r) * turns
    return events + drag(spot, target)


def _performs(solve: Callable[[Any], Place]) -> Callable[[Any], list[Any]]:
    """``perform`` for a step whose move is ``solve``'s: a person laying it."""
    return lambda scene: place_events(scene, solve(scene.session.state))


def turn_planet(scene: Any) -> list[Any]:
    """A drag across the middle of your planet, a sixth of its width to the
    right and a little down, held still before letting go (no spin)."""
    solid = scene.table.solids[scene.viewer]
    proj = solid.view.project()
    cx, cy = round(proj.centre[0]), round(proj.centre[1])
    r = round(proj.radius)
    return drag((cx - r // 6, cy), (cx + r // 6, cy + r // 8), hold=HOLD_FRAMES)


def _click_tile(tile: int, then: Sequence[Any] = ()) -> Callable[[Any], list[Any]]:
    def perform(scene: Any) -> list[Any]:
        spot = tray_point(scene, tile)
        return [] if spot is None else [*click(spot), *then]

    return perform


# -- round 1 -------------------------------------------------------------------------


def _welcome_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 1)
    if len(state.free_faces(YOU)) != FACE_COUNT:
        out.append("your planet is not bare")
    if RULES.info.max_actions_for(state.players) != ROUNDS * state.players or ROUNDS != FACE_COUNT:
        out.append(f"{ROUNDS} rounds of one tile each do not cover the {FACE_COUNT} faces")
    return out


def _tray_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 1)
    if state.start != YOU:
        out.append("you do not hold the start token")
    if len(state.revealed) != 5:
        out.append(f"the tray holds {len(state.revealed)} tiles")
    return out


def _first_region(tile: int) -> tuple[int, ...]:
    """The sizes of the desert regions tile ``tile`` makes on its own."""
    planet = with_tile(EMPTY_PLANET, TILES[tile].terrains, FIRST.face, FIRST.rotation)
    return tuple(part.bit_count() for part in regions(planet, DESERT))


def _pick_words(state: PlanetState) -> dict[str, str]:
    return {"tile": tile_words(FIRST.tile), "size": str(sum(_first_region(FIRST.tile)))}


def _pick_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 1)
    if FIRST.tile not in state.revealed:
        out.append(f"tile {FIRST.tile} is not in the tray")
    if len(_first_region(FIRST.tile)) != 1:
        out.append("the tile's desert is not one region")
    return out


def _accept_first(state: PlanetState, action: Any) -> str | None:
    if action == FIRST:
        return None
    if action.tile != FIRST.tile:
        return f"this step asks for {tray_words(state, FIRST.tile)}, the one you picked."
    if action.face != FIRST.face:
        return f"this step asks for face {face_words(FIRST.face)}, the lit face."
    return (
        "lay it as it lies in the tray this time (R turns it back round): "
        "turning a tile is next round's step."
    )


def _drop_claims(state: PlanetState) -> Claims:
    return _turn_is(state, YOU, 1) + _legal(state, FIRST)


def _bob_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, BOB, 1)
    if (state.start + 1) % state.players != BOB:
        out.append("the start token does not pass to Bob")
    return out


# -- round 2: regions ------------------------------------------------------------------


def _desert_sizes(state: PlanetState) -> tuple[int, ...]:
    return tuple(part.bit_count() for part in regions(state.planets[YOU], DESERT))


def _regions_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 2)
    if state.start != BOB:
        out.append("Bob does not hold the start token in round 2")
    if len(_desert_sizes(state)) != 1:
        out.append(f"your desert is {len(_desert_sizes(state))} regions")
    return out


def _rotate_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 2)
    if JOIN.tile not in state.revealed:
        out.append(f"tile {JOIN.tile} is not in the tray")
    return out


def _joined(state: PlanetState, action: Place) -> int:
    """The desert region ``action`` makes across your first two tiles (0: none)."""
    return region_across(laid(state, action)[YOU], DESERT, (FIRST.face, action.face))


def _join_words(state: PlanetState) -> dict[str, str]:
    return {"face": face_words(JOIN.face), "size": str(_joined(state, JOIN))}


def _join_claims(state: PlanetState) -> Claims:
    out = _rotate_claims(state) + _legal(state, JOIN)
    if not _joined(state, JOIN):
        out.append("the tile's desert does not join yours")
    if len(regions(laid(state, JOIN)[YOU], DESERT)) != 1:
        out.append("laid so, your desert is not one region")
    return out


def _accept_join(state: PlanetState, action: Any) -> str | None:
    if action.tile != JOIN.tile:
        return f"this step asks for {tray_words(state, JOIN.tile)}, the one you turned."
    if action.face != JOIN.face:
        return f"this step asks for face {face_words(JOIN.face)}, beside your first tile."
    if _joined(state, action):
        return None
    count = len(regions(laid(state, action)[YOU], DESERT))
    return f"turned so, its desert shares no side with yours: {count} desert regions, not one."


# -- round 3: an animal card -----------------------------------------------------------


def _keys(card: int, planets: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    return tuple(condition_key(planet, ANIMALS[card]) for planet in planets)


def _animals_words(state: PlanetState) -> dict[str, str]:
    card = round_three_card(state)
    you, bob = _keys(card, state.planets)
    return {
        "animal": ANIMALS[card].name,
        "condition": ANIMALS[card].condition,
        "you": holding(card, you),
        "bob": holding(card, bob),
    }


def _animals_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, 3)
    card = round_three_card(state)
    if state.board.column(3) != (card,):
        out.append("round 3 does not score one card")
    if leaders(card, state.planets) != [BOB]:
        out.append(f"Bob does not lead the {ANIMALS[card].name} alone")
    return out


def _leads(state: PlanetState, action: Place) -> bool:
    return leaders(round_three_card(state), laid(state, action)) == [YOU]


def _lead_solve(state: PlanetState) -> Place:
    return next(
        a
        for a in RULES.legal_actions(state)
        if a.tile == LEAD_TILE and a.face == LEAD_FACE and _leads(state, a)
    )


def _lead_words(state: PlanetState) -> dict[str, str]:
    return {
        "tile": f"the {ordinal(state.revealed.index(LEAD_TILE) + 1)} tile in the tray",
        "face": face_words(LEAD_FACE),
        "animal": ANIMALS[round_three_card(state)].name,
    }


def _lead_claims(state: PlanetState) -> Claims:
    out = _animals_claims(state)
    if not any(
        a.tile == LEAD_TILE and a.face == LEAD_FACE and _leads(state, a)
        for a in RULES.legal_actions(state)
    ):
        out.append("no turn of the tile on that face leads the card")
    return out


def _accept_lead(state: PlanetState, action: Any) -> str | None:
    if action.tile != LEAD_TILE:
        return f"this step asks for {tray_words(state, LEAD_TILE)}."
    if _leads(state, action):
        return None
    card = round_three_card(state)
    you, bob = _keys(card, laid(state, action))
    name = ANIMALS[card].name
    return f"laid so, {standing_words(card, you, bob)}: you would not lead the {name} alone."


def _lead_wrong(state: PlanetState) -> Place:
    return next(
        a
        for a in RULES.legal_actions(state)
        if a.tile == LEAD_TILE and a.face == LEAD_FACE and not _leads(state, a)
    )


def _score_words(state: PlanetState) -> dict[str, str]:
    return {"animal": ANIMALS[round_three_card(state)].name}


def _score_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, BOB, 3)
    if round_three_card(state) not in state.board.column(3):
        out.append("the card is not scored in round 3")
    return out


def _won_words(state: PlanetState) -> dict[str, str]:
    return {
        "animal": ANIMALS[round_three_card(state)].name,
        "points": plural(animal_points(state, YOU), "point"),
    }


def _won_claims(state: PlanetState) -> Claims:
    card = round_three_card(state)
    out = []
    if state.animals[YOU] != (card,):
        out.append(f"you do not hold the {ANIMALS[card].name} alone")
    habitat = state.habitats[YOU]
    worth = 1 if ANIMALS[card].terrain == habitat else 2
    if animal_points(state, YOU) != worth:
        out.append("the card is not worth what the words say")
    return out


# -- the habitat card, and playing on ---------------------------------------------------


def _habitat_words(state: PlanetState) -> dict[str, str]:
    terrain = state.habitats[YOU]
    if terrain is None:
        return {}
    card = HABITATS[terrain]
    return {
        "terrain": TERRAIN_NAMES[terrain],
        "first": str(card.cells[0]),
        "least": plural(card.points[0], "point"),
        "count": str(state.planets[YOU].count(terrain)),
    }


def _habitat_claims(state: PlanetState) -> Claims:
    terrain = state.habitats[YOU]
    if terrain is None:
        return ["you hold no habitat card"]
    out = []
    if RULES.view(state, BOB).habitats[YOU] is not None:
        out.append("Bob sees your habitat card")
    card = HABITATS[terrain]
    least = card.cells[0]
    if card.score(least) != card.points[0] or card.score(least - 1) != 0:
        out.append(f"{least} {terrain} triangles do not score the card's first step")
    return out


def _playing_until(state: PlanetState) -> bool:
    return state.over or (state.round == ROUNDS and state.turn == YOU)


def _play_solve(state: PlanetState) -> Place:
    """Your placement while the game plays on: the one that leads the most
    animal cards still to come alone, then has the most habitat terrain;
    the first such in the rules' order."""
    terrain = state.habitats[YOU]
    best: tuple[tuple[int, int], Place] | None = None
    for action in RULES.legal_actions(state):
        planets = laid(state, action)
        led = sum(
            1
            for rnd in range(state.round, ROUNDS + 1)
            for card in state.board.column(rnd)
            if leaders(card, planets, final=rnd == ROUNDS) == [YOU]
        )
        grown = planets[YOU].count(terrain) if terrain is not None else 0
        if best is None or (led, grown) > best[0]:
            best = ((led, grown), action)
    assert best is not None, "a turn has a placement"
    return best[1]


def _play_words(state: PlanetState) -> dict[str, str]:
    terrain = state.habitats[YOU]
    return {"terrain": TERRAIN_NAMES[terrain] if terrain else "terrain"}


# -- round 12: the tie-break ------------------------------------------------------------


@dataclass(frozen=True)
class TieBreak:
    """A round-12 card your last tile wins on the tie-break: the card, the
    placement, your key for it now and after, and Bob's."""

    card: int
    action: Place
    before: tuple[int, ...]
    after: tuple[int, ...]
    bob: tuple[int, ...]

    @property
    def depth(self) -> int:
        """Which region decides: 0 for the 2nd largest, 1 for the 3rd."""
        mine, his = tie_key(self.after), tie_key(self.bob)
        return next(i for i in range(len(mine)) if mine[i] != his[i])


def tie_break(state: PlanetState) -> TieBreak | None:
    """Your last placement that wins a round-12 "largest region" card on
    the tie-break (the largest regions tied, the rules' ``award`` giving it
    to you), one Bob leads now first, then the one winning the most of
    round 12's cards; None when no placement does."""
    if not (state.round == ROUNDS and state.turn == YOU):
        return None
    column = state.board.column(ROUNDS)
    found: list[tuple[tuple[int, int], TieBreak]] = []
    for action in RULES.legal_actions(state):
        planets = laid(state, action)
        won = sum(1 for card in column if award(ROUNDS, card, planets) == YOU)
        for card in column:
            if ANIMALS[card].kind == MOST or award(ROUNDS, card, planets) != YOU:
                continue
            if len(leaders(card, planets)) < 2:
                continue  # won outright, not on the tie-break
            before, bob = _keys(card, state.planets)
            after = condition_key(planets[YOU], ANIMALS[card])
            behind = leaders(card, state.planets, final=True) != [YOU]
            found.append(((int(behind), won), TieBreak(card, action, before, after, bob)))
    if not found:
        return None
    best = max(score for score, _ in found)
    return next(plan for score, plan in found if score == best)


def round12_card(state: PlanetState) -> int:
    """The round-12 card the words look at: the one your last tile wins on
    the tie-break, else the first "largest region" card, else the first."""
    plan = tie_break(state)
    if plan is not None:
        return plan.card
    column = state.board.column(ROUNDS)
    return next((c for c in column if ANIMALS[c].kind != MOST), column[0])


def _round12_words(state: PlanetState) -> dict[str, str]:
    card = round12_card(state)
    you, bob = _keys(card, state.planets)
    return {"animal": ANIMALS[card].name, "bob": holding(card, bob), "you": holding(card, you)}


def _round12_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, ROUNDS)
    if any(p is None for p in state.placed[BOB]):
        out.append("Bob has not laid his last tile")
    if round12_card(state) not in state.board.column(ROUNDS):
        out.append("the card named is not scored in round 12")
    return out


def _nth(depth: int) -> str:
    return ("2nd", "3rd")[depth]


def _last_words(state: PlanetState) -> dict[str, str]:
    plan = tie_break(state)
    free = state.free_faces(YOU)
    words = {"face": face_words(free[0]) if free else ""}
    if plan is None:
        words["advice"] = "The words beside the tray say what each turn of a tile would win."
        return words
    d = plan.depth
    mine, his = tie_key(plan.after)[d], tie_key(plan.bob)[d]
    where = ordinal(state.revealed.index(plan.action.tile) + 1)
    words["advice"] = (
        f"The {where} tile, turned so your region reaches {plan.after[0]}, ties Bob's; "
        f"your {_nth(d)} largest ({mine}) beats his ({his}): the "
        f"{ANIMALS[plan.card].name} is yours."
    )
    return words


def _last_claims(state: PlanetState) -> Claims:
    out = _turn_is(state, YOU, ROUNDS)
    if len(state.free_faces(YOU)) != 1:
        out.append("you have more than one free face")
    plan = tie_break(state)
    if plan is None:
        return out
    out += _legal(state, plan.action)
    after = RULES.apply(state, plan.action)
    you, bob = _keys(plan.card, after.planets)
    if plan.card not in after.animals[YOU]:
        out.append(f"the {ANIMALS[plan.card].name} does not come to you")
    if you[0] != bob[0]:
        out.append("the largest regions are not tied")
    if tie_key(you)[plan.depth] <= tie_key(bob)[plan.depth]:
        out.append("your region named does not beat Bob's")
    return out


def _last_solve(state: PlanetState) -> Place:
    plan = tie_break(state)
    if plan is not None:
        return plan.action
    return _play_solve(state)


def _accept_last(state: PlanetState, action: Any) -> str | None:
    plan = tie_break(state)
    if plan is None or award(ROUNDS, plan.card, laid(state, action)) == YOU:
        return None
    you, bob = _keys(plan.card, laid(state, action))
    words = standing_words(plan.card, you, bob, final=True)
    return f"laid so, {words}: the {ANIMALS[plan.card].name} would not be yours."


def _last_wrong(state: PlanetState) -> Place:
    """A placement that does not win the card, else one on a covered face
    (which the rules refuse)."""
    plan = tie_break(state)
    if plan is not None:
        for action in RULES.legal_actions(state):
            if award(ROUNDS, plan.card, laid(state, action)) != YOU:
                return action
    covered = next(f for f in range(FACE_COUNT) if state.placed[YOU][f] is not None)
    return Place(state.revealed[0], covered, 0)


HOOKS = {
    "welcome": StepHooks(words=lambda s: {"rounds": str(ROUNDS)}, claims=_welcome_claims),
    "turn": StepHooks(perform=turn_planet),
    "tray": StepHooks(words=lambda s: {"count": str(len(s.revealed))}, claims=_tray_claims),
    "pick": StepHooks(words=_pick_words, claims=_pick_claims, perform=_click_tile(FIRST.tile)),
    "drop": StepHooks(
        accept=_accept_first,
        solve=lambda s: FIRST,
        words=lambda s: {"face": face_words(FIRST.face)},
        claims=_drop_claims,
        perform=_performs(lambda s: FIRST),
        wrong=lambda s: Place(FIRST.tile, JOIN.face, 0),
    ),
    "bob": StepHooks(claims=_bob_claims),
    "regions": StepHooks(
        words=lambda s: {"size": str(sum(_desert_sizes(s)))}, claims=_regions_claims
    ),
    "rotate": StepHooks(
        words=lambda s: {"tile": tile_words(JOIN.tile)},
        claims=_rotate_claims,
        perform=_click_tile(JOIN.tile, key(pygame.K_r)),
    ),
    "join": StepHooks(
        accept=_accept_join,
        solve=lambda s: JOIN,
        words=_join_words,
        claims=_join_claims,
        perform=_performs(lambda s: JOIN),
        wrong=lambda s: Place(JOIN.tile, JOIN.face, 0),
    ),
    "animals": StepHooks(words=_animals_words, claims=_animals_claims),
    "lead": StepHooks(
        accept=_accept_lead,
        solve=_lead_solve,
        words=_lead_words,
        claims=_lead_claims,
        perform=_performs(_lead_solve),
        wrong=_lead_wrong,
    ),
    "score": StepHooks(words=_score_words, claims=_score_claims),
    "won": StepHooks(words=_won_words, claims=_won_claims),
    "habitat": StepHooks(words=_habitat_words, claims=_habitat_claims),
    "play": StepHooks(
        solve=_play_solve,
        until=_playing_until,
        words=_play_words,
        perform=_performs(_play_solve),
    ),
    "round12": StepHooks(words=_round12_words, claims=_round12_claims),
    "last": StepHooks(
        accept=_accept_last,
        solve=_last_solve,
        words=_last_words,
        claims=_last_claims,
        perform=_performs(_last_solve),
        wrong=_last_wrong,
    ),
}
