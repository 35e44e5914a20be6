"""One tile as text with rich markup: a 3×3 block of cells, 3 lines high, in three widths.

Edge cells show the edge (an *area* such as a city or forest, the *ground* such as a field
or meadow, or a *path* such as a road or river running out), corners the ground or area
they belong to, the centre what the game draws there. Fill characters are drawn in their
background colour, so they vanish in colour and keep the picture readable without it
(a kind may show its fill instead, such as a lake's waves). Every other tile of the board
(a checkerboard) has its own shade and fill characters, so each tile's extent shows with
colour and without; the tile placed last looks like any other (its terrain keeps its
colour: the board's margins mark it). Pieces are their seat's letter (or a game's symbol
and the letter) on the seat's colour, after the cell's own mark where both fit (a
monastery and its monk), else drawn over the cell's fill on the side towards the tile's
centre, so the feature it stands on still shows beside it. A game describes its look in a
:class:`TileStyle`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ...core.memo import Memo
from ...tiles.geometry import EDGE_INDEX, HALF_INDEX
from ...tiles.spec import Orientation

SIZES = {"full": (2, 3, 2), "compact": (1, 3, 1)}
"""Cell widths of a tile's three columns, widest first (narrower, a lake and a follower,
a hut and its owner no longer fit a cell)."""
SEAT_LETTER = "RBYGK"
SEAT_STYLE = ("bold white on red3", "bold white on blue3", "bold black on yellow3",
              "bold black on green1", "bold white on grey11")
CORNER_HALVES = {(0, 0): (7, 0), (0, 2): (1, 2), (2, 2): (3, 4), (2, 0): (5, 6)}
"""Corner cell -> the two half-edges that meet there (Wn+Nw, Ne+En, Es+Se, Sw+Ws)."""
CORNER_EDGES = {(0, 0): (3, 0), (0, 2): (0, 1), (2, 2): (1, 2), (2, 0): (2, 3)}
EDGE_CELL = ((0, 1), (1, 2), (2, 1), (1, 0))
HALF_CELL = ((0, 0), (0, 2), (0, 2), (2, 2), (2, 2), (2, 0), (2, 0), (0, 0))
PATH_CORE = {
    frozenset("NS"): "┃", frozenset("EW"): "━", frozenset("NE"): "┗", frozenset("NW"): "┛",
    frozenset("SE"): "┏", frozenset("SW"): "┓", frozenset("ESW"): "┳", frozenset("NSW"): "┫",
    frozenset("NEW"): "┻", frozenset("NES"): "┣", frozenset("NESW"): "╋",
}
PATH_OUT = (frozenset("NS"), frozenset("EW"), frozenset("NS"), frozenset("EW"))
"""The path mark of an edge cell on each side: a path leaving N or S runs vertically."""
MARK_CELLS = ((1, 1), (0, 0), (0, 2), (2, 2), (2, 0), (0, 1), (1, 2), (2, 1), (1, 0))
"""Where a mark of an area or ground is drawn: its first plain cell, the centre first."""

Cell = tuple[str, object]
"""``(background kind, mark)``: mark is "", a path's directions (a frozenset) or text."""
Cells = list[list[Cell]]
Marks = dict[tuple[int, int], tuple[int, str]]
"""Pieces on a tile: cell ``(row, column)`` -> ``(seat, text)``."""


@dataclass(frozen=True, eq=False)
class TileStyle:
    """How a game's tiles look: which edge kind is an area and which a path, the ground,
    colours and fills per kind, and the game's centre and decorations."""

    area: str
    path: str
    ground: str
    background: dict[str, str]
    fill: dict[str, str]
    centre: Callable[[Orientation], Cell]
    decorate: Callable[[Orientation, Cells], None]
    path_style: str = "bold bright_white"
    mark_styles: dict[str, str] = field(default_factory=dict)
    mark_style: str = "bold bright_white"
    shade: dict[str, str] = field(default_factory=dict)
    """Backgrounds on every other tile, by kind (a kind not named keeps its own)."""
    shade_fill: dict[str, str] = field(default_factory=dict)
    """Fill characters on every other tile, by kind: the checkerboard without colour."""
    fill_styles: dict[str, str] = field(default_factory=dict)
    """Kinds whose fill shows, in this colour (a lake's waves), instead of vanishing."""

    def cells(self, o: Orientation) -> tuple[tuple[Cell, ...], ...]:
        """The 3×3 cells of a tile in its placed orientation (memoised per orientation)."""
        key = (self, o)
        found = _CELLS.table.get(key)
        if found is None:
            found = _CELLS.put(key, self._cells(o))
        return found

    def _cells(self, o: Orientation) -> tuple[tuple[Cell, ...], ...]:
        area, path, ground = self.area, self.path, self.ground
        cells: Cells = [[(ground, "")] * 3 for _ in range(3)]
        for d in range(4):
            r, c = EDGE_CELL[d]
            kind = o.kinds[o.edge_seg[d]] if o.edge_seg[d] >= 0 else ground
            cells[r][c] = (area, "") if kind == area else (
                ground, PATH_OUT[d] if kind == path else "")
        for (r, c), halves in CORNER_HALVES.items():
            a, b = (o.edge_seg[d] for d in CORNER_EDGES[(r, c)])
            plain_area = not any(o.half_seg[h] >= 0 for h in halves) and a == b
            cells[r][c] = (area if plain_area else ground, "")
        cells[1][1] = self.centre(o)
        self.decorate(o, cells)
        return tuple(tuple(row) for row in cells)

    def paths(self, o: Orientation) -> list[frozenset[str]]:
        """The edges of each path segment of the tile (a road, a river)."""
        return [frozenset(o.locs[i]) for i, k in enumerate(o.kinds) if k == self.path]

    def plain_centre(self, o: Orientation, paths: list[frozenset[str]]) -> Cell:
        """A centre without a feature of its own: a path running through (the first), else
        the area if one of its segments spans two edges or more, else the ground."""
        through = [p for p in paths if len(p) == 2]
        if through:
            return self.ground, through[0]
        if any(k == self.area and len(o.locs[i]) >= 2 for i, k in enumerate(o.kinds)):
            return self.area, ""
        return self.ground, ""

    def tone(self, kind: str, odd: bool = False) -> tuple[str, str]:
        """The background colour and the fill character of ``kind`` on an even tile of the
        board's checkerboard, or on an odd one."""
        if odd:
            return (self.shade.get(kind, self.background[kind]),
                    self.shade_fill.get(kind, self.fill[kind]))
        return self.background[kind], self.fill[kind]

    def cell_runs(self, kind: str, mark: object, width: int, odd: bool = False
                  ) -> list[tuple[str, str]]:
        """``[(text, style)]`` runs of one cell ``width`` characters wide, on an even or
        odd tile."""
        back, fill = self.tone(kind, odd)
        fore = self.fill_styles.get(kind) or back
        plain = f"{fore} on {back}"
        if not mark:
            return [(fill * width, plain)]
        if isinstance(mark, frozenset):
            glyph = f"{self.path_style} on {back}"
            left, right = (width - 1) // 2, width - 1 - (width - 1) // 2
            return [("━" * left, glyph) if "W" in mark else (fill * left, plain),
                    (PATH_CORE[mark], glyph),
                    ("━" * right, glyph) if "E" in mark else (fill * right, plain)]
        text = str(mark)[:width]
        glyph = f"{self.mark_styles.get(text[0], self.mark_style)} on {back}"
        left = (width - len(text)) // 2
        return [(fill * left, plain), (text, glyph), (fill * (width - len(text) - left), plain)]

    def piece_runs(self, cell: Cell, width: int, piece: tuple[int, str], odd: bool = False,
                   column: int = 1) -> list[tuple[str, str]]:
        """A piece ``(seat, text)`` on a cell of the tile's ``column`` (0 west, 1 middle,
        2 east): after the cell's own mark if both fit (a monastery and its monk, a pennant
        and its knight), else over the cell as drawn (its fill, a path's line), on the side
        towards the tile's centre, so that what it stands on still shows where there is
        room (``R▓`` in the west city of a wide tile, not ``R `` hiding the city)."""
        (kind, mark), (seat, text) = cell, piece
        text = text[:width]
        if isinstance(mark, str) and mark and len(mark) + len(text) <= width:
            left = (width - len(mark) - len(text)) // 2
            right = width - len(mark) - len(text) - left
            return [*self.cell_runs(kind, "", left, odd),
                    *self.cell_runs(kind, mark, len(mark), odd), (text, SEAT_STYLE[seat]),
                    *self.cell_runs(kind, "", right, odd)]
        spare = width - len(text)
        at = spare if column == 0 else 0 if column == 2 else spare // 2
        chars = [(ch, style) for run, style in self.cell_runs(kind, mark, width, odd)
                 for ch in run]
        chars[at:at + len(text)] = [(ch, SEAT_STYLE[seat]) for ch in text]
        return chars

    def tile_lines(self, o: Orientation, widths: tuple[int, int, int] = SIZES["full"],
                   pieces: Marks | None = None, odd: bool = False) -> list[str]:
        """The 3 marked-up lines of a tile; ``pieces`` maps a cell to (seat, text); ``odd``
        draws it in the board's other shade."""
        lines = []
        for r, row in enumerate(self.cells(o)):
            runs: list[tuple[str, str]] = []
            for c, cell in enumerate(row):
                who = pieces.get((r, c)) if pieces else None
                runs += (self.cell_runs(*cell, widths[c], odd) if who is None
                         else self.piece_runs(cell, widths[c], who, odd, c))
            lines.append(_markup(runs))
        return lines


_CELLS: Memo[tuple[TileStyle, Orientation], tuple[tuple[Cell, ...], ...]] = Memo(1 << 12)
"""Memoised cells per (style, orientation): a few hundred per tile set, bounded because a
tile set loaded again brings new orientations."""


def first_cell(cells: Cells, kind: str) -> tuple[int, int] | None:
    """The first plain cell of background ``kind`` in :data:`MARK_CELLS` order, or None."""
    return next((rc for rc in MARK_CELLS if cells[rc[0]][rc[1]] == (kind, "")), None)


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


def piece_cell(loc: str) -> tuple[int, int]:
    """The cell on which a piece standing at location ``loc`` is drawn."""
    if loc == "C":
        return 1, 1
    if loc in HALF_INDEX:
        return HALF_CELL[HALF_INDEX[loc]]
    return EDGE_CELL[EDGE_INDEX[loc]]
