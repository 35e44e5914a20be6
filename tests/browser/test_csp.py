"""Every page under its Content-Security-Policy in Chromium: the lobby, each game's page (a
seat's and a spectator's), the replay, with no violation (the ``page`` fixture fails a test
on any "Refused to ..." line); the seat's token reaches the server as a WebSocket
subprotocol, never in the socket's URL; the API documentation runs under its own policy (its
CDN stood in for by the test: this machine is offline)."""
from __future__ import annotations

import time

from browser_steps import wait_until
from playwright.sync_api import expect

from meeple.server.limits import CSP

GAMES = [("carcassonne", 2), ("hunters-gatherers", 2), ("jaeger-sammler", 2), ("catan-dice", 1)]


def sockets_of(page) -> list[str]:
    urls: list[str] = []
    page.on("websocket", lambda ws: urls.append(ws.url))
    return urls


def live(page) -> dict:
    """Wait until the page's socket is live and its board drawn from the first state."""
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    wait_until(page, "window.meeple && window.meeple.state() && "
                           "document.querySelector('#board').childElementCount > 0")
    return page.evaluate("window.meeple.state()")


def test_the_lobby_loads_under_its_policy(server, page):
    reply = page.goto(server.base + "/")
    assert reply.headers["content-security-policy"] == CSP
    assert reply.headers["referrer-policy"] == "no-referrer"
    expect(page.locator("#game option").first).to_be_attached()     # its module ran
    # the layout that was a style attribute is a class now: the API link sits at the right
    right = page.evaluate("getComputedStyle(document.querySelector('header .end')).marginLeft")
    assert right not in ("", "0px")


def test_each_game_page_loads_for_a_seat_and_a_spectator(server, page):
    urls = sockets_of(page)
    for game, players in GAMES:
        created = server.create(game, players)
        token = created["seats"][0]["token"]
        reply = page.goto(server.base + created["seats"][0]["join"])
        assert reply.headers["content-security-policy"] == CSP
        state = live(page)
        assert state["seat"] == 0 and state["legal"], game       # the token was heard
        page.evaluate("sessionStorage.clear()")                   # the page kept the token
        page.goto(server.base + f"/games/{created['id']}")        # the player's cookie:
        assert live(page)["seat"] == 0                            # the seat is theirs now
        page.context.clear_cookies()
        page.goto(server.base + f"/games/{created['id']}")        # someone else: a spectator
        assert live(page)["seat"] is None
        assert all(token not in url and "token" not in url for url in urls), urls
    assert len(urls) >= 2 * len(GAMES)


def test_the_replay_loads_under_its_policy(server, page):
    game = server.create("carcassonne", 2, {"0": "greedy", "1": "random"},
                         config={"deck": {"U": 2, "V": 2}}, seed=9)
    deadline = time.monotonic() + 20
    while not server.get(f"/api/games/{game['id']}")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    reply = page.goto(server.base + f"/games/{game['id']}/replay")
    assert reply.headers["content-security-policy"] == CSP
    expect(page.locator("#step")).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(page.locator("#chart-status")).not_to_contain_text("Loading", timeout=30000)


STUB_SWAGGER = """window.SwaggerUIBundle = function (config) {
  fetch(config.url).then((r) => r.json()).then((s) => { document.body.dataset.ran = s.info.title; });
};
SwaggerUIBundle.presets = { apis: {} }; SwaggerUIBundle.SwaggerUIStandalonePreset = {};"""
STUB_REDOC = """fetch(document.querySelector("redoc").getAttribute("spec-url"))
  .then((r) => r.json()).then((s) => { document.body.dataset.ran = s.info.title; });"""


def test_the_api_documentation_runs_under_its_own_policy(server, page):
    def cdn(route):
        url = route.request.url
        if url.endswith(".js"):
            body = STUB_SWAGGER if "swagger" in url else STUB_REDOC
            route.fulfill(status=200, content_type="text/javascript", body=body)
        elif url.endswith(".css") or "fonts.googleapis" in url:
            route.fulfill(status=200, content_type="text/css", body="body { margin: 0 }")
        else:
            route.fulfill(status=404, body="")

    for host in ("https://cdn.jsdelivr.net/**", "https://fonts.googleapis.com/**",
                 "https://fastapi.tiangolo.com/**"):
        page.route(host, cdn)
    for path in ("/docs", "/redoc"):
        reply = page.goto(server.base + path)
        assert "'sha256-" in reply.headers["content-security-policy"] or path == "/redoc"
        # the inline start-up script (allowed by its hash) and the CDN's code both ran
        expect(page.locator("body")).to_have_attribute("data-ran", "meeple")
