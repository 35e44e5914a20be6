"""The table of a tile-laying game as text with rich markup, drawn from a seat's view.

The board with coordinates on the margins (tiles drawn by a game's
:class:`~.picture.TileStyle` in a checkerboard of two shades, the tile placed last lit and
marked on the margins; as wide as the terminal allows, else cut around the tile placed last
with a line saying which columns are shown and how to see all), every seat's points and
pieces, and for the seat to move the drawn tile in its four rotations with the places it
fits, or the features of the tile just placed. Everything comes from ``state.view(seat)``
and the tile set: the board is laid again from the view's tiles and pieces
(:func:`seen_board`), so the picture can never show more than the view. Each game's
``render`` module supplies its style, legend, pieces and prompts through a :class:`Table`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from ...core.action import Action
from ...core.drawing import Drawing
from ...tiles.board import Board
from ...tiles.geometry import ROTATION_INDEX, ROTATIONS, pack, unpack
from ...tiles.spec import TileSet
from . import prompt
from .picture import SEAT_STYLE, SIZES, Marks, TileStyle, piece_cell
from .words import COLOURS, seat_name

if TYPE_CHECKING:
    from .game import TileGame

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
    marks: Callable[[dict, Board, tuple[int, int, int]], dict[int, Marks]]
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
    assert t is not None, "a piece of the view stands on a placed tile"
    return board.base[t] + board.placed[t].loc_seg[piece["location"]]


def follower_marks(view: dict, board: Board, text: Callable[[int, str], str]
                   ) -> dict[int, Marks]:
    """The followers to draw, by tile index; ``text(seat, kind)`` is the letter shown."""
    out: dict[int, Marks] = {}
    for piece in view["followers"]:
        t = board.tile_at(piece["x"], piece["y"])
        assert t is not None, "a piece of the view stands on a placed tile"
        out.setdefault(t, {})[piece_cell(piece["location"])] = (
            piece["seat"], text(piece["seat"], piece["kind"]))
    return out


@dataclass(frozen=True)
class Frame:
    """The part of the board drawn: cell widths, the columns shown and all the columns
    (the board's x range and one beyond on each side, where tiles may go)."""

    widths: tuple[int, int, int]
    x0: int
    x1: int
    first: int
    last: int

    def note(self, width: int) -> str:
        """One line (of at most ``width`` characters if it can) saying which columns are
        shown and how to see them all, if some are not."""
        if (self.x0, self.x1) == (self.first, self.last):
            return ""
        need = LABEL + (self.last - self.first + 1) * sum(SIZES["compact"])
        shown = f"columns {self.x0}…{self.x1} of {self.first}…{self.last} shown"
        long = f"{shown}; widen the terminal to {need} or pipe to a file with COLUMNS={need}"
        short = f"{shown}; see all at COLUMNS={need}"
        return f"[yellow]{long if len(long) <= width else short}[/]"


def frame(board: Board, width: int, fits: set[int]) -> Frame:
    """The widest tiles with which the board fits ``width`` characters, with a column to
    spare on each side (or without it where the drawn tile does not fit there, if that is
    what fits); if none does, the narrow tiles, cut to the columns around the tile placed
    last."""
    x0, _, x1, _ = board.extent()
    ranges = [(x0 - 1, x1 + 1)]
    if not any(unpack(pos)[0] in (x0 - 1, x1 + 1) for pos in fits):
        ranges.append((x0, x1))
    for first, last in ranges:
        for widths in SIZES.values():
            if LABEL + (last - first + 1) * sum(widths) <= width:
                return Frame(widths, first, last, first, last)
    first, last = ranges[-1]
    span = max(1, (width - LABEL) // sum(widths))
    centre = board.xy(len(board.placed) - 1)[0]
    start = min(max(first, centre - span // 2), last - span + 1)
    return Frame(widths, start, start + span - 1, first, last)


def terminal_width() -> int:
    """The width a default rich Console prints at (``COLUMNS``, else the terminal's, else
    80 when no stream is a terminal), which is where the drivers' consoles wrap."""
    from rich.console import Console     # here: rich is needed only to draw, not to play
    return Console().width


def _margins(board: Board, shown: Frame) -> tuple[str, Callable[[int], str]]:
    """The column labels above the board and the row label of each y, the last tile's
    column and row marked ▼ and ▶."""
    width = sum(shown.widths)
    last_x, last_y = board.xy(len(board.placed) - 1)

    def column(x: int) -> str:
        if x == last_x:
            return f"[bold yellow]{f'▼{x}'.center(width)[:width]}[/]"
        return f"[dim]{str(x).center(width)[:width]}[/]"

    def row(y: int) -> str:
        if y == last_y:
            return f"[bold yellow]{str(y).rjust(LABEL - 2)}▶[/] "
        return f"[dim]{str(y).rjust(LABEL - 1)}[/] "
    header = "".join(column(x) for x in range(shown.x0, shown.x1 + 1))
    return " " * LABEL + header, row


def board_lines(view: dict, board: Board, table: Table, width: int | None = None
                ) -> list[str]:
    """The board, coordinates on the margins, dots where the drawn tile fits, tiles in a
    checkerboard of two shades; cut to ``width`` (the terminal's by default) with a line
    that says so."""
    width = width or terminal_width()
    drawn = view["tile"]
    fits = {pos for pos, _ in board.placements(drawn)} if drawn else set()
    shown = frame(board, width, fits)
    _, y0, _, y1 = board.extent()
    marks = table.marks(view, board, shown.widths)
    header, row_label = _margins(board, shown)
    lines = [header]
    for y in range(y0 - 1, y1 + 2):
        top, middle, bottom = _tile_row(board, table.style, shown, y, marks, fits)
        lines += [" " * LABEL + top, row_label(y) + middle, " " * LABEL + bottom]
    note = shown.note(width)
    return lines + ([note] if note else [])


def _tile_row(board: Board, style: TileStyle, shown: Frame, y: int,
              marks: dict[int, Marks], fits: set[int]) -> list[str]:
    """The three lines of the board's row ``y``: its tiles (the odd ones of the
    checkerboard in the other shade, the tile placed last lit), dots where the drawn tile
    fits, blanks elsewhere."""
    widths, last = shown.widths, len(board.placed) - 1
    blank, dot = " " * sum(widths), "[yellow]" + "·".center(sum(widths)) + "[/]"
    rows = ["", "", ""]
    for x in range(shown.x0, shown.x1 + 1):
        t = board.grid.get(pack(x, y))
        if t is None:
            dots = pack(x, y) in fits
            rows = [rows[0] + blank, rows[1] + (dot if dots else blank), rows[2] + blank]
            continue
        lines = style.tile_lines(board.placed[t], widths, marks.get(t), (x + y) % 2 == 1,
                                 t == last)
        rows = [row + line for row, line in zip(rows, lines)]
    return rows


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
    """``(x, y, degrees)`` of every distinct legal placement of ``type_`` on ``board``, in
    the order of ``legal_actions()``: of rotations that look the same (a symmetric tile),
    only the lowest."""
    same = board.tileset.same_rotation
    return [(*unpack(pos), r * 90) for pos, rots in board.placements(type_) for r in rots
            if same(type_, r) == r]


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

    game: TileGame
    table: Table

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        return prompt.prompt_forms(action)

    def picture(self, view: dict, width: int | None = None) -> str:
        """The board, the scores, and for the seat to move the drawn tile and its options
        (the board at most ``width`` characters wide, by default the terminal's)."""
        table, board = self.table, seen_board(view, self.game.tileset)
        lines = [f"[bold]{self.game.title} — turn {view['turn']}[/]",
                 *board_lines(view, board, table, width), "", table.legend,
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

    def same_move(self, view: dict, action: Action) -> Action:
        """A placement turned to the lowest rotation that looks the same (a symmetric
        tile); any other move is its own."""
        if action[0] != "place":
            return action
        kind, type_, x, y, degrees = action
        rot = self.game.tileset.same_rotation(type_, ROTATION_INDEX[degrees])
        same = ROTATIONS[rot]
        return action if same == degrees else Action(kind, type_, x, y, same)

    def legal_help(self, view: dict, legal: Sequence[Action]) -> str:
        """What the player to move may type now (the terminal's ``help``); a symmetric
        tile's placements once each, at the lowest rotation that looks so (typing another
        of them places the same tile)."""
        phase, table = view["phase"], self.table
        if phase == "over":
            return "The game is over."
        if phase == "place":
            distinct = [a[2:5] for a in legal if self.same_move(view, a) == a]
            return (f"Place tile {view['tile']}: place {view['tile']} X Y R, with (X,Y):R "
                    f"among\n  {placement_summary(distinct)}")
        if phase != "follower":
            return "Chance draws a tile: draw T."
        board = seen_board(view, self.game.tileset)
        return (f"{table.occupy_help}:\n  " + " · ".join(str(a) for a in legal)
                + "\n  (any location touching a feature names it, e.g. a "
                  f"{table.style.ground} by any of its half-edges)\n  "
                + features_line(board, table))
