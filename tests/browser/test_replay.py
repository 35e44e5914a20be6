"""The replay viewer: step through a finished game, and its review's win-chance chart."""
from __future__ import annotations

import re
import time

from browser_steps import wait_until
from playwright.sync_api import expect


def tile_count(page) -> int:
    return page.locator("#tiles > g").count()


def finished_game(server, seed: int | None = 9) -> tuple[str, dict]:
    """A short Carcassonne game of a greedy and a random bot, played to its end. Its seed
    is fixed: the bots and the review are seeded from it, so the review's costly moves
    (which two greedy bots on a random seed may not make at all) are the same every run
    (``seed=None``: the server's own, and the game is listed in the lobby)."""
    game = server.create("carcassonne", 2, {"0": "greedy", "1": "random"},
                         config={"deck": {"U": 2, "V": 2, "E": 2, "D": 1}},
                         **({} if seed is None else {"seed": seed}))
    deadline = time.monotonic() + 20
    while not server.get(f"/api/games/{game['id']}")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return game["id"], server.get(f"/api/games/{game['id']}/record")


def step_of(page) -> int:
    return int(page.get_attribute("#step", "data-step"))


def wait_step(page, n: int) -> None:
    expect(page.locator("#step")).to_have_attribute("data-step", str(n))


def test_replay_steps_through_a_game_and_charts_its_review(server, page, artifacts):
    game_id, record = finished_game(server)
    actions = record["actions"]
    total = len(actions)
    final = server.get(f"/api/games/{game_id}")

    # The lobby's list links a finished game's replay (a game the server seeded: one
    # whose seed was chosen is a practice game, not listed), and so does the game page.
    listed = finished_game(server, seed=None)[0]
    page.goto(server.base + "/")
    expect(page.locator(f"#list-finished tr[data-game='{listed}'] a.replay")).to_have_attribute(
        "href", f"/games/{listed}/replay")
    page.goto(server.base + f"/games/{game_id}")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.locator("#replay-link").click()
    page.wait_for_url(f"**/games/{game_id}/replay*")
    wait_step(page, 0)
    expect(page.locator("#step")).to_contain_text(f"move 0 of {total}")
    assert tile_count(page) == 1                         # the start tile only
    assert page.url.endswith("#0")

    # Forward with the keys: tile placements add a tile, and the move's notation shows.
    place = actions.index(next(a for a in actions if a.startswith("place ")))
    for n in range(1, place + 2):
        page.keyboard.press("ArrowRight")
        wait_step(page, n)
    expect(page.locator("#step")).to_contain_text(f"move {place + 1} of {total}")
    expect(page.locator("#move")).to_have_attribute("data-action", actions[place])
    # In the log's words, not the notation: no tile letter, coordinates or degrees.
    log = {e["index"]: e["text"] for e in final["log"]}
    expect(page.locator("#move")).to_have_text(log[place])
    assert " placed " in log[place] and not re.search(r"\d+°|\(-?\d+, -?\d+\)", log[place])
    assert tile_count(page) == 2
    assert page.url.endswith(f"#{place + 1}")
    page.keyboard.press("ArrowLeft")
    wait_step(page, place)
    expect(page.locator("#move")).to_have_attribute("data-action", actions[place - 1])
    assert tile_count(page) == 1

    # The buttons do the same; Home and End jump to the ends.
    page.click("#next")
    wait_step(page, place + 1)
    assert tile_count(page) == 2
    page.click("#prev")
    wait_step(page, place)
    page.keyboard.press("End")
    wait_step(page, total)
    page.keyboard.press("Home")
    wait_step(page, 0)
    assert page.is_disabled("#prev") and page.is_disabled("#first")

    # The slider to its end shows the final position, its events and the final scores.
    page.locator("#slider").fill(str(total))
    wait_step(page, total)
    expect(page.locator("#move")).to_have_attribute("data-action", actions[-1])
    assert tile_count(page) == len(final["view"]["board"])
    expect(page.locator("#events")).to_contain_text("game over")
    scores = page.locator("#players .score").all_inner_texts()
    assert [int(s) for s in scores] == final["scores"]
    assert page.is_disabled("#next") and page.is_disabled("#last")

    # A link with a step in its hash opens there.
    page.goto(server.base + f"/games/{game_id}/replay#{place + 1}")
    wait_step(page, place + 1)
    assert tile_count(page) == 2

    # The chart comes once the review is done: both seats' lines and the costliest moves.
    expect(page.locator("#chart-box")).to_have_attribute("data-state", "done", timeout=30000)
    expect(page.locator("#chart path.seat-line")).to_have_count(2)
    markers = page.locator("#chart .loss")
    assert 1 <= markers.count() <= 3
    review = server.get(f"/api/games/{game_id}/analysis")
    lost = sorted((m["chance"] - m["played"] for m in review["moves"]
                   if m["played"] is not None and m["chance"] - m["played"] > 1e-9), reverse=True)
    assert markers.count() == min(3, len(lost))
    # The seats by colour, never by number (web audit B10).
    assert not re.search(r"\bseat \d", page.locator("#losses").inner_text())
    assert not re.search(r"\bseat \d", page.locator("#move").inner_text())
    first = markers.first
    tip = first.get_attribute("data-tip")
    assert "best was" in tip and "lost" in tip
    # In the log's words, not notation (no tile letters, coordinates or degrees): the
    # move played as the log says it, the best one as the engine narrates it.
    notation = re.compile(r"\bplace [A-Z]|\bfollower \w+ [NESW]{1,3}\b|-?\d+ -?\d+ \d+")
    for said in [tip, page.locator("#losses").inner_text()]:
        assert not notation.search(said), said
    worst = next(m for m in review["moves"] if m["index"] == int(first.get_attribute("data-index")))
    assert worst["best_words"] and worst["best_words"] in tip, (worst, tip)
    log = {e["index"]: e["text"] for e in server.get(f"/api/games/{game_id}")["log"]}
    assert log[worst["index"]].split(" ", 1)[1] in tip      # the log's words, seat renamed
    first.hover()
    expect(page.locator(".chart-tip")).to_be_visible()
    expect(page.locator(".chart-tip")).to_contain_text("best was")
    index = int(first.get_attribute("data-index"))
    first.click()                                        # jumps to the move that lost
    wait_step(page, index + 1)
    expect(page.locator("#move")).to_have_attribute("data-action", actions[index])
    now = float(page.get_attribute("#chart-now", "x1"))

    # A click elsewhere on the chart jumps to the step under it; the line follows.
    box = page.locator("#chart").bounding_box()
    page.mouse.click(box["x"] + box["width"] - 14, box["y"] + box["height"] / 2)
    wait_step(page, total)
    assert float(page.get_attribute("#chart-now", "x1")) > now
    page.keyboard.press("Home")
    wait_step(page, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_step(page, 2)
    page.locator("#chart .loss").first.hover()
    page.screenshot(path=str(artifacts / "replay.png"))


def test_the_replay_of_a_game_not_over_waits_for_its_review(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"})
    page.goto(server.base + f"/games/{game['id']}/replay")
    # The server serves its moves so far (the draw order stays hidden: no seed) or says
    # the replay comes at the end; the review, in any case, only once the game is over.
    wait_until(page, """() => ['chart-status', 'error'].some(
        (id) => document.getElementById(id).textContent.includes('once the game is over'))""")


def test_a_catan_dice_replay_shows_the_score_row_above_the_chart(server, chromium, artifacts):
    """At 1366x768 the island sheet fits the height the chart leaves: its score row (the
    boxes and the total) is whole above the chart, not under it (web audit B15)."""
    game = server.create("catan-dice", 2, {"0": "greedy", "1": "greedy"})
    deadline = time.monotonic() + 60
    while not server.get(f"/api/games/{game['id']}")["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.2)
    context = chromium.new_context(viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        page.goto(server.base + f"/games/{game['id']}/replay#5")
        page.wait_for_selector("#cd-scores")
        page.wait_for_timeout(300)
        scores = page.locator("#cd-scores").bounding_box()
        chart = page.locator("#chart-box").bounding_box()
        assert scores["y"] + scores["height"] <= chart["y"], (scores, chart)
        assert scores["y"] >= 0
        page.screenshot(path=str(artifacts / "replay-catan-dice-1366.png"))
    finally:
        context.close()
