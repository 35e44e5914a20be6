"""Carcassonne notation (INTERFACE.md): text ⇄ Action, with cached action objects.

``draw T`` · ``place T X Y R`` · ``follower KIND LOC`` · ``pass``. Locations are named in the
placed orientation: edges ``N E S W`` for roads and cities, half-edges ``Nw … Wn`` for fields,
``C`` for a monastery.
"""
from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...tiles.geometry import CENTRE, EDGES, HALVES, ROTATIONS

PASS = Action("pass")
KIND_LOCATIONS: dict[str, tuple[str, ...]] = {
    "road": EDGES, "city": EDGES, "monastery": (CENTRE,), "field": HALVES}
"""Which location names each follower kind takes."""
SYNTAX = {
    "draw": "draw T (T: a tile type letter)",
    "place": "place T X Y R (tile T at x X, y Y (y grows southwards), rotation R: 0 90 180 270)",
    "follower": "follower KIND LOC (road/city at N E S W, field at Nw Ne En Es Se Sw Ws Wn, "
                "monastery at C)",
    "pass": "pass",
}

_DRAW: dict[str, Action] = {}
_PLACE: dict[tuple[str, int, int, int], Action] = {}
_FOLLOWER: dict[tuple[str, str], Action] = {}


def draw(type_: str) -> Action:
    """The (cached) chance action ``draw T``."""
    action = _DRAW.get(type_)
    if action is None:
        action = _DRAW[type_] = Action("draw", type_)
    return action


def place(type_: str, x: int, y: int, degrees: int) -> Action:
    """The (cached) action ``place T X Y R``."""
    key = (type_, x, y, degrees)
    action = _PLACE.get(key)
    if action is None:
        action = _PLACE[key] = Action("place", type_, x, y, degrees)
    return action


def follower(kind: str, loc: str) -> Action:
    """The (cached) action ``follower KIND LOC``."""
    action = _FOLLOWER.get((kind, loc))
    if action is None:
        action = _FOLLOWER[(kind, loc)] = Action("follower", kind, loc)
    return action


def location_problem(kind: str, loc: str) -> str | None:
    """Why ``loc`` cannot name a ``kind`` location, or None."""
    if kind not in KIND_LOCATIONS:
        return f"unknown follower kind {kind!r}; kinds: {', '.join(KIND_LOCATIONS)}"
    if loc not in KIND_LOCATIONS[kind]:
        return f"a {kind} is named by {' '.join(KIND_LOCATIONS[kind])}, not {loc!r}"
    return None


def _int(token: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise IllegalAction(f"{what} must be an integer, not {token!r}") from None


def parse(text: str, types: tuple[str, ...]) -> Action:
    """Parse one action; IllegalAction with the expected syntax if ``text`` is malformed."""
    tokens = text.split()
    if not tokens:
        raise IllegalAction("empty action; actions: " + ", ".join(SYNTAX))
    kind, args = tokens[0], tokens[1:]
    if kind not in SYNTAX:
        raise IllegalAction(f"unknown action {kind!r}; actions: {', '.join(SYNTAX)}")
    try:
        return _parse(kind, args, types)
    except IllegalAction as e:
        raise IllegalAction(f"{e} (syntax: {SYNTAX[kind]})") from None


def _parse(kind: str, args: list[str], types: tuple[str, ...]) -> Action:
    if kind == "pass":
        if args:
            raise IllegalAction("pass takes nothing after it")
        return PASS
    if kind == "follower":
        if len(args) != 2:
            raise IllegalAction("follower takes a kind and a location")
        problem = location_problem(args[0], args[1])
        if problem:
            raise IllegalAction(problem)
        return follower(args[0], args[1])
    if not args or args[0] not in types:
        got = repr(args[0]) if args else "nothing"
        raise IllegalAction(f"expected a tile type ({' '.join(types)}), got {got}")
    if kind == "draw":
        if len(args) != 1:
            raise IllegalAction("draw takes one tile type")
        return draw(args[0])
    if len(args) != 4:
        raise IllegalAction("place takes a tile type, x, y and a rotation")
    x, y, degrees = _int(args[1], "x"), _int(args[2], "y"), _int(args[3], "the rotation")
    if degrees not in ROTATIONS:
        raise IllegalAction(f"rotation must be 0, 90, 180 or 270, not {degrees}")
    return place(args[0], x, y, degrees)
