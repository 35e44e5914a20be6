"""Colours and who starts, on the lobby's form (issue 25, web audit B15): each seat's colour
picked from the game's palette, never two alike, or left to chance; who starts as listed or
by chance; the game page, its board and My games in the colours chosen; every follower over
a light halo, so yellow stands out on a field too."""
from __future__ import annotations

import re

from browser_steps import wait_until
from playwright.sync_api import expect
from test_lobby_games import MY_TURN, create_in_lobby

GREEN, YELLOW = "rgb(47, 154, 69)", "rgb(240, 196, 25)"      # colours.js's green, yellow


def colours(page) -> list[str]:
    return [page.locator(f"#colour-{i}").input_value()
            for i in range(page.locator("select[data-colour]").count())]


def place_a_farmer(page) -> None:
    """Lay the drawn tile with a follower that stays on the board: a farmer where some spot
    offers one (a knight or thief could score and come home at once, when the tile closes a
    two-tile city or road); else the first follower (the all-city tile closes nothing)."""
    for i in range(page.locator(".spot").count()):
        page.locator(".spot").nth(i).click()
        page.wait_for_selector("#targets .target")
        farmer = page.evaluate("""() => [...document.querySelectorAll('#targets .target')]
            .findIndex((g) => g.querySelector(':scope > text').textContent === 'F')""")
        if farmer >= 0:
            page.locator("#targets .target").nth(farmer).click()
            return
    page.locator("#targets .target").first.click()


def test_colours_are_picked_never_two_alike_and_drawn_everywhere(server, page, artifacts):
    def pick(page):
        assert colours(page) == ["red", "blue"]              # the game's own order first
        page.select_option("#colour-0", "yellow")
        page.select_option("#colour-1", "yellow")            # taken: the other seat swaps
        assert colours(page) == ["blue", "yellow"]
        page.select_option("#colour-0", "green")
        assert colours(page) == ["green", "yellow"]
        page.fill("#players", "3")                           # a new seat: a colour nobody has
        page.locator("#players").dispatch_event("input")
        assert colours(page) == ["green", "yellow", "red"]
        page.fill("#players", "2")
        page.locator("#players").dispatch_event("input")
        assert colours(page) == ["green", "yellow"]
        expect(page.locator("#order")).to_have_value("listed")

    game_id, href = create_in_lobby(server, page, "carcassonne", before_create=pick)
    expect(page.locator("#my-games")).to_contain_text("you")
    swatches = page.locator(f"#my-games [data-game='{game_id}'] .swatch")
    expect(swatches.first).to_have_css("background-color", GREEN)
    page.goto(server.base + href)
    wait_until(page, MY_TURN)
    s = page.evaluate("window.meeple.state()")
    assert s["colours"] == ["green", "yellow"]
    expect(page.locator("#players li[data-seat='0']")).to_contain_text("you (green)")
    expect(page.locator("#players li[data-seat='1']")).to_contain_text("(yellow)")
    # A follower of ours on the board: green, over a light halo, under a dark outline.
    place_a_farmer(page)
    follower = page.locator("#pieces .follower[data-seat='0']")
    expect(follower).to_have_count(1)
    expect(follower.locator("path.halo")).to_have_count(1)
    assert follower.locator("path:not(.halo)").get_attribute("fill") == "#2f9a45"
    expect(follower.locator("path.halo")).to_have_css("stroke", re.compile(r"rgb\(25[0-5]"))
    page.screenshot(path=str(artifacts / "colours-carcassonne.png"))


def test_who_starts_may_be_left_to_chance(server, page):
    def random_order(page):
        page.select_option("#order", "random")
        page.select_option("#colour-1", "random")

    starters = set()
    for _ in range(12):
        create_in_lobby(server, page, "catan-dice", bot="greedy", before_create=random_order)
        expect(page.locator("#created-options")).to_contain_text(
            re.compile(r"\b(red|\w+) starts \(chance decided\)"))
        starters.add(page.locator("#created-options").inner_text())
        if len(starters) > 1:
            break
    assert len(starters) > 1, starters


def test_a_colour_unknown_to_the_game_is_refused_in_words(server, page):
    page.goto(server.base + "/")
    page.wait_for_selector("#game option[value='carcassonne']", state="attached")
    reply = page.evaluate("""async () => {
        const r = await fetch('/api/games', { method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ game: 'carcassonne', colours: { 0: 'blue', 1: 'blue' } }) });
        return [r.status, (await r.json()).error];
    }""")
    assert reply[0] == 422 and "blue is named for two seats" in reply[1]
