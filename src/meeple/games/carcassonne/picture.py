"""One tile as text with rich markup: a 3×3 block of cells, 3 lines high, in three widths.

Edge cells show the edge (city, field, or a road running out), corners the field or city
they belong to, the centre a monastery, a road bend or junction, or a city running
through. Fill characters (▓ city, ░ field) are drawn in their background colour, so they
vanish in colour and keep the picture readable without it. Followers are their seat's
letter (lower case for farmers) on the seat's colour.
"""
from __future__ import annotations

from functools import lru_cache

from ...tiles.geometry import EDGE_INDEX, HALF_INDEX
from ...tiles.spec import Orientation

SIZES = {"full": (2, 3, 2), "compact": (1, 3, 1), "mini": (1, 1, 1)}
"""Cell widths of a tile's three columns, widest first."""
BACKGROUND = {"city": "dark_orange3", "field": "dark_green", "monastery": "dark_red"}
FILL = {"city": "▓", "field": "░", "monastery": " "}
GLYPH_STYLE = "bold bright_white"
SEAT_LETTER = "RBYGK"
SEAT_STYLE = ("bold white on red3", "bold white on blue3", "bold black on yellow3",
              "bold black on green1", "bold white on grey11")
CORNER_HALVES = {(0, 0): (7, 0), (0, 2): (1, 2), (2, 2): (3, 4), (2, 0): (5, 6)}
"""Corner cell -> the two half-edges that meet there (Wn+Nw, Ne+En, Es+Se, Sw+Ws)."""
CORNER_EDGES = {(0, 0): (3, 0), (0, 2): (0, 1), (2, 2): (1, 2), (2, 0): (2, 3)}
EDGE_CELL = ((0, 1), (1, 2), (2, 1), (1, 0))
HALF_CELL = ((0, 0), (0, 2), (0, 2), (2, 2), (2, 2), (2, 0), (2, 0), (0, 0))
ROAD_CORE = {
    frozenset("NS"): "┃", frozenset("EW"): "━", frozenset("NE"): "┗", frozenset("NW"): "┛",
    frozenset("SE"): "┏", frozenset("SW"): "┓", frozenset("ESW"): "┳", frozenset("NSW"): "┫",
    frozenset("NEW"): "┻", frozenset("NES"): "┣", frozenset("NESW"): "╋",
}
ROAD_OUT = (frozenset("NS"), frozenset("EW"), frozenset("NS"), frozenset("EW"))
"""The road mark of an edge cell on each side: a road leaving N or S runs vertically."""
MONASTERY, PENNANT = "⌂", "◆"
PENNANT_CELLS = ((1, 1), (0, 0), (0, 2), (2, 2), (2, 0), (0, 1), (1, 2), (2, 1), (1, 0))
"""Where a pennant is drawn: the first plain city cell, the centre first."""

Cell = tuple[str, object]
"""``(background kind, mark)``: mark is "", a road's directions, MONASTERY or PENNANT."""
Marks = dict[tuple[int, int], tuple[int, bool]]
"""Followers on a tile: cell ``(row, column)`` -> ``(seat, is a farmer)``."""


@lru_cache(maxsize=None)
def tile_cells(o: Orientation) -> tuple[tuple[Cell, ...], ...]:
    """The 3×3 cells of a tile in its placed orientation."""
    cells: list[list[Cell]] = [[("field", "")] * 3 for _ in range(3)]
    for d in range(4):
        r, c = EDGE_CELL[d]
        kind = o.kinds[o.edge_seg[d]] if o.edge_seg[d] >= 0 else "field"
        cells[r][c] = ("city", "") if kind == "city" else (
            "field", ROAD_OUT[d] if kind == "road" else "")
    for (r, c), halves in CORNER_HALVES.items():
        a, b = (o.edge_seg[d] for d in CORNER_EDGES[(r, c)])
        plain_city = not any(o.half_seg[h] >= 0 for h in halves) and a == b
        cells[r][c] = ("city" if plain_city else "field", "")
    cells[1][1] = _centre(o)
    if any(a and a.get("pennant") for a in o.attrs):
        r, c = next(rc for rc in PENNANT_CELLS if cells[rc[0]][rc[1]] == ("city", ""))
        cells[r][c] = ("city", PENNANT)
    return tuple(tuple(row) for row in cells)


def _centre(o: Orientation) -> Cell:
    if o.centre >= 0 and o.kinds[o.centre] == "monastery":
        return "monastery", MONASTERY
    roads = [frozenset(o.locs[i]) for i, k in enumerate(o.kinds) if k == "road"]
    through = [r for r in roads if len(r) == 2]
    if through:
        return "field", through[0]
    if len(roads) >= 3:
        return "field", frozenset().union(*roads)
    if any(k == "city" and len(o.locs[i]) >= 2 for i, k in enumerate(o.kinds)):
        return "city", ""
    return "field", ""


def _cell(kind: str, mark: object, width: int) -> list[tuple[str, str]]:
    """``[(text, style)]`` runs of one cell ``width`` characters wide."""
    fill, back = FILL[kind], f"{BACKGROUND[kind]} on {BACKGROUND[kind]}"
    glyph = f"{GLYPH_STYLE} on {BACKGROUND[kind]}"
    if not mark:
        return [(fill * width, back)]
    if isinstance(mark, frozenset):
        left, right = (width - 1) // 2, width - 1 - (width - 1) // 2
        return [("━" * left, glyph) if "W" in mark else (fill * left, back),
                (ROAD_CORE[mark], glyph),
                ("━" * right, glyph) if "E" in mark else (fill * right, back)]
    left = (width - 1) // 2
    return [(fill * left, back), (str(mark), glyph), (fill * (width - 1 - left), back)]


def _markup(runs: list[tuple[str, str]]) -> str:
    out, text, style = [], "", None
    for t, s in runs:
        if not t:
            continue
        if s == style:
            text += t
            continue
        if text:
            out.append(f"[{style}]{text}[/]")
        text, style = t, s
    if text:
        out.append(f"[{style}]{text}[/]")
    return "".join(out)


def tile_lines(o: Orientation, widths: tuple[int, int, int] = SIZES["full"],
               followers: Marks | None = None) -> list[str]:
    """The 3 marked-up lines of a tile; ``followers`` maps a cell to (seat, is farmer)."""
    lines = []
    for r, row in enumerate(tile_cells(o)):
        runs: list[tuple[str, str]] = []
        for c, (kind, mark) in enumerate(row):
            who = followers.get((r, c)) if followers else None
            if who is None:
                runs += _cell(kind, mark, widths[c])
            else:
                letter = SEAT_LETTER[who[0]]
                runs.append(((letter.lower() if who[1] else letter).center(widths[c]),
                             SEAT_STYLE[who[0]]))
        lines.append(_markup(runs))
    return lines


def follower_cell(loc: str) -> tuple[int, int]:
    """The cell on which a follower standing at location ``loc`` is drawn."""
    if loc == "C":
        return 1, 1
    if loc in HALF_INDEX:
        return HALF_CELL[HALF_INDEX[loc]]
    return EDGE_CELL[EDGE_INDEX[loc]]
