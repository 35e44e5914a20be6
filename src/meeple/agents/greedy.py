"""The greedy agent: each game's own greedy policy (``Game.greedy_action``)."""
from __future__ import annotations

from ..core.action import Action
from ..core.state import State
from .base import Agent


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, state: State) -> Action:
        return self.game.greedy_action(state, self.rng)
