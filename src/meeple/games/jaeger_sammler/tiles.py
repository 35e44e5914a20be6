"""The 200 tiles of Jäger und Sammler: kinds, codes, counts per season, points.

Kinds are small integer codes so that the board is a plain list of ints (fast to copy and
to test). Mammoths have one code per printed value (``mammoth3`` … ``mammoth8``); their
number per season comes from the board file (see ``board.py``), every other count is the
seed's table.
"""
from __future__ import annotations

SUMMER, WINTER = 0, 1
SEASONS = ("summer", "winter")

BERRIES, TUBERS, HERBS, JUG, NECKLACE, FUR, SKULL, WEAPON, PATH, CAVE = range(10)
MAMMOTH_MIN, MAMMOTH_MAX = 3, 8
MAMMOTH_BASE = 10 - MAMMOTH_MIN
"""``mammoth N`` has the code ``MAMMOTH_BASE + N`` (10 … 15)."""
KINDS = 16
SETTLEMENT = KINDS
"""The value of a settlement field on the board: enterable, holds no tile."""
EMPTY = -1
"""A field whose tile was taken (or not laid yet): it can never be entered."""

NAMES = ("berries", "tubers", "herbs", "jug", "necklace", "fur", "skull", "weapon", "path",
         "cave", *(f"mammoth{v}" for v in range(MAMMOTH_MIN, MAMMOTH_MAX + 1)))
CODE = {name: code for code, name in enumerate(NAMES)}

FACE_DOWN = (BERRIES, TUBERS, HERBS, JUG, NECKLACE, FUR, SKULL)
"""Collected tiles that lie face down: hidden from everyone (the owner too) until the end."""
SETS = (JUG, NECKLACE, FUR, SKULL)
"""Rare goods scored by how many of a kind a player has."""
FOOD_POINTS = {BERRIES: 1, TUBERS: 2, HERBS: 3}
SET_POINTS = (0, 1, 3, 6, 10, 15, 20)
"""Points for 0, 1, 2, … 6 tiles of one kind of rare goods; 6 or more score 20."""

# Counts per season of every kind but mammoths (the seed's table).
COUNTS = (
    {BERRIES: 30, TUBERS: 18, HERBS: 5, JUG: 10, NECKLACE: 10, WEAPON: 12, PATH: 19, CAVE: 5},
    {BERRIES: 30, TUBERS: 18, HERBS: 5, FUR: 10, SKULL: 10, WEAPON: 3},
)
MAMMOTHS = (3, 12)
"""How many mammoth tiles each season has (their values are board data)."""

# Per-code lookup tables (index: code 0..16; SETTLEMENT included), for the hot loops.
TAKEABLE = tuple(c not in (PATH, CAVE, SETTLEMENT) for c in range(KINDS + 1))
"""Tiles a pawn takes when it leaves them: all but paths, caves (and settlements)."""
MULTI = tuple(c in (CAVE, SETTLEMENT) for c in range(KINDS + 1))
"""Fields that hold any number of pawns: caves and settlements."""
IS_MAMMOTH = tuple(MAMMOTH_MIN + MAMMOTH_BASE <= c <= MAMMOTH_MAX + MAMMOTH_BASE
                   for c in range(KINDS + 1))


def mammoth_code(value: int) -> int:
    """The code of a mammoth printed with ``value`` points."""
    return MAMMOTH_BASE + value


def mammoth_value(code: int) -> int:
    """The printed points of the mammoth with ``code``."""
    return code - MAMMOTH_BASE


def season_tiles(season: int, mammoth_values: list[int]) -> list[int]:
    """The codes of one season's tiles (sorted), given that season's mammoth values."""
    codes = [code for code, n in COUNTS[season].items() for _ in range(n)]
    codes += [mammoth_code(v) for v in mammoth_values]
    return sorted(codes)


def set_points(count: int) -> int:
    """Points for ``count`` tiles of one kind of rare goods (1/3/6/10/15/20)."""
    return SET_POINTS[min(count, len(SET_POINTS) - 1)]
