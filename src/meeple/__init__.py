"""meeple: four classic board games, played exactly by their rules.

    import meeple
    game = meeple.load("catan-dice", players=1)
    state = game.new_state(seed=7)

The names below are imported on first use, so that ``import meeple`` (and every command of
``meeple``, ``--version`` first) starts without loading a game it does not need.
"""
from __future__ import annotations

TYPE_CHECKING = False                   # typing.TYPE_CHECKING, without importing typing
__all__ = ["Action", "CHANCE", "GAMES", "IllegalAction", "Record", "RecordError",
           "TERMINAL", "load", "replay"]
__version__ = "0.1.0"

_HOME = {"Action": "core", "CHANCE": "core", "IllegalAction": "core", "Record": "core",
         "RecordError": "core", "TERMINAL": "core", "GAMES": "games", "load": "games",
         "replay": "play.replay"}
"""Where each public name lives (a submodule of this package)."""

if TYPE_CHECKING:
    from .core import CHANCE, TERMINAL, Action, IllegalAction, Record, RecordError
    from .games import GAMES, load
    from .play.replay import replay


def __getattr__(name: str) -> object:
    if name not in _HOME:
        raise AttributeError(f"module 'meeple' has no attribute {name!r}")
    from importlib import import_module
    value = getattr(import_module(f"{__name__}.{_HOME[name]}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
