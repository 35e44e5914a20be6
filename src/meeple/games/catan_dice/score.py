"""What the Catan Dice sheets show: the per-turn breakdown, the written-turn events and the
seat views (everything in this game is public)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .island import FACES, INDEX, KIND, KNIGHT_JOKERS, STRUCTURES, VALUE, X_POINTS

if TYPE_CHECKING:
    from .rules import CatanDiceState


def box_text(box: list[str]) -> str:
    """``"road R3 (1) + knight K1 (1)"`` or ``"X: nothing built"``."""
    if not box:
        return "X: nothing built"
    return " + ".join(f"{KIND[n]} {n} ({VALUE[n]})" for n in box)


def written_text(event: dict) -> str:
    """The words of a ``written`` event: a turn's points (or an X) and what was built."""
    points = event["points"]
    what = (f"{points} point{'' if points == 1 else 's'}" if event["built"]
            else f"an X ({X_POINTS})")
    return (f"seat {event['seat']} writes {what} for turn {event['turn']}: "
            f"{box_text(event['built'])}")


def breakdown(state: "CatanDiceState") -> dict:
    """Every written box per seat, in words, with its points."""
    seats = []
    for seat, sheet in enumerate(state.sheets):
        items = [{"turn": t, "text": f"turn {t}: {box_text(box)}",
                  "built": list(box), "points": sheet.box_points(box)}
                 for t, box in enumerate(sheet.boxes, start=1)]
        seats.append({"seat": seat, "total": sheet.total(), "items": items,
                      "crosses": sum(1 for b in sheet.boxes if not b)})
    return {"seats": seats}


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
