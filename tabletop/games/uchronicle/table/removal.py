"""A dearer removal than the chip offers (ruling U6): with a chip chosen, the
player edits its removal by clicking cards of the history.

Expert game: a click on a card of a past trick adds it to the removal, or takes
it back out (one the cheapest removal needed too: the rules then say what goes
wrong). A card of the present trick cannot be removed (U5): the click adds
nothing and the rules' reason is shown.

Standard game: a click on any history card, the present trick's included,
opens a small menu beside it: declare its rank, or its suit, or take back a
declaration already made. Every history card of a declared rank or suit goes
except the card being played (U5).

The chip's words and points, the marks on the history and the rule board's
preview follow the edited removal. Whether it is legal is the rules' to say
(``check``): an edit they refuse keeps Play refused with their reason. Choosing
another chip or card, the "↺ cheapest" chip or Backspace go back to the
cheapest removal. The table (``__init__.py``) holds an :class:`Editor`, which
reads the table through :class:`Editing`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import Card, Declare, Pick, Play, Played, Removal
from tabletop.games.uchronicle.table.layout import Geometry
from tabletop.games.uchronicle.table.looks import GRID, suit_text
from tabletop.games.uchronicle.table.picture import (
    Choice,
    DeclareMenu,
    Local,
    MenuItem,
    MenuPicture,
    Ring,
    card_reason,
)
from tabletop.ui.cards import Pose, hit_test
from tabletop.ui.table import TableFrame
from tabletop.ui.theme import mix

#: the key that goes back to the chip's cheapest removal
RESET_KEY = pygame.K_BACKSPACE


def points_delta(delta: int) -> str:
    """A change of points as a menu says it: "+3 points", "−1 point", "same points"."""
    if delta == 0:
        return "same points"
    sign = "+" if delta > 0 else "−"
    return f"{sign}{plural(abs(delta), 'point')}"


class Editing(Protocol):
    """What the :class:`Editor` uses of the table."""

    frame: TableFrame
    local: Local
    geo: Geometry

    @property
    def animating(self) -> bool: ...

    def refresh(self) -> None: ...


class Editor:
    """The player's own removal of the chosen chip's, and the declare menu."""

    def __init__(self, table: Editing) -> None:
        self.table = table
        #: the removal the player made of the chosen chip's, or None: the chip's own
        self.edit: Removal | None = None
        #: the rules' reason the edited play is refused, or None
        self.edit_reason: str | None = None
        self.menu: DeclareMenu | None = None
        #: the history card under the mouse, and whether it is in the present trick
        self.hover: tuple[Card, bool] | None = None

    def reset(self) -> None:
        """Back to the chosen chip's cheapest removal."""
        self.edit = None
        self.edit_reason = None
        self.menu = None

    # -- the edited play ---------------------------------------------------------------------
    def edited(self, base: Choice) -> Choice:
        """``base`` with the player's removal in place of its own."""
        if self.edit is None or not isinstance(base.action, Play):
            return base
        action = Play(base.action.card, base.action.rules, self.edit)
        return Choice(action, solver.taken_by(self.table.frame.view, action.card, self.edit))

    def editable(self) -> Play | None:
        """The chosen chip's play when its removal may be edited now."""
        base = self.table.local.chip_choice()
        if base is None or not isinstance(base.action, Play) or not self.table.frame.my_turn:
            return None
        if self.table.animating:
            return None
        return base.action

    def removal_now(self, play: Play) -> Removal:
        return self.edit if self.edit is not None else play.removed

    def set_edit(self, removal: Removal) -> None:
        """Make ``removal`` the chosen chip's; the rules judge it at once."""
        play = self.editable()
        if play is None:
            return
        self.menu = None
        frame = self.table.frame
        if removal == play.removed:
            self.reset()
        else:
            self.edit = removal
            self.edit_reason = frame.session.rules.check(
                frame.view, Play(play.card, play.rules, removal)
            )
        frame.app.sound.play("click", 0.4)
        self.table.refresh()

    def back_to_cheapest(self) -> None:
        if self.edit is not None:
            self.reset()
            self.table.frame.app.sound.play("click", 0.4)
            self.table.refresh()

    # -- the history under the mouse -----------------------------------------------------------
    def history_spots(self) -> Iterator[tuple[Played, Pose, str, bool]]:
        """Every history card as the table draws it: its play, pose, painter's
        size and whether it is in the present trick."""
        view, geo = self.table.frame.view, self.table.geo
        for index, tr in enumerate(view.tricks[: GRID[0] * GRID[1]]):
            for p, pose in zip(tr, geo.past_poses(index, len(tr))):
                yield p, pose, "past", False
        for p, pose in zip(view.trick, geo.present_poses(len(view.trick))):
            yield p, pose, "present", True

    def history_card_at(self, pos: tuple[int, int]) -> tuple[Card, bool] | None:
        """The history card drawn at ``pos`` and whether it is in the present
        trick (only while the history lies still)."""
        if self.table.animating:
            return None
        view, geo = self.table.frame.view, self.table.geo
        trick = view.trick
        poses = geo.present_poses(len(trick))
        i = hit_test(poses, pos, geo.painters.present.card_size)
        if i is not None:
            return trick[i].card, True
        for index, tr in enumerate(view.tricks[: GRID[0] * GRID[1]]):
            i = hit_test(geo.past_poses(index, len(tr)), pos, geo.painters.past.card_size)
            if i is not None:
                return tr[i].card, False
        return None

    def history_tip(self, card: Card, present: bool) -> str:
        """What a click on this history card would do, in words."""
        play = self.editable()
        local = self.table.local
        if play is None:
            if local.selected is None:
                return "Pick a card of your hand first; then click cards here to remove more."
            if not local.current_choices():
                return card_reason(self.table.frame.view.trick, local.selected)
            return "At a dead end the cards taken are fixed: every trick keeps its last card."
        removal = self.removal_now(play)
        if isinstance(removal, Pick):
            if card in removal.cards:
                return f"Click to keep {card} ({points_delta(-1)})."
            if self.refused_here(card, present):
                return self.pick_refusal(play, card)
            return f"Click to remove {card} too ({points_delta(1)})."
        return f"Click to declare the rank or the suit of {card}."

    def pick_refusal(self, play: Play, card: Card) -> str:
        """The rules' reason ``card`` cannot be added to the expert removal."""
        assert isinstance(play.removed, Pick)
        removal = self.removal_now(play)
        assert isinstance(removal, Pick)
        trial = Play(play.card, play.rules, Pick((*removal.cards, card)))
        frame = self.table.frame
        return frame.session.rules.check(frame.view, trial) or f"{card} cannot be removed."

    # -- clicks ----------------------------------------------------------------------------------
    def click_history(self, card: Card, present: bool) -> None:
        play = self.editable()
        if play is None:
            self.table.frame.refuse(self.history_tip(card, present))
            return
        removal = self.removal_now(play)
        if isinstance(removal, Pick):
            if card in removal.cards:
                self.set_edit(Pick(tuple(c for c in removal.cards if c != card)))
            elif self.refused_here(card, present):
                self.table.frame.refuse(self.pick_refusal(play, card))
            else:
                self.set_edit(Pick((*removal.cards, card)))
            return
        self.open_menu(card, play, removal)

    def open_menu(self, card: Card, play: Play, removal: Declare) -> None:
        frame = self.table.frame
        t = frame.app.theme
        view = frame.view
        font = t.font("small", bold=True)
        now = len(solver.taken_by(view, play.card, removal))
        lines: list[tuple[str, Declare]] = []
        for what, value, held in (
            ("rank", card.rank, removal.ranks),
            ("suit", card.suit, removal.suits),
        ):
            ranks, suits = set(removal.ranks), set(removal.suits)
            group = ranks if what == "rank" else suits
            name = f"{what} {value if what == 'rank' else suit_text(value)}"
            if value in held:
                group.discard(value)
                verb = f"Take back {name}"
            else:
                group.add(value)
                verb = f"Declare {name}"
            new = Declare(tuple(ranks), tuple(suits))
            delta = len(solver.taken_by(view, play.card, new)) - now
            lines.append((f"{verb} · {points_delta(delta)}", new))
        pad, gap = t.px(8), t.px(4)
        item_h = t.small.get_linesize() + t.px(10)
        w = max(font.size(text)[0] for text, _ in lines) + 2 * pad + t.px(12)
        h = len(lines) * item_h + (len(lines) - 1) * gap + 2 * pad
        box = pygame.Rect(0, 0, w, h)
        box.midtop = self.card_foot(card)
        box.clamp_ip(frame.table_rect)
        items = []
        y = box.y + pad
        for text, new in lines:
            items.append(MenuItem(text, pygame.Rect(box.x + pad, y, w - 2 * pad, item_h), new))
            y += item_h + gap
        self.menu = DeclareMenu(card, items, box)
        frame.app.sound.play("click", 0.4)

    def card_foot(self, card: Card) -> tuple[int, int]:
        """Just under ``card`` where it lies in the history (for the menu)."""
        painters = self.table.geo.painters
        for p, pose, size, _ in self.history_spots():
            if p.card == card:
                height = painters.of(size).card_height
                return round(pose.x), round(pose.y + height / 2 + self.table.frame.app.theme.px(4))
        return self.table.geo.present.center

    def dismiss(self) -> bool:
        """Escape closes the declare menu before it would pause the game."""
        if self.menu is None:
            return False
        self.menu = None
        return True

    def handle_menu(self, event: pygame.event.Event) -> bool:
        """The declare menu's share of ``event``: True when it took it. A click
        outside closes it and goes on to the table."""
        menu = self.menu
        if menu is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            menu.hover = next(
                (i for i, item in enumerate(menu.items) if item.rect.collidepoint(event.pos)), None
            )
            return bool(menu.rect.collidepoint(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for item in menu.items:
                if item.rect.collidepoint(event.pos):
                    self.set_edit(item.removal)
                    return True
            self.menu = None
            return False
        return False

    # -- what shows ------------------------------------------------------------------------------
    def menu_picture(self) -> MenuPicture | None:
        menu = self.menu
        if menu is None:
            return None
        return MenuPicture(
            menu.rect.copy(), tuple((i.text, i.rect.copy()) for i in menu.items), menu.hover
        )

    def rings(self) -> tuple[Ring, ...]:
        """A ring round the history card under the mouse when a click would
        edit the removal (a dim one when the click would be refused)."""
        hover = self.hover
        if hover is None or self.editable() is None or self.menu is not None:
            return ()
        card, present = hover
        t = self.table.frame.app.theme
        refused = self.refused_here(card, present)
        colour = mix(t.text_dim, t.felt, 0.3) if refused else t.focus
        return tuple(
            Ring(pose, size, colour)
            for p, pose, size, here in self.history_spots()
            if p.card == card and here == present
        )

    def refused_here(self, card: Card, present: bool) -> bool:
        """Whether a click on this card would be refused: an expert removal
        takes cards of past tricks only (U5; the rules word the reason, see
        ``pick_refusal``). The one place the table applies that rule."""
        play = self.editable()
        if play is None or not isinstance(play.removed, Pick):
            return False
        removal = self.removal_now(play)
        return present and isinstance(removal, Pick) and card not in removal.cards
