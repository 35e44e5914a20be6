"""The command line's findings of the terminal review (audits/terminal.md, M2–M4, M7, M8 and
the low ones), each as a user meets it: a real process, its output and exit status."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from meeple.cli import main

SIGPIPE_STATUS = 141
"""128 + SIGPIPE: how a shell reports a program that a closed pipe stopped."""


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("unbuffered", ["1", ""])
@pytest.mark.parametrize("args", [
    ("games", "--json"),
    ("agents", "--json"),
    ("simulate", "catan-dice", "--agents", "greedy", "--games", "3", "--json"),
    ("bench", "catan-dice", "--seconds", "0.1", "--json"),
])
def test_a_closed_pipe_stops_quietly(args, unbuffered):
    """M2: ``meeple ... --json | head -c 5``: the reader has gone before we write; no
    traceback, the status a shell gives a program a closed pipe stopped."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()                       # the reader leaves before any output
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == SIGPIPE_STATUS
    assert "Traceback" not in err and "Exception ignored" not in err, err


def test_a_closed_pipe_after_a_replay(tmp_path):
    assert main(["simulate", "catan-dice", "--agents", "random", "--games", "1",
                 "--records", str(tmp_path), "--json"]) == 0
    save = tmp_path / "catan-dice-0.json"
    proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "replay", str(save), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == SIGPIPE_STATUS and "Traceback" not in err, err


def test_wins_is_a_count_in_simulate_as_in_tournament(capsys):
    """M3: ``wins`` counts games (ties shared) and ``win_rate`` is its share, in both."""
    assert main(["simulate", "catan-dice", "--agents", "greedy,random", "--games", "6",
                 "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert sum(s["wins"] for s in seats) == pytest.approx(6)
    assert all(s["win_rate"] == pytest.approx(s["wins"] / 6, abs=1e-3) for s in seats)
    assert main(["tournament", "catan-dice", "--agents", "greedy,random", "--games", "3",
                 "--json"]) == 0
    agents = json.loads(capsys.readouterr().out)["agents"]
    assert all(a["win_rate"] == pytest.approx(a["wins"] / a["games"], abs=1e-3)
               for a in agents)
    assert sum(a["wins"] for a in agents) == pytest.approx(agents[0]["games"])


def test_alone_simulate_claims_no_wins(capsys):
    """M3: a solo game has no one to beat: no ``wins: 1.0``."""
    assert main(["simulate", "catan-dice", "--agents", "greedy", "--games", "2",
                 "--json"]) == 0
    (seat,) = json.loads(capsys.readouterr().out)["seats"]
    assert seat["wins"] is None and seat["win_rate"] is None
    assert main(["simulate", "catan-dice", "--agents", "greedy", "--games", "2"]) == 0
    assert "100.0%" not in capsys.readouterr().out


def _three_seat_record(tmp_path) -> str:
    assert main(["simulate", "hunters-gatherers", "--agents", "random,random,random",
                 "--games", "1", "--records", str(tmp_path), "--json"]) == 0
    return str(tmp_path / "hunters-gatherers-0.json")


def test_load_with_the_wrong_number_of_players_says_so(tmp_path, capsys):
    """M4: the record names its seats; --players names one: the true reason."""
    path = _three_seat_record(tmp_path)
    capsys.readouterr()
    proc = run("play", "hunters-gatherers", "--load", path, "--players", "greedy")
    assert proc.returncode == 1
    assert "--players names 1 seat; the game in" in proc.stderr and "has 3" in proc.stderr
    assert "does not say who sat" not in proc.stderr


def test_bench_says_what_it_measures_at_a_terminal():
    """L12: ``meeple bench`` printed nothing for about 12 s."""
    import pexpect
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "bench", "catan-dice",
                                           "--seconds", "1"], encoding="utf-8", timeout=60,
                          dimensions=(24, 100))
    child.expect("measuring random play of catan-dice", timeout=5)
    child.expect("games/s")
    child.expect(pexpect.EOF)


def test_the_tournament_table_keeps_agent_names_and_numbers_whole():
    """L8: at 80 columns an agent's spec wrapped mid-token, ``#`` read like a rank, a
    pairwise cell printed ``48.8 – -10.7`` and the intervals used two separators."""
    env = {**os.environ, "COLUMNS": "80"}
    proc = subprocess.run([sys.executable, "-m", "meeple.cli", "tournament", "catan-dice",
                           "--agents", "random,greedy,mcts:iters=5,c=1.5", "--games", "2"],
                          env=env, capture_output=True, text=True, timeout=300, check=True)
    out = proc.stdout
    assert "mcts:iters=5,c=1.5" in out
    rows = [line.split() for line in out.splitlines() if re.match(r"#\d ", line)]
    assert [r[0] for r in rows[:3]] == ["#2", "#3", "#1"]      # the agents' numbers, by Elo
    assert all(len(line) <= 80 for line in out.splitlines())
    assert not any(re.search(r"\d\.$|^\s*\d+\s*$", line) for line in out.splitlines())
    assert " – -" not in out and " vs " in out
    assert "–" not in out.replace("games", "")          # one separator: …


def test_the_gymnasium_env_says_reset_first():
    """L9: before ``reset()``, ``action_masks()`` and ``step()`` failed with AttributeErrors
    about internals."""
    pytest.importorskip("gymnasium")
    import meeple.rl
    env = meeple.rl.gym_env("catan-dice")
    for call in (env.action_masks, lambda: env.step(0)):
        with pytest.raises(RuntimeError, match=r"before reset\(\): call env.reset"):
            call()
    env.reset(seed=1)
    assert env.action_masks().any()


def test_the_example_explains_its_options():
    """L7: ``examples/masked_policy_gradient.py --help`` listed options with no text."""
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "masked_policy_gradient.py"
    proc = subprocess.run([sys.executable, str(example), "--help"], capture_output=True,
                          text=True, timeout=120, check=True)
    text = " ".join(proc.stdout.split())
    for words in ("training games (default: 3000", "games per policy update (default: 50)",
                  "learning rate (default: 0.01)"):
        assert words in text


def test_loading_a_finished_game_says_it_is_over(tmp_path):
    """L10: ``--load`` of a finished game printed its end again, with no word."""
    assert main(["simulate", "catan-dice", "--agents", "random", "--games", "1",
                 "--records", str(tmp_path), "--json"]) == 0
    path = str(tmp_path / "catan-dice-0.json")
    proc = run("play", "catan-dice", "--load", path, "--players", "random")
    assert proc.returncode == 0
    assert f"The game in {path} is already over" in " ".join(proc.stdout.split())


def test_record_files_sort_in_playing_order(tmp_path):
    """L10: ``catan-dice-0.json … catan-dice-199.json`` sorted 0, 1, 10, 100, ..."""
    assert main(["simulate", "catan-dice", "--agents", "random", "--games", "12",
                 "--records", str(tmp_path), "--json"]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.json"))
    assert names == [f"catan-dice-{i:02d}.json" for i in range(12)]


def test_games_and_agents_wrap_under_their_text():
    """L7: ``meeple games`` and ``meeple agents`` wrapped at column 0, and ``bonus_deck``
    repeated that the start tile is placed separately."""
    env = {**os.environ, "COLUMNS": "80"}
    for command in (["games"], ["agents"]):
        out = subprocess.run([sys.executable, "-m", "meeple.cli", *command], env=env,
                             capture_output=True, text=True, timeout=120, check=True).stdout
        lines = out.splitlines()
        assert all(len(line) <= 80 for line in lines)
        names = {"games": r"[a-z-]+ — ", "agents": r"[a-z-]+ — "}[command[0]]
        assert all(line.startswith(" ") or re.match(names, line) or not line.strip()
                   for line in lines), out
    out = subprocess.run([sys.executable, "-m", "meeple.cli", "games", "hunters-gatherers"],
                         env=env, capture_output=True, text=True, timeout=120,
                         check=True).stdout
    assert " ".join(out.split()).count("the start tile is placed separately") == 1


def test_load_needs_no_game_name(tmp_path):
    """L10: ``play`` required the game's name even with --load, which names it."""
    assert main(["simulate", "catan-dice", "--agents", "random", "--games", "1",
                 "--records", str(tmp_path), "--json"]) == 0
    path = str(tmp_path / "catan-dice-0.json")
    proc = run("play", "--load", path, "--players", "random")
    assert proc.returncode == 0 and "Catan Dice" in proc.stdout, proc.stderr
    proc = run("play")
    assert proc.returncode == 1 and "name the game to play" in proc.stderr


def test_every_list_of_the_games_follows_the_readme():
    """L7: the game choices came catan-dice first, unlike the README's table (Carcassonne,
    H&G, Jäger und Sammler, Catan Dice); every list now comes from the registry, in that
    order."""
    from pathlib import Path
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `([a-z-]+)` — ", readme, re.M)
    assert table == ["carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice",
                     "catan"]
    listed = ", ".join(table)
    assert listed in " ".join(run("--help").stdout.split())
    assert listed in " ".join(run("play", "--help").stdout.split())
    games = json.loads(run("games", "--json").stdout)
    assert [g["name"] for g in games][:len(table)] == table
