"""The uniformly random agent: the baseline every other agent must beat."""
from __future__ import annotations

from ..core.action import Action
from ..core.state import State
from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
