"""Steps the browser tests share: scripts evaluated in the page, clicks a person makes,
and stopping a browser's or a server's process."""
from __future__ import annotations

import re
import subprocess

from playwright.sync_api import expect

CLICKABLE = """() => [...document.querySelectorAll('#targets .target')].filter((g) => {
    const r = g.querySelector('circle').getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit && hit.closest('.target') === g;
}).map((g) => g.dataset.action)"""
"""The follower/hut circles that a click reaches: the topmost element at a circle's
centre is its own (a circle under another would be out of reach)."""


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
        page.wait_for_function(f"window.meeple.state().index > {s['index']}")
        wait_turn(page)
        item = action.split()[-1]
        built.append(item)
        assert item in page.evaluate("window.meeple.state()")["view"]["sheets"][0]["built"]
        expect(page.locator(f"#cd-sheet [data-item='{item}']")).to_have_class(
            re.compile(r"\bcd-built\b"))


def stop(proc: subprocess.Popen, timeout: float = 10) -> None:
    """End a child process: terminate, and kill it if it has not gone in ``timeout`` s."""
    proc.terminate()
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
