"""What the Catan Dice sheets score: the per-turn breakdown and the written-turn events."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Game
from ...core.text import Text, cwords, nwords, seat_words, words
from .island import KIND, VALUE, X_POINTS

KIND_WORDS = {"road": cwords("structure", "road"), "knight": cwords("structure", "knight"),
              "settlement": cwords("structure", "settlement"),
              "city": cwords("structure", "city")}
"""Each kind of structure in words for people."""

if TYPE_CHECKING:
    from .rules import CatanDiceState


def box_text(box: list[str]) -> str:
    """``"road R3 (1) + knight K1 (1)"`` or ``"X: nothing built"``."""
    if not box:
        return words("X: nothing built")
    said: Text | None = None
    for n in box:
        one = words("{kind} {name} ({value})", kind=KIND_WORDS.get(KIND[n], KIND[n]), name=n,
                    value=VALUE[n])
        said = one if said is None else words("{a} + {b}", a=said, b=one)
    return said if said is not None else words("X: nothing built")


def written_text(event: dict) -> str:
    """The words of a ``written`` event: a turn's points (or an X) and what was built."""
    built = box_text(event["built"])
    seat = seat_words(event["seat"], Game.colours[event["seat"]])     # the default colours
    if event["built"]:
        return nwords("{seat} writes {n} point for turn {turn}: {built}",
                      "{seat} writes {n} points for turn {turn}: {built}",
                      event["points"], seat=seat, turn=event["turn"], built=built)
    return words("{seat} writes an X ({x}) for turn {turn}: {built}", seat=seat,
                 x=X_POINTS, turn=event["turn"], built=built)


def breakdown(state: "CatanDiceState") -> dict:
    """Every written box per seat, in words, with its points."""
    seats = []
    for seat, sheet in enumerate(state.sheets):
        items = [{"turn": t, "text": words("turn {turn}: {built}", turn=t, built=box_text(box)),
                  "built": list(box), "points": sheet.box_points(box)}
                 for t, box in enumerate(sheet.boxes, start=1)]
        seats.append({"seat": seat, "total": sheet.total(), "items": items,
                      "crosses": sum(1 for b in sheet.boxes if not b)})
    return {"seats": seats}
