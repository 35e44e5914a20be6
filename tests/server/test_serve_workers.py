"""``meeple serve --workers 2`` on PostgreSQL: two worker processes serve one address (each
holds some of the connections), a game is created and played over HTTP through both, and
the server's stop (SIGTERM, SIGINT, or its SIGKILL) leaves no process behind: neither a
worker nor a bot worker."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from server_process import serve
from websockets.sync.client import connect

from .helpers import auth, tokens
from .test_fair_work import _alive, _children

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

FLAGS = ("--workers", "2", "--rate", "1000000", "--max-sockets-per-address", "1000")


def _descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        children = _children(todo.pop())
        found |= children
        todo += children
    return found


def _workers(pid: int, count: int = 2, timeout: float = 30) -> list[int]:
    """The server's worker processes (uvicorn spawns them: ``spawn_main`` in their command
    line; the resource tracker is not one), once there are ``count``."""
    deadline = time.monotonic() + timeout
    while True:
        workers = [p for p in _children(pid) if b"spawn_main" in _cmdline(p)]
        if len(workers) >= count or time.monotonic() > deadline:
            return sorted(workers)
        time.sleep(0.1)


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:                             # it has ended
        return b""


def _connections(pid: int, port: int) -> int:
    """The TCP connections to ``port`` that process ``pid`` holds open."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    held = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, status, inode = fields[1], fields[3], fields[9]
            if int(local.rsplit(":", 1)[1], 16) == port and status == "01" \
                    and inode in inodes:            # 01: established (0A: listening)
                held += 1
    return held


def _stopped_with_everything(process, sig: int) -> None:
    """Send ``sig`` to the server; once it has ended, no process it started (seen before
    the signal or while it stopped) may live on."""
    everything = _descendants(process.pid)
    os.kill(process.pid, sig)
    deadline = time.monotonic() + 30
    while process.poll() is None:               # what it starts while stopping counts too
        everything |= _descendants(process.pid)
        assert time.monotonic() < deadline, "the server did not stop"
        time.sleep(0.01)
    deadline = time.monotonic() + 15
    while any(_alive(p) for p in everything) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = {p: _cmdline(p)[:120] for p in everything if _alive(p)}
    assert not left, f"processes left behind: {left}"


def test_two_workers_serve_one_address_and_play_a_game(tmp_path, postgres_url):
    with serve(tmp_path, None, "--db", postgres_url, *FLAGS) as running:
        server = running.process
        workers = _workers(server.pid)
        assert len(workers) == 2, (workers, (tmp_path / "server.log").read_text())
        port = int(running.base.rsplit(":", 1)[1])
        log = (tmp_path / "server.log").read_text()
        assert "from 2 processes" in log and "limits (each of the 2 processes)" in log

        # many requests, each on a connection of its own, all answered
        def get(_):
            with httpx.Client(base_url=running.base, timeout=10) as client:
                return client.get("/api/games/types").status_code
        with ThreadPoolExecutor(8) as pool:
            assert set(pool.map(get, range(200))) == {200}

        # a game with a bot, played over HTTP: every request a new connection
        created = running.create("catan-dice", bots={"1": "random"}, seed=7)
        game, token = created["id"], tokens(created)[0]
        no_keepalive = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=running.base, timeout=10, limits=no_keepalive) as client:
            played = 0
            deadline = time.monotonic() + 60
            while played < 6:
                now = client.get(f"/api/games/{game}", headers=auth(token)).json()
                assert not now["terminal"]
                if now["current_player"] != 0:
                    assert time.monotonic() < deadline, "the bot did not move"
                    time.sleep(0.05)
                    continue
                reply = client.post(f"/api/games/{game}/actions", headers=auth(token),
                                    json={"action": now["legal"][0], "index": now["index"]})
                assert reply.status_code == 200, reply.json()
                played += 1
            assert client.get(f"/api/games/{game}").json()["index"] > played

        # WebSockets held open until each worker holds some
        url = running.base.replace("http://", "ws://") + f"/api/games/{game}/ws"
        with contextlib.ExitStack() as sockets:
            opened = 0
            while not all(_connections(w, port) for w in workers):
                assert opened < 200, [_connections(w, port) for w in workers]
                ws = sockets.enter_context(connect(url, open_timeout=10))
                assert json.loads(ws.recv(10))["type"] == "state"
                opened += 1

        assert len(_descendants(server.pid)) > 2    # the workers, and bot workers
        _stopped_with_everything(server, signal.SIGTERM)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_no_process_outlives_the_server(tmp_path, postgres_url, sig):
    """Stopped by Ctrl+C, or killed outright (its workers then stop on their own), while
    its bots think."""
    with serve(tmp_path, None, "--db", postgres_url, *FLAGS) as running:
        server = running.process
        assert len(_workers(server.pid)) == 2
        running.create("carcassonne", bots={"0": "mcts:time=4", "1": "mcts:time=4"})
        deadline = time.monotonic() + 20
        while not any(_children(w) for w in _workers(server.pid)):
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
        time.sleep(1.0)                                   # a bot is thinking now
        _stopped_with_everything(server, sig)
