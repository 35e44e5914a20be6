"""Actions: small immutable tuples whose text is the game's notation.

An action is a tuple ``(kind, arg, ...)``; ``str(action)`` joins the parts with single
spaces, which is the notation of most actions in every game (``place U 0 1 90``,
``build road R3``). A game whose notation needs another shape subclasses :class:`Action`
and overrides ``__str__``. Tuples keep equality, hashing and sorting for free and cost
little to make, which matters in the hot loops of simulation and search.
"""
from __future__ import annotations


class Action(tuple):
    """One move or chance outcome, e.g. ``Action("draw", "U")``."""

    __slots__ = ()

    def __new__(cls, *parts: object) -> "Action":
        return tuple.__new__(cls, parts)

    @property
    def kind(self) -> str:
        return self[0]

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"
