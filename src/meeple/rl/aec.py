"""The PettingZoo AEC environment: one meeple game, every seat an agent.

The environment is a thin driver over the engine: chance outcomes (tile draws, dice, the
board set-up) are dealt inside it from the seed given to ``reset``, so one seed is one game;
the seat to move is ``agent_selection``; a step takes an action index of the game's
:class:`~meeple.core.encoding.Encoding` (``game.encoding()``) and plays the engine's action it stands for. Every
observation is made from ``state.view(seat)`` alone and carries the exact ``action_mask``.
"""
from __future__ import annotations

import io
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.record import Record
from ..core.state import State
from .rewards import REWARDS, final_rewards

ILLEGAL = ("penalize", "raise")


class MeepleEnv(AECEnv):
    """A meeple game as a PettingZoo AEC environment (``meeple.rl.env`` makes one).

    ``reward``: ``"score"`` (at the end, a seat's score minus the mean of the others'; its
    score alone in a one-seat game) or ``"win"`` (+1 a sole winner, 0 a shared win, −1 the
    others). ``illegal``: what an action the mask does not allow does — ``"penalize"``
    (the default: nothing changes, the seat gets ``illegal_reward`` and ``info["illegal"]``
    says why, and it is still to move) or ``"raise"`` (:class:`meeple.IllegalAction`,
    nothing changes). ``radius`` and other ``encoding`` keywords go to the encoding."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game: Game, reward: str = "score", illegal: str = "penalize",
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 **encoding: Any):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if reward == "win" and game.players == 1:
            raise ValueError("reward 'win' needs two seats or more; use reward='score'")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of "
                             f"{', '.join(self.metadata['render_modes'])} or None")
        self.game, self.reward, self.illegal = game, reward, illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.encoding = game.encoding(**encoding)      # NoEncoding where it has none
        self.metadata = {**self.metadata, "name": f"meeple_{game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.size
        observation = spaces.Dict({**self.encoding.observation_spaces(),
                                   "action_mask": spaces.Box(0, 1, (size,), np.int8)})
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.state: State | None = None
        self._legal: dict[int, Any] | None = None

    # --- PettingZoo API -----------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game dealt from ``seed`` (a random seed when None)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.seed_used = seed
        self.state = self.game.new_state(seed=seed)
        self._actions: list[str] = []
        self._legal = None
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._deal()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        observation = self.encoding.observe(self.state.view(seat), seat)
        if seat == self.state.current_player:
            observation["action_mask"] = self._mask()
        else:
            observation["action_mask"] = np.zeros(self.encoding.size, dtype=np.int8)
        return observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal_actions().get(_as_index(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if chosen is None:
            self._refuse(agent, action)
        else:
            self.infos[agent] = {}
            self._play(chosen)
            self._deal()
            if self.state.is_terminal():
                self._finish()
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The terminal picture of the game as a spectator sees it (``ansi``: the text
        with colour codes; ``human``: printed)."""
        if self.render_mode is None:
            return None
        from rich.console import Console

        text = self.game.drawing.picture(self.state.view(None), width=120)
        if self.render_mode == "human":
            Console(highlight=False).print(text)
            return None
        out = io.StringIO()
        Console(file=out, force_terminal=True, width=120, highlight=False).print(text)
        return out.getvalue()

    def close(self) -> None:
        pass

    # --- the notation --------------------------------------------------------------------
    def action_to_notation(self, index: int) -> str | None:
        """The notation of the action ``index`` stands for now (legal or not), or None."""
        action = self.encoding.action(self.state, _as_index(index))
        return None if action is None else str(action)

    def notation_to_action(self, text: str) -> int:
        """The index of the action written ``text`` for the seat to move now (IllegalAction
        if the text is malformed, ValueError if the numbering cannot hold it)."""
        return self.encoding.index(self.state, self.state.parse(text))

    def legal_indices(self) -> list[int]:
        """The indices the mask allows now, ascending (cheaper than reading the mask)."""
        return sorted(self._legal_actions())

    def state_record(self) -> dict:
        """The INTERFACE.md record of this episode so far (chance outcomes included)."""
        return Record(self.game.name, self.game.players, dict(self.game.config),
                      self.seed_used, list(self._actions)).to_json()

    # --- the driver ------------------------------------------------------------------------
    def _legal_actions(self) -> dict[int, Any]:
        """index → legal action of the position now (made once per position)."""
        if self._legal is None:
            self._legal = self.encoding.legal(self.state)
        return self._legal

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.encoding.size, dtype=np.int8)
        legal = self._legal_actions()
        if legal:
            mask[list(legal)] = 1
        return mask

    def _play(self, action: Any) -> None:
        self.state.apply_unchecked(action)
        self._actions.append(str(action))
        self._legal = None

    def _deal(self) -> None:
        """Deal chance outcomes (from the state's own seeded RNG) up to a seat's move."""
        state = self.state
        while state.current_player < 0 and not state.is_terminal():
            self._play(state.sample_chance())

    def _select(self) -> None:
        if not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _finish(self) -> None:
        for agent, value in zip(self.possible_agents,
                                final_rewards(self.state, self.reward)):
            self.rewards[agent] = value
            self.terminations[agent] = True
            self.infos[agent] = {"scores": list(self.state.scores())}

    def _refuse(self, agent: str, action: Any) -> None:
        reason = self._why(action)
        if self.illegal == "raise":
            raise IllegalAction(reason)
        self.rewards[agent] = self.illegal_reward
        self.infos[agent] = {"illegal": reason}

    def _why(self, action: Any) -> str:
        index = _as_index(action)
        if index is None or not 0 <= index < self.encoding.size:
            return f"action must be an index 0..{self.encoding.size - 1}, not {action!r}"
        chosen = self.encoding.action(self.state, index)
        if chosen is None:
            return f"action {index} names no move in this position"
        reason = self.state.check(chosen)
        return f"action {index} ({chosen}): {reason or 'not a legal move now'}"


def _as_index(action: Any) -> int | None:
    """``action`` as a plain int index (numpy integers included), or None if it is none."""
    if isinstance(action, (bool, np.bool_)):
        return None
    if isinstance(action, (int, np.integer)):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None
