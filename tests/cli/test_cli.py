"""The command line: replay, simulate and terminal play, as a user runs them."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import meeple
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
    assert sum(s["win_rate"] for s in out["seats"]) == pytest.approx(1.0)
    assert sum(s["wins"] for s in out["seats"]) == pytest.approx(6)


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
    assert "Final score " in proc.stdout and "Score breakdown" in proc.stdout
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


def test_the_terminal_logs_what_each_move_did():
    """After each move its events are printed in words (here: the turns written)."""
    moves = ["stop", "end"] * 15
    proc = run("play", "catan-dice", "--players", "human", "--seed", "4",
               stdin="\n".join(moves) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "→ red (you) writes an X (-2) for turn 1: X: nothing built" in proc.stdout


def test_bots_games_log_their_events(tmp_path):
    proc = run("play", "hunters-gatherers", "--players", "greedy,greedy", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if "→" in line]
    assert any(re.search(r"points to (red|blue)\b", line) for line in lines)   # a feature scored
    assert any("bonus tile" in line for line in lines)            # a bonus tile earned


def test_games_lists_every_game_with_its_options(capsys):
    assert main(["games", "--json"]) == 0
    games = {g["name"]: g for g in json.loads(capsys.readouterr().out)}
    assert sorted(games) == sorted(meeple.GAMES)
    deck = next(o for o in games["carcassonne"]["options"] if o["name"] == "deck")
    assert "A" in deck["allowed"] and "tile type" in deck["type"]
    assert games["jaeger-sammler"]["hides_information"] is True
    assert games["catan-dice"]["scores"] == {"min": -30, "max": 145}
    assert main(["games", "hunters-gatherers"]) == 0
    assert "bonus_deck" in capsys.readouterr().out


def test_agents_lists_each_agent_with_the_games_it_plays(capsys):
    assert main(["agents", "--json"]) == 0
    agents = {a["name"]: a for a in json.loads(capsys.readouterr().out)}
    assert {"random", "greedy", "mcts", "planner"} <= agents.keys()
    assert agents["planner"]["games"] == ["catan-dice"] and agents["planner"]["description"]
    assert "iters" in {o["name"] for o in agents["mcts"]["options"]}
    assert main(["agents", "carcassonne"]) == 0
    text = capsys.readouterr().out
    assert "mcts" in text and "planner" not in text
    assert main(["agents", "catan"]) == 0                 # a switch's default as typed
    assert "default true" in capsys.readouterr().out.replace("\n", " ")


def test_version():
    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("meeple ")
