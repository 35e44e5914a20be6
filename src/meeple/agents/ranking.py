"""What an agent that can explain itself returns: its best moves with their values."""
from __future__ import annotations

from typing import NamedTuple

from ..core.action import Action

WIN_RATE = "win rate"
EXPECTED_SCORE = "expected score"


class RankedAction(NamedTuple):
    """A move with its estimated value (a win rate in 0..1, or an expected final score, as
    the agent's ``ranks_by`` says) and the search visits behind it (None: not a search)."""

    action: Action
    value: float
    visits: int | None
