"""``meeple replay FILE --step`` in a terminal (issue 25, terminal review M9): single keys
(n, p, arrows, a number and Enter, q), each position on a cleared screen that it fits,
the board's last tile and the prompt on it together."""
from __future__ import annotations

import os
import re
import sys

import pexpect
import pytest

import meeple
from meeple.play.runner import make_agents, play_game

from screen import screen

PROMPT = "replay> "


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    game = meeple.load("carcassonne", 2)
    record = play_game(game, make_agents(game, ["greedy", "greedy"], 4), 4).record
    path = tmp_path_factory.mktemp("replay") / "game.json"
    record.save(path)
    return str(path), record


def step(child: pexpect.spawn, keys: str, rows: int, columns: int) -> list[str]:
    """Press ``keys`` (no Enter unless given); the screen once the prompt is back."""
    child.send(keys)
    child.expect_exact(PROMPT)
    child.seen += child.before + child.after
    return screen(child.seen, rows, columns)


@pytest.mark.parametrize("rows, columns", [(24, 80), (45, 120)])
def test_step_keys_redraw_a_screen_that_fits(record_file, rows, columns):
    path, record = record_file
    env = {**os.environ, "TERM": "xterm", "COLUMNS": str(columns), "LINES": str(rows)}
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "replay", path, "--step",
                                           "--at", "150"], env=env, encoding="utf-8",
                          timeout=60, dimensions=(rows, columns))
    child.seen = ""
    lines = step(child, "", rows, columns)
    total = len(record.actions)
    for keys, at in (("n", 151), ("p", 150), ("\x1b[C", 151), ("\x1b[D", 150),
                     ("\r", 151), ("b", 150), ("12\r", 12), ("e", total)):
        lines = step(child, keys, rows, columns)
        text = "\n".join(lines)
        assert f"after action {at} of {total}" in text, (keys, text)
        assert lines[-1].startswith(PROMPT) and len(lines) <= rows
        placed = [a for a in record.actions[:at] if a.startswith("place ")][-1].split()
        x, y = placed[2], placed[3]
        assert re.search(rf"▼{x}\b", text) and re.search(rf"◀{y}$", text, re.M), text
    assert "already at the end" in "\n".join(step(child, "n", rows, columns))
    assert "unknown key 'z'" in "\n".join(step(child, "z", rows, columns))
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
