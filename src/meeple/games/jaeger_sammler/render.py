"""The board as text (rich markup): hexes with tile symbols, pawns in colour, settlements
and crates, each player's public collection, and the numbered list of legal moves.

Drawn from a seat's view (``hidden.view``) and the board's fixed data alone, so the picture
shows exactly what the view does: face-down tiles as counts until the end.
"""
from __future__ import annotations

import re
from typing import Sequence

from ...core.action import Action
from ...core.drawing import Drawing
from .board import Board

COLOURS = ("red", "blue", "green", "yellow")
SYMBOL = {"berries": "be", "tubers": "tu", "herbs": "he", "jug": "ju", "necklace": "ne",
          "fur": "fu", "skull": "sk", "weapon": "we", "path": "==", "cave": "()"}
STYLE = {"berries": "green", "tubers": "dark_orange", "herbs": "bright_green",
         "jug": "magenta", "necklace": "magenta", "fur": "magenta", "skull": "magenta",
         "weapon": "bold cyan", "path": "dim", "cave": "dim"}
LEGEND = ["be berries 1", "tu tubers 2", "he herbs 3", "ju jug", "ne necklace", "fu fur",
          "sk skull (sets of a kind: 1/3/6/10/15/20)", "we weapon", "M5 mammoth 5", "== path",
          "() cave", ". tile taken", "S/W summer/winter settlement",
          "digit: a pawn of that seat", "*: several pawns"]
WIDTH = 78
"""Lines are wrapped to fit an 80-column terminal."""
_MARKUP = re.compile(r"\[[^\]]*\]")


def _wrap(parts: list[str], sep: str = " · ", indent: str = "    ") -> list[str]:
    """Join ``parts`` with ``sep`` into lines of at most WIDTH visible characters."""
    lines, line = [], ""
    for part in parts:
        candidate = line + sep + part if line else part
        if line and len(_MARKUP.sub("", candidate)) > WIDTH:
            lines.append(line)
            candidate = indent + part
        line = candidate
    return lines + [line] if line else lines


def _symbol(view: dict, name: str) -> tuple[str, str]:
    settlement = view["settlements"].get(name)
    if settlement is not None:
        return ("S " if settlement["season"] == "summer" else "W "), "bold"
    kind = view["tiles"].get(name)
    if kind is None:
        return " .", "dim"
    if kind.startswith("mammoth"):
        return f"M{kind[len('mammoth'):]}", "bold red"
    return SYMBOL[kind], STYLE[kind]


def _pawns(view: dict) -> dict[str, list[int]]:
    """The seats of the pawns on each field (a seat once per pawn)."""
    out: dict[str, list[int]] = {}
    for seat in view["seats"]:
        for name in seat["pawns"]:
            out.setdefault(name, []).append(seat["seat"])
    return out


def _cell(view: dict, name: str, seats: list[int]) -> str:
    text, style = _symbol(view, name)
    if not seats:
        return f"[{style}]{text}[/] "
    if len(set(seats)) == 1:
        marker = str(seats[0]) if len(seats) == 1 else "*"
        return f"[bold white on {COLOURS[seats[0]]}]{text}{marker}[/]"
    return f"[{style}]{text}[/][bold]*[/]"


def board_text(view: dict, board: Board) -> str:
    """The hex board: one line per row, the shifted rows (odd ones in odd-r) indented by
    half a hex, so that neighbours touch as on the board."""
    at = {rc: board.names[i] for i, rc in enumerate(board.coords)}
    pawns = _pawns(view)
    shifted = 1 if board.layout == "odd-r" else 0
    lines = ["     " + "".join(f"{c:<4}" for c in range(board.cols))]
    for r in range(board.rows):
        pad = "  " if r % 2 == shifted else ""
        cells = []
        for c in range(board.cols):
            name = at.get((r, c))
            cells.append("    " if name is None else _cell(view, name, pawns.get(name, [])) + " ")
        lines.append(f"{r:>3}  {pad}" + "".join(cells).rstrip())
    return "\n".join(lines)


def _settlements(view: dict) -> list[str]:
    """Who stands in the settlements and caves, and where the crates are."""
    pawns = _pawns(view)
    places = [*view["settlements"], *(n for n, kind in view["tiles"].items() if kind == "cave")]
    lines = [f"{name}: " + " ".join(f"[{COLOURS[p]}]{p}[/]" for p in sorted(pawns[name]))
             for name in places if name in pawns]
    crates = [f"{place['season']} settlement {name}: " + " ".join(
        f"[{COLOURS[p]}]■{p}[/]" for p in place["crates"])
        for name, place in view["settlements"].items() if place["crates"]]
    out = _wrap(["pawns in settlements and caves:", *lines], sep="  ") if lines else []
    return out + (_wrap(["crates:", *crates], sep="  ") if crates else [])


def _row_major(name: str) -> tuple[int, ...]:
    return tuple(int(x) for x in name.split(","))


def _seat_lines(view: dict, seat: dict) -> list[str]:
    p = seat["seat"]
    pawns = " ".join(sorted(seat["pawns"], key=_row_major)) or "none on the board"
    mammoths = " ".join(map(str, seat["mammoths"])) or "-"
    you = " (you)" if p == view["seat"] else ""
    turn = " [bold]◀ to move[/]" if view["current_player"] == p else ""
    down = seat["face_down"]
    parts = [f"[bold {COLOURS[p]}]seat {p}[/]{you}{turn}", f"pawns {pawns}",
             f"crates in hand {seat['crates_in_hand']}", f"weapons {seat['weapons']}",
             f"mammoths {mammoths}", f"face down {down['summer']} summer + "
                                     f"{down['winter']} winter"]
    if "collected" in seat:
        held = ", ".join(f"{n} {kind}" for kind, n in seat["collected"].items())
        parts += [f"revealed: {held or 'nothing'}", f"[bold]{seat['score']} points[/]"]
    return _wrap(parts)


class JaegerSammlerDrawing(Drawing):
    """The hex board, the settlements and crates, every seat's public collection, and the
    legal moves numbered for the prompt."""

    def picture(self, view: dict, width: int | None = None) -> str:
        """The whole game as the view's seat sees it (face-down tiles only as counts until
        the end)."""
        if view["phase"] == "over":
            status = "game over"
        elif view["phase"] == "setup":
            status = f"{view['season']} set-up"
        else:
            status = f"{view['season']}, turn {view['turn']}, seat {view['current_player']} to move"
        lines = [f"[bold]Jäger und Sammler — {status}[/]  (board: {view['board']['name']})",
                 board_text(view, self.game.board), *(f"[dim]{line}[/]" for line in _wrap(LEGEND)),
                 *_settlements(view)]
        for seat in view["seats"]:
            lines += _seat_lines(view, seat)
        return "\n".join(lines)

    def numbered(self, view: dict, legal: Sequence[Action]) -> list[Action]:
        """The help numbers every legal move, in the order of ``legal_actions()``."""
        return list(legal)

    def legal_help(self, view: dict, legal: Sequence[Action]) -> str:
        """The legal moves, numbered in the order of ``legal_actions()``."""
        if not legal:
            return "no moves to choose: the tiles are being laid"
        width = max(len(str(a)) for a in legal) + 6
        per_line = max(1, WIDTH // width)
        rows, row = [], []
        for i, action in enumerate(legal, start=1):
            row.append(f"{i:>3} {action}".ljust(width))
            if len(row) == per_line:
                rows.append("".join(row).rstrip())
                row = []
        if row:
            rows.append("".join(row).rstrip())
        return f"{len(legal)} legal moves (type one, or its number):\n" + "\n".join(rows)
