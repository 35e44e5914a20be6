"""The rewards an episode ends with: the final score difference or the result."""
from __future__ import annotations

from ..core.state import State

REWARDS = ("score", "win")


def final_rewards(state: State, kind: str) -> list[float]:
    """Each seat's reward at the end of the game ``state`` ended in.

    ``score``: its score minus the mean of the other seats' (its score alone when it plays
    alone), so the rewards of a game sum to zero. ``win``: +1 to a sole winner, 0 to seats
    sharing the win, −1 to the others (the winners as the game decides them)."""
    scores = [float(s) for s in state.scores()]
    n = len(scores)
    if kind == "score":
        if n == 1:
            return scores
        total = sum(scores)
        return [s - (total - s) / (n - 1) for s in scores]
    won = state.winners()
    shared = 0.0 if len(won) > 1 else 1.0
    return [shared if seat in won else -1.0 for seat in range(n)]
