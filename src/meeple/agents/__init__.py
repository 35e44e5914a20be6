"""Agents, by spec: ``make_agent("mcts:iters=2000", game, seed)``.

The built-in agents play every game through its declared policy; a game adds its own
(``Game.agents``, such as the Catan Dice planner). A spec is ``name`` or
``name:key=value,...``; a list of specs (``--players human,mcts:iters=500,c=1``) separates
agents by commas, a ``key=value`` part continuing the spec before it.
"""
from __future__ import annotations

from ..core.agent import Agent
from ..core.game import Game
from ..games import GAMES
from .greedy import GreedyAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

BUILT_IN: tuple[type[Agent], ...] = (RandomAgent, GreedyAgent, MCTSAgent)


def agent_classes(game: Game | type[Game]) -> dict[str, type[Agent]]:
    """Every agent that can play ``game``, by name: the built-in ones, then the game's."""
    return {cls.name: cls for cls in (*BUILT_IN, *game.agents)}


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=2000,c=1.4"`` → ``("mcts", {"iters": "2000", "c": "1.4"})``."""
    name, _, opts = spec.strip().partition(":")
    options = {}
    for item in filter(None, opts.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"agent option {item!r} in {spec!r} is not key=value")
        options[key.strip()] = value.strip()
    return name, options


def parse_spec_list(text: str) -> list[str]:
    """Agent specs separated by commas; ``key=value`` parts continue the spec before them,
    so ``random,mcts:iters=500,rollout=cutoff`` is two agents."""
    specs: list[str] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def agent_class(name: str, game: Game) -> type[Agent]:
    """The agent class ``name`` for ``game``; ValueError listing the agents it has (and
    which games an agent of another game plays)."""
    known = agent_classes(game)
    if name.casefold() in known:
        return known[name.casefold()]
    elsewhere = [g for g, cls in GAMES.items() if name.casefold() in agent_classes(cls)]
    if elsewhere:
        raise ValueError(f"agent {name!r} plays only {', '.join(elsewhere)}; agents for "
                         f"{game.name}: {', '.join(known)} ('meeple agents {game.name}' "
                         "describes them)")
    raise ValueError(f"unknown agent {name!r} for {game.name}; agents: {', '.join(known)} "
                     f"('meeple agents {game.name}' describes them)")


def make_agent(spec: str, game: Game, seed: int | None = None) -> Agent:
    """An agent from its spec (``name`` or ``name:key=value,...``) for ``game``."""
    name, options = parse_spec(spec)
    return agent_class(name, game)(game, seed=seed, **options)


__all__ = ["Agent", "BUILT_IN", "agent_class", "agent_classes", "make_agent", "parse_spec",
           "parse_spec_list"]
