"""Hints as a person reads them (issue 25, terminal review L4): each move in the form the
help and the prompt teach, never the notation, and a win chance that a few hundred
playouts cannot make a certainty; the review's chances of all seats come from one search,
so they add up to 1 (the browser review once gave three seats 83-100% each)."""
from __future__ import annotations

import re

import pytest

import meeple
from meeple.core.agent import win_chances
from meeple.core.record import Record
from meeple.play.analysis import analyse, positions
from screen import screen
from test_screen_fits import PROMPT, SIZES, spawn, until

FORMS = {"carcassonne": r"\(-?\d+,-?\d+\):\d+", "hunters-gatherers": r"\(-?\d+,-?\d+\):\d+",
         "jaeger-sammler": r"\d+,\d+>\d+,\d+(>\d+,\d+| \d+,\d+>\d+,\d+)",
         "catan-dice": r"(reroll|stop|end|build|trade)\b[^│]*"}


@pytest.mark.parametrize("rows, columns", SIZES)
@pytest.mark.parametrize("name", list(FORMS))
def test_hints_name_moves_as_typed_and_are_never_certain(name, rows, columns):
    child = spawn(rows, columns, name, "--players", "human" if name == "catan-dice"
                  else "human,greedy", "--seed", "3", "--hints", "mcts:iters=150")
    text = until(child, PROMPT)
    table = text[text.index("hints from"):text.index("└")]
    moves = re.findall(r"│ ([^│]+?) +│ +([^│]+?) │", table)[1:]        # the header first
    assert 1 <= len(moves) <= 3, table
    for move, value in moves:
        assert re.fullmatch(FORMS[name], move.strip()), move
        assert not move.startswith(("place ", "move ")), move
        assert value.strip() not in ("100%", "0%"), value
    assert screen(child.seen, rows, columns)[-1].startswith("seat 0>")
    child.terminate(force=True)


def test_a_few_playouts_all_won_are_no_certain_win():
    """L4: ``100%`` win rate from 125 visits."""
    assert max(win_chances([125.0, 0.0], 125)) < 0.97
    assert win_chances([125.0, 0.0], 125)[0] > win_chances([12.0, 0.0], 12)[0] > 0.5
    chances = win_chances([10.0, 3.0, 7.0], 20)      # leaf chances need not add up to 1
    assert abs(sum(chances) - 1) < 1e-9 and chances[0] > chances[2] > chances[1]


def test_the_reviews_chances_of_every_seat_come_from_one_search():
    """B15 (web review): each seat's chance came from its own search, so at the start of a
    three-seat Jäger und Sammler game they added up to about 280%."""
    game = meeple.load("jaeger-sammler", players=3)
    state, actions = game.new_state(3), []
    while len(actions) < 5:
        move = (state.sample_chance() if state.current_player < 0
                else state.legal_actions()[0])
        actions.append(str(state.apply(move)))
    record = Record("jaeger-sammler", 3, {}, 3, actions).to_json()
    rows = analyse(record, positions(record)[:3], "mcts:iters=200")
    for row in rows:
        assert abs(sum(row["chances"]) - 1) < 1e-9
        assert row["chance"] == row["chances"][row["seat"]] < 0.97
    assert sum(row["chance"] for row in rows) < 2.0
