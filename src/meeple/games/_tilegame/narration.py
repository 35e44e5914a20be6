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

if TYPE_CHECKING:
    from ...tiles.spec import Orientation, TileType
    from .state import TileGameState

SIDES = {"N": "north", "E": "east", "S": "south", "W": "west"}
CORNERS = {"Nw": "north-west", "Wn": "north-west", "Ne": "north-east", "En": "north-east",
           "Es": "south-east", "Se": "south-east", "Sw": "south-west", "Ws": "south-west"}
"""The corner of the tile each half-edge lies at."""
_CORNER_ORDER = ("north-west", "north-east", "south-east", "south-west")
_SIDE_OF_CORNERS = {frozenset(("north-west", "north-east")): "north",
                    frozenset(("north-east", "south-east")): "east",
                    frozenset(("south-east", "south-west")): "south",
                    frozenset(("south-west", "north-west")): "west"}


@dataclass(frozen=True)
class TileWords:
    """One game's words for its tiles and pieces: ``tile(type)`` what a tile shows ("a
    monastery with a road"); ``pieces`` per follower kind, the piece and where it stands
    (``("a follower", "on the road")``); ``nothing``, the words of ``pass``."""

    tile: Callable[["TileType"], str]
    pieces: dict[str, tuple[str, str]]
    nothing: str


def and_list(words: Iterable[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def count_words(n: int, one: str, many: str | None = None) -> str:
    """``"a road"``, ``"two roads"``, ``"5 roads"`` (``one`` with its article)."""
    if n == 1:
        return one
    noun = one.split(" ", 1)[1]
    number = ("two", "three", "four")[n - 2] if 2 <= n <= 4 else str(n)
    return f"{number} {many or noun + 's'}"


def where(x: int, y: int) -> str:
    """Where ``(x, y)`` lies from the starting tile (y grows to the south)."""
    ns = "north" if y < 0 else "south"
    ew = "east" if x > 0 else "west"
    if abs(x) <= 1 and abs(y) <= 1:
        return f"{ns if y else ''}{'-' if x and y else ''}{ew if x else ''} of the starting tile"
    if not x:
        return f"{abs(y)} {ns} of the starting tile"
    if not y:
        return f"{abs(x)} {ew} of the starting tile"
    return f"{abs(y)} {ns} and {abs(x)} {ew} of the starting tile"


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


def feature_place(o: "Orientation", loc: str, words: str) -> str:
    """``words`` ("on the road") with the side of the tile where the tile just placed
    (``o``) has another feature of the same kind ("on the road to the east")."""
    i = o.loc_seg[loc]
    if o.kinds.count(o.kinds[i]) < 2:
        return words
    at = side(o.locs[i])
    return f"{words} to the {at}" if at else words.replace(" the ", " the large ", 1)


def narrate(state: "TileGameState", action: Action) -> str:
    """The words of a seat's action in a tile game (``place``, ``follower``, ``pass``);
    a game with more pieces handles its own first (Hunters & Gatherers' huts)."""
    kind, words = action[0], state.words
    if kind == "place":
        tile = words.tile(state.game.tileset.tiles[action[1]])
        what = f"a bonus tile, {tile}," if state.extra else tile
        return f"placed {what} {where(action[2], action[3])}"
    if kind == "follower":
        piece, on = words.pieces[action[1]]
        o = state.board.placed[state.last]
        return f"put {piece} {feature_place(o, action[2], on)}"
    if kind == "pass":
        return words.nothing
    return f"played {action}"
