"""The agent contract: an agent picks an action for the seat to move."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..core.action import Action
from ..core.state import Game, State


class Agent(ABC):
    """A player that is not a person. ``act`` must return one of ``state.legal_actions()``."""

    name = "agent"

    def __init__(self, game: Game, seed: int | None = None, **options: str):
        if options:
            raise ValueError(f"agent {self.name!r} takes no options, got {sorted(options)}")
        self.game = game
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, state: State) -> Action:
        """The action this agent plays in ``state`` (its seat is ``state.current_player``)."""

    def __str__(self) -> str:
        return self.name
