"""The island sheet of the Catan Dice Game ("Island One"), as data.

From ``rules/catan-dice-map.md``: the road tree, the buildings with the road each needs and
the building that must come first, the knights and their jokers, and the costs.
"""
from __future__ import annotations

from functools import lru_cache

FACES = ("ore", "grain", "wool", "lumber", "brick", "gold")
ORE, GRAIN, WOOL, LUMBER, BRICK, GOLD = range(6)
FACE_INDEX = {name: i for i, name in enumerate(FACES)}
RESOURCES = FACES[:5]
"""The building resources: what a gold exchange or the K6 joker may produce."""

COSTS = {
    "road": {BRICK: 1, LUMBER: 1},
    "settlement": {BRICK: 1, LUMBER: 1, WOOL: 1, GRAIN: 1},
    "city": {ORE: 3, GRAIN: 2},
    "knight": {ORE: 1, WOOL: 1, GRAIN: 1},
}

ROAD_PARENT = {
    "R0": None, "R1": "R0", "R2": "R0", "R3": "R2", "R4": "R3", "R5": "R3", "R6": "R5",
    "R7": "R6", "R8": "R7", "R9": "R8", "R10": "R9", "R11": "R10", "R12": "R7",
    "R13": "R12", "R14": "R13", "R15": "R14",
}
"""Each road's parent; ``None`` is the pre-built start road."""

# name: (value, road needed (None = the start road), building needed first)
SETTLEMENTS = {"S3": (3, None, None), "S4": (4, "R2", "S3"), "S5": (5, "R5", "S4"),
               "S7": (7, "R7", "S5"), "S9": (9, "R9", "S7"), "S11": (11, "R11", "S9")}
CITIES = {"C7": (7, "R1", None), "C12": (12, "R4", "C7"), "C20": (20, "R13", "C12"),
          "C30": (30, "R15", "C20")}
KNIGHT_JOKERS = {"K1": ORE, "K2": GRAIN, "K3": WOOL, "K4": LUMBER, "K5": BRICK, "K6": None}
"""The resource each knight's joker makes; K6 makes any building resource."""
ANY_JOKER = "K6"
"""The knight whose joker makes any building resource (named after it in the notation)."""
KNIGHT_HEX = {"K1": "mountains", "K2": "fields", "K3": "pasture", "K4": "forest",
              "K5": "hills", "K6": "desert"}

TURNS = 15
X_POINTS = -2


def _structures() -> list[tuple[str, str, int, tuple[str, ...]]]:
    """(name, kind, value, prerequisites) for every buildable thing, in sheet order."""
    out: list[tuple[str, str, int, tuple[str, ...]]] = [
        (r, "road", 1, (p,) if p else ()) for r, p in ROAD_PARENT.items()]
    for kind, table in (("settlement", SETTLEMENTS), ("city", CITIES)):
        for name, (value, road, first) in table.items():
            out.append((name, kind, value, tuple(x for x in (road, first) if x)))
    for n, name in enumerate(KNIGHT_JOKERS, start=1):
        out.append((name, "knight", n, (f"K{n - 1}",) if n > 1 else ()))
    return out


STRUCTURES = _structures()
INDEX = {name: i for i, (name, *_rest) in enumerate(STRUCTURES)}
KIND = {name: kind for name, kind, _v, _p in STRUCTURES}
VALUE = {name: value for name, _k, value, _p in STRUCTURES}
REQUIRES = {name: sum(1 << INDEX[p] for p in pre) for name, _k, _v, pre in STRUCTURES}
TOTAL_VALUE = sum(VALUE.values())


@lru_cache(maxsize=1 << 14)
def frontier(built: int) -> tuple[str, ...]:
    """The structures not yet built whose prerequisites are all built, in sheet order."""
    return tuple(n for n, *_ in STRUCTURES
                 if not built >> INDEX[n] & 1 and REQUIRES[n] & ~built == 0)
