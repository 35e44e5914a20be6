"""Players, invitations, My games, accounts and the "your turn" notice in the browser
(issue 24): every person is a browser context of their own, so each has their own player
cookie, as two people on two computers would. The games are made through the lobby's form
and played by clicks; the server is the browser tests' real ``meeple serve``."""
from __future__ import annotations

import re
import secrets

import pytest
from browser_steps import wait_until
from playwright.sync_api import expect

PASSWORD = "correct horse battery"


def create(server, page, game: str = "carcassonne",
           seats: tuple[str, ...] = ("me", "invite")) -> tuple[str, dict[int, str]]:
    """Make a game on the lobby's form, each seat's choice from ``seats`` (me, invite,
    open or a bot's spec); (the game's id, {seat: the invitation's full address})."""
    page.goto(server.base + "/")
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    page.fill("#players", str(len(seats)))
    for seat, choice in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", choice)
    page.click("#create")
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#create-error")).to_be_empty()
    game_id = page.get_attribute("#play", "href").rsplit("/", 1)[1]
    invites = {int(li.get_attribute("data-seat")): li.locator(".invite-url").inner_text()
               for li in page.locator("#invites li").all()}
    return game_id, invites


def seat_of(page, seat: int | None) -> None:
    """Wait until the game page is connected as ``seat`` (None: a spectator)."""
    want = "null" if seat is None else str(seat)
    wait_until(page, "(() => { const s = window.meeple && window.meeple.state();"
                     f" return !!s && s.seat === {want}; }})()")


def play_a_turn(page) -> None:
    """Carcassonne: place the drawn tile on the first lit spot, then pass."""
    page.locator(".spot").first.click()
    page.wait_for_selector("#pass")
    page.keyboard.press("p")


def test_the_creator_gets_back_to_their_seat_through_my_games(server, person):
    page = person()
    game_id, invites = create(server, page)
    # What the creator is shown: the invitation in words, Play, and the token links only
    # under the disclosure for programs.
    invite = page.locator("#invites li[data-seat='1']")
    expect(invite).to_contain_text("send this link to your friend: the first person to "
                                   "open it gets the seat")
    assert re.fullmatch(re.escape(server.base) + r"/invite/\S+", invites[1])
    expect(invite).to_contain_text("blue: send this link")     # by colour, not "Seat 2"
    my_invite = page.locator("#my-games .invite[data-seat='1']")
    expect(my_invite).to_contain_text("blue: send this link")
    expect(page.locator("#links")).to_be_hidden()
    assert "token" not in page.locator("#created").inner_text()
    expect(page.locator("#play")).to_have_text("Play")
    # Two people: correspondence, 3 days a move, a bot takes over; no engine hints.
    info = server.get(f"/api/games/{game_id}")
    assert info["clock"]["kind"] == "correspondence" and info["clock"]["days"] == 3
    assert info["clock"]["on_timeout"] == "bot"
    assert info["hints"] is False and info["aids"] is True

    page.click("#play")
    seat_of(page, 0)
    assert page.url == f"{server.base}/games/{game_id}"          # no token anywhere
    expect(page.locator("#who")).to_contain_text("You play red")

    # The tab closed; later, the lobby in a new tab: My games, the game, the seat.
    context = page.context
    page.close()
    page = context.new_page()
    page.goto(server.base + "/")
    item = page.locator(f"#my-games li[data-game='{game_id}']")
    expect(item).to_contain_text("your turn")
    expect(item).to_have_class(re.compile(r"\byour-turn\b"))
    expect(item.locator(".invite-url")).to_have_text(invites[1])   # the invitation again
    expect(item.locator(".deadline")).to_contain_text("left to move")
    item.locator("a.my-title").click()
    seat_of(page, 0)
    expect(page.locator("#status")).to_contain_text("Your turn")
    assert page.locator(".spot").count() > 0


def test_a_stranger_is_offered_only_the_seats_open_to_anyone(server, person):
    creator = person()
    private_id, _ = create(server, creator, seats=("me", "invite"))
    open_id, invites = create(server, creator, seats=("me", "invite", "open"))
    assert list(invites) == [1]
    expect(creator.locator("#created-open")).to_contain_text("The yellow seat is open to anyone")

    stranger = person()
    stranger.goto(server.base + "/")
    row = stranger.locator(f"#list-open tr[data-game='{open_id}']")
    expect(row).to_be_visible()
    expect(row.locator("button")).to_have_text(["join as yellow"])  # not red (me), not blue
    assert stranger.locator(f"#list-open tr[data-game='{private_id}']").count() == 0
    assert stranger.locator(f"tr[data-game='{private_id}'] button").count() == 0
    listed = server.get("/api/games?status=open&limit=500")
    assert private_id not in {g["id"] for g in listed}
    assert [s["seat"] for g in listed if g["id"] == open_id
            for s in g["seats"] if s["open"]] == [2]

    # The open seat is the stranger's for the taking; the game of invitations only shows
    # itself to watch.
    row.get_by_role("button", name="join as yellow").click()
    seat_of(stranger, 2)
    expect(stranger.locator("#who")).to_contain_text("You play yellow")
    assert "token" not in stranger.url
    stranger.goto(f"{server.base}/games/{private_id}")
    seat_of(stranger, None)
    expect(stranger.locator("#who")).to_have_text("You are watching this game.")
    assert stranger.locator(".spot").count() == 0


def test_an_invitation_gives_the_seat_to_the_first_person_who_opens_it(server, person):
    creator = person()
    game_id, invites = create(server, creator)
    friend = person(390, 844)
    friend.goto(invites[1])
    friend.wait_for_url(f"{server.base}/games/{game_id}")
    seat_of(friend, 1)
    expect(friend.locator("#who")).to_contain_text("You play blue")

    late = person()
    late.goto(invites[1])
    expect(late.locator("#invite-status")).to_contain_text("taken")
    assert "/invite/" in late.url                            # no game page, no seat

    # The friend's My games lists the game; the creator's no longer offers the invitation.
    friend.goto(server.base + "/")
    expect(friend.locator(f"#my-games li[data-game='{game_id}']")).to_contain_text(
        "waiting for")
    creator.goto(server.base + "/")
    mine = creator.locator(f"#my-games li[data-game='{game_id}']")
    expect(mine).to_contain_text("your turn")
    expect(mine.locator(".invite")).to_have_count(0)
    # Opening the invitation again is harmless: the friend keeps the seat.
    friend.goto(invites[1])
    friend.wait_for_url(f"{server.base}/games/{game_id}")
    seat_of(friend, 1)


def test_an_account_brings_my_games_to_another_device(server, person):
    username = f"ana_{secrets.token_hex(3)}"
    laptop = person()
    laptop.goto(server.base + "/")
    laptop.fill("#my-name", "Ana")
    laptop.click("#name-form button")
    expect(laptop.locator("#name-note")).to_have_text("saved")
    expect(laptop.locator("#whoami")).to_have_text("Ana")
    game_id, _ = create(server, laptop, seats=("me", "greedy"))

    laptop.click("#create-account summary")
    expect(laptop.locator("#create-account")).to_contain_text("Username")
    laptop.fill("#new-username", username)
    laptop.fill("#new-password", "short")
    laptop.click("#new-form button[type=submit]")
    expect(laptop.locator("#account-error")).to_contain_text("password")   # too short
    laptop.fill("#new-password", PASSWORD)
    laptop.click("#new-form button[type=submit]")
    expect(laptop.locator("#account-name")).to_contain_text(f"Logged in as {username}")
    expect(laptop.locator("#account-error")).to_be_empty()

    phone = person(390, 844)
    phone.goto(server.base + "/")
    expect(phone.locator("#my-games-none")).to_be_visible()
    expect(phone.locator("#you")).to_contain_text("your games come with you")
    phone.click("#log-in summary")
    phone.fill("#login-username", username)
    phone.fill("#login-password", "not the password")
    phone.click("#login-form button[type=submit]")
    expect(phone.locator("#account-error")).to_have_text("wrong username or password")
    phone.fill("#login-password", PASSWORD)
    phone.click("#login-form button[type=submit]")
    expect(phone.locator("#account-name")).to_contain_text(username)
    expect(phone.locator(f"#my-games li[data-game='{game_id}']")).to_be_visible()
    expect(phone.locator("#my-name")).to_have_value("Ana")
    phone.locator(f"#my-games li[data-game='{game_id}'] a.my-title").click()
    seat_of(phone, 0)
    expect(phone.locator("#who")).to_contain_text("You play red, Ana")

    # Somebody else cannot take the username.
    other = person()
    other.goto(server.base + "/")
    other.click("#create-account summary")
    other.fill("#new-username", username)
    other.fill("#new-password", PASSWORD)
    other.click("#new-form button[type=submit]")
    expect(other.locator("#account-error")).to_have_text("that username is taken: choose another")

    # Logged out, the laptop is somebody new: no games.
    laptop.click("#logout")
    expect(laptop.locator("#create-account")).to_be_visible()
    expect(laptop.locator("#my-games-none")).to_be_visible()


# A stand-in for the browser's Notification (headless Chromium shows none) and a switch
# for document.hidden: what the page asks for is recorded in window.__notes.
FAKE_NOTIFICATIONS = """
window.__notes = []; window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
}
FakeNotification.permission = localStorage.getItem("fake-permission") || "default";
FakeNotification.requestPermission = async () => {
  localStorage.setItem("fake-permission", "granted");
  return (FakeNotification.permission = "granted");
};
window.Notification = FakeNotification;
"""


def test_the_tab_says_whose_turn_it_is(server, person):
    creator = person()
    game_id, invites = create(server, creator)
    creator.click("#play")
    seat_of(creator, 0)
    friend = person(init_script=FAKE_NOTIFICATIONS)
    friend.goto(invites[1])
    seat_of(friend, 1)

    turn_icon = "link[rel~='icon']"
    wait_until(creator, "document.title.startsWith('● Your turn — ')")
    expect(creator.locator(turn_icon)).to_have_attribute("href", "/static/favicon-turn.svg")
    assert not friend.title().startswith("●")
    expect(friend.locator(turn_icon)).to_have_attribute("href", "/static/favicon.svg")
    # Between people no engine hints, and the page says so to both.
    for page in (creator, friend):
        expect(page.locator("#table-rules")).to_have_text("No engine hints in this game")
    assert creator.locator("#hint").count() == 0

    # The friend asks to be notified (the permission is granted) and turns the sound on;
    # both are remembered.
    friend.click("#turn-notify")
    expect(friend.locator("#turn-notify")).to_have_text("Stop notifying me")
    friend.check("#turn-sound")
    friend.evaluate("window.__hidden = true")                   # the friend's tab hidden

    play_a_turn(creator)
    wait_until(friend, "document.title.startsWith('● Your turn — ')")
    wait_until(creator, "!document.title.startsWith('●')")
    expect(creator.locator(turn_icon)).to_have_attribute("href", "/static/favicon.svg")
    expect(friend.locator(turn_icon)).to_have_attribute("href", "/static/favicon-turn.svg")
    notes = wait_until(friend, "window.__notes.length && window.__notes")
    assert notes[0]["title"] == "Your turn" and game_id in notes[0]["body"]

    friend.reload()
    seat_of(friend, 1)
    expect(friend.locator("#turn-sound")).to_be_checked()
    expect(friend.locator("#turn-notify")).to_have_text("Stop notifying me")
    # The friend's lobby tab says it too.
    friend.goto(server.base + "/")
    wait_until(friend, "document.title.startsWith('● Your turn (')")


def test_hints_for_everyone_are_said_on_the_page(server, person):
    """Against a bot the default is hints on: the page says so and offers the button."""
    page = person()
    game_id, _ = create(server, page, seats=("me", "greedy"))
    assert server.get(f"/api/games/{game_id}")["hints"] is True
    page.click("#play")
    seat_of(page, 0)
    expect(page.locator("#table-rules")).to_have_text("Engine hints allowed for every seat")
    expect(page.locator("#keys")).to_contain_text("hint")
    page.click("#hint")                        # asked with the player's cookie, no token
    expect(page.locator(".hint-move").first).to_be_visible(timeout=20000)
    expect(page.locator("#error")).to_be_empty()


def test_the_lobby_passes_axe_and_is_pictured(server, person, artifacts):
    """axe-core on the lobby with My games, the form and a created game's invitation
    (desktop and phone); the pictures are ``artifacts/lobby-players-*.png``."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright",
                              reason="axe-playwright-python (axe-core) is not installed")
    for name, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
        page = person(width, height)
        create(server, page, seats=("me", "greedy"))
        create(server, page, seats=("me", "invite"))
        page.select_option("#clock-kind", "live")               # the fields it shows
        expect(page.locator("#clock-base")).to_be_visible()
        expect(page.locator("#my-games .my-game")).to_have_count(2)
        page.screenshot(path=str(artifacts / f"lobby-players-{name}.png"), full_page=True)
        results = axe.Axe().run(page)
        found = [f"{v['id']} ({v['impact']}): {v['help']} — "
                 f"{[n['target'] for n in v['nodes']][:3]}"
                 for v in results.response["violations"]]
        assert not found, found
