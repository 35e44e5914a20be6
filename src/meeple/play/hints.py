"""Hints: a bot's best moves for the seat to move, as terminal play and the server give them.

The hint agent searches a copy of the position in which what the seat cannot see is dealt
anew (``determinize``), so a hint knows exactly what the seat's view shows. Moves the
game's drawing calls the same (a symmetric tile turned to look the same) are one row.
"""
from __future__ import annotations

from typing import Sequence

from ..agents import make_agent
from ..core.agent import RankedAction, RankingAgent
from ..core.drawing import Drawing
from ..core.game import Game
from ..core.state import State

DEFAULT_HINTS = "mcts:time=1"
"""The hint agent where none is named (or, with ``auto``, no bot seat's agent ranks)."""


def hint_spec(game: Game, spec: str, seats: Sequence[str] = ()) -> str:
    """The agent spec that gives hints: ``spec``, or for ``"auto"`` the strongest at hand:
    the first of ``seats``' agent specs that can rank moves, else the game's own ranking
    agent (the Catan Dice planner), else :data:`DEFAULT_HINTS`."""
    if spec != "auto":
        return spec
    for seat in seats:
        if seat != "human" and isinstance(make_agent(seat, game), RankingAgent):
            return seat
    own = [cls.name for cls in game.agents if issubclass(cls, RankingAgent)]
    return own[0] if own else DEFAULT_HINTS


def hint_agent(game: Game, spec: str, seed: int | None,
               seats: Sequence[str] = ()) -> RankingAgent:
    """The agent of :func:`hint_spec`, seeded; ValueError if it cannot rank moves."""
    spec = hint_spec(game, spec, seats)
    agent = make_agent(spec, game, seed)
    if not isinstance(agent, RankingAgent):
        raise ValueError(f"agent {spec!r} cannot rank moves for hints; try "
                         f"{DEFAULT_HINTS} or planner")
    return agent


def hints(state: State, agent: RankingAgent, k: int = 3) -> list[RankedAction]:
    """The ``k`` best moves of the seat to move in ``state``, as ``agent`` ranks them on
    a determinized copy, symmetric duplicates merged."""
    seat = state.current_player
    seen = state.determinize(seat, agent.rng)
    ranked = agent.ranked(seen, len(seen.legal_actions()))
    return merge_same(ranked, state.game.drawing, state.view(seat))[:k]


def merge_same(ranked: Sequence[RankedAction], drawing: Drawing, view: dict
               ) -> list[RankedAction]:
    """``ranked`` with the moves ``drawing.same_move`` calls the same as one row, named
    by that move, in the place of the first: the best value (and its margin), the visits
    added."""
    merged: dict = {}
    for row in ranked:
        key = drawing.same_move(view, row.action)
        kept = merged.get(key)
        if kept is None:
            merged[key] = row._replace(action=key)
            continue
        best = kept if kept.value >= row.value else row
        visits = (None if kept.visits is None or row.visits is None
                  else kept.visits + row.visits)
        merged[key] = best._replace(action=key, visits=visits)
    return list(merged.values())
