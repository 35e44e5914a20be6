"""The errors every game and driver shares."""


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
