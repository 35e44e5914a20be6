"""Game-agnostic machinery: the game and state contract, actions, options, records, events,
the agent contract and the outcome rule. Imports nothing above it."""
from .action import Action
from .agent import EXPECTED_SCORE, WIN_RATE, Agent, RankedAction, RankingAgent
from .drawing import Drawing
from .errors import IllegalAction, RecordError
from .game import Game
from .options import Option
from .outcome import win_shares, winners
from .policy import Policy
from .record import Record
from .state import CHANCE, TERMINAL, State

__all__ = ["Action", "Agent", "CHANCE", "Drawing", "EXPECTED_SCORE", "Game", "IllegalAction",
           "Option", "Policy", "RankedAction", "RankingAgent", "Record", "RecordError",
           "State", "TERMINAL", "WIN_RATE", "win_shares", "winners"]
