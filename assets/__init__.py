"""Fonts and sounds shipped with the program (installed as ``tabletop.assets``)."""
