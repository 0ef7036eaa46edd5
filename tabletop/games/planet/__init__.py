"""Planet (Urtis Šulinskas, 2018): each player builds a dodecahedron planet from
pentagonal continent tiles and competes for animal cards.

Under construction, so not in the registry yet: ``geometry.py`` (the solid,
its 60 cells, the rotation convention, the flat net), ``tiles.py`` (terrains,
tiles, animals, habitat cards, from the data files beside it) and
``regions.py`` (a planet's cells as a value, its regions and the animal
conditions) are pure.
"""
