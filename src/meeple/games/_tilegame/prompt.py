"""How a person may type a tile game's move at the terminal prompt (never in records).

The help shows a placement as ``(0,1):90``; at the prompt that text, ``0 1 90``,
``place 0 1 90`` and ``F 0 1 90`` all name ``place F 0 1 90`` (the drawn tile may be left
out), and a follower may be named without its verb (``road E``). Case does not matter
(see :func:`meeple.core.drawing.prompt_key`).
"""
from __future__ import annotations

from ...core.action import Action


def prompt_forms(action: Action) -> tuple[str, ...]:
    """The other texts that name the legal ``action`` at the prompt."""
    kind = action[0]
    if kind == "place":
        _, tile, x, y, degrees = action
        return (f"({x},{y}):{degrees}", f"place {x} {y} {degrees}", f"{tile} {x} {y} {degrees}")
    if kind == "follower":
        return (f"{action[1]} {action[2]}",)
    return ()
