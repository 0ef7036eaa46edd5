"""Bot protocol (placeholder signature; filled in by the bots module work)."""
from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    seat: int

    def choose(self, view: Any) -> Any: ...
