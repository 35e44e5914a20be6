"""Seats and the lobby: join (name your seat, or take an open one), leave, rematch, and the
list of games by game and status. Every refusal has its status and changes nothing."""
from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.pool import NullPool

from meeple.server import schema

from .helpers import auth, create, play_out, receive, state, tokens, watch

SHORT = {"deck": {"V": 2, "U": 1}}      # a Carcassonne of three tiles


def join(client, game_id: str, body: dict, token: str | None = None):
    return client.post(f"/api/games/{game_id}/join", json=body, headers=auth(token))


def seat_rows(db_url: str, game_id: str) -> list[tuple]:
    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            s = schema.seats
            return [tuple(r) for r in db.execute(
                sa.select(s.c.seat, s.c.agent, s.c.name, s.c.token_hash)
                .where(s.c.game_id == game_id).order_by(s.c.seat))]
    finally:
        engine.dispose()


def game_row(db_url: str, game_id: str):
    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            return db.execute(sa.select(schema.games)
                              .where(schema.games.c.id == game_id)).one()
    finally:
        engine.dispose()


class Unchanged:
    """Asserts that a refusal left the game as it was: the state every seat and a spectator
    see, and the stored seats (names, token hashes)."""

    def __init__(self, client, db_url: str, game_id: str, seat_tokens: dict[int, str]):
        self.client, self.db_url, self.game_id = client, db_url, game_id
        self.tokens = dict(seat_tokens)
        self.before = self.snapshot()

    def snapshot(self):
        views = {seat: state(self.client, self.game_id, token)
                 for seat, token in self.tokens.items()}
        return state(self.client, self.game_id), views, seat_rows(self.db_url, self.game_id)

    def refused(self, reply, status: int, words: str = "") -> None:
        assert reply.status_code == status, (reply.status_code, reply.json())
        assert set(reply.json()) == {"error"}
        assert words.lower() in reply.json()["error"].lower()
        assert self.snapshot() == self.before


def test_join_with_the_seats_token_names_it(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", seed=1, seats={"0": "open", "1": "open"})
    game_id, t = created["id"], tokens(created)
    assert state(client, game_id)["status"] == "open"

    reply = join(client, game_id, {"seat": 0, "name": "  Ana  "}, t[0])
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"seat": 0, "token": t[0], "join": f"/games/{game_id}?token={t[0]}"}
    seats = state(client, game_id)["seats"]
    assert seats[0] == {"seat": 0, "agent": "human", "name": "Ana", "open": False,
                        "mode": "open", "bot": None}
    assert seats[1]["open"]
    # without a seat number, the token's own seat is named again
    reply = join(client, game_id, {"seat": None, "name": "Ana B."}, t[0])
    assert reply.status_code == 200 and reply.json()["seat"] == 0
    assert state(client, game_id, t[0])["seats"][0]["name"] == "Ana B."

    unchanged = Unchanged(client, db_url, game_id, t)
    unchanged.refused(join(client, game_id, {"seat": 1, "name": "Ana"}, t[0]), 403, "seat 0")
    other = create(client, "carcassonne", seed=2)
    unchanged.refused(join(client, game_id, {"seat": 0, "name": "X"}, tokens(other)[0]), 401)
    unchanged.refused(join(client, game_id, {"seat": 0, "name": "X"}, "not-a-token"), 401)
    both = {"0": "A", "1": "B"}
    named = create(client, "carcassonne", seed=3, names=both)
    assert state(client, named["id"])["status"] == "running"


def test_join_without_a_token_takes_an_open_seat(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=3, bots={"2": "greedy"}, seed=1,
                     seats={"0": "open", "1": "open"})
    game_id, t = created["id"], tokens(created)
    assert set(t) == {0, 1}
    assert [s["open"] for s in state(client, game_id)["seats"]] == [True, True, False]

    reply = join(client, game_id, {"seat": 1, "name": "Bo"})
    assert reply.status_code == 200, reply.json()
    bo = reply.json()["token"]
    assert reply.json() == {"seat": 1, "token": bo, "join": f"/games/{game_id}?token={bo}"}
    assert bo not in t.values()
    assert state(client, game_id, bo)["seat"] == 1
    # the seat's creation token stopped working
    gone = client.get(f"/api/games/{game_id}", headers=auth(t[1]))
    assert gone.status_code == 401, gone.json()
    assert state(client, game_id)["seats"][1] == {"seat": 1, "agent": "human", "name": "Bo",
                                                 "open": False, "mode": "open", "bot": None}

    # no seat number: the first open one (seat 0), whose creation token then stops working
    reply = join(client, game_id, {"seat": None, "name": "Cy"})
    assert reply.status_code == 200 and reply.json()["seat"] == 0
    cy = reply.json()["token"]
    assert client.get(f"/api/games/{game_id}", headers=auth(t[0])).status_code == 401
    now = state(client, game_id, cy)
    assert now["seat"] == 0 and now["legal"] and now["status"] == "running"

    unchanged = Unchanged(client, db_url, game_id, {0: cy, 1: bo})
    unchanged.refused(join(client, game_id, {"seat": 1, "name": "Di"}), 409, "taken")
    unchanged.refused(join(client, game_id, {"seat": 2, "name": "Di"}), 409, "bot")
    unchanged.refused(join(client, game_id, {"seat": None, "name": "Di"}), 409, "no seat")
    unchanged.refused(join(client, game_id, {"seat": 3, "name": "Di"}), 400)
    unchanged.refused(join(client, game_id, {"seat": -1, "name": "Di"}), 400)
    unchanged.refused(join(client, game_id, {"seat": "1", "name": "Di"}), 400)
    unchanged.refused(join(client, game_id, {"seat": 1}), 400)
    unchanged.refused(join(client, game_id, {"seat": 1, "name": "Di", "x": 1}), 400)
    assert join(client, "no-such-game", {"seat": 0, "name": "Di"}).status_code == 404
    # the new tokens still play
    reply = client.post(f"/api/games/{game_id}/actions", headers=auth(cy),
                        json={"action": now["legal"][0], "index": now["index"]})
    assert reply.status_code == 200, reply.json()


def test_a_link_in_use_claims_its_seat(serve, db_url):
    """The page of a seat's link connected: the seat is no longer open, so nobody takes it
    from the lobby (which would end the link's token); its person names it later."""
    client = serve()
    created = create(client, "carcassonne", players=2, seed=1, seats={"0": "open", "1": "open"})
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[0]) as ws:
        first = receive(ws)
    assert first["seats"][0] == {"seat": 0, "agent": "human", "name": "guest", "open": False,
                                 "mode": "open", "bot": None}
    assert [s["open"] for s in state(client, game_id)["seats"]] == [False, True]
    unchanged = Unchanged(client, db_url, game_id, t)
    unchanged.refused(join(client, game_id, {"seat": 0, "name": "Eve"}), 409, "taken")
    reply = join(client, game_id, {"seat": None, "name": "Bo"})   # the first open one: 1
    assert reply.status_code == 200 and reply.json()["seat"] == 1
    assert state(client, game_id, t[0])["seat"] == 0              # the link still works
    assert join(client, game_id, {"name": "Al"}, t[0]).status_code == 200
    assert state(client, game_id)["seats"][0]["name"] == "Al"
    with watch(client, game_id, t[0]) as ws:
        assert receive(ws)["seats"][0]["name"] == "Al"            # a named seat stays so


def test_names_are_1_to_40_printable_characters(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=4, seed=1,
                     seats={"0": "open", "1": "open", "2": "open", "3": "open"})
    game_id, t = created["id"], tokens(created)
    unchanged = Unchanged(client, db_url, game_id, t)
    bad = ["", "   ", "x" * 41, " " + "y" * 41, "a\nb", "tab\there", "nul\x00", "bell\x07",
           "zero\u200bwidth", "\u202eevil"]
    for name in bad:
        unchanged.refused(join(client, game_id, {"seat": 0, "name": name}, t[0]), 400, "name")
        unchanged.refused(join(client, game_id, {"seat": 1, "name": name}), 400, "name")
    for name in (None, 7, ["Ana"]):
        unchanged.refused(join(client, game_id, {"seat": 1, "name": name}), 400)
    good = {"A": "A", "x" * 40: "x" * 40, "  " + "z" * 40 + "  ": "z" * 40,
            "Jäger 🎲": "Jäger 🎲", "Ana-Maria O'Neil": "Ana-Maria O'Neil"}
    for seat, (name, shown) in zip((0, 1, 2, 3, 0), good.items()):
        token = t[seat] if seat in (0, 1) else None
        reply = join(client, game_id, {"seat": seat, "name": name}, token)
        assert reply.status_code == 200, (name, reply.json())
        if token is None:
            t[seat] = reply.json()["token"]
        assert state(client, game_id)["seats"][seat]["name"] == shown
    # the same rule when a game is created with names
    for name in bad[:4]:
        reply = client.post("/api/games", json={"game": "carcassonne", "names": {"0": name}})
        assert reply.status_code == 400, (name, reply.json())


def test_leave_ends_the_token_and_opens_the_seat(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", seed=1, names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    assert state(client, game_id)["status"] == "running"

    unchanged = Unchanged(client, db_url, game_id, t)
    unchanged.refused(client.post(f"/api/games/{game_id}/leave"), 403)
    unchanged.refused(client.post(f"/api/games/{game_id}/leave", headers=auth("nope")), 401)

    reply = client.post(f"/api/games/{game_id}/leave", headers=auth(t[1]))
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"seat": 1, "left": True}
    assert client.get(f"/api/games/{game_id}", headers=auth(t[1])).status_code == 401
    now = state(client, game_id)
    assert now["seats"][1] == {"seat": 1, "agent": "human", "name": None, "open": True,
                              "mode": "open", "bot": None}
    assert now["status"] == "open"
    assert seat_rows(db_url, game_id)[1] == (1, "human", None, None)
    again = client.post(f"/api/games/{game_id}/leave", headers=auth(t[1]))
    assert again.status_code == 401, again.json()

    reply = join(client, game_id, {"seat": 1, "name": "Cy"})
    assert reply.status_code == 200 and reply.json()["seat"] == 1
    assert state(client, game_id, reply.json()["token"])["seat"] == 1
    assert state(client, game_id, t[0])["seat"] == 0      # the other seat kept its token


def test_rematch_same_game_seats_and_bots_new_seed(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=3, bots={"2": "greedy"}, config=SHORT,
                     names={"0": "Ana"}, seed=3)
    game_id, t = created["id"], tokens(created)

    unchanged = Unchanged(client, db_url, game_id, t)
    unchanged.refused(client.post(f"/api/games/{game_id}/rematch", headers=auth(t[0])),
                      409, "over")
    assert state(client, game_id)["rematch"] is None

    play_out(client, game_id, t, seed=5)
    over = Unchanged(client, db_url, game_id, t)
    assert over.before[0]["terminal"] and over.before[0]["status"] == "finished"
    over.refused(client.post(f"/api/games/{game_id}/rematch"), 403)
    over.refused(client.post(f"/api/games/{game_id}/rematch", headers=auth("nope")), 401)
    over.refused(join(client, game_id, {"seat": None, "name": "Late"}), 409, "over")

    # The rematch keeps each seat's colour and moves everyone one place on: the second
    # seat starts, the first plays last.
    first = client.post(f"/api/games/{game_id}/rematch", headers=auth(t[1]))
    assert first.status_code == 200, first.json()
    new_id = first.json()["id"]
    assert new_id != game_id and first.json()["seat"] == 0
    n1 = first.json()["token"]
    assert first.json()["join"] == f"/games/{new_id}?token={n1}"
    assert state(client, game_id)["rematch"] == new_id
    assert state(client, game_id, t[0])["rematch"] == new_id

    second = client.post(f"/api/games/{game_id}/rematch", headers=auth(t[0]))
    assert second.status_code == 200, second.json()
    assert second.json()["id"] == new_id and second.json()["seat"] == 2
    n0 = second.json()["token"]
    assert len({n0, n1, *t.values()}) == 4
    again = client.post(f"/api/games/{game_id}/rematch", headers=auth(t[0]))
    assert again.status_code == 200 and again.json()["id"] == new_id   # reused
    assert again.json()["token"] == n0         # the same token: a second tab ends nothing
    assert state(client, new_id, n0)["seat"] == 2

    fresh = state(client, new_id, n0)
    assert fresh["seat"] == 2 and fresh["game"] == "carcassonne" and fresh["players"] == 3
    assert not fresh["terminal"] and fresh["index"] >= 1
    assert state(client, new_id, n1)["seat"] == 0
    assert [(s["agent"], s["name"]) for s in fresh["seats"]] == [
        ("human", "guest"), ("greedy", None), ("human", "Ana")]
    assert over.before[0]["colours"] == ["red", "blue", "yellow"]
    assert fresh["colours"] == ["blue", "yellow", "red"]      # each keeps their colour
    for old in t.values():                  # the old game's tokens hold no seat there
        assert client.get(f"/api/games/{new_id}", headers=auth(old)).status_code == 401
    old_row, new_row = game_row(db_url, game_id), game_row(db_url, new_id)
    assert new_row.config == old_row.config == SHORT
    assert (new_row.game, new_row.players, new_row.private) == ("carcassonne", 3, False)
    assert new_row.seed != old_row.seed
    assert new_row.rematch_of == game_id and old_row.rematch == new_id
    # its seats are kept for the same people: not open to strangers
    assert join(client, new_id, {"seat": None, "name": "Stranger"}).status_code == 409
    # and it is played like any game
    end = play_out(client, new_id, {2: n0, 0: n1}, seed=6)
    assert end["terminal"]


def test_a_rematch_seat_left_and_taken_is_not_given_back(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=2, config=SHORT, seed=3)
    game_id, t = created["id"], tokens(created)
    play_out(client, game_id, t, seed=5)
    mine = client.post(f"/api/games/{game_id}/rematch", headers=auth(t[1])).json()
    new_id = mine["id"]
    assert client.post(f"/api/games/{new_id}/leave", headers=auth(mine["token"])).status_code == 200
    # left, then asked again: the seat comes back to the same person, same token
    back = client.post(f"/api/games/{game_id}/rematch", headers=auth(t[1])).json()
    assert back["token"] == mine["token"] and state(client, new_id, back["token"])["seat"] == 0
    client.post(f"/api/games/{new_id}/leave", headers=auth(back["token"]))
    taken = join(client, new_id, {"seat": 0, "name": "Zed"})
    assert taken.status_code == 200, taken.json()
    unchanged = Unchanged(client, db_url, new_id, {0: taken.json()["token"]})
    unchanged.refused(client.post(f"/api/games/{game_id}/rematch", headers=auth(t[1])),
                      409, "taken by someone else")


def test_the_lobby_lists_by_game_and_status_never_private_games(serve, db_url):
    client = serve()
    ids = {}
    ids["open"] = create(client, "carcassonne", seats={"0": "open", "1": "open"})["id"]
    ids["running"] = create(client, "carcassonne", names={"0": "A", "1": "B"})["id"]
    finished = create(client, "carcassonne", bots={"1": "greedy"}, names={"0": "A"},
                      config=SHORT)
    ids["finished"] = finished["id"]
    ids["dice"] = create(client, "catan-dice", seats={"0": "open"})["id"]
    private = create(client, "carcassonne", private=True)
    practice = create(client, "carcassonne", seed=5,      # a seed named: a practice game
                      seats={"1": "open"})
    play_out(client, finished["id"], tokens(finished), seed=1)

    def listed(**query) -> list[dict]:
        reply = client.get("/api/games", params=query)
        assert reply.status_code == 200, reply.json()
        return reply.json()

    def listed_ids(**query) -> set[str]:
        return {g["id"] for g in listed(**query)}

    assert listed_ids() == {ids["open"], ids["running"], ids["finished"], ids["dice"]}
    assert listed_ids(game="carcassonne") == {ids["open"], ids["running"], ids["finished"]}
    assert listed_ids(game="carcassonne", status="open") == {ids["open"]}
    assert listed_ids(game="carcassonne", status="running") == {ids["running"]}
    assert listed_ids(game="carcassonne", status="finished") == {ids["finished"]}
    assert listed_ids(status="open") == {ids["open"], ids["dice"]}
    assert listed_ids(game="catan-dice") == {ids["dice"]}
    assert listed_ids(game="catan-dice", status="finished") == set()
    assert listed_ids(game="no-such-game") == set()
    for status in ("open", "running", "finished"):
        assert {g["status"] for g in listed(status=status)} == {status}
    [summary] = listed(status="finished")
    assert summary["game"] == "carcassonne" and summary["players"] == 2
    assert summary["scores"] is not None and len(summary["scores"]) == 2
    assert [s["agent"] for s in summary["seats"]] == ["human", "greedy"]
    assert all("token" not in str(s).lower() for s in summary["seats"])
    bad = client.get("/api/games", params={"status": "bogus"})
    assert bad.status_code == 400 and set(bad.json()) == {"error"}

    # the practice game: not listed, and marked so; its seats are taken as any game's
    assert practice["id"] not in listed_ids()
    assert client.get(f"/api/games/{practice['id']}").json()["practice"] is True
    assert client.get(f"/api/games/{ids['open']}").json()["practice"] is False
    assert client.post(f"/api/games/{practice['id']}/join", json={"name": "C"}).status_code \
        == 200
    # the private game: not listed, and its seats are taken only with their links
    assert private["id"] not in listed_ids(game="carcassonne", status="open")
    unchanged = Unchanged(client, db_url, private["id"], tokens(private))
    unchanged.refused(join(client, private["id"], {"seat": 1, "name": "Eve"}), 403, "private")
    unchanged.refused(join(client, private["id"], {"seat": None, "name": "Eve"}), 403)
    reply = join(client, private["id"], {"seat": 1, "name": "Bo"}, tokens(private)[1])
    assert reply.status_code == 200, reply.json()       # its own token names the seat
    assert private["id"] not in listed_ids()
    # a seat taken from the lobby moves the game from open to running
    joined = join(client, ids["open"], {"seat": None, "name": "X"})
    assert joined.status_code == 200
    assert ids["open"] in listed_ids(status="open")
    assert join(client, ids["open"], {"seat": None, "name": "Y"}).status_code == 200
    assert ids["open"] in listed_ids(status="running")
    assert ids["open"] not in listed_ids(status="open")
