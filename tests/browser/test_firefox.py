"""The game pages in Firefox too: Debian's Firefox ESR, driven over Marionette.

Playwright drives only its own patched Firefox builds (a download this project does not
make), so Firefox is driven through its own remote protocol with Mozilla's
``marionette_driver``. Each of the four games' pages loads, draws its board from the state
message and takes a move by a click. Skipped, with the reason, where Firefox or the driver
is missing, unless MEEPLE_REQUIRE_FIREFOX=1 (CI installs both, so there it fails instead).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

FIREFOX = shutil.which("firefox-esr") or shutil.which("firefox")
REQUIRE_ENV = "MEEPLE_REQUIRE_FIREFOX"
ARTIFACTS = Path(__file__).with_name("artifacts")
PREFS = {   # a quiet, offline profile: Marionette on a free port, no first-run pages
    "marionette.port": 0,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "network.captive-portal-service.enabled": False,
    "browser.safebrowsing.update.enabled": False,
}


def _missing() -> str | None:
    try:
        import marionette_driver  # noqa: F401
    except ImportError:
        return "marionette_driver is not installed (pip install -e '.[dev]')"
    if FIREFOX is None:
        return "no Firefox (apt-get install firefox-esr)"
    return None


if (_why := _missing()) is not None:
    if os.environ.get(REQUIRE_ENV) == "1":
        raise RuntimeError(f"{REQUIRE_ENV}=1 but the Firefox tests cannot run: {_why}")
    pytest.skip(f"Firefox tests skipped: {_why}", allow_module_level=True)

from marionette_driver.marionette import Marionette  # noqa: E402
from server_process import stop  # noqa: E402


def _active_port(profile: Path, proc: subprocess.Popen, timeout: float = 60) -> int:
    """The port Firefox's Marionette listens on (it writes it into the profile)."""
    deadline = time.monotonic() + timeout
    found = profile / "MarionetteActivePort"
    while not found.exists() or not found.read_text().strip():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("Firefox did not start its Marionette server")
        time.sleep(0.1)
    return int(found.read_text().strip())


@pytest.fixture(scope="module")
def firefox():
    """A headless Firefox on a fresh profile and a Marionette session to it."""
    profile = Path(tempfile.mkdtemp(prefix="meeple-firefox-"))
    (profile / "user.js").write_text("".join(
        f'user_pref("{k}", {str(v).lower() if isinstance(v, bool) else v});\n'
        for k, v in PREFS.items()))
    proc = subprocess.Popen([FIREFOX, "--headless", "--marionette", "--no-remote",
                             "-profile", str(profile)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = Marionette(host="127.0.0.1", port=_active_port(profile, proc))
        client.start_session()
        client.set_window_rect(width=1280, height=800)
        yield client
        client.delete_session()
    finally:
        stop(proc)
        shutil.rmtree(profile, ignore_errors=True)


def until(client, script: str, timeout: float = 20.0):
    """Poll ``script`` (it sees the page's own globals through ``page``) until truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = client.execute_script(f"const page = window.wrappedJSObject; return ({script});")
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for: {script}"
        time.sleep(0.1)


STATE = "page.meeple && page.meeple.state()"
GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")


def click(client, selector: str) -> None:
    from marionette_driver.by import By

    until(client, f"document.querySelector({selector!r})")
    client.find_element(By.CSS_SELECTOR, selector).click()


def play_first_move(client, game: str) -> None:
    """One move by clicks, as a person makes it on the game's board: a lit spot for a
    tile; two pawns each to a field one step away; a die, then the reroll button."""
    if game in ("carcassonne", "hunters-gatherers"):
        click(client, ".spot")
    elif game == "jaeger-sammler":                 # a two-pawn move: four fields
        legal = client.execute_script(f"const page = window.wrappedJSObject; "
                                      f"return {STATE}.legal;")
        move = next(a for a in legal if a.startswith("move ") and " " in a[5:])
        for name in move[5:].replace(">", " ").split():
            click(client, f"svg.js-board [data-field='{name}'] .js-hex")
    else:
        click(client, ".cd-die[data-die='0']")
        click(client, "#cd-reroll")


@pytest.mark.parametrize("game", GAMES)
def test_each_game_page_draws_and_plays_in_firefox(server, firefox, game):
    players = 1 if game == "catan-dice" else 2
    created = server.create(game, players, {} if players == 1 else {"1": "greedy"}, seed=5)
    firefox.navigate(server.base + created["seats"][0]["join"])
    until(firefox, f"{STATE} && document.querySelector('#board svg')")
    start = firefox.execute_script(f"const page = window.wrappedJSObject; return {STATE}.index")
    assert firefox.execute_script("return document.getElementById('error').textContent") == ""
    assert "Your turn" in firefox.execute_script(
        "return document.getElementById('status').textContent")
    play_first_move(firefox, game)
    until(firefox, f"{STATE}.index > {start}")
    assert firefox.execute_script("return document.getElementById('error').textContent") == ""
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"firefox-{game}.png").write_bytes(firefox.screenshot(format="binary"))
