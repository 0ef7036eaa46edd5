"""Planet's rules (pure): the draft of continent tiles, the animal awards and
the final scoring, from planet.ko.txt and planet.md with rulings T1-T6
(docs/rulings.md).

A round
    The round's pile of five tiles is face up (``revealed``). From the seat
    with the start token, clockwise, each player takes one tile and places it
    on a free face of their planet, in any rotation (:class:`model.Place`).
    After the last placement of a round: in rounds 1-10 the leftover tiles are
    shuffled into pile 11 until it holds five, then pile 12, and the rest leave
    the game (in rounds 11 and 12 they all leave, T4); from round 3 the
    round's animal cards are scored in order (:func:`award`); the start token
    passes left; the next pile is turned face up; and in the secret-animals
    variant one more face-down card is turned (T6).

An animal card (:func:`award`)
    Each player's key for the card is ``tiles.condition_key``: the number of
    regions of its terrain (most), or the sizes of the regions of its terrain
    that touch (or touch no) the other terrain, largest first. The one
    player whose first entry is above 0 and above everyone else's wins it.
    Otherwise, in rounds 3-11 the card moves to the front of the next
    round's column; in round 12 a "most regions" card is discarded, and the
    others go to the tied player with the larger 2nd, then 3rd region, else
    are discarded (T3).

The end
    After round 12 every planet is covered. A player scores its habitat card
    (by the count of that terrain's cells) and each animal: 1 point if the
    animal's terrain is its habitat's, else 2 (beginner: no habitat cards,
    each animal 1). Most points wins; then more animal cards; then a shared
    win (T5).

Hidden information: each habitat card (until the end), the face-down piles,
and the face-down animals of the secret variant. ``view`` hides them;
:func:`determinize` deals them at random for a bot's search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from random import Random  # the type only: generators come from core.rng
from typing import Any, cast

from tabletop.core import rng as rngmod
from tabletop.core import shapes
from tabletop.core.game import (
    DealSummary,
    EndReason,
    GameConfig,
    IllegalAction,
    Outcome,
    ScoreSheet,
    SheetRow,
    SummaryRow,
    require,
)
from tabletop.core.words import plural
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS, place
from tabletop.games.planet.info import INFO
from tabletop.games.planet.model import (
    DEALT_PILES,
    LAYOUT,
    PILE,
    ROUNDS,
    UNKNOWN,
    Board,
    Place,
    PlanetState,
)
from tabletop.games.planet.regions import condition_key
from tabletop.games.planet.tiles import (
    ANIMALS,
    EMPTY,
    HABITATS,
    MOST,
    TERRAIN_NAMES,
    TERRAINS,
    TILES,
    TOUCH,
    Animal,
)

CELLS = FACE_COUNT * SLOTS
#: animal cards on the board: row 1 under rounds 3-12, row 2 under 6-12,
#: row 3 under 10-12 (T3)
ROWS = ((3, 12), (6, 12), (10, 12))
BOARD_CARDS = sum(LAYOUT)
#: round 12's tie-break reads a key's entries up to here: the 2nd and 3rd
#: largest regions (T3)
TIE_DEPTH = 3


# -- setup ---------------------------------------------------------------------------


def _layout(cards: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The 20 cards laid out by row (T3): the columns, rounds 1-12, and the
    cards of rows 2 and 3 in the order the secret variant turns them (T6:
    row 2 from round 6 to 12, then row 3 from round 10 to 12)."""
    rows: list[list[int]] = []
    at = 0
    for first, last in ROWS:
        n = last - first + 1
        rows.append(list(cards[at : at + n]))
        at += n
    columns: list[tuple[int, ...]] = []
    for r in range(1, ROUNDS + 1):
        column = tuple(
            row[r - first]
            for row, (first, last) in zip(rows, ROWS, strict=True)
            if first <= r <= last
        )
        columns.append(column)
    return tuple(columns), (*rows[1], *rows[2])


def reveal_order(board_cards: Sequence[int]) -> tuple[int, ...]:
    """The face-down cards of the secret variant in the order they are turned."""
    return _layout(board_cards)[1]


def new_game(players: int, beginner: bool, secret: bool, seed: int) -> PlanetState:
    rng = rngmod.make(seed, "planet-setup")
    tiles = list(range(len(TILES)))
    rng.shuffle(tiles)
    piles = [tuple(tiles[PILE * i : PILE * i + PILE]) for i in range(DEALT_PILES)] + [(), ()]
    deck = list(range(len(ANIMALS)))
    rng.shuffle(deck)
    columns, face_down = _layout(deck[:BOARD_CARDS])
    terrains = list(TERRAINS)
    rng.shuffle(terrains)
    habitats: tuple[str | None, ...] = (None,) * players if beginner else tuple(terrains[:players])
    start = rng.randrange(players)
    hidden = tuple(face_down[1:]) if secret else ()  # round 1 turns the first (T6)
    revealed, piles[0] = piles[0], ()
    return PlanetState(
        players=players,
        beginner=beginner,
        secret=secret,
        seed=seed,
        round=1,
        start=start,
        taken=0,
        revealed=revealed,
        piles=tuple(piles),
        planets=(EMPTY * CELLS,) * players,
        placed=((None,) * FACE_COUNT,) * players,
        habitats=habitats,
        animals=((),) * players,
        board=Board(columns, hidden),
        seen=revealed,
    )


# -- scoring -------------------------------------------------------------------------


def tie_key(key: Sequence[int]) -> tuple[int, ...]:
    """What breaks a round-12 tie on a "largest region" card: the 2nd, then
    the 3rd largest qualifying region, a missing one counting 0, and no
    further (T3)."""
    return (tuple(key) + (0,) * TIE_DEPTH)[1:TIE_DEPTH]


def leaders(
    card: int,
    planets: Sequence[str],
    final: bool = False,
    key: Callable[[str, Animal], tuple[int, ...]] = condition_key,
) -> list[int]:
    """The seats leading animal ``card`` on ``planets``: those with the best
    first entry of its key (none while nobody qualifies); with ``final`` (the
    card scored in round 12) a "largest region" tie narrowed by
    :func:`tie_key`. One seat is who would take the card now. ``key`` is
    :func:`regions.condition_key` or a memo of it (the scene keeps one)."""
    animal = ANIMALS[card]
    keys = [key(planet, animal) for planet in planets]
    firsts = [k[0] if k else 0 for k in keys]
    best = max(firsts)
    if best == 0:
        return []
    lead = [s for s, v in enumerate(firsts) if v == best]
    if final and len(lead) > 1 and animal.kind != MOST:
        top = max(tie_key(keys[s]) for s in lead)
        lead = [s for s in lead if tie_key(keys[s]) == top]
    return lead


def award(board_round: int, card: int, planets: Sequence[str]) -> int | None | str:
    """Who wins animal ``card`` scored in round ``board_round``: a seat, or
    "carry" (to the next round), or None (discarded, round 12 only)."""
    lead = leaders(card, planets, final=board_round == ROUNDS)
    if len(lead) == 1:
        return lead[0]
    return "carry" if board_round < ROUNDS else None


def habitat_points(state: PlanetState, seat: int) -> int:
    terrain = state.habitats[seat]
    if terrain is None:
        return 0
    return HABITATS[terrain].score(state.planets[seat].count(terrain))


def animal_points(state: PlanetState, seat: int) -> int:
    terrain = state.habitats[seat]
    if state.beginner:
        return len(state.animals[seat])
    return sum(1 if ANIMALS[a].terrain == terrain else 2 for a in state.animals[seat])


def score(state: PlanetState, seat: int) -> int:
    return habitat_points(state, seat) + animal_points(state, seat)


# -- the rules -----------------------------------------------------------------------


class PlanetRules:
    info = INFO

    def setup(self, config: GameConfig, seed: int) -> PlanetState:
        return new_game(
            config.players,
            bool(config.get("beginner", False)),
            bool(config.get("secret", False)),
            seed,
        )

    def to_move(self, state: PlanetState) -> int | None:
        return state.turn

    def is_over(self, state: PlanetState) -> bool:
        return state.over

    def legal_actions(self, state: PlanetState) -> list[Place]:
        seat = state.turn
        if seat is None:
            return []
        faces = state.free_faces(seat)
        out: list[Place] = []
        for tile in sorted(set(state.revealed)):
            for rotation in TILES[tile].rotations():
                out.extend(Place(tile, face, rotation) for face in faces)
        return out

    def check(self, state: PlanetState, action: object) -> str | None:
        why = shapes.malformed(action, Place, "That is not a Planet move.")
        if why is not None:
            return why
        act = cast(Place, action)
        seat = state.turn
        if seat is None:
            return "The game is over."
        if act.tile not in state.revealed:
            return f"Tile {act.tile} is not among this round's tiles."
        if state.placed[seat][act.face] is not None:
            return f"Face {act.face} of your planet already holds a tile."
        return None

    def apply(self, state: PlanetState, action: Place) -> PlanetState:
        why = self.check(state, action)
        if why is not None:
            raise IllegalAction(why)
        seat = state.turn
        assert seat is not None
        cells = list(state.planets[seat])
        for cell, terrain in place(TILES[action.tile].terrains, action.face, action.rotation):
            cells[cell] = terrain
        placed = list(state.placed[seat])
        placed[action.face] = (action.tile, action.rotation)
        revealed = list(state.revealed)
        revealed.remove(action.tile)
        state = replace(
            state,
            planets=_put(state.planets, seat, "".join(cells)),
            placed=_put(state.placed, seat, tuple(placed)),
            revealed=tuple(revealed),
            taken=state.taken + 1,
        )
        if state.taken < state.players:
            return state
        return self._end_round(state)

    def _end_round(self, state: PlanetState) -> PlanetState:
        """The leftovers (T4), the round's animals (T3), the start token, the
        next pile and, in the secret variant, the next face-down card (T6)."""
        r = state.round
        piles = list(state.piles)
        leftovers = list(state.revealed)
        pool = state.pool
        if r <= DEALT_PILES:
            pool = (*pool, *leftovers)
            _shuffler(state).shuffle(leftovers)
            for p in (DEALT_PILES, DEALT_PILES + 1):
                room = PILE - len(piles[p])
                piles[p], leftovers = (*piles[p], *leftovers[:room]), leftovers[room:]
        columns = [list(c) for c in state.board.columns]
        animals = [list(a) for a in state.animals]
        discarded = list(state.board.discarded)
        carried = []
        for card in state.board.column(r):
            won = award(r, card, state.planets)
            if won == "carry":
                carried.append(card)
            elif won is None:
                discarded.append(card)
            else:
                animals[cast(int, won)].append(card)
        columns[r - 1] = []
        if r < ROUNDS:
            columns[r] = [*carried, *columns[r]]  # carried cards lie nearest the piles
        hidden = state.board.hidden
        nxt = r + 1
        if state.secret and nxt <= DEALT_PILES and hidden:
            hidden = hidden[1:]
        revealed: tuple[int, ...] = ()
        if nxt <= ROUNDS:
            revealed, piles[nxt - 1] = piles[nxt - 1], ()
            pool = tuple(t for t in pool if t not in revealed)
        return replace(
            state,
            round=nxt,
            start=(state.start + 1) % state.players,
            taken=0,
            revealed=revealed,
            piles=tuple(piles),
            removed=state.removed + len(leftovers),
            seen=(*state.seen, *revealed),
            pool=pool,
            animals=tuple(tuple(a) for a in animals),
            board=Board(tuple(tuple(c) for c in columns), hidden, tuple(discarded)),
        )

    # -- the end ------------------------------------------------------------------------
    def outcome(self, state: PlanetState) -> Outcome:
        if not state.over:
            raise ValueError("the game is not over")
        scores = [float(score(state, s)) for s in range(state.players)]
        return Outcome.from_scores(
            scores,
            EndReason.ROUNDS_COMPLETE,
            tiebreak=[(len(state.animals[s]),) for s in range(state.players)],
        )

    # -- what a seat may know -----------------------------------------------------------
    def view(self, state: PlanetState, seat: int) -> PlanetState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        habitats = (
            state.habitats
            if state.over
            else tuple(h if s == seat else None for s, h in enumerate(state.habitats))
        )
        hidden = set(state.board.hidden)
        columns = tuple(
            tuple(UNKNOWN if c in hidden else c for c in col) for col in state.board.columns
        )
        return replace(
            state,
            seed=None,
            piles=tuple((UNKNOWN,) * len(p) for p in state.piles),
            habitats=habitats,
            board=Board(columns, (), state.board.discarded),
            viewer=seat,
        )

    # -- words --------------------------------------------------------------------------
    def log_line(
        self, before: PlanetState, action: Place, after: PlanetState, names: Sequence[str]
    ) -> str:
        def name(s: int) -> str:
            return names[s] if 0 <= s < len(names) else f"Player {s + 1}"

        seat = before.turn
        assert seat is not None
        words = tile_words(action.tile)
        article = "an" if words[0] in "aeiou" else "a"
        line = f"{name(seat)} places {article} {words} tile on face {face_number(action.face)}."
        if after.round != before.round:
            line += " " + round_words(before, after, name)
        return line

    def describe(self, state: PlanetState) -> str:
        lines = [
            f"Planet, {state.players} players, round {min(state.round, ROUNDS)} of {ROUNDS}"
            + (" (over)" if state.over else f", start token P{state.start + 1}")
        ]
        lines.append(
            "revealed "
            + (" ".join(str(TILES[t]) if t != UNKNOWN else "?" for t in state.revealed) or "-")
        )
        lines.append(
            "piles " + " ".join(str(len(p)) for p in state.piles) + f"  removed {state.removed}"
        )
        for s in range(state.players):
            habitat = state.habitats[s]
            won = ",".join(ANIMALS[a].name for a in state.animals[s]) or "-"
            lines.append(f"P{s + 1} {state.planets[s]} habitat {habitat or '?'} animals {won}")
        board = " | ".join(
            f"{r}:"
            + ",".join("?" if c == UNKNOWN else ANIMALS[c].name for c in state.board.column(r))
            for r in range(max(state.round, 1), ROUNDS + 1)
            if state.board.column(r)
        )
        lines.append("board " + (board or "-"))
        if state.turn is not None:
            lines.append(f"P{state.turn + 1} to place")
        return "\n".join(lines)

    def describe_legal(self, state: PlanetState, actions: Sequence[Place]) -> str:
        """``actions`` in short, for golden files (up to 300 placements): per
        tile, its turns that differ, on the free faces."""
        faces = sorted({a.face for a in actions})
        turns: dict[int, set[int]] = {}
        for a in actions:
            turns.setdefault(a.tile, set()).add(a.rotation)
        tiles = ", ".join(f"{t} ({len(r)} turns)" for t, r in sorted(turns.items()))
        return f"{len(actions)} placements: tiles {tiles} on faces {' '.join(map(str, faces))}"

    def invariants(self, state: PlanetState) -> None:
        require(2 <= state.players <= 4, "2-4 players")
        require(1 <= state.round <= ROUNDS + 1, f"round {state.round} is not 1-13")
        require(0 <= state.start < state.players, "the start token is on no seat")
        require(0 <= state.taken < state.players or state.over, "every seat has placed already")
        for s in range(state.players):
            planet, placed = state.planets[s], state.placed[s]
            require(isinstance(planet, str) and len(planet) == CELLS, "a planet is 60 cells")
            require(len(placed) == FACE_COUNT, "a planet has 12 faces")
            cells = [EMPTY] * CELLS
            for face, tile_turn in enumerate(placed):
                if tile_turn is not None:
                    tile, turn = tile_turn
                    for cell, terrain in place(TILES[tile].terrains, face, turn):
                        cells[cell] = terrain
            require("".join(cells) == planet, f"P{s + 1}'s cells do not match its tiles")
        expected = state.round - 1 if not state.over else ROUNDS
        for s in range(state.players):
            done = sum(p is not None for p in state.placed[s])
            ahead = 1 if not state.over and (s - state.start) % state.players < state.taken else 0
            require(done == expected + ahead, f"P{s + 1} holds {done} tiles in round {state.round}")
        if state.viewer is None:
            on_planets = [p[0] for seat in state.placed for p in seat if p is not None]
            tiles = [*on_planets, *state.revealed, *(t for p in state.piles for t in p)]
            require(len(set(tiles)) == len(tiles), "a tile is in two places")
            require(len(tiles) + state.removed == len(TILES), "tiles were lost or made")
            cards = [c for col in state.board.columns for c in col]
            cards += [*state.board.discarded, *(a for won in state.animals for a in won)]
            require(
                len(set(cards)) == len(cards) == BOARD_CARDS, "the animal cards do not add up to 20"
            )
            require(set(state.board.hidden) <= set(cards), "a face-down card is off the board")
            require(set(state.pool) <= set(state.seen), "a leftover was never turned up")
            habitats = [h for h in state.habitats if h is not None]
            require(len(set(habitats)) == len(habitats), "two habitat cards alike")

    def score_sheet(self, state: PlanetState) -> ScoreSheet:
        """The score sheet: once the game is over, a row per habitat card (its
        terrain named, the holder's points, its cells in the notes: every card
        is shown at the end) and a row per animal card won (1 point on its
        holder's habitat terrain, else 2; beginner: 1), the totals equal to
        :meth:`outcome`'s scores, and a line for each tie on points that the
        animal cards settle (or that they leave shared). Before the end it is
        the public standing: a row per animal card won, counted as cards
        (the points hang on habitat cards still secret)."""
        n = state.players
        rows: list[SheetRow] = []
        if not state.over:
            for s in range(n):
                for a in state.animals[s]:
                    rows.append(_animal_row(a, s, n, 1, "1 card"))
            return ScoreSheet.summed(rows, n, unit="animal cards")
        for s in range(n):
            terrain = state.habitats[s]
            if terrain is None:
                continue
            count = state.planets[s].count(terrain)
            name = TERRAIN_NAMES[terrain]
            points = habitat_points(state, s)
            notes = tuple(f"{count} {name} cells" if t == s else "" for t in range(n))
            values = tuple(float(points) if t == s else None for t in range(n))
            rows.append(SheetRow(f"{name.capitalize()} habitat card", values, notes))
        for s in range(n):
            habitat = state.habitats[s]
            for a in state.animals[s]:
                animal = ANIMALS[a]
                kind = TERRAIN_NAMES[animal.terrain]
                if state.beginner:
                    points, why = 1, "beginner: 1 each"
                elif animal.terrain == habitat:
                    points, why = 1, f"{kind} = habitat"
                else:
                    points, why = 2, f"{kind} ≠ habitat"
                rows.append(_animal_row(a, s, n, points, why))
        return ScoreSheet.summed(rows, n, lines=tie_lines(state))

    def deal_summary(
        self, before: PlanetState, action: Place, after: PlanetState
    ) -> DealSummary | None:
        """A round that scored animal cards ended (rounds 3-12, when a card was
        won or set aside): what each seat won in it and its animal cards so
        far, ranked by that public standing (by the final scores once the
        game is over), with the round's other cards and who starts next in
        the note, and the sheet so far (:meth:`score_sheet`). Nothing hidden
        is shown: habitat cards stay secret until the end."""
        if after.round == before.round or before.round < 3:
            return None
        r = before.round
        column = before.board.column(r)
        won = {s: [a for a in after.animals[s] if a in column] for s in range(after.players)}
        if not any(won.values()) and not set(column) & set(after.board.discarded):
            return None  # every card waits for the next round: the log says so
        counts = [len(after.animals[s]) for s in range(after.players)]
        sheet = self.score_sheet(after)
        places = self.outcome(after).places if after.over else sheet.places()
        rows = tuple(
            sorted(
                (
                    SummaryRow(s, places[s], (f"+{len(won[s])}", str(counts[s])))
                    for s in range(after.players)
                ),
                key=lambda row: (row.place, row.seat),
            )
        )
        winners = [
            f"{{{s}}} the " + " and the ".join(ANIMALS[a].name for a in won[s])
            for s in range(after.players)
            if won[s]
        ]
        waiting = [
            ANIMALS[c].name
            for c in column
            if c not in after.board.discarded and not any(c in w for w in won.values())
        ]
        gone = [ANIMALS[c].name for c in column if c in after.board.discarded]
        note = ""
        if winners:
            note += f"Won: {'; '.join(winners)}. "
        if waiting:
            note += f"Waiting for round {r + 1}: {', '.join(waiting)}. "
        if gone:
            note += f"Set aside: {', '.join(gone)}. "
        if not after.over:
            note += f"Round {after.round}: {{{after.start}}} takes first."
        return DealSummary(
            f"Round {r}",
            ("this round", "animal cards"),
            rows,
            note.strip(),
            position=after,
            sheet=sheet,
        )

    def undo_barrier(self, before: PlanetState, action: Place, after: PlanetState) -> bool:
        """A round's end turns up a new pile (and, in the secret variant, a card)."""
        return after.round != before.round

    def reveals(self, before: PlanetState, action: Place, after: PlanetState, seat: int) -> bool:
        return after.round != before.round


def _animal_row(card: int, seat: int, players: int, points: int, why: str) -> SheetRow:
    """Animal ``card``'s row: ``points`` in its holder ``seat``'s column."""
    animal = ANIMALS[card]
    values = tuple(float(points) if t == seat else None for t in range(players))
    notes = tuple(why if t == seat else "" for t in range(players))
    return SheetRow(f"{animal.name} ({short_condition(animal)})", values, notes)


def short_condition(animal: Animal) -> str:
    """An animal's condition in few words: "most forest", "forest by
    mountain", "forest, no desert"."""
    x = TERRAIN_NAMES[animal.terrain]
    if animal.kind == MOST:
        return f"most {x}"
    y = TERRAIN_NAMES[animal.other or ""]
    return f"{x} by {y}" if animal.kind == TOUCH else f"{x}, no {y}"


def tie_lines(state: PlanetState) -> tuple[str, ...]:
    """Words for each tie on points at the end: which seat the animal cards
    put ahead ("{1} has more animal cards (4 to 3)"), or that they share."""
    n = state.players
    totals = [score(state, s) for s in range(n)]
    lines = []
    for total in sorted(set(totals), reverse=True):
        tied = [s for s in range(n) if totals[s] == total]
        if len(tied) < 2:
            continue
        cards = sorted(tied, key=lambda s: (-len(state.animals[s]), s))
        counts = " to ".join(str(len(state.animals[s])) for s in cards)
        seats = " and ".join(f"{{{s}}}" for s in cards)
        most = [s for s in cards if len(state.animals[s]) == len(state.animals[cards[0]])]
        if len(most) == len(cards):
            lines.append(
                f"A tie on {plural(total, 'point')}: {seats} have as many animal cards "
                f"({counts}) and share the place."
            )
        elif len(most) == 1:
            lines.append(
                f"A tie on {plural(total, 'point')} between {seats}: {{{most[0]}}} has more "
                f"animal cards ({counts}) and is placed ahead."
            )
        else:
            ahead = " and ".join(f"{{{s}}}" for s in most)
            lines.append(
                f"A tie on {plural(total, 'point')} between {seats}: {ahead} have more "
                f"animal cards ({counts}) and are placed ahead."
            )
    return tuple(lines)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _shuffler(state: PlanetState) -> Random:
    if state.seed is None:
        raise ValueError("a view cannot end a round: its piles are hidden")
    return rngmod.make(state.seed, "planet-leftovers", state.round)


def face_number(face: int) -> int:
    """The number a face goes by for players (1-12, drawn on each face of the
    planet shown large): the model's face ``face`` (0-11) plus one."""
    return face + 1


def tile_words(tile: int) -> str:
    """``desert and forest``: a tile's terrains in words, most cells first."""
    terrains = TILES[tile].terrains
    ordered = sorted(set(terrains), key=lambda t: (-terrains.count(t), TERRAINS.index(t)))
    names = [TERRAIN_NAMES[t] for t in ordered]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def round_words(before: PlanetState, after: PlanetState, name: Any) -> str:
    """What the end of round ``before.round`` did with its animal cards."""
    r = before.round
    parts = []
    for card in before.board.column(r):
        animal = ANIMALS[card]
        winner = next((s for s in range(after.players) if card in after.animals[s]), None)
        if winner is not None:
            parts.append(f"{name(winner)} wins the {animal.name} ({animal.condition}).")
        elif card in after.board.discarded:
            parts.append(f"Nobody wins the {animal.name}; it is discarded.")
        else:
            parts.append(f"The {animal.name} waits for round {r + 1}: nobody leads it alone.")
    return " ".join(parts)


def determinize(view: PlanetState, seat: int, rng: Random) -> PlanetState:
    """A full state ``view`` could be, for a bot's search: the face-down piles
    1-10 dealt from the tiles nobody has seen, piles 11 and 12 as the
    rounds' leftovers could have filled them (:func:`leftover_piles`), the
    other seats' habitat cards from the terrains left (all differ), and the
    face-down animals from the cards not on show, to be turned row 2 first,
    then row 3, each by round (T6). Its seed is drawn from ``rng``, so that
    a search can end rounds."""
    seen = set(view.seen)
    unseen = [t for t in range(len(TILES)) if t not in seen]
    rng.shuffle(unseen)
    piles: list[tuple[int, ...]] = []
    for p, pile in enumerate(view.piles):
        if p < DEALT_PILES:
            piles.append(tuple(unseen[: len(pile)]))
            unseen = unseen[len(pile) :]
        else:
            piles.append(())
    for p, pile in zip((DEALT_PILES, DEALT_PILES + 1), leftover_piles(view, rng)):
        if view.piles[p]:  # still face down
            piles[p] = pile
    habitats = list(view.habitats)
    if not view.beginner:
        free = [t for t in TERRAINS if t not in habitats]
        rng.shuffle(free)
        for s in range(view.players):
            if habitats[s] is None:
                habitats[s] = free.pop()
    shown = {c for col in view.board.columns for c in col if c != UNKNOWN}
    shown |= set(view.board.discarded) | {a for won in view.animals for a in won}
    unknown = [a for a in range(len(ANIMALS)) if a not in shown]
    rng.shuffle(unknown)
    columns = []
    hidden = []
    for col in view.board.columns:
        out = []
        for c in col:
            if c == UNKNOWN:
                c = unknown.pop()
                hidden.append(c)
            out.append(c)
        columns.append(tuple(out))
    order = sorted(hidden, key=lambda c: _turn_rank(columns, c))
    return replace(
        view,
        seed=rng.randrange(2**31),
        piles=tuple(piles),
        habitats=tuple(habitats),
        board=Board(tuple(columns), tuple(order), view.board.discarded),
        viewer=None,
    )


def leftover_piles(view: PlanetState, rng: Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Piles 11 and 12 as they could be, from what everyone saw (T4): each
    ended round's leftovers (the round's five tiles but those placed, unless
    they came back in pile 11 or 12) went to pile 11 until it held five, then
    to pile 12, in an order nobody saw, so each round's are shuffled here
    (which matters only for the round that filled a pile). Once pile 11 is turned up it is known, and the rest of
    its last round's leftovers went to pile 12. At 4 players both piles are
    known exactly; at 2 or 3 only which round's tiles split."""
    seen = view.seen
    dealt = DEALT_PILES * PILE
    came_back = set(seen[dealt:])
    placed = {p[0] for planet in view.placed for p in planet if p is not None}
    known = (
        seen[dealt : dealt + PILE] if len(seen) > dealt else None
    )  # pile 11, turned up in round 11
    eleven: list[int] = list(known) if known is not None else []
    twelve: list[int] = []
    for r in range(1, min(view.round - 1, DEALT_PILES) + 1):
        left = [t for t in seen[PILE * (r - 1) : PILE * r] if t not in placed or t in came_back]
        rng.shuffle(left)
        for t in left:
            if known is not None:
                if t not in known and len(twelve) < PILE:
                    twelve.append(t)
            elif len(eleven) < PILE:
                eleven.append(t)
            elif len(twelve) < PILE:
                twelve.append(t)
    return tuple(eleven), tuple(twelve)


def _turn_rank(columns: Sequence[Sequence[int]], card: int) -> tuple[int, int]:
    """Where a face-down card comes in the turning order: its row (its place
    among its column's own cards), then its round."""
    for r, col in enumerate(columns, start=1):
        if card in col:
            own = list(col[len(col) - LAYOUT[r - 1] :])
            return (own.index(card) if card in own else 0, r)
    return (0, 0)


RULES = PlanetRules()


# -- what the entry takes from the rules ------------------------------------------------


def sample_action(state: PlanetState, rng: Random) -> Place:
    """A random legal placement (for playouts, the harness and the bench)."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]
