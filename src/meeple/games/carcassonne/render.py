"""The Carcassonne table as text with rich markup, on the family's shared drawing.

The board with coordinates on the margins, every seat's points and followers, and for the
seat to move the drawn tile in its four rotations with the places it fits, or the features
of the tile just placed.
"""
from __future__ import annotations

from .._tilegame import render as shared
from .._tilegame.picture import SEAT_LETTER, Marks
from .._tilegame.render import Table
from .picture import STYLE
from .rules import CarcassonneState

LEGEND = ("[dim]legend: ▓ city  ◆ pennant  ░ field  ━┃ road  ⌂ monastery  R B Y G K: "
          "followers by colour (lower case: farmers)  · where the drawn tile fits[/]")


def _marks(state: CarcassonneState) -> dict[int, Marks]:
    return shared.follower_marks(
        state, lambda seat, kind: SEAT_LETTER[seat].lower() if kind == "field"
        else SEAT_LETTER[seat])


TABLE = Table(
    style=STYLE, legend=LEGEND,
    prompt=("[bold]follower KIND LOC[/] (road/city: N E S W, field: Nw Ne En Es Se Sw "
            "Ws Wn, monastery: C) or [bold]pass[/]"),
    occupy_help="Put a follower on the tile just placed, or pass",
    marks=_marks,
    seat_status=lambda state, s: f"{state.supply[s]} followers in hand",
    piles=lambda state: f"tiles left: {state.remaining}")


def legal_help(state: CarcassonneState) -> str:
    """What the player to move may type now (the terminal's ``help``)."""
    return shared.legal_help(state, TABLE)


def render(state: CarcassonneState, seat: int | None = None, columns: int | None = None) -> str:
    """The board, the scores, and for the seat to move the drawn tile and its options."""
    return shared.render(state, TABLE, seat, columns)
