"""A game from another package reaches every door through its declaration alone.

Pig (``tests/plugin/pig``) is installed with pip as any package is, its ``meeple.games``
entry point included, into a folder only the processes started here see. No line of
meeple names it; yet ``meeple games`` lists it, ``meeple simulate`` and ``meeple play``
play it, the server creates it and plays it over its API (the browser's generic board
plays it too: ``tests/browser/test_generic_board.py``), and the RL environments say in
words that it has no encoding.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pexpect
import pytest

from plugin_install import install_plugin, plugin_env
from server_process import serve

SRC = Path(__file__).parents[2] / "src" / "meeple"


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    return plugin_env(install_plugin(tmp_path_factory.mktemp("plugin")))


def meeple(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_no_line_of_meeple_names_the_game():
    named = [str(p) for p in SRC.rglob("*") if p.is_file() and p.suffix in
             {".py", ".js", ".html", ".css", ".json", ".toml"}
             and re.search(r"\bpig\b", p.read_text(encoding="utf-8", errors="replace"),
                           re.IGNORECASE)]
    assert not named


def test_it_is_not_seen_without_being_installed():
    out = subprocess.run([sys.executable, "-m", "meeple.cli", "games", "--json"],
                         capture_output=True, text=True, check=True).stdout
    assert "pig" not in {g["name"] for g in json.loads(out)}


def test_games_lists_it_with_its_facts(env):
    listed = {g["name"]: g for g in json.loads(meeple(env, "games", "--json").stdout)}
    pig = listed["pig"]
    assert pig["players"] == {"min": 2, "max": 4, "default": 2}
    assert pig["browser_board"] is None and pig["encoding"] is False
    assert [o["name"] for o in pig["options"]] == ["target"]
    text = meeple(env, "games", "pig").stdout
    assert "browser board: generic" in text and "RL encoding: none" in text
    agents = json.loads(meeple(env, "agents", "pig", "--json").stdout)
    assert {"random", "greedy", "mcts"} <= {a["name"] for a in agents}


def test_simulate_plays_it(env):
    done = meeple(env, "simulate", "pig", "--agents", "greedy,random", "--games", "40",
                  "--json", "--config", '{"target": 20}')
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 40 and [s["agent"] for s in summary["seats"]] == \
        ["greedy", "random"]
    assert abs(sum(s["win_rate"] for s in summary["seats"]) - 1) < 1e-9
    assert all(s["mean"] > 0 for s in summary["seats"])


def test_play_in_a_terminal_to_the_end(env, tmp_path):
    save = tmp_path / "pig.json"
    child = pexpect.spawn(sys.executable, ["-m", "meeple.cli", "play", "pig", "--players",
                                           "human,greedy", "--seed", "3", "--config",
                                           '{"target": 10}', "--save", str(save)],
                          env={**env, "TERM": "dumb", "COLUMNS": "100", "LINES": "40"},
                          encoding="utf-8", timeout=60, dimensions=(40, 100))
    moves = 0
    while True:
        seen = child.expect([r"seat 0> ", pexpect.EOF])
        if seen == 1:
            break
        child.sendline("help")
        child.expect(r"legal: ([a-z, ]+)\r?\n")
        legal = child.match.group(1).split(", ")
        child.expect(r"seat 0> ")
        child.sendline("hold" if "hold" in legal and moves % 2 else "roll")
        moves += 1
        assert moves < 200
    record = json.loads(save.read_text())
    assert record["game"] == "pig" and record["actions"]
    assert "roll" in record["actions"]
    replayed = meeple(env, "replay", str(save), "--json")
    assert replayed.returncode == 0, replayed.stderr
    report = json.loads(replayed.stdout)
    assert report["terminal"] and max(report["scores"]) >= 10


def test_the_server_creates_and_plays_it(env, tmp_path):
    with serve(tmp_path, env) as server:
        base = server.base
        pig = [t for t in _get(base, "/api/games/types") if t["name"] == "pig"][0]
        assert pig["browser_board"] is None and pig["client_data"] is False
        created = _post(base, "/api/games", {"game": "pig", "bots": {"1": "greedy"},
                                             "config": {"target": 12}, "seed": 9})
        token = created["seats"][0]["token"]
        state = _get(base, f"/api/games/{created['id']}", token)
        turns = 0
        while not state["terminal"]:
            if state["legal"]:
                move = "hold" if "hold" in state["legal"] and turns % 3 == 2 else "roll"
                state = _post(base, f"/api/games/{created['id']}/actions",
                              {"action": move, "index": state["index"]}, token)
                turns += 1
            else:                                # the bot's turn: it moves on the server
                time.sleep(0.05)
                state = _get(base, f"/api/games/{created['id']}", token)
            assert turns < 300
        assert state["legal_parts"] == [] and max(state["scores"]) >= 12
        assert state["breakdown"]["seats"][0]["total"] == state["scores"][0]
        record = _get(base, f"/api/games/{created['id']}/record")
        assert record["game"] == "pig" and record["config"] == {"target": 12}
        refused = _post(base, "/api/games", {"game": "pig", "config": {"target": 3}},
                        status=400)
        assert "target" in refused["error"]


def test_the_rl_environment_says_it_has_no_encoding(env):
    script = ("import meeple.rl, gymnasium\n"
              "assert 'meeple/pig-v0' not in gymnasium.registry\n"
              "meeple.rl.env('pig')\n")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1
    assert "NoEncoding: no RL encoding for pig" in done.stderr
    assert "KeyError" not in done.stderr


def _get(base: str, path: str, token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers),
                                timeout=10) as reply:
        return json.load(reply)


def _post(base: str, path: str, body: dict, token: str | None = None, status: int = 200):
    headers = {"Content-Type": "application/json",
               **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            assert reply.status in (200, 201) and status == 200
            return json.load(reply)
    except urllib.error.HTTPError as e:
        assert e.code == status, e.read()
        return json.load(e)
