"""Catan bot knowledge: the neutral defaults, with the one-move look-ahead kept short.

Greedy's look-ahead clones the state once per legal move; an open market of offers and
counters (a thousand of them) would make every move cost a thousand clones, so offers and
counters are scored without a look-ahead (as the position itself) and the rest as usual.
A real value function (production, harbours, roads) is later work.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.policy import Policy

if TYPE_CHECKING:
    from .rules import CatanState

UNSCORED = frozenset({"offer", "counter"})


class CatanPolicy(Policy["CatanState"]):
    def evaluate(self, state: "CatanState", seat: int) -> float:
        """True points (the state searched is a determinization) plus a little for cards."""
        return state.points(seat) + 0.01 * sum(state.hands[seat])

    def action_scores(self, state: "CatanState") -> list[tuple[Action, float]]:
        seat = state.current_player
        here = self.evaluate(state, seat)
        out = []
        for action in state.legal_actions():
            if action[0] in UNSCORED:
                out.append((action, here - 0.5))
                continue
            child = state.clone()
            child.apply_unchecked(action)
            out.append((action, self.evaluate(child, seat)))
        return out
