"""Carcassonne's tiles and followers in words, for the game log: a tile by what it shows
("a city cap and a road curve", "a monastery with a road"), whatever way it is turned."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from ...core.text import words
from .._tilegame.narration import TileWords, and_list

if TYPE_CHECKING:
    from ...tiles.spec import TileType

_CITY = {1: words("a city cap"), 3: words("a three-sided city"),
         4: words("a city on all four sides")}
_CITY_PENNANT = {1: words("a city cap with a pennant"),
                 3: words("a three-sided city with a pennant"),
                 4: words("a city on all four sides with a pennant")}
_ROADS = {3: words("a junction of three roads"), 4: words("a crossroads of four roads")}


def _city(edges: Sequence[int], pennant: bool) -> str:
    if len(edges) in _CITY:
        return (_CITY_PENNANT if pennant else _CITY)[len(edges)]
    across = (edges[1] - edges[0]) % 2 == 0
    if pennant:
        return words("a city across the tile with a pennant") if across else words(
            "a city corner with a pennant")
    return words("a city across the tile") if across else words("a city corner")


@lru_cache(maxsize=256)
def tile_words(tile: "TileType") -> str:
    """What ``tile`` shows: its cities, roads and monastery (fields go without saying)."""
    segments = tile.segments
    cities = [s for s in segments if s.kind == "city"]
    roads = [s for s in segments if s.kind == "road"]
    parts: list[str] = []
    if any(s.kind == "monastery" for s in segments):
        parts.append(words("a monastery with a road") if roads else words("a monastery"))
        roads = []
    if len(cities) == 1:
        parts.append(_city(cities[0].edges, bool(cities[0].attrs.get("pennant"))))
    elif cities:
        parts.append(words("two separate city caps") if len(cities) == 2 else words(
            "{n} separate city caps", n=len(cities)))
    if len(roads) == 1:
        edges = roads[0].edges
        parts.append(words("a road") if len(edges) == 1 else words("a straight road")
                     if (edges[1] - edges[0]) % 2 == 0 else words("a road curve"))
    elif roads:
        parts.append(_ROADS.get(len(roads)) or words("a junction of {n} roads", n=len(roads)))
    return and_list(parts) if parts else words("a field")


WORDS = TileWords(tile_words, {"road": (words("a follower"), words("on the road")),
                               "city": (words("a follower"), words("in the city")),
                               "monastery": (words("a follower"), words("in the monastery")),
                               "field": (words("a follower"), words("on the field"))},
                  words("put no follower on the tile"),
                  {"on the field": words("on the large field")})
