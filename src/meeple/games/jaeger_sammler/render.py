"""The board as text (rich markup): hexes with tile symbols, pawns in colour, settlements
and crates, each player's public collection, and the numbered list of legal moves."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...core.state import CHANCE
from .tiles import (EMPTY, FACE_DOWN, IS_MAMMOTH, NAMES, SEASONS, SETTLEMENT, SUMMER,
                    mammoth_value)

if TYPE_CHECKING:
    from .rules import JaegerSammlerState

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


def _symbol(state: "JaegerSammlerState", f: int) -> tuple[str, str]:
    t = state.tile[f]
    if t == SETTLEMENT:
        season = state.board.season_of[f]
        return ("S " if season == SUMMER else "W "), "bold"
    if t == EMPTY:
        return " .", "dim"
    if IS_MAMMOTH[t]:
        return f"M{mammoth_value(t)}", "bold red"
    name = NAMES[t]
    return SYMBOL[name], STYLE[name]


def _cell(state: "JaegerSammlerState", f: int) -> str:
    text, style = _symbol(state, f)
    seats = [p for p in range(state.num_players) for g in state.pawns[p] if g == f]
    if not seats:
        return f"[{style}]{text}[/] "
    if len(seats) == 1 or len(set(seats)) == 1:
        marker = str(seats[0]) if len(seats) == 1 else "*"
        colour = COLOURS[seats[0]]
        return f"[bold white on {colour}]{text}{marker}[/]"
    return f"[{style}]{text}[/][bold]*[/]"


def board_text(state: "JaegerSammlerState") -> str:
    """The hex board: one line per row, the shifted rows (odd ones in odd-r) indented by
    half a hex, so that neighbours touch as on the board."""
    board = state.board
    at = {rc: i for i, rc in enumerate(board.coords)}
    shifted = 1 if board.layout == "odd-r" else 0
    lines = ["     " + "".join(f"{c:<4}" for c in range(board.cols))]
    for r in range(board.rows):
        pad = "  " if r % 2 == shifted else ""
        cells = []
        for c in range(board.cols):
            f = at.get((r, c))
            cells.append("    " if f is None else _cell(state, f) + " ")
        lines.append(f"{r:>3}  {pad}" + "".join(cells).rstrip())
    return "\n".join(lines)


def _pawns_on(state: "JaegerSammlerState", f: int) -> str:
    return " ".join(f"[{COLOURS[p]}]{p}[/]" for p in range(state.num_players)
                    for g in state.pawns[p] if g == f)


def _settlements(state: "JaegerSammlerState") -> list[str]:
    """Who stands in the settlements and caves, and where the crates are."""
    board, names = state.board, state.board.names
    crowded = [f for f in (*board.settlements[0], *board.settlements[1], *state.caves)
               if state.count[f]]
    pawns = [f"{names[f]}: {_pawns_on(state, f)}" for f in crowded]
    crates = [f"{board.settlement_text(f)}: " + " ".join(
        f"[{COLOURS[p]}]■{p}[/]" for p in range(state.num_players) if state.crates[f] >> p & 1)
        for s in (0, 1) for f in board.settlements[s] if state.crates[f]]
    lines = _wrap(["pawns in settlements and caves:", *pawns], sep="  ") if pawns else []
    return lines + (_wrap(["crates:", *crates], sep="  ") if crates else [])


def _seat_lines(state: "JaegerSammlerState", p: int, seat: int | None) -> list[str]:
    names = state.board.names
    pawns = " ".join(names[f] for f in sorted(state.pawns[p])) or "none on the board"
    mammoths = " ".join(map(str, sorted(state.mammoths[p], reverse=True))) or "-"
    summer, winter = state.down[p]
    you = " (you)" if p == seat else ""
    turn = " [bold]◀ to move[/]" if state.current_player == p else ""
    parts = [f"[bold {COLOURS[p]}]seat {p}[/]{you}{turn}", f"pawns {pawns}",
             f"crates in hand {state.hand[p]}", f"weapons {state.weapons[p]}",
             f"mammoths {mammoths}", f"face down {summer} summer + {winter} winter"]
    if state.is_terminal():
        held = ", ".join(f"{state.coll[p][k]} {NAMES[k]}" for k in FACE_DOWN
                         if state.coll[p][k])
        parts += [f"revealed: {held or 'nothing'}", f"[bold]{state.scores()[p]} points[/]"]
    return _wrap(parts)


def render(state: "JaegerSammlerState", seat: int | None = None) -> str:
    """The whole game as ``seat`` sees it (face-down tiles only as counts until the end)."""
    if state.is_terminal():
        status = "game over"
    elif state.current_player == CHANCE:
        status = f"{SEASONS[state.season]} set-up"
    else:
        status = f"{SEASONS[state.season]}, turn {state.turn}, seat {state.seat} to move"
    lines = [f"[bold]Jäger und Sammler — {status}[/]  (board: {state.board.name})",
             board_text(state), *(f"[dim]{line}[/]" for line in _wrap(LEGEND)),
             *_settlements(state)]
    for p in range(state.num_players):
        lines += _seat_lines(state, p, seat)
    return "\n".join(lines)


def legal_help(state: "JaegerSammlerState") -> str:
    """The legal moves, numbered in the order of ``legal_actions()``."""
    legal = state.legal_actions()
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
    return (f"{len(legal)} legal moves (type one, or its number):\n" + "\n".join(rows))
