"""The island as data: hexes, intersections (nodes), paths (edges), harbours and maps.

The numbering is the rules spec's section 2, computed from its formulas: hex ``(q, r)`` has
its centre at ``(2q + r, 3r)`` and corners at fixed offsets; nodes are the distinct corner
points in order of ``(Y, X)``; edges are hex sides in order of (smaller node, larger node).
A board (:class:`Map`) is the terrain and number of each hex and the type of each harbour;
it is written as the 28 tokens of a board string (``forest9 ... desert ... any grain ...``).
"""
from __future__ import annotations

import random
from typing import NamedTuple

RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
TERRAINS = ("forest", "hills", "pasture", "fields", "mountains", "desert")
PRODUCES = {"forest": 0, "hills": 1, "pasture": 2, "fields": 3, "mountains": 4, "desert": -1}
"""The resource index each terrain produces (-1: nothing)."""
TERRAIN_COUNTS = {"forest": 4, "hills": 3, "pasture": 4, "fields": 4, "mountains": 3,
                  "desert": 1}
LETTERS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
"""The number tokens A–R in letter order (the spiral lays them in this order)."""
SPIRAL = (11, 6, 2, 1, 0, 3, 7, 12, 16, 17, 18, 15, 10, 5, 4, 8, 13, 14, 9)
"""The hexes along the number-token spiral (2.8): from the east corner, counter-clockwise."""
HARBOUR_TYPES = ("any",) * 4 + RESOURCES
"""The nine harbours: four 3:1 (``any``) and one 2:1 per resource."""
HARBOUR_EDGES = (0, 3, 17, 38, 61, 69, 66, 49, 18)
"""The coastal edge of each harbour slot 0–8 (clockwise from the north-west)."""
RED = (6, 8)
PIPS = {n: 6 - abs(n - 7) for n in range(2, 13)}
"""Ways of 36 to roll each total."""

CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
"""Corner offsets of a hex from its centre: N NE SE S SW NW."""
NEIGHBOURS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Neighbour steps across the sides NE E SE SW W NW."""


def _geometry():
    coords = sorted(((q, r) for r in range(-2, 3) for q in range(-2, 3)
                     if max(abs(q), abs(r), abs(q + r)) <= 2), key=lambda c: (c[1], c[0]))
    points = {}
    for q, r in coords:
        x, y = 2 * q + r, 3 * r
        for dx, dy in CORNERS:
            points[(x + dx, y + dy)] = None
    order = sorted(points, key=lambda p: (p[1], p[0]))
    node_of = {p: i for i, p in enumerate(order)}
    corners = []
    for q, r in coords:
        x, y = 2 * q + r, 3 * r
        corners.append(tuple(node_of[(x + dx, y + dy)] for dx, dy in CORNERS))
    pairs = sorted({tuple(sorted((c[i], c[(i + 1) % 6]))) for c in corners for i in range(6)})
    edge_of = {p: i for i, p in enumerate(pairs)}
    sides = [tuple(edge_of[tuple(sorted((c[i], c[(i + 1) % 6])))] for i in range(6))
             for c in corners]
    return coords, order, corners, pairs, sides


COORDS, NODE_POINTS, HEX_CORNERS, EDGE_NODES, HEX_SIDES = _geometry()
HEXES, NODES, EDGES = len(COORDS), len(NODE_POINTS), len(EDGE_NODES)
HEX_OF = {c: i for i, c in enumerate(COORDS)}
HEX_NEIGHBOURS = tuple(tuple(sorted(HEX_OF[(q + dq, r + dr)] for dq, dr in NEIGHBOURS
                                    if (q + dq, r + dr) in HEX_OF)) for q, r in COORDS)
NODE_HEXES = tuple(tuple(h for h in range(HEXES) if n in HEX_CORNERS[h]) for n in range(NODES))
EDGE_HEXES = tuple(tuple(h for h in range(HEXES) if e in HEX_SIDES[h]) for e in range(EDGES))
"""The hexes either side of each edge (one for a coastal edge)."""
NODE_EDGES = tuple(tuple(e for e in range(EDGES) if n in EDGE_NODES[e]) for n in range(NODES))
NODE_NEIGHBOURS = tuple(tuple(sorted(EDGE_NODES[e][0] + EDGE_NODES[e][1] - n
                                     for e in NODE_EDGES[n])) for n in range(NODES))
EDGE_OF = {p: i for i, p in enumerate(EDGE_NODES)}
HARBOUR_NODES = tuple(EDGE_NODES[e] for e in HARBOUR_EDGES)
NODE_HARBOUR = tuple(next((s for s, ns in enumerate(HARBOUR_NODES) if n in ns), -1)
                     for n in range(NODES))
"""The harbour slot each node serves (-1: none)."""
EDGE_HARBOUR = tuple(HARBOUR_EDGES.index(e) if e in HARBOUR_EDGES else -1 for e in range(EDGES))
"""The harbour slot on each edge (-1: none)."""


class Map(NamedTuple):
    """A board: per hex its terrain and number (0 for the desert), per slot its harbour."""

    terrain: tuple[str, ...]
    numbers: tuple[int, ...]
    harbours: tuple[str, ...]

    def tokens(self) -> list[str]:
        """The 28 tokens of the board string (2.9)."""
        hexes = [t if t == "desert" else f"{t}{n}" for t, n in zip(self.terrain, self.numbers)]
        return hexes + list(self.harbours)

    def __str__(self) -> str:
        return " ".join(self.tokens())

    @property
    def desert(self) -> int:
        return self.terrain.index("desert")


def read_tokens(tokens: list[str]) -> Map | str:
    """The board the 28 ``tokens`` write, or why they are not a valid board (2.9)."""
    if len(tokens) != HEXES + len(HARBOUR_EDGES):
        return f"a board is {HEXES} hex tokens and {len(HARBOUR_EDGES)} harbour tokens, " \
               f"not {len(tokens)} tokens"
    terrain, numbers = [], []
    for t in tokens[:HEXES]:
        name = t.rstrip("0123456789")
        digits = t[len(name):]
        if name not in TERRAINS or (name == "desert") != (digits == "") or \
                (digits and (digits[0] == "0" or not 2 <= int(digits) <= 12)):
            return f"{t!r} is not a hex token (terrain and number, as forest9, or desert)"
        terrain.append(name)
        numbers.append(int(digits) if digits else 0)
    harbours = tokens[HEXES:]
    if any(h not in HARBOUR_TYPES for h in harbours):
        bad = next(h for h in harbours if h not in HARBOUR_TYPES)
        return f"{bad!r} is not a harbour token (any, or a resource)"
    for name, count in TERRAIN_COUNTS.items():
        if terrain.count(name) != count:
            return f"a board has {count} {name}, not {terrain.count(name)}"
    if sorted(n for n in numbers if n) != sorted(LETTERS):
        return "the numbers must be the 18 tokens 2 3 3 4 4 5 5 6 6 8 8 9 9 10 10 11 11 12"
    if sorted(harbours) != sorted(HARBOUR_TYPES):
        return "the harbours must be 4 any and one of each resource"
    return Map(tuple(terrain), tuple(numbers), tuple(harbours))


def spiral_numbers(terrain: tuple[str, ...]) -> tuple[int, ...]:
    """The numbers the spiral lays on ``terrain`` (2.8): A–R along it, skipping the desert."""
    numbers = [0] * HEXES
    letters = iter(LETTERS)
    for h in SPIRAL:
        if terrain[h] != "desert":
            numbers[h] = next(letters)
    return tuple(numbers)


def reds_apart(numbers: tuple[int, ...]) -> bool:
    """True when no 6 or 8 is on a hex next to another 6 or 8."""
    return not any(numbers[h] in RED and numbers[g] in RED
                   for h in range(HEXES) for g in HEX_NEIGHBOURS[h] if g > h)


def random_map(rng: random.Random, method: str) -> Map:
    """A variable set-up (2.8): terrain and harbours shuffled, numbers by ``method``."""
    terrain = [t for t, n in TERRAIN_COUNTS.items() for _ in range(n)]
    rng.shuffle(terrain)
    harbours = list(HARBOUR_TYPES)
    rng.shuffle(harbours)
    if method == "spiral":
        numbers = spiral_numbers(tuple(terrain))
    else:
        while True:
            tokens = list(LETTERS)
            rng.shuffle(tokens)
            it = iter(tokens)
            numbers = tuple(0 if t == "desert" else next(it) for t in terrain)
            if reds_apart(numbers):
                break
    return Map(tuple(terrain), numbers, tuple(harbours))


def _board(text: str) -> Map:
    read = read_tokens(text.split())
    if isinstance(read, str):
        raise ValueError(read)
    return read


BEGINNER = _board(
    "mountains10 pasture2 forest9 fields12 hills6 pasture4 hills10 fields9 forest11 desert "
    "forest3 mountains8 forest8 mountains3 fields4 pasture5 hills5 fields6 pasture11 "
    "any grain ore any wool any any brick lumber")
assert isinstance(BEGINNER, Map)


class Layout:
    """What a map fixes for play: per total the hexes that produce, and what they produce."""

    __slots__ = ("map", "producing", "resource", "desert", "yields")

    def __init__(self, board: Map):
        self.map = board
        self.resource = tuple(PRODUCES[t] for t in board.terrain)
        self.producing: dict[int, tuple[int, ...]] = {
            n: tuple(h for h in range(HEXES) if board.numbers[h] == n)
            for n in range(2, 13)}
        self.yields: dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]] = {
            n: tuple((h, self.resource[h], HEX_CORNERS[h]) for h in hexes)
            for n, hexes in self.producing.items()}
        """Per total, each hex that produces: (hex, resource, its corner nodes)."""
        self.desert = board.desert
