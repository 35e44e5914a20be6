"""Hunters & Gatherers notation (INTERFACE.md), on the family's shared notation.

``draw T`` · ``place T X Y R`` · ``follower KIND LOC`` (KIND ``forest`` or ``river`` at an
edge ``N E S W``, ``meadow`` at a half-edge ``Nw … Wn``) · ``hut LOC`` · ``pass``. A hut is
named by an edge of a river of the tile, or ``C`` for the lake of a tile with exactly one
lake; on a tile with several lakes a lake is named by the edge of a river flowing into it
(a hut claims the whole river system, so this is the same hut).
"""
from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.text import words
from ...tiles.geometry import CENTRE, EDGES, HALVES
from .._tilegame.notation import PASS, PLACE_SYNTAX, Notation, cached, draw, follower, place

KIND_LOCATIONS: dict[str, tuple[str, ...]] = {"forest": EDGES, "river": EDGES, "meadow": HALVES}
"""Which location names each follower kind takes (gatherer, fisher, hunter)."""
ROLES = {"forest": "gatherer", "river": "fisher", "meadow": "hunter"}
HUT_LOCATIONS = (*EDGES, CENTRE)
SYNTAX = {
    "draw": words("draw T (T: a tile type such as L07 or B03)"),
    "place": PLACE_SYNTAX,
    "follower": words("follower KIND LOC (forest/river at N E S W, meadow at Nw Ne En Es Se Sw "
                      "Ws Wn)"),
    "hut": words("hut LOC (a river edge N E S W, or C for the lake)"),
    "pass": "pass",
}


def hut(loc: str) -> Action:
    """The (cached) action ``hut LOC``."""
    return cached("hut", loc)


def _parse_hut(args: list[str]) -> Action:
    if len(args) != 1:
        raise IllegalAction(words("hut takes one location"))
    if args[0] not in HUT_LOCATIONS:
        raise IllegalAction(words("a hut is named by {names}, not {loc}",
                                  names=" ".join(HUT_LOCATIONS), loc=repr(args[0])))
    return hut(args[0])


NOTATION = Notation(KIND_LOCATIONS, SYNTAX, {"hut": _parse_hut},
                    {("river", CENTRE): words("a fisher never stands on a lake; a hut may: hut C")})

__all__ = ["HUT_LOCATIONS", "KIND_LOCATIONS", "NOTATION", "PASS", "ROLES", "SYNTAX", "draw",
           "follower", "hut", "place"]
