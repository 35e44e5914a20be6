"""``meeple replay FILE --at N`` and ``--step``: any position of a record, in words."""
from __future__ import annotations

import json
import re
import os
import subprocess
import sys

import meeple
from meeple.core.record import Record
from meeple.play.replay import replay, summary
from meeple.play.runner import make_agents, play_game


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", "replay", *args], input=stdin,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "120"})


def _record(tmp_path) -> tuple[str, Record]:
    game = meeple.load("carcassonne", 2)
    record = play_game(game, make_agents(game, ["greedy", "greedy"], 4), 4).record
    path = tmp_path / "game.json"
    record.save(path)
    return str(path), record


def test_at_n_reports_the_position_after_n_actions(tmp_path):
    path, record = _record(tmp_path)
    cut = Record(record.game, record.players, record.config, record.seed,
                 record.actions[:40])
    out = run(path, "--at", "40", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads(json.dumps(summary(replay(cut))))
    text = run(path, "--at", "40").stdout
    assert f"after action 40 of {len(record.actions)}: " in text
    assert f"({record.actions[39]})" in text or "tile drawn: " in text   # words, notation after
    assert "to move" in text and "-4" not in text.splitlines()[-1]
    # M9: the status line by colour, not a Python list of scores and seat numbers
    assert re.search(r"turn \d+ · red \d+, blue \d+ · (red|blue|chance)", text)
    assert "scores [" not in text and "seat 0 to move" not in text


def test_the_end_says_the_game_is_over_and_a_bad_n_is_refused(tmp_path):
    path, record = _record(tmp_path)
    assert run(path).stdout.rstrip().endswith("the game is over")
    for step in ((), ("--step",)):
        out = run(path, "--at", str(len(record.actions) + 1), *step, stdin="q\n")
        assert out.returncode == 1 and "--at must be between 0 and" in out.stderr
        assert "Traceback" not in out.stderr


def test_step_moves_forward_and_back_with_keys(tmp_path):
    path, record = _record(tmp_path)
    out = run(path, "--step", "--at", "3", stdin="\nb\nb\n10\nq\n")
    seen = [line.split(":")[0] for line in out.stdout.splitlines()
            if line.startswith("after action")]
    assert seen == [f"after action {n} of {len(record.actions)}" for n in (3, 4, 3, 2, 10)]
