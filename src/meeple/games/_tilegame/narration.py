"""A seat's action of the Carcassonne family in words (``State.narrate``): the tile placed,
what it shows and where it lies from the starting tile, and the piece put on it.

Everything told here is public: the tile drawn is shown to everyone, the board and the
pieces on it too. Positions are told from the starting tile ("2 north and 1 east of the
starting tile"), tiles by what they show ("a city cap and a road curve", each game's
:attr:`TileWords.tile`), and a piece by the feature it stands on, with the side of the
tile where the tile has more than one feature of that kind ("on the road to the east").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable

from ...core.action import Action
from ...core.text import cwords, join_words, nwords, words

if TYPE_CHECKING:
    from ...tiles.spec import Orientation, TileType
    from .state import TileGameState

SIDES = {"N": cwords("side", "north"), "E": cwords("side", "east"),
         "S": cwords("side", "south"), "W": cwords("side", "west")}
_NW, _NE = cwords("side", "north-west"), cwords("side", "north-east")
_SE, _SW = cwords("side", "south-east"), cwords("side", "south-west")
CORNERS = {"Nw": _NW, "Wn": _NW, "Ne": _NE, "En": _NE, "Es": _SE, "Se": _SE, "Sw": _SW,
           "Ws": _SW}
"""The corner of the tile each half-edge lies at."""
_CORNER_ORDER = (_NW, _NE, _SE, _SW)
_SIDE_OF_CORNERS = {frozenset((_NW, _NE)): SIDES["N"], frozenset((_NE, _SE)): SIDES["E"],
                    frozenset((_SE, _SW)): SIDES["S"], frozenset((_SW, _NW)): SIDES["W"]}
_NEXT_TO = {(-1, 0): words("north of the starting tile"),
            (1, 0): words("south of the starting tile"),
            (0, 1): words("east of the starting tile"),
            (0, -1): words("west of the starting tile"),
            (-1, 1): words("north-east of the starting tile"),
            (-1, -1): words("north-west of the starting tile"),
            (1, 1): words("south-east of the starting tile"),
            (1, -1): words("south-west of the starting tile")}
"""A place next to the starting tile, by the signs of (y, x)."""


def _steps(n: int, direction: str, alone: bool) -> str:
    """``n`` tiles in ``direction`` ("N", "E", "S", "W"): alone, from the starting tile."""
    if alone:
        return {"N": nwords("{n} north of the starting tile", "{n} north of the starting tile", n),
                "S": nwords("{n} south of the starting tile", "{n} south of the starting tile", n),
                "E": nwords("{n} east of the starting tile", "{n} east of the starting tile", n),
                "W": nwords("{n} west of the starting tile", "{n} west of the starting tile", n),
                }[direction]
    return {"N": nwords("{n} north", "{n} north", n), "S": nwords("{n} south", "{n} south", n),
            "E": nwords("{n} east", "{n} east", n), "W": nwords("{n} west", "{n} west", n),
            }[direction]


@dataclass(frozen=True)
class TileWords:
    """One game's words for its tiles and pieces: ``tile(type)`` what a tile shows ("a
    monastery with a road"); ``pieces`` per follower kind, the piece and where it stands
    (``("a follower", "on the road")``); ``nothing``, the words of ``pass``; ``large``, the
    words of a place spread over most of a tile ("on the large field") by its usual ones."""

    tile: Callable[["TileType"], str]
    pieces: dict[str, tuple[str, str]]
    nothing: str
    large: dict[str, str]


def and_list(items: Iterable[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (translatable)."""
    return join_words(list(items))


def number_word(n: int) -> str:
    """``"two"`` for 2 up to ``"four"``, else the digits: English's way of counting a few
    things (other languages' templates use ``{n}``)."""
    return ("two", "three", "four")[n - 2] if 2 <= n <= 4 else str(n)


def where(x: int, y: int) -> str:
    """Where ``(x, y)`` lies from the starting tile (y grows to the south)."""
    ns, ew = ("N" if y < 0 else "S"), ("E" if x > 0 else "W")
    if abs(x) <= 1 and abs(y) <= 1:
        return _NEXT_TO[((y > 0) - (y < 0), (x > 0) - (x < 0))]
    if not x:
        return _steps(abs(y), ns, alone=True)
    if not y:
        return _steps(abs(x), ew, alone=True)
    return words("{vertical} and {horizontal} of the starting tile",
                 vertical=_steps(abs(y), ns, alone=False),
                 horizontal=_steps(abs(x), ew, alone=False))


def side(locs: Iterable[str]) -> str | None:
    """The side(s) of a tile a feature touching ``locs`` lies at ("east", "north and west",
    "south-east"); None for a field or meadow spread over three corners or more."""
    locs = list(locs)
    edges = [SIDES[loc] for loc in locs if loc in SIDES]
    if edges:
        return and_list(edges)
    corners = {CORNERS[loc] for loc in locs if loc in CORNERS}
    if not corners or len(corners) > 2:
        return None
    return _SIDE_OF_CORNERS.get(frozenset(corners)) or and_list(
        c for c in _CORNER_ORDER if c in corners)


def feature_place(o: "Orientation", loc: str, place: str, large: dict[str, str]) -> str:
    """``place`` ("on the road") with the side of the tile where the tile just placed
    (``o``) has another feature of the same kind ("on the road to the east"), or its
    ``large`` words where the feature spreads over most of the tile."""
    i = o.loc_seg[loc]
    if o.kinds.count(o.kinds[i]) < 2:
        return place
    at = side(o.locs[i])
    return words("{place} to the {side}", place=place, side=at) if at else large.get(
        place, place)


def narrate(state: "TileGameState", action: Action) -> str:
    """The words of a seat's action in a tile game (``place``, ``follower``, ``pass``);
    a game with more pieces handles its own first (Hunters & Gatherers' huts)."""
    kind, said = action[0], state.words
    if kind == "place":
        tile = said.tile(state.game.tileset.tiles[action[1]])
        at = where(action[2], action[3])
        if state.extra:
            return words("placed a bonus tile, {tile}, {where}", tile=tile, where=at)
        return words("placed {tile} {where}", tile=tile, where=at)
    if kind == "follower":
        piece, on = said.pieces[action[1]]
        o = state.board.placed[state.last]
        return words("put {piece} {place}", piece=piece,
                     place=feature_place(o, action[2], on, said.large))
    if kind == "pass":
        return said.nothing
    return words("played {action}", action=" ".join(map(str, action)))
