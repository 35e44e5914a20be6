"""The limits on a real server (``meeple serve``'s own function under uvicorn, a subprocess):
30 WebSockets from one address, the 21st and later refused 4429 while a GET still answers;
the soft descriptor limit raised at start; and, with a hard limit of 256 descriptors (the
audit's H4 in small: idle WebSockets until nothing is left), the sockets past the cap in all
refused 1013, the server still answering, its log a few lines."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

resource = pytest.importorskip("resource")
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from .helpers import run_async  # noqa: E402

SERVE = ("import sys; from meeple.server.run import serve; "
         "sys.exit(serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], bot_workers=1, "
         "**eval(sys.argv[3])))")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    def __init__(self, folder: Path, limit: tuple[int, int] | None = None, **options):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / "server.log"

        def limited():                        # in the child, before it runs anything
            if limit is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, limit)

        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", SERVE, str(self.port), f"sqlite:///{folder}/s.db",
                 repr(options)], stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, preexec_fn=limited,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.base + "/api/games/types", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            assert self.proc.poll() is None and time.monotonic() < deadline, self.output()
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture
def served(tmp_path):
    servers = []

    def start(limit=None, **options):
        servers.append(Served(tmp_path, limit, **options))
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


async def open_sockets(base: str, game_id: str, count: int) -> tuple[list, list]:
    """Open ``count`` spectator WebSockets one after another and read each one's first
    frame: (the connections that got a state, the (code, reason) of those closed)."""
    url = base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    open_ones, closed = [], []
    for _ in range(count):
        ws = await connect(url, subprotocols=["meeple"], open_timeout=10, max_size=2 ** 22)
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert first["type"] == "state"
            open_ones.append(ws)
        except ConnectionClosed as e:
            closed.append((e.rcvd.code, e.rcvd.reason))
    return open_ones, closed


def test_the_21st_of_30_websockets_from_one_address_is_refused_and_get_answers(served):
    server = served()
    game_id = httpx.post(server.base + "/api/games",
                         json={"game": "carcassonne", "players": 2}).json()["id"]

    async def attack():
        open_ones, closed = await open_sockets(server.base, game_id, 30)
        started = time.perf_counter()
        async with httpx.AsyncClient() as http:
            reply = await http.get(server.base + "/api/games/types", timeout=5)
        took = time.perf_counter() - started
        for ws in open_ones:
            await ws.close()
        return open_ones, closed, reply.status_code, took

    open_ones, closed, status, took = run_async(attack())
    assert len(open_ones) == 20
    assert closed == [(4429, "too many connections from one address: at most 20 at once")] * 10
    assert status == 200 and took < 2
    assert "limits: open files: " in server.output()


def test_the_soft_descriptor_limit_is_raised_at_start(served):
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"the hard limit here is {hard}")
    server = served(limit=(256, hard))
    with open(f"/proc/{server.proc.pid}/limits") as limits:
        line = next(row for row in limits if row.startswith("Max open files"))
    assert line.split()[3] == (str(hard) if hard != resource.RLIM_INFINITY else "unlimited")
    assert "(raised from 256)" in server.output()


def test_with_256_descriptors_the_sockets_past_the_cap_are_refused_1013(served):
    """The cap in all is 80 % of 256 less the reserve, less HTTP's share: 105 sockets. The
    client opens 160 from one address (the per-address cap lifted): 105 are served, the
    rest refused 1013, and the server goes on answering with a quiet log."""
    server = served(limit=(256, 256), max_sockets_per_address=1000)
    game_id = httpx.post(server.base + "/api/games",
                         json={"game": "carcassonne", "players": 2}).json()["id"]

    async def attack():
        open_ones, closed = await open_sockets(server.base, game_id, 160)
        async with httpx.AsyncClient() as http:
            replies = [await http.get(server.base + "/api/games/types", timeout=5)
                       for _ in range(5)]
        for ws in open_ones:
            await ws.close()
        return open_ones, closed, replies

    open_ones, closed, replies = run_async(attack())
    assert len(open_ones) == 105
    assert {code for code, _ in closed} == {1013} and len(closed) == 55
    assert "server is full (105 connections)" in closed[0][1]
    assert all(r.status_code == 200 for r in replies)
    output = server.output()
    assert "Too many open files" not in output and "Traceback" not in output
    assert len(output.splitlines()) < 400, output[-2000:]     # the access log, no flood


def test_http_past_its_connections_gets_503(served):
    """uvicorn counts WebSockets and idle keep-alive connections alike: with one socket
    and two HTTP connections allowed, three idle connections leave a request nothing but
    a 503, and it is served again once they go."""
    server = served(max_sockets=1, max_http=2)
    idle = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(3)]
    try:
        time.sleep(0.2)
        reply = httpx.get(server.base + "/api/games/types", timeout=5)
        assert reply.status_code == 503
    finally:
        for s in idle:
            s.close()
    time.sleep(0.2)
    assert httpx.get(server.base + "/api/games/types", timeout=5).status_code == 200
