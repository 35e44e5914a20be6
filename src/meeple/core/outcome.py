"""The outcome rule every driver and bot shares: who won, with ties split evenly."""
from __future__ import annotations

from typing import Sequence


def winners(scores: Sequence[float]) -> list[int]:
    """The seats with the highest score (ties share the win)."""
    top = max(scores)
    return [i for i, s in enumerate(scores) if s == top]


def win_shares(scores: Sequence[float]) -> list[float]:
    """1 to the winner; a tie splits the point evenly among the tied seats."""
    top = max(scores)
    tied = [i for i, s in enumerate(scores) if s == top]
    return [1.0 / len(tied) if i in tied else 0.0 for i in range(len(scores))]
