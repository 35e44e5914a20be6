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
from ...core.text import cwords, join_words, nwords, words
from .island import FACES, KIND, KNIGHT_JOKERS, VALUE

if TYPE_CHECKING:
    from .rules import CatanDiceState


_FACE_WORDS = {"ore": cwords("resource", "ore"), "grain": cwords("resource", "grain"),
               "wool": cwords("resource", "wool"), "lumber": cwords("resource", "lumber"),
               "brick": cwords("resource", "brick"), "gold": cwords("resource", "gold")}


_TERRAIN_WORDS = {"mountains": cwords("terrain", "mountains"),
                  "fields": cwords("terrain", "fields"), "pasture": cwords("terrain", "pasture"),
                  "forest": cwords("terrain", "forest"), "hills": cwords("terrain", "hills"),
                  "desert": cwords("terrain", "desert")}
"""The terrains the knights stand on, in Catan's words (a game knows only its own package,
so the table is its own: the same messages as Catan's, one entry of the catalogue)."""


def terrain_word(terrain: str) -> str:
    """A terrain's name (``"mountains"``), translatable."""
    return _TERRAIN_WORDS[terrain]


def face_word(face: str) -> str:
    """A resource's name (``"ore"``), translatable."""
    return _FACE_WORDS[face]


def faces_words(faces: list[str]) -> str:
    """``"2 ore, grain and gold"``, in the dice faces' order."""
    counts = Counter(faces)
    return join_words([words("{n} {resource}", n=counts[f], resource=face_word(f))
                       if counts[f] > 1 else face_word(f) for f in FACES if counts[f]])


def built_words(name: str) -> str:
    """``"a road"``, ``"the 4-point settlement"``, ``"knight 3"``."""
    kind = KIND[name]
    if kind == "road":
        return words("a road")
    if kind == "knight":
        return words("knight {number}", number=name[1:])
    if kind == "settlement":
        return words("the {value}-point settlement", value=VALUE[name])
    return words("the {value}-point city", value=VALUE[name])


def _action_words(state: "CatanDiceState", action: Action) -> str:
    kind, dice = action[0], state.dice
    if kind == "reroll":
        n = len(action) - 1
        return nwords("rerolled a die ({faces})", "rerolled {n} dice ({faces})", n,
                      faces=faces_words([FACES[dice[i]] for i in action[1:]]))
    if kind == "stop":
        return words("kept the dice")
    if kind == "build":
        return words("built {building}", building=built_words(action[2]))
    if kind == "trade":
        return words("exchanged two gold for {resource}", resource=face_word(action[3]))
    if kind == "joker":
        knight, die = action[1], action[2]
        made = action[3] if len(action) > 3 else FACES[KNIGHT_JOKERS[knight]]  # type: ignore[index]
        return words("used the joker of knight {number} to turn {face} into {made}",
                     number=knight[1:], face=face_word(FACES[dice[die]]),
                     made=face_word(made))
    if kind == "end":
        return words("ended the turn") if state.built_now else words(
            "ended the turn without building")
    return words("played {action}", action=" ".join(map(str, action)))


def narrate(state: "CatanDiceState", action: Action) -> str:
    """The action's words, after what the roll just made showed if it is the first action
    since a roll."""
    did = _action_words(state, action)
    if not state.fresh:
        return did
    rolled = faces_words([FACES[state.dice[i]] for i in state.pending])
    said = (words("rolled {faces}", faces=rolled) if state.rolls == 1
            else words("got {faces} on the reroll", faces=rolled))
    return words("{rolled}, then {did}", rolled=said, did=did)
