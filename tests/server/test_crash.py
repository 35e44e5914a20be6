"""A crash loses no acknowledged move: ``meeple serve`` as a real process, killed with SIGKILL
while a client streams moves as fast as it can, restarted on the same database.

Every action the server acknowledged (HTTP 200) must be in the log afterwards, at the index it
was played at, the log's indexes must run 0, 1, 2, ... with no gap or repeat, and the game must
go on to its end. The server's whole output (uvicorn's access log is on) must never show a
seat token, although a WebSocket was opened with one and a join link (``?token=...``) was
fetched.
"""
from __future__ import annotations

import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool
from websockets.sync.client import connect

from meeple.server import schema

from .helpers import auth

GAME = {"game": "catan-dice", "players": 2, "seed": 2024}   # two people, ~220 actions


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m meeple.cli serve`` on a free port, its output appended to ``log``."""

    def __init__(self, url: str, log: Path):
        self.url, self.log = url, log
        self.proc: subprocess.Popen | None = None
        self.base = ""

    def start(self, timeout: float = 60.0, tries: int = 3) -> None:
        """Start on a free port and wait until the lobby answers (another try on a new port
        if someone took this one first)."""
        for attempt in range(tries):
            port = free_port()
            self.base = f"http://127.0.0.1:{port}"
            env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8"}
            with open(self.log, "ab") as out:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
                     "--db", self.url, "--rate", "1000000", "--bot-workers", "1"],
                    stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
            deadline = time.monotonic() + timeout
            while self.proc.poll() is None:
                try:
                    if httpx.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                        return
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, f"the server did not start:\n{self.tail()}"
                time.sleep(0.05)
            if "address already in use" not in self.tail().lower() or attempt == tries - 1:
                raise AssertionError(f"the server exited ({self.proc.returncode}):\n"
                                     f"{self.tail()}")

    def tail(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(db_url, tmp_path):
    srv = Server(db_url, tmp_path / "server.log")
    yield srv
    srv.stop()


def stream(base: str, game_id: str, seat_tokens: dict[int, str], rng: random.Random,
           acks: list) -> str:
    """Play random legal moves for both seats as fast as possible; append each acknowledged
    ``(index sent, action, index after)`` to ``acks``. Returns why it stopped: ``"over"``,
    ``"connection"`` (the server went away) or why a move was refused."""
    try:
        with httpx.Client(base_url=base, timeout=10) as client:
            seen = client.get(f"/api/games/{game_id}", headers=auth(seat_tokens[0])).json()
            while True:
                if seen["terminal"]:
                    return "over"
                seat = seen["current_player"]
                if seen["seat"] != seat:        # the other seat moves: its view and moves
                    seen = client.get(f"/api/games/{game_id}",
                                      headers=auth(seat_tokens[seat])).json()
                action = rng.choice(seen["legal"])
                reply = client.post(f"/api/games/{game_id}/actions",
                                    headers=auth(seat_tokens[seat]),
                                    json={"action": action, "index": seen["index"]})
                if reply.status_code != 200:
                    return f"refused: {reply.status_code} {reply.text}"
                acks.append((seen["index"], action, reply.json()["index"]))
                seen = reply.json()
    except httpx.TransportError:
        return "connection"


def stored_log(url: str, game_id: str) -> list[tuple[int, str]]:
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            a = schema.actions
            return [tuple(r) for r in db.execute(
                sa.select(a.c.index, a.c.action).where(a.c.game_id == game_id)
                .order_by(a.c.index))]
    finally:
        engine.dispose()


def check_acks(acks: list, log: list[str], why: str) -> None:
    """Each acknowledged action is in ``log`` at its index; the acks follow one another."""
    for sent, action, after in acks:
        assert sent < len(log) and log[sent] == action, \
            f"{why}: acknowledged action {sent} {action!r} is not in the log"
        assert after <= len(log), f"{why}: acknowledged up to {after}, log has {len(log)}"
    for (_, _, after), (sent, _, _) in itertools.pairwise(acks):
        assert sent == after, f"{why}: a move was sent at {sent} after an ack up to {after}"


def watch_once(base: str, game_id: str, token: str) -> None:
    """Open the seat's WebSocket (the token as a subprotocol, as a browser sends it) and
    read its first message."""
    ws_url = base.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    with connect(ws_url, open_timeout=10,
                 subprotocols=["meeple", f"meeple.token.{token}"]) as ws:
        assert ws.subprotocol == "meeple"
        first = ws.recv(timeout=10)
    message = json.loads(first)
    assert message["type"] == "state" and message["seat"] is not None    # the seat's view
    assert token not in first


def test_sigkill_mid_stream_loses_no_acknowledged_action(server, db_url):
    rng = random.Random()
    kill_after = rng.randrange(15, 60)        # a random-ish moment of the stream
    why = f"killed after {kill_after} acks"

    server.start()
    created = httpx.post(f"{server.base}/api/games", json=GAME, timeout=10)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    seat_tokens = {s["seat"]: s["token"] for s in created.json()["seats"]}
    watch_once(server.base, game_id, seat_tokens[0])
    # the join link carries the token in its query string too (the access log sees it)
    httpx.get(server.base + created.json()["seats"][1]["join"], timeout=10)

    acks: list = []
    outcome: list[str] = []
    moves = random.Random(kill_after)
    client = threading.Thread(target=lambda: outcome.append(
        stream(server.base, game_id, seat_tokens, moves, acks)), daemon=True)
    client.start()
    deadline = time.monotonic() + 60
    while len(acks) < kill_after:
        assert client.is_alive(), f"the stream ended early: {outcome}"
        assert time.monotonic() < deadline, "the stream is too slow"
        time.sleep(0.001)
    time.sleep(rng.random() * 0.005)
    server.kill()
    client.join(30)
    assert outcome == ["connection"], f"{why}: the stream did not see the crash: {outcome}"
    assert len(acks) >= kill_after

    # After the crash, before any restart: the database alone holds every ack.
    log = stored_log(db_url, game_id)
    indexes = [i for i, _ in log]
    assert indexes == list(range(len(log))), f"{why}: gap or repeat in the log: {indexes}"
    check_acks(acks, [a for _, a in log], why)

    server.start()
    now = httpx.get(f"{server.base}/api/games/{game_id}", timeout=10).json()
    assert now["index"] == len(log) and not now["terminal"]
    watch_once(server.base, game_id, seat_tokens[1])

    # the game goes on to its end (the same client code, now undisturbed)
    later: list = []
    assert stream(server.base, game_id, seat_tokens, moves, later) == "over"
    assert later[0][0] == len(log)
    record = httpx.get(f"{server.base}/api/games/{game_id}/record", timeout=10)
    assert record.status_code == 200, record.text
    actions = record.json()["actions"]
    assert record.json()["seed"] == GAME["seed"]
    check_acks(acks, actions, why)
    check_acks(later, actions, why + ", after the restart")
    log = stored_log(db_url, game_id)
    assert [i for i, _ in log] == list(range(len(actions)))
    assert [a for _, a in log] == actions
    final = httpx.get(f"{server.base}/api/games/{game_id}", timeout=10).json()
    assert final["terminal"] and final["index"] == len(actions)
    server.stop()

    # No seat token in anything the server printed, though it logged the WebSocket's URL
    # and the join link, with ?token=... (redacted).
    output = server.log.read_text(encoding="utf-8", errors="replace")
    assert "WebSocket /api/games/" in output, output[-3000:]
    assert "token=…" in output
    for token in seat_tokens.values():
        assert token not in output
