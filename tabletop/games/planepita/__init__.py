"""Planepita: alien discs flicked onto a round planet board."""
