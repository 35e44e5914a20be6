"""How a person may type a tile game's move at the terminal prompt (never in records).

The help shows a placement as ``(0,1):90``; at the prompt that text, ``0 1 90``,
``place 0 1 90`` and ``F 0 1 90`` all name ``place F 0 1 90`` (the drawn tile may be left
out), and a follower may be named without its verb (``road E``). Case does not matter
(see :func:`meeple.core.drawing.prompt_key`).
"""
from __future__ import annotations

import re

from ...core.action import Action
from ...core.drawing import prompt_key

_WHOLE = re.compile(r"-?[0-9]{1,6}")


def prompt_forms(action: Action) -> tuple[str, ...]:
    """The other texts that name the legal ``action`` at the prompt."""
    kind = action[0]
    if kind == "place":
        _, tile, x, y, degrees = action
        return (f"({x},{y}):{degrees}", f"place {x} {y} {degrees}", f"{tile} {x} {y} {degrees}")
    if kind == "follower":
        return (f"{action[1]} {action[2]}",)
    return ()


def placement_notation(view: dict, text: str) -> str:
    """A placement typed in a form the help teaches, at any spot (``(5,5):0``, ``5 5 0``,
    ``place 5 5 0``, ``X 5 5 0``), as the notation of the drawn tile (``place X 5 5 0``):
    where the tile does not fit, the engine then gives its reason, not "unknown action".
    Any other text is returned as typed."""
    if view.get("phase") != "place" or not view.get("tile"):
        return text
    words = prompt_key(text).split()
    if words[:1] == ["place"]:
        words = words[1:]
    if len(words) == 4 and words[0] == str(view["tile"]).casefold():
        words = words[1:]
    if len(words) == 3 and all(_WHOLE.fullmatch(w) for w in words):
        return f"place {view['tile']} {' '.join(str(int(w)) for w in words)}"
    return text
