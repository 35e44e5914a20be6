"""Playing one game to the end: the loop every driver shares.

The state's own seeded RNG samples chance outcomes, and each agent gets a seed derived
from the game's seed, so ``(game, agents, seed)`` always gives the same game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..agents import Agent, make_agent
from ..core.game import Game
from ..core.record import Record
from ..core.state import CHANCE, State


@dataclass
class GameResult:
    state: State
    record: Record

    @property
    def scores(self) -> list[int]:
        return self.state.scores()


def agent_seed(game_seed: int, seat: int) -> int:
    """A seat's agent seed, distinct per seat and game, stable across processes."""
    return game_seed * 7919 + 104729 * (seat + 1)


def make_agents(game: Game, specs: Sequence[str], seed: int) -> list[Agent]:
    return [make_agent(spec, game, agent_seed(seed, seat)) for seat, spec in enumerate(specs)]


def play_game(game: Game, agents: Sequence[Agent], seed: int,
              on_action: Callable[[State, object], None] | None = None) -> GameResult:
    """Play one game from ``seed`` with ``agents[seat]`` choosing for each seat."""
    state = game.new_state(seed)
    actions: list[str] = []
    while not state.is_terminal():
        player = state.current_player
        action = state.sample_chance() if player == CHANCE else agents[player].act(state)
        if on_action is not None:
            on_action(state, action)
        state.apply_unchecked(action) if player == CHANCE else state.apply(action)
        actions.append(str(action))
    record = Record(game.name, game.players, dict(game.config), seed, actions)
    return GameResult(state, record)
