"""Carcassonne notation (INTERFACE.md): text ⇄ Action, on the family's shared notation.

``draw T`` · ``place T X Y R`` · ``follower KIND LOC`` · ``pass``. Locations are named in the
placed orientation: edges ``N E S W`` for roads and cities, half-edges ``Nw … Wn`` for fields,
``C`` for a monastery.
"""
from __future__ import annotations

from ...core.text import words
from ...tiles.geometry import CENTRE, EDGES, HALVES
from .._tilegame.notation import PASS, PLACE_SYNTAX, Notation, draw, follower, place

KIND_LOCATIONS: dict[str, tuple[str, ...]] = {
    "road": EDGES, "city": EDGES, "monastery": (CENTRE,), "field": HALVES}
"""Which location names each follower kind takes."""
SYNTAX = {
    "draw": words("draw T (T: a tile type letter)"),
    "place": PLACE_SYNTAX,
    "follower": words("follower KIND LOC (road/city at N E S W, field at Nw Ne En Es Se Sw Ws "
                      "Wn, monastery at C)"),
    "pass": "pass",
}
NOTATION = Notation(KIND_LOCATIONS, SYNTAX)
location_problem = NOTATION.location_problem
parse = NOTATION.parse

__all__ = ["KIND_LOCATIONS", "NOTATION", "PASS", "SYNTAX", "draw", "follower",
           "location_problem", "parse", "place"]
