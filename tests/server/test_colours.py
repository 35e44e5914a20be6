"""Colours and who starts, chosen at creation (issue 25, web audit B15): each seat's colour
from the game's palette (no two alike) or left to chance, the seat order as listed or
shuffled; kept with the game (across a restart), named by the state, the lobby and "My
games" and the log; a clear 422 for an unknown colour or one named twice."""
from __future__ import annotations

import re

from .helpers import auth, create, play_out, state, tokens
from .test_lobby import SHORT, game_row
from .test_players import Browser

PALETTE = ["red", "blue", "yellow", "green", "black"]      # Carcassonne's, in its order


def test_each_seat_gets_the_colour_chosen_and_keeps_it(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=3, bots={"1": "greedy"},
                     colours={"0": "yellow", "1": "red", "2": "random"})
    colours = created["colours"]
    assert colours[:2] == ["yellow", "red"]
    assert colours[2] in {"blue", "green", "black"}        # chance, among those left
    game_id = created["id"]
    assert state(client, game_id)["colours"] == colours
    assert next(g for g in client.get("/api/games").json()       # the lobby
                if g["id"] == game_id)["colours"] == colours
    # the bot's seat is named by its colour in the log
    t = tokens(created)
    s = state(client, game_id, t[0])
    client.post(f"/api/games/{game_id}/actions", headers=auth(t[0]),
                json={"action": s["legal"][0], "index": s["index"]})
    assert state(client, game_id)["log"][0]["text"].startswith("yellow ")
    # stored: a restarted server (another process, the same database) says the same
    assert list(game_row(db_url, game_id).colours) == colours
    again = serve()
    assert state(again, game_id)["colours"] == colours


def test_a_seat_named_nowhere_takes_the_first_colour_nobody_has(serve):
    client = serve()
    assert create(client, "carcassonne", players=3)["colours"] == ["red", "blue", "yellow"]
    assert create(client, "carcassonne", players=3,
                  colours={"1": "red"})["colours"] == ["blue", "red", "yellow"]
    types = {t["name"]: t for t in client.get("/api/games/types").json()}
    assert types["carcassonne"]["colours"] == PALETTE


def test_unknown_or_twice_named_colours_are_refused_with_the_reason(serve):
    client = serve()
    before = len(client.get("/api/games").json())
    for colours, words in (({"0": "pink"}, "'pink' is not a colour of this game"),
                           ({"0": "blue", "1": "blue"}, "blue is named for two seats"),
                           ({"2": "blue"}, "'2' is not a seat 0–1")):
        reply = client.post("/api/games", json={"game": "carcassonne", "colours": colours})
        assert reply.status_code == 422, reply.json()
        assert words in reply.json()["error"], reply.json()
    reply = client.post("/api/games", json={"game": "carcassonne", "order": "youngest"})
    assert reply.status_code in (400, 422), reply.json()
    assert len(client.get("/api/games").json()) == before          # nothing was made


def test_a_random_seat_order_shuffles_people_with_their_colours_and_links(serve):
    """Who starts is left to chance: each person keeps their name, colour and link at the
    seat chance gives them; over a few games both orders come up."""
    client = serve()
    starts = set()
    for _ in range(30):
        created = create(client, "carcassonne", names={"0": "Ana", "1": "Bob"},
                         colours={"0": "green", "1": "black"}, order="random", config=SHORT)
        s = state(client, created["id"])
        by_name = {seat["name"]: seat["seat"] for seat in s["seats"]}
        assert s["colours"][by_name["Ana"]] == "green"
        assert s["colours"][by_name["Bob"]] == "black"
        assert created["colours"] == s["colours"]
        for seat, token in tokens(created).items():        # each link holds its person
            assert state(client, created["id"], token)["seat"] == seat
        starts.add(s["seats"][0]["name"])
        if len(starts) == 2:
            break
    assert starts == {"Ana", "Bob"}


def test_my_games_name_the_chosen_colours(serve):
    ana = Browser(serve())
    ana.me()
    reply = ana.post("/api/games", json={"game": "catan-dice", "players": 2,
                                         "bots": {"1": "greedy"},
                                         "colours": {"0": "green", "1": "yellow"}})
    assert reply.status_code == 201, reply.json()
    mine = ana.get("/api/players/me/games").json()
    assert mine[0]["colours"] == ["green", "yellow"]


def test_the_events_and_the_breakdown_name_seats_as_the_table_does(serve):
    """The engine names a seat by number and its own colour ("8 points to seat 1 (blue)");
    the server says the seat's person or, for a bot nobody named, the colour chosen at the
    table: "points to Ana", "points to black"."""
    client = serve()
    created = create(client, "carcassonne", names={"0": "Ana"}, bots={"1": "greedy"},
                      colours={"0": "green", "1": "black"},
                      config={"deck": {"E": 3, "V": 2}})   # city caps: cities close
    game_id, token = created["id"], tokens(created)[0]
    play_out(client, game_id, {0: token})
    s = state(client, game_id)
    assert s["terminal"]
    said = [e["text"] for e in s["events"] if e.get("text")] + [
        item["text"] for seat in s["breakdown"]["seats"] for item in seat["items"]]
    said += [entry["text"] for entry in s["log"]]
    assert said and not [text for text in said if "seat " in text], said
    assert any("to Ana" in text or "to black" in text for text in said), said
    assert not [text for text in said if re.search(r"\b(red|blue)\b", text)], said
