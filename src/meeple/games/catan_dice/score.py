"""What the Catan Dice sheets score: the per-turn breakdown and the written-turn events."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .island import KIND, VALUE, X_POINTS

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
