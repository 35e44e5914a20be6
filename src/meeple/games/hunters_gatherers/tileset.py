"""The Hunters & Gatherers tile list (``tiles.json``, the default tile set) in the engine's
format, validated on load.

The list's format (the shipped tiles.json) names per tile its edges, forests
(edges, ``nugget``, ``mushrooms``), meadows (half-edges, animals), rivers (through two edges,
or from one edge into a lake or from a spring) and lakes (fish), and a bonus tile's power.
It becomes an engine tile set here: forests and rivers are edge kinds, meadows half-edge
kinds, lakes centre kinds bordering the rivers that end in them (``C`` names the lake of a
one-lake tile), and ``groups`` joins rivers and lakes into river systems. Counts become
segment attributes: ``nugget``, ``mushrooms``, ``fish``, ``lake``, ``spring``, each animal,
and ``fire`` / ``shrine`` on the meadows of a tile with that power.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from ...core.datafile import read_json

from ...tiles.spec import TileSet, TileSetError

DEFAULT = Path(__file__).with_name("tiles.json")
ANIMALS = ("deer", "mammoth", "aurochs", "tiger")
POWERS = ("shrine", "fire", "mushrooms")
MEADOW_POWERS = ("shrine", "fire")
"""Powers that act through the meadows of their tile (marked on each of its meadows)."""
ENGINE_FORMAT = {
    "kinds": {"forest": "edge", "river": "edge", "meadow": "half", "lake": "centre"},
    "edge_types": {"F": {"edge": "forest"}, "R": {"edge": "river", "halves": "meadow"},
                   "M": {"halves": "meadow"}},
    "groups": {"river system": ["river", "lake"]},
}


@dataclass(frozen=True)
class Tiles:
    """A loaded tile list: the engine's tile set, and which types are land and bonus tiles."""

    tileset: TileSet
    land: tuple[str, ...]
    bonus: tuple[str, ...]
    powers: dict[str, str]

    @property
    def start(self) -> str:
        return self.tileset.start


def load(path: str | Path = DEFAULT) -> Tiles:
    """The tile list at ``path`` (the last few are kept); TileSetError says what is wrong."""
    try:
        key = str(Path(path).resolve())
    except (OSError, ValueError) as e:
        raise TileSetError(f"cannot read tile set {path!r}: {e}") from None
    return _load(key, str(path))


@lru_cache(maxsize=16)
def _load(key: str, shown: str) -> Tiles:
    return translate(read_json(key, "tile set", TileSetError), shown)


@lru_cache(maxsize=1)
def default_counts() -> tuple[dict[str, int], dict[str, int]]:
    """Each land and each bonus type's count in the shipped tile list, read without
    building its tile set (cheap enough for import time: the deck options' bounds)."""
    raw: Any = read_json(DEFAULT, "tile set", TileSetError)
    source = str(DEFAULT)
    return ({e["type"]: _count(e, "land", source) for e in raw["land"]},
            {e["type"]: _count(e, "bonus", source) for e in raw.get("bonus", [])})


def translate(raw: Any, source: str = "hunters-gatherers tiles") -> Tiles:
    """The engine tile set of a tile list in the shared format (``start``, ``land``,
    ``bonus``); TileSetError naming the tile and what is wrong."""
    try:
        start, land, bonus = raw["start"], list(raw["land"]), list(raw.get("bonus", []))
        entries = [(start, None), *((e, "land") for e in land), *((e, "bonus") for e in bonus)]
        tiles = [_tile(entry, role, source) for entry, role in entries]
    except (KeyError, TypeError, AttributeError) as e:
        raise TileSetError(f"{source}: malformed ({type(e).__name__}: {e})") from None
    tileset = TileSet({**ENGINE_FORMAT, "name": source, "start": start["type"],
                       "tiles": tiles}, source)
    powers = {e["type"]: e["power"] for e in [start, *land, *bonus] if e.get("power")}
    return Tiles(tileset, tuple(e["type"] for e in land), tuple(e["type"] for e in bonus),
                 powers)


def _fail(source: str, type_: object, message: str) -> NoReturn:
    raise TileSetError(f"{source}: tile {type_!r}: {message}")


def _count(entry: dict, role: str | None, source: str) -> int:
    if role is None:
        return 1                                   # the start tile: one, placed at setup
    count = entry.get("count", 1 if role == "bonus" else None)
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        _fail(source, entry["type"], "count must be a whole number ≥ 0")
    return count


def _tile(entry: dict, role: str | None, source: str) -> dict:
    type_ = entry["type"]
    power = entry.get("power")
    if power is not None and power not in POWERS:
        _fail(source, type_, f"unknown power {power!r}; powers: {', '.join(POWERS)}")
    segments = _forests(entry, source) + _meadows(entry, power, source)
    lakes = _lakes(entry, len(segments), source)
    segments += [{"kind": "lake", "locs": ["C"] if len(lakes) == 1 else [],
                  "attrs": {"fish": fish, "lake": 1}} for fish, _ in lakes.values()]
    segments += _rivers(entry, lakes, source)
    return {"type": type_, "count": _count(entry, role, source), "edges": entry["edges"],
            "segments": segments, "text": power or ""}


def _forests(entry: dict, source: str) -> list[dict]:
    out = []
    for forest in entry["forests"]:
        attrs = {}
        if forest.get("nugget"):
            attrs["nugget"] = 1
        mushrooms = forest.get("mushrooms", 0)
        if not isinstance(mushrooms, int) or isinstance(mushrooms, bool) or mushrooms < 0:
            _fail(source, entry["type"], "mushrooms must be a whole number ≥ 0")
        if mushrooms:
            attrs["mushrooms"] = mushrooms
        if not forest["edges"]:
            _fail(source, entry["type"], "a forest must touch an edge")
        out.append({"kind": "forest", "locs": list(forest["edges"]), "attrs": attrs})
    return out


def _meadows(entry: dict, power: str | None, source: str) -> list[dict]:
    out = []
    for meadow in entry["meadows"]:
        animals = Counter(meadow.get("animals", []))
        unknown = set(animals) - set(ANIMALS)
        if unknown:
            _fail(source, entry["type"], f"unknown animals {sorted(unknown)}; animals: "
                                         f"{', '.join(ANIMALS)}")
        attrs = {a: animals[a] for a in ANIMALS if animals[a]}
        if power in MEADOW_POWERS:
            attrs[power] = 1
        out.append({"kind": "meadow", "locs": list(meadow["locs"]), "attrs": attrs})
    if power in MEADOW_POWERS and not out:
        _fail(source, entry["type"], f"the {power} power needs a meadow on the tile")
    return out


def _lakes(entry: dict, first: int, source: str) -> dict[str, tuple[int, int]]:
    """``{lake name: (fish, segment index)}``; every lake of a tile with several lakes must
    have a river ending in it (a river's edge is how such a lake is named)."""
    lakes = {}
    for i, (name, fish) in enumerate(entry["lakes"].items()):
        if not isinstance(fish, int) or isinstance(fish, bool) or fish < 0:
            _fail(source, entry["type"], f"lake {name!r}: fish must be a whole number ≥ 0")
        lakes[name] = (fish, first + i)
    if len(lakes) > 1:
        fed = {r.get("lake") for r in entry["rivers"] if r.get("end") == "lake"}
        for name in lakes:
            if name not in fed:
                _fail(source, entry["type"], f"lake {name!r} has no river ending in it, so "
                                             "it cannot be named on a tile with several lakes")
    return lakes


def _rivers(entry: dict, lakes: dict[str, tuple[int, int]], source: str) -> list[dict]:
    out = []
    for river in entry["rivers"]:
        edges, end = list(river["edges"]), river.get("end")
        seg: dict = {"kind": "river", "locs": edges}
        if end is None:
            if len(edges) != 2:
                _fail(source, entry["type"], "a river through the tile touches two edges")
        elif len(edges) != 1:
            _fail(source, entry["type"], f"a river ending at a {end} touches one edge")
        elif end == "lake":
            if river.get("lake") not in lakes:
                _fail(source, entry["type"], f"river {edges[0]} ends in an unknown lake "
                                             f"{river.get('lake')!r}")
            seg["borders"] = [lakes[river["lake"]][1]]
        elif end == "spring":
            seg["attrs"] = {"spring": 1}
        else:
            _fail(source, entry["type"], f"a river ends at a lake or a spring, not {end!r}")
        out.append(seg)
    return out
