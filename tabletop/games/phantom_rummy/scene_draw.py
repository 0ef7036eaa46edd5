"""Drawing Phantom Rummy's table (the scene's parts; ``scene.py`` lays them out).

Everything is drawn from the viewer's view: the other seats show their open
sets, their own discard piles and how many cards they hold, never a face of
their hands. The discard on offer is ringed on its owner's pile and named,
with the owner's colour and glyph, in the prompt, so whose discard it is is
never hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from tabletop.core.words import plural
from tabletop.games.phantom_rummy.cards import Card, set_words
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomState,
    Phase,
    Ready,
    Take,
)
from tabletop.games.phantom_rummy.scene_goal import draw_goal
from tabletop.games.phantom_rummy.scene_look import card_face, waiting_words
from tabletop.ui.cards import CardPainter, Look, Pose, draw_card, draw_outline
from tabletop.ui.hand import draw_focus_ring
from tabletop.ui.theme import Colour, mix, text_on
from tabletop.ui.widgets import draw_badge, draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from tabletop.games.phantom_rummy.scene import PhantomScene


def hinted_cards(scene: PhantomScene) -> set[Card]:
    """The cards the hint on show suggests (a take, a discard, a set...)."""
    hint = scene.hint_action
    if isinstance(hint, (Take, Discard, Ready)):
        return {hint.card}
    if isinstance(hint, (Open, ClaimGain)):
        return set(hint.cards)
    return set()


def draw_table(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    _draw_match(scene, surface, view)
    for seat in scene.seat_rects:
        _draw_seat(scene, surface, view, seat)
    _draw_pile(scene, surface, view)
    _draw_row(scene, surface, view)
    _draw_prompt(scene, surface, view)
    _draw_mine(scene, surface, view)
    _draw_message(scene, surface, view)
    _draw_hand(scene, surface, view)
    scene.group.draw_widgets(
        surface, scene.app.theme
    )  # their tooltips: GameScene.draw, above the log
    _draw_hint_buttons(scene, surface)
    for card, tween, painter in scene.flights:
        if tween.started and not tween.done:
            draw_card(
                surface, painter, card_face(scene.app.theme, card, scene.advanced), tween.pose
            )
    if scene.goal is not None and not scene.summary_shown:  # the summary shows it then
        draw_goal(scene, surface, scene.goal_rect)


def _panel(
    scene: PhantomScene, surface: pygame.Surface, r: pygame.Rect, edge: Colour | None = None
) -> None:
    t = scene.app.theme
    pygame.draw.rect(surface, t.felt_dark, r, border_radius=t.px(12))
    if edge is not None:
        pygame.draw.rect(surface, edge, r, max(2, t.px(3)), border_radius=t.px(12))


def _draw_match(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    t = scene.app.theme
    panel = scene.match_panel
    panel.draw(surface, t)
    r = panel.content_rect(t)
    bold = t.font("body", bold=True)
    games, target = view.match_length()
    draw_text(surface, bold, "Match", t.text, pygame.Rect(r.x, r.y, r.w, bold.get_linesize()))
    line = t.small.get_linesize()
    y = r.y + bold.get_linesize()
    done = len(view.results)
    number = view.short_game if view.phase is not Phase.OVER else done
    for text in (f"Short game {number} of {games}", f"First to {target} points"):
        draw_text(surface, t.small, text, t.text_dim, pygame.Rect(r.x, y, r.w, line))
        y += line
    lead = max(view.scores)
    names = scene.session.names
    for s, score in enumerate(view.scores):
        style = t.player(s)
        font = t.font("small", bold=score == lead and lead > 0)
        row = pygame.Rect(r.x, y, r.w, line)
        dealer = " · deals" if s == view.dealer and view.phase is not Phase.OVER else ""
        draw_text(
            surface,
            font,
            fit_text(font, f"{style.glyph} {names[s]}{dealer}", r.w - t.px(36)),
            style.colour,
            row,
        )
        draw_text(surface, font, str(score), t.text, row, "right")
        y += line
    if view.results:
        last = view.results[-1]
        words = "pile-out" if last.goal is None else f"{names[last.goal]} +{last.points[last.goal]}"
        draw_text(
            surface,
            t.small,
            fit_text(t.small, f"Last: {words}", r.w),
            t.text_dim,
            pygame.Rect(r.x, y, r.w, line),
        )


def _status(scene: PhantomScene, view: PhantomState, seat: int) -> tuple[str, Colour]:
    t = scene.app.theme
    if view.phase is Phase.OVER:
        return "", t.text_dim
    if view.phase is Phase.CLAIMS and view.asking() == seat:
        return ("thinking…" if scene.is_thinking(seat) else "asked"), t.player(seat).colour
    if view.turn == seat and view.phase is not Phase.CLAIMS:
        return ("thinking…" if scene.is_thinking(seat) else "to move"), t.player(seat).colour
    return "", t.text_dim


def _mini_sets(
    scene: PhantomScene, surface: pygame.Surface, sets: Sequence[Sequence[Card]], area: pygame.Rect
) -> None:
    """Open sets as small face-up cards, a set's cards overlapping, a gap between sets."""
    t = scene.app.theme
    painter = scene.mini_painter
    w, h = painter.card_size
    n = sum(len(s) for s in sets)
    if not n:
        draw_text(surface, t.small, "no sets open", mix(t.felt_dark, t.text, 0.5), area, "left")
        return
    step, gap = w * 0.55, w * 0.5
    total = step * (n - len(sets)) + (w + gap) * len(sets) - gap
    if total > area.w:
        k = area.w / total
        step, gap = step * k, gap * k
    x = area.x + w / 2
    for laid in sets:
        for i, c in enumerate(sorted(laid)):
            draw_card(surface, painter, card_face(t, c, scene.advanced), (x, area.centery, 0.0))
            x += step if i < len(laid) - 1 else w + gap


def discard_area(scene: PhantomScene, seat: int) -> pygame.Rect:
    """Where ``seat``'s own discard pile lies: in its panel, or above your hand."""
    t = scene.app.theme
    line = t.small.get_linesize()
    mini_h = scene.mini_painter.card_height
    if seat == scene.viewer:
        r = scene.mine_rect
        half = (r.w - t.px(20)) // 2
        return pygame.Rect(r.x + half + t.px(20), r.y + line, r.w - half - t.px(20), r.h - line)
    r = scene.seat_rects[seat]
    pad = t.px(8)
    top = r.y + t.px(4) + t.body.get_linesize() + line + mini_h + t.px(4) + line
    return pygame.Rect(r.x + pad, top, r.w - 2 * pad, mini_h + t.px(4))


def discard_poses(scene: PhantomScene, count: int, area: pygame.Rect) -> list[Pose]:
    """The poses of a discard pile of ``count`` cards in ``area``, oldest first."""
    w, _ = scene.mini_painter.card_size
    step = min(w * 0.5, (area.w - w) / max(1, count - 1)) if count > 1 else 0
    return [Pose(area.x + w / 2 + i * step, area.centery, 0.0) for i in range(count)]


def _mini_discards(
    scene: PhantomScene, surface: pygame.Surface, view: PhantomState, seat: int, area: pygame.Rect
) -> None:
    """A seat's own discard pile, oldest first, the newest whole on the right;
    the discard on offer ringed; a card still flying there is not drawn yet."""
    t = scene.app.theme
    painter = scene.mini_painter
    pile = view.discards[seat]
    if not pile:
        draw_text(surface, t.small, "no discards", mix(t.felt_dark, t.text, 0.5), area, "left")
        return
    poses = discard_poses(scene, len(pile), area)
    for c, pose in zip(pile, poses):
        if c not in scene.flying:
            draw_card(surface, painter, card_face(t, c, scene.advanced), pose)
    claim = view.claim
    if claim is not None and claim.discarder == seat and claim.card not in scene.flying:
        draw_outline(surface, poses[-1], painter.card_size, t.focus, max(2, t.px(3)), grow=t.px(2))


def _draw_seat(scene: PhantomScene, surface: pygame.Surface, view: PhantomState, seat: int) -> None:
    t = scene.app.theme
    r = scene.seat_rects[seat]
    style = t.player(seat)
    status, colour = _status(scene, view, seat)
    _panel(scene, surface, r, style.colour if status else None)
    pad = t.px(8)
    head = pygame.Rect(r.x + pad, r.y + t.px(4), r.w - 2 * pad, t.body.get_linesize())
    badge_w = 0
    badges = [(status, colour)] if status else []
    if view.ready[seat]:
        badges.append(("ready", t.warning))
    right = head.right
    for text, c in badges:
        pill = draw_badge(surface, t, text, c, midright=(right, head.centery))
        right = pill.x - t.px(4)
        badge_w = head.right - right
    bold = t.font("body", bold=True)
    name = f"{style.glyph} {scene.session.names[seat]}"
    draw_text(
        surface,
        bold,
        fit_text(bold, name, head.w - badge_w),
        style.colour,
        pygame.Rect(head.x, head.y, head.w - badge_w, head.h),
    )
    line = t.small.get_linesize()
    y = head.bottom
    count = plural(view.hand_sizes[seat], "card") + " in hand"
    draw_text(surface, t.small, count, t.text_dim, pygame.Rect(head.x, y, head.w, line))
    mini_h = scene.mini_painter.card_height
    y += line
    sets_area = pygame.Rect(head.x, y, head.w, mini_h + t.px(4))
    _mini_sets(scene, surface, view.opened[seat], sets_area)
    y = sets_area.bottom
    draw_text(surface, t.small, "discards", t.text_dim, pygame.Rect(head.x, y, head.w, line))
    _mini_discards(scene, surface, view, seat, discard_area(scene, seat))


def _draw_pile(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    t = scene.app.theme
    r = scene.pile_rect
    line = t.small.get_linesize()
    painter = scene.row_painter
    w, h = painter.card_size
    draw_text(surface, t.small, "Pile", t.text_dim, pygame.Rect(r.x, r.y, r.w, line), "center")
    cy = r.y + line + h // 2 + t.px(4)
    if view.pile_size:
        for k in range(min(3, view.pile_size)):
            draw_card(surface, painter, None, (r.centerx - k * 2, cy - k * 2, 0.0))
    count = t.font("body", bold=True).render(str(view.pile_size), True, t.text)
    surface.blit(
        count,
        count.get_rect(
            midtop=(r.centerx, min(r.bottom - count.get_height(), cy + h // 2 + t.px(4)))
        ),
    )


def _draw_row(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    t = scene.app.theme
    r = scene.row_rect
    line = t.small.get_linesize()
    taking = scene.my_turn and view.phase is Phase.TAKE
    words = "The row: take one (click, or ←/→ and Enter)" if taking else "The row"
    if not view.row:
        words = "The row is empty: the next turn lays a fresh one"
    draw_text(
        surface,
        t.small,
        fit_text(t.small, words, r.w),
        t.text if taking else t.text_dim,
        pygame.Rect(r.x, r.y, r.w, line),
        "center",
    )
    painter = scene.row_painter
    hinted = hinted_cards(scene)
    cards = list(view.row)
    focus = scene.keys.focused(cards) if scene.keys.shown and taking else None
    for card, pose in scene.row_poses(view):
        draw_card(
            surface,
            painter,
            card_face(t, card, scene.advanced),
            pose,
            Look.PLAYABLE if taking else Look.NORMAL,
        )
        if card in hinted:
            draw_outline(surface, pose, painter.card_size, t.hint, max(3, t.px(4)), grow=t.px(3))
        if card == focus:
            draw_focus_ring(surface, pose, painter.card_size)


def _draw_prompt(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    """The discard on offer and, when the viewer is asked, the answers; else
    what the game waits for."""
    t = scene.app.theme
    r = scene.prompt_rect
    claim = view.claim
    asked = scene.asked
    _panel(scene, surface, r, t.focus if asked else None)
    inner = r.inflate(-2 * t.px(12), -2 * t.px(10))
    line = t.small.get_linesize()
    bold = t.font("body", bold=True)
    names = scene.session.names
    if claim is None:
        lines = [_waiting_words(scene, view)]
        y = inner.y
        for text in lines:
            for part in wrap_text(t.body, text, inner.w)[:4]:
                draw_text(
                    surface,
                    t.body,
                    part,
                    t.text,
                    pygame.Rect(inner.x, y, inner.w, t.body.get_linesize()),
                )
                y += t.body.get_linesize()
        return
    owner = claim.discarder
    style = t.player(owner)
    head = f"{style.glyph} {names[owner]} discarded"
    draw_text(
        surface,
        bold,
        fit_text(bold, head, inner.w),
        style.colour,
        pygame.Rect(inner.x, inner.y, inner.w, bold.get_linesize()),
    )
    left, _ = scene.prompt_split()
    if not asked:  # no buttons: the words may use the whole width
        left = pygame.Rect(left.x, left.y, inner.w, left.h)
    painter = scene.mini_painter
    w, h = painter.card_size
    pose = Pose(left.x + w / 2 + t.px(2), left.y + h / 2 + t.px(2), 0.0)
    draw_card(surface, painter, card_face(t, claim.card, scene.advanced), pose)
    draw_outline(surface, pose, painter.card_size, style.colour, max(2, t.px(3)), grow=t.px(2))
    beside = pygame.Rect(left.x + w + t.px(10), left.y, left.w - w - t.px(10), h)
    title = t.font("small", bold=True)
    draw_text(
        surface,
        title,
        fit_text(title, claim.card.title, beside.w),
        t.text,
        pygame.Rect(beside.x, beside.y, beside.w, line),
    )
    y = left.y + h + t.px(8)
    if asked:
        ask = (
            "You cannot claim it: pass (P)."
            if scene.legal() == [Pass()]
            else "Claim it, or pass (P)?"
        )
    else:
        ask = "The others answer in turn, sealed."
    for part in wrap_text(t.small, ask, left.w)[:3]:
        draw_text(surface, t.small, part, t.text, pygame.Rect(left.x, y, left.w, line))
        y += line
    if asked and scene.countdown is not None and scene.countdown_total > 0:
        k = max(0.0, scene.countdown / scene.countdown_total)
        secs = t.small.render(f"{max(0, round(scene.countdown))} s", True, t.text_dim)
        bar = pygame.Rect(left.x, y + t.px(4), left.w - secs.get_width() - t.px(6), max(4, t.px(8)))
        pygame.draw.rect(surface, t.track, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(1, round(bar.w * k))
        pygame.draw.rect(surface, t.warning if k < 0.34 else t.ok, fill, border_radius=bar.h // 2)
        surface.blit(secs, secs.get_rect(midleft=(bar.right + t.px(6), bar.centery)))


def _waiting_words(scene: PhantomScene, view: PhantomState) -> str:
    """What the game waits for, when no discard is on offer."""
    names = scene.session.names
    if view.phase is Phase.OVER:  # the match's end, or a finished short game on show
        if scene.session.is_over():
            return "The match is over."
        return f"Short game {len(view.results)} is over; the next one is dealt after it."
    who = names[view.turn]
    if scene.my_turn:
        if view.phase is Phase.TAKE:
            return "Your turn: take a card from the row."
        if view.ready[scene.viewer]:
            return "Ready: score a goal (G) if you can, else discard the card you took."
        return "Select cards: discard one (D), discard and say ready (R), open a set of three (O), or score (G)."
    if view.phase is Phase.TAKE:
        return f"{who} takes from the row."
    return f"{who} plays."


def _draw_mine(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    """The viewer's own open sets and discard pile, above the hand."""
    t = scene.app.theme
    r = scene.mine_rect
    line = t.small.get_linesize()
    seat = scene.viewer
    half = (r.w - t.px(20)) // 2
    sets = pygame.Rect(r.x, r.y, half, r.h)
    discards = pygame.Rect(r.x + half + t.px(20), r.y, r.w - half - t.px(20), r.h)
    draw_text(
        surface, t.small, "Your open sets", t.text_dim, pygame.Rect(sets.x, sets.y, sets.w, line)
    )
    _mini_sets(
        scene, surface, view.opened[seat], pygame.Rect(sets.x, sets.y + line, sets.w, r.h - line)
    )
    draw_text(
        surface,
        t.small,
        "Your discards",
        t.text_dim,
        pygame.Rect(discards.x, discards.y, discards.w, line),
    )
    _mini_discards(scene, surface, view, seat, discard_area(scene, seat))


def _draw_message(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    t = scene.app.theme
    r = scene.msg_rect
    line = t.small.get_linesize()
    seat = scene.viewer
    style = t.player(seat)
    mine = f"{style.glyph} {scene.session.names[seat]}" + (" · ready" if view.ready[seat] else "")
    img = t.font("small", bold=True).render(mine, True, style.colour)
    surface.blit(img, img.get_rect(topright=(r.right, r.y)))
    width = r.w - img.get_width() - t.px(16)
    top = scene.distance_words(view)
    draw_text(
        surface,
        t.font("small", bold=True),
        fit_text(t.small, top, width),
        t.text,
        pygame.Rect(r.x, r.y, width, line),
    )
    reason = _selection_reason(scene)
    if reason:
        draw_text(
            surface,
            t.small,
            fit_text(t.small, reason[0], r.w),
            reason[1],
            pygame.Rect(r.x, r.y + line, r.w, line),
        )


def _selection_reason(scene: PhantomScene) -> tuple[str, Colour] | None:
    """The second line: the hint, or what the selection would do, or why not."""
    t = scene.app.theme
    hint = scene.hint_action
    if hint is not None and isinstance(hint, (Goal, ClaimGoal, Pass)):
        return f"Hint: {hint}.", t.hint
    if not scene.my_turn or scene.view.phase is not Phase.ACT:
        return None
    sel = scene.selected
    if not sel:
        return "Select a card to discard, or three to open a set.", t.text_dim
    if len(sel) == 3:
        b = scene.open_button
        return (
            (f"Open {set_words(sel)}? Press Open (O) or Enter.", t.text)
            if b.enabled
            else (b.disabled_reason, t.warning)
        )
    if len(sel) == 1:
        b = scene.discard_button
        return (
            (
                f"Discard {sel[0].title}? Press Discard (D) or Enter; Ready (R) says ready too.",
                t.text,
            )
            if b.enabled
            else (b.disabled_reason, t.warning)
        )
    return "Select one card to discard, or three to open a set.", t.text_dim


def _draw_hand(scene: PhantomScene, surface: pygame.Surface, view: PhantomState) -> None:
    t = scene.app.theme
    painter: CardPainter = scene.hand_painter
    size = painter.card_size
    hinted = hinted_cards(scene)
    act = scene.my_turn and view.phase is Phase.ACT
    cards = scene.hand_cards(view)
    focus = (
        scene.keys.focused(cards)
        if scene.keys.shown and not (scene.my_turn and view.phase is Phase.TAKE)
        else None
    )
    poses = dict(scene.hand_poses(view))
    for card in cards:
        pose = poses[card]
        if card in scene.flying:
            continue
        if card in scene.selected:
            look = Look.SELECTED
        elif card == scene.hover and act:
            look = Look.HOVER
        else:
            look = Look.NORMAL
        draw_card(surface, painter, card_face(t, card, scene.advanced), pose, look)
        drawn = pose.raised(painter.lift(look))
        if card in hinted:
            draw_outline(surface, drawn, size, t.hint, max(3, t.px(4)), grow=t.px(3))
        if card == focus:
            draw_focus_ring(surface, drawn, size)
    # each near set's waiting words under it
    line = t.small.get_linesize()
    for group in scene.hand_groups(view):
        words = waiting_words(group)
        if not words:
            continue
        xs = [poses[c].x for c in group.cards]
        left, right = min(xs) - size[0] / 2, max(xs) + size[0] / 2
        width = max(int(right - left), t.px(40))
        font = t.font("small")
        text = fit_text(font, words, width + t.px(60))
        img = font.render(text, True, t.text)
        spot = img.get_rect(midtop=(round((left + right) / 2), scene.hand_rect.bottom - line))
        spot.clamp_ip(scene.hand_rect)
        pill = spot.inflate(t.px(8), 0)
        pygame.draw.rect(surface, mix(t.felt_dark, t.panel, 0.5), pill, border_radius=pill.h // 2)
        surface.blit(img, spot)


def _draw_hint_buttons(scene: PhantomScene, surface: pygame.Surface) -> None:
    """The hint's button ringed: Goal, Pass, a gain, or the turn's button."""
    t = scene.app.theme
    hint = scene.hint_action
    button = None
    if isinstance(hint, Goal):
        button = scene.goal_button
    elif isinstance(hint, ClaimGoal):
        button = scene.claim_goal_button
    elif isinstance(hint, Pass):
        button = scene.pass_button
    elif isinstance(hint, ClaimGain):
        gains = scene.gains()
        if hint in gains:
            button = scene.gain_buttons[gains.index(hint)]
    elif isinstance(hint, Open):
        button = scene.open_button
    elif isinstance(hint, Ready):
        button = scene.ready_button
    elif isinstance(hint, Discard):
        button = scene.discard_button
    if button is not None and button.visible:
        around = button.rect.inflate(t.px(8), t.px(8))
        pygame.draw.rect(surface, t.hint, around, max(3, t.px(3)), border_radius=t.px(10))
        tag = t.font("small", bold=True).render("Hint", True, text_on(t.hint))
        pill = tag.get_rect().inflate(t.px(10), t.px(2))
        pill.midbottom = around.midtop
        pygame.draw.rect(surface, t.hint, pill, border_radius=pill.h // 2)
        surface.blit(tag, tag.get_rect(center=pill.center))


__all__ = ["discard_area", "discard_poses", "draw_table", "hinted_cards"]
