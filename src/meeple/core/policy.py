"""A game's bot knowledge as one typed object: position values and the greedy move.

Knowledge that bots use lives with the game (DESIGN.md): each game declares a subclass in
its ``policy`` module (``Game.policy_class``); agents reach it as ``game.policy``. The
defaults are neutral, so a new game plays with every agent before it has a heuristic:
points as the value, and greedy as the best one-move look-ahead on it.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Generic, TypeVar

from .action import Action

if TYPE_CHECKING:
    from .game import Game
    from .state import State

S = TypeVar("S", bound="State")
"""The game's state class: a game's policy reads its own states (``Policy[TileGameState]``)."""


class Policy(Generic[S]):
    """Values of positions and one-move scores for the game ``game``."""

    def __init__(self, game: "Game"):
        self.game = game

    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic value of ``state`` for ``seat`` (higher is better); default: points."""
        return float(state.scores()[seat])

    def evaluate_all(self, state: S) -> list[float]:
        """Every seat's :meth:`evaluate` of ``state``, in seat order (MCTS evaluates every
        seat at a leaf; a game overrides this where one pass is cheaper)."""
        return [self.evaluate(state, seat) for seat in range(state.num_players)]

    def reward_scale(self, state: S) -> float | None:
        """How far, in points, the final margin between two seats may still move from
        their evaluated margin at ``state`` (about one standard deviation); None where the
        game does not say. MCTS turns an evaluated margin into a win chance with it."""
        return None

    def search_actions(self, state: S) -> list[Action]:
        """The moves a search weighs at ``state`` below its root (by default every legal
        move; a game whose positions offer hundreds of moves of little use, such as Catan's
        trade offers, may name fewer)."""
        return state.legal_actions()

    def action_scores(self, state: S) -> list[tuple[Action, float]]:
        """Every legal move with a one-move score of it (higher is better); by default the
        one-step :meth:`evaluate` look-ahead. MCTS tries the root's moves in this order."""
        seat = state.current_player
        out = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            out.append((action, self.evaluate(child, seat)))
        return out

    def greedy_action(self, state: S, rng: random.Random) -> Action:
        """The greedy move: the best of :meth:`action_scores`, ties broken by ``rng``."""
        scored = self.action_scores(state)
        top = max(v for _, v in scored)
        return rng.choice([a for a, v in scored if v == top])
