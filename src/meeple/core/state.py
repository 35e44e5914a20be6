"""The game contract: a :class:`Game` makes :class:`State` objects that drivers play.

Every game implements the same small surface (after OpenSpiel's ``State``): whose turn it
is or :data:`CHANCE`, the legal actions, the chance outcomes, ``apply`` that either changes
the state or raises :class:`IllegalAction` and changes nothing, ``clone``, the end test,
scores with a readable breakdown, and ``view(player)`` with what that seat may see.
"""
from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from functools import lru_cache
from types import ModuleType
from typing import Any

from .action import Action
from .errors import IllegalAction

CHANCE = -1
"""``current_player`` at a chance node (a tile draw, a dice roll, a board set-up)."""

TERMINAL = -4
"""``current_player`` once the game is over."""


def copy_rng(rng: random.Random) -> random.Random:
    """An independent copy of ``rng`` in the same state (for a clone's first use of its
    RNG; cheaper than ``Random()``, which seeds itself from the OS first)."""
    copy = random.Random.__new__(random.Random)
    copy.setstate(rng.getstate())
    return copy


@lru_cache(maxsize=None)
def _module(path: str) -> ModuleType:
    return importlib.import_module(path)


class Game:
    """A game with its fixed parameters (number of players, options); makes states.

    A game that sets ``package`` supplies its bot knowledge in ``<package>.policy``
    (``greedy_action(state, rng)``, ``evaluate(state, seat)``, optionally
    ``evaluate_all(state)`` and ``reward_scale(state)``) and its drawing in
    ``<package>.render`` (``render(state, seat)``, ``legal_help(state)``); they are imported
    on first use, since only bots and people need them.
    """

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    default_players: int = 2
    state_class: type["State"]
    package: str | None = None

    def __init__(self, players: int | None = None, config: dict | None = None):
        self.players = self.default_players if players is None else int(players)
        if not self.min_players <= self.players <= self.max_players:
            raise ValueError(
                f"{self.name} is played by {self.min_players}–{self.max_players} players, "
                f"not {self.players}")
        self.config = dict(config or {})
        self.validate_config()

    def validate_config(self) -> None:
        """Check ``self.config``; raise ValueError naming an unknown or bad option."""
        if self.config:
            raise ValueError(f"{self.name} takes no options, got {sorted(self.config)}")

    def new_state(self, seed: int | None = None) -> "State":
        """The state before the first action. ``seed`` seeds the state's own RNG."""
        return self.state_class(self, seed)

    def part(self, name: str) -> ModuleType | None:
        """The game's module ``name`` (``policy``, ``render``), or None without a package."""
        return _module(f"{self.package}.{name}") if self.package else None

    # Knowledge that bots use lives with the game (DESIGN.md); the defaults are neutral.
    def evaluate(self, state: "State", seat: int) -> float:
        """A heuristic value of ``state`` for ``seat`` (higher is better); default: points."""
        policy = self.part("policy")
        if policy is not None:
            return policy.evaluate(state, seat)
        return float(state.scores()[seat])

    def evaluate_all(self, state: "State") -> list[float]:
        """Every seat's :meth:`evaluate` of ``state``, in seat order; in one pass where the
        game's policy has ``evaluate_all(state)`` (MCTS evaluates every seat at a leaf)."""
        policy = self.part("policy")
        if policy is not None and hasattr(policy, "evaluate_all"):
            return policy.evaluate_all(state)
        return [self.evaluate(state, seat) for seat in range(self.players)]

    def reward_scale(self, state: "State") -> float | None:
        """How far, in points, the final margin between two seats may still move from
        their evaluated margin at ``state`` (about one standard deviation), from the
        policy's ``reward_scale(state)``; None where the game does not say. MCTS turns an
        evaluated margin into a win chance with it."""
        policy = self.part("policy")
        if policy is not None and hasattr(policy, "reward_scale"):
            return policy.reward_scale(state)
        return None

    def greedy_action(self, state: "State", rng: random.Random) -> Action:
        """The game's greedy move; by default the best one-step ``evaluate`` lookahead."""
        policy = self.part("policy")
        if policy is not None:
            return policy.greedy_action(state, rng)
        scored = self.action_scores(state)
        top = max(v for _, v in scored)
        return rng.choice([a for a, v in scored if v == top])

    def action_scores(self, state: "State") -> list[tuple[Action, float]]:
        """Every legal move with a one-move score of it (higher is better), from the
        policy's ``action_scores(state)``, by default the one-step ``evaluate`` lookahead.
        MCTS tries the root's moves in this order."""
        policy = self.part("policy")
        if policy is not None and hasattr(policy, "action_scores"):
            return policy.action_scores(state)
        seat = state.current_player
        out = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            out.append((action, self.evaluate(child, seat)))
        return out

    def render(self, state: "State", seat: int | None = None) -> Any:
        """A terminal picture of the state as ``seat`` sees it (a str, rich markup allowed)."""
        drawing = self.part("render")
        return drawing.render(state, seat) if drawing is not None else repr(state.view(seat))

    def legal_help(self, state: "State") -> str:
        """The legal moves in words, for the ``help`` command of terminal play."""
        drawing = self.part("render")
        if drawing is not None:
            return drawing.legal_help(state)
        return "legal: " + ", ".join(str(a) for a in state.legal_actions())

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players}, config={self.config})"


class State(ABC):
    """A position of a game. Subclasses implement the abstract part below."""

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        self.num_players = game.players
        self.seed = seed
        self.rng = random.Random(seed)

    @property
    def rng(self) -> random.Random:
        """The state's own RNG (chance outcomes when no other is given). A clone shares
        it with its original until either one uses it: the first use takes a private copy
        (copying a Mersenne Twister costs more than the rest of a tile game's clone)."""
        if self._rng_shared:
            self._rng = copy_rng(self._rng)
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng, self._rng_shared = rng, False

    def share_rng(self, copy: "State") -> None:
        """Give ``copy`` (a clone of this state) this state's RNG, copied on first use by
        either: for ``clone``, which must keep the two independent."""
        copy._rng = self._rng
        self._rng_shared = copy._rng_shared = True

    # --- what a game implements -----------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance node, :data:`TERMINAL` at the end."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions allowed now (at a chance node: the possible outcomes)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[(outcome, probability)]`` at a chance node; empty elsewhere."""

    @abstractmethod
    def check(self, action: Action) -> str | None:
        """Why ``action`` is illegal now, or None if it is legal. Must not change the state."""

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (taken from ``legal_actions``)."""

    @abstractmethod
    def parse(self, text: str) -> Action:
        """The action written as ``text`` in the game's notation; IllegalAction if malformed."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy: changing one never changes the other."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat so far (final points once terminal)."""

    @abstractmethod
    def score_breakdown(self) -> dict:
        """``{"seats": [{"seat", "total", "items": [{"text", "points", ...}]}], ...}``."""

    @abstractmethod
    def view(self, player: int | None) -> dict:
        """A JSON-ready dict of what ``player`` may see (None: a spectator)."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """The number of the turn under way, counting from 1 over all players."""

    # --- shared behaviour -----------------------------------------------------------------
    def apply(self, action: Action | str) -> Action:
        """Apply ``action`` (an Action or its notation); raise IllegalAction if not allowed.

        Returns the applied Action (useful when a string was given).
        """
        if isinstance(action, str):
            action = self.parse(action)
        elif not isinstance(action, tuple):
            raise IllegalAction(f"not an action: {action!r}")
        if self.is_terminal():
            raise IllegalAction("the game is over")
        try:
            reason = self.check(action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            reason = "malformed action"
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        self.apply_unchecked(action)
        return action

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """Draw a chance outcome with ``rng`` (default: the state's own RNG)."""
        rng = rng or self.rng
        outcomes = self.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]

    def determinize(self, player: int, rng: random.Random) -> "State":
        """A copy in which what ``player`` cannot see is re-sampled consistently with
        ``view(player)``. Games without hidden information return a plain clone."""
        return self.clone()

    def winners(self) -> list[int]:
        """The seats with the highest score (ties share)."""
        scores = self.scores()
        top = max(scores)
        return [i for i, s in enumerate(scores) if s == top]

    def __str__(self) -> str:
        return str(self.game.render(self, None))
