"""The Gymnasium single-agent environment: one seat learns, meeple bots play the others.

It drives the AEC environment (:mod:`meeple.rl.aec`) so that both share one reading of
actions, chance, rewards and illegal moves: after the learner's action the other seats move
by themselves (any agent spec, ``greedy`` by default) until the learner is to move again or
the game is over. The same seed gives the same game, the bots' choices included.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from ..agents import make_agent
from ..core.game import Game
from .aec import MeepleEnv


class MeepleGymEnv(gymnasium.Env):
    """``meeple.rl.gym_env`` makes one; ``gymnasium.make("meeple/<game>-v0")`` too.

    ``opponents``: one agent spec for every other seat, or a list of specs in seat order.
    ``seat``: the learner's seat. The other keywords are those of
    :class:`~meeple.rl.aec.MeepleEnv` (``reward``, ``illegal``, ...)."""

    metadata = MeepleEnv.metadata

    def __init__(self, game: Game, opponents: str | Sequence[str] = "greedy", seat: int = 0,
                 **options: Any):
        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"seat must be 0..{game.players - 1}, not {seat!r}")
        specs = [opponents] * (game.players - 1) if isinstance(opponents, str) \
            else list(opponents)
        if len(specs) != game.players - 1:
            raise ValueError(f"{game.players - 1} opponents play {game.name} with "
                             f"{game.players} seats; {len(specs)} given")
        for spec in specs:
            make_agent(spec, game)  # a bad spec fails here, not at the first reset
        self.aec = MeepleEnv(game, **options)
        self.game, self.seat, self.specs = game, seat, specs
        self.render_mode = self.aec.render_mode
        self.agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.encoding = self.aec.encoding
        self._reset = False

    def _started(self, what: str) -> None:
        """A clear error for ``what`` before the first ``reset()`` (there is no game yet)."""
        if not self._reset:
            raise RuntimeError(f"{what} before reset(): call env.reset(seed=...) first, "
                               "which deals the game")

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**31))
        self.aec.reset(seed=seed)
        self._reset = True
        others = [s for s in range(self.game.players) if s != self.seat]
        self.bots = {s: make_agent(spec, self.game, seed=random.Random(f"{seed}/{s}")
                                   .randrange(2**31)) for s, spec in zip(others, self.specs)}
        reward = self._others()
        info = {"reward_before_first_move": reward} if reward else {}
        return self.aec.observe(self.agent), {**self.aec.infos[self.agent], **info}

    def step(self, action: int):
        self._started("step()")
        aec = self.aec
        aec.step(action)
        reward = aec.rewards[self.agent]
        info = dict(aec.infos[self.agent])
        if "illegal" not in info:
            reward += self._others()
            info = dict(aec.infos[self.agent])
        terminated = aec.terminations[self.agent]
        return aec.observe(self.agent), float(reward), terminated, False, info

    def render(self):
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

    def action_to_notation(self, index: int) -> str | None:
        return self.aec.action_to_notation(index)

    def notation_to_action(self, text: str) -> int:
        return self.aec.notation_to_action(text)

    def state_record(self) -> dict:
        return self.aec.state_record()

    def legal_indices(self) -> list[int]:
        self._started("legal_indices()")
        return self.aec.legal_indices()

    def action_masks(self) -> np.ndarray:
        """The mask of the position now (the name sb3-contrib's MaskablePPO looks for)."""
        self._started("action_masks()")
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def _others(self) -> float:
        """Let the bots move until the learner is to move or the game ends; the learner's
        reward meanwhile (the final one, when a bot's move ends the game)."""
        aec, reward = self.aec, 0.0
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            state = aec.state
            move = self.bots[state.current_player].act(state)
            aec.step(aec.encoding.index(state, move))
            reward += aec.rewards[self.agent]
        return reward
