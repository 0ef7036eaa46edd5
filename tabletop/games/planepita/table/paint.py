"""Painting Planepita's table from its picture (``picture.py``): the planet
seen from above, the pads, the pieces, the aim line and power meter, the
hint, a round's end, the side panel and the instant replay's timeline.

The backdrop (space and the planet) is painted once per size and palette,
the side panel once per change of its picture (:class:`looks.Art` keeps
them); everything else on every frame. Nothing here reads the game or the
table's state, and nothing is written back: a frame is its picture, painted.
``effects.py`` paints what a shot leaves for a moment.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core import rng
from tabletop.core.words import plural
from tabletop.games.planepita.aim import PULL_FULL_MM, PULL_REACH_MM, AimPrediction, aim_direction
from tabletop.games.planepita.board import Board, PadPose, default_board
from tabletop.games.planepita.model import (
    ROUNDS,
    THIRD_PARTY,
    Disc,
    Flick,
    Flip,
    PlaceJammer,
)
from tabletop.games.planepita.physics import JAMMER
from tabletop.games.planepita.playback import ease
from tabletop.games.planepita.table import effects
from tabletop.games.planepita.table.effects import MARK_COLOUR
from tabletop.games.planepita.table.layout import Geometry, Layout, prompt_lines
from tabletop.games.planepita.table.looks import (
    AREA_COLOURS,
    ARROW_MM,
    HAZARD,
    LABEL_BACK,
    LINE_WHITE,
    SPACE_BOTTOM,
    SPACE_TOP,
    TOKEN_GOLD,
    Art,
    disc_sprite,
    jammer_sprite,
    label_box,
    words,
)
from tabletop.games.planepita.table.picture import (
    Aim,
    Finale,
    Ghost,
    HintMark,
    Panel,
    PlanepitaPicture,
    Power,
    ReplayBar,
    Zone,
)
from tabletop.ui.rest import pulse
from tabletop.ui.theme import Colour, Theme, mix
from tabletop.ui.widgets import FocusGroup, draw_text, wrap_text

#: beats a second of the jammer's area (a choice to make, a sweep) and of
#: the ring round the disc a flip is to be chosen for
ZONE_BEATS = 4.0 / (2 * math.pi)
PENDING_BEATS = 5.0 / (2 * math.pi)


def paint_table(
    surface: pygame.Surface,
    t: Theme,
    shape: Layout,
    art: Art,
    board: Board,
    group: FocusGroup,
    picture: PlanepitaPicture,
) -> None:
    """The whole table, over the felt the frame laid."""
    _Painting(surface, t, shape, art, board, picture).paint(group)


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The title screen's picture: a small ringed planet with a few discs."""
    for y in range(rect.y, rect.bottom, 2):
        f = (y - rect.y) / max(1, rect.h)
        pygame.draw.line(surface, mix(SPACE_TOP, SPACE_BOTTOM, f), (rect.x, y), (rect.right, y), 2)
    rnd = rng.make(3, "planepita-art")
    for _ in range(rect.w * rect.h // 700):
        v = rnd.randint(110, 230)
        surface.set_at(
            (rnd.randrange(rect.x, rect.right), rnd.randrange(rect.y, rect.bottom)), (v, v, v)
        )
    r = min(rect.w, rect.h) * 0.42
    c = (rect.centerx, rect.centery)
    board = default_board()
    for area in (3, 4, 5):
        _, rad = board.area_bounds(area, 0.0)
        pygame.draw.circle(surface, AREA_COLOURS[area], c, r * rad / board.outer_radius)
    lw = max(1, round(r / 70))
    for rad in (board.center_radius, board.middle_radius):
        pygame.draw.circle(surface, LINE_WHITE, c, r * rad / board.outer_radius, lw)
    pygame.draw.circle(surface, (12, 16, 24), c, r, max(1, lw))
    jr = max(3, round(r * board.jammer_radius / board.outer_radius))
    js = jammer_sprite(jr)
    surface.blit(js, js.get_rect(center=(c[0] + r * 0.08, c[1] - r * 0.05)))
    dr = max(
        6, round(r * board.disc_radius / board.outer_radius * 1.8)
    )  # larger than life: a picture
    for i, (fx, fy, down) in enumerate(
        (
            (-0.38, 0.30, False),
            (0.46, 0.18, False),
            (0.12, -0.52, True),
            (-0.62, -0.34, False),
            (0.30, 0.66, False),
        )
    ):
        sp = disc_sprite(theme, i % 4, 4, down, (), dr)
        surface.blit(sp, sp.get_rect(center=(c[0] + fx * r, c[1] + fy * r)))


class _Painting:
    """One frame's painting of a picture (see the module docstring)."""

    def __init__(
        self,
        surface: pygame.Surface,
        t: Theme,
        shape: Layout,
        art: Art,
        board: Board,
        picture: PlanepitaPicture,
    ) -> None:
        self.surface = surface
        self.t = t
        self.shape = shape
        self.geo: Geometry = shape.geo
        self.art = art
        self.board = board
        self.pic = picture
        self.players = shape.geo.players

    def text(self, font_key: tuple[str, bool], text: str, colour: Colour) -> pygame.Surface:
        return words(self.t, font_key, text, colour)

    def sprite(self, disc: Disc, r: int) -> pygame.Surface:
        return self.art.sprite(self.t, disc, r, self.players)

    def paint(self, group: FocusGroup) -> None:
        surface, t, pic = self.surface, self.t, self.pic
        table = self.shape.table
        backdrop = self.art.backdrop_for(t, table, self.geo, self.players)
        zone = pic.zone
        if zone is not None and zone.kind == "counts":
            # steady: shaded once into a copy of the backdrop (the panel,
            # painted next, lies beside the planet, never over it)
            key = (zone.area, zone.colour, zone.kind)
            backdrop = self.art.shaded_backdrop(key, lambda plain: self._shade_onto(plain, table))
            surface.blit(backdrop, table.topleft)
            self._panel_cached(pic.panel)
        else:
            surface.blit(backdrop, table.topleft)
            self._panel_cached(pic.panel)
            if zone is not None:
                self.surface.blit(self._shade(zone), self.geo.square.topleft)
        self._pads()
        effects.draw_trails(surface, self.geo, t, pic.moment.trails)
        self._pieces()
        effects.draw_flashes(surface, self.geo, pic.moment.flashes)
        effects.draw_marks(surface, self.geo, pic.moment.marks)
        if pic.zone is not None and pic.zone.label_box is not None:
            self._label_in(pic.zone.label_box, pic.zone.label, pic.zone.colour)
        if pic.ghost is not None:
            self._ghost(pic.ghost)
        elif pic.aim is not None:
            self._aim(pic.aim)
        if pic.hint is not None:
            self._hint(pic.hint)
        if pic.finale is not None:
            self._round_end(pic.finale)
        group.draw_widgets(surface, t)
        if pic.replay is not None:
            self._replay_bar(pic.replay)

    # -- the board ---------------------------------------------------------------------------
    def _shade(self, zone: Zone) -> pygame.Surface:
        """The shade over the planet's square of the jammer's legal area while
        it waits to be placed, of the jammer's area while it sweeps at the end
        of a round, or of the area it counts in now (steady and faint)."""
        colour = zone.colour
        inner, outer = self.board.area_bounds(zone.area, 0.0)
        sq = self.geo.square
        shade = pygame.Surface(sq.size, pygame.SRCALPHA)
        c = (sq.w / 2, sq.h / 2)
        edge = max(2, self.geo.length(2))
        if zone.kind == "counts":  # steady and faint: where the jammer counts now
            fill, rim = 34, 170
        elif zone.kind == "sweep":  # pulsing while the sweep happens
            fill = round(
                50 + 40 * (0.5 + 0.5 * math.sin(self.pic.clock * 2 * math.pi * ZONE_BEATS))
            )
            rim = 220
        else:  # a choice to make: pulsing a moment, then steady
            fill = round(50 + 40 * pulse(self.pic.pulse_age, ZONE_BEATS))
            rim = 220
        pygame.draw.circle(shade, (*colour, fill), c, outer * self.geo.scale)
        if inner > 0:
            pygame.draw.circle(shade, (0, 0, 0, 0), c, inner * self.geo.scale)
            if zone.kind == "counts":
                pygame.draw.circle(shade, (*colour, rim), c, inner * self.geo.scale, edge)
        pygame.draw.circle(shade, (*colour, rim), c, outer * self.geo.scale, edge)
        return shade

    def _shade_onto(self, backdrop: pygame.Surface, table: pygame.Rect) -> pygame.Surface:
        """A copy of ``backdrop`` (the table's, at ``table``) with the zone's
        shade over the planet: the same pixels as the shade blitted over the
        backdrop on the window."""
        assert self.pic.zone is not None
        shaded = backdrop.copy()
        sq = self.geo.square
        shaded.blit(self._shade(self.pic.zone), (sq.x - table.x, sq.y - table.y))
        return shaded

    def _pads(self) -> None:
        surface, t, geo = self.surface, self.t, self.geo
        pic = self.pic.moment
        for seat in range(self.players):
            if seat == pic.active:
                continue
            pose = geo.pose(seat, pic.pads[seat])
            poly = geo.pad_polygon(pose)
            col = mix(t.player(seat).colour, SPACE_TOP, 0.55)
            pygame.draw.polygon(surface, col, poly, max(1, geo.length(1.5)))
        if pic.active is None:
            return
        seat = pic.active
        pose = geo.pose(seat, pic.pads[seat])
        col = t.player(seat).colour
        poly = geo.pad_polygon(pose)
        pygame.draw.polygon(surface, mix(col, (20, 22, 30), 0.7), poly)
        w = pose.wall
        h = pose.width / 2
        for a, b in (
            ((0.0, -h + w / 2), (pose.depth, -h + w / 2)),
            ((0.0, h - w / 2), (pose.depth, h - w / 2)),
            ((pose.depth - w / 2, -h), (pose.depth - w / 2, h)),
        ):
            pygame.draw.line(
                surface,
                mix(col, (255, 255, 255), 0.2),
                geo.to_px(*pose.to_world(*a)),
                geo.to_px(*pose.to_world(*b)),
                geo.length(w),
            )
        # the launch line the disc starts behind
        la, lb = pose.to_world(pose.depth * 0.25, -h + w), pose.to_world(pose.depth * 0.25, h - w)
        pygame.draw.line(surface, mix(col, (255, 255, 255), 0.5), geo.to_px(*la), geo.to_px(*lb), 1)
        if self.pic.pad_ring:
            pygame.draw.polygon(
                surface,
                t.focus if self.pic.pad_ring == "held" else mix(col, (255, 255, 255), 0.5),
                poly,
                max(1, geo.length(1.2)),
            )

    def _pieces(self) -> None:
        surface, geo = self.surface, self.geo
        pic = self.pic.moment
        r = geo.length(self.board.disc_radius)
        if pic.jammer is not None:
            img = self.art.jammer(geo.length(self.board.jammer_radius))
            surface.blit(img, img.get_rect(center=geo.ipx(*pic.jammer)))
        for disc, x, y, angle in pic.discs:
            self._blit_disc(disc, x, y, angle, r)
            if disc.id == pic.pending:  # the disc to flip: pulsing a moment, then steady
                beat = pulse(self.pic.pulse_age, PENDING_BEATS)
                pygame.draw.circle(
                    surface,
                    self.t.focus,
                    geo.ipx(x, y),
                    r + geo.length(3) + round(beat * geo.length(2)),
                    max(2, geo.length(1.5)),
                )
        if pic.on_pad is not None and pic.active is not None:
            pose = geo.pose(pic.active, pic.pads[pic.active])
            self._blit_disc(pic.on_pad, *pose.start, 0.0, r)
        for disc, x, y, p in pic.falling:
            self._falling(disc, x, y, p, r)

    def _blit_disc(self, disc: Disc, x: float, y: float, angle: float, r: int) -> None:
        surface = self.surface
        img = self.sprite(disc, r)
        cx, cy = self.geo.ipx(x, y)
        surface.blit(img, img.get_rect(center=(cx, cy)))
        if r >= 6:  # a notch on the rim shows the disc turning
            a = -angle + math.pi / 2
            ex, ey = cx + math.cos(a) * (r - 2), cy - math.sin(a) * (r - 2)
            ix, iy = cx + math.cos(a) * (r * 0.72), cy - math.sin(a) * (r * 0.72)
            pygame.draw.line(surface, (16, 16, 20), (ix, iy), (ex, ey), max(1, r // 9))

    def _falling(self, disc: Disc, x: float, y: float, p: float, r: int) -> None:
        """A disc spiralling into a black hole where it left the board (effects.py)."""
        jammer = disc.id == JAMMER

        def sprite(d: Disc, size: int) -> pygame.Surface:
            return self.art.jammer(size) if jammer else self.sprite(d, size)

        effects.draw_falling(
            self.surface,
            self.geo,
            self.t,
            disc,
            x,
            y,
            p,
            sprite,
            self.board.jammer_radius if jammer else self.board.disc_radius,
        )

    # -- the aim, the ghost, the hint -----------------------------------------------------------
    def _ghost(self, ghost: Ghost) -> None:
        t, surface = self.t, self.surface
        col = t.ok if ghost.ok else t.danger
        jr = self.geo.length(self.board.jammer_radius)
        img = pygame.Surface((2 * jr + 4, 2 * jr + 4), pygame.SRCALPHA)
        pygame.draw.circle(img, (*col, 120), (jr + 2, jr + 2), jr)
        pygame.draw.circle(img, (*col, 255), (jr + 2, jr + 2), jr, max(2, jr // 8))
        centre = self.geo.ipx(*ghost.at)
        surface.blit(img, img.get_rect(center=centre))
        self._label_in(ghost.label_box, ghost.label, col)

    def _aim(self, aim: Aim) -> None:
        surface, t, geo = self.surface, self.t, self.geo
        pose, angle, col = aim.pose, aim.angle, aim.colour
        dx, dy = aim_direction(pose, angle)
        sx, sy = pose.start
        if aim.rubber:
            pygame.draw.line(surface, (230, 230, 230), geo.to_px(sx, sy), aim.band, max(1, t.px(2)))
        w = max(2, t.px(3))
        if aim.assist == "line":  # the direction and the power: a short arrow in the power's colour
            self._dashes((sx, sy), (dx, dy), ARROW_MM, col, w)
            tip = geo.to_px(sx + dx * (ARROW_MM + 18.0), sy + dy * (ARROW_MM + 18.0))
            nx, ny = -dy, dx  # across the aim (board frame)
            back = [
                geo.to_px(sx + dx * ARROW_MM + nx * k * 11.0, sy + dy * ARROW_MM + ny * k * 11.0)
                for k in (1, -1)
            ]
            pygame.draw.polygon(surface, (10, 10, 16), [tip, *back], 0)
            pygame.draw.polygon(surface, col, [tip, *back], max(2, t.px(3)))
        if aim.assist == "full":
            self._stop(pose, angle, col, aim.prediction, w)
        self._meter(aim)

    def _hint(self, hint: HintMark) -> None:
        """The hint on show, in the hint's colour and dotted, unlike the
        player's own aim: for a flick the pad where it starts, its direction
        and where it would stop on an empty board; for a flip the disc and
        the choice; for the jammer the spot."""
        surface, t, geo = self.surface, self.t, self.geo
        action = hint.action
        col = t.hint
        w = max(3, t.px(4))
        if isinstance(action, Flick) and hint.pose is not None and hint.prediction is not None:
            pose, pred = hint.pose, hint.prediction
            pygame.draw.polygon(surface, (12, 12, 18), geo.pad_polygon(pose), w + 4)
            pygame.draw.polygon(surface, col, geo.pad_polygon(pose), w)
            sx, sy = pose.start
            pygame.draw.circle(
                surface, col, geo.ipx(sx, sy), geo.length(self.board.disc_radius), max(2, t.px(2))
            )
            dx, dy = aim_direction(pose, action.angle)
            self._dots((sx, sy), (dx, dy), pred.tip, col, w)
            if pred.exit is None:
                c = geo.ipx(sx + dx * pred.stop, sy + dy * pred.stop)
                rr = geo.length(self.board.disc_radius)
                pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
                pygame.draw.circle(surface, col, c, rr, w)
                pygame.draw.line(
                    surface, col, (c[0] - rr // 2, c[1]), (c[0] + rr // 2, c[1]), max(2, t.px(2))
                )
                pygame.draw.line(
                    surface, col, (c[0], c[1] - rr // 2), (c[0], c[1] + rr // 2), max(2, t.px(2))
                )
                label_at = (c[0], c[1] + rr + t.px(6))
            else:
                end = geo.ipx(sx + dx * pred.tip, sy + dy * pred.tip)
                label_at = (end[0], end[1] + t.px(8))
            self._label("Hint: this flick", col, label_at, "midtop")
        elif isinstance(action, Flip) and hint.disc is not None:
            disc = hint.disc
            c = geo.ipx(disc.x, disc.y)
            rr = geo.length(self.board.disc_radius) + geo.length(7)
            pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
            pygame.draw.circle(surface, col, c, rr, w)
            spot = (c[0], c[1] + rr + t.px(6))
            text = "Hint: turn it face down" if action.down else "Hint: keep it face up"
            self._label(text, col, spot, "midtop")
        elif isinstance(action, PlaceJammer):
            c = geo.ipx(action.x, action.y)
            rr = geo.length(self.board.jammer_radius)
            pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
            pygame.draw.circle(surface, col, c, rr, w)
            spot = (c[0], c[1] + rr + t.px(6))
            self._label("Hint: the jammer here", col, spot, "midtop")

    def _dots(
        self,
        start: tuple[float, float],
        along: tuple[float, float],
        length: float,
        colour: Colour,
        w: int,
    ) -> None:
        """A dotted line ``length`` mm from ``start`` along the unit vector
        ``along``: the hint's aim, unlike the player's dashes."""
        geo = self.geo
        sx, sy = start
        dx, dy = along
        k = 0.0
        while k <= length:
            p = geo.ipx(sx + dx * k, sy + dy * k)
            pygame.draw.circle(self.surface, (12, 12, 18), p, w // 2 + 3)
            pygame.draw.circle(self.surface, colour, p, w // 2 + 1)
            k += 14.0

    def _dashes(
        self,
        start: tuple[float, float],
        along: tuple[float, float],
        length: float,
        colour: Colour,
        w: int,
    ) -> None:
        """A dashed line ``length`` mm from ``start`` along the unit vector ``along``."""
        geo, t = self.geo, self.t
        sx, sy = start
        dx, dy = along
        dash = 12.0
        k = 0
        while k * dash < length:
            if k % 2 == 0:
                a0, a1 = k * dash, min(length, (k + 1) * dash)
                pa, pb = (
                    geo.to_px(sx + dx * a0, sy + dy * a0),
                    geo.to_px(sx + dx * a1, sy + dy * a1),
                )
                pygame.draw.line(self.surface, (10, 10, 16), pa, pb, w + max(2, t.px(2)))
                pygame.draw.line(self.surface, colour, pa, pb, w)
            k += 1

    def _stop(self, pose: PadPose, angle: float, col: Colour, pred: AimPrediction, w: int) -> None:
        """Full aim assist: the line to where the disc would stop on an empty
        board, with a ring there, or a cross where it would leave the board."""
        surface, t, geo = self.surface, self.t, self.geo
        dx, dy = aim_direction(pose, angle)
        sx, sy = pose.start
        off = pred.exit is not None
        length = pred.tip
        r = self.board.disc_radius
        # a dashed line from the disc to where it stops (to the ring's edge), or past the rim
        self._dashes(
            (sx, sy), (dx, dy), max(0.0, length - (0.0 if off else r)), t.danger if off else col, w
        )
        if pred.exit is not None:  # where it would leave the board: a cross on the rim and a label
            ex, ey = sx + dx * pred.exit, sy + dy * pred.exit
            c = geo.to_px(ex, ey)
            m = max(7, geo.length(11))
            for sgn in (1, -1):
                pygame.draw.line(
                    surface,
                    (10, 10, 16),
                    (c[0] - m, c[1] - sgn * m),
                    (c[0] + m, c[1] + sgn * m),
                    w + 4,
                )
                pygame.draw.line(
                    surface, t.danger, (c[0] - m, c[1] - sgn * m), (c[0] + m, c[1] + sgn * m), w + 1
                )
            # the label outside the planet, past the cross
            out = math.hypot(ex, ey) or 1.0
            lx, ly = geo.to_px(ex + ex / out * 26.0, ey + ey / out * 26.0)
            self._label("✗ off the board", t.danger, (round(lx), round(ly)), "center")
        else:  # a ring where the disc would stop
            c = geo.ipx(sx + dx * pred.stop, sy + dy * pred.stop)
            rr = geo.length(r)
            fill = pygame.Surface((2 * rr + 2, 2 * rr + 2), pygame.SRCALPHA)
            pygame.draw.circle(fill, (*col, 70), (rr + 1, rr + 1), rr)
            surface.blit(fill, fill.get_rect(center=c))
            pygame.draw.circle(surface, (10, 10, 16), c, rr + 1, max(2, t.px(2)) + 2)
            pygame.draw.circle(surface, col, c, rr, max(2, t.px(2)))
            pygame.draw.circle(surface, col, c, max(2, t.px(2)))

    def _label(self, text: str, colour: Colour, at: tuple[int, int], anchor: str) -> None:
        """A small bold label on a dark rounded box (readable on any area), kept in the board area."""
        self._label_in(
            label_box(self.t, text, colour, at, anchor, self.shape.board_area), text, colour
        )

    def _label_in(self, box: pygame.Rect, text: str, colour: Colour) -> None:
        t = self.t
        img = self.text(("small", True), text, colour)
        pygame.draw.rect(self.surface, LABEL_BACK, box, border_radius=t.px(6))
        pygame.draw.rect(self.surface, colour, box, max(1, t.px(1)), border_radius=t.px(6))
        self.surface.blit(img, img.get_rect(center=box.center))

    def _meter(self, aim: Aim) -> None:
        """The power meter: the speed in mm/s, where the disc goes (full aim
        assist), the aim (not without assist), and a bar (the pull; a tick
        where the pull reaches past the far rim), in its corner."""
        surface, t = self.surface, self.t
        meter = aim.meter
        speed_img = self.text(("body", True), meter.speed, t.text)
        where_img = self.text(("small", True), meter.where, meter.where_colour)
        aim_img = self.text(("small", False), meter.aim, t.text_dim)
        box = meter.box
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(8))
        pygame.draw.rect(surface, t.panel_edge, box, max(1, t.px(1)), border_radius=t.px(8))
        y = box.y + t.px(6)
        surface.blit(speed_img, (box.x + t.px(10), y))
        surface.blit(
            where_img,
            where_img.get_rect(
                bottomright=(box.right - t.px(10), y + speed_img.get_height() - t.px(2))
            ),
        )
        y += speed_img.get_height()
        surface.blit(aim_img, (box.x + t.px(10), y))
        bar = pygame.Rect(box.x + t.px(10), box.bottom - t.px(20), box.w - t.px(20), t.px(12))
        pygame.draw.rect(surface, t.track, bar, border_radius=t.px(4))
        fill = bar.copy()
        fill.w = round(bar.w * aim.frac)
        if fill.w > 0:
            pygame.draw.rect(surface, aim.colour, fill, border_radius=t.px(4))
        tick = bar.x + round(bar.w * PULL_REACH_MM / PULL_FULL_MM)
        pygame.draw.line(
            surface, t.text, (tick, bar.y - t.px(2)), (tick, bar.bottom + t.px(1)), max(1, t.px(2))
        )

    # -- the round's end -----------------------------------------------------------------------
    def _round_end(self, finale: Finale) -> None:
        """The power per area and where the tokens went."""
        surface, t = self.surface, self.t
        stage, p = finale.stage, finale.progress
        res = finale.result
        if stage == 0:
            return
        names = self.pic.names
        owners = finale.owners
        head = self.text(("heading", True), f"Round {res.round}: power per area", t.text)
        row_h = t.body.get_linesize() + t.px(10)
        col_w = t.px(50)
        w = max(head.get_width() + t.px(32), t.px(110) + owners * col_w + t.px(230))
        w = min(w, self.geo.square.w - t.px(20))
        h = head.get_height() + t.px(26) + row_h * (len(res.areas) + 1)
        box = pygame.Rect(0, 0, w, h)
        box.center = self.geo.square.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*t.panel, 236), panel.get_rect(), border_radius=t.px(12))
        pygame.draw.rect(
            panel, (*t.panel_edge, 255), panel.get_rect(), max(1, t.px(2)), border_radius=t.px(12)
        )
        surface.blit(panel, box.topleft)
        surface.blit(head, (box.x + t.px(16), box.y + t.px(10)))
        y = box.y + head.get_height() + t.px(18)
        x0 = box.x + t.px(16)
        names_x = x0 + t.px(90)
        for k in range(owners):
            style = t.player(k)
            label = "3P" if k >= self.players else style.glyph
            img = self.text(("body", True), label, style.colour)
            surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
        y += row_h
        for area in res.areas:
            surface.blit(self.text(("body", True), plural(area.value, "pt"), t.text), (x0, y))
            best = max(area.power) if area.power else 0
            for k, pw in enumerate(area.power[:owners]):
                col = t.text if pw == best and pw > 0 else t.text_dim
                img = self.text(("body", pw == best and pw > 0), str(pw), col)
                surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
            if area.winner is not None:
                said = f"→ {names[area.winner]} +{area.tokens * area.value}"
                colour = t.player(area.winner).colour
            elif area.reason == "empty":
                said, colour = "empty: carried over", t.text_dim
            elif area.reason == "third_party":
                said, colour = "3P: carried over", t.warning
            else:
                said, colour = "tie: carried over", t.warning
            rx = names_x + owners * col_w + t.px(8)
            draw_text(
                surface,
                t.small,
                said,
                colour,
                pygame.Rect(rx, y, box.right - rx - t.px(10), t.body.get_linesize()),
            )
            y += row_h
        if stage == 2:  # tokens fly from the scoring board to the winners
            slots, seats = self.shape.slot_boxes, self.shape.seat_rows
            for i, area in enumerate(res.areas):
                if area.winner is None or not area.tokens or i >= len(slots):
                    continue
                a = slots[i].center
                b = seats[area.winner].midright if area.winner < len(seats) else a
                q = ease(p)
                pos = (
                    a[0] + (b[0] - a[0]) * q,
                    a[1] + (b[1] - a[1]) * q - math.sin(q * math.pi) * t.px(40),
                )
                tr = t.px(12)
                pygame.draw.circle(surface, TOKEN_GOLD, pos, tr)
                pygame.draw.circle(surface, (90, 60, 0), pos, tr, max(1, t.px(2)))
                v = self.text(("small", True), str(area.value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=(round(pos[0]), round(pos[1]))))

    # -- the panel -------------------------------------------------------------------------------
    def _box(self, rect: pygame.Rect, title: str) -> int:
        """A panel box with a small title; returns the y below the title."""
        t = self.t
        if rect.h <= 0:
            return rect.y
        pygame.draw.rect(self.surface, t.panel, rect, border_radius=t.px(10))
        pygame.draw.rect(self.surface, t.panel_edge, rect, max(1, t.px(1)), border_radius=t.px(10))
        if title:
            img = self.text(("small", True), title, t.text_dim)
            self.surface.blit(img, (rect.x + t.px(10), rect.y + t.px(5)))
            return rect.y + t.px(5) + img.get_height()
        return rect.y

    def _panel_cached(self, panel: Panel) -> None:
        """The panel changes only with its picture's compared fields (the
        position, an animation's stage...): painted once, then its copy blitted."""
        art = self.art
        rect = self.shape.panel.clip(self.surface.get_rect())
        if art.panel is not None and art.panel_key == panel:
            self.surface.blit(art.panel, rect.topleft)
            return
        self._panel(panel)
        if rect.w > 0 and rect.h > 0:
            if art.panel is not None and art.panel.get_size() == rect.size:
                art.panel.blit(self.surface, (0, 0), rect)  # kept: no new surface to fault in
            else:
                art.panel = self.surface.subsurface(rect).copy()
            art.panel_key = panel

    def _panel(self, panel: Panel) -> None:
        surface, t = self.surface, self.t
        st = panel.state
        # the round and what to do
        r = self.shape.head
        self._box(r, "")
        x = r.x + t.px(12)
        y = r.y + t.px(8)
        rnd = self.text(("heading", True), f"Round {min(st.round, ROUNDS)} of {ROUNDS}", t.text)
        surface.blit(rnd, (x, y))
        y += rnd.get_height() + t.px(2)
        mover = panel.asked
        colour = t.player(mover).colour if mover is not None else t.text
        glyph = f"{t.player(mover).glyph} " if mover is not None else ""
        for line in prompt_lines(t, glyph + panel.prompt, r.w - t.px(24)):
            draw_text(
                surface,
                t.font("body", bold=True),
                line,
                mix(colour, (255, 255, 255), 0.35),
                pygame.Rect(x, y, r.w - t.px(24), t.body.get_linesize()),
            )
            y += t.body.get_linesize()
        for line in wrap_text(t.small, panel.hint, r.w - t.px(24))[:2]:
            draw_text(
                surface,
                t.small,
                line,
                t.text_dim,
                pygame.Rect(x, y, r.w - t.px(24), t.small.get_linesize()),
            )
            y += t.small.get_linesize()
        self._decision(panel)
        self._seats(panel)
        self._slots(panel)
        self._hole(panel)

    def _decision(self, panel: Panel) -> None:
        """The decision's box (its buttons are the table's widgets, painted
        last), and below them who would take each area if the round ended now
        (after the game, who took each area in the last round)."""
        t = self.t
        r = self.shape.decide
        title = panel.title
        if panel.finale is not None:
            self._box(r, title)
            return
        if title:
            self._box(r, title)
        else:
            pygame.draw.rect(self.surface, t.panel, r, border_radius=t.px(10))
            pygame.draw.rect(self.surface, t.panel_edge, r, max(1, t.px(1)), border_radius=t.px(10))
        if panel.no_flip:
            top = self.shape.flip.y
            for line in wrap_text(t.small, panel.no_flip, r.w - t.px(20))[:2]:
                draw_text(
                    self.surface,
                    t.small,
                    line,
                    HAZARD,
                    pygame.Rect(r.x + t.px(10), top, r.w - t.px(20), t.small.get_linesize()),
                )
                top += t.small.get_linesize()
        power = panel.power
        if power is None:
            return  # two rows of buttons: no room left for the count
        top = power.rect.y
        img = self.text(("small", True), power.heading, t.text_dim)
        self.surface.blit(img, (r.x + t.px(10), top + t.px(5) if not title else top))
        y = (top + t.px(5) if not title else top) + img.get_height() + t.px(4)
        self._power(r, y, power)

    def _power(self, r: pygame.Rect, y: int, power: Power) -> None:
        """One line per area from ``y``: its value (the jammer's area in the
        jammer's colour), each owner's power after the sweep, who takes it;
        then the sweep: each owner's face-up discs the jammer takes."""
        surface, t = self.surface, self.t
        line_h = t.small.get_linesize()
        gap = t.px(10) if self.players <= 4 else t.px(6)
        for area, said in zip(power.results, power.verdicts):
            if y + line_h > r.bottom - t.px(2):
                return
            x = r.x + t.px(12)
            jammed = area.value == power.jammer_area
            img = self.text(("small", True), plural(area.value, "pt"), HAZARD if jammed else t.text)
            surface.blit(img, (x, y))
            x += t.px(52)
            for owner, pw in enumerate(area.power):
                if pw == 0:
                    continue
                style = t.player(owner)
                label = f"{'3P' if owner >= self.players else style.glyph} {pw}"
                img = self.text(("small", owner == area.winner), label, style.colour)
                surface.blit(img, (x, y))
                x += img.get_width() + gap
            room = r.right - t.px(10) - x
            if room > t.px(24):
                colour = HAZARD if said == "swept" else t.text_dim
                draw_text(surface, t.small, said, colour, pygame.Rect(x, y, room, line_h), "right")
            y += line_h + t.px(3)
        if y + line_h > r.bottom - t.px(2):
            return
        x = r.x + t.px(12)
        words = power.sweep_words
        shown = draw_text(
            surface, t.small, words, HAZARD, pygame.Rect(x, y, r.right - t.px(10) - x, line_h)
        )
        x = shown.right + t.px(8)
        for owner, discs in power.swept:
            style = t.player(owner)
            label = f"{'3P' if owner >= self.players else style.glyph} ×{discs}"
            img = self.text(("small", True), label, style.colour)
            surface.blit(img, (x, y))
            x += img.get_width() + gap

    def _seats(self, panel: Panel) -> None:
        surface, t = self.surface, self.t
        st = panel.state
        self._box(self.shape.seats, "Players · score · discs left")
        mover = panel.mover
        dr = max(6, t.px(8))
        for seat, row in enumerate(self.shape.seat_rows):
            style = t.player(seat)
            if seat == mover:
                pygame.draw.rect(
                    surface, mix(t.panel, style.colour, 0.22), row, border_radius=t.px(6)
                )
                pygame.draw.rect(surface, style.colour, row, max(1, t.px(2)), border_radius=t.px(6))
            name = panel.names[seat]
            team = ""
            if panel.teams is not None:
                team = f" · team {panel.teams[seat] + 1}"
            start = " · starts" if seat == st.start else ""
            if self.shape.compact:
                self._seat_line(panel, seat, row, mover, dr)
                continue
            top = row.y + t.px(4)
            score = sum(v for v, _ in st.won[seat])
            sc = self.text(("body", True), str(score), t.text)
            surface.blit(sc, sc.get_rect(topright=(row.right - t.px(8), top)))
            draw_text(
                surface,
                t.font("body", bold=seat == mover),
                f"{style.glyph} {name}",
                style.colour,
                pygame.Rect(
                    row.x + t.px(6), top, row.w - sc.get_width() - t.px(20), t.body.get_linesize()
                ),
            )
            y2 = top + t.body.get_linesize() + t.px(2)
            cx = row.x + t.px(6) + dr
            cy = y2 + t.small.get_linesize() // 2
            for _ in range(st.left[seat]):
                img = self.sprite(Disc(-1, seat), dr)
                surface.blit(img, img.get_rect(center=(cx, cy)))
                cx += 2 * dr + t.px(2)
            if st.third_party_variant and st.left_3p[seat]:
                cx += t.px(4)
                for _ in range(st.left_3p[seat]):
                    img = self.sprite(Disc(-1, THIRD_PARTY), dr)
                    surface.blit(img, img.get_rect(center=(cx, cy)))
                    cx += 2 * dr + t.px(2)
            extra = []
            if st.doubles[seat]:
                extra.append("×2")
            tokens = " ".join(str(v) for v, _ in sorted(st.won[seat], reverse=True))
            said = " ".join(extra + ([tokens] if tokens else [])) + team + start
            if said.strip():
                room = row.right - t.px(8) - (cx + t.px(4))
                if room > t.px(30):
                    draw_text(
                        surface,
                        t.small,
                        said.strip(" ·"),
                        t.text_dim,
                        pygame.Rect(cx + t.px(4), y2, room, t.small.get_linesize()),
                        "right",
                    )

    def _seat_line(
        self, panel: Panel, seat: int, row: pygame.Rect, mover: int | None, dr: int
    ) -> None:
        """One seat on one line (small windows): name, discs left, score."""
        surface, t = self.surface, self.t
        st = panel.state
        style = t.player(seat)
        score = sum(v for v, _ in st.won[seat])
        sc = self.text(("body", True), str(score), t.text)
        surface.blit(sc, sc.get_rect(midright=(row.right - t.px(8), row.centery)))
        discs = [Disc(-1, seat)] * st.left[seat]
        if st.third_party_variant:
            discs += [Disc(-1, THIRD_PARTY)] * st.left_3p[seat]
        step = 2 * dr + t.px(1)
        cx = row.right - t.px(16) - sc.get_width() - dr - (len(discs) - 1) * step
        for k, d in enumerate(discs):
            img = self.sprite(d, dr)
            surface.blit(img, img.get_rect(center=(cx + k * step, row.centery)))
        label = f"{style.glyph} {panel.names[seat]}"
        if panel.teams is not None:
            label += f" (team {panel.teams[seat] + 1})"
        if st.doubles[seat]:
            label += " ×2"
        room = cx - dr - t.px(6) - (row.x + t.px(6))
        draw_text(
            surface,
            t.font("body", bold=seat == mover),
            label,
            style.colour,
            pygame.Rect(row.x + t.px(6), row.y, max(0, room), row.h),
        )

    def _slots(self, panel: Panel) -> None:
        surface, t = self.surface, self.t
        st = panel.state
        self._box(self.shape.slots, "Scoring tokens on the board")
        finale = panel.finale
        fading = finale.progress if finale is not None and finale.stage == 2 else None
        for i, (value, rect) in enumerate(zip((5, 4, 3), self.shape.slot_boxes)):
            n = st.slots[i]
            pygame.draw.rect(surface, t.track, rect, border_radius=t.px(8))
            pygame.draw.rect(
                surface, AREA_COLOURS[value], rect, max(1, t.px(2)), border_radius=t.px(8)
            )
            shown = n
            if fading is not None and finale is not None:
                res = finale.result.areas[i]
                if res.winner is not None and res.tokens:
                    shown = 0 if fading > 0.05 else n
            tr = max(4, min(rect.h // 3, rect.w // 5))
            for k in range(min(shown, 5)):
                c = (rect.x + tr + t.px(6) + k * (tr // 2), rect.centery)
                pygame.draw.circle(surface, (20, 16, 6), (c[0], c[1] + 2), tr)
                pygame.draw.circle(surface, TOKEN_GOLD, c, tr)
                pygame.draw.circle(surface, mix(TOKEN_GOLD, (0, 0, 0), 0.4), c, tr, max(1, tr // 5))
                v = self.text(("small", True), str(value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=c))
            if shown == 0:
                v = self.text(("small", False), f"{value}: none", t.text_dim)
                surface.blit(v, v.get_rect(center=rect.center))
            else:
                label = self.text(("small", True), f"×{shown}", t.text)
                surface.blit(label, label.get_rect(midright=(rect.right - t.px(6), rect.centery)))

    def _hole(self, panel: Panel) -> None:
        t = self.t
        r = self.shape.hole
        if r.h < t.small.get_linesize() + t.px(20):
            return
        self._box(r, panel.lost_title)
        hole = panel.hole
        if hole is None:
            return
        art = self.art.hole(t, hole.rad)
        self.surface.blit(art, art.get_rect(center=hole.centre))
        for d, spot in zip(panel.state.black_hole, hole.spots):
            img = self.sprite(d, hole.dr)
            self.surface.blit(img, img.get_rect(center=spot))

    # -- the instant replay -----------------------------------------------------------------------
    def _replay_bar(self, replay: ReplayBar) -> None:
        """Over the top of the side panel (the board stays clear): what is
        showing, the shot's timeline with a tick at each contact, how to steer
        it and what the marks mean."""
        surface, t = self.surface, self.t
        inner_w = self.shape.panel.w - t.px(24)
        line = t.small.get_linesize()
        box = replay.box
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(10))
        pygame.draw.rect(surface, t.accent, box, max(1, t.px(2)), border_radius=t.px(10))
        x, y = box.x + t.px(12), box.y + t.px(8)
        surface.blit(t.font("heading", bold=True).render("Instant replay", True, t.text), (x, y))
        y += t.heading.get_linesize()
        state = "playing" if replay.playing else ("ended" if replay.t >= replay.end else "paused")
        whose = f"{replay.whose} · " if replay.whose else ""
        draw_text(
            surface,
            t.body,
            f"{whose}¼ speed · {state}",
            t.text_dim,
            pygame.Rect(x, y, inner_w, t.body.get_linesize()),
        )
        bar = replay.bar
        pygame.draw.rect(surface, t.track, bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = round(bar.w * replay.fraction)
        if done.w > 0:
            pygame.draw.rect(surface, t.accent, done, border_radius=bar.h // 2)
        for hit in replay.impacts:
            hx = bar.x + round(bar.w * replay.at(hit.t))
            tall = round(t.px(3) + t.px(8) * hit.strength)
            colour = MARK_COLOUR if hit.t <= replay.t else mix(MARK_COLOUR, t.track, 0.6)
            pygame.draw.line(
                surface, colour, (hx, bar.centery - tall), (hx, bar.centery + tall), max(1, t.px(2))
            )
        knob = (bar.x + done.w, bar.centery)
        pygame.draw.circle(surface, t.text, knob, t.px(7))
        pygame.draw.circle(surface, t.accent, knob, t.px(7), max(1, t.px(2)))
        clock = replay.readout
        y = bar.bottom + t.px(8)
        draw_text(surface, t.small, clock, t.text_dim, pygame.Rect(x, y, inner_w, line), "right")
        y += line + t.px(4)
        for text in replay.notes:
            draw_text(surface, t.small, text, t.text_dim, pygame.Rect(x, y, inner_w, line))
            y += line
