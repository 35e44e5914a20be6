"""``meeple play`` driven through a pseudo-terminal, as a person at the keyboard plays it."""
from __future__ import annotations

import json
import os
import re
import sys

import pexpect
import pytest

import meeple
from meeple.core.record import Record
from meeple.play.replay import replay

PROMPT = r"seat \d> "


def spawn(*args: str) -> pexpect.spawn:
    """``meeple play ARGS`` in a pseudo-terminal, plain text (TERM=dumb), 200 columns."""
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "200", "LINES": "60"}
    return pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(60, 200))


def say(child: pexpect.spawn, line: str, answer: str | None = None) -> None:
    """Type ``line`` at the prompt; wait for ``answer`` (a pattern), then the next prompt."""
    child.sendline(line)
    if answer is not None:
        child.expect(answer)
    child.expect(PROMPT)


def leave(child: pexpect.spawn) -> None:
    """Quit at the prompt and wait for the program to end (it saves with --save)."""
    child.sendline("quit")
    child.expect(pexpect.EOF)


def first_move(name: str, seed: int) -> tuple[list[str], meeple.State]:
    """The chance actions before seat 0's first prompt in a game from ``seed``, and the
    state there (the terminal deals chance with the state's own RNG, as here)."""
    state = meeple.load(name).new_state(seed)
    actions = []
    while state.current_player < 0:
        actions.append(str(state.apply(state.sample_chance())))
    return actions, state


def moves_in(actions: list[str], state: meeple.State) -> int:
    """How many of ``actions``, played from ``state`` on (a copy), are seats' moves."""
    state, moves = state.clone(), 0
    for text in actions:
        moves += state.current_player >= 0
        state.apply(state.parse(text))
    return moves


@pytest.mark.parametrize("name", ["carcassonne", "hunters-gatherers", "catan-dice"])
def test_a_stray_digit_plays_no_move_where_none_are_numbered(name, tmp_path):
    save = tmp_path / "game.json"
    chance, _ = first_move(name, 5)
    child = spawn(name, "--seed", "5", "--save", str(save))
    child.expect(PROMPT)
    say(child, "3", "3 is not a move: moves have no numbers here")
    leave(child)
    assert Record.load(save).actions == chance


def test_a_number_plays_the_numbered_move_in_jaeger_sammler(tmp_path):
    save = tmp_path / "game.json"
    chance, state = first_move("jaeger-sammler", 5)
    child = spawn("jaeger-sammler", "--seed", "5", "--save", str(save))
    child.expect(PROMPT)
    move = state.legal_actions()[1]                  # told in words, typed form beside them
    say(child, "2", re.escape(f" {state.narrate(move)} — {str(move)[5:]}"))
    leave(child)
    assert Record.load(save).actions[:len(chance) + 1] == chance + [
        str(state.legal_actions()[1])]


def test_a_placement_typed_as_shown_then_undone(tmp_path):
    """The drawn tile left out, coordinates as the help shows them; undo takes it back."""
    save = tmp_path / "game.json"
    chance, state = first_move("carcassonne", 2)
    place = state.legal_actions()[-1]
    _, tile, x, y, degrees = place
    child = spawn("carcassonne", "--seed", "2", "--save", str(save))
    child.expect(PROMPT)
    say(child, f"({x},{y}):{degrees}",
        re.escape(f" {state.narrate(place)} — ({x},{y}):{degrees}"))
    say(child, "undo", r"Took back 1 move:\s+red \(you\) " + re.escape(state.narrate(place)))
    leave(child)
    assert Record.load(save).actions == chance


def test_undo_takes_back_the_bots_reply_and_deals_the_same_tiles(tmp_path):
    save = tmp_path / "game.json"
    chance, state = first_move("carcassonne", 2)
    place = state.legal_actions()[0]
    child = spawn("carcassonne", "--seed", "2", "--save", str(save))
    child.expect(PROMPT)
    say(child, str(place))
    say(child, "pass")                       # the bot has moved, our next tile is drawn
    leave(child)
    before = Record.load(save).actions
    child = spawn("carcassonne", "--load", str(save), "--save", str(save))
    child.expect(PROMPT)
    child.sendline("undo")              # our whole turn, the bot's turn, our new draw
    child.expect(r"Took back (\d+) moves:\s+red \(you\) " + re.escape(state.narrate(place))
                 + r"\s+red \(you\) [^\r\n]+\s+blue ")     # in words, each seat's
    assert int(child.match.group(1)) == moves_in(before[len(chance):], state)
    child.expect(PROMPT)
    say(child, "undo", "Cannot undo: there is no move of yours")   # the draw stays
    say(child, str(place))
    say(child, "pass")
    leave(child)
    assert Record.load(save).actions == before      # the same tiles came again


def test_load_continues_a_saved_game_to_the_same_result(tmp_path):
    save = tmp_path / "game.json"
    child = spawn("carcassonne", "--seed", "9", "--save", str(save))
    child.expect(PROMPT)
    leave(child)
    saved = Record.load(save)
    assert saved.seats == [{"seat": 0, "agent": "human"}, {"seat": 1, "agent": "greedy"}]
    results = []
    for run in range(2):
        out = tmp_path / f"end{run}.json"
        child = spawn("carcassonne", "--load", str(save), "--players", "greedy,greedy",
                      "--save", str(out))
        child.expect(r"Final scores: red (\d+), blue (\d+)\. ")
        final = [int(g) for g in child.match.groups()]
        child.expect(pexpect.EOF)
        record = Record.load(out)
        assert record.actions[:len(saved.actions)] == saved.actions
        assert replay(record).scores() == final
        results.append(json.dumps(record.to_json()))
    assert results[0] == results[1]


def test_the_event_log_names_a_closed_features_points():
    child = spawn("carcassonne", "--players", "greedy,greedy", "--seed", "3")
    child.expect(r"→ (city|road) of \d+ tiles[^:]*: \d+ points? to (red|blue)\b")
    child.expect(pexpect.EOF)
