"""meeple: four classic board games, played exactly by their rules.

    import meeple
    game = meeple.load("catan-dice", players=1)
    state = game.new_state(seed=7)
"""
from .core import CHANCE, TERMINAL, Action, IllegalAction, Record, RecordError
from .games import GAMES, load
from .play.replay import replay

__all__ = ["Action", "CHANCE", "GAMES", "IllegalAction", "Record", "RecordError",
           "TERMINAL", "load", "replay"]
__version__ = "0.1.0"
