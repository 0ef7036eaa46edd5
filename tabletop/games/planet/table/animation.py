"""What a placement shows before the table settles: the face just placed
ringed in its owner's colour for a moment, and, when the move ended a round
that scored animals, the animals awarded over the large planet with who won
each. Bots, the curtain and the round's summary wait for both.
"""

from __future__ import annotations

from tabletop.core.game import Move
from tabletop.ui.sound import Sound
from tabletop.ui.theme import Theme

#: seconds a placed tile's face stays ringed, and the animals awarded stay
#: on show, at animation speed 1
PLACE_FLASH = 0.45
AWARD_SHOW = 1.8


class Flashes:
    """The face just placed (seat, face) and the animals just awarded
    (seat, card), each with the seconds it has left on show."""

    def __init__(self) -> None:
        self.flash: tuple[int, int] | None = None
        self.flash_left = 0.0
        self.awards: list[tuple[int, int]] = []
        self.award_left = 0.0

    def start(self, move: Move, theme: Theme, sound: Sound) -> None:
        """Ring the face ``move`` placed; show the animals its round's end awarded."""
        before, action, after = move.before, move.action, move.after
        sound.play("click", 0.5)
        self.flash = (before.turn, action.face)
        self.flash_left = theme.duration(PLACE_FLASH)
        self.awards = [
            (seat, card)
            for seat in range(after.players)
            for card in after.animals[seat][len(before.animals[seat]) :]
        ]
        self.award_left = theme.duration(AWARD_SHOW) if self.awards else 0.0
        if self.awards:
            sound.play("chime", 0.5)

    @property
    def running(self) -> bool:
        return self.flash_left > 0 or self.award_left > 0

    @property
    def awarding(self) -> bool:
        """The animals awarded are on show."""
        return self.award_left > 0

    def flashed(self, seat: int) -> int | None:
        """The face of ``seat``'s planet ringed now, if any."""
        if self.flash_left > 0 and self.flash is not None and self.flash[0] == seat:
            return self.flash[1]
        return None

    def skip(self) -> None:
        self.flash_left = self.award_left = 0.0

    def update(self, dt: float) -> None:
        self.flash_left = max(0.0, self.flash_left - dt)
        self.award_left = max(0.0, self.award_left - dt)


__all__ = ["AWARD_SHOW", "PLACE_FLASH", "Flashes"]
