"""The greedy agent: each game's own greedy policy (``game.policy.greedy_action``)."""
from __future__ import annotations

from ..core.action import Action
from ..core.agent import Agent
from ..core.state import State
from ..core.text import words


class GreedyAgent(Agent[State]):
    name = "greedy"
    description = words("the game's own one-turn heuristic (its policy's greedy move)")

    def act(self, state: State) -> Action:
        return self.game.policy.greedy_action(state, self.rng)
