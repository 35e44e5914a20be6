"""The shared front of every game's parser: split the text, know the action kinds, and
say the expected syntax when a game's own parser refuses the arguments."""
from __future__ import annotations

from typing import Callable, Mapping

from .action import Action
from .errors import IllegalAction


def parse_with(text: str, syntax: Mapping[str, str],
               parse_kind: Callable[[str, list[str]], Action]) -> Action:
    """Parse ``text`` with ``parse_kind(kind, args)``; ``syntax`` maps each action kind to
    its syntax line. Raises IllegalAction naming the problem and the syntax."""
    tokens = text.split()
    if not tokens:
        raise IllegalAction("empty action; actions: " + ", ".join(syntax))
    kind, args = tokens[0], tokens[1:]
    if kind not in syntax:
        raise IllegalAction(f"unknown action {kind!r}; actions: {', '.join(syntax)}")
    try:
        return parse_kind(kind, args)
    except IllegalAction as e:
        raise IllegalAction(f"{e} (syntax: {syntax[kind]})") from None
