"""The registry of games: adding a game is one line here."""
from __future__ import annotations

from ..core.game import Game
from .carcassonne import Carcassonne
from .catan_dice import CatanDice
from .hunters_gatherers import HuntersGatherers
from .jaeger_sammler import JaegerSammler

GAMES: dict[str, type[Game]] = {
    cls.name: cls for cls in (CatanDice, JaegerSammler, Carcassonne, HuntersGatherers)}


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``; ValueError listing the known games if unknown."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def load(name: str, players: int | None = None, config: dict | None = None) -> Game:
    """The game ``name`` for ``players`` seats with the options ``config``."""
    return game_class(name)(players=players, config=config)
