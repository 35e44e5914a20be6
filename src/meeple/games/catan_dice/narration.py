"""A seat's action of the Catan Dice Game in words, for the game log (``State.narrate``).

Nothing is hidden in this game, so the dice are named: the first action after a roll says
what the roll showed ("rolled 2 ore, grain and gold, then rerolled 2 dice (ore and gold)",
"got wool on the reroll, then kept the dice"), so the log tells the dice without a line of
their own for the chance outcome. The points a turn writes are its event.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...core.action import Action
from .island import FACES, KIND, KNIGHT_JOKERS, VALUE

if TYPE_CHECKING:
    from .rules import CatanDiceState


def faces_words(faces: list[str]) -> str:
    """``"2 ore, grain and gold"``, in the dice faces' order."""
    counts = Counter(faces)
    parts = [f"{counts[f]} {f}" if counts[f] > 1 else f for f in FACES if counts[f]]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def built_words(name: str) -> str:
    """``"a road"``, ``"the 4-point settlement"``, ``"knight 3"``."""
    kind = KIND[name]
    if kind == "road":
        return "a road"
    if kind == "knight":
        return f"knight {name[1:]}"
    return f"the {VALUE[name]}-point {kind}"


def _action_words(state: "CatanDiceState", action: Action) -> str:
    kind, dice = action[0], state.dice
    if kind == "reroll":
        n = len(action) - 1
        return (f"rerolled {'a die' if n == 1 else f'{n} dice'} "
                f"({faces_words([FACES[dice[i]] for i in action[1:]])})")
    if kind == "stop":
        return "kept the dice"
    if kind == "build":
        return f"built {built_words(action[2])}"
    if kind == "trade":
        return f"exchanged two gold for {action[3]}"
    if kind == "joker":
        knight, die = action[1], action[2]
        made = action[3] if len(action) > 3 else FACES[KNIGHT_JOKERS[knight]]  # type: ignore[index]
        return f"used the joker of knight {knight[1:]} to turn {FACES[dice[die]]} into {made}"
    if kind == "end":
        return "ended the turn" + ("" if state.built_now else " without building")
    return f"played {action}"


def narrate(state: "CatanDiceState", action: Action) -> str:
    """The action's words, after what the roll just made showed if it is the first action
    since a roll."""
    words = _action_words(state, action)
    if not state.fresh:
        return words
    rolled = faces_words([FACES[state.dice[i]] for i in state.pending])
    said = f"rolled {rolled}" if state.rolls == 1 else f"got {rolled} on the reroll"
    return f"{said}, then {words}"
