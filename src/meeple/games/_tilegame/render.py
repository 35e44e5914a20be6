"""The table of a tile-laying game as text with rich markup, drawn from a seat's view.

The board with coordinates on the margins (tiles drawn by a game's
:class:`~.picture.TileStyle`, as wide as the terminal allows), every seat's points and
pieces, and for the seat to move the drawn tile in its four rotations with the places it
fits, or the features of the tile just placed. Everything comes from ``state.view(seat)``
and the tile set: the board is laid again from the view's tiles and pieces
(:func:`seen_board`), so the picture can never show more than the view. Each game's
``render`` module supplies its style, legend, pieces and prompts through a :class:`Table`.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from typing import Callable, Sequence

from ...core.action import Action
from ...core.drawing import Drawing
from ...tiles.board import Board
from ...tiles.geometry import ROTATION_INDEX, ROTATIONS, pack, unpack
from ...tiles.spec import TileSet
from .picture import SEAT_STYLE, SIZES, Marks, TileStyle, piece_cell
from .scoring import COLOURS, seat_name

LABEL = 5
"""Width of the row-coordinate margin."""


@dataclass(frozen=True)
class Table:
    """What a game adds to the shared drawing: its tile style, legend lines, the pieces on
    the board, per-seat and general status text, and the prompt after a placement."""

    style: TileStyle
    legend: str
    prompt: str
    occupy_help: str
    marks: Callable[[dict, Board], dict[int, Marks]]
    seat_status: Callable[[dict, int], str]
    piles: Callable[[dict], str]
    feature_note: Callable[[Board, int], str] = lambda board, seg: ""
    phase_lines: Callable[[dict, str], list[str]] = lambda view, who: []


def seen_board(view: dict, tileset: TileSet) -> Board:
    """The board of ``view`` laid again from its tiles (in the order they were placed),
    with its followers, and huts where the view has them, standing on their features."""
    board = Board(tileset)
    for tile in view["board"]:
        board.place(tile["type"], tile["x"], tile["y"], ROTATION_INDEX[tile["rotation"]])
    pieces = [(board.features, view["followers"])]
    if board.groups is not None and "huts" in view:
        pieces.append((board.groups, view["huts"]))
    for partition, placed in pieces:
        for piece in placed:
            partition.occupy(piece_segment(board, piece), piece["seat"])
    return board


def piece_segment(board: Board, piece: dict) -> int:
    """The segment id a piece of the view (``{"x", "y", "location", ...}``) stands on."""
    t = board.tile_at(piece["x"], piece["y"])
    return board.base[t] + board.placed[t].loc_seg[piece["location"]]


def follower_marks(view: dict, board: Board, text: Callable[[int, str], str]
                   ) -> dict[int, Marks]:
    """The followers to draw, by tile index; ``text(seat, kind)`` is the letter shown."""
    out: dict[int, Marks] = {}
    for piece in view["followers"]:
        t = board.tile_at(piece["x"], piece["y"])
        out.setdefault(t, {})[piece_cell(piece["location"])] = (
            piece["seat"], text(piece["seat"], piece["kind"]))
    return out


def _layout(board: Board, columns: int) -> tuple[tuple[int, int, int], int, int]:
    """The cell widths and the x range to draw: the widest tiles that fit ``columns``,
    else the narrowest, cropped around the last placed tile."""
    x0, _, x1, _ = board.extent()
    x0, x1 = x0 - 1, x1 + 1
    for widths in SIZES.values():
        if LABEL + (x1 - x0 + 1) * sum(widths) <= columns:
            return widths, x0, x1
    widths = SIZES["mini"]
    span = max(1, (columns - LABEL) // sum(widths))
    centre = board.xy(len(board.placed) - 1)[0]
    start = min(max(x0, centre - span // 2), x1 - span + 1)
    return widths, start, start + span - 1


def board_lines(view: dict, board: Board, table: Table, columns: int | None = None
                ) -> list[str]:
    """The board, coordinates on the margins, dots where the drawn tile fits."""
    columns = columns or shutil.get_terminal_size((120, 40)).columns
    widths, x0, x1 = _layout(board, columns)
    width = sum(widths)
    _, y0, _, y1 = board.extent()
    drawn = view["tile"]
    fits = {pos for pos, _ in board.placements(drawn)} if drawn else set()
    marks = table.marks(view, board)
    lines = ["[dim]" + " " * LABEL + "".join(str(x).center(width)[:width]
                                             for x in range(x0, x1 + 1)) + "[/]"]
    dots = ("", "·".center(width), "")
    for y in range(y0 - 1, y1 + 2):
        rows = ["", "", ""]
        for x in range(x0, x1 + 1):
            pos = pack(x, y)
            t = board.grid.get(pos)
            if t is not None:
                for i, text in enumerate(table.style.tile_lines(board.placed[t], widths,
                                                                marks.get(t))):
                    rows[i] += text
            else:
                for i in range(3):
                    rows[i] += (f"[yellow]{dots[i]}[/]" if pos in fits and dots[i]
                                else " " * width)
        lines += [" " * LABEL + rows[0], f"[dim]{str(y).rjust(LABEL - 1)}[/] " + rows[1],
                  " " * LABEL + rows[2]]
    return lines


def rotations_lines(tileset: TileSet, style: TileStyle, type_: str) -> list[str]:
    """The drawn tile in its four rotations, side by side, labelled with the degrees."""
    orientations = tileset.tiles[type_].orientations
    width = sum(SIZES["full"])
    pictures = [style.tile_lines(o) for o in orientations]
    lines = ["   ".join(str(deg).center(width) for deg in ROTATIONS)]
    for i in range(3):
        lines.append("   ".join(p[i] for p in pictures))
    return lines


def status_lines(view: dict, table: Table) -> list[str]:
    """Points and pieces in hand per seat, and the tiles left."""
    out = []
    over = view["phase"] == "over"
    for s in range(view["players"]):
        marker = "▶ " if s == view["active"] and not over else "  "
        out.append(f"{marker}[{SEAT_STYLE[s]}] {COLOURS[s]} [/] seat {s}: "
                   f"{view['scores'][s]} points, {table.seat_status(view, s)}")
    extra = f", discarded: {' '.join(view['discarded'])}" if view["discarded"] else ""
    out.append(f"{table.piles(view)}{extra}")
    return out


def features_line(board: Board, table: Table) -> str:
    """The features of the tile just placed, named by their locations, and who holds them."""
    last = len(board.placed) - 1
    o, base = board.placed[last], board.base[last]
    feats = board.features
    parts = []
    for i, kind in enumerate(o.kinds):
        held = sorted({s for s, _ in feats.occupants[feats.find(base + i)]})
        owner = f" (held by {', '.join(COLOURS[s] for s in held)})" if held else ""
        names = f" {' '.join(o.locs[i])}" if o.locs[i] else ""
        parts.append(f"{kind}{names}{owner}{table.feature_note(board, base + i)}")
    return "features of the tile just placed: " + "; ".join(parts)


def placements(board: Board, type_: str) -> list[tuple[int, int, int]]:
    """``(x, y, degrees)`` of every legal placement of ``type_`` on ``board``, in the order
    of ``legal_actions()``."""
    return [(*unpack(pos), r * 90) for pos, rots in board.placements(type_) for r in rots]


def placement_summary(fits: Sequence[Sequence[int]]) -> str:
    """The legal placements ``(x, y, degrees)`` of the drawn tile, grouped by position,
    north to south."""
    groups: dict[tuple[int, int], list[str]] = {}
    for x, y, degrees in fits:
        groups.setdefault((x, y), []).append(str(degrees))
    return "  ".join(f"({x},{y}):{'/'.join(groups[(x, y)])}"
                     for x, y in sorted(groups, key=lambda c: (c[1], c[0])))


class TileDrawing(Drawing):
    """The shared drawing of the tile games; a game's subclass sets its :class:`Table`."""

    table: Table

    def picture(self, view: dict, columns: int | None = None) -> str:
        """The board, the scores, and for the seat to move the drawn tile and its options
        (the board as wide as ``columns``, by default the terminal's width)."""
        table, board = self.table, seen_board(view, self.game.tileset)
        lines = [f"[bold]{self.game.title} — turn {view['turn']}[/]",
                 *board_lines(view, board, table, columns), "", table.legend,
                 *status_lines(view, table)]
        phase, who = view["phase"], seat_name(view["active"])
        if phase == "over":
            lines.append("[bold]Game over.[/]")
        elif phase == "place":
            tile = view["tile"]
            fits = placements(board, tile)
            lines += ["", f"{who} drew [bold]{tile}[/] — its rotations:",
                      *rotations_lines(self.game.tileset, table.style, tile),
                      f"fits at (x,y):rotations  {placement_summary(fits)}",
                      f"[bold]{who}: place {tile} X Y R[/]  (x east, y south)"]
        elif phase == "follower":
            last = view["board"][-1]
            lines += ["", f"{who} placed {last['type']} at ({last['x']},{last['y']}).",
                      features_line(board, table), table.prompt]
        elif phase != "draw":
            lines += table.phase_lines(view, who)
        return "\n".join(lines)

    def legal_help(self, view: dict, legal: Sequence[Action]) -> str:
        """What the player to move may type now (the terminal's ``help``)."""
        phase, table = view["phase"], self.table
        if phase == "over":
            return "The game is over."
        if phase == "place":
            return (f"Place tile {view['tile']}: place {view['tile']} X Y R, with (X,Y):R "
                    f"among\n  {placement_summary([a[2:5] for a in legal])}")
        if phase != "follower":
            return "Chance draws a tile: draw T."
        board = seen_board(view, self.game.tileset)
        return (f"{table.occupy_help}:\n  " + " · ".join(str(a) for a in legal)
                + "\n  (any location touching a feature names it, e.g. a "
                  f"{table.style.ground} by any of its half-edges)\n  "
                + features_line(board, table))
