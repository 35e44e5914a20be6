"""A seat's move of Jäger und Sammler in words, for the game log (``State.narrate``).

Only what stays public is named: settlements, caves and paths, weapons and mammoths (they
lie face up when taken). A field of food or rare goods is only "a tile": its kind is seen
on the board while it lies there, but once taken it lies face down, and a log read later
must not remember it for anyone. What the move took and the crates it left are its events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from .tiles import CAVE, IS_MAMMOTH, PATH, SEASONS, SETTLEMENT, WEAPON, mammoth_value

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def field_words(state: "JaegerSammlerState", name: str) -> str:
    """What the field ``name`` holds, as far as every seat may know it later."""
    f = state.board.index[name]
    t = state.tile[f]
    if t == SETTLEMENT:
        return f"a {SEASONS[state.board.season_of[f]]} settlement"  # type: ignore[index]
    if t == CAVE:
        return "a cave"
    if t == PATH:
        return "a path"
    if t == WEAPON:
        return "a weapon"
    if 0 <= t and IS_MAMMOTH[t]:
        return f"a mammoth worth {mammoth_value(t)}"
    return "a tile"


def narrate(state: "JaegerSammlerState", action: Action) -> str:
    """``moved a pawn two steps, from a summer settlement over a tile to a weapon``, ``moved
    two pawns a step each, …``, ``took a pawn off the board, from a cave``."""
    def w(name: str) -> str:
        return field_words(state, name)

    if action[0] == "remove":
        return f"took a pawn off the board, from {w(action[1])}"
    if action[0] != "move":
        return f"played {action}"
    if len(action) == 2:
        a, b, c = action[1]
        back = "and back" if c == a else f"to {w(c)}"
        return f"moved a pawn two steps, from {w(a)} over {w(b)} {back}"
    (a, b), (d, e) = action[1], action[2]
    return f"moved two pawns a step each, from {w(a)} to {w(b)} and from {w(d)} to {w(e)}"
