"""The Carcassonne table as text with rich markup, on the family's shared drawing.

The board with coordinates on the margins, every seat's points and followers, and for the
seat to move the drawn tile in its four rotations with the places it fits, or the features
of the tile just placed.
"""
from __future__ import annotations

from ...core.text import words
from ...tiles.board import Board
from .._tilegame.picture import SEAT_LETTER, Marks
from .._tilegame.render import Table, TileDrawing, follower_marks
from .picture import STYLE

LEGEND = words("[dim]legend: ▓█ city  ◆ pennant  ░▒ field (tiles alternate in shade)  ━┃ "
               "road  ⌂ monastery  R B Y G K: followers by colour (lower case: farmers; ⌂R: "
               "a monk of red)  ▼▶ on the margins: the column and row of the tile placed "
               "last  · where the drawn tile fits[/]")


def _marks(view: dict, board: Board, widths: tuple[int, int, int]) -> dict[int, Marks]:
    return follower_marks(view, board, lambda seat, kind: SEAT_LETTER[seat].lower()
                          if kind == "field" else SEAT_LETTER[seat])


class CarcassonneDrawing(TileDrawing):
    table = Table(
        style=STYLE, legend=LEGEND,
        prompt=words("[bold]follower KIND LOC[/] (road/city: N E S W, field: Nw Ne En Es Se "
                     "Sw Ws Wn, monastery: C) or [bold]pass[/]"),
        occupy_help=words("Put a follower on the tile just placed, or pass"),
        marks=_marks,
        in_hand=words("followers in hand"), seat_status=lambda view, s: str(view["supply"][s]),
        piles=lambda view: words("tiles left: {n}", n=view["remaining"]))
