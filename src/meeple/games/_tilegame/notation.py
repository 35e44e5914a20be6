"""Carcassonne-family notation (INTERFACE.md): text ⇄ Action, with cached action objects.

``draw T`` · ``place T X Y R`` · ``follower KIND LOC`` · ``pass``, plus what a game adds
(Hunters & Gatherers: ``hut LOC``). Locations are named in the placed orientation. A game
describes its follower kinds and their location names in a :class:`Notation`.
"""
from __future__ import annotations

from typing import Callable

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.memo import Memo
from ...core.notation import integer, parse_with
from ...core.text import words
from ...tiles.words import feature_word
from ...tiles.geometry import ROTATIONS

PASS = Action("pass")
PLACE_SYNTAX = words("place T X Y R (tile T at x X, y Y (y grows southwards), rotation R: "
                     "0 90 180 270)")

ACTIONS_KEPT = 1 << 12
"""Each memo of actions below keeps at most this many; ``_PLACE`` holds what the parser
read, whose coordinates come from anyone's text, so it must not grow without end."""
_DRAW: Memo[str, Action] = Memo(ACTIONS_KEPT)
_PLACE: Memo[tuple[str, int, int, int], Action] = Memo(ACTIONS_KEPT)
_PAIR: Memo[tuple[str, ...], Action] = Memo(ACTIONS_KEPT)

Parser = Callable[[list[str]], Action]
"""Reads the arguments of one extra verb (``hut LOC``) into its Action."""


def draw(type_: str) -> Action:
    """The (cached) chance action ``draw T``."""
    action = _DRAW.table.get(type_)
    if action is None:
        action = _DRAW.put(type_, Action("draw", type_))
    return action


def place(type_: str, x: int, y: int, degrees: int) -> Action:
    """The (cached) action ``place T X Y R``."""
    key = (type_, x, y, degrees)
    action = _PLACE.table.get(key)
    if action is None:
        action = _PLACE.put(key, Action("place", type_, x, y, degrees))
    return action


def follower(kind: str, loc: str) -> Action:
    """The (cached) action ``follower KIND LOC``."""
    return cached("follower", kind, loc)


def cached(verb: str, *args: str) -> Action:
    """The (cached) action ``verb ARG...`` with one or two text arguments."""
    key = (verb, *args, "")[:3]
    action = _PAIR.table.get(key)
    if action is None:
        action = _PAIR.put(key, Action(verb, *args))
    return action


class Notation:
    """One game's notation: its follower kinds with their location names, the syntax shown
    in error messages, and parsers for verbs beyond the shared four."""

    def __init__(self, kind_locations: dict[str, tuple[str, ...]], syntax: dict[str, str],
                 extra: dict[str, Parser] | None = None,
                 hints: dict[tuple[str, str], str] | None = None):
        self.kind_locations = kind_locations
        self.follower_kinds = tuple(kind_locations)
        self.syntax = syntax
        self.extra = extra or {}
        self.hints = hints or {}

    def location_problem(self, kind: str, loc: str) -> str | None:
        """Why ``loc`` cannot name a ``kind`` location, or None."""
        names = self.kind_locations.get(kind)
        if names is None:
            return words("unknown follower kind {kind}; kinds: {kinds}", kind=repr(kind),
                         kinds=", ".join(self.kind_locations))
        if loc not in names:
            hint = self.hints.get((kind, loc))
            if hint:
                return words("a {kind} is named by {names}, not {loc} ({hint})",
                             kind=feature_word(kind), names=" ".join(names), loc=repr(loc),
                             hint=hint)
            return words("a {kind} is named by {names}, not {loc}", kind=feature_word(kind),
                         names=" ".join(names), loc=repr(loc))
        return None

    def parse(self, text: str, types: tuple[str, ...]) -> Action:
        """Parse one action; IllegalAction with the expected syntax if ``text`` is malformed."""
        return parse_with(text, self.syntax, lambda kind, args: self._parse(kind, args, types))

    def _parse(self, kind: str, args: list[str], types: tuple[str, ...]) -> Action:
        if kind == "pass":
            if args:
                raise IllegalAction(words("pass takes nothing after it"))
            return PASS
        if kind == "follower":
            if len(args) != 2:
                raise IllegalAction(words("follower takes a kind and a location"))
            problem = self.location_problem(args[0], args[1])
            if problem:
                raise IllegalAction(problem)
            return follower(args[0], args[1])
        if kind in self.extra:
            return self.extra[kind](args)
        if not args or args[0] not in types:
            got = repr(args[0]) if args else words("nothing")
            raise IllegalAction(words("expected a tile type ({types}), got {got}",
                                      types=" ".join(types), got=got))
        if kind == "draw":
            if len(args) != 1:
                raise IllegalAction(words("draw takes one tile type"))
            return draw(args[0])
        if len(args) != 4:
            raise IllegalAction(words("place takes a tile type, x, y and a rotation"))
        x, y = integer(args[1], "x", signed=True), integer(args[2], "y", signed=True)
        degrees = integer(args[3], words("the rotation"))
        if degrees not in ROTATIONS:
            raise IllegalAction(words("rotation must be 0, 90, 180 or 270, not {degrees}",
                                      degrees=degrees))
        return place(args[0], x, y, degrees)
