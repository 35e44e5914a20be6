"""Steps the browser tests share: scripts evaluated in the page, clicks a person makes.
(A ``meeple serve`` for them: ``tests/server_process.py``.)"""
from __future__ import annotations

import re
import time

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
