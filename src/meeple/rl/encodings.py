"""Which encoding each game has (adding a game's encoding is one line here)."""
from __future__ import annotations

from importlib import import_module
from typing import Any

from ..core.game import Game
from .encoding import Encoding

ENCODINGS = {
    "carcassonne": ("tile_games", "CarcassonneEncoding"),
    "hunters-gatherers": ("tile_games", "HuntersGatherersEncoding"),
    "catan-dice": ("catan_dice", "CatanDiceEncoding"),
    "jaeger-sammler": ("jaeger_sammler", "JaegerSammlerEncoding"),
}


def encoding_for(game: Game, **options: Any) -> Encoding:
    """The encoding of the loaded ``game`` (its options, e.g. ``radius``, as keywords)."""
    module, name = ENCODINGS[game.name]
    cls = getattr(import_module(f".{module}", __package__), name)
    return cls(game, **options)
