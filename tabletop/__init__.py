"""Tabletop: five tabletop games in one desktop program."""

__version__ = "0.1.0"
