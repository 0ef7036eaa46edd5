"""The frame every game's screen is: turns, bots, undo, log, curtain, results.

Every game's screen is a :class:`GameScene`, the frame, holding the game's
table (a :class:`~tabletop.ui.table.Table`, ``tabletop/ui/table.py``): the
table lays itself out, paints its picture, turns gestures into actions and
animates moves; the frame owns everything around it:

- a top bar with every seat (colour *and* glyph), whose turn it is and a
  "thinking" mark while a bot works on the worker thread;
- bots' answers, polled every frame with its ``dt`` (so the session can give
  up on a bot that does not answer) and played after a short pause; a bot that
  failed is announced, and its seat's random legal move is played instead;
- the game log panel (L toggles it), one readable line per action; resting
  the mouse on an entry shows its detail (the game's ``log_detail`` hook:
  a flick's numbers) in a tooltip;
- Esc opens pause; Ctrl+Z takes back the viewer's own last move, asking any
  other person whose move it would take back too (the policy is written in
  tabletop/core/session.py), or says why not;
- a pass-the-device curtain between two human seats when the game hides
  information, also between two prompts out of turn (claims on a discard),
  which offers the person who just moved to take the move back; with one
  person at the table, an answer out of turn with no choice in it (the
  game's ``forced_answer``: a Pass on a discard they cannot claim) is given
  at once, without a prompt (``Session.auto_answer``);
- a pause between deals and games of a match: when the game's
  ``deal_summary`` hook says a move ended one, the table keeps showing the
  finished deal, and once the last animation has played a summary panel shows
  each seat's place and points and the totals so far; the next deal is drawn
  and bots go on only once it is dismissed (by itself after a few seconds at
  a table of bots only, or in a replay);
- the table laid out again whenever the seat on screen changes (hot-seat);
- the results screen once the game is over and the last animation has played;
- hints (H, or the bar's Hint button): what the hard bot would do from the
  viewer's view, worked out on the bot worker (the session's
  ``request_hint``) while the bar says "Thinking…", then shown on the table
  by the game (its table's picture reads :attr:`GameScene.hint_action`) with
  the reason in words and a "Play hint" button in a card the frame draws.
  The hint goes when the position changes (a move, an undo); playing it is
  the player's own act, through :meth:`act`.

Human input becomes an action and goes through :meth:`act`, which asks the
rules (via the session) and shows the reason for any refusal. The scene never
decides legality.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from tabletop.core import review
from tabletop.core.game import DealSummary, IllegalAction, Move, deal_summary
from tabletop.core.lesson import Coach
from tabletop.core.session import Hint, Session
from tabletop.core.words import fill_seats, plural
from tabletop.ui.coach import CoachPanel, draw_light
from tabletop.ui.flow import record_result
from tabletop.ui.overlays import ConsentScene, CurtainScene, PauseScene, ResultsScene, SummaryScene
from tabletop.ui.painted import PanelCache, uncovered
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.scene import Scene
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.theme import Colour, text_on
from tabletop.ui.widgets import (
    CUTS,
    FocusGroup,
    draw_text,
    draw_tooltip,
    is_cut,
    note_cut,
    rendered,
    wrap_text,
)

LOG_KEY = pygame.K_l
HINT_KEY = pygame.K_h
#: seconds the mouse rests on a log entry before its detail shows
LOG_TOOLTIP_DELAY = 0.35
#: the most of the log panel's height the messages take (the log keeps the rest)
TOAST_SHARE = 0.6
#: seconds the summary between deals stays at a table of bots only (or in a
#: replay) before play goes on by itself, at animation speed 1
SUMMARY_WAIT = 4.0


#: a position's counters that start a new part of the game when they change,
#: and what the log's divider calls the new part
DIVIDER_COUNTERS = (("round", "Round"), ("deal", "Deal"), ("game", "Game"), ("short_game", "Game"))


def new_round(before: Any, after: Any) -> str:
    """ "Round 3" when the move from ``before`` to ``after`` began a new
    round, deal or game of a match (a counter of :data:`DIVIDER_COUNTERS`
    the position keeps went up), else ""."""
    for name, word in DIVIDER_COUNTERS:
        old, new = getattr(before, name, None), getattr(after, name, None)
        if type(old) is int and type(new) is int and new > old:
            return f"{word} {new}"
    return ""


class LogImage(NamedTuple):
    """The log panel rendered for ``key`` (:meth:`GameScene._log_key_at`):
    its image, where each entry went in it (a rect and the entry's index) and
    the row images it used (kept for the next rendering)."""

    key: tuple[object, ...]
    image: pygame.Surface
    spots: list[tuple[pygame.Rect, int]]
    words: dict[tuple[object, str, Colour, int], pygame.Surface]


class GameScene(Scene):
    """The frame of every game's screen, holding its table. ``session`` is a core Session."""

    #: seconds a bot's chosen action waits before it is played, so people can follow
    bot_delay = 0.45

    @property
    def paints_all(self) -> bool:  # type: ignore[override]
        """The bar, the table and the log tile the window once laid out."""
        w, h = self.app.size
        bar, table, log = self.bar_rect, self.table_rect, self.log_rect
        return bar.size == (w, table.y) and table.bottom == h and table.w + log.w == w

    def __init__(
        self,
        app: Any,
        session: Session,
        *,
        replay: list[Any] | None = None,
        table: Callable[[TableFrame], Table[Any]],
    ) -> None:
        super().__init__(app)
        self.session = session
        self.info = session.entry.info
        self.replay_queue: list[Any] | None = list(replay) if replay is not None else None
        #: for a replay: the positions the save holds, which the replay follows
        self.replay_states: list[Any] | None = None
        self.replay_paused = False
        #: Esc closes this table instead of pausing it (a review's position,
        #: opened over the review it returns to)
        self.esc_closes = False
        self.shown_seat: int | None = None
        self.results_shown = False
        self.bot_wait = 0.0
        self.pending_bot_action: Any = None
        #: how many of the session's bot failures have been announced
        self._failures_shown = len(session.bot_failures)
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.last_error = ""
        self._log_key: tuple[object, ...] | None = None
        #: panels painted once per change and copied each frame (the bar here;
        #: a table may keep its own panels in it too)
        self.panels = PanelCache()
        self._felt_key: object = None
        self._felt: list[pygame.Rect] = []
        #: what the window showed outside the live part when this scene last
        #: drew it whole, and the frame it drew in (see _draw_live_only)
        self._still: object = None
        self._drawn_at = -10
        self._log_image = pygame.Surface((1, 1))
        #: where each log entry was drawn (in the panel's own coordinates) and its index
        self._log_spots: list[tuple[pygame.Rect, int]] = []
        #: a log entry's wrapped rows by (font, text, width), and a row's
        #: image by (font, text, colour, width): a new entry renders only its own
        #: rows and the previous newest's, not the whole panel's text again
        self._log_wrapped: dict[tuple[object, str, int], list[str]] = {}
        self._log_words: dict[tuple[object, str, Colour, int], pygame.Surface] = {}
        #: the log as it will read when the move being animated has been
        #: shown, rendered during its animation (see _render_log_ahead): its
        #: key, image, entry spots and row images; and an image to render into
        self._log_ahead: LogImage | None = None
        self._log_spare: pygame.Surface | None = None
        #: frames drawn since the animation on screen began (0: none plays)
        self._animated_frames = 0
        #: the pointer over the log, the entry under it and how long it has rested there
        self._log_mouse: tuple[int, int] | None = None
        self._log_entry: int | None = None
        self._log_rest = 0.0
        #: details already asked of the game: (entry, the state after it) -> text
        self._details: dict[tuple[int, int], str] = {}
        #: the log's dividers: (move, the state after it) -> "Round 2" or ""
        self._dividers: dict[tuple[int, int], str] = {}
        #: lines the log shows that are no move: (the ply they follow, the
        #: words), the hints shown ("Hint: ..." with the reason whole)
        self.log_notes: list[tuple[int, str]] = []
        #: messages held back until the animation that leads to them ends
        self._announcements: list[tuple[str, str]] = []
        #: the hint on show and the position it is for (the session's newest state)
        self.shown_hint: Hint | None = None
        self._hint_state: Any = None
        #: where the bar's Hint button and the hint card's buttons were drawn
        self.hint_button_rect = pygame.Rect(0, 0, 0, 0)
        self.hint_card_rect = pygame.Rect(0, 0, 0, 0)
        self.hint_play_rect = pygame.Rect(0, 0, 0, 0)
        self.hint_close_rect = pygame.Rect(0, 0, 0, 0)
        #: the summary of the deal the last move ended, held until dismissed
        self.summary: DealSummary | None = None
        self.summary_shown = False
        #: the seat the table was last laid out for (see :meth:`_layout_for_viewer`)
        self.laid_out_for: int | None = None
        #: the game's table, a part the frame holds (tabletop/ui/table.py)
        self.table: Table[Any] = table(self)
        #: a lesson's coach and its panel above the log (tabletop/core/lesson.py)
        self.coach: Coach | None = None
        self.coach_panel: CoachPanel | None = None
        #: the coach in a real game (Session.coach_on): judgements on the
        #: worker of the person's moves, (ply, the state before, its future)
        self._judging: list[tuple[int, Any, Any]] = []

    def attach_coach(self, coach: Coach, on_leave: Callable[[], object]) -> None:
        """Play this game as a lesson: ``coach`` says what each step asks
        and lets the bots move only while a step waits for them."""
        self.coach = coach
        self.coach_panel = CoachPanel(coach, on_leave)
        self.coach_panel.on_next = self.table.refresh
        if self.app.size[0]:
            self.resize(self.app.size)

    # -- the table's parts, as the frame calls them -------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Lay the table out inside ``rect``."""
        self.table.layout(rect)
        self.table.refresh()

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        """Draw the game as ``view`` (the viewer's view of the state) shows it:
        the table's picture of it, painted."""
        self.table.paint(surface, self.table.picture(view))

    def handle_table(self, event: pygame.event.Event) -> bool:
        """Turn the viewer's gestures into actions via :meth:`act`: the
        table's answer to ``event`` is an action to play, or whether it used
        the event itself."""
        got = self.table.handle(event)
        if got is True or got is False or got is None:
            self.table.refresh()
            return bool(got)
        self.act(got)
        self.table.refresh()
        return True

    def on_played(self, move: Move) -> None:
        """A move was played (:meth:`Session.play`'s record of it, its trace
        included): start its animation (and sound)."""
        self.table.start(move)
        self.table.refresh()

    @property
    def animating(self) -> bool:
        """True while an animation is playing; bots and results wait for it."""
        return self.table.animating

    def skip_animation(self) -> None:
        """Jump every running animation to its end."""
        self.table.skip()

    def dismiss(self) -> bool:
        """Close the table's own popup, if one is open (Escape does this
        first; True when something closed). With none open, Escape pauses."""
        return self.table.dismiss()

    def summary_picture(self, width: int) -> tuple[int, Any] | None:
        """The game's picture of the deal that just ended, shown in the summary
        above its table (Phantom Rummy: the goal hand by sets, its points and
        the bonus check): its height at ``width`` pixels and a function
        ``draw(surface, rect)``; None (the default) for none."""
        return self.table.summary_picture(width)

    def pause_notes(self) -> list[str]:
        """Lines the pause screen shows about this game (Planepita: the
        physics it is played with); none by default."""
        return self.table.pause_notes()

    @property
    def table_group(self) -> FocusGroup | None:
        """The table's own buttons, if it has any."""
        return self.table.group

    # -- hints ------------------------------------------------------------------------
    @property
    def hint_action(self) -> Any:
        """The move the hint on show suggests, or None: what a table's
        picture reads to show it on the table (cards lifted, an aim).
        Only for the position it was worked out for, on the viewer's turn."""
        h = self.shown_hint
        if h is None or h.action is None or self._hint_state is not self.session.state:
            return None
        if h.seat != self.viewer or not self.my_turn:
            return None
        return h.action

    @property
    def hints_offered(self) -> bool:
        """The bar shows the Hint button: a game with a person at the table,
        not a replay, with hints allowed (always with one person)."""
        s = self.session
        return self.replay_queue is None and bool(s.human_seats()) and s.hints_allowed()

    def ask_hint(self) -> None:
        """H or the bar's button: the hard bot starts thinking about the
        viewer's move, or the reason it may not is shown."""
        if self.replay_queue is not None:
            self.refuse("This is a replay: there is no move to hint.")
            return
        if self.summary is not None:
            self.refuse("The next deal starts once the summary is closed.")
            return
        if self.hint_action is not None:
            return  # the hint for this position is on show
        reason = self.session.request_hint(self.viewer)
        if reason is not None:
            self.refuse(reason)
            return
        self.shown_hint = None
        self._poll_hint()

    def play_hint(self) -> bool:
        """ "Play hint": the player plays the suggested move, as their own act."""
        action = self.hint_action
        if action is None:
            return False
        self.clear_hint()
        return self.act(action)

    def clear_hint(self) -> None:
        self.shown_hint = None
        self._hint_state = None

    def _poll_hint(self) -> None:
        """Take the hint once it is ready; forget one whose position has gone."""
        s = self.session
        if self.shown_hint is not None and self._hint_state is not s.state:
            self.clear_hint()
        got = s.poll_hint()
        if got is None:
            return
        if got.action is None:
            self.refuse(got.reason)
            return
        self.shown_hint, self._hint_state = got, s.state
        if got.reason:  # the reason stays in the log, whole, after the card goes
            self.log_notes.append((s.ply, f"Hint: {got.reason}"))

    # -- what the base class offers ----------------------------------------------
    @property
    def viewer(self) -> int:
        """The seat whose eyes the screen shows."""
        return self.shown_seat if self.shown_seat is not None else self.session.viewer()

    @property
    def view(self) -> Any:
        """What the table shows the viewer: the position, or, while a deal's
        summary is held, the finished deal."""
        if self.summary is not None:
            return self.session.rules.view(self.shown_state, self.viewer)
        return self.session.view(self.viewer)

    @property
    def game_entry(self) -> Any:
        return self.session.entry

    def setting(self, key: str) -> Any:
        """The current value of one of this game's own settings (``GameInfo.settings``)."""
        return self.app.settings.game_setting(self.info, key)

    @property
    def toast_area(self) -> pygame.Rect:
        """Where messages appear during a game: at the foot of the log panel,
        which draws its entries above them (never under them), or, with the
        panel hidden, along the top of the table, so the board stays clear."""
        t = self.app.theme
        if self.log_rect.width:
            r = self.log_rect
            need = min(self.app.toasts.height(t, r.w), int(r.h * TOAST_SHARE))
            return pygame.Rect(r.x, r.bottom - need, r.w, need)
        r = self.table_rect
        top = self.hint_card_place().bottom + t.px(8) if self.hint_action is not None else r.y
        return pygame.Rect(r.x + r.w // 4, top, r.w // 2, r.h // 3 + t.px(40))

    @property
    def shown_ply(self) -> int:
        """How many actions the screen has shown: while the last one is still
        being animated, the frame around the table (log, turn, status) tells
        nothing it has not shown yet."""
        ply = self.session.ply
        return ply - 1 if self.animating and ply > 0 else ply

    @property
    def shown_state(self) -> Any:
        """The position the frame tells about: while a deal's summary is held,
        the finished deal (the summary's ``position``, else the position
        before the move that ended it), never the next deal."""
        if self.summary is not None:
            held = self.summary.position
            return held if held is not None else self.session.states[max(0, self.session.ply - 1)]
        return self.session.states[self.shown_ply]

    def is_thinking(self, seat: int) -> bool:
        """True when the frame shows ``seat`` as thinking: a bot to move in
        the position on screen, its answer not in hand yet. Never while the
        last move is still being shown, nor while a deal's summary is held, so
        nobody "plays" on the top bar while another seat is "thinking"; nor
        while a lesson's step holds the bots (it waits on the person's Next)."""
        s = self.session
        if self.animating or self.summary is not None or self.replay_queue is not None:
            return False
        if self.coach is not None and not self.coach.bots_may_move():
            return False
        shown = self.shown_state
        if s.rules.is_over(shown) or s.rules.to_move(shown) != seat or not s.seats[seat].is_bot:
            return False
        return s.bot_thinking() or self.pending_bot_action is None

    def announce(self, text: str, kind: str = "info") -> None:
        """A toast about what an action led to, shown once its animation ends."""
        if self.animating:
            self._announcements.append((text, kind))
        else:
            self.app.toast(text, kind)

    @property
    def in_lesson(self) -> bool:
        """A lesson's coach leads the person now (tabletop/core/lesson.py):
        a table puts no clock on them (a claim's countdown), since the
        coach's words are read first and a step passes only when its move
        is made."""
        return self.coach is not None and not self.coach.done

    @property
    def my_turn(self) -> bool:
        """True when a human may act now (and it is the seat on screen)."""
        return (
            self.replay_queue is None
            and self.session.is_human_turn()
            and self.session.to_move() == self.viewer
            and not self.animating
            and self.summary is None
            and self.session.auto_answer() is None
        )

    def act(self, action: Any) -> bool:
        """Play ``action`` for the viewer; on a refusal show why. True if played."""
        if self.replay_queue is not None:
            self.refuse("This is a replay; moves cannot be made.")
            return False
        if self.summary is not None:
            self.refuse("The next deal starts once the summary is closed.")
            return False
        reason = self.session.check(action, self.viewer)
        if reason is None and self.coach is not None:
            reason = self.coach.refusal(self.session.state, action)
        if reason is not None:
            self.refuse(reason)  # in a lesson the coach's panel says why; the step waits
            return False
        # a person plays with the game's recorded settings (aim assist): mark the game
        for setting in self.info.settings:
            if setting.recorded:
                self.session.marks.add(setting.mark(self.setting(setting.key)))
        before, ply, seat = self.session.state, self.session.ply, self.viewer
        self._play(action)
        if self.coach is not None:
            self.coach.played(before, action, self.session.state)
        else:
            self._ask_coach(before, seat, action, ply)
        return True

    def _ask_coach(self, before: Any, seat: int, action: Any, ply: int) -> None:
        """With the coach on, the hard bot judges the person's move on the
        worker (tabletop/core/review.py); :meth:`_poll_coach` shows its note."""
        s = self.session
        if not s.coach_on or not review.is_decision(s.entry, before, seat, action):
            return
        job = s.on_worker(review.assess, s.entry, before, seat, action, s.seed, ply)
        self._judging.append((ply, before, job))

    def _poll_coach(self) -> None:
        """A judgement that is ready: a clearly worse move gets the coach's
        note in the log (whole) and as a message; one whose move was taken
        back is dropped."""
        s = self.session
        for item in list(self._judging):
            ply, before, job = item
            if not job.done():
                continue
            self._judging.remove(item)
            if ply >= len(s.states) or s.states[ply] is not before:
                continue  # taken back
            try:
                judged = job.result()
            except Exception:  # noqa: BLE001 - a coach that fails stays quiet
                continue
            if judged is not None and judged.clearly_worse:
                words = fill_seats(review.note(judged), s.names)
                self.log_notes.append((ply + 1, f"Coach: {words}"))
                self.announce(f"Coach: {words}", "info")

    def ready_for_input(self) -> bool:
        """Before a key or a click acts on the table (a card game's Space on
        the card under the cursor): what is still animating jumps to its end,
        and when it is not the viewer's turn, the player is told so. True
        when the viewer may act now."""
        if self.animating:
            self.skip_animation()
        if not self.my_turn:
            self.refuse("Wait for your turn.")
            return False
        return True

    def refuse(self, reason: str) -> None:
        """Say why a try was turned down. In a lesson the coach's panel says
        it too, as its answer to a wrong try: the rules' reason for a move,
        the step's, or the table's own for a gesture it turned down (a tile
        dropped on a face that holds one)."""
        self.last_error = reason
        if self.coach is not None:
            self.coach.wrong(reason)  # "Not quite: <reason> Try again."
        self.app.toast(reason[:1].upper() + reason[1:], "error")  # a sentence on its own
        self.app.sound.play("click", 0.4)

    def play_through_frame(self, action: Any) -> None:
        """Play ``action`` for the seat to move the way the frame plays a
        bot's move (its animation, the log, the summary of a deal it ends):
        for tools that set up a picture (tools/screenshot.py)."""
        self._play(action)

    def _play(self, action: Any) -> None:
        move = self.session.play(action)
        self.bot_wait = 0.0  # the next bot's pause starts now
        self.summary = deal_summary(self.session.rules, move.before, action, move.after)
        self.summary_shown = False
        self.on_played(move)

    # -- lifecycle -------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        t = self.app.theme
        bar_h = t.px(44)
        self.bar_rect = pygame.Rect(0, 0, w, bar_h)
        coached = self.coach_panel is not None
        log_w = max(t.px(260), w // 5) if self.app.settings.show_log or coached else 0
        self.log_rect = pygame.Rect(w - log_w, bar_h, log_w, h - bar_h)
        if self.coach_panel is not None:  # the coach's panel above the log
            want = self.coach_panel.height_for(t, log_w)
            coach_h = max(t.px(180), min(want, (h - bar_h) * 13 // 20))
            self.coach_panel.place(pygame.Rect(w - log_w, bar_h, log_w, coach_h), t)
            self.log_rect = pygame.Rect(w - log_w, bar_h + coach_h, log_w, h - bar_h - coach_h)
        self.table_rect = pygame.Rect(0, bar_h, w - log_w, h - bar_h)
        self.laid_out_for = self.viewer
        self.layout(self.table_rect)

    def _layout_for_viewer(self) -> None:
        """Lay the table out again when the seat on screen has changed (the
        device passed in hot-seat): the other seats' panels are placed around
        the viewer, so they must follow it."""
        if self.laid_out_for != self.viewer and self.table_rect.width:
            self.laid_out_for = self.viewer
            self.layout(self.table_rect)

    def enter(self) -> None:
        self._maybe_curtain()

    def leave(self) -> None:
        """Another scene covers this one: the table lets go of what the mouse holds."""
        self.table.leave()
        super().leave()

    def dispose(self) -> None:
        self.session.close()

    # -- input ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.table.intercept(event):
            return True
        if self.coach_panel is not None and self.coach_panel.handle(event):
            self.table.refresh()
            return True
        if event.type == pygame.MOUSEMOTION:
            self._hover_log(event.pos)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self._log_rest = -1e9  # the tooltip hides until the pointer moves again
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.dismiss():
                    if self.esc_closes:
                        self.close()
                    else:
                        self.app.stack.push(PauseScene(self.app, self))
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == HINT_KEY and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.ask_hint()
                return True
            if event.key == LOG_KEY and not event.mod & pygame.KMOD_CTRL:
                self.app.update_settings(show_log=not self.app.settings.show_log)
                self.resize(self.app.size)
                return True
            if event.key == pygame.K_SPACE and self.animating:
                self.skip_animation()
                return True
            if self.replay_queue is not None:
                if event.key == pygame.K_SPACE:
                    self.replay_paused = not self.replay_paused
                    return True
                if event.key == pygame.K_RIGHT:
                    self._replay_step()
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.animating:
            self.skip_animation()
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self._click_hint(event.pos)
        ):
            return True
        return self.handle_table(event)

    def _click_hint(self, pos: tuple[int, int]) -> bool:
        """A click on the bar's Hint button or on the hint card's buttons."""
        if self.hints_offered and self.hint_button_rect.collidepoint(pos):
            self.ask_hint()
            return True
        if self.hint_action is None or not self.hint_card_rect.collidepoint(pos):
            return False
        if self.hint_play_rect.collidepoint(pos):
            self.play_hint()
        elif self.hint_close_rect.collidepoint(pos):
            self.clear_hint()
        return True  # the card covers the table under it

    def undo(self) -> None:
        """Ctrl+Z: the person on screen takes back their own last move (the
        policy in tabletop/core/session.py). When that would take back another
        person's move too, each of them is asked first, behind the curtain."""
        if self.replay_queue is not None:
            self.refuse("This is a replay; use → to step and Space to pause.")
            return
        if self.coach is not None and not self.coach.done:
            self.refuse(
                "A lesson's moves are not taken back; Leave lesson and come back to retry a step."
            )
            return
        plan = self.session.undo_plan(self.viewer)
        if plan.target is None:
            self.refuse(plan.reason)
            return
        if plan.consent:
            self._ask_consent(plan.seat, plan.consent, ())
            return
        self._undo(plan.seat, ())

    def _ask_consent(self, seat: int, waiting: tuple[int, ...], agreed: tuple[int, ...]) -> None:
        """The device goes to ``waiting[0]``, who allows ``seat``'s undo or not."""
        who = waiting[0]
        names = self.session.names
        self.shown_seat = who  # whoever answers holds the device afterwards

        def answer(allowed: bool) -> None:
            if not allowed:
                self.app.toast(f"{names[who]} said no: nothing was taken back.")
            elif waiting[1:]:
                self._ask_consent(seat, waiting[1:], (*agreed, who))
            else:
                self._undo(seat, (*agreed, who))

        self.app.stack.push(ConsentScene(self.app, names[who], names[seat], answer))

    def _undo(self, seat: int, agreed: tuple[int, ...]) -> None:
        self.skip_animation()
        self._announcements.clear()
        if not self.session.undo(seat, agreed):
            self.refuse(self.session.can_undo(seat) or "Nothing was taken back.")
            return
        self.pending_bot_action = None
        self.clear_hint()
        self.summary = None
        self.results_shown = False  # shown_seat stays: whoever holds the device
        self.app.toast("Undone.")
        self.layout(self.table_rect)

    # -- the log's tooltip -------------------------------------------------------------
    def _hover_log(self, pos: tuple[int, int]) -> None:
        entry = self.log_entry_at(pos)
        self._log_mouse = pos if entry is not None else None
        if entry != self._log_entry or entry is None:
            self._log_rest = 0.0
        self._log_entry = entry

    def log_entry_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the log entry drawn under ``pos``, or None."""
        r = self.log_rect
        if not r.width or not r.collidepoint(pos):
            return None
        local = (pos[0] - r.x, pos[1] - r.y)
        return next((i for spot, i in self._log_spots if spot.collidepoint(local)), None)

    def log_detail(self, index: int) -> str:
        """Entry ``index``'s detail, asked of the game once per entry."""
        key = (index, id(self.session.states[index + 1]))
        if key not in self._details:
            self._details[key] = self.session.log_detail(index)
        return self._details[key]

    def log_tooltip(self) -> str:
        """The tooltip the log shows now: the detail of the entry the mouse
        has rested on for :data:`LOG_TOOLTIP_DELAY`, else ""."""
        i = self._log_entry
        if (
            i is None
            or self._log_rest < LOG_TOOLTIP_DELAY
            or i >= min(self.shown_ply, self.session.ply)
        ):
            return ""
        return self.log_detail(i)

    # -- the frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        left = self.table.update(dt)
        if left is not None:
            dt = left  # the table took some of it (Table.update)
        if not self.table.holding:
            self._update_frame(dt)
        self.table.refresh()
        if self.table.group is not None:
            self.table.group.update(dt)

    def wake_in(self) -> float:
        """Seconds until the frame changes with no input (see
        ``tabletop/ui/rest.py``): ``NOW`` while the table moves or the
        frame's next update has something to do by itself (:meth:`busy`),
        else the soonest of the log's and the buttons' tooltip delays; a
        table waiting for a person, a paused replay and a finished game
        rest."""
        due = self.table.wake_in()
        if self.table.holding:  # the frame's own update waits: only the table moves
            return due
        if due <= NOW or self.busy():
            return NOW
        group = self.table.group
        if group is not None:
            due = min(due, group.wake_in())
        return min(due, self._log_tooltip_due())

    def busy(self) -> bool:
        """True when the frame's next update does something with no input:
        a move still shown, messages held until it ends, a bot to move (or
        its pause), a hint or the coach's judgement on the worker, a
        replay playing, an answer given for the person, the device passing,
        the summary or the results to show, a lesson's step to pass. The
        checks follow :meth:`_update_frame`'s order."""
        s = self.session
        if self.animating or self._announcements or self._judging or s.hint_thinking():
            return True
        if self.summary is not None:
            return not self.summary_shown
        if s.is_over():
            return not self.results_shown
        if self.replay_queue is not None:
            return bool(self.replay_queue) and not self.replay_paused
        coach = self.coach
        if coach is not None and not coach.done:
            step = coach.step
            if step is not None and step.do in ("wait", "play") and coach.waiting_over(s.state):
                return True
            if not coach.bots_may_move():
                return False
        if s.is_bot_turn():
            return True
        return s.auto_answer() is not None or self._device_to() is not None

    def _log_tooltip_due(self) -> float:
        """Seconds until the log's tooltip shows: while the pointer rests on
        an entry whose detail it has not shown yet."""
        i = self._log_entry
        if (
            i is None
            or self._log_mouse is None
            or not self.log_rect.width
            or self._log_rest < 0
            or self._log_rest >= LOG_TOOLTIP_DELAY
            or i >= min(self.shown_ply, self.session.ply)
        ):
            return NEVER
        return LOG_TOOLTIP_DELAY - self._log_rest

    def _update_frame(self, dt: float) -> None:
        self._log_rest += dt
        self._poll_hint()
        if self._judging:
            self._poll_coach()
        self._layout_for_viewer()
        if self.animating:
            return
        for text, kind in self._announcements:
            self.app.toast(text, kind)
        self._announcements.clear()
        s = self.session
        if self.summary is not None:
            if not self.summary_shown:
                self._show_summary()
            return
        if s.is_over():
            if not self.results_shown:
                self.results_shown = True
                record_result(self.app, self)
                self.app.sound.play("chime")
                self.app.stack.push(ResultsScene(self.app, self))
            return
        if self.replay_queue is not None:
            self.bot_wait += dt
            if not self.replay_paused and self.bot_wait >= self.bot_delay * 2:
                self._replay_step()
            return
        coach = self.coach
        if coach is not None and not coach.done:
            step = coach.step
            value = self.table.lesson_value(step.value) if step and step.do == "gesture" else None
            if coach.tick(s.state, value):
                self.table.refresh()
                step = coach.step
                if step is not None and step.do == "gesture":
                    # the gesture step that follows takes its table value now,
                    # before the next frame's input can change it
                    coach.tick(s.state, self.table.lesson_value(step.value))
            if not coach.bots_may_move():
                return
        if s.is_bot_turn():
            # the pause before a bot's move counts from when it was asked, not
            # from when it answered: a quick answer (a Pass with nothing to
            # claim) shows no sooner than a considered one, so how long a bot
            # thought tells nobody what it could have done
            self.bot_wait += dt
            if self.pending_bot_action is None:
                s.request_bot_action()
                action = s.poll_bot_action(dt)
                if action is not None:  # shown a frame later at the soonest
                    self.pending_bot_action = action
                    for _, words in s.bot_failures[self._failures_shown :]:
                        self.app.toast(words + ".", "error")
                    self._failures_shown = len(s.bot_failures)
            elif self.bot_wait >= self.bot_delay * self._speed_factor():
                action, self.pending_bot_action = self.pending_bot_action, None
                self._play(action)
        else:
            forced = s.auto_answer()
            if forced is not None:
                # the one person at the table has no choice (nothing to claim):
                # answered at once, without a prompt (ruling R4)
                self._play(forced)
                return
            self._maybe_curtain()

    def _show_summary(self) -> None:
        """The pause between deals: the summary panel over the finished deal.
        A table of bots only, and a replay, go on by themselves."""
        summary = self.summary
        assert summary is not None
        self.summary_shown = True
        self.app.sound.play("chime", 0.6)
        alone = not self.session.human_seats() or self.replay_queue is not None
        wait = SUMMARY_WAIT * self._speed_factor() if alone else None
        self.app.stack.push(
            SummaryScene(
                self.app,
                summary,
                list(self.session.names),
                self._summary_done,
                wait=wait,
                picture=self.summary_picture,
            )
        )

    def _summary_done(self) -> None:
        """The summary was dismissed: the next deal is drawn."""
        self.summary = None
        self.layout(self.table_rect)

    def _speed_factor(self) -> float:
        speed = self.app.settings.anim_speed
        return 0.0 if speed <= 0 else 1.0 / speed

    def _replay_step(self) -> None:
        """The replay's next move. The replay follows the positions the save
        holds (``replay_states``): where this machine computes a move
        differently (a shot's floating point), the saved position is shown.
        A move the rules refuse here stops the replay with a message; the
        save stays where it is (it loaded, so it is not damaged)."""
        if not self.replay_queue:
            return
        self.bot_wait = 0.0
        s = self.session
        recorded = self.replay_states
        after = recorded[s.ply + 1] if recorded is not None and s.ply + 1 < len(recorded) else None
        action = self.replay_queue.pop(0)
        try:
            self._play(action)
        except IllegalAction as exc:
            self.replay_queue.clear()
            self.app.toast(
                f"This replay cannot go on: move {s.ply + 1} cannot be replayed here "
                f"({exc.reason}). The saved game was kept.",
                "error",
            )
            return
        if after is not None and not s.matches(after):
            # this machine's floating point drew a slightly different shot:
            # the replay goes on from the position the save recorded
            s.adopt(after)
            self.announce(
                "This machine computed that shot slightly differently; the saved position is shown."
            )

    def _device_to(self) -> int | None:
        """The seat the device passes to now (and so the seat on screen),
        or None when it stays where it is."""
        s = self.session
        mover = s.to_move()
        if mover is None or self.replay_queue is not None:
            return None
        if s.seats[mover].is_bot:
            if not self._needs_curtain() or self.shown_seat is not None:
                return None
            mover = s.viewer()  # a bot moves first: the device starts with the first person
        return None if self.shown_seat == mover else mover

    def _needs_curtain(self) -> bool:
        """Hot-seat with hidden cards: every change of the person at the
        device, the first one included, goes through the curtain."""
        return self.info.hidden_information and len(self.session.human_seats()) > 1

    def _maybe_curtain(self) -> None:
        """Show the curtain when the device passes between two people."""
        s = self.session
        mover = self._device_to()
        if mover is None:
            return
        needs = self._needs_curtain()
        holder, self.shown_seat = self.shown_seat, mover
        if needs:
            take_back = None
            if holder is not None and not s.seats[holder].is_bot:
                plan = s.undo_plan(holder)
                if plan.target is not None and not plan.consent:
                    take_back = lambda: self._take_back(holder)  # noqa: E731
            self.app.stack.push(
                CurtainScene(
                    self.app,
                    s.seats[mover].name,
                    holder=s.seats[holder].name if holder is not None else "",
                    take_back=take_back,
                )
            )

    def _take_back(self, holder: int) -> None:
        """From the curtain: the person still holding the device takes back the
        move they just made (nobody else has decided since)."""
        self.shown_seat = holder
        self._undo(holder, ())

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        self._layout_for_viewer()
        self._render_log_ahead()
        if self._draw_live_only(surface):
            return
        covers = self.opaque_rects()
        if covers:
            key = (tuple(self.table_rect), tuple(tuple(r) for r in covers))
            if key != self._felt_key:
                self._felt_key, self._felt = key, uncovered(self.table_rect, covers)
            for gap in self._felt:
                surface.fill(t.felt, gap)
        else:
            surface.fill(t.felt, self.table_rect)
        self.draw_table(surface, self.view)
        self._draw_bar(surface)
        if self.log_rect.width:
            self._draw_log(surface)
        self._draw_hint_card(surface)
        self._draw_coach(surface)
        if self.log_rect.width:
            tip = self.log_tooltip()
            if tip and self._log_mouse is not None:
                draw_tooltip(surface, self.app.theme, tip, self._log_mouse)
        # the table's buttons draw without their tooltip (FocusGroup.draw_widgets):
        # it comes last, so no panel drawn after the table covers it
        group = self.table_group
        if group is not None:
            group.tooltip.draw(surface, self.app.theme)
        table_tip = self.table_tooltip()
        if table_tip is not None:
            draw_tooltip(surface, self.app.theme, *table_tip)

    def coach_light(self) -> pygame.Rect | None:
        """Where the lesson's step points on the window: the bar's Hint
        button ("hint"), the log ("log"), else what the table locates."""
        step = self.coach.step if self.coach is not None else None
        if step is None or not step.light:
            return None
        if step.light == "hint":
            return self.hint_button_rect
        if step.light == "log":
            return self.log_rect
        return self.table.locate(step.light)

    def _draw_coach(self, surface: pygame.Surface) -> None:
        if self.coach_panel is None:
            return
        light = self.coach_light()
        if light is not None and light.w and not self.animating:
            draw_light(surface, self.app.theme, light)
        self.coach_panel.draw(surface, self.app.theme, self.session.state)

    def table_tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """A tooltip the table shows now (its words, and the pointer it sits
        by), drawn last, over the log; None (the default) for none."""
        return self.table.table_tooltip()

    # -- the frames where one part moves --------------------------------------------
    def live_rect(self) -> pygame.Rect | None:
        """The part of the table that may change on every frame while the rest
        mostly stands still (Planet: the large planet), or None (the default,
        and whenever something is drawn across the table, such as a tile
        held by the mouse): every frame draws everything. The table's
        ``Table.live_rect``, with its ``still_key`` and ``paint_live``."""
        return self.table.live_rect()

    def still_key(self) -> object:
        """What, when it changes, needs the whole window drawn again (where
        the table's panels sit); see :meth:`draw_live`."""
        return self.table.still_key()

    def draw_live(self, surface: pygame.Surface, view: Any) -> None:
        """Draw :meth:`live_rect`, every pixel of it, and whatever else of the
        table changed since the last frame (a panel whose key changed, in its
        own rect: ``panels.draw(..., changed_only=True)``) over last frame's
        pixels, which are otherwise still right: the table's picture of
        ``view``, painted live."""
        self.table.paint_live(surface, self.table.picture(view))

    def _draw_live_only(self, surface: pygame.Surface) -> bool:
        """Draw only the live part when nothing else on screen can have
        changed since this scene last drew the whole window, in the frame
        before: the same still key, bar, log, seat on screen and window, this
        scene on top, and no tooltip, hint card or message over the table
        (those may cross the live part). True when that is what it did."""
        live = self.live_rect()
        if live is None:
            return False
        app = self.app
        quiet = (
            app.stack.top is self
            and app.stack.paints_all()  # else the frame cleared the window first
            and self.hint_action is None
            and self.coach_panel is None  # its words and light may change any frame
            and not len(app.toasts)
            and not getattr(app, "toast_rects", None)
            and not (self.log_rect.width and self._log_mouse is not None and self.log_tooltip())
            and self.table_group is None
            and self.table_tooltip() is None
            and getattr(app, "cut_tooltip_rect", None) is None
        )
        if not quiet:
            self._still = None
            return False
        key = (
            getattr(app, "window_changes", 0),  # a new or resized window: its old pixels are gone
            app.size,
            self.viewer,
            tuple(live),
            tuple(self.session.log[: self.shown_ply]),
            self._bar_key(),
            self.my_turn,
            self.panels.generation,
            self.still_key(),
        )
        if key == self._still and self._drawn_at >= app.frames - 1:
            CUTS.keep()  # the still part's cut texts are where they were
            self.draw_live(surface, self.view)
            self._drawn_at = app.frames
            return True
        self._still = key
        self._drawn_at = app.frames
        return False

    def opaque_rects(self) -> list[pygame.Rect]:
        """The rects the table's paint covers with opaque pixels on every
        frame (panels from :attr:`panels`): the felt is laid only around them.
        None by default: the felt covers the table."""
        return self.table.opaque_rects()

    def _bar_key(self) -> tuple[object, ...]:
        """Everything the bar shows that can change."""
        t = self.app.theme
        s = self.session
        seats = tuple((seat.name, seat.level if seat.is_bot else "") for seat in s.seats)
        mover = s.rules.to_move(self.shown_state)
        hint = (self.hint_button_label, self.my_turn) if self.hints_offered else None
        return (
            t.palette,
            t.scale,
            self.info.title,
            tuple(self.log_rect),
            hint,
            self.status_text(),
            mover,
            seats,
        )

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The bar, painted again only when what it says changes."""
        # two rows more than the bar: its edge line is drawn along its foot
        area = pygame.Rect(self.bar_rect.x, self.bar_rect.y, self.bar_rect.w, self.bar_rect.h + 2)
        self.panels.draw(
            surface, "bar", area, self._bar_key(), self._paint_bar, self.app.theme.felt
        )

    def _paint_bar(self, surface: pygame.Surface) -> None:
        """Title, every seat (colour and glyph), the status and the key hint.
        The seats share the room that is left: labels drop the bot level, then
        shorten, so the seat to move is always on screen."""
        t = self.app.theme
        s = self.session
        bar = self.bar_rect
        pygame.draw.rect(surface, t.panel, bar)
        pygame.draw.line(surface, t.panel_edge, bar.bottomleft, bar.bottomright, 2)
        font = t.body
        cy = bar.centery
        left = bar.x + t.px(12)
        title = rendered(t.font("body", bold=True), self.info.title, t.text, bar.w)
        surface.blit(title, title.get_rect(midleft=(left, cy)))
        left += title.get_width() + t.px(18)
        right = bar.right - t.px(10)
        if self.log_rect.width:  # the key hint sits over the log panel
            hint = rendered(t.small, "Esc menu · F1 rules · L log", t.text_dim, bar.w)
            surface.blit(hint, hint.get_rect(midright=(right, cy)))
            right = self.log_rect.x - t.px(12)
        self.hint_button_rect = pygame.Rect(0, 0, 0, 0)
        if self.hints_offered:
            right = self._draw_hint_button(surface, right, cy) - t.px(12)
        status = self.status_text()
        status_img = rendered(font, status, t.text_dim, bar.w) if status else None
        seats_room = right - left
        if (
            status_img is not None
            and seats_room - status_img.get_width() - t.px(16) > seats_room * 0.55
        ):
            surface.blit(status_img, status_img.get_rect(midright=(right, cy)))
            seats_room -= status_img.get_width() + t.px(16)
        mover = s.rules.to_move(self.shown_state)
        pad, gap = t.px(8), t.px(8)
        labels = [
            f"{t.player(i).glyph} {seat.name}" + (f" ({seat.level})" if seat.is_bot else "")
            for i, seat in enumerate(s.seats)
        ]
        if sum(font.size(label)[0] + 2 * pad + gap for label in labels) > seats_room:
            labels = [f"{t.player(i).glyph} {seat.name}" for i, seat in enumerate(s.seats)]
        slot = max(1, seats_room // max(1, len(labels)))
        self.bar_boxes: list[pygame.Rect] = []  # where each seat was drawn (for tests)
        self.bar_room = pygame.Rect(left, bar.y, seats_room, bar.h)
        x = left
        for i, label in enumerate(labels):
            style = t.player(i)
            room = max(1, min(font.size(label)[0], slot - 2 * pad - gap))
            img = rendered(font, label, style.colour, room)
            box = pygame.Rect(
                x,
                cy - img.get_height() // 2 - pad // 2,
                img.get_width() + 2 * pad,
                img.get_height() + pad,
            )
            if i == mover:
                pygame.draw.rect(surface, style.colour, box, border_radius=t.px(8))
                img = rendered(font, label, text_on(style.colour), room)
            surface.blit(img, (box.x + pad, box.y + pad // 2))
            if is_cut(font, label, room):  # the whole name (and level) on hover
                note_cut(surface, box, label)
            self.bar_boxes.append(box)
            x = box.right + gap

    @property
    def hint_button_label(self) -> str:
        """The bar's Hint button says "Thinking…" while the hard bot works."""
        return "Thinking…" if self.session.hint_thinking() else "Hint (H)"

    def _draw_hint_button(self, surface: pygame.Surface, right: int, cy: int) -> int:
        """The bar's Hint button ending at ``right``: "Hint (H)", or
        "Thinking…" while the hard bot works, dim when it is not the viewer's
        turn. Returns its left edge."""
        t = self.app.theme
        thinking = self.session.hint_thinking()
        label = self.hint_button_label
        active = thinking or self.my_turn
        font = t.small
        w = max(font.size("Thinking…")[0], font.size("Hint (H)")[0]) + 2 * t.px(10)
        box = pygame.Rect(0, 0, w, min(self.bar_rect.h - t.px(10), font.get_linesize() + t.px(10)))
        box.midright = (right, cy)
        fill = t.button if active else t.disabled
        pygame.draw.rect(surface, fill, box, border_radius=t.px(8))
        pygame.draw.rect(
            surface, t.hint if active else t.panel_edge, box, max(1, t.px(2)), border_radius=t.px(8)
        )
        img = rendered(font, label, t.text if active else t.disabled_text, box.w)
        surface.blit(img, img.get_rect(center=box.center))
        self.hint_button_rect = box
        return box.x

    def hint_lines(self, width: int) -> list[str]:
        """The hint card's reason, wrapped to ``width`` pixels: every line of
        it (the card grows to hold them; see :meth:`hint_card_height`)."""
        h = self.shown_hint
        if h is None:
            return []
        return wrap_text(self.app.theme.small, h.reason, width)

    def _hint_card_parts(self, width: int) -> tuple[int, int]:
        """(the height of the card's rows around the reason, one line's height)."""
        t = self.app.theme
        pad = t.px(10)
        line = t.small.get_linesize()
        return pad + line + t.px(4) + t.px(8) + line + t.px(10) + pad, line

    def hint_card_room(self) -> int:
        """The tallest the hint card may grow: the log panel under its
        heading, above the messages; with the log hidden, half the table."""
        t = self.app.theme
        if self.log_rect.width:
            top = self.log_rect.y + t.font("body", bold=True).get_linesize() + t.px(20)
            return max(0, self.toast_area.y - t.px(8) - top)
        return max(t.px(120), self.table_rect.h // 2)

    def hint_card_height(self, width: int) -> int:
        """The height of the hint card ``width`` pixels wide (0 with no hint
        on show): tall enough for the whole reason, up to
        :meth:`hint_card_room` (the last line that fits then shows the rest
        on hover, and the log holds the reason whole)."""
        if self.hint_action is None:
            return 0
        frame, line = self._hint_card_parts(width)
        n = len(self.hint_lines(width - 2 * self.app.theme.px(10)))
        most = max(1, (self.hint_card_room() - frame) // max(1, line))
        return frame + min(n, most) * line

    def hint_card_place(self) -> pygame.Rect:
        """Where the hint card goes: at the foot of the log panel above the
        messages, or, with the log hidden, along the top of the table."""
        t = self.app.theme
        if self.log_rect.width:
            r = self.log_rect
            w = r.w - 2 * t.px(10)
            h = self.hint_card_height(w)
            return pygame.Rect(r.x + t.px(10), self.toast_area.y - h - t.px(8), w, h)
        r = self.table_rect
        w = max(t.px(300), r.w // 2)
        return pygame.Rect(r.centerx - w // 2, r.y + t.px(8), w, self.hint_card_height(w))

    def _draw_hint_card(self, surface: pygame.Surface) -> None:
        """The hint on show: a heading, the reason in words, "Play hint" and "Dismiss"."""
        self.hint_card_rect = pygame.Rect(0, 0, 0, 0)
        if self.hint_action is None:
            return
        t = self.app.theme
        card = self.hint_card_place()
        self.hint_card_rect = card
        pad = t.px(10)
        pygame.draw.rect(surface, t.shadow, card.move(0, t.px(3)), border_radius=t.px(10))
        pygame.draw.rect(surface, t.panel_title, card, border_radius=t.px(10))
        pygame.draw.rect(surface, t.hint, card, max(2, t.px(2)), border_radius=t.px(10))
        line = t.small.get_linesize()
        bold = t.font("small", bold=True)
        y = card.y + pad
        words = "Hint: the hard bot’s move"
        if bold.size(words)[0] > card.w - 2 * pad:
            words = "Hard bot’s hint"
        draw_text(
            surface, bold, words, t.hint, pygame.Rect(card.x + pad, y, card.w - 2 * pad, line)
        )
        y += line + t.px(4)
        lines = self.hint_lines(card.w - 2 * pad)
        frame, _ = self._hint_card_parts(card.w)
        room = max(1, (card.h - frame) // max(1, line))
        for i, text in enumerate(lines[:room]):
            rect = pygame.Rect(card.x + pad, y, card.w - 2 * pad, line)
            if i == room - 1 and len(lines) > room:  # the rest, on hover and in the log
                rest = " ".join(lines[i:])
                whole = self.shown_hint.reason if self.shown_hint is not None else rest
                draw_text(surface, t.small, rest, t.text, rect, valign="top", whole=whole)
            else:
                draw_text(surface, t.small, text, t.text, rect, valign="top")
            y += line
        y += t.px(8)
        bh = line + t.px(10)
        play_w = bold.size("Play hint")[0] + 2 * pad
        close_w = t.small.size("Dismiss")[0] + 2 * pad
        self.hint_play_rect = pygame.Rect(card.x + pad, y, play_w, bh)
        self.hint_close_rect = pygame.Rect(self.hint_play_rect.right + t.px(8), y, close_w, bh)
        for rect, text, font, fill in (
            (self.hint_play_rect, "Play hint", bold, t.accent),
            (self.hint_close_rect, "Dismiss", t.small, t.button),
        ):
            pygame.draw.rect(surface, fill, rect, border_radius=t.px(6))
            img = font.render(text, True, text_on(fill))
            surface.blit(img, img.get_rect(center=rect.center))

    def status_text(self) -> str:
        s = self.session
        if self.replay_queue is not None:
            left = len(self.replay_queue)
            state = "paused" if self.replay_paused else "playing"
            return f"Replay {state} · {plural(left, 'move')} left · Space pause · → step"
        if self.summary is not None:
            return self.summary.title
        shown = self.shown_state
        if s.rules.is_over(shown):
            return f"{self.info.whole.capitalize()} over"
        mover = s.rules.to_move(shown)
        if mover is None:
            return ""
        name = s.seats[mover].name
        if self.animating:
            return f"{name} plays"
        if s.seats[mover].is_bot:
            return f"{name} is thinking…" if self.is_thinking(mover) else f"{name} plays"
        asked = self.prompt_words()
        if asked:
            return asked if len(s.human_seats()) == 1 else f"{name}: {asked}"
        return "Your turn" if len(s.human_seats()) == 1 else f"{name}'s turn"

    def prompt_words(self) -> str:
        """What the person to move is asked, for the top bar, when it is not
        their own turn but a question out of turn (Phantom Rummy: "Claim or
        pass"); "" (the default) says "Your turn"."""
        return self.table.prompt_words()

    def _log_key_at(self, ply: int) -> tuple[tuple[object, ...], int]:
        """The log panel's key when it shows the first ``ply`` moves (all it
        reads that can change), and the height its entries may fill."""
        t = self.app.theme
        r = self.log_rect
        log = [line for line in self.session.log[:ply] if line]
        room = r.h - self.toast_area.h
        card = self.hint_card_place() if self.hint_action is not None else None
        if card is not None:
            room = max(0, card.y - t.px(8) - r.y)
        key = (
            len(log),
            log[-1] if log else "",
            ply,
            len(self.log_notes),
            r.size,
            room,
            t.palette,
            t.scale,
        )
        return key, room

    def _draw_log(self, surface: pygame.Surface) -> None:
        """The log panel: newest entry at the bottom, each wrapped to the width,
        above the messages at its foot (:attr:`toast_area`). Rendered once per
        change and reused, since text is the costly part; at the end of a
        move's animation, the image rendered while it played
        (:meth:`_render_log_ahead`) when it still holds."""
        r = self.log_rect
        key, room = self._log_key_at(self.shown_ply)
        if key != self._log_key:
            ahead, self._log_ahead = self._log_ahead, None
            if ahead is not None and ahead.key == key:
                self._log_spare = self._log_image
                got = ahead
            else:
                if ahead is not None:
                    self._log_spare = ahead.image
                got = self._render_log(key, room, self.shown_ply, self._log_image)
            self._log_key, self._log_image = key, got.image
            self._log_spots, self._log_words = got.spots, got.words
        surface.blit(self._log_image, r.topleft)

    def _render_log_ahead(self) -> None:
        """From the third frame of a move's animation, render the log as it
        will read once the move is shown (it is already in the session's
        log), so the frame where the animation ends copies that image instead
        of rendering the panel on top of everything else that changes then."""
        if not self.animating:
            self._animated_frames = 0
            return
        self._animated_frames += 1
        if self._animated_frames < 3 or not self.log_rect.width:
            return
        ply = self.session.ply
        ahead = self._log_ahead
        if ahead is not None and ahead.key[2] == ply:
            return  # rendered for this move already
        key, room = self._log_key_at(ply)
        if key == self._log_key:
            return
        spare = ahead.image if ahead is not None else self._log_spare
        self._log_spare = None
        self._log_ahead = self._render_log(key, room, ply, spare)

    def log_rows(self, width: int, room: int) -> list[tuple[str, str, bool]]:
        """The log as display rows, newest last: (the entry's number on its
        first row, else "", the text, whether it is the newest entry). Each
        entry is wrapped to ``width`` pixels; whole entries fill ``room`` rows.
        Between them stand a divider where a round, deal or game began
        (:meth:`log_divider`: its text in the row, no number) and the hints
        shown (:attr:`log_notes`: "Hint: ..." with the reason whole)."""
        return [
            (number, text, newest) for number, text, newest, _, _ in self._log_rows(width, room)
        ]

    def log_divider(self, index: int) -> str:
        """The divider the log draws after move ``index``: "Round 2" when
        that move began a new round (or deal, or game of a match), read from
        the counter the game's position keeps (``round``, ``deal``, ``game``,
        ``short_game``); "" for none. Worked out once per move."""
        states = self.session.states
        if index + 1 >= len(states):
            return ""
        key = (index, id(states[index + 1]))
        got = self._dividers.get(key)
        if got is None:
            got = new_round(states[index], states[index + 1])
            if len(self._dividers) > 4000:
                self._dividers.clear()
            self._dividers[key] = got
        return got

    def _wrap_log(self, text: str, width: int) -> list[str]:
        font = self.app.theme.small
        wrapped = self._log_wrapped.get((font, text, width))
        if wrapped is None:
            if len(self._log_wrapped) > 4000:
                self._log_wrapped.clear()
            wrapped = self._log_wrapped[font, text, width] = wrap_text(font, text, width) or [""]
        return wrapped

    def _log_rows(
        self, width: int, room: int, ply: int | None = None
    ) -> list[tuple[str, str, bool, int, str]]:
        """:meth:`log_rows` with each row's entry index (-1 for a row of no
        entry) and its kind: "entry", "divider" or "note"; of the first
        ``ply`` moves (by default :attr:`shown_ply`)."""
        rows: list[tuple[str, str, bool, int, str]] = []
        ply = self.shown_ply if ply is None else ply
        lines = self.session.log[:ply]
        notes: dict[int, list[str]] = {}
        for at, note in self.log_notes:
            if at <= ply:
                notes.setdefault(at, []).append(note)
        # a move whose log line is empty (a sealed answer that revealed
        # nothing yet) is not shown; the entries shown are numbered in turn
        shown = [n for n, line in enumerate(lines) if line]
        number = {n: k for k, n in enumerate(shown)}
        newest_n = shown[-1] if shown else -1
        for n in range(len(lines) - 1, -2, -1):
            block: list[tuple[str, str, bool, int, str]] = []
            if n >= 0 and n in number:
                newest = n == newest_n
                block += [
                    (f"{number[n] + 1}." if i == 0 else "", text, newest, n, "entry")
                    for i, text in enumerate(self._wrap_log(lines[n], width))
                ]
            divider = self.log_divider(n) if n >= 0 else ""
            if divider:
                block.append(("", divider, False, -1, "divider"))
            for note in notes.get(n + 1, ()):
                block += [("", text, False, -1, "note") for text in self._wrap_log(note, width)]
            if len(rows) + len(block) > room:
                break
            rows[:0] = block
        return rows

    def _render_log(
        self,
        key: tuple[object, ...],
        height: int,
        ply: int,
        into: pygame.Surface | None,
    ) -> LogImage:
        """The panel for ``key`` (:meth:`_log_key_at`) showing the first
        ``ply`` moves, its entries in the top ``height`` pixels (painted over
        ``into`` when it has the panel's size), with where each entry went
        and the row images it used."""
        size = self.log_rect.size
        t = self.app.theme
        image = into if into is not None and into.get_size() == size else pygame.Surface(size)
        image.fill(t.panel)
        w, h = size[0], height
        pygame.draw.line(image, t.panel_edge, (0, 0), (0, size[1]), 2)
        head = rendered(t.font("body", bold=True), "Game log", t.text, w)
        pad = t.px(12)
        image.blit(head, (pad, t.px(10)))
        font = t.small
        line_h = font.get_linesize()
        top = t.px(16) + head.get_height()
        room = max(0, (h - top - t.px(8)) // line_h)
        width = w - 2 * pad
        indent = font.size("000. ")[0]
        rows = self._log_rows(width - indent, room, ply)
        spots: list[tuple[pygame.Rect, int]] = []
        before = self._log_words
        words: dict[tuple[object, str, Colour, int], pygame.Surface] = {}

        def word(text: str, colour: Colour) -> pygame.Surface:
            key = (font, text, colour, width - indent)
            img = words.get(key) or before.get(key)
            if img is None:
                img = font.render(text, True, colour)  # rows are wrapped to the width
            words[key] = img
            return img

        for i, (number, text, newest, index, kind) in enumerate(rows):
            y = top + i * line_h
            if kind == "divider":  # a rule across the panel, the new round's name on it
                img = word(text, t.text_dim)
                mid = y + line_h // 2
                pygame.draw.line(image, t.panel_edge, (pad, mid), (w - pad, mid), max(1, t.px(1)))
                box = img.get_rect(center=(w // 2, mid)).inflate(2 * t.px(8), 0)
                image.fill(t.panel, box)
                image.blit(img, img.get_rect(center=(w // 2, mid)))
                continue
            if kind == "note":
                image.blit(word(text, t.hint), (pad + indent, y))
                continue
            if spots and spots[-1][1] == index:
                spots[-1][0].h += line_h
            else:
                spots.append((pygame.Rect(0, y, w, line_h), index))
            if number:
                image.blit(word(number, t.text_dim), (pad, y))
            image.blit(word(text, t.text if newest else t.text_dim), (pad + indent, y))
        return LogImage(key, image, spots, words)  # only the rows on show are kept
