"""The Catan Dice Game notation of INTERFACE.md: text ⇄ Action."""
from __future__ import annotations

from ...core.action import Action
from ...core.errors import IllegalAction
from ...core.notation import number, parse_with
from ...core.text import words
from .island import ANY_JOKER, COSTS, FACES, KIND, KNIGHT_JOKERS

SYNTAX = {
    "roll": words("roll FACE ... (faces: {faces})", faces=" ".join(FACES)),
    "reroll": words("reroll I ... (dice 0-5, ascending)"),
    "stop": "stop",
    "trade": words("trade I J RES (two gold dice I < J: I becomes RES, J is spent)"),
    "joker": words("joker K I [RES] (knight K's joker on die I; RES only for K6)"),
    "build": words("build road|settlement|city|knight NAME (e.g. build road R3, build city C7)"),
    "end": "end",
}


def _die(token: str) -> int:
    die = number(token)
    if die is None or not 0 <= die < 6:
        raise IllegalAction(words("{token} is not a die number 0-5", token=repr(token)))
    return die


def parse(text: str) -> Action:
    """Parse one action; IllegalAction with the expected syntax if the text is malformed."""
    return parse_with(text, SYNTAX, _parse)


def _parse(kind: str, args: list[str]) -> Action:
    if kind in ("stop", "end"):
        if args:
            raise IllegalAction(words("{kind} takes nothing after it", kind=kind))
        return Action(kind)
    if kind == "roll":
        bad = [a for a in args if a not in FACES]
        if not args or bad:
            raise IllegalAction(words("unknown face {face}", face=repr(bad[0])) if bad
                                else words("roll needs faces"))
        return Action("roll", *args)
    if kind == "reroll":
        if not args:
            raise IllegalAction(words("name the dice to reroll"))
        return Action("reroll", *(_die(a) for a in args))
    if kind == "trade":
        if len(args) != 3:
            raise IllegalAction(words("trade takes two dice and a resource"))
        return Action("trade", _die(args[0]), _die(args[1]), args[2])
    if kind == "joker":
        if len(args) not in (2, 3) or args[0] not in KNIGHT_JOKERS:
            raise IllegalAction(words("joker takes a knight K1-K6, a die and (for K6) a "
                                  "resource"))
        if args[2:] and args[0] != ANY_JOKER:
            raise IllegalAction(words("only {any}'s joker names a resource", any=ANY_JOKER))
        return Action("joker", args[0], _die(args[1]), *args[2:])
    if len(args) != 2 or args[0] not in COSTS or KIND.get(args[1]) != args[0]:
        raise IllegalAction(words("cannot build {what}", what=repr(" ".join(args))))
    return Action("build", args[0], args[1])
