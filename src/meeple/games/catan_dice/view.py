"""What a seat sees of the Catan Dice Game: everything, since nothing in it is hidden (every
sheet, the dice, the phase)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .island import FACES, INDEX, KNIGHT_JOKERS, STRUCTURES

if TYPE_CHECKING:
    from .rules import CatanDiceState


def sheet_view(sheet) -> dict:
    """A sheet: what is built, the jokers used, each written turn (its points and what was
    built), and the total."""
    built = [n for n, *_ in STRUCTURES if sheet.built >> INDEX[n] & 1]
    return {"built": built,
            "jokers_used": [k for k in KNIGHT_JOKERS if sheet.jokers_used >> (int(k[1:]) - 1) & 1],
            "boxes": [sheet.box_points(b) for b in sheet.boxes],
            "boxes_built": [list(b) for b in sheet.boxes],
            "total": sheet.total()}


def view(state: "CatanDiceState", player: int | None) -> dict:
    """Everything is public in this game: every sheet, the dice, the phase."""
    return {"game": "catan-dice", "players": state.num_players, "seat": player,
            "current_player": state.current_player, "active": state.seat,
            "terminal": state.is_terminal(), "turn": state.turn, "phase": state.phase,
            "rolls": state.rolls, "dice": [FACES[f] for f in state.dice],
            "used": [bool(state.used >> i & 1) for i in range(len(state.dice))],
            "built_this_turn": list(state.built_now),
            "sheets": [sheet_view(s) for s in state.sheets]}
