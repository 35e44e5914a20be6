"""The command line: replay, simulate and terminal play, as a user runs them."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from meeple.cli import main
from meeple.core.record import Record


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_simulate_json_has_the_interface_shape(capsys):
    assert main(["simulate", "catan-dice", "--agents", "greedy,random", "--games", "6",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"game", "games", "players", "seed", "games_per_second", "seats"} <= out.keys()
    assert out["players"] == 2 and out["games"] == 6
    assert [s["agent"] for s in out["seats"]] == ["greedy", "random"]
    assert sum(s["wins"] for s in out["seats"]) == pytest.approx(1.0)


def test_simulate_writes_records_that_replay(tmp_path, capsys):
    assert main(["simulate", "catan-dice", "--agents", "random", "--games", "3",
                 "--records", str(tmp_path), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    files = sorted(tmp_path.glob("catan-dice-*.json"))
    assert [f.name for f in files] == ["catan-dice-0.json", "catan-dice-1.json",
                                       "catan-dice-2.json"]
    record = Record.load(files[0])
    assert record.actions[0].startswith("roll ")
    assert main(["replay", str(files[0]), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["terminal"] is True and len(report["scores"]) == 1
    assert scores["seats"][0]["min"] <= report["scores"][0] <= scores["seats"][0]["max"]


def test_simulate_with_workers_gives_the_same_games(capsys):
    main(["simulate", "catan-dice", "--agents", "random", "--games", "8", "--json"])
    one = json.loads(capsys.readouterr().out)["seats"]
    main(["simulate", "catan-dice", "--agents", "random", "--games", "8", "--workers", "2",
          "--json"])
    two = json.loads(capsys.readouterr().out)["seats"]
    assert one == two


def test_replay_of_a_partial_record_reports_the_turn(tmp_path, capsys):
    path = write(tmp_path, {"game": "catan-dice", "players": 2, "config": {}, "seed": 1,
                            "actions": ["roll brick lumber ore ore ore ore", "stop",
                                        "build road R0", "end"]})
    assert main(["replay", path, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"terminal": False, "scores": [1, 0], "current_player": -1, "turn": 2,
                      "breakdown": report["breakdown"]}


@pytest.mark.parametrize("data, message", [
    ("{not json", "not valid JSON"),
    ({"game": "chess", "players": 2, "actions": []}, "unknown game 'chess'"),
    ({"game": "catan-dice", "players": 9, "actions": []}, "1–4 players"),
    ({"game": "catan-dice", "players": 1}, "lacks actions"),
    ({"game": "catan-dice", "players": 1, "actions": "roll"}, "must be a list"),
    ({"game": "catan-dice", "players": 1, "actions": [3]}, "action 0 is not a string"),
    ({"game": "catan-dice", "players": 1, "config": {"x": 1}, "actions": []}, "no options"),
    ({"game": "catan-dice", "players": 1, "seed": 1,
      "actions": ["roll ore ore ore ore ore ore", "stop", "build road R0"]},
     "action 2 ('build road R0') is illegal"),
    ({"game": "catan-dice", "players": 1, "actions": ["roll ore ore"]},
     "action 0 ('roll ore ore') is illegal: roll ore ore: this roll sets 6 dice"),
])
def test_bad_records_exit_nonzero_with_the_reason(tmp_path, capsys, data, message):
    assert main(["replay", write(tmp_path, data)]) == 1
    assert message in capsys.readouterr().err


def test_missing_record_file(capsys):
    assert main(["replay", "/nonexistent/record.json"]) == 1
    assert "cannot read" in capsys.readouterr().err


def test_unknown_agent_is_refused(capsys):
    assert main(["simulate", "catan-dice", "--agents", "wizard", "--games", "1"]) == 1
    assert "unknown agent 'wizard'" in capsys.readouterr().err


def test_human_plays_a_whole_game_in_the_terminal(tmp_path):
    """A person at the prompt: a wrong entry gets the reason, help lists moves, the game ends."""
    moves = ["build road R9", "help", "stop", "end"] + ["stop", "end"] * 14
    saved = tmp_path / "mine.json"
    proc = run("play", "catan-dice", "--players", "human", "--seed", "4", "--save", str(saved),
               stdin="\n".join(moves) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "Not allowed" in proc.stdout and "stop rolling first" in proc.stdout
    assert "reroll I ..." in proc.stdout             # the help text
    assert "Final scores" in proc.stdout and "Score breakdown" in proc.stdout
    record = Record.load(saved)
    assert record.actions.count("end") == 15


def test_leaving_early_saves_the_record(tmp_path):
    saved = tmp_path / "left.json"
    proc = run("play", "catan-dice", "--players", "human", "--seed", "4", "--save", str(saved),
               stdin="stop\nquit\n")
    assert proc.returncode == 0
    assert Record.load(saved).actions[1] == "stop"


def test_help_helps():
    proc = run("--help")
    assert proc.returncode == 0 and "simulate" in proc.stdout and "replay" in proc.stdout
