"""The uniformly random agent: the baseline every other agent must beat."""
from __future__ import annotations

from ..core.action import Action
from ..core.agent import Agent
from ..core.state import State
from ..core.text import words


class RandomAgent(Agent[State]):
    name = "random"
    description = words("a uniformly random legal move (the baseline)")

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
