"""The table of a tile-laying game as text with rich markup, drawn from a seat's view.

The board with coordinates on the margins (tiles drawn by a game's
:class:`~.picture.TileStyle` in a checkerboard of two shades, the tile placed last
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
from ...core.drawing import Drawing, narrowed, nothing
from ...core.render import rows_taken
from ...tiles.board import Board
from ...tiles.geometry import ROTATION_INDEX, ROTATIONS, pack, unpack
from ...tiles.spec import TileSet
from . import prompt
from .picture import SEAT_STYLE, SIZES, Marks, TileStyle, piece_cell
from ...core.text import join_words, nwords, say, words
from ...tiles.words import feature_word
from .words import colour_word

if TYPE_CHECKING:
    from .game import TileGame

LABEL = 5
"""Width of the row-coordinate margin."""


@dataclass(frozen=True)
class Table:
    """What a game adds to the shared drawing: its tile style, legend lines, the pieces on
    the board, what a seat holds (``in_hand`` names it, ``seat_status`` gives a seat's
    count of it, as short as the status line needs: ``7`` followers, ``7, 2`` followers
    and huts), the piles' counts, and the prompt after a placement."""

    style: TileStyle
    legend: str
    prompt: str
    occupy_help: str
    marks: Callable[[dict, Board, tuple[int, int, int]], dict[int, Marks]]
    in_hand: str
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
    """The part of the board drawn: cell widths, the columns and rows shown, and all the
    columns and rows (the board's range and one beyond on each side, where tiles may go);
    ``off`` counts the places the drawn tile fits that are not shown."""

    widths: tuple[int, int, int]
    x0: int
    x1: int
    first: int
    last: int
    y0: int = 0
    y1: int = 0
    top: int = 0
    bottom: int = 0
    off: int = 0

    def note(self, width: int) -> str:
        """One line (of at most ``width`` characters if it can) saying which columns and
        rows are shown and how to see them all, if some are not."""
        columns = (self.x0, self.x1) != (self.first, self.last)
        rows = (self.y0, self.y1) != (self.top, self.bottom)
        if not (columns or rows):
            return ""
        need = 2 * LABEL + (self.last - self.first + 1) * sum(SIZES["compact"])
        parts = []
        if columns:
            parts.append(words("columns {a}…{b} of {first}…{last}", a=self.x0, b=self.x1,
                               first=self.first, last=self.last))
        if rows:
            parts.append(words("rows {a}…{b} of {first}…{last}", a=self.y0, b=self.y1,
                               first=self.top, last=self.bottom))
        bare = words("{parts} shown", parts=join_words(parts))
        counted = nwords("{shown} ({n} of the places the drawn tile fits is off it)",
                         "{shown} ({n} of the places the drawn tile fits are off it)",
                         self.off, shown=bare) if self.off else bare
        said = []             # longest first; the fits line counts the places off it too
        for shown in dict.fromkeys([counted, bare]):
            if columns:
                said += [say(words("{shown}; widen the terminal to {need} or pipe to a file "
                                   "with COLUMNS={need}", shown=shown, need=need)),
                         say(words("{shown}; see all at COLUMNS={need}", shown=shown,
                                   need=need))]
            else:
                said.append(say(shown))
        fitting = [line for line in said if len(line) <= width]
        return f"[yellow]{fitting[0] if fitting else min(said, key=len)}[/]"


def _window(lo: int, hi: int, span: int, focus: int, wanted: Sequence[int]
            ) -> tuple[int, int]:
    """``span`` consecutive values of ``lo…hi`` (all if fewer) holding ``focus`` and as
    many of ``wanted`` as can be, centred on those it holds where there is a choice."""
    if hi - lo + 1 <= span:
        return lo, hi
    best: tuple | None = None
    for start in range(max(lo, focus - span + 1), min(focus, hi - span + 1) + 1):
        held = [w for w in wanted if start <= w < start + span] + [focus]
        middle = (min(held) + max(held)) / 2
        key = (-len(held), abs(start + (span - 1) / 2 - middle))
        if best is None or key < best[0]:
            best = (key, start)
    assert best is not None, "the focus lies in lo…hi"
    return best[1], best[1] + span - 1


def frame(board: Board, width: int, fits: set[int], height: int | None = None) -> Frame:
    """The widest tiles with which the board fits ``width`` characters, with a column to
    spare on each side (or without those where the drawn tile does not fit, if that is
    what fits); if none does, the narrow tiles, cut to the columns around the tile placed
    last and the places the drawn tile fits. With ``height``, the rows are cut likewise
    so that the board's lines (labels and the note included) are at most that many."""
    x0, y0, x1, y1 = board.extent()
    last_x, last_y = board.xy(len(board.placed) - 1)
    spots = [unpack(pos) for pos in fits]
    xs = {x for x, _ in spots}
    ranges = [(x0 - 1, x1 + 1), (x0 - (x0 - 1 in xs), x1 + (x1 + 1 in xs))]
    found = None
    for first, last in ranges:
        for widths in SIZES.values():
            if 2 * LABEL + (last - first + 1) * sum(widths) <= width:
                found = Frame(widths, first, last, first, last)
                break
        if found:
            break
    if found is None:
        first, last = ranges[-1]
        span = max(1, (width - 2 * LABEL) // sum(widths))
        start, end = _window(first, last, span, last_x, [x for x, _ in spots])
        found = Frame(widths, start, end, first, last)
    top, bottom = y0 - 1, y1 + 1
    rows = bottom - top + 1
    cut = (found.x0, found.x1) != (found.first, found.last)
    if height is not None and 2 + 3 * rows + cut > height:
        rows = max(1, (height - 3) // 3)
    shown_x = [y for x, y in spots if found.x0 <= x <= found.x1]
    ya, yb = _window(top, bottom, rows, last_y, shown_x)
    off = sum(not (found.x0 <= x <= found.x1 and ya <= y <= yb) for x, y in spots)
    return Frame(found.widths, found.x0, found.x1, found.first, found.last, ya, yb, top,
                 bottom, off)


def terminal_width() -> int:
    """The width a default rich Console prints at (``COLUMNS``, else the terminal's, else
    80 when no stream is a terminal), which is where the drivers' consoles wrap."""
    from rich.console import Console     # here: rich is needed only to draw, not to play
    return Console().width


def _margins(board: Board, shown: Frame
             ) -> tuple[str, str, Callable[[int], str], Callable[[int], str]]:
    """The column labels above and below the board and the row labels of each y on the
    left and on the right, the last tile's column and row marked (▼ ▲, ▶ ◀)."""
    width = sum(shown.widths)
    last_x, last_y = board.xy(len(board.placed) - 1)

    def column(x: int, mark: str) -> str:
        if x == last_x:
            return f"[bold yellow]{f'{mark}{x}'.center(width)[:width]}[/]"
        return f"[dim]{str(x).center(width)[:width]}[/]"

    def left(y: int) -> str:
        if y == last_y:
            return f"[bold yellow]{str(y).rjust(LABEL - 2)}▶[/] "
        return f"[dim]{str(y).rjust(LABEL - 1)}[/] "

    def right(y: int) -> str:
        if y == last_y:
            return f" [bold yellow]◀{y}[/]"
        return f"  [dim]{y}[/]"
    columns = range(shown.x0, shown.x1 + 1)
    above = " " * LABEL + "".join(column(x, "▼") for x in columns)
    below = " " * LABEL + "".join(column(x, "▲") for x in columns)
    return above, below, left, right


def board_lines(view: dict, board: Board, table: Table, width: int | None = None,
                height: int | None = None) -> list[str]:
    """The board, coordinates on every margin, dots where the drawn tile fits, tiles in a
    checkerboard of two shades; cut to ``width`` (the terminal's by default) and to
    ``height`` lines (no cut by default) around the tile placed last and the places the
    drawn tile fits, with a line that says so."""
    width = width or terminal_width()
    drawn = view["tile"]
    fits = {pos for pos, _ in board.placements(drawn)} if drawn else set()
    shown = frame(board, width, fits, height)
    marks = table.marks(view, board, shown.widths)
    above, below, left, right = _margins(board, shown)
    lines = [above]
    for y in range(shown.y0, shown.y1 + 1):
        top, middle, bottom = _tile_row(board, table.style, shown, y, marks, fits)
        lines += [" " * LABEL + top, left(y) + middle + right(y), " " * LABEL + bottom]
    note = shown.note(width)
    return lines + [below] + ([note] if note else [])


def _tile_row(board: Board, style: TileStyle, shown: Frame, y: int,
              marks: dict[int, Marks], fits: set[int]) -> list[str]:
    """The three lines of the board's row ``y``: its tiles (the odd ones of the
    checkerboard in the other shade), dots where the drawn tile fits, blanks elsewhere."""
    widths = shown.widths
    blank, dot = " " * sum(widths), "[yellow]" + "·".center(sum(widths)) + "[/]"
    rows = ["", "", ""]
    for x in range(shown.x0, shown.x1 + 1):
        t = board.grid.get(pack(x, y))
        if t is None:
            dots = pack(x, y) in fits
            rows = [rows[0] + blank, rows[1] + (dot if dots else blank), rows[2] + blank]
            continue
        lines = style.tile_lines(board.placed[t], widths, marks.get(t), (x + y) % 2 == 1)
        rows = [row + line for row, line in zip(rows, lines)]
    return rows


def rotations_lines(tileset: TileSet, style: TileStyle, type_: str, captions: Sequence[str]
                    ) -> list[str]:
    """The drawn tile in its four rotations, side by side, each with its degrees on its
    left, after a column of three lines of ``captions`` (rich markup: when, who drew it):
    three lines."""
    from rich.text import Text     # here: rich is needed only to draw, not to play
    orientations = tileset.tiles[type_].orientations
    pictures = [style.tile_lines(o) for o in orientations]
    sizes = [Text.from_markup(text).cell_len for text in captions]
    column = max(sizes) + 1
    lines = []
    for i in range(3):
        cells = [f"{(str(deg) if i == 1 else ''):>4} {p[i]}" for deg, p in zip(ROTATIONS, pictures)]
        lines.append(captions[i] + " " * (column - sizes[i]) + " ".join(cells))
    return lines


def status_lines(view: dict, table: Table, width: int, title: str = "",
                 turn: bool = True) -> list[str]:
    """The game's ``title`` where it takes no line of its own; with ``turn``, the round
    and whose turn (else the drawn tile's lines say it); the piles; every seat's points
    and pieces in hand: packed in as few lines of ``width`` as they fill (two, with five
    players at 80 columns), a seat never split, so that the board keeps the room:
    ``Carcassonne · round 18, red's turn · tiles left: 46 · points (followers in hand):
    ▶red (you) 12 (5)  blue 8 (7)``."""
    over = view["phase"] == "over"
    head = [say(words("game over")) if over else turn_words(view)] if turn or over else []
    seats = []
    for s in range(view["players"]):
        marker = "▶" if s == view["active"] and not over else ""
        you = " " + say(words("(you)")) if s == view.get("seat") else ""
        seats.append(f"{marker}[{SEAT_STYLE[s]}]{say(colour_word(s))}[/]{you} "
                     f"{view['scores'][s]} ({table.seat_status(view, s)})")
    parts = [*head, piles_text(view, table),
             say(words("points ({in_hand}):", in_hand=table.in_hand))]
    untitled = _packed(parts, seats, width)
    titled = _packed([f"[bold]{title}[/]", *parts], seats, width) if title else untitled
    return titled if len(titled) == len(untitled) else untitled


def _packed(parts: list[str], seats: list[str], width: int) -> list[str]:
    """``parts`` joined by `` · ``, then ``seats`` by two spaces, in lines of ``width``."""
    lines: list[str] = []
    for part in parts:
        add_part(lines, part, " · ", width)
    for i, seat in enumerate(seats):
        add_part(lines, seat, "  " if i else " ", width)
    return lines


def turn_words(view: dict) -> str:
    """``round 18, red's turn``."""
    return say(words("round {round}, {colour}'s turn", round=view["round"],
                     colour=colour_word(view["active"])))


def add_part(lines: list[str], part: str, between: str, width: int) -> None:
    """Add ``part`` (rich markup) to the last of ``lines`` after ``between`` if the line
    stays within ``width`` cells, else as a line of its own: a part is never split."""
    if lines and rows_taken(lines[-1] + between + part, width) == 1:
        lines[-1] += between + part
    else:
        lines.append(part)


def piles_text(view: dict, table: Table) -> str:
    """The tiles left, and those discarded."""
    if view["discarded"]:
        return say(words("{piles}, discarded: {tiles}", piles=table.piles(view),
                         tiles=" ".join(view["discarded"])))
    return say(table.piles(view))


def features_line(board: Board, table: Table) -> str:
    """The features of the tile just placed, named by their locations, and who holds them."""
    last = len(board.placed) - 1
    o, base = board.placed[last], board.base[last]
    feats = board.features
    parts = []
    for i, kind in enumerate(o.kinds):
        held = sorted({s for s, _ in feats.occupants[feats.find(base + i)]})
        owner = " " + say(words("(held by {colours})", colours=join_words(
            [colour_word(s) for s in held]))) if held else ""
        names = f" {' '.join(o.locs[i])}" if o.locs[i] else ""
        parts.append(f"{kind}{names}{owner}{table.feature_note(board, base + i)}")
    return say(words("its features: {features}", features="; ".join(parts)))


def placements(board: Board, type_: str) -> list[tuple[int, int, int]]:
    """``(x, y, degrees)`` of every distinct legal placement of ``type_`` on ``board``, in
    the order of ``legal_actions()``: of rotations that look the same (a symmetric tile),
    only the lowest."""
    same = board.tileset.same_rotation
    return [(*unpack(pos), r * 90) for pos, rots in board.placements(type_) for r in rots
            if same(type_, r) == r]


def fits_line(fits: Sequence[Sequence[int]], near: tuple[int, int], width: int,
              head: str) -> str:
    """``head`` (rich markup) and the places the drawn tile fits, nearest to ``near`` (the
    tile placed last) first, as many as one line of ``width`` holds, then how many more
    (``help`` lists all)."""
    from rich.text import Text
    room = width - Text.from_markup(head).cell_len
    groups = placement_summary(fits, near).split("  ")
    for n in range(len(groups), 0, -1):
        more = "  " + say(words("… {n} more (help)", n=len(groups) - n)) if n < len(
            groups) else ""
        text = " " + "  ".join(groups[:n]) + more
        if len(text) <= room or n == 1:
            return head + text
    return head


def placement_summary(fits: Sequence[Sequence[int]], near: tuple[int, int] | None = None
                      ) -> str:
    """The legal placements ``(x, y, degrees)`` of the drawn tile, grouped by position,
    north to south (nearest to ``near`` first, if given)."""
    groups: dict[tuple[int, int], list[str]] = {}
    for x, y, degrees in fits:
        groups.setdefault((x, y), []).append(str(degrees))
    order = sorted(groups, key=lambda c: (c[1], c[0]))
    if near is not None:
        order.sort(key=lambda c: abs(c[0] - near[0]) + abs(c[1] - near[1]))
    return "  ".join(f"({x},{y}):{'/'.join(groups[(x, y)])}" for x, y in order)


class TileDrawing(Drawing):
    """The shared drawing of the tile games; a game's subclass sets its :class:`Table`."""

    game: TileGame
    table: Table

    def prompt_forms(self, view: dict, action: Action) -> tuple[str, ...]:
        return prompt.prompt_forms(action)

    def prompt_text(self, view: dict, text: str) -> str:
        """A placement in a taught form at a spot where the tile does not fit is read as
        its notation, so that the engine says why (``prompt.placement_notation``)."""
        return prompt.placement_notation(view, text)

    def legend(self) -> str:
        return say(self.table.legend)

    def picture(self, view: dict, width: int | None = None,
                height: int | None = None) -> str:
        """The scores, the drawn tile, the board (at most ``width`` characters wide, by
        default the terminal's, and cut to what ``height`` lines leave it, if given,
        around the tile placed last and the places the drawn tile fits), and for the seat
        to move, if it is the view's, the prompt, last: so the board is on screen with it."""
        width = width or terminal_width()
        table, board = self.table, seen_board(view, self.game.tileset)
        head = status_lines(view, table, width, self.game.title, view["phase"] != "place")
        tail: list[str] = []
        phase = view["phase"]
        moving = view["seat"] == view["active"]        # else no prompt: a bot's turn, a replay
        who = say(colour_word(view["active"]))          # as the status line names seats
        if moving:
            who += " " + say(words("(you)"))
        if phase == "over":
            tail.append("[bold]" + say(words("Game over.")) + "[/]")
        elif phase == "place":
            tile = view["tile"]
            head += rotations_lines(self.game.tileset, table.style, tile, [
                say(words("round {round}:", round=view["round"])),
                say(words("{who} drew [bold]{tile}[/];", who=who, tile=tile)),
                say(words("its rotations:"))])
            near = board.xy(len(board.placed) - 1)
            if moving:           # one line: the prompt and where the tile fits (x east,
                tail.append(fits_line(       # y south, degrees clockwise: the board's
                    placements(board, tile), near, width,        # margins, the rotations)
                    say(words("[bold]place {tile} at (x,y):degrees[/]; it fits at",
                              tile=tile))))
        elif phase == "follower":
            last = view["board"][-1]
            tail += [say(words("{who} placed {tile} at ({x},{y}); {features}", who=who,
                               tile=last["type"], x=last["x"], y=last["y"],
                               features=features_line(board, table))),
                     *([say(table.prompt)] if moving else [])]
        elif phase != "draw":
            tail += [line for line in table.phase_lines(view, who) if line]
        room = None
        if height is not None:
            room = height - sum(rows_taken(line, width) for line in head + tail)
        return "\n".join([*head, *board_lines(view, board, table, width, room), *tail])

    def same_move(self, view: dict, action: Action) -> Action:
        """A placement turned to the lowest rotation that looks the same (a symmetric
        tile); any other move is its own."""
        if action[0] != "place":
            return action
        kind, type_, x, y, degrees = action
        rot = self.game.tileset.same_rotation(type_, ROTATION_INDEX[degrees])
        same = ROTATIONS[rot]
        return action if same == degrees else Action(kind, type_, x, y, same)

    def legal_help(self, view: dict, legal: Sequence[Action], only: Sequence[str] = ()
                   ) -> str:
        """What the player to move may type now (the terminal's ``help``); a symmetric
        tile's placements once each, at the lowest rotation that looks so (typing another
        of them places the same tile); with ``only``, the moves naming those words (a
        place ``0,1``, a kind ``road``)."""
        phase, table = view["phase"], self.table
        if only:
            legal = narrowed(self, view, legal, only)
            if not legal:
                return nothing(only)
        if phase == "over":
            return say(words("The game is over."))
        if phase == "place":
            distinct = [a[2:5] for a in legal if self.same_move(view, a) == a]
            return say(words("Place tile {tile}: place {tile} X Y R, with (X,Y):R among",
                             tile=view["tile"])) + f"\n  {placement_summary(distinct)}"
        if phase != "follower":
            return say(words("Chance draws a tile: draw T."))
        board = seen_board(view, self.game.tileset)
        return (f"{say(table.occupy_help)}:\n  " + " · ".join(str(a) for a in legal)
                + "\n  " + say(words("(any location touching a feature names it, e.g. a "
                                     "{ground} by any of its half-edges)",
                                     ground=feature_word(table.style.ground)))
                + "\n  " + features_line(board, table))
