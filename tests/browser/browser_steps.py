"""Steps the browser tests share: scripts evaluated in the page, clicks a person makes,
starting a ``meeple serve`` for the tests and stopping a browser's or a server's process."""
from __future__ import annotations

import contextlib
import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

CLICKABLE = """() => [...document.querySelectorAll('#targets .target')].filter((g) => {
    const r = g.querySelector('circle').getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit && hit.closest('.target') === g;
}).map((g) => g.dataset.action)"""
"""The follower/hut circles that a click reaches: the topmost element at a circle's
centre is its own (a circle under another would be out of reach)."""


def wait_until(page, expression: str, timeout: float = 15.0):
    """What ``page.wait_for_function(expression)`` does, polled from here with
    ``page.evaluate``: the pages' Content-Security-Policy forbids the in-page ``eval`` that
    Playwright's own polling needs (``page.evaluate`` runs through the DevTools protocol,
    which the policy does not govern). The expression's first truthy value."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = page.evaluate(expression)
        except PlaywrightError as e:          # the page navigated under the evaluation
            if "context was destroyed" not in str(e) and "navigat" not in str(e):
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {expression}")
        time.sleep(0.02)


def build_lit_items(page, wait_turn) -> list[str]:
    """Catan Dice, seat 0's building step: click the items the sheet lights while any are
    lit, each a legal move, built on the sheet afterwards; ``wait_turn(page)`` waits for
    the turn to come back after each. The items built."""
    built = []
    while True:
        lit = page.locator("#cd-sheet .cd-can")
        if not lit.count():
            return built
        s = page.evaluate("window.meeple.state()")
        action = lit.first.get_attribute("data-action")
        assert action in s["legal"]
        lit.first.click()
        wait_until(page, f"window.meeple.state().index > {s['index']}")
        wait_turn(page)
        item = action.split()[-1]
        built.append(item)
        assert item in page.evaluate("window.meeple.state()")["view"]["sheets"][0]["built"]
        expect(page.locator(f"#cd-sheet [data-item='{item}']")).to_have_class(
            re.compile(r"\bcd-built\b"))


REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Refused to load or run (CSP ${e.violatedDirective}): ${e.blockedURI}`));"""
"""Said on the console for every Content-Security-Policy violation of a page (Chromium says
its own "Refused to ..." line too): :func:`refusals` collects both."""


def refusals(context) -> list[str]:
    """The Content-Security-Policy violations every page of ``context`` will report (a
    list that fills as they come)."""
    found: list[str] = []
    context.add_init_script(REPORT_VIOLATIONS)
    context.on("console", lambda m: found.append(m.text) if "Refused to" in m.text or
               "Content Security Policy" in m.text else None)
    return found


def stop(proc: subprocess.Popen, timeout: float = 10) -> None:
    """End a child process: terminate, and kill it if it has not gone in ``timeout`` s."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()


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


SERVE = ("import sys; from meeple.server.run import serve; "
         "sys.exit(serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], bot_workers=1, "
         "games_per_hour=100000))")
"""``meeple serve`` (:func:`meeple.server.run.serve`, what the command runs) with one bot
worker and the per-address cap on games created lifted: every game of the session is
created from this one address."""


@contextlib.contextmanager
def serve(folder: Path, env: dict[str, str] | None = None) -> Iterator[Server]:
    """A ``meeple serve`` subprocess on a free port and a fresh SQLite file in ``folder``
    (its output in ``folder/server.log``), in the environment ``env`` (None: this one's),
    stopped at the end."""
    port = _free_port()
    with open(folder / "server.log", "wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-c", SERVE, str(port), f"sqlite:///{folder}/b.db"],
            stdout=log, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(base, proc, folder / "server.log")
            yield Server(base)
        finally:
            stop(proc)


def _free_port() -> int:
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
