"""The agent contract: an agent picks an action for the seat to move.

An agent sees a game the way its seat does: it may read of a state only what
``state.view(seat)`` shows, and where the game hides something (``game.hides_information``)
it searches copies from ``state.determinize(seat, rng)``, never the real hidden facts. An
agent class declares its name, a one-line description and its options as data; games add
agents of their own through ``Game.agents``.
"""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Sequence, TypeVar

from .action import Action
from .options import Option, check_all
from .text import words

if TYPE_CHECKING:
    from .game import Game
    from .state import State

WIN_RATE = "win rate"
EXPECTED_SCORE = "expected score"
S = TypeVar("S", bound="State")
"""The states an agent plays: ``State`` for the built-in agents, which play every game; a
game's own agent reads its own states (``RankingAgent[CatanDiceState]``)."""


class RankedAction(NamedTuple):
    """A move with its estimated value (a win rate in 0..1, or an expected final score, as
    the agent's ``ranks_by`` says), the search visits behind it (None: not a search), its
    expected margin: the seat's final score minus the best other seat's, in points (None
    where the agent gives none, e.g. in a solo game); ``then``, the same seat's next
    decision the agent expects to make right after it (a follower after a tile), None
    where another seat or chance comes next or the agent did not look; and every seat's win
    chance after it from the same search (:func:`win_chances`; None where the agent gives
    none), of which ``value`` is the moving seat's."""

    action: Action
    value: float
    visits: int | None
    margin: float | None = None
    then: Action | None = None
    chances: tuple[float, ...] | None = None


PRIOR_VISITS = 10
"""How many playouts' worth of weight an estimate of win chances gives the even chance
(one in the number of seats) before its own playouts: 125 playouts all won read as 96%,
not as a certain win, and every seat's chances from one search add up to 1."""


def win_chances(shares: Sequence[float], visits: int) -> tuple[float, ...]:
    """Every seat's win chance from ``shares``, its win shares summed over ``visits``
    playouts: shrunk toward the even chance by :data:`PRIOR_VISITS` (few playouts say
    little), and scaled to add up to 1 (a search's leaf chances, each seat's against the
    best other, need not)."""
    even = 1 / len(shares)
    shrunk = [(s + PRIOR_VISITS * even) / (visits + PRIOR_VISITS) for s in shares]
    total = sum(shrunk)
    return tuple(c / total for c in shrunk)


class Agent(ABC, Generic[S]):
    """A player that is not a person. ``act`` returns one of ``state.legal_actions()``.

    ``options`` declares what a spec such as ``mcts:iters=500`` may set; the values given
    (text) are parsed and checked against it, and the agent reads them from
    ``self.settings`` (every declared option, defaults filled in)."""

    name = "agent"
    description = ""
    options: tuple[Option, ...] = ()

    def __init__(self, game: "Game", seed: int | None = None, **options: str):
        self.settings: dict[str, Any] = check_all(
            self.options, options, words("agent {name}", name=repr(self.name)), parse=True)
        self.game = game
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, state: S) -> Action:
        """The action this agent plays in ``state`` (its seat is ``state.current_player``)."""

    @classmethod
    def describe(cls) -> dict:
        """Name, one line and options as JSON-ready data (``meeple agents``, the server)."""
        return {"name": cls.name, "description": cls.description,
                "options": [o.describe() for o in cls.options]}

    def __str__(self) -> str:
        return self.name


class RankingAgent(Agent[S]):
    """An agent that can explain its choice: its best moves with their values (hints)."""

    ranks_by = WIN_RATE
    """What ``RankedAction.value`` means for this agent: WIN_RATE or EXPECTED_SCORE."""

    @abstractmethod
    def ranked(self, state: S, k: int = 3) -> list[RankedAction]:
        """The ``k`` best moves in ``state``, best first."""
