"""Browser tests: a real ``meeple serve`` subprocess and a headless Chromium (Playwright).

Skipped, with the reason, where Playwright or Debian's Chromium is missing (CI sets
MEEPLE_REQUIRE_BROWSER=1 and installs both, so there they fail instead). The server gets a fresh SQLite
file and a free port per session; every test gets its own browser context (its own
sessionStorage, so a spectator is really tokenless).
"""
from __future__ import annotations

import os
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

from browser_steps import refusals  # noqa: E402
from playwright import sync_api  # noqa: E402
from server_process import serve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).with_name("artifacts")


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("browser-server")) as running:
        yield running


@pytest.fixture(scope="session")
def chromium():
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    """A page in a fresh context at 1280×800; uncaught script errors and any
    Content-Security-Policy violation fail the test."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15000)
    refused = refusals(context)
    page = context.new_page()
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}; console: {console[-10:]}"
    assert not refused, f"Content-Security-Policy violations: {refused}"


@pytest.fixture
def people(server, chromium):
    """``people(game)``: each person's seat page of ``game`` (a create reply), opened by its
    join link in a browser context of its own (two people: two sessionStorages), in seat
    order; every context is closed after the test."""
    contexts, refused = [], []

    def open_seats(game: dict) -> list:
        pages = []
        for seat in game["seats"]:
            context = chromium.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(15000)
            refused.append(refusals(context))
            contexts.append(context)
            page = context.new_page()
            page.goto(server.base + seat["join"])
            pages.append(page)
        return pages

    yield open_seats
    for context in contexts:
        context.close()
    assert not any(refused), f"Content-Security-Policy violations: {refused}"


@pytest.fixture
def person(chromium):
    """``person(width, height, init_script, **context options)``: a page in a new browser
    context (a new person, with a cookie jar of their own; ``locale`` and
    ``extra_http_headers`` make one who reads another language); uncaught script errors and
    CSP violations fail the test."""
    contexts, errors, refused = [], [], []

    def new(width: int = 1280, height: int = 800, init_script: str | None = None, **options):
        context = chromium.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(15000)
        refused.append(refusals(context))
        if init_script:
            context.add_init_script(init_script)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield new
    for context in contexts:
        context.close()
    assert not errors, f"script errors on the pages: {errors}"
    assert not any(refused), f"Content-Security-Policy violations: {refused}"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
