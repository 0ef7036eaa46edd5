"""The animal and habitat cards at the side of Planet's table: what they say
of a position, and how they are painted.

The animal board lists the cards still to be scored by round, each with its
condition's icon and who leads it now (a card scored in round 12 read with
its tie-break: the 2nd, then 3rd largest region); a card's row explains
itself in a tooltip. A previewed tile is read the same way: the animals whose
lead it would win or lose, and what it adds to the viewer's habitat card.
:class:`Standings` works all of that out once per position (frames come
sixty a second, positions change rarely). Nothing here decides what is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.words import plural
from tabletop.games.planet.geometry import CELL_COUNT, SLOTS
from tabletop.games.planet.model import UNKNOWN, PlanetState
from tabletop.games.planet.regions import condition_key, regions, with_tile
from tabletop.games.planet.rules import leaders as rules_leaders
from tabletop.games.planet.rules import short_condition, tie_key
from tabletop.games.planet.table.looks import TERRAIN_COLOURS, Colour, draw_glyph, draw_panel
from tabletop.games.planet.tiles import (
    ANIMALS,
    AVOID,
    HABITATS,
    MOST,
    TERRAIN_NAMES,
    TILES,
    Animal,
)
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import draw_text, fit_text, wrap_text

#: how a seat stands on an animal card now
LEADS, TIED, BEHIND = "leads", "tied", "behind"


def standing(
    planets: tuple[str, ...] | list[str],
    card: int,
    seat: int,
    final: bool = False,
    key: Callable[[str, Animal], tuple[int, ...]] = condition_key,
) -> str:
    """Whether ``seat`` leads animal ``card`` on ``planets`` alone, ties with
    the best, or not, as the rules' ``leaders`` read it (``final``: round 12;
    ``key``: a memo of ``condition_key``)."""
    lead = rules_leaders(card, planets, final, key)
    if seat not in lead:
        return BEHIND
    return LEADS if len(lead) == 1 else TIED


def leaders(planets: tuple[str, ...] | list[str], card: int, final: bool = False) -> list[int]:
    """The seats leading ``card`` now (``rules.leaders``; none at 0)."""
    return rules_leaders(card, planets, final)


def cards_to_come(view: PlanetState) -> list[tuple[int, int]]:
    """The animal cards still on the board, each with the round that
    scores it, in the order they are scored."""
    first = max(1, min(view.round, 12))
    return [(r, c) for r in range(first, 13) for c in view.board.column(r)]


class Standings:
    """Who leads each animal card, and what a previewed tile would change,
    each worked out once per position (see the module docstring)."""

    def __init__(self) -> None:
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._keys: dict[tuple[str, str], tuple[int, ...]] = {}

    def cached(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """``make()``, worked out once per ``key``."""
        if key not in self._memo:
            if len(self._memo) > 512:
                self._memo.clear()
            self._memo[key] = make()
        return self._memo[key]

    def condition_key(self, planet: str, animal: Animal) -> tuple[int, ...]:
        """``regions.condition_key``, kept per planet and animal: while a tile
        is previewed face after face only the viewer's planet changes, so the
        other planets' keys are read back rather than worked out again."""
        memo = self._keys
        got = memo.get((planet, animal.name))
        if got is None:
            if len(memo) > 4096:
                memo.clear()
            got = memo[(planet, animal.name)] = condition_key(planet, animal)
        return got

    def leaders(self, view: PlanetState, card: int, final: bool = False) -> list[int]:
        """Who leads ``card`` now; ``final`` for a card scored in round 12,
        where the 2nd and 3rd largest regions break a tie."""
        got: list[int] = self.cached(
            ("leaders", view.planets, card, final),
            lambda: rules_leaders(card, view.planets, final, self.condition_key),
        )
        return got

    def preview_effects(
        self, view: PlanetState, seat: int, tile: int, face: int, rotation: int
    ) -> tuple[list[int], list[str]]:
        """The cells of the regions the tile would join on ``seat``'s planet
        (outlined) and, in words, the animals whose standing it changes:
        "would lead: Fox (most forest)"."""
        key = ("effects", view.planets, view.round, view.board, seat, tile, face, rotation)
        got: tuple[list[int], list[str]] = self.cached(
            key, lambda: self._effects(view, seat, tile, face, rotation)
        )
        return got

    def _effects(
        self, view: PlanetState, seat: int, tile: int, face: int, rotation: int
    ) -> tuple[list[int], list[str]]:
        planets = list(view.planets)
        after = with_tile(planets[seat], TILES[tile].terrains, face, rotation)
        new = set(range(SLOTS * face, SLOTS * face + SLOTS))
        glow: list[int] = []
        # a region the tile joins is of one of its terrains
        for terrain in set(TILES[tile].terrains):
            for part in regions(after, terrain):
                cells = [i for i in range(CELL_COUNT) if part >> i & 1]
                if new & set(cells) and len(cells) > 1:
                    glow.extend(cells)
        changed = list(planets)
        changed[seat] = after
        words: list[str] = []
        for rnd, card in cards_to_come(view):
            if card == UNKNOWN:
                continue
            final = rnd == 12
            key = self.condition_key
            was, now = (
                standing(planets, card, seat, final, key),
                standing(changed, card, seat, final, key),
            )
            if was == now:
                continue
            animal = ANIMALS[card]
            verb = {LEADS: "would lead", TIED: "would tie", BEHIND: "would lose"}[now]
            if now == TIED and was == LEADS:
                verb = "would tie (lead lost)"
            words.append(f"{verb}: {animal.name} ({short_condition(animal)})")
        return glow, words


def habitat_change(view: PlanetState, seat: int, tile: int, face: int, rotation: int) -> list[str]:
    """The line on ``seat``'s habitat terrain a placement would add to:
    "Habitat forest: 12 → 14 cells, 0 → 2 points" (none without a habitat card)."""
    terrain = view.habitats[seat]
    if terrain is None:
        return []
    card = HABITATS[terrain]
    before = view.planets[seat].count(terrain)
    after = before + TILES[tile].terrains.count(terrain)
    points = f"{card.score(before)} → {plural(card.score(after), 'point')}"
    return [f"Habitat {TERRAIN_NAMES[terrain]}: {before} → {after} cells, {points}"]


# -- the animal board ------------------------------------------------------------------


@dataclass(frozen=True)
class BoardRow:
    """A card on the board: the round that scores it, the card (``UNKNOWN``
    face down) and the seats leading it now; ``by``, for a card scored in
    round 12 whose leaders tie on the largest region, what round 12's
    tie-break reads to lead it now ("2nd", "3rd": the 2nd or 3rd largest
    region), or "" (no tie-break, or none that tells them apart)."""

    rnd: int
    card: int
    leads: tuple[int, ...]
    by: str = ""


@dataclass(frozen=True)
class Board:
    """The animal board: its cards to come, in the order they are scored."""

    rows: tuple[BoardRow, ...]


def board(standings: Standings, view: PlanetState) -> Board:
    """The board's cards to come and who leads each (once per position)."""

    def rows() -> Board:
        out = []
        for rnd, card in cards_to_come(view):
            lead = standings.leaders(view, card, final=rnd == 12) if card != UNKNOWN else []
            by = tie_broken_by(standings, view, card) if rnd == 12 and len(lead) == 1 else ""
            out.append(BoardRow(rnd, card, tuple(lead), by))
        return Board(tuple(out))

    got: Board = standings.cached(("board", view.planets, view.round, view.board), rows)
    return got


def tie_broken_by(standings: Standings, view: PlanetState, card: int) -> str:
    """For a card scored in round 12: "2nd" or "3rd" when its leaders tie on
    the largest region and that region puts one of them ahead now, else ""."""
    animal = ANIMALS[card]
    tied = standings.leaders(view, card)
    if animal.kind == MOST or len(tied) < 2:
        return ""
    keys = {s: tie_key(standings.condition_key(view.planets[s], animal)) for s in tied}
    for depth in range(len(next(iter(keys.values())))):
        if len({k[depth] for k in keys.values()}) > 1:
            return ("2nd", "3rd")[depth] if depth < 2 else ""
    return ""


@dataclass(frozen=True)
class BoardLine:
    """Where a board row goes: its top, its lines (two when its words do not
    fit on one), its "who leads" mark and the mark's colour and width."""

    row: BoardRow
    y: int
    need: int
    mark: str
    mark_colour: Colour
    mark_w: int


@dataclass(frozen=True)
class BoardShape:
    """The board laid out in its rect: the rows that fit, how many do not."""

    lines: tuple[BoardLine, ...]
    more: int
    #: the heading's top left, the rows' round, icon and words columns
    x: int
    y: int
    ix: int
    tx: int


def lay_out_board(t: Theme, r: pygame.Rect, board: Board) -> BoardShape:
    """The rows of ``board`` in ``r``: the nearest rounds first get a second
    line for their words while there is room; the rows that do not fit are
    counted at the foot."""
    line = t.small.get_linesize()
    x, y = r.x + t.px(8), r.y + t.px(4)
    top = y + line + t.px(2)
    icon = line - t.px(2)
    icon_w = icon * 3 // 2
    rows = board.rows
    room = (r.bottom - top - t.px(4)) // line
    ix = x + t.small.size("R00 ")[0]
    tx = ix + icon_w + t.px(4)
    marks: list[tuple[str, Colour, int]] = []
    needs: list[int] = []  # lines per row: two when the words do not fit on one
    for row in rows:
        lead = row.leads
        mark = " ".join(t.player(s).glyph for s in lead) if lead else "–"
        if row.by:
            mark += f" on {row.by}"
        colour = t.player(lead[0]).colour if len(lead) == 1 else t.text_dim
        mark_w = t.small.size(mark)[0]
        marks.append((mark, colour, mark_w))
        text_w = r.right - t.px(8) - mark_w - t.px(6) - tx
        card = row.card
        words = (
            "face down"
            if card == UNKNOWN
            else f"{ANIMALS[card].name}: {short_condition(ANIMALS[card])}"
        )
        needs.append(1 if t.small.size(words)[0] <= text_w else 2)
    lines = len(rows)
    for i, need in enumerate(needs):  # the nearest rounds first get a second line
        if need == 2 and lines < room:
            lines += 1
        else:
            needs[i] = 1
    shown = rows if len(rows) <= room else rows[: max(0, room - 1)]
    laid = []
    for row, (mark, colour, mark_w), need in zip(shown, marks, needs):
        laid.append(BoardLine(row, top, need, mark, colour, mark_w))
        top += line if row.card == UNKNOWN else line * need
    return BoardShape(tuple(laid), len(rows) - len(shown), x, y, ix, tx)


def board_spots(t: Theme, r: pygame.Rect, board: Board) -> list[tuple[pygame.Rect, BoardRow]]:
    """Each face-up card's row on the board, for its tooltip."""
    line = t.small.get_linesize()
    return [
        (pygame.Rect(r.x + t.px(4), b.y, r.w - t.px(8), line * b.need), b.row)
        for b in lay_out_board(t, r, board).lines
        if b.row.card != UNKNOWN
    ]


def board_tip(row: BoardRow, names: list[str]) -> str:
    """The tooltip of a card on the board: its whole condition, the round
    that scores it and who leads it now (``names``: each seat's glyph and name)."""
    animal = ANIMALS[row.card]
    lead = row.leads
    who_lead = ", ".join(names[seat] for seat in lead)
    who = (
        "nobody qualifies yet"
        if not lead
        else f"{who_lead} leads"
        if len(lead) == 1
        else f"tied: {who_lead}"
    )
    if row.by:
        who = f"tied on the largest region, {who_lead} leads on the {row.by} largest"
    elif row.rnd == 12 and len(lead) > 1:
        who += " (a tie now would set it aside)"
    when = (
        "round 12 (ties: 2nd, then 3rd largest region)"
        if row.rnd == 12 and animal.kind != MOST
        else "round 12 (a tie sets it aside)"
        if row.rnd == 12
        else f"round {row.rnd}"
    )
    return f"{animal.name}: {animal.condition}. Scored in {when}; {who}."


def paint_board(surface: pygame.Surface, t: Theme, r: pygame.Rect, board: Board) -> None:
    """The animal board: the cards to come by round, each with its
    condition's icon and who leads it now."""
    draw_panel(surface, t, r)
    bold = t.font("small", bold=True)
    line = t.small.get_linesize()
    shape = lay_out_board(t, r, board)
    x, ix, tx = shape.x, shape.ix, shape.tx
    surface.blit(bold.render("Animals by round · who leads", True, t.text), (x, shape.y))
    icon = line - t.px(2)
    icon_w = icon * 3 // 2
    y = shape.y + line + t.px(2)
    for b in shape.lines:
        y = b.y
        rnd, card, need = b.row.rnd, b.row.card, b.need
        mark_img = t.small.render(b.mark, True, b.mark_colour)
        surface.blit(t.small.render(f"R{rnd}", True, t.text_dim), (x, y))
        if card == UNKNOWN:
            surface.blit(t.small.render("face down", True, t.text_dim), (tx, y))
            y += line
            continue
        animal = ANIMALS[card]
        draw_condition_icon(surface, animal, pygame.Rect(ix, y + 1, icon_w, icon))
        text_w = max(1, r.right - t.px(8) - mark_img.get_width() - t.px(6) - tx)
        if need == 1:
            words = f"{animal.name}: {short_condition(animal)}"
            draw_text(
                surface, t.small, words, t.text, pygame.Rect(tx, y, text_w, line), valign="top"
            )
        else:  # the name beside the icon, the condition under it
            draw_text(
                surface,
                t.small,
                animal.name,
                t.text,
                pygame.Rect(tx, y, text_w, line),
                valign="top",
            )
            below = pygame.Rect(tx, y + line, max(1, r.right - t.px(8) - tx), line)
            draw_text(surface, t.small, short_condition(animal), t.text_dim, below, valign="top")
        surface.blit(mark_img, (r.right - t.px(8) - mark_img.get_width(), y))
        y += line * need
    if shape.more:
        surface.blit(
            t.small.render(f"… {plural(shape.more, 'more card')}", True, t.text_dim), (x, y)
        )


def draw_condition_icon(surface: pygame.Surface, animal: Animal, box: pygame.Rect) -> None:
    """An icon per condition kind, in the card's terrain colours: MOST three
    patches apart; TOUCH two patches side by side; AVOID two patches with a
    bar between them."""
    x_col = TERRAIN_COLOURS[animal.terrain]
    edge = (14, 18, 26)
    if animal.kind == MOST:  # three patches of the terrain, apart
        side = max(3, min(box.w // 3, box.h // 2) + 1)
        for px, py in (
            (box.x, box.bottom - side),
            (box.centerx - side // 2, box.y),
            (box.right - side, box.bottom - side),
        ):
            patch = pygame.Rect(px, py, side, side)
            pygame.draw.rect(surface, x_col, patch)
            pygame.draw.rect(surface, edge, patch, 1)
        return
    y_col = TERRAIN_COLOURS[animal.other or animal.terrain]
    half = box.w // 2
    a = pygame.Rect(box.x, box.y, half, box.h)
    b = pygame.Rect(box.x + half, box.y, box.w - half, box.h)
    pygame.draw.rect(surface, x_col, a)
    pygame.draw.rect(surface, y_col, b)
    pygame.draw.rect(surface, edge, a, 1)
    pygame.draw.rect(surface, edge, b, 1)
    if animal.kind == AVOID:  # a red bar: kept apart
        pygame.draw.line(
            surface,
            (220, 50, 40),
            (box.centerx, box.y - 1),
            (box.centerx, box.bottom + 1),
            max(2, box.w // 6),
        )
        pygame.draw.line(
            surface, (220, 50, 40), (box.x, box.bottom), (box.right, box.y), max(1, box.w // 8)
        )


# -- the habitat card ----------------------------------------------------------------------


@dataclass(frozen=True)
class HabitatShown:
    """One seat's habitat card as shown at the end: the seat (its glyph and
    name), its terrain, its cells of that terrain and their points."""

    seat: int
    name: str
    terrain: str
    cells: int
    points: int


@dataclass(frozen=True)
class HabitatCard:
    """The viewer's secret habitat card: its terrain (None in a beginner
    game), the cells they have of it and the points those score, and the
    card's steps. Once the game is over, ``shown`` holds every seat's card
    (the rulebook has each player show it) and the card is no longer secret."""

    terrain: str | None
    now: str = ""
    steps: str = ""
    shown: tuple[HabitatShown, ...] = ()


def habitats_shown(view: PlanetState, names: Sequence[str]) -> tuple[HabitatShown, ...]:
    """Every seat's habitat card once the game is over (none before, none in
    a beginner game); ``names``: each seat's glyph and name."""
    if not view.over:
        return ()
    out = []
    for seat, terrain in enumerate(view.habitats):
        if terrain is not None:
            count = view.planets[seat].count(terrain)
            points = HABITATS[terrain].score(count)
            out.append(HabitatShown(seat, names[seat], terrain, count, points))
    return tuple(out)


def habitat_card(view: PlanetState, seat: int, names: Sequence[str] = ()) -> HabitatCard:
    terrain = view.habitats[seat]
    if terrain is None:
        return HabitatCard(None)
    card = HABITATS[terrain]
    count = view.planets[seat].count(terrain)
    points = plural(card.score(count), "point")
    now = f"{TERRAIN_NAMES[terrain]}: {plural(count, 'cell')} now → {points}"
    steps = " · ".join(f"{c}+: {p}" for c, p in zip(card.cells, card.points))
    shown = habitats_shown(view, names or [f"P{s + 1}" for s in range(view.players)])
    return HabitatCard(terrain, now, f"cells → points: {steps}", shown)


def habitat_words(shown: HabitatShown) -> str:
    """ "◆ Bea: 21 cells, 6 pts": a card shown at the end (its terrain is the
    swatch beside it)."""
    return f"{shown.name}: {plural(shown.cells, 'cell')}, {shown.points} pts"


def draw_swatch(surface: pygame.Surface, terrain: str, rect: pygame.Rect) -> None:
    """A terrain's colour with its glyph, in ``rect``."""
    pygame.draw.rect(surface, TERRAIN_COLOURS[terrain], rect)
    draw_glyph(surface, terrain, rect.center, rect.h * 0.8)


def paint_habitat(surface: pygame.Surface, t: Theme, r: pygame.Rect, card: HabitatCard) -> None:
    """The viewer's secret card; once the game is over every seat's card,
    each on a line in its owner's colour."""
    draw_panel(surface, t, r, t.panel_title)
    x, y = r.x + t.px(8), r.y + t.px(4)
    line = t.small.get_linesize()
    width = r.w - t.px(16)
    bold = t.font("small", bold=True)
    sw = line - t.px(2)
    if card.shown:
        surface.blit(bold.render(fit_text(bold, "Habitat cards", width), True, t.text), (x, y))
        y += line
        for shown in card.shown:
            if y + line > r.bottom:
                break
            draw_swatch(surface, shown.terrain, pygame.Rect(x, y + 1, sw, sw))
            colour = t.player(shown.seat).colour
            room = pygame.Rect(x + sw + t.px(6), y, width - sw - t.px(6), line)
            draw_text(surface, t.small, habitat_words(shown), colour, room, valign="top")
            y += line
        return
    head = "Habitat cards" if card.terrain is None else "Your habitat card (secret)"
    surface.blit(bold.render(fit_text(bold, head, width), True, t.text), (x, y))
    y += line
    if card.terrain is None:
        surface.blit(
            t.small.render(
                fit_text(t.small, "Beginner game: no habitat cards.", width), True, t.text_dim
            ),
            (x, y),
        )
        return
    draw_swatch(surface, card.terrain, pygame.Rect(x, y + 1, sw, sw))
    surface.blit(
        t.small.render(fit_text(t.small, card.now, width - sw - t.px(6)), True, t.text),
        (x + sw + t.px(6), y),
    )
    y += line
    for text in wrap_text(t.small, card.steps, width)[:2]:
        surface.blit(t.small.render(text, True, t.text_dim), (x, y))
        y += line


# -- the results screen's picture: every habitat card, revealed ------------------------


def habitat_cards_height(t: Theme) -> int:
    """The height of :func:`paint_habitat_cards`: a card's four lines."""
    return t.small.get_linesize() * 4 + t.px(14)


def paint_habitat_cards(
    surface: pygame.Surface, t: Theme, r: pygame.Rect, cards: Sequence[HabitatShown]
) -> None:
    """Every seat's habitat card side by side in ``r``, as the game's end
    reveals them: the owner in their colour, the terrain (colour and glyph),
    the cells of it on their planet and the points, and the card's steps
    with the one reached lit."""
    if not cards:
        return
    gap = t.px(8)
    w = (r.w - gap * (len(cards) - 1)) // len(cards)
    line = t.small.get_linesize()
    bold = t.font("small", bold=True)
    for k, shown in enumerate(cards):
        box = pygame.Rect(r.x + k * (w + gap), r.y, w, r.h)
        draw_panel(surface, t, box, t.panel_title)
        colour = t.player(shown.seat).colour
        pygame.draw.rect(surface, colour, box, max(2, t.px(2)), border_radius=t.px(8))
        x, y, width = box.x + t.px(8), box.y + t.px(5), box.w - t.px(16)
        surface.blit(bold.render(fit_text(bold, shown.name, width), True, colour), (x, y))
        y += line
        sw = line - t.px(2)
        draw_swatch(surface, shown.terrain, pygame.Rect(x, y + 1, sw, sw))
        head = f"{TERRAIN_NAMES[shown.terrain].capitalize()} habitat card"
        surface.blit(
            t.small.render(fit_text(t.small, head, width - sw - t.px(6)), True, t.text),
            (x + sw + t.px(6), y),
        )
        y += line
        got = f"{plural(shown.cells, 'cell')} → {plural(shown.points, 'point')}"
        surface.blit(bold.render(fit_text(bold, got, width), True, t.text), (x, y))
        y += line
        card = HABITATS[shown.terrain]
        steps = [(f"{c}+:{p}", p == shown.points) for c, p in zip(card.cells, card.points)]
        words = " ".join(text for text, _ in steps)
        if t.small.size(words)[0] > width:  # narrow: the steps reached so far, in short
            steps = [
                (f"{c}+" if p != shown.points else f"{c}+:{p}", p == shown.points)
                for c, p in zip(card.cells, card.points)
            ]
        sx = x
        for text, lit in steps:
            img = t.small.render(text, True, t.text if lit else t.text_dim)
            if sx + img.get_width() > box.right - t.px(6):
                break
            if lit:
                pygame.draw.rect(surface, t.focus, img.get_rect(topleft=(sx, y)).inflate(4, 0), 1)
            surface.blit(img, (sx, y))
            sx += img.get_width() + t.small.size(" ")[0] + 2


__all__ = [
    "BEHIND",
    "LEADS",
    "TIED",
    "Board",
    "BoardRow",
    "HabitatCard",
    "HabitatShown",
    "Standings",
    "board",
    "board_spots",
    "board_tip",
    "cards_to_come",
    "draw_condition_icon",
    "habitat_card",
    "habitat_change",
    "habitat_cards_height",
    "habitat_words",
    "paint_habitat_cards",
    "habitats_shown",
    "draw_swatch",
    "leaders",
    "paint_board",
    "paint_habitat",
    "short_condition",
    "standing",
]
