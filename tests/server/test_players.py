"""Players, accounts, invitations and "My games" through the API, on SQLite and PostgreSQL:
a browser's cookie holds its seats, an invitation is claimed once, the lobby offers only
what its creator opened to anyone, and an account carries a player's games to another
device (issue 24, items 1–3)."""
from __future__ import annotations

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import auth, create, receive, state, tokens, ws_path
from .test_secrets import every_value


class Browser:
    """One browser on the test server: its own cookie jar, swapped into the shared
    TestClient for each request (one app, one event loop, several people)."""

    def __init__(self, client):
        self.client, self.jar = client, httpx.Cookies()

    def request(self, method: str, url: str, **kw) -> httpx.Response:
        self.client.cookies = self.jar
        try:
            return self.client.request(method, url, **kw)
        finally:
            self.jar = httpx.Cookies(self.client.cookies)
            self.client.cookies = httpx.Cookies()

    def get(self, url, **kw):
        return self.request("GET", url, **kw)

    def post(self, url, **kw):
        return self.request("POST", url, **kw)

    def me(self) -> dict:
        reply = self.get("/api/players/me")
        assert reply.status_code == 200, reply.text
        return reply.json()

    def state(self, game_id: str) -> dict:
        reply = self.get(f"/api/games/{game_id}")
        assert reply.status_code == 200, reply.text
        return reply.json()

    def create(self, **body) -> dict:
        reply = self.post("/api/games", json={"game": "carcassonne", **body})
        assert reply.status_code == 201, reply.text
        return reply.json()

    def games(self) -> list[dict]:
        reply = self.get("/api/players/me/games")
        assert reply.status_code == 200, reply.text
        return reply.json()


@pytest.fixture
def client(serve):
    return serve()


def test_the_first_visit_makes_a_player_whose_cookie_only_the_browser_holds(client, db_url):
    ana = Browser(client)
    reply = ana.get("/api/players/me")
    cookie = reply.headers["set-cookie"]
    assert "meeple_player=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie                   # plain http here; https sets it
    me = reply.json()
    assert me["account"] is None and me["name"].startswith("Guest ")
    assert ana.me()["id"] == me["id"]                # the cookie keeps the player
    assert "set-cookie" not in ana.get("/api/players/me").headers
    secret = ana.jar["meeple_player"]
    assert not any(secret in text for _, _, text in every_value(db_url))
    assert Browser(client).me()["id"] != me["id"]    # another browser: another player
    renamed = ana.request("PATCH", "/api/players/me", json={"name": "Ana"})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ana"
    assert ana.request("PATCH", "/api/players/me", json={"name": " "}).status_code == 400


def test_a_new_name_shows_in_the_games_under_way(client):
    ana = Browser(client)
    ana.me()
    game_id = ana.create(bots={"1": "random"})["id"]
    with client.websocket_connect(ws_path(game_id)) as ws:
        receive(ws)
        ana.request("PATCH", "/api/players/me", json={"name": "Ana"})
        heard = receive(ws)
        assert heard["type"] == "seats" and heard["seats"][0]["name"] == "Ana"
    assert ana.state(game_id)["seats"][0]["name"] == "Ana"


def test_the_creators_seat_comes_back_in_any_tab_by_the_cookie(client):
    ana = Browser(client)
    ana.me()
    created = ana.create(bots={"1": "random"})
    game_id = created["id"]
    assert created["seats"][0]["mode"] == "me"
    assert ana.state(game_id)["seat"] == 0           # no token: the cookie's seat
    assert Browser(client).state(game_id)["seat"] is None     # a stranger watches
    legal = ana.state(game_id)["legal"]
    moved = ana.post(f"/api/games/{game_id}/actions", json={"action": legal[0]})
    assert moved.status_code == 200, moved.text
    with_cookie = {"cookie": f"meeple_player={ana.jar['meeple_player']}"}
    with client.websocket_connect(ws_path(game_id), headers=with_cookie) as ws:
        assert receive(ws)["seat"] == 0              # the WebSocket too
    foreign = {**with_cookie, "origin": "http://evil.example"}
    with client.websocket_connect(ws_path(game_id), headers=foreign) as ws:
        assert receive(ws)["seat"] is None           # another site's page: a spectator


def test_an_invitation_is_claimed_once_and_never_offered_to_strangers(client, db_url):
    ana, bob, eve = Browser(client), Browser(client), Browser(client)
    for b in (ana, bob, eve):
        b.me()
    created = ana.create(players=3, seats={"1": "invite", "2": "open"})
    game_id = created["id"]
    by_seat = {s["seat"]: s for s in created["seats"]}
    invite = by_seat[1]["invite"]
    assert invite.startswith("/invite/") and by_seat[2]["invite"] is None
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    offered = [s["seat"] for s in listed[game_id]["seats"] if s["open"]]
    assert offered == [2]                            # not the creator's, not the invited
    refused = eve.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Eve"})
    assert refused.status_code == 409 and "invited" in refused.json()["error"]
    code = invite.removeprefix("/invite/")
    taken = bob.post(f"/api/invites/{code}")
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    assert bob.post(f"/api/invites/{code}").status_code == 200      # again: harmless
    second = eve.post(f"/api/invites/{code}")
    assert second.status_code == 409 and "already taken" in second.json()["error"]
    assert eve.post(f"/api/invites/{code[:-2]}xx").status_code == 404
    assert bob.state(game_id)["seat"] == 1
    # the token made with the game stops working once the invitation is accepted
    assert client.get(f"/api/games/{game_id}",
                      headers=auth(by_seat[1]["token"])).status_code == 401
    joined = eve.post(f"/api/games/{game_id}/join", json={"name": "Eve"})
    assert joined.status_code == 200 and joined.json()["seat"] == 2
    assert eve.state(game_id)["seat"] == 2           # the open seat is her player's now
    names = [s["name"] for s in ana.state(game_id)["seats"]]
    assert names[2] == "Eve" and names[1] == bob.me()["name"]
    assert not any(code in text for _, _, text in every_value(db_url))


def test_my_games_lists_the_games_waiting_for_you_first(client):
    ana, bob = Browser(client), Browser(client)
    ana.me(), bob.me()
    waiting = ana.create(seats={"1": "invite"})["id"]
    versus = ana.create(seats={"1": "invite"})
    playing = versus["id"]
    bob.post(f"/api/invites/{versus['seats'][1]['invite'].removeprefix('/invite/')}")
    bots = ana.create(bots={"1": "random"})["id"]
    games = {g["id"]: g for g in ana.games()}
    assert games[waiting]["status"] == "invited" and games[waiting]["invites"]
    assert games[playing]["status"] == "running" and not games[playing]["invites"]
    assert all(g["your_turn"] for g in games.values())       # seat 0 moves first
    place = ana.state(playing)["legal"][0]
    assert ana.post(f"/api/games/{playing}/actions", json={"action": place}).status_code == 200
    ana.post(f"/api/games/{playing}/actions", json={"action": "pass"})
    mine = ana.games()
    assert [g["your_turn"] for g in mine] == [True, True, False]
    assert mine[-1]["id"] == playing and mine[-1]["deadline"] is None
    assert [g["id"] for g in bob.games()] == [playing]
    assert bob.games()[0]["your_turn"] and bob.games()[0]["invites"] == []
    assert Browser(client).get("/api/players/me/games").status_code == 401


def test_an_account_carries_the_games_to_another_device(client, db_url):
    phone, laptop = Browser(client), Browser(client)
    phone.me()
    game_id = phone.create(bots={"1": "random"})["id"]
    made = phone.post("/api/accounts", json={"username": "ana", "password": "correct horse"})
    assert made.status_code == 201 and made.json()["account"] == {"username": "ana"}
    assert phone.post("/api/accounts", json={"username": "ana2", "password": "x" * 9}
                      ).status_code == 409                       # an account already
    laptop.me()
    other = laptop.create(bots={"1": "random"})["id"]      # played before logging in
    wrong = laptop.post("/api/login", json={"username": "ana", "password": "wrong horse"})
    assert wrong.status_code == 401 and "wrong username or password" in wrong.json()["error"]
    assert laptop.post("/api/login", json={"username": "nobody", "password": "x" * 9}
                       ).status_code == 401
    logged = laptop.post("/api/login", json={"username": "ana", "password": "correct horse"})
    assert logged.status_code == 200 and logged.json()["id"] == phone.me()["id"]
    assert {g["id"] for g in laptop.games()} == {game_id, other}   # carried over
    assert laptop.state(game_id)["seat"] == 0 and laptop.state(other)["seat"] == 0
    assert {g["id"] for g in phone.games()} == {game_id, other}
    out = laptop.post("/api/logout")
    assert out.status_code == 200 and "meeple_player=" in out.headers["set-cookie"]
    assert laptop.me()["id"] != phone.me()["id"]        # a new anonymous player
    assert laptop.state(game_id)["seat"] is None
    values = " ".join(text for _, _, text in every_value(db_url))
    assert "correct horse" not in values and "$argon2id$" in values


def test_account_names_and_passwords_are_checked(client):
    ana, bob = Browser(client), Browser(client)
    ana.me(), bob.me()
    assert ana.post("/api/accounts", json={"username": "a", "password": "long enough"}
                    ).status_code == 400
    assert ana.post("/api/accounts", json={"username": "ana", "password": "short"}
                    ).status_code == 400
    assert ana.post("/api/accounts", json={"username": "Ana", "password": "long enough"}
                    ).status_code == 201
    taken = bob.post("/api/accounts", json={"username": "ANA", "password": "long enough"})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]


def test_a_cookie_request_from_another_site_changes_nothing(client):
    ana = Browser(client)
    ana.me()
    game_id = ana.create(bots={"1": "random"})["id"]
    legal = ana.state(game_id)["legal"]
    for origin in ("http://evil.example", "null"):
        forged = ana.post(f"/api/games/{game_id}/actions", json={"action": legal[0]},
                          headers={"origin": origin})
        assert forged.status_code == 403 and "another site" in forged.json()["error"]
    forged = ana.post(f"/api/games/{game_id}/leave", headers={"sec-fetch-site": "cross-site"})
    assert forged.status_code == 403
    assert ana.state(game_id)["index"] == 1 and ana.state(game_id)["seat"] == 0
    own = ana.post(f"/api/games/{game_id}/actions", json={"action": legal[0]},
                   headers={"origin": "http://testserver"})
    assert own.status_code == 200
    # API clients send no cookie: their origin is nobody's business
    created = client.post("/api/games", json={"game": "carcassonne"},
                          headers={"origin": "http://elsewhere.example"})
    assert created.status_code == 201


def test_api_clients_keep_their_tokens_and_the_old_open_seats_stay_open(client):
    created = create(client, "carcassonne", seats={"1": "open"})
    game_id, t = created["id"], tokens(created)
    assert [s["mode"] for s in created["seats"]] == ["invite", "open"]
    assert state(client, game_id, t[0])["seat"] == 0
    assert state(client, game_id)["status"] == "open"
    refused = client.post("/api/games", json={"game": "carcassonne", "seats": {"0": "me"}})
    assert refused.status_code == 400 and "players/me" in refused.json()["error"]


def test_a_rematch_keeps_each_players_seat(client):
    ana = Browser(client)
    ana.me()
    game_id = ana.create(game="catan-dice")["id"]
    while not (now := ana.state(game_id))["terminal"]:
        legal = now["legal"]
        ana.post(f"/api/games/{game_id}/actions",
                 json={"action": "stop" if "stop" in legal else legal[0]})
    again = ana.post(f"/api/games/{game_id}/rematch")
    assert again.status_code == 200, again.text
    assert again.json()["token"] is None and ana.state(again.json()["id"])["seat"] == 0


def test_a_closed_seat_socket_goes_when_its_invitation_is_accepted(client):
    ana, bob = Browser(client), Browser(client)
    ana.me(), bob.me()
    created = ana.create(seats={"1": "invite"})
    seat1 = created["seats"][1]
    with client.websocket_connect(ws_path(created["id"]), headers=auth(seat1["token"])) as ws:
        assert receive(ws)["seat"] == 1
        bob.post(f"/api/invites/{seat1['invite'].removeprefix('/invite/')}")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(ws)
        assert closed.value.code == 4401


def test_a_friend_who_comes_late_takes_the_seat_back_from_the_bot(client):
    """The invited person's clock ran out before they came and a bot plays for them:
    accepting the invitation sends the bot away, and their clock starts."""
    import time
    ana, bob = Browser(client), Browser(client)
    ana.me(), bob.me()
    created = ana.create(seats={"1": "invite"}, clock={"kind": "move", "seconds": 5},
                         on_timeout="bot")
    game_id = created["id"]
    ana.post(f"/api/games/{game_id}/actions", json={"action": ana.state(game_id)["legal"][0]})
    ana.post(f"/api/games/{game_id}/actions", json={"action": "pass"})
    deadline = time.monotonic() + 30
    while ana.state(game_id)["seats"][1]["bot"] is None:
        assert time.monotonic() < deadline, "no bot took the absent friend's seat"
        time.sleep(0.2)
    code = created["seats"][1]["invite"].removeprefix("/invite/")
    assert bob.post(f"/api/invites/{code}").status_code == 200
    now = bob.state(game_id)
    assert now["seat"] == 1 and now["seats"][1]["bot"] is None
    assert now["seats"][1]["name"] == bob.me()["name"]


def test_one_address_makes_a_bounded_number_of_players(serve):
    client = serve(players_per_hour=3)
    for _ in range(3):
        assert Browser(client).get("/api/players/me").status_code == 200
    refused = Browser(client).get("/api/players/me")
    assert refused.status_code == 429 and "at most 3 an hour" in refused.json()["error"]


def test_no_secret_of_a_player_reaches_the_servers_log_or_replies(tmp_path):
    """A real server's whole output, and every reply, after players are made, an
    invitation is accepted and an account logs in and out: no cookie secret, invitation
    code or password in them."""
    from server_process import serve as serve_process
    with serve_process(tmp_path) as server:
        ana = httpx.Client(base_url=server.base)
        bob = httpx.Client(base_url=server.base)
        replies = [ana.get("/api/players/me"), bob.get("/api/players/me")]
        created = ana.post("/api/games", json={"game": "carcassonne",
                                               "seats": {"1": "invite"}})
        invite = created.json()["seats"][1]["invite"]
        replies += [bob.get(invite), bob.post("/api/" + invite.lstrip("/").replace(
            "invite/", "invites/"))]
        password = "a password nobody logs"
        replies += [ana.post("/api/accounts", json={"username": "ana", "password": password}),
                    bob.post("/api/login", json={"username": "ana", "password": "wrong one!"}),
                    bob.post("/api/login", json={"username": "ana", "password": password}),
                    bob.get(f"/api/games/{created.json()['id']}"), bob.post("/api/logout")]
        secrets = [ana.cookies["meeple_player"], invite.rsplit("/", 1)[1], password]
        for client in (ana, bob):
            client.close()
    assert [r.status_code for r in replies[2:]] == [200, 200, 201, 401, 200, 200, 200]
    output = (tmp_path / "server.log").read_text()
    assert "POST /api/invites/" in output and "GET /invite/" in output   # it did log them
    for secret in secrets:
        assert secret not in output
        assert not any(secret in r.text for r in replies)
