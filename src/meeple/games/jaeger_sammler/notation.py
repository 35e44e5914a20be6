"""The Jäger und Sammler notation of INTERFACE.md: text ⇄ action.

    setup K ...      chance: tile kinds laid on the empty fields in row-major order
    move A>B>C       one pawn two steps (from A over B to C)
    move A>B D>E     two pawns one step each, in the order written
    remove A         take the pawn on A off the board (and its tile)

A move is ``JSAction("move", path, ...)`` whose parts after the kind are the pawns' paths,
tuples of field names; setup and remove are flat tuples of strings. Field names are
normalised (``"03,4"`` is read as ``"3,4"``) so that ``parse(str(a)) == a``.
"""
from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.notation import parse_with
from ...core.text import words
from .board import field_name, parse_field
from .tiles import CODE

SYNTAX = {
    "setup": words("setup KIND ... (one kind per empty field, row-major order)"),
    "move": words("move A>B>C (one pawn two steps) or move A>B D>E (two pawns one step each)"),
    "remove": words("remove A (take the pawn on field A off the board)"),
}


class JSAction(Action):
    """An action of this game; a move prints its paths joined by ``>``."""

    __slots__ = ()

    def __str__(self) -> str:
        if self and self[0] == "move":
            return "move " + " ".join(">".join(map(str, path)) if isinstance(path, tuple)
                                      else str(path) for path in self[1:])
        return " ".join(map(str, self))


def move(*paths: tuple[str, ...]) -> JSAction:
    """The move of the given pawn paths (field names), e.g. ``move(("1,1", "1,2"), ...)``."""
    return JSAction("move", *paths)


def _field(token: str) -> str:
    rc = parse_field(token)
    if rc is None:
        raise IllegalAction(words("{token} is not a field; write fields as r,c (e.g. 3,4)",
                                  token=repr(token)))
    return field_name(*rc)


def parse(text: str) -> JSAction:
    """Parse one action; IllegalAction naming the problem and the syntax if malformed."""
    return parse_with(text, SYNTAX, _parse)


def _parse(kind: str, args: list[str]) -> JSAction:
    if kind == "setup":
        bad = [a for a in args if a not in CODE]
        if not args or bad:
            raise IllegalAction(words("unknown tile kind {kind}", kind=repr(bad[0])) if bad else
                                words("setup needs the kinds of the tiles laid"))
        return JSAction("setup", *args)
    if kind == "remove":
        if len(args) != 1:
            raise IllegalAction(words("remove takes exactly one field"))
        return JSAction("remove", _field(args[0]))
    paths = tuple(tuple(_field(t) for t in arg.split(">")) for arg in args)
    shape = [len(p) for p in paths]
    if shape not in ([3], [2, 2]):
        raise IllegalAction(words("a move is one pawn two steps (A>B>C) or two pawns one step "
                                  "each (A>B D>E)"))
    return JSAction("move", *paths)
