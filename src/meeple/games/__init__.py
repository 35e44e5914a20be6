"""The registry of games: the built-in ones, and those other packages add.

Adding a game to meeple is one line in ``BUILT_IN_CLASSES``. A game from another package joins
through the entry-point group ``meeple.games`` of its own ``pyproject.toml``::

    [project.entry-points."meeple.games"]
    my-game = "my_package:MyGame"

and then plays in every door (the command line, the server and its browser client, the
RL environments where it declares an encoding), like a built-in game. Other packages are
looked for on first need (a name that is not built in, or the whole list), so that
``import meeple`` and loading a built-in game stay cheap.
"""
from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..core.game import Game

BUILT_IN_CLASSES: dict[str, str] = {
    "carcassonne": "carcassonne:Carcassonne",
    "hunters-gatherers": "hunters_gatherers:HuntersGatherers",
    "jaeger-sammler": "jaeger_sammler:JaegerSammler",
    "catan-dice": "catan_dice:CatanDice",
    "catan": "catan:Catan",
}
"""The built-in games by name: the module (in this package) and class of each, imported
when the game is first asked for, so that naming the games (``meeple --help``) loads none.
In the README's order, which every list of the games follows (the command's help, ``meeple
games``, the lobby): this is the one list."""
ENTRY_POINTS = "meeple.games"
"""The entry-point group through which other packages register their games."""


def _built_in(name: str) -> type[Game]:
    module, _, cls = BUILT_IN_CLASSES[name].partition(":")
    return getattr(import_module(f"{__name__}.{module}"), cls)


def __getattr__(name: str) -> Any:
    """``BUILT_IN``: the built-in game classes (which imports them all)."""
    if name == "BUILT_IN":
        return tuple(_built_in(n) for n in BUILT_IN_CLASSES)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Registry(Mapping[str, "type[Game]"]):
    """The games by name: the built-in ones first, then those of other packages."""

    def __init__(self, built_in: dict[str, str]):
        self._games: dict[str, type[Game] | None] = dict.fromkeys(built_in)
        self._searched = False

    def _all(self) -> dict[str, type[Game] | None]:
        if not self._searched:
            self._searched = True
            for cls in registered_games(set(self._games)):
                self._games[cls.name] = cls
        return self._games

    def __getitem__(self, name: str) -> type[Game]:
        try:
            cls = self._games[name]
        except (KeyError, TypeError):
            cls = self._all()[name]
        if cls is None:
            cls = self._games[name] = _built_in(name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def registered_games(taken: set[str]) -> list[type[Game]]:
    """The games other packages register (``meeple.games`` entry points). One that cannot
    be loaded, is not a :class:`Game` or takes a name already taken is left out with a
    warning: another package's fault never stops meeple."""
    from importlib.metadata import entry_points
    found = []
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
        from ..core.game import Game
        try:
            cls = point.load()
        except Exception as e:                 # any error of another package's import
            _skip(point.value, f"it cannot be imported ({type(e).__name__}: {e})")
            continue
        if not (isinstance(cls, type) and issubclass(cls, Game)) or not cls.name:
            _skip(point.value, "it is not a meeple.core.Game subclass with a name")
        elif cls.name in taken:
            _skip(point.value, f"the name {cls.name!r} is taken by another game")
        else:
            taken.add(cls.name)
            found.append(cls)
    return found


def _skip(value: str, why: str) -> None:
    warnings.warn(f"the game {value} (entry point group {ENTRY_POINTS!r}) is left out: {why}",
                  RuntimeWarning, stacklevel=3)


GAMES: Mapping[str, type[Game]] = Registry(BUILT_IN_CLASSES)


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``; ValueError listing the known games if unknown."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def load(name: str, players: int | None = None, config: dict | None = None) -> Game:
    """The game ``name`` for ``players`` seats with the options ``config``."""
    return game_class(name)(players=players, config=config)
