"""A real ``meeple serve`` in a subprocess, for the tests that need one: the browser tests,
a game from another package, the server's stop by signals."""
from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

TEST_FLAGS = ("--bot-workers", "1", "--games-per-hour", "100000",
              "--players-per-hour", "100000")
"""One bot worker, and the cap on games created per address lifted: every game of a test
session is created from this one address."""


class Server:
    """The running server: its base URL and process, and a helper to create games."""

    def __init__(self, base: str, process: subprocess.Popen):
        self.base, self.process = base, process

    def get(self, path: str):
        with urllib.request.urlopen(self.base + path, timeout=5) as reply:
            return json.load(reply)

    def create(self, game: str, players: int = 2, bots: dict | None = None, **extra) -> dict:
        body = json.dumps({"game": game, "players": players, "bots": bots or {}, **extra})
        request = urllib.request.Request(self.base + "/api/games", body.encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as reply:
            return json.load(reply)


@contextlib.contextmanager
def serve(folder: Path, env: dict[str, str] | None = None, *flags: str) -> Iterator[Server]:
    """``meeple serve`` on a free port and a fresh SQLite file in ``folder`` (its output in
    ``folder/server.log``), in the environment ``env`` (None: this one's), with
    :data:`TEST_FLAGS` and then ``flags`` (a flag given again wins), stopped at the end."""
    port = free_port()
    with open(folder / "server.log", "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db",
             f"sqlite:///{folder}/meeple.db", *TEST_FLAGS, *flags],
            stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, proc, folder / "server.log")
            yield Server(base, proc)
        finally:
            stop(proc)


def stop(proc: subprocess.Popen, timeout: float = 10) -> None:
    """End a child process: terminate, and kill it if it has not gone in ``timeout`` s."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_until_up(base: str, proc: subprocess.Popen, log: Path) -> None:
    """Poll until the API answers (start-up runs the migrations); fail with the log."""
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/games/types", timeout=1).close()
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start: "
                                   + log.read_text(errors="replace")[-2000:]) from None
            time.sleep(0.1)
