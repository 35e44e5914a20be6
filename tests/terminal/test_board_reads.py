"""The tile boards read without guessing (issue 25, terminal review L2, L3): a follower
leaves the feature it stands on in sight, the tile placed last keeps its terrain's colour
(the margins mark it), and Hunters & Gatherers' hunters never share a letter with its
animals, in colour or without. Played in pseudo-terminals of 80x24 and 120x45."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

import meeple
from meeple.core.record import Record
from screen import screen
from test_screen_fits import PROMPT, SIZES, spawn, until

GREYS = ("38;5;247", "38;5;240")
"""The grey (grey62, grey35) the tile placed last once showed its fill in."""


def record_of(name: str, config: dict, seed: int, moves: list[str], path) -> str:
    """A record of ``name`` from ``seed`` with ``moves`` (chance dealt by the state's RNG
    before each), saved at ``path``; its file name."""
    game = meeple.load(name, players=2, config=config)
    state, actions = game.new_state(seed), []
    for move in [*moves, None]:
        while state.current_player < 0:
            actions.append(str(state.apply(state.sample_chance())))
        if move is not None:
            actions.append(str(state.apply(move)))
    Record(name, 2, config, seed, actions, [{"seat": 0, "agent": "greedy"},
                                            {"seat": 1, "agent": "human"}]).save(path)
    return str(path)


def board_of(lines: list[str]) -> list[str]:
    """The board's lines of a screen: from the column labels above to those below."""
    top = next(i for i, line in enumerate(lines) if re.search(r"▼-?\d", line))
    bottom = next(i for i, line in enumerate(lines) if re.search(r"▲-?\d", line))
    return lines[top + 1:bottom]


@pytest.mark.parametrize("rows, columns", SIZES)
def test_a_knight_leaves_its_city_in_sight(rows, columns, tmp_path):
    """L2: a knight in a west city was drawn as ``R `` over the whole cell: no city left."""
    path = record_of("carcassonne", {"deck": {"E": 3}}, 1,
                     ["place E 0 1 270", "follower city W"], tmp_path / "knight.json")
    child = spawn(rows, columns, "--load", path, "--players", "greedy,human")
    until(child, PROMPT)
    board = "\n".join(board_of(screen(child.seen, rows, columns)))
    assert re.search(r"[▓█]R", board) and not re.search(r"R ", board), board
    child.sendline("legend")
    assert "column and row of the tile placed last" in until(child, PROMPT)
    child.terminate(force=True)


@pytest.mark.parametrize("rows, columns", SIZES)
def test_the_tile_placed_last_keeps_its_colour(rows, columns):
    """L2: the tile placed last showed its fill in grey, so a forest looked like another
    terrain; now only the margins' ▼ ▶ mark it."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns),
           "LINES": str(rows)}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", "hunters-gatherers",
                                           "--players", "greedy,human", "--seed", "4"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(rows, columns))
    child.expect(r"seat \d>")                  # (a colour code before the space)
    text = child.before
    assert "\x1b[" in text and "▼" in text                   # drawn in colour
    assert not any(grey in text for grey in GREYS), "a tile drawn in grey"
    child.terminate(force=True)


def hunter_game(path) -> str:
    """A Hunters & Gatherers record whose last move lays a hunter of red in a meadow, with
    blue (a person) to move next; every other tile goes to the first place listed, bare."""
    game = meeple.load("hunters-gatherers", players=2)
    state, actions = game.new_state(6), []
    while not actions or not actions[-1].startswith("follower meadow"):
        while state.current_player < 0:
            actions.append(str(state.apply(state.sample_chance())))
        legal = state.legal_actions()
        hunts = [a for a in legal if a[:2] == ("follower", "meadow")]
        move = (hunts[0] if hunts and state.current_player == 0 else legal[0]
                if legal[0][0] == "place" else next(a for a in legal if a[0] == "pass"))
        actions.append(str(state.apply(move)))
    while state.current_player < 0:
        actions.append(str(state.apply(state.sample_chance())))
    Record("hunters-gatherers", 2, {}, 6, actions,
           [{"seat": 0, "agent": "greedy"}, {"seat": 1, "agent": "human"}]).save(path)
    return str(path)


@pytest.mark.parametrize("rows, columns", SIZES)
def test_hunters_and_animals_never_share_a_letter(rows, columns, tmp_path):
    """L3: hunters were lower-case seat letters (``b``), next to animals (``d``): ``db``."""
    path = hunter_game(tmp_path / "hunter.json")
    child = spawn(rows, columns, "--load", path, "--players", "greedy,human")
    until(child, PROMPT)
    board = "\n".join(board_of(screen(child.seen, rows, columns)))
    assert "R" in board and not re.search(r"[rbygk]", board), board
    child.sendline("legend")
    legend = until(child, PROMPT)
    assert "animals in lower case" in legend and "in a meadow's corner: a hunter" in legend
    child.terminate(force=True)
