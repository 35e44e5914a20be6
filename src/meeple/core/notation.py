"""The shared front of every game's parser: split the text, know the action kinds, read
numbers, and say the expected syntax when a game's own parser refuses the arguments.

Numbers in every notation are ASCII digits (``0-9``), with a leading ``-`` where the
notation allows a negative number (tile coordinates); other scripts' digits, superscripts,
``+``, ``_`` and spaces inside a number are refused, though ``int()`` reads some of them.
"""
from __future__ import annotations

import re
from typing import Callable, Mapping, TypeVar

from .action import Action
from .errors import IllegalAction
from .text import words


MAX_DIGITS = 9
"""The most digits a number in the notation may have (no board or die needs more)."""
_SIGNED = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)
_UNSIGNED = re.compile(r"[0-9]{1,%d}" % MAX_DIGITS)
_SPACES = re.compile(r"[ \t\r\n]+")
A = TypeVar("A", bound=Action)
"""The game's action class (``parse_with`` returns what ``parse_kind`` makes)."""


def number(token: str, signed: bool = False) -> int | None:
    """``token`` read as a whole number (ASCII digits, a leading ``-`` if ``signed``), or
    None if it is not one."""
    if (_SIGNED if signed else _UNSIGNED).fullmatch(token) is None:
        return None
    return int(token)


def integer(token: str, what: str, signed: bool = False) -> int:
    """``token`` read as a whole number; IllegalAction naming ``what`` if it is not one."""
    value = number(token, signed)
    if value is None:
        if signed:
            raise IllegalAction(words("{what} must be an integer (ASCII digits 0-9, at most "
                                      "{digits}, a leading - if negative), not {token}",
                                      what=what, digits=MAX_DIGITS, token=repr(token)))
        raise IllegalAction(words("{what} must be an integer (ASCII digits 0-9, at most "
                                  "{digits}), not {token}", what=what, digits=MAX_DIGITS,
                                  token=repr(token)))
    return value


def tokens(text: str) -> list[str]:
    """The tokens of ``text``, split at ASCII spaces, tabs and line ends (a no-break space
    or another script's space is part of a token, never a separator)."""
    return [t for t in _SPACES.split(text) if t]


CHANCE_KINDS = frozenset({"draw", "roll", "setup"})
"""Action kinds that only chance plays (a tile drawn, dice rolled, a board set up): an
error about an unknown action names them apart from a player's moves."""


def _kinds(syntax: Mapping[str, str]) -> str:
    """The action kinds of ``syntax`` as an error lists them: a player's moves first, then
    the kinds that only chance plays."""
    moves = [k for k in syntax if k not in CHANCE_KINDS]
    dealt = [k for k in syntax if k in CHANCE_KINDS]
    if dealt:
        return words("moves: {moves} (and chance's: {dealt})", moves=", ".join(moves),
                     dealt=", ".join(dealt))
    return words("moves: {moves}", moves=", ".join(moves))


def parse_with(text: str, syntax: Mapping[str, str],
               parse_kind: Callable[[str, list[str]], A]) -> A:
    """Parse ``text`` with ``parse_kind(kind, args)``; ``syntax`` maps each action kind to
    its syntax line. Raises IllegalAction naming the problem and the syntax."""
    if not isinstance(text, str):
        raise IllegalAction(words("an action in notation is text, not {type}",
                                  type=type(text).__name__))
    parts = tokens(text)
    if not parts:
        raise IllegalAction(words("empty action; {kinds}", kinds=_kinds(syntax)))
    kind, args = parts[0], parts[1:]
    if kind not in syntax:
        raise IllegalAction(words("unknown action {kind}; {kinds}", kind=repr(kind),
                                  kinds=_kinds(syntax)))
    try:
        return parse_kind(kind, args)
    except IllegalAction as e:
        raise IllegalAction(words("{error} (syntax: {syntax})", error=e.args[0] if e.args
                                  else str(e), syntax=syntax[kind])) from None
