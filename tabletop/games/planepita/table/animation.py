"""What a move shows before the table settles, and the words it leads to.

A move (``Session.play``'s :class:`Move`, the shot's trajectory in its
``trace``, simulated once as it was played) becomes steps of the game's
playback (``playback.py``) queued one after another in a :class:`Queue`: a
bot's pad slide and pull (and a replay's), the shot, a round's end. Its
sounds play as it starts; :func:`notes` says what the board alone does not
show (a disc handed back, the jammer off the board, why no flip was offered,
who took each area).
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.core.game import Move
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import (
    Flick,
    Flip,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.playback import (
    Anim,
    PadMove,
    PullBack,
    RoundEnd,
    ShotAnim,
    Sound,
    shot_discs,
)


class Queue:
    """The animation steps still to show, the one on show first."""

    def __init__(self) -> None:
        self.anims: list[Anim] = []

    @property
    def running(self) -> bool:
        return bool(self.anims)

    @property
    def now(self) -> Anim | None:
        """The step on show, if any."""
        return self.anims[0] if self.anims else None

    @property
    def round_end(self) -> RoundEnd | None:
        """The round's end, when it is the step on show."""
        now = self.now
        return now if isinstance(now, RoundEnd) else None

    def skip(self) -> None:
        self.anims.clear()

    def update(self, dt: float, sound: Sound) -> float:
        """Advance the step on show by ``dt``; a step that ends hands nothing
        of ``dt`` on to the next. Returns what is left of ``dt``: none of it
        on the frame a step ended."""
        while self.anims:
            a = self.anims[0]
            a.update(dt, sound)
            if not a.done:
                break
            self.anims.pop(0)
            dt = 0.0
        return dt


def steps_for(move: Move, *, speed: float, watched: bool, sound: Sound) -> list[Anim]:
    """The steps that show ``move`` at animation ``speed`` (none at 0), its
    sounds played now. ``watched``: a bot's flick or a replay's, shown with
    the pad's slide and the pull before it."""
    before, action, after = move.before, move.action, move.after
    steps: list[Anim] = []
    seat = pp_rules.RULES.to_move(before)
    end_layout = before.layout
    if isinstance(action, Flick):
        sound.play("whoosh", min(1.0, 0.25 + action.speed / 4000))
        # the session's trajectory of the shot, simulated once as it was played
        traj = move.trace
        end_layout = traj.final if traj is not None else after.layout
        if speed > 0 and traj is not None and seat is not None:
            disc = pp_rules.launched_disc(before, action)
            if watched:
                steps.append(PadMove(before, seat, disc, action.pad, 0.45 / speed))
                steps.append(PullBack(before, seat, disc, action, 0.4 / speed))
            steps.append(
                ShotAnim(before, seat, action, traj, shot_discs(before, after, traj, disc), speed)
            )
    elif isinstance(action, Flip):
        sound.play("clack", 0.5)
        if action.down and before.pending is not None:
            end_layout = replace(
                before.layout,
                discs=tuple(
                    replace(d, face_down=True) if d.id == before.pending else d
                    for d in before.layout.discs
                ),
            )
    elif isinstance(action, PlaceJammer):
        sound.play("clack", 0.6)
        end_layout = replace(before.layout, jammer=(action.x, action.y))
    if len(after.history) > len(before.history) and after.last_round is not None:
        if speed > 0:
            steps.append(RoundEnd(before, end_layout, after.last_round, speed))
        else:
            sound.play("chime", 0.6)
    return steps


def notes(
    before: PlanepitaState, action: object, after: PlanepitaState, names: list[str]
) -> list[str]:
    """What happened that the board alone does not show, in the order it is said."""
    shot = after.last_shot
    if isinstance(action, Flick) and shot is not None and shot.retried:
        return ["It stayed on the pad: flick again"]
    said = []
    if after.phase is Phase.PLACE_JAMMER and before.phase is not Phase.PLACE_JAMMER:
        said.append("The jammer left the board: place it again")
    ended = len(after.history) > len(before.history) and after.last_round is not None
    if isinstance(action, (Flick, PlaceJammer)) and after.phase not in (
        Phase.FLIP,
        Phase.PLACE_JAMMER,
    ):
        # once the round is over the disc's face no longer matters: say nothing of it
        reason = None if ended else _no_flip_reason(before, action, after)
        if reason:
            said.append(f"It stays face up: {reason}")
    if ended and after.last_round is not None:
        said.append(round_summary(after.last_round, names))
    return said


def _no_flip_reason(
    before: PlanepitaState, action: Flick | PlaceJammer, after: PlanepitaState
) -> str | None:
    """Why the rules offered no flip after ``action`` (P6), in their words;
    None when the disc left the board (the black hole shows that). Asked
    only while the round goes on, so ``after``'s board is the shot's."""
    if isinstance(action, Flick):
        layout = after.layout
        disc = before.next_id
    else:
        layout = replace(before.layout, jammer=(action.x, action.y))
        disc = before.pending if before.pending is not None else -1
    if not any(d.id == disc for d in layout.discs):
        return None
    return pp_rules.flip_refusal(layout, disc)


def round_summary(result: RoundResult, names: list[str]) -> str:
    parts = []
    for a in result.areas:
        if a.winner is not None:
            parts.append(f"{a.value}-pt to {names[a.winner]}")
        else:
            parts.append(f"{a.value}-pt carried over")
    return f"Round {result.round}: " + ", ".join(parts)
