"""Bots, hints and reviews share the machine fairly: the worker pool serves a bot's move
before hints and reviews, owners in turn, and no owner takes every worker; every budget a
client names for a bot is capped by the server, refused beyond its cap with the cap named;
and the workers never outlive the server, however it stops."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from meeple.server.quotas import Quotas
from meeple.server.workers import HINT, MOVE, REVIEW, BotRunner
from server_process import serve as serve_process

from .helpers import create, run_async

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def _timed(runner: BotRunner, priority: int, owner: str, seconds: float, started: float):
    async def job() -> float:
        await runner.run(priority, owner, time.sleep, seconds)
        return time.monotonic() - started
    return asyncio.ensure_future(job())


def test_one_owner_never_takes_every_worker(db_url):
    async def scenario() -> tuple[float, list[float]]:
        runner = BotRunner(2)
        try:
            await asyncio.gather(runner.run(MOVE, "warm", time.sleep, 0),
                                 runner.run(MOVE, "warm2", time.sleep, 0))  # workers up
            started = time.monotonic()
            heavy = [_timed(runner, MOVE, "attacker", 1.0, started) for _ in range(4)]
            await asyncio.sleep(0.1)
            light = await _timed(runner, MOVE, "person", 0.01, started)
            return light, list(await asyncio.gather(*heavy))
        finally:
            runner.close()

    light, heavy = run_async(scenario())
    assert light < 0.6                      # a free worker was kept for the other owner
    assert sorted(heavy)[-1] > 3.5          # the attacker's four ran one at a time


def test_moves_go_before_hints_and_reviews(db_url):
    async def scenario() -> list[str]:
        runner = BotRunner(1)
        order: list[str] = []

        async def job(priority: int, owner: str, name: str) -> None:
            await runner.run(priority, owner, time.sleep, 0.2)
            order.append(name)
        try:
            await runner.run(MOVE, "warm", time.sleep, 0)
            first = asyncio.ensure_future(job(REVIEW, "a", "review 1"))
            await asyncio.sleep(0.05)                    # it runs: the rest must wait
            rest = [job(REVIEW, "a", "review 2"), job(HINT, "b", "hint"),
                    job(REVIEW, "c", "review 3"), job(MOVE, "d", "move")]
            await asyncio.gather(first, *rest)
            return order
        finally:
            runner.close()

    assert run_async(scenario()) == ["review 1", "move", "hint", "review 2", "review 3"]


@pytest.mark.parametrize("spec,words", [
    ("mcts:time=100", "mcts time=100 is over this server's limit of 5 seconds a move"),
    ("mcts:iters=100000", "limit of 20000 iterations a move"),
    ("mcts:dets=50", "limit of 20 determinizations a move"),
])
def test_a_bot_budget_over_the_cap_is_refused_with_the_cap_named(serve, spec, words):
    client = serve()
    reply = client.post("/api/games", json={"game": "carcassonne", "bots": {"1": spec}})
    assert reply.status_code == 400 and words in reply.json()["error"], reply.json()
    assert client.app.state.host.store.ids() == []


def test_a_bot_within_the_caps_runs_within_the_time_cap(serve):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "mcts:iters=20000"})
    seat = client.app.state.host.cache[created["id"]].row.seats[1]
    assert seat.agent == "mcts:iters=20000"         # kept as named; run with time=5 added
    game = client.app.state.host.cache[created["id"]].game
    assert client.app.state.host.quotas.run_spec(seat.agent, game) == \
        "mcts:iters=20000,time=5"


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_no_worker_outlives_the_server(tmp_path, sig, db_url):
    """A server whose bots are thinking (two MCTS bots playing each other) is stopped the
    way a service manager or a person does it, or killed: none of its workers remains."""
    with serve_process(tmp_path, None, "--bot-workers", "2") as running:
        server = running.process
        running.create("carcassonne", bots={"0": "mcts:time=4", "1": "mcts:time=4"})
        deadline = time.monotonic() + 20
        while not _children(server.pid):
            assert time.monotonic() < deadline, "no worker started"
            time.sleep(0.1)
        time.sleep(1.0)                                   # a bot is thinking now
        workers = _children(server.pid)
        os.kill(server.pid, sig)
        server.wait(timeout=20)
        deadline = time.monotonic() + 10
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [p for p in workers if _alive(p)]


def test_a_client_has_only_so_many_games_of_bots_alone(serve):
    client = serve()
    bots = {"0": "random", "1": "random"}
    for _ in range(3):
        create(client, "carcassonne", bots=bots, config={"deck": {"U": 3}})
    refused = client.post("/api/games", json={"game": "carcassonne", "bots": bots})
    assert refused.status_code == 429
    assert "3 unfinished games of bots alone" in refused.json()["error"]
    assert create(client, "carcassonne", bots={"1": "random"})["id"]    # with a person: fine


def test_a_client_has_one_review_under_way_at_once(serve):
    from .helpers import play_out, tokens
    client = serve()
    games = []
    for _ in range(2):
        game = create(client, "carcassonne", bots={"1": "random"},
                      config={"deck": {"U": 1, "V": 2}})
        play_out(client, game["id"], tokens(game))
        games.append(game["id"])
    first = client.get(f"/api/games/{games[0]}/analysis")      # it starts the review
    assert first.status_code == 200 and first.json()["status"] == "running"
    second = client.get(f"/api/games/{games[1]}/analysis")
    assert second.status_code == 429 and "review" in second.json()["error"]
    again = client.get(f"/api/games/{games[0]}/analysis")    # asking about one's own: fine
    assert again.status_code == 200


def test_the_game_types_offer_a_menu_of_bots_within_the_caps(serve):
    client = serve(quotas=Quotas(bot_seconds=3))
    for game in client.get("/api/games/types").json():
        specs = [b["spec"] for b in game["bots"]]
        assert {"random", "greedy", "mcts:time=0.5", "mcts:time=2", "mcts:time=3"} <= set(specs)
        assert all(b["name"] and b["description"] for b in game["bots"])
        assert len(specs) == len(set(specs))
        players = max(2, game["players"]["min"])
        for spec in specs:                            # every one is accepted
            reply = client.post("/api/games", json={"game": game["name"], "players": players,
                                                    "bots": {"1": spec}})
            assert reply.status_code == 201, (game["name"], spec, reply.json())
    catan = [g for g in client.get("/api/games/types").json() if g["name"] == "catan-dice"][0]
    assert "planner" in [b["spec"] for b in catan["bots"]]
