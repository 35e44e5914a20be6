"""The state contract: a :class:`~.game.Game` makes :class:`State` objects that drivers play.

Every game implements the same small surface (after OpenSpiel's ``State``): whose turn it
is or :data:`CHANCE`, the legal actions, the chance outcomes, ``apply`` that either changes
the state or raises :class:`IllegalAction` and changes nothing, ``clone``, the end test,
scores with a readable breakdown, and ``view(player)`` with what that seat may see. Each
applied action also leaves its consequences as **events** (``state.events``), data with
words, for the terminal's log and every later driver; what a seat's action was is told by
``narrate(action)``, in words every seat may read (the game log of the server).
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable

from .action import Action
from .errors import IllegalAction
from .outcome import winners
from .text import words

if TYPE_CHECKING:
    from typing import Self          # Python 3.11; read by the checker only

    from .game import Game

CHANCE = -1
"""``current_player`` at a chance node (a tile draw, a dice roll, a board set-up)."""

TERMINAL = -4
"""``current_player`` once the game is over."""


def copy_rng(rng: random.Random) -> random.Random:
    """An independent copy of ``rng`` in the same state (for a clone's first use of its
    RNG; cheaper than ``Random()``, which seeds itself from the OS first)."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


class State(ABC):
    """A position of a game. Subclasses implement the abstract part below."""

    action_type: type[Action] = Action
    """The class of this game's actions (what ``parse`` returns); ``apply`` refuses any
    other, so that whatever it accepts prints as notation that parses back to it."""
    _rng: random.Random
    _rng_shared: bool
    derived: tuple[str, ...] = ()
    """The fields that only keep what the others determine (moves and tables worked out
    once and kept for speed): two states equal in every other field are the same
    position, whatever these hold."""

    def __init__(self, game: "Game", seed: int | None = None):
        self.game = game
        self.num_players = game.players
        self.seed = seed
        self.rng = random.Random(seed)
        self.action_count = 0
        """The number of actions applied so far (the server's ``index``)."""
        self._log: tuple | None = None
        """The events, newest first, as a chain ``(event, older chain)``: appending is
        cheap and a clone shares the chain, since nothing in it ever changes."""

    @property
    def rng(self) -> random.Random:
        """The state's own RNG (chance outcomes when no other is given). A clone shares
        it with its original until either one uses it: the first use takes a private copy
        (copying a Mersenne Twister costs more than the rest of a tile game's clone)."""
        if self._rng_shared:
            self._rng = copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    def share_rng(self, copy: "State") -> None:
        """Give ``copy`` (a clone of this state) this state's RNG, copied on first use by
        either: for ``clone``, which must keep the two independent."""
        copy._rng = self._rng
        self._rng_shared = copy._rng_shared = True

    # --- what a game implements -----------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance node, :data:`TERMINAL` at the end."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions allowed now (at a chance node: the possible outcomes)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(outcome, probability)]`` at a chance node; empty elsewhere."""

    @abstractmethod
    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal. Must not change the state."""

    @abstractmethod
    def _apply_action(self, action: Action) -> None:
        """Apply a legal action to the game's own fields, emitting its events."""

    @abstractmethod
    def parse(self, text: str) -> Action:
        """The action written as ``text`` in the game's notation; IllegalAction if malformed."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat so far (final points once terminal)."""

    def projected_scores(self) -> list[int] | None:
        """The scores if the game ended now (its final scoring applied to the position as
        it stands), where a game has such a thing and every seat may know it; None
        elsewhere. A player aid: the Carcassonne players' "score if it ended now"."""
        return None

    def piece_regions(self) -> dict[str, list[list[list[int]]]] | None:
        """For each list of pieces in the view (``"followers"``, ``"huts"``), per piece in
        its order, the board cells ``[x, y]`` its score counts, for clients to light up;
        None where a game has no such thing. Kept out of ``view()``, which the RL
        encodings call on every step."""
        return None

    @abstractmethod
    def score_breakdown(self) -> dict:
        """``{"seats": [{"seat", "total", "items": [{"text", "points", ...}]}], ...}``."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """A JSON-ready dict of what ``player`` may see (None: a spectator)."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The number of the turn under way, counting from 1 over all players."""

    # --- shared behaviour -----------------------------------------------------------------
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (taken from ``legal_actions``): the fast path
        of simulation and search. Games implement ``_apply_action``, never this or
        ``apply``."""
        self._apply_action(action)
        self.action_count += 1

    def apply(self, action: Action | str) -> Action:
        """Apply ``action`` (an Action or its notation); raise IllegalAction if not allowed.

        Returns the applied Action (useful when a string was given).
        """
        action = self.checked(action)
        self._apply_action(action)      # apply_unchecked's two lines: one call less a move
        self.action_count += 1
        return action

    def checked(self, action: Action | str) -> Action:
        """``action`` (an Action or its notation) as the Action ``apply`` would apply here;
        IllegalAction saying why if it is not allowed. Changes nothing: a driver that says
        what a move does (:meth:`narrate`) before applying it checks it first."""
        if isinstance(action, str):
            action = self.parse(action)
        elif type(action) is not self.action_type:
            raise IllegalAction(_not_an_action(action, self.action_type))
        elif not action or type(action[0]) is not str:
            raise IllegalAction(words("{action}: an action starts with its kind",
                                      action=_shown(action)))
        if self.is_terminal():
            raise IllegalAction(words("the game is over"))
        try:
            reason = self.check(action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            reason = words("malformed action")
        if reason is not None:
            raise IllegalAction(words("{action}: {reason}", action=_shown(action), reason=reason))
        return action

    def narrate(self, action: Action) -> str:
        """What the seat to move does with ``action`` (legal here, not applied yet), in
        words for a person: a phrase whose subject is that seat, e.g. ``"placed a road curve
        north of the starting tile"`` (a driver puts the seat's name before it). It says
        only what every seat may see, so it is the same for every viewer, and no notation
        where the game can say better; its consequences (points, a season's end) are the
        action's events. This default, for a game that has no words of its own, plays it
        as notation."""
        return words("played {action}", action=str(action))

    def advice(self, seat: int) -> str | None:
        """What ``seat`` can do now, in one sentence for a person, and why some things are
        not possible ("Place the tile: it fits in 3 places", "you have no piece left in
        hand: pass"); None when it is not the seat's turn or the game has nothing to add.
        Words for people (:class:`~meeple.core.text.Text`), shown by the drivers beside
        the legal moves."""
        return None

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Draw a chance outcome with ``rng`` (default: the state's own RNG)."""
        rng = rng or self.rng
        outcomes = self.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]

    def determinize(self, player: int, rng: random.Random) -> Self:
        """A copy in which what ``player`` cannot see is re-sampled consistently with
        ``view(player)``. Games without hidden information return a plain clone."""
        return self.clone()

    def winners(self) -> list[int]:
        """The seats with the highest score (ties share)."""
        return winners(self.scores())

    # --- events ---------------------------------------------------------------------------
    def emit(self, kind: str, words: str | Callable[[dict], str], **data: Any) -> None:
        """Record an event of the action being applied: its ``kind``, its data (JSON-ready;
        kept as given, so pass values the state will not change later) and its text in
        ``words``, a str or a function that words the event each time it is read
        (simulation and search never read them, so they never pay for the words). Events
        carry only what every seat may see. An event that scores carries ``points`` and
        ``owners``, the seats that each get them."""
        self._log = ({"index": self.action_count, "kind": kind, "text": words, **data},
                     self._log)

    @property
    def events(self) -> list[dict]:
        """Every event so far, oldest first, as fresh copies (the log itself is shared by
        clones and never changes). An event's
        ``index`` is the number of actions applied before it: the consequences of action
        ``i`` carry index ``i`` (those of the set-up, before any action, index 0)."""
        return self.events_since(0)

    def events_since(self, index: int) -> list[dict]:
        """The events of action ``index`` and every later one, oldest first."""
        out, link = [], self._log
        while link is not None and link[0]["index"] >= index:
            event = link[0]
            words = event["text"]
            copy = _copied(event)
            if not isinstance(words, str):
                copy["text"] = words(event)
            out.append(copy)
            link = link[1]
        out.reverse()
        return out

    def __str__(self) -> str:
        return str(self.game.drawing.picture(self.view(None)))


def _shown(action: Action) -> str:
    """The notation of ``action`` for a message, or its parts if it has none."""
    try:
        return str(action)
    except Exception:                      # an action built of anything, being refused
        return repr(tuple(action))


def _not_an_action(value: object, action_type: type[Action]) -> str:
    """Why ``value`` is refused as an action: it is not of the game's action class."""
    return words("not an action of this game: {value} is a {type}, not {action_type}; write "
                 "the notation (state.apply('pass')) or use state.parse(text) or a legal "
                 "action", value=repr(value), type=type(value).__name__,
                 action_type=action_type.__name__)


def _copied(value: Any) -> Any:
    """A copy of JSON-like data, its lists and dicts copied all the way down."""
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value
