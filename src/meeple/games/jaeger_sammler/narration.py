"""A seat's move of Jäger und Sammler in words, for the game log (``State.narrate``).

Only what stays public is named: settlements, caves and paths, weapons and mammoths (they
lie face up when taken). A field of food or rare goods is only "a tile": its kind is seen
on the board while it lies there, but once taken it lies face down, and a log read later
must not remember it for anyone. What the move took and the crates it left are its events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.text import words
from .tiles import CAVE, IS_MAMMOTH, PATH, SEASONS, SETTLEMENT, WEAPON, mammoth_value

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def field_words(state: "JaegerSammlerState", name: str) -> str:
    """What the field ``name`` holds, as far as every seat may know it later."""
    f = state.board.index[name]
    t = state.tile[f]
    if t == SETTLEMENT:
        season = SEASONS[state.board.season_of[f]]  # type: ignore[index]
        return words("a summer settlement") if season == "summer" else words(
            "a winter settlement")
    if t == CAVE:
        return words("a cave")
    if t == PATH:
        return words("a path")
    if t == WEAPON:
        return words("a weapon")
    if 0 <= t and IS_MAMMOTH[t]:
        return words("a mammoth worth {points}", points=mammoth_value(t))
    return words("a tile")


def narrate(state: "JaegerSammlerState", action: Action) -> str:
    """``moved a pawn two steps, from a summer settlement over a tile to a weapon``, ``moved
    two pawns a step each, …``, ``took a pawn off the board, from a cave``."""
    def w(name: str) -> str:
        return field_words(state, name)

    if action[0] == "remove":
        return words("took a pawn off the board, from {field}", field=w(action[1]))
    if action[0] != "move":
        return words("played {action}", action=" ".join(map(str, action)))
    if len(action) == 2:
        a, b, c = action[1]
        if c == a:
            return words("moved a pawn two steps, from {start} over {middle} and back",
                         start=w(a), middle=w(b))
        return words("moved a pawn two steps, from {start} over {middle} to {end}",
                     start=w(a), middle=w(b), end=w(c))
    (a, b), (d, e) = action[1], action[2]
    return words("moved two pawns a step each, from {start} to {end} and from {start2} to "
                 "{end2}", start=w(a), end=w(b), start2=w(d), end2=w(e))
