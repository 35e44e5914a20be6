"""Takebacks: at once when no other person sits at the game, else asked and answered; refused
where a chance outcome was seen since in a game whose chance depends on the moves; the rows
taken back are kept in ``taken_back``."""
from __future__ import annotations

import random

import sqlalchemy as sa
from sqlalchemy.pool import NullPool

import meeple
from meeple.core.state import CHANCE
from meeple.server import schema

from .helpers import auth, create, receive, state, tokens, wait_for, watch


def post(client, game_id: str, token: str, action: str, index: int | None = None) -> dict:
    reply = client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                        json={"action": action, "index": index})
    assert reply.status_code == 200, (action, reply.json())
    return reply.json()


def ask(client, game_id: str, token: str | None):
    return client.post(f"/api/games/{game_id}/takeback", headers=auth(token))


def answer(client, game_id: str, token: str | None, accept: bool):
    return client.post(f"/api/games/{game_id}/takeback/answer", headers=auth(token),
                       json={"accept": accept})


def actions(client, game_id: str) -> list[str]:
    reply = client.get(f"/api/games/{game_id}/record")
    assert reply.status_code == 200, reply.json()
    return reply.json()["actions"]


def query(db_url: str, statement) -> list[tuple]:
    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            return [tuple(r) for r in db.execute(statement)]
    finally:
        engine.dispose()


def taken_back(db_url: str, game_id: str) -> list[tuple]:
    t = schema.taken_back
    return query(db_url, sa.select(t.c.index, t.c.action, t.c.seat, t.c.undone_by)
                 .where(t.c.game_id == game_id).order_by(t.c.undone_at, t.c.index))


def stored(db_url: str, game_id: str) -> list[tuple]:
    a = schema.actions
    return query(db_url, sa.select(a.c.index, a.c.action, a.c.seat)
                 .where(a.c.game_id == game_id).order_by(a.c.index))


def requests(db_url: str, game_id: str) -> list[tuple]:
    t = schema.takebacks
    return query(db_url, sa.select(t.c.by_seat, t.c.keep)
                 .where(t.c.game_id == game_id))


def views(client, game_id: str, tokens_: dict) -> list[dict]:
    """The game as a spectator and as each seat sees it."""
    return [state(client, game_id)] + [state(client, game_id, t) for t in tokens_.values()]


def refused(client, reply, status: int, game_id: str, tokens_: dict, words: str = ""):
    """``reply`` is ``status`` with an error saying ``words``; then the game's views."""
    assert reply.status_code == status, (reply.status_code, reply.json())
    assert set(reply.json()) == {"error"}
    assert words.lower() in reply.json()["error"].lower(), reply.json()
    return views(client, game_id, tokens_)


def test_alone_against_a_bot_the_takeback_is_immediate(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "greedy"}, seed=21)
    game_id, token = created["id"], tokens(created)[0]
    first = state(client, game_id, token)
    assert first["index"] == 1 and first["last_action"].startswith("draw ")
    placed = post(client, game_id, token, first["legal"][0], 1)
    assert placed["current_player"] == 0 and "pass" in placed["legal"]
    post(client, game_id, token, "pass", 2)
    turn2 = wait_for(client, game_id, token, lambda s: s["current_player"] == 0)
    log = actions(client, game_id)
    assert len(log) == turn2["index"] >= 7   # draw place pass | draw place x | draw
    rows = stored(db_url, game_id)

    # the whole turn goes back, the tile and the pass together; its tile stays drawn
    reply = ask(client, game_id, token)
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"takeback": None, "taken_back": len(log) - 1, "index": 1}
    back = state(client, game_id, token)
    assert back["index"] == 1 and back["current_player"] == 0
    assert back["last_action"] == log[0] and back["legal"] == first["legal"]
    assert back["takeback"] is None and back["view"] == first["view"]
    assert back["log"] == []
    assert actions(client, game_id) == log[:1]
    assert stored(db_url, game_id) == rows[:1]
    assert taken_back(db_url, game_id) == [(i, a, seat, 0) for i, a, seat in rows[1:]]
    refused(client, ask(client, game_id, token), 409, game_id, {0: token}, "no move of yours")

    # placed elsewhere this time: the tile drawn after the turn is the same one (chance is
    # dealt by the seed and the count of outcomes dealt before, not by the moves)
    assert first["legal"][-1] != log[1]
    post(client, game_id, token, first["legal"][-1], 1)
    reply = ask(client, game_id, token)                 # inside the turn: the tile alone
    assert reply.json() == {"takeback": None, "taken_back": 1, "index": 1}, reply.json()
    post(client, game_id, token, first["legal"][-1], 1)
    follower = next(a for a in state(client, game_id, token)["legal"] if a != "pass")
    post(client, game_id, token, follower, 2)
    assert actions(client, game_id)[3] == log[3]
    wait_for(client, game_id, token, lambda s: s["current_player"] == 0)
    undone = taken_back(db_url, game_id)
    assert undone[len(rows) - 1:] == [(1, first["legal"][-1], 0, 0)]


def test_a_bot_still_moves_after_a_takeback_taken_while_it_was_choosing(serve):
    # The bot starts choosing for index 4; the person takes back and moves otherwise, so the
    # game is at index 4 again, with the same bot to move, in another position: the bot's
    # stale choice is dropped, and the bot must then choose anew (it used to stay silent).
    client = serve()
    created = create(client, "carcassonne", bots={"1": "mcts:iters=3000"}, seed=4)
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    post(client, game_id, token, now["legal"][0], 1)
    now = post(client, game_id, token, "pass", 2)
    assert now["current_player"] == 1 and now["index"] == 4
    reply = ask(client, game_id, token)
    assert reply.status_code == 200 and reply.json()["index"] == 1, reply.json()
    back = state(client, game_id, token)
    post(client, game_id, token, back["legal"][-1], 1)
    now = post(client, game_id, token, "pass", 2)
    assert now["current_player"] == 1 and now["index"] == 4
    done = wait_for(client, game_id, token, lambda s: s["current_player"] == 0, timeout=30)
    assert done["index"] > 4


def test_with_other_people_the_takeback_waits_for_all_of_them(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=3, seed=5)
    game_id, t = created["id"], tokens(created)
    start = state(client, game_id, t[0])
    fresh = views(client, game_id, t)
    assert refused(client, ask(client, game_id, t[1]), 409, game_id, t,
                   "no move of yours") == fresh
    assert refused(client, ask(client, game_id, None), 403, game_id, t) == fresh
    assert refused(client, ask(client, game_id, "nope"), 401, game_id, t) == fresh
    assert refused(client, answer(client, game_id, t[1], True), 409, game_id, t,
                   "no takeback") == fresh
    post(client, game_id, t[0], start["legal"][0], 1)
    before = post(client, game_id, t[0], "pass", 2)
    assert before["current_player"] == 1 and before["index"] == 4

    reply = ask(client, game_id, t[0])
    assert reply.status_code == 200, reply.json()
    request = {"by": 0, "keep": 1, "accepted": []}
    assert reply.json() == {"takeback": request, "waiting": [1, 2]}
    undo = [e["text"] for e in state(client, game_id)["log"]]   # the tile and the pass
    assert len(undo) == 2 and undo[0].startswith("red placed ")
    assert undo[1] == "red put no follower on the tile"
    for seen in views(client, game_id, t):
        assert seen["takeback"] == {**request, "undo": undo} and seen["index"] == 4
    assert requests(db_url, game_id) == [(0, 1)]
    pending = views(client, game_id, t)
    assert refused(client, answer(client, game_id, t[0], True), 409, game_id, t,
                   "you asked") == pending
    assert refused(client, answer(client, game_id, None, True), 403, game_id, t) == pending

    reply = answer(client, game_id, t[1], True)
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"takeback": {**request, "accepted": [1]}, "waiting": [2]}
    assert state(client, game_id)["index"] == 4
    assert taken_back(db_url, game_id) == []
    reply = answer(client, game_id, t[2], True)
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"takeback": None, "taken_back": 3, "index": 1}
    back = state(client, game_id, t[0])
    assert back["index"] == 1 and back["current_player"] == 0 and back["takeback"] is None
    assert back["legal"] == start["legal"] and back["log"] == []
    assert [row[:2] for row in taken_back(db_url, game_id)] == [
        (1, start["legal"][0]), (2, "pass"), (3, before["last_action"])]
    assert requests(db_url, game_id) == []

    # declined: dropped, nothing taken back
    post(client, game_id, t[0], start["legal"][0], 1)
    reply = ask(client, game_id, t[0])
    assert reply.status_code == 200 and reply.json()["takeback"]["keep"] == 1
    reply = answer(client, game_id, t[2], False)
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"takeback": None, "declined_by": 2}
    now = state(client, game_id, t[0])
    assert now["takeback"] is None and now["index"] == 2 and requests(db_url, game_id) == []
    refused(client, answer(client, game_id, t[1], True), 409, game_id, t, "no takeback")
    assert len(taken_back(db_url, game_id)) == 3

    # the asker moving again drops the request
    assert ask(client, game_id, t[0]).json()["waiting"] == [1, 2]
    assert answer(client, game_id, t[1], True).status_code == 200
    moved = post(client, game_id, t[0], "pass", 2)
    assert moved["takeback"] is None and requests(db_url, game_id) == []
    refused(client, answer(client, game_id, t[2], True), 409, game_id, t, "no takeback")
    assert state(client, game_id)["index"] == moved["index"] == 4
    assert len(taken_back(db_url, game_id)) == 3


def test_the_other_persons_move_ends_the_offer(serve, db_url):
    # Audit B4: red places and passes and asks to take back; blue does not answer but
    # places a tile: the offer is gone (for every viewer, and from the database), and
    # accepting it now is refused, so blue's own move is never taken back unasked.
    client = serve()
    created = create(client, "carcassonne", players=2, seed=6)
    game_id, t = created["id"], tokens(created)
    start = state(client, game_id, t[0])
    post(client, game_id, t[0], start["legal"][0], 1)
    post(client, game_id, t[0], "pass", 2)
    assert ask(client, game_id, t[0]).json()["waiting"] == [1]
    with watch(client, game_id, t[1]) as ws:
        assert receive(ws)["takeback"]["by"] == 0
        blue = state(client, game_id, t[1])
        moved = post(client, game_id, t[1], blue["legal"][0], blue["index"])
        update = receive(ws)
        assert update["type"] == "update" and update["takeback"] is None
    assert moved["takeback"] is None and requests(db_url, game_id) == []
    for seen in views(client, game_id, t):
        assert seen["takeback"] is None and seen["index"] == moved["index"]
    reply = answer(client, game_id, t[1], True)
    assert reply.status_code == 409 and "no takeback" in reply.json()["error"], reply.json()
    assert state(client, game_id)["index"] == moved["index"]
    assert taken_back(db_url, game_id) == []


def test_a_takeback_undoes_the_tile_and_its_follower_together(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", players=2, names={"0": "Alice", "1": "Bob"},
                     seed=8)
    game_id, t = created["id"], tokens(created)
    start = state(client, game_id, t[0])
    placed = post(client, game_id, t[0], start["legal"][0], 1)
    follower = next(a for a in placed["legal"] if a.startswith("follower "))
    after = post(client, game_id, t[0], follower, 2)
    with watch(client, game_id, t[1]) as ws:
        receive(ws)
        assert ask(client, game_id, t[0]).json()["waiting"] == [1]
        question = receive(ws)                  # the question, with what it undoes
        assert question["type"] == "takeback"
        undo = question["takeback"]["undo"]
        assert undo == [e["text"] for e in state(client, game_id)["log"]]
        assert undo[0].startswith("Alice placed ") and "starting tile" in undo[0]
        assert undo[1].startswith("Alice put a follower ")
        czech = client.get(f"/api/games/{game_id}",          # in the reader's language
                           headers={**auth(t[1]), "Accept-Language": "cs"}).json()
        assert czech["takeback"]["undo"][0].startswith("Alice: ")
        assert "startovní karty" in czech["takeback"]["undo"][0]
        assert answer(client, game_id, t[1], True).status_code == 200
        back = receive(ws)
        assert back["type"] == "state" and back["index"] == 1 and back["log"] == []
    again = state(client, game_id, t[0])
    assert again["legal"] == start["legal"] and again["view"] == start["view"]
    assert [row[1] for row in taken_back(db_url, game_id)] == [
        start["legal"][0], follower, after["last_action"]]


def test_catan_dice_refuses_a_takeback_across_a_roll(serve, db_url):
    client = serve()
    created = create(client, "catan-dice", players=2, seed=9)
    game_id, t = created["id"], tokens(created)
    start = state(client, game_id, t[0])
    assert start["index"] == 1 and start["last_action"].startswith("roll ")
    assert "stop" in start["legal"]
    assert start["can_take_back"] is False               # nothing of seat 0's yet

    # no chance since the move: taken back at once (the other person is asked first)
    post(client, game_id, t[0], "stop", 1)
    assert state(client, game_id, t[0])["can_take_back"] is True
    assert state(client, game_id, t[1])["can_take_back"] is False   # seat 1 has not moved
    assert state(client, game_id)["can_take_back"] is False          # a spectator
    reply = ask(client, game_id, t[0])
    assert reply.json()["waiting"] == [1]
    reply = answer(client, game_id, t[1], True)
    assert reply.status_code == 200 and reply.json()["index"] == 1, reply.json()
    back = state(client, game_id, t[0])     # the position again; the stored version moved on
    assert back["version"] > start["version"]
    assert {**back, "version": start["version"]} == start

    # a reroll is followed by its dice: that move can no longer be taken back
    rolled = post(client, game_id, t[0], "reroll 0 1", 1)
    assert rolled["index"] == 3 and rolled["last_action"].startswith("roll ")
    assert state(client, game_id, t[0])["can_take_back"] is False   # the dice were seen
    before = views(client, game_id, t)
    after = refused(client, ask(client, game_id, t[0]), 409, game_id, t, "chance outcome")
    assert after == before
    assert "dice rolled" in ask(client, game_id, t[0]).json()["error"]
    assert requests(db_url, game_id) == []
    assert [row[:2] for row in taken_back(db_url, game_id)] == [(1, "stop")]

    # the turn's end is followed by the next seat's roll: refused too
    now = post(client, game_id, t[0], "stop", 3)
    while now["current_player"] == 0:
        now = post(client, game_id, t[0], "end" if "end" in now["legal"] else now["legal"][0],
                   now["index"])
    assert now["current_player"] == 1
    before = views(client, game_id, t)
    assert refused(client, ask(client, game_id, t[0]), 409, game_id, t, "chance") == before
    assert len(stored(db_url, game_id)) == before[0]["index"]


def _summer_ended_by_seat_1(seed: int, setup: str) -> tuple[list[str], list[int]]:
    """Moves of a two-person Jäger und Sammler of ``seed`` laid out by ``setup`` (the summer's
    tiles, as the server dealt them) until the summer ends with a move of seat 1, seat 0
    having moved before: the actions and who chose each (chance first)."""
    game = meeple.load("jaeger-sammler", 2)
    for attempt in range(100):
        state, rng = game.new_state(seed), random.Random(attempt)
        state.apply(setup)
        acts, actors = [setup], [CHANCE]
        while state.current_player != CHANCE and not state.is_terminal():
            actors.append(state.current_player)
            acts.append(str(state.apply(rng.choice(state.legal_actions()))))
        if state.current_player == CHANCE and actors[-1] == 1 and 0 in actors:
            return acts, actors
    raise AssertionError("no summer in 100 tries ends with a move of seat 1")


def test_a_takeback_asked_before_a_set_up_cannot_be_accepted_after_it(serve, db_url):
    # Seat 0 asks while seat 1 is to move; seat 1's move ends the summer and the winter's
    # tiles are laid (a chance outcome that reveals what was hidden): accepting now would
    # take back across it, which a request made after it is refused.
    client = serve()
    created = create(client, "jaeger-sammler", players=2, seed=8)
    game_id, t = created["id"], tokens(created)
    [(_, setup, _)] = stored(db_url, game_id)
    acts, actors = _summer_ended_by_seat_1(8, setup)
    last = len(acts) - 1                        # seat 1's move that ends the summer
    index = 1
    while index < last:
        index = post(client, game_id, t[actors[index]], acts[index], index)["index"]
    assert index == last and state(client, game_id)["current_player"] == 1

    reply = ask(client, game_id, t[0])
    assert reply.status_code == 200 and reply.json()["waiting"] == [1], reply.json()
    moved = post(client, game_id, t[1], acts[last], last)
    assert moved["index"] == last + 2                       # the winter's set-up was dealt
    log = [a for _, a, _ in stored(db_url, game_id)]
    assert log[:last + 1] == acts and log[-1].startswith("setup ")
    direct = ask(client, game_id, t[0])
    assert direct.status_code == 409 and "chance" in direct.json()["error"], direct.json()

    reply = answer(client, game_id, t[1], True)
    assert reply.status_code == 409, reply.json()
    assert state(client, game_id)["index"] == state(client, game_id, t[1])["index"] == last + 2
    assert state(client, game_id)["takeback"] is None
    assert taken_back(db_url, game_id) == [] and requests(db_url, game_id) == []
    assert [a for _, a, _ in stored(db_url, game_id)] == log


def test_no_takeback_once_the_game_is_over(serve):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "greedy"}, seed=2,
                     config={"deck": {"V": 1}})
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    while not now["terminal"]:
        now = post(client, game_id, token, now["legal"][0], now["index"])
        now = wait_for(client, game_id, token,
                       lambda s: s["terminal"] or s["current_player"] == 0)
    over = state(client, game_id, token)
    reply = ask(client, game_id, token)
    assert reply.status_code == 409 and "over" in reply.json()["error"], reply.json()
    assert state(client, game_id, token) == over
