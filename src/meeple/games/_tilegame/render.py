"""The table of a tile-laying game as text with rich markup (the engine imports only stdlib).

The board with coordinates on the margins (tiles drawn by a game's
:class:`~.picture.TileStyle`, as wide as the terminal allows), every seat's points and
pieces, and for the seat to move the drawn tile in its four rotations with the places it
fits, or the features of the tile just placed. Each game's ``render`` module supplies its
style, legend, pieces and prompts through a :class:`Table`.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ...tiles.geometry import ROTATIONS, pack
from .picture import SEAT_STYLE, SIZES, Marks, TileStyle, piece_cell
from .scoring import COLOURS, seat_name
from .state import DRAW, FOLLOW, PLACE

if TYPE_CHECKING:
    from .state import TileGameState

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
    marks: Callable[["TileGameState"], dict[int, Marks]]
    seat_status: Callable[["TileGameState", int], str]
    piles: Callable[["TileGameState"], str]
    feature_note: Callable[["TileGameState", int], str] = lambda state, seg: ""
    phase_lines: Callable[["TileGameState", str], list[str]] = lambda state, who: []


def follower_marks(state: "TileGameState", text: Callable[[int, str], str]
                   ) -> dict[int, Marks]:
    """The followers to draw, by tile index; ``text(seat, kind)`` is the letter shown."""
    board = state.board
    out: dict[int, Marks] = {}
    for seat, seg in state.followers:
        t, local = board.local(seg)
        o = board.placed[t]
        out.setdefault(t, {})[piece_cell(o.locs[local][0])] = (seat, text(seat, o.kinds[local]))
    return out


def _layout(state: "TileGameState", columns: int) -> tuple[tuple[int, int, int], int, int]:
    """The cell widths and the x range to draw: the widest tiles that fit ``columns``,
    else the narrowest, cropped around the last placed tile."""
    x0, _, x1, _ = state.board.extent()
    x0, x1 = x0 - 1, x1 + 1
    for widths in SIZES.values():
        if LABEL + (x1 - x0 + 1) * sum(widths) <= columns:
            return widths, x0, x1
    widths = SIZES["mini"]
    span = max(1, (columns - LABEL) // sum(widths))
    centre = state.board.xy(state.last)[0]
    start = min(max(x0, centre - span // 2), x1 - span + 1)
    return widths, start, start + span - 1


def board_lines(state: "TileGameState", table: Table, columns: int | None = None
                ) -> list[str]:
    """The board, coordinates on the margins, dots where the drawn tile fits."""
    board = state.board
    columns = columns or shutil.get_terminal_size((120, 40)).columns
    widths, x0, x1 = _layout(state, columns)
    width = sum(widths)
    _, y0, _, y1 = board.extent()
    fits = {pos for pos, _ in board.placements(state.tile)} if state.tile else set()
    marks = table.marks(state)
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


def rotations_lines(state: "TileGameState", style: TileStyle, type_: str) -> list[str]:
    """The drawn tile in its four rotations, side by side, labelled with the degrees."""
    orientations = state.board.tileset.tiles[type_].orientations
    width = sum(SIZES["full"])
    pictures = [style.tile_lines(o) for o in orientations]
    lines = ["   ".join(str(deg).center(width) for deg in ROTATIONS)]
    for i in range(3):
        lines.append("   ".join(p[i] for p in pictures))
    return lines


def status_lines(state: "TileGameState", table: Table) -> list[str]:
    """Points and pieces in hand per seat, and the tiles left."""
    out = []
    for s in range(state.num_players):
        marker = "▶ " if s == state.seat and not state.is_terminal() else "  "
        out.append(f"{marker}[{SEAT_STYLE[s]}] {COLOURS[s]} [/] seat {s}: "
                   f"{state.points[s]} points, {table.seat_status(state, s)}")
    extra = f", discarded: {' '.join(state.discarded)}" if state.discarded else ""
    out.append(f"{table.piles(state)}{extra}")
    return out


def _recent_events(state: "TileGameState") -> list[str]:
    return [f"scored: {e['text']}" for e in state.events
            if e["turn"] == state.turns and not e["final"]]


def features_line(state: "TileGameState", table: Table) -> str:
    """The features of the tile just placed, named by their locations, and who holds them."""
    board = state.board
    o, base = board.placed[state.last], board.base[state.last]
    feats = board.features
    parts = []
    for i, kind in enumerate(o.kinds):
        held = sorted({s for s, _ in feats.occupants[feats.find(base + i)]})
        owner = f" (held by {', '.join(COLOURS[s] for s in held)})" if held else ""
        names = f" {' '.join(o.locs[i])}" if o.locs[i] else ""
        parts.append(f"{kind}{names}{owner}{table.feature_note(state, base + i)}")
    return "features of the tile just placed: " + "; ".join(parts)


def placement_summary(state: "TileGameState") -> str:
    """The legal placements of the drawn tile, grouped by position, north to south."""
    groups: dict[tuple[int, int], list[str]] = {}
    for action in state.legal_actions():
        groups.setdefault((action[2], action[3]), []).append(str(action[4]))
    return "  ".join(f"({x},{y}):{'/'.join(groups[(x, y)])}"
                     for x, y in sorted(groups, key=lambda c: (c[1], c[0])))


def legal_help(state: "TileGameState", table: Table) -> str:
    """What the player to move may type now (the terminal's ``help``)."""
    if state.is_terminal():
        return "The game is over."
    if state.phase == PLACE:
        return (f"Place tile {state.tile}: place {state.tile} X Y R, with (X,Y):R among\n  "
                + placement_summary(state))
    if state.phase != FOLLOW:
        return "Chance draws a tile: draw T."
    options = " · ".join(str(a) for a in state.legal_actions())
    return (f"{table.occupy_help}:\n  " + options
            + "\n  (any location touching a feature names it, e.g. a "
              f"{table.style.ground} by any of its half-edges)\n  " + features_line(state, table))


def render(state: "TileGameState", table: Table, seat: int | None = None,
           columns: int | None = None) -> str:
    """The board, the scores, and for the seat to move the drawn tile and its options."""
    lines = [f"[bold]{state.game.title} — turn {state.turn}[/]",
             *board_lines(state, table, columns), "", table.legend,
             *status_lines(state, table), *_recent_events(state)]
    if state.is_terminal():
        lines.append("[bold]Game over.[/]")
        return "\n".join(lines)
    who = seat_name(state.seat)
    if state.phase == PLACE:
        lines += ["", f"{who} drew [bold]{state.tile}[/] — its rotations:",
                  *rotations_lines(state, table.style, state.tile),
                  f"fits at (x,y):rotations  {placement_summary(state)}",
                  f"[bold]{who}: place {state.tile} X Y R[/]  (x east, y south)"]
    elif state.phase == FOLLOW:
        x, y = state.board.xy(state.last)
        lines += ["", f"{who} placed {state.board.placed[state.last].type} at ({x},{y}).",
                  features_line(state, table), table.prompt]
    elif state.phase != DRAW:
        lines += table.phase_lines(state, who)
    return "\n".join(lines)
