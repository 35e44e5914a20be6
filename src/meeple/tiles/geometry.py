"""Where things are on a square tile and on the grid: edges, half-edges, rotations, positions.

Locations are small integers so that rotating and matching them is arithmetic:
edges ``N E S W`` are 0–3 and half-edges ``Nw Ne En Es Se Sw Ws Wn`` are 0–7, both clockwise,
so a quarter turn clockwise adds 1 to an edge and 2 to a half-edge. Grid positions are packed
into one int (``pos = (y + BIAS) * STRIDE + x + BIAS``) so that a neighbour is one addition
and the open-position table is a dict of ints, the cheapest key Python has.
"""
from __future__ import annotations

EDGES: tuple[str, ...] = ("N", "E", "S", "W")
HALVES: tuple[str, ...] = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
CENTRE = "C"
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""Clockwise degrees; index ``r`` in this tuple is ``r`` quarter turns."""

EDGE_INDEX = {name: i for i, name in enumerate(EDGES)}
HALF_INDEX = {name: i for i, name in enumerate(HALVES)}
ROTATION_INDEX = {deg: r for r, deg in enumerate(ROTATIONS)}

OPPOSITE_EDGE: tuple[int, ...] = (2, 3, 0, 1)
"""The edge of the neighbour that meets edge ``d``: N meets the neighbour's S, and so on."""
OPPOSITE_HALF: tuple[int, ...] = (5, 4, 7, 6, 1, 0, 3, 2)
"""The half-edge of the neighbour that meets half ``h``: Nw meets its Sw, En meets its Wn."""
HALVES_OF_EDGE: tuple[tuple[int, int], ...] = ((0, 1), (2, 3), (4, 5), (6, 7))

STRIDE = 512
BIAS = 256
STEP: tuple[int, ...] = (-STRIDE, 1, STRIDE, -1)
"""Position offsets of the neighbour across edge N, E, S, W (y grows to the south)."""
AROUND: tuple[int, ...] = tuple(dy * STRIDE + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                                if dx or dy)
"""Offsets of the 8 positions around a tile (edges and corners)."""


def pack(x: int, y: int) -> int:
    """The packed position of grid cell ``(x, y)``."""
    return (y + BIAS) * STRIDE + x + BIAS


def unpack(pos: int) -> tuple[int, int]:
    """The ``(x, y)`` of a packed position."""
    y, x = divmod(pos, STRIDE)
    return x - BIAS, y - BIAS


def on_grid(x: int, y: int) -> bool:
    """True if ``(x, y)`` can be packed (far beyond any real game's extent)."""
    return -BIAS < x < BIAS and -BIAS < y < BIAS


def rotate_edge(edge: int, quarter_turns: int) -> int:
    """Where edge ``edge`` points after ``quarter_turns`` clockwise quarter turns."""
    return (edge + quarter_turns) % 4


def rotate_half(half: int, quarter_turns: int) -> int:
    """Where half-edge ``half`` lies after ``quarter_turns`` clockwise quarter turns."""
    return (half + 2 * quarter_turns) % 8
