"""Random play to the end: the loop that benchmarks, tests and ``meeple bench`` share."""
from __future__ import annotations

import random
from typing import Iterator

from ..core.action import Action
from ..core.state import CHANCE, State


def random_steps(state: State, rng: random.Random, chance: random.Random | None = None,
                 max_actions: int = 1_000_000) -> Iterator[Action]:
    """Play ``state`` to the end with uniformly random moves from ``rng`` and chance from
    ``chance`` (default: the state's own RNG), each action checked as it is applied;
    yields every action just after it is applied, so a caller can look at each step.
    RuntimeError if the game has not ended after ``max_actions``."""
    for _ in range(max_actions):
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            action = state.sample_chance(chance)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        yield action
    if not state.is_terminal():                # ended by the last action allowed: fine
        raise RuntimeError(f"the game did not end within {max_actions} actions")
