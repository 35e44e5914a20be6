"""The errors every game and driver shares."""
from __future__ import annotations

from typing import Any

from .text import Text


class IllegalAction(ValueError):
    """An action the rules do not allow here. The message says why; the state is unchanged."""


class RecordError(ValueError):
    """A game record that is malformed or does not replay; the message names what is wrong."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


class NoEncoding(LookupError):
    """A game without an RL encoding was asked for one (``Game.encoding``); the message says
    which game and where to read how to add one."""


def reason(error: BaseException) -> Any:
    """What ``error`` says, as it was raised: the engine's words (a :class:`Text`, which a
    driver says in its reader's language) or a plain string."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, (str, Text)) else str(error)
