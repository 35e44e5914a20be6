"""The registry of games: adding a game is one line here (name → module:class)."""
from __future__ import annotations

import importlib

from ..core.state import Game

GAMES: dict[str, str] = {
    "catan-dice": "meeple.games.catan_dice.rules:CatanDice",
    "jaeger-sammler": "meeple.games.jaeger_sammler.rules:JaegerSammler",
    "carcassonne": "meeple.games.carcassonne.rules:Carcassonne",
    "hunters-gatherers": "meeple.games.hunters_gatherers.rules:HuntersGatherers",
}


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``; ValueError listing the known games if unknown."""
    try:
        target = GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def load(name: str, players: int | None = None, config: dict | None = None) -> Game:
    """The game ``name`` for ``players`` seats with the options ``config``."""
    return game_class(name)(players=players, config=config)
