"""Whole games of each of the four games through the API, people and bots at one table.

People play random legal moves over HTTP (``play_out``) or over the WebSocket; bots move
by themselves in the server's worker processes. At the end: the game is over and
finished, its record replays to the scores the API reports, the record names who sat
where, and the points of the scoring events add up to the final scores. Each test runs on
SQLite and on PostgreSQL (the ``serve`` fixture).
"""
from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core.state import CHANCE, TERMINAL
from meeple.core.text import colour_word, named
from meeple.server.storage import GUEST

from .helpers import create, play_out, receive, state, tokens, watch

CARCASSONNE_SHORT = {"A": 1, "B": 2, "C": 1, "D": 3, "E": 3, "F": 1, "H": 2, "J": 2,
                     "K": 2, "L": 2, "U": 3, "V": 3, "W": 2, "X": 1}
"""A 28-tile draw pile (of the 71): a whole game in fewer moves."""


def points_of(events: list[dict], players: int) -> list[int]:
    """Each seat's total of the points its scoring events gave it."""
    totals = [0] * players
    for event in events:
        if event["kind"] in ("scored", "written"):
            assert "points" in event and "owners" in event, event
        if "points" in event:
            assert isinstance(event["points"], int) and isinstance(event["owners"], list)
            for seat in event["owners"]:
                totals[seat] += event["points"]
    return totals


def check_finished(client, game_id: str, seed: int, seats: list[dict],
                   scoring_events: bool = True) -> dict:
    """The checks every finished game passes; its final state as a spectator sees it."""
    final = state(client, game_id)
    assert final["terminal"] is True
    assert final["status"] == "finished"
    assert final["current_player"] == TERMINAL and final["legal"] == []
    assert isinstance(final["scores"], list) and len(final["scores"]) == len(seats)
    assert final["breakdown"] is not None
    assert [s["agent"] for s in final["seats"]] == [s["agent"] for s in seats]

    reply = client.get(f"/api/games/{game_id}/record")
    assert reply.status_code == 200, reply.json()
    record = reply.json()
    assert record["seed"] == seed                      # revealed once the game is over
    assert record["seats"] == seats
    assert len(record["actions"]) == final["index"]
    assert record["actions"][-1] == final["last_action"]
    replayed = meeple.replay(meeple.Record.from_json(record))
    assert replayed.is_terminal()
    assert replayed.scores() == final["scores"]
    names = [colour_word(c) for c in final["colours"]]     # the server's names for the seats
    for seat in final["seats"]:
        if seat.get("name") and seat["name"] != GUEST:
            names[seat["seat"]] = f"{seat['name']} ({names[seat['seat']]})"
    assert json.loads(json.dumps(named(replayed.score_breakdown(), names))) == final["breakdown"]
    assert json.loads(json.dumps(replayed.view(None))) == final["view"]

    events = final["events"]
    assert [e["index"] for e in events] == sorted(e["index"] for e in events)
    assert all(0 <= e["index"] < final["index"] for e in events)
    if scoring_events:
        assert points_of(events, len(seats)) == final["scores"]

    # its seed was named (to replay it here): a practice game, which the lobby does not list
    assert final["practice"] is True
    listed = client.get("/api/games", params={"status": "finished"}).json()
    assert game_id not in {g["id"] for g in listed}
    return final


GAMES = [
    pytest.param("carcassonne", 3, {"2": "greedy"}, {"0": "Ana", "1": "Ben"}, {},
                 id="carcassonne-2-people-greedy"),
    pytest.param("hunters-gatherers", 2, {"0": "random"}, {"1": "Cy"}, {},
                 id="hunters-gatherers-random-first"),
    pytest.param("jaeger-sammler", 3, {"1": "greedy", "2": "random"}, {"0": "Di"}, {},
                 id="jaeger-sammler-person-greedy-random"),
    pytest.param("catan-dice", 2, {"1": "planner"}, {"0": "Ed"}, {},
                 id="catan-dice-person-planner"),
]


@pytest.mark.parametrize("game, players, bots, names, config", GAMES)
def test_a_whole_game_over_http(serve, game, players, bots, names, config):
    client = serve(bot_workers=1)      # one bot moves at a time: one worker
    seed = 20240 + players
    created = create(client, game, players=players, bots=bots, names=names, config=config,
                     seed=seed)
    seat_tokens = tokens(created)
    assert sorted(seat_tokens) == sorted(int(s) for s in names)   # tokens for people only
    assert all(s["join"].endswith(s["token"]) for s in created["seats"])

    play_out(client, created["id"], seat_tokens, seed=players)

    seats = [{"seat": s, "agent": bots.get(str(s), "human"),
              **({"name": names[str(s)]} if str(s) in names else {})}
             for s in range(players)]
    final = check_finished(client, created["id"], seed, seats)
    assert final["game"] == game and final["players"] == players
    for seat, token in seat_tokens.items():          # every seat sees the same end
        mine = state(client, created["id"], token)
        assert mine["seat"] == seat and mine["terminal"] and mine["legal"] == []
        assert mine["scores"] == final["scores"] and mine["events"] == final["events"]


def test_a_whole_game_over_the_websocket(serve):
    """A person's every move sent as a WebSocket message against an MCTS bot; every update
    received, in order, by the person's connection and by a spectator's."""
    client = serve(bot_workers=1)
    seed = 77
    created = create(client, "carcassonne", players=2, bots={"1": "mcts:iters=30"},
                     names={"0": "Flo"}, config={"deck": CARCASSONNE_SHORT}, seed=seed)
    game_id, token = created["id"], tokens(created)[0]
    rng = random.Random(5)
    with watch(client, game_id) as watcher, watch(client, game_id, token) as ws:
        first = receive(ws)
        assert first["type"] == "state" and first["seat"] == 0
        assert first["current_player"] == 0 and first["legal"]
        events, last, sent, updates = list(first["events"]), first, 0, []
        while not last["terminal"]:
            if last["current_player"] == 0:
                assert last["legal"], last
                ws.send_json({"action": rng.choice(last["legal"]), "index": last["index"]})
                sent += 1
            else:
                assert last["legal"] == []
            message = receive(ws)
            assert message["type"] == "update", message
            assert message["index"] > last["index"]
            assert all(last["index"] <= e["index"] < message["index"]
                       for e in message["events"]), (last["index"], message)
            assert message["last_action"] is not None
            events += message["events"]
            updates.append(message["index"])
            last = message
        assert last["status"] == "finished" and last["current_player"] == TERMINAL
        assert sent > 10

        # the spectator got the same updates (its own view: no legal moves)
        spectated = receive(watcher)
        assert spectated["type"] == "state" and spectated["seat"] is None
        seen = []
        while not spectated["terminal"]:
            spectated = receive(watcher)
            assert spectated["type"] == "update" and spectated["legal"] == []
            seen.append(spectated["index"])
        assert seen == updates

    final = check_finished(client, game_id, seed, [
        {"seat": 0, "agent": "human", "name": "Flo"},
        {"seat": 1, "agent": "mcts:iters=30"}])
    assert events == final["events"]                 # every update arrived, none twice
    assert last["scores"] == final["scores"] and last["view"]["seat"] == 0
    # one update per move, none lost: each update's actions are one move (a person's or
    # the bot's) and the chance outcomes dealt after it
    record = client.get(f"/api/games/{game_id}/record").json()
    position = meeple.load("carcassonne", 2, record["config"]).new_state(seed)
    moves = []
    for i, action in enumerate(record["actions"]):
        if position.current_player != CHANCE:
            moves.append(i)
        position.apply(action)
    assert [first["index"], *updates[:-1]] == moves
    assert updates[-1] == len(record["actions"])
