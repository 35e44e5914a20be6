"""Hints at the terminal: the top three moves of a ranking agent, with their values."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

import meeple
from meeple.terminal.play import TerminalGame


def _session(players, hints, seed=2):
    game = meeple.load("catan-dice", len(players))
    console = Console(file=io.StringIO(), width=100)
    session = TerminalGame(game, players, seed, console=console, hints=hints)
    state = session.state
    state.apply(state.sample_chance())
    return session, console


def _text(console, table) -> str:
    console.print(table)
    return console.file.getvalue()


def test_planner_hints_show_three_moves_with_expected_scores():
    session, console = _session(["human"], "planner")
    text = _text(console, session.hint_table())
    assert "hints from planner" in text and "expected score" in text
    best = session.hinter.ranked(session.state, 3)
    assert len(best) == 3 and str(best[0].action) in text


def test_auto_hints_use_a_bot_seat_that_ranks_moves():
    session, console = _session(["human", "greedy", "mcts:iters=30,rollout=cutoff"], "auto")
    assert session.hinter.name == "mcts"
    text = _text(console, session.hint_table())
    assert "win rate" in text and "%" in text


def test_hints_need_an_agent_that_ranks():
    with pytest.raises(ValueError, match="cannot rank"):
        _session(["human"], "random")


def test_hints_are_shown_on_the_persons_turn(monkeypatch):
    session, console = _session(["human"], "planner")
    monkeypatch.setattr(console, "input", lambda prompt="": "quit")
    session.run()
    assert "hints from planner" in console.file.getvalue()
