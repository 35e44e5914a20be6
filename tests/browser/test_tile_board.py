"""The tile games' board in a real browser: a follower's feature lit on hover and by
``board.highlight``, table rules without spot highlights, tap-to-place on a touch screen,
and the Hunters & Gatherers symbols drawn from the tile data."""
from __future__ import annotations

from browser_steps import CLICKABLE, wait_until
from playwright.sync_api import expect

SYMBOLS = {"meadow": ("deer", "mammoth", "aurochs", "tiger", "fire", "shrine"),
           "forest": ("nugget", "mushrooms"), "lake": ("fish",)}


def state(page):
    return page.evaluate("window.meeple.state()")


def my_turn(page, phase: str | None = None) -> dict:
    cond = "s && s.legal && s.legal.length > 0" + (
        f" && s.view.phase === '{phase}'" if phase else "")
    wait_until(page, f"(() => {{ const s = window.meeple.state(); return {cond}; }})()")
    return state(page)


def spot_with_rotations(page) -> tuple[str, list[int]]:
    """The spot where the most rotations of the drawn tile are legal, and those."""
    spots: dict[str, list[int]] = {}
    for a in state(page)["legal"]:
        _, _, x, y, r = a.split(" ")
        spots.setdefault(f"{x},{y}", []).append(int(r))
    return max(spots.items(), key=lambda kv: len(kv[1]))


def test_a_followers_feature_lights_up_on_hover(server, page, artifacts):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=5)
    page.goto(server.base + game["seats"][0]["join"])
    for _ in range(6):                       # place tiles until one of ours takes a follower
        my_turn(page, "place")
        page.locator(".spot").first.click()
        s = my_turn(page, "follower")
        if page.locator(".target").count():
            page.locator(".target").first.click()
            wait_until(page, f"window.meeple.state().index > {s['index']}")
            break
        page.keyboard.press("p")
    wait_until(page, "window.meeple.state().view.followers.length > 0")
    s = my_turn(page, "place")               # the bot has moved: no redraw while we point
    assert len(s["regions"]["followers"]) == len(s["view"]["followers"])
    page.mouse.move(2, 790)                  # the pointer was where our follower now stands
    expect(page.locator("#lit .lit")).to_have_count(0)
    for i, region in enumerate(s["regions"]["followers"]):
        page.hover(f".follower[data-index='{i}']")
        expect(page.locator("#lit .lit")).to_have_count(len(region))
        lit = {tuple(map(int, c.split(","))) for c in
               page.locator("#lit .lit").evaluate_all("els => els.map(e => e.dataset.cell)")}
        assert lit == {tuple(c) for c in region}
        if i == 0:
            page.screenshot(path=str(artifacts / "tile-board-lit.png"))
        page.mouse.move(2, 790)              # off the board's pieces: the light goes out
        expect(page.locator("#lit .lit")).to_have_count(0)


def test_highlight_lights_the_given_cells(server, page):
    """The board object's ``highlight(cells | null)``, on a second board of the module
    made in the page (the game page's own board is game.js's)."""
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=2)
    page.goto(server.base + game["seats"][0]["join"])
    my_turn(page)
    counts = page.evaluate("""async () => {
        const m = await import('/static/js/boards/tile_board.js');
        const tiles = await (await fetch('/api/games/types/carcassonne/tiles')).json();
        const box = document.createElement('div'), side = document.createElement('div');
        box.id = 'second'; box.style.cssText = 'width:400px;height:300px';
        document.body.append(box, side);
        const board = m.createBoard(box, side, { data: tiles, send: () => false, log: () => {} });
        board.update(window.meeple.state());
        const n = () => box.querySelectorAll('.lit').length;
        board.highlight([[0, 0], [1, 0], [0, 1]]);
        const three = n();
        board.update(window.meeple.state());        // a redraw keeps what is lit
        const kept = n();
        board.highlight(null);
        return [three, kept, n()];
    }""")
    assert counts == [3, 3, 0]


def test_table_rules_show_no_spots_yet_a_click_places(server, page):
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3, aids=False)
    page.goto(server.base + game["seats"][0]["join"])
    s = my_turn(page, "place")
    assert s["aids"] is False
    page.wait_for_selector(".spot", state="attached")
    spots = page.locator(".spot")
    assert spots.count() > 0                  # still there to point at and click
    looks = spots.evaluate_all("""els => els.map(e => { const c = getComputedStyle(e);
        return [c.fill, c.stroke]; })""")
    assert all(fill in ("transparent", "rgba(0, 0, 0, 0)") and stroke == "none"
               for fill, stroke in looks), looks
    key, _ = spot_with_rotations(page)
    page.hover(f".spot[data-spot='{key}']")   # pointing shows the tile there
    assert page.locator("#preview > g").count() == 1
    fill = page.locator(f".spot[data-spot='{key}']").evaluate("e => getComputedStyle(e).fill")
    assert fill in ("transparent", "rgba(0, 0, 0, 0)")
    page.click(f".spot[data-spot='{key}']")
    s = my_turn(page, "follower")
    placed = s["view"]["board"][-1]
    assert f"{placed['x']},{placed['y']}" == key
    if page.locator(".target").count():       # plain circles, still there to click
        page.locator(".target").first.click()
    else:
        page.keyboard.press("p")
    wait_until(page, f"window.meeple.state().index > {s['index']}")


def test_the_board_waits_for_its_stylesheet(server, page):
    """A board is drawn only once its own stylesheet has loaded: under table rules the spots
    never show yellow, however slow tiles.css is."""
    held = []
    page.route("**/static/css/tiles.css", lambda route: held.append(route))
    game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3, aids=False)
    page.goto(server.base + game["seats"][0]["join"])
    wait_until(page, "document.querySelector('link[href$=\"tiles.css\"]') !== null")
    page.wait_for_timeout(1000)
    assert held and page.locator(".spot").count() == 0      # the board waits for its styles,
    assert page.evaluate("window.meeple.state()") is None    # and the page takes no state yet
    held[0].continue_()
    my_turn(page, "place")
    page.wait_for_selector(".spot", state="attached")
    fills = page.locator(".spot").evaluate_all("els => els.map(e => getComputedStyle(e).fill)")
    assert fills and all(f in ("transparent", "rgba(0, 0, 0, 0)") for f in fills), fills


def test_touch_tap_picks_tap_again_turns_place_places(server, chromium, artifacts):
    """On a phone-sized touch screen: the board on top at the full width, the panel under
    it; a tap picks a spot, a second tap turns the tile, Place places."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
    context.set_default_timeout(15000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        game = server.create("carcassonne", 2, {"1": "greedy"}, seed=3)
        page.goto(server.base + game["seats"][0]["join"])
        s = my_turn(page, "place")
        board = page.locator("#board").bounding_box()
        side = page.locator("aside.side").bounding_box()
        assert board["width"] >= 380 and side["y"] >= board["y"] + board["height"] - 1
        key, rots = spot_with_rotations(page)
        assert len(rots) > 1
        spot = page.locator(f".spot[data-spot='{key}']")
        preview = page.locator("#preview")
        spot.tap()                                   # picks the spot, places nothing
        expect(page.locator("#place")).to_be_visible()
        expect(preview.locator("g").first).to_be_attached()
        first = int(preview.get_attribute("data-rotation"))
        assert state(page)["index"] == s["index"]
        spot.tap()                                   # the same spot again: turns the tile
        second = int(preview.get_attribute("data-rotation"))
        assert {first, second} <= set(rots) and first != second
        assert state(page)["index"] == s["index"]
        page.locator("#place").tap()
        s = my_turn(page, "follower")
        placed = s["view"]["board"][-1]
        assert (f"{placed['x']},{placed['y']}", placed["rotation"]) == (key, second)
        page.screenshot(path=str(artifacts / "phone-carcassonne.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()


def test_hunters_gatherers_symbols(server, page, artifacts):
    # Every tile type drawn alone: one symbol per attribute unit of its segments.
    page.goto(server.base + "/")
    mismatches = page.evaluate("""async () => {
        const t = await import('/static/js/boards/tiles.js');
        const data = t.indexTiles(await (await fetch(
            '/api/games/types/hunters-gatherers/tiles')).json());
        const NS = 'http://www.w3.org/2000/svg', svg = document.createElementNS(NS, 'svg');
        document.body.append(svg);
        const wrong = [];
        for (const tile of data.tiles) for (const deg of [0, 90]) {
            svg.innerHTML = t.tileMarkup(data, tile.type) + t.upright(data, tile.type, deg);
            const want = {};
            for (const seg of tile.segments) for (const [k, n] of Object.entries(seg.attrs || {}))
                want[k] = (want[k] || 0) + n;
            for (const name of %s) {
                const got = svg.querySelectorAll('.sym-' + name).length;
                if (got !== (want[name] || 0)) wrong.push([tile.type, deg, name, got, want[name]]);
                for (const g of svg.querySelectorAll('.sym-' + name)) {
                    const m = g.transform.baseVal.consolidate().matrix;
                    if (m.e < 0 || m.e > 100 || m.f < 0 || m.f > 100) wrong.push([tile.type, name, 'off']);
                }
            }
            const bonus = svg.querySelectorAll('.bonus-mark').length;
            if (bonus !== (tile.type.startsWith('B') ? 1 : 0)) wrong.push([tile.type, 'bonus']);
        }
        return wrong;
    }""" % str([n for names in SYMBOLS.values() for n in names]))
    assert mismatches == []

    # A game of two bots with animal-rich tiles: the symbols on the real board.
    deck = {t: 1 for t in ("L05", "L08", "L09", "L13", "L17", "L33", "L36", "L29", "L22",
                           "L03", "L14", "L12")}
    game = server.create("hunters-gatherers", 2, {"0": "greedy", "1": "greedy"}, seed=4,
                         config={"deck": deck, "bonus_deck": {"B01": 1, "B02": 1, "B03": 1,
                                                              "B12": 1}})
    page.goto(server.base + f"/games/{game['id']}")
    expect(page.locator("#status")).to_contain_text("Game over", timeout=30000)
    wait_until(page, "document.querySelectorAll('#tiles > g').length >= 13")
    for name in ("deer", "mammoth", "tiger", "fish"):
        assert page.locator(f"#tiles .sym-{name}").count() >= 1, name
    assert page.locator("#tiles .sym").count() >= 10
    page.screenshot(path=str(artifacts / "hunters-gatherers.png"))





def shared_places(legal: list[str]) -> set[str]:
    """Places (a location of the tile just laid) that more than one piece can take."""
    places: dict[str, int] = {}
    for a in legal:
        if a.startswith(("follower ", "hut ")):
            loc = a.split(" ")[-1]
            places[loc] = places.get(loc, 0) + 1
    return {loc for loc, n in places.items() if n > 1}


def test_a_follower_and_a_hut_on_one_place_are_both_clickable(server, page):
    """In Hunters & Gatherers a follower on a river and a hut go on the same spot: their
    circles sit side by side, and a click reaches each of them."""
    game = server.create("hunters-gatherers", 2, {"1": "greedy"}, seed=3)
    page.goto(server.base + game["seats"][0]["join"])
    shared = 0
    for _ in range(20):
        s = my_turn(page)
        if s["view"]["phase"] == "follower":
            targets = page.locator("#targets .target")
            expect(targets).to_have_count(sum(a != "pass" for a in s["legal"]))
            assert sorted(page.evaluate(CLICKABLE)) == sorted(
                targets.evaluate_all("els => els.map((g) => g.dataset.action)"))
            if shared_places(s["legal"]):
                shared += 1
                break
            page.keyboard.press("p")
        else:
            page.locator(".spot").first.click()
        wait_until(page, f"window.meeple.state().index > {s['index']}")
    assert shared, "no position with two pieces for one place came up"


def test_a_huts_river_system_lights_up_on_hover(server, page):
    """A whole game of two bots: pointing at a hut lights the river system it scores."""
    game = server.create("hunters-gatherers", 2, {"0": "greedy", "1": "greedy"}, seed=3)
    page.goto(server.base + f"/games/{game['id']}")
    expect(page.locator("#status")).to_contain_text("Game over", timeout=60000)
    s = state(page)
    huts = s["regions"]["huts"]
    assert huts and page.locator("#pieces .hut").count() == len(huts)
    for i, region in enumerate(huts):
        page.hover(f"#pieces .hut[data-index='{i}']")
        lit = page.locator("#lit .lit").evaluate_all("els => els.map(e => e.dataset.cell)")
        assert sorted(lit) == sorted(f"{x},{y}" for x, y in region)
        page.mouse.move(2, 790)
        expect(page.locator("#lit .lit")).to_have_count(0)
