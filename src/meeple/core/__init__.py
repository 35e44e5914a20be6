"""Game-agnostic machinery: the state contract, actions, errors, records."""
from .action import Action
from .errors import IllegalAction, RecordError
from .record import Record, replay, summary
from .state import CHANCE, TERMINAL, Game, State

__all__ = ["Action", "CHANCE", "Game", "IllegalAction", "Record", "RecordError", "State",
           "TERMINAL", "replay", "summary"]
