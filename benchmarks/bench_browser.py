"""Page weight and speed of the browser client, in Debian's Chromium (Playwright).

    python benchmarks/bench_browser.py [--games carcassonne,catan-dice] [--redraws 20]

A server subprocess on a fresh SQLite file (``bench_server.Server``) hosts, for each of the
four games, a two-player game that two greedy bots play to the end (in Carcassonne every
tile placed but the ones that fit nowhere). Measured in a fresh headless Chromium context
for each page load, over loopback:

- bytes transferred for the game page: every response's body (HTML, CSS, modules, the tile
  data, the API), as the browser received them (no cache: a new context each time);
- time to first board: from navigation start to the board drawn from the state message
  (the tile games: every tile of the view in the DOM; the others: the board's SVG in it);
- time to redraw the whole board: ``window.meeple.redraw()`` (the board module's
  ``update`` with the full state) with style and layout forced, timed in the page, median
  of ``--redraws``; and the same to the next animation frame (paint included, but a 60 Hz
  display rounds it up to a frame).
"""
from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

import httpx
from bench_server import Server
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")
TILE_GAMES = ("carcassonne", "hunters-gatherers")
DRAWN = {   # the page's board is drawn from the state message: a test in the page
    "tiles": "document.querySelectorAll('#tiles > g').length === "
             "window.meeple.state().view.board.length",
    "svg": "document.querySelector('#board svg') !== null",
}


def finished_game(base: str, game: str) -> str:
    """A two-player ``game`` two greedy bots played to the end; its id."""
    created = httpx.post(base + "/api/games", json={
        "game": game, "players": 2, "bots": {"0": "greedy", "1": "greedy"},
        "seed": 1}).json()
    game_id = created["id"]
    deadline = time.monotonic() + 300
    while not httpx.get(f"{base}/api/games/{game_id}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish in 300 s"
        time.sleep(0.5)
    return game_id


def load(browser, url: str, drawn: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sizes: list[int] = []
    page.on("response", lambda r: sizes.append(len(r.body()) if r.ok else 0))
    page.goto(url)
    page.wait_for_function(f"window.meeple && window.meeple.state() && {drawn}", polling=5)
    first = page.evaluate("performance.now()")
    elements = page.evaluate("document.querySelectorAll('#board *').length")
    return {"context": context, "page": page, "bytes": sum(sizes), "requests": len(sizes),
            "first_board_ms": first, "elements": elements}


def redraw_ms(page, times: int) -> tuple[float, float]:
    """Medians of ``times`` redraws: (the board's update with style and layout forced, in
    ms; the same to the next animation frame, which a 60 Hz display rounds up to 16.7)."""
    samples = page.evaluate("""async (times) => {
        const out = [];
        for (let i = 0; i < times; i++) {
            const t = performance.now();
            window.meeple.redraw();
            document.getElementById("board").getBoundingClientRect();   // style + layout
            const laid = performance.now() - t;
            await new Promise((r) => requestAnimationFrame(() => r()));
            out.push([laid, performance.now() - t]);
        }
        return out;
    }""", times)
    return (statistics.median(a for a, _ in samples), statistics.median(b for _, b in samples))


def measure(browser, base: str, game: str, loads: int, redraws: int) -> dict:
    """One game's page loaded ``loads`` times: its weight, first board and redraw."""
    game_id = finished_game(base, game)
    drawn = DRAWN["tiles" if game in TILE_GAMES else "svg"]
    results = []
    for _ in range(loads):
        result = load(browser, f"{base}/games/{game_id}", drawn)
        result["redraw_ms"], result["redraw_frame_ms"] = redraw_ms(result["page"], redraws)
        result["context"].close()
        results.append(result)
    board = httpx.get(f"{base}/api/games/{game_id}").json()["view"].get("board")
    return {"game": game, "tiles": len(board) if game in TILE_GAMES else None,
            "board_elements": results[0]["elements"], "requests": results[0]["requests"],
            "bytes": results[0]["bytes"],
            "first_board_ms_median": statistics.median(r["first_board_ms"] for r in results),
            "redraw_ms_median": statistics.median(r["redraw_ms"] for r in results),
            "redraw_to_frame_ms_median": statistics.median(r["redraw_frame_ms"] for r in results),
            "loads": loads, "redraws": redraws}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated games (default: all four)")
    parser.add_argument("--redraws", type=int, default=20)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(None, bot_workers=2, rate=1e6, folder=folder)
        try:
            server.wait_ready()
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=ARGS)
                for game in args.games.split(","):
                    print(json.dumps(measure(browser, server.base, game, args.loads,
                                             args.redraws)), flush=True)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
