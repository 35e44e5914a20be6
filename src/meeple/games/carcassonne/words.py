"""Carcassonne's tiles and followers in words, for the game log: a tile by what it shows
("a city cap and a road curve", "a monastery with a road"), whatever way it is turned."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .._tilegame.narration import TileWords, and_list

if TYPE_CHECKING:
    from ...tiles.spec import TileType

_CITY = {1: "a city cap", 3: "a three-sided city", 4: "a city on all four sides"}
_ROADS = {3: "a junction of three roads", 4: "a crossroads of four roads"}


@lru_cache(maxsize=256)
def tile_words(tile: "TileType") -> str:
    """What ``tile`` shows: its cities, roads and monastery (fields go without saying)."""
    segments = tile.segments
    cities = [s for s in segments if s.kind == "city"]
    roads = [s for s in segments if s.kind == "road"]
    parts = []
    if any(s.kind == "monastery" for s in segments):
        parts.append("a monastery" + (" with a road" if roads else ""))
        roads = []
    if len(cities) == 1:
        edges = cities[0].edges
        city = _CITY.get(len(edges)) or ("a city across the tile" if
                                         (edges[1] - edges[0]) % 2 == 0 else "a city corner")
        parts.append(city + (" with a pennant" if cities[0].attrs.get("pennant") else ""))
    elif cities:
        parts.append(f"{('two', 'three', 'four')[len(cities) - 2]} separate city caps")
    if len(roads) == 1:
        edges = roads[0].edges
        parts.append("a road" if len(edges) == 1 else "a straight road"
                     if (edges[1] - edges[0]) % 2 == 0 else "a road curve")
    elif roads:
        parts.append(_ROADS.get(len(roads), f"a junction of {len(roads)} roads"))
    return and_list(parts) if parts else "a field"


WORDS = TileWords(tile_words, {"road": ("a follower", "on the road"),
                               "city": ("a follower", "in the city"),
                               "monastery": ("a follower", "in the monastery"),
                               "field": ("a follower", "on the field")},
                  "put no follower on the tile")
