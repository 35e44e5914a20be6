"""Browser tests: a real ``meeple serve`` subprocess and a headless Chromium (Playwright).

Skipped, with the reason, where Playwright or Debian's Chromium is missing (CI sets
MEEPLE_REQUIRE_BROWSER=1 and installs both, so there they fail instead). The server gets a fresh SQLite
file and a free port per session; every test gets its own browser context (its own
sessionStorage, so a spectator is really tokenless).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
REQUIRE_ENV = "MEEPLE_REQUIRE_BROWSER"
"""Set to 1 (CI): a missing Playwright or Chromium fails the browser tests instead."""


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright for Python is not installed (pip install -e '.[dev]')"
    if not os.path.exists(CHROMIUM):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


if (_why := _missing()) is not None:
    if os.environ.get(REQUIRE_ENV) == "1":
        raise RuntimeError(f"{REQUIRE_ENV}=1 but the browser tests cannot run: {_why}")
    pytest.skip(f"browser tests skipped: {_why}", allow_module_level=True)

from browser_steps import stop  # noqa: E402
from playwright import sync_api  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).with_name("artifacts")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The running server's base URL, and a helper to create games through the API."""

    def __init__(self, base: str):
        self.base = base

    def get(self, path: str):
        with urllib.request.urlopen(self.base + path, timeout=5) as reply:
            return json.load(reply)

    def create(self, game: str, players: int = 2, bots: dict | None = None, **extra) -> dict:
        body = json.dumps({"game": game, "players": players, "bots": bots or {}, **extra})
        request = urllib.request.Request(self.base + "/api/games", body.encode(),
                                         {"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as reply:
            return json.load(reply)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browser-server")
    port = _free_port()
    with open(tmp / "server.log", "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port),
             "--db", f"sqlite:///{tmp}/b.db", "--bot-workers", "1"],
            stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, proc, tmp / "server.log")
            yield Server(base)
        finally:
            stop(proc)


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


@pytest.fixture(scope="session")
def chromium():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    """A page in a fresh context at 1280×800; uncaught script errors fail the test."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15000)
    page = context.new_page()
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}; console: {console[-10:]}"


@pytest.fixture
def people(server, chromium):
    """``people(game)``: each person's seat page of ``game`` (a create reply), opened by its
    join link in a browser context of its own (two people: two sessionStorages), in seat
    order; every context is closed after the test."""
    contexts = []

    def open_seats(game: dict) -> list:
        pages = []
        for seat in game["seats"]:
            context = chromium.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(15000)
            contexts.append(context)
            page = context.new_page()
            page.goto(server.base + seat["join"])
            pages.append(page)
        return pages

    yield open_seats
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
