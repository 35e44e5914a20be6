"""Hints show the expected margin next to the win chance (the seat's final score less the
best other seat's, over the searches of that move), and list a placement of a symmetric
tile once, however many of its rotations the search tried."""
from __future__ import annotations

import io
import re

from rich.console import Console

import meeple
from meeple.agents import make_agent
from meeple.core.action import Action
from meeple.core.agent import RankedAction
from meeple.core.drawing import Drawing
from meeple.play.hints import merge_same
from meeple.terminal.play import MARGIN_TITLE, TerminalGame

from toy_games import NimGame


def _carcassonne_session(tile: str, hints: str = "mcts:iters=200", seed: int = 4):
    game = meeple.load("carcassonne")
    console = Console(file=io.StringIO(), width=140)
    session = TerminalGame(game, ["human", "mcts:iters=200"], seed, console=console,
                           hints=hints)
    session.state.apply(f"draw {tile}")
    return session, console


def _rows(console: Console, table) -> tuple[list[str], list[list[str]]]:
    """The header and the body rows of a printed rich table, cell by cell."""
    console.print(table)
    lines = console.file.getvalue().splitlines()
    cells = [[c.strip() for c in line.strip("│┃").split(line[0])]
             for line in lines if line[:1] in "│┃"]
    return cells[0], cells[1:]


def test_hint_table_has_a_margin_column_of_numbers_that_differ_between_moves():
    session, console = _carcassonne_session("V")          # a curve: many placements
    header, rows = _rows(console, session.hint_table())
    assert header == ["move", "win rate", MARGIN_TITLE, "visits"]
    assert len(rows) == 3
    margins = [float(row[2]) for row in rows]
    assert len(set(margins)) > 1
    assert all(row[2][0] in "+-" for row in rows)


def test_mcts_margin_is_the_mean_final_score_difference():
    # Nim with 3 stones: taking all three wins at once (final scores 1 : 0), every time
    game = NimGame(config={"stones": 3})
    ranked = make_agent("mcts:iters=200", game, seed=1).ranked(game.new_state(1), 3)
    by_move = {r.action: r for r in ranked}
    assert by_move[Action("take", 3)].margin == 1.0
    assert all(-1.0 <= r.margin <= 1.0 for r in ranked)


def test_hints_never_list_two_placements_that_are_the_same():
    session, console = _carcassonne_session("U")          # a straight road: pairs alike
    drawing, view = session.game.drawing, session.state.view(0)
    raw = session.hinter.ranked(session.state, 99)
    kinds = [drawing.same_move(view, r.action) for r in raw]
    assert len(set(kinds)) < len(kinds)                   # the search tried both of a pair
    _, rows = _rows(console, session.hint_table())
    typed = [session.state.parse(drawing.prompt_text(view, row[0])) for row in rows]
    shown = [drawing.same_move(view, action) for action in typed]
    assert len(rows) == 3 and len(set(shown)) == 3
    assert typed == shown


def test_merging_keeps_the_best_value_and_adds_the_visits():
    class Halves(Drawing):        # "n 1" and "n 3" are the same move
        def same_move(self, view, action):
            return Action(action[0], action[1] % 2)

    ranked = [RankedAction(Action("n", 0), 0.6, 30, 2.0),
              RankedAction(Action("n", 3), 0.7, 20, 5.0),
              RankedAction(Action("n", 1), 0.4, 10, -1.0)]
    assert merge_same(ranked, Halves(None), {}) == [
        RankedAction(Action("n", 0), 0.6, 30, 2.0),
        RankedAction(Action("n", 1), 0.7, 30, 5.0)]


def test_catan_dice_planner_keeps_its_expected_score_column():
    game = meeple.load("catan-dice", 1)
    console = Console(file=io.StringIO(), width=100)
    session = TerminalGame(game, ["human"], 2, console=console, hints="planner")
    session.state.apply(session.state.sample_chance())
    header, rows = _rows(console, session.hint_table())
    assert header == ["move", "expected score", "visits"]
    assert len(rows) == 3 and all(float(row[1]) >= 0 for row in rows)


def test_hints_show_the_form_help_teaches():
    """L4 (terminal review): the hints printed only ``place V -1 0 270`` where the help and
    the prompt teach ``(-1,0):270``."""
    session, console = _carcassonne_session("V")
    header, rows = _rows(console, session.hint_table())
    assert header[0] == "move"
    for row in rows:
        assert re.fullmatch(r"\(-?\d+,-?\d+\):\d+", row[0]), row      # not the notation
