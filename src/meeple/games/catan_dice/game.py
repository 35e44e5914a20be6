"""The Catan Dice Game as the platform sees it: its facts, parts and own agent."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import Game
from ...core.text import words
from .island import TOTAL_VALUE, TURNS, X_POINTS
from .planner import PlannerAgent
from .policy import CatanDicePolicy
from .render import CatanDiceDrawing
from .rules import CatanDiceState

if TYPE_CHECKING:
    from .encoding import CatanDiceEncoding


class CatanDice(Game):
    """The Catan Dice Game (Klaus Teuber), "Island One": 1–4 players, 15 turns each."""

    name = "catan-dice"
    title = words("Catan Dice Game")
    min_players, max_players, default_players = 1, 4, 1
    state_class = CatanDiceState
    policy_class = CatanDicePolicy
    drawing_class = CatanDiceDrawing
    agents = (PlannerAgent,)
    browser_board = "sheet"

    def encoding(self, **options: Any) -> "CatanDiceEncoding":
        """The RL encoding (:mod:`.encoding`; needs the extra ``rl``): ``options`` go to it."""
        from .encoding import CatanDiceEncoding
        return CatanDiceEncoding(self, **options)

    @property
    def score_range(self) -> tuple[int, int]:
        """Fifteen X at worst; the whole island at best."""
        return TURNS * X_POINTS, TOTAL_VALUE
