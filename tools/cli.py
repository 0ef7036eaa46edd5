"""The command-line habit every tool shares: a bad command line is one line on
stderr ("NAME: error: ...") and exit status 2, never a usage dump or a
traceback. (``tabletop/app.py`` keeps its own, since the package cannot import
``tools``.)"""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """``argparse`` that reports a bad command line in one line and exits 2."""

    def __init__(self, *args: Any, label: str, **kwargs: Any) -> None:
        self.label = label
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        print(f"{self.label}: error: {message}", file=sys.stderr)
        raise SystemExit(2)
