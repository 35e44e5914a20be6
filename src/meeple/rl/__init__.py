"""The research interface: PettingZoo and Gymnasium environments for every game that declares
an RL encoding (`Game.encoding`; the four built-in games do).

``meeple.rl.env("carcassonne", players=2)`` is a PettingZoo AEC environment, every seat an
agent; ``meeple.rl.gym_env("carcassonne", opponents="greedy")`` a Gymnasium one, one seat
learning against meeple's bots, also registered as ``gymnasium.make("meeple/<game>-v0")``
once this module is imported (or as ``gymnasium.make("meeple.rl:meeple/<game>-v0")``).
The action numbering and the observations of each game: ``docs/research.md``.
Needs the extra ``rl``: ``pip install 'meeple[rl]'``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(f"meeple.rl needs numpy, gymnasium and pettingzoo ({error.name} is "
                      "missing): pip install 'meeple[rl]'") from error

from ..games import GAMES, load
from .aec import MeepleEnv
from .single import MeepleGymEnv

ENV_OPTIONS = ("reward", "illegal", "illegal_reward", "render_mode", "radius")
"""Keywords of ``env``/``gym_env`` that are not game options."""


def _split(config: dict[str, Any]) -> tuple[dict, dict]:
    options = {k: config.pop(k) for k in ENV_OPTIONS if k in config}
    if options.get("radius") is None:
        options.pop("radius", None)
    return options, config


def env(game: str, players: int | None = None, **config: Any) -> MeepleEnv:
    """The PettingZoo AEC environment of ``game`` for ``players`` seats (the game's
    default when None). Keywords: ``reward`` ("score" or "win"), ``illegal`` ("penalize" or
    "raise"), ``illegal_reward``, ``render_mode`` ("ansi", "human"), ``radius`` (the tile
    games' board window), and the game's own options (``deck={...}``, ``board=...``)."""
    options, config = _split(dict(config))
    return MeepleEnv(load(game, players, config), **options)


def gym_env(game: str, opponents: str | Sequence[str] = "greedy", seat: int = 0,
            players: int | None = None, **config: Any) -> MeepleGymEnv:
    """The Gymnasium environment of ``game``: seat ``seat`` learns, ``opponents`` (one
    agent spec for all other seats, or one per seat) play the rest. Keywords as ``env``."""
    options, config = _split(dict(config))
    return MeepleGymEnv(load(game, players, config), opponents, seat, **options)


def _make(game: str, **kwargs: Any) -> MeepleGymEnv:
    return gym_env(game, **kwargs)


def register() -> None:
    """Register ``meeple/<game>-v0`` with Gymnasium for every game that declares an
    encoding (done on import)."""
    for name, cls in GAMES.items():
        if not cls.has_encoding():
            continue
        env_id = f"meeple/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="meeple.rl:_make",
                               kwargs={"game": name})


register()

__all__ = ["MeepleEnv", "MeepleGymEnv", "env", "gym_env", "register"]
