"""Replaying a record: the play loop without agents, every action checked.

A record replays without any RNG (its chance actions are written in it); the first
illegal action stops the replay with a RecordError that names its index.
"""
from __future__ import annotations

from ..core.errors import IllegalAction, RecordError
from ..core.record import Record
from ..core.state import State
from ..games import load


def new_game_state(record: Record) -> State:
    """The initial state of the record's game; RecordError for an unknown game or options."""
    try:
        game = load(record.game, record.players, record.config)
    except ValueError as e:
        raise RecordError(str(e)) from None
    return game.new_state(record.seed)


def replay(record: Record) -> State:
    """Apply every action of ``record``; RecordError naming the index of a bad action."""
    state = new_game_state(record)
    for i, text in enumerate(record.actions):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise RecordError(f"action {i} ({text!r}) is illegal: {e}", i) from None
    return state


def summary(state: State) -> dict:
    """The replay report of INTERFACE.md: terminal, scores, breakdown, player, turn."""
    return {"terminal": state.is_terminal(), "scores": state.scores(),
            "breakdown": state.score_breakdown(), "current_player": state.current_player,
            "turn": state.turn}
