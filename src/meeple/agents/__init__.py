"""Agents, by name: ``make_agent("mcts:iters=2000", game, seed)``."""
from __future__ import annotations

import importlib

from ..core.state import Game
from .base import Agent

AGENTS: dict[str, str] = {
    "random": "meeple.agents.random_agent:RandomAgent",
    "greedy": "meeple.agents.greedy:GreedyAgent",
    "mcts": "meeple.agents.mcts:MCTSAgent",
    "planner": "meeple.games.catan_dice.planner:PlannerAgent",
}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=2000,c=1.4"`` → ``("mcts", {"iters": "2000", "c": "1.4"})``."""
    name, _, opts = spec.strip().partition(":")
    options = {}
    for item in filter(None, opts.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ValueError(f"agent option {item!r} in {spec!r} is not key=value")
        options[key.strip()] = value.strip()
    return name, options


def agent_class(name: str) -> type[Agent]:
    try:
        target = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """An agent from its spec (``name`` or ``name:key=value,...``) for ``game``."""
    name, options = parse_spec(spec)
    return agent_class(name)(game, seed=seed, **options)


__all__ = ["AGENTS", "Agent", "make_agent", "parse_spec"]
