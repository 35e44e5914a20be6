"""The registry of games: the built-in ones, and those other packages add.

Adding a game to meeple is one line in ``BUILT_IN``. A game from another package joins
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

from ..core.game import Game
from .carcassonne import Carcassonne
from .catan_dice import CatanDice
from .hunters_gatherers import HuntersGatherers
from .jaeger_sammler import JaegerSammler

BUILT_IN: tuple[type[Game], ...] = (CatanDice, JaegerSammler, Carcassonne, HuntersGatherers)
ENTRY_POINTS = "meeple.games"
"""The entry-point group through which other packages register their games."""


class Registry(Mapping[str, "type[Game]"]):
    """The games by name: the built-in ones first, then those of other packages."""

    def __init__(self, built_in: tuple[type[Game], ...]):
        self._games = {cls.name: cls for cls in built_in}
        self._searched = False

    def _all(self) -> dict[str, type[Game]]:
        if not self._searched:
            self._searched = True
            for cls in registered_games(set(self._games)):
                self._games[cls.name] = cls
        return self._games

    def __getitem__(self, name: str) -> type[Game]:
        try:
            return self._games[name]
        except (KeyError, TypeError):
            return self._all()[name]

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


GAMES: Mapping[str, type[Game]] = Registry(BUILT_IN)


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``; ValueError listing the known games if unknown."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(GAMES)}") from None


def load(name: str, players: int | None = None, config: dict | None = None) -> Game:
    """The game ``name`` for ``players`` seats with the options ``config``."""
    return game_class(name)(players=players, config=config)
