"""Page weight and speed of the browser client, in Debian's Chromium (Playwright).

    python benchmarks/bench_browser.py [--redraws 20]

A server subprocess on a fresh SQLite file (``bench_server.Server``) hosts a Carcassonne
game that two greedy bots play to the end (every tile placed but the ones that fit nowhere). Measured in a fresh
headless Chromium context for each page load, over loopback:

- bytes transferred for the game page: every response's body (HTML, CSS, modules, the tile
  data, the API), as the browser received them (no cache: a new context each time);
- time to first board: from navigation start to the board's tiles in the DOM (the state
  message has arrived and the SVG is drawn);
- time to redraw the whole board: ``window.meeple.redraw()`` (the board module's
  ``update`` with the full state), timed in the page, median of ``--redraws``, plus the
  next animation frame (so layout and paint are included).
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


def finished_game(base: str) -> str:
    """A Carcassonne game two greedy bots played to the end; its id."""
    created = httpx.post(base + "/api/games", json={
        "game": "carcassonne", "bots": {"0": "greedy", "1": "greedy"}, "seed": 1}).json()
    game_id = created["id"]
    deadline = time.monotonic() + 300
    while not httpx.get(f"{base}/api/games/{game_id}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish in 300 s"
        time.sleep(0.5)
    return game_id


def load(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sizes: list[int] = []
    page.on("response", lambda r: sizes.append(len(r.body()) if r.ok else 0))
    page.goto(url)
    page.wait_for_function("window.meeple && window.meeple.state() && document"
                           ".querySelectorAll('#tiles > g').length === "
                           "window.meeple.state().view.board.length")
    first = page.evaluate("performance.now()")
    tiles = page.evaluate("document.querySelectorAll('#tiles > g').length")
    return {"context": context, "page": page, "bytes": sum(sizes), "requests": len(sizes),
            "first_board_ms": first, "tiles": tiles}


def redraw_ms(page, times: int) -> float:
    samples = page.evaluate("""async (times) => {
        const out = [];
        for (let i = 0; i < times; i++) {
            const t = performance.now();
            window.meeple.redraw();
            await new Promise((r) => requestAnimationFrame(() => r()));
            out.push(performance.now() - t);
        }
        return out;
    }""", times)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redraws", type=int, default=20)
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(None, bot_workers=2, rate=1e6, folder=folder)
        try:
            server.wait_ready()
            game_id = finished_game(server.base)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                            args=ARGS)
                loads = []
                for _ in range(args.loads):
                    result = load(browser, f"{server.base}/games/{game_id}")
                    result["redraw_ms"] = redraw_ms(result["page"], args.redraws)
                    result["context"].close()
                    loads.append(result)
                browser.close()
        finally:
            server.stop()
    print(json.dumps({
        "tiles": loads[0]["tiles"], "requests": loads[0]["requests"],
        "bytes": loads[0]["bytes"],
        "first_board_ms_median": statistics.median(r["first_board_ms"] for r in loads),
        "redraw_ms_median": statistics.median(r["redraw_ms"] for r in loads),
        "loads": args.loads, "redraws": args.redraws}))


if __name__ == "__main__":
    main()
