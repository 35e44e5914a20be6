"""Time controls on the server, on SQLite and PostgreSQL: a person's deadline is stored with
every move; when it passes, a bot takes the seat over (until its person takes it back) or
the other people may claim the win or end the game as abandoned; a person may let a bot
finish for them; a game that nobody can finish is not listed as running."""
from __future__ import annotations

import time
from datetime import datetime

from meeple.server.clocks import SWEEP_S

from .helpers import auth, create, state, stored_game, tokens, wait_for

FIVE = {"kind": "move", "seconds": 5}
"""The shortest clock: five seconds a move."""
STANDIN = "mcts:time=0.5"
"""The bot that stands in for a person (the menu's quick search bot)."""


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def post(client, path: str, token: str | None, body: dict | None = None):
    return client.post(path, headers=auth(token), json=body)


def hand(client, game_id: str, token: str | None, bot: bool):
    return post(client, f"/api/games/{game_id}/seat/bot", token, {"bot": bot})


def claim(client, game_id: str, token: str | None, end: str):
    return post(client, f"/api/games/{game_id}/claim", token, {"end": end})


def move(client, game_id: str, token: str, action: str, index: int | None = None):
    return post(client, f"/api/games/{game_id}/actions", token,
                {"action": action, "index": index})




def listed(client, status: str) -> set[str]:
    reply = client.get("/api/games", params={"status": status})
    assert reply.status_code == 200, reply.json()
    return {g["id"] for g in reply.json()}


def refused(reply, status: int, words: str) -> None:
    assert reply.status_code == status, (reply.status_code, reply.json())
    assert words in reply.json()["error"], reply.json()


def test_every_move_stores_the_next_persons_deadline_and_a_live_clocks_time(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", clock={"kind": "live", "base": 300,
                                                   "increment": 5})
    game_id, t = created["id"], tokens(created)
    first = state(client, game_id, t[0])
    clock = first["clock"]
    assert {k: clock[k] for k in ("kind", "base", "increment", "on_timeout", "timed_out")} \
        == {"kind": "live", "base": 300, "increment": 5, "on_timeout": "bot",
            "timed_out": None}
    left = (at(clock["deadline"]) - at(clock["now"])).total_seconds()
    assert 295 < left <= 300 and clock["remaining"][1] == 300
    assert abs(clock["remaining"][0] - left) < 0.01
    assert state(client, game_id)["clock"]["deadline"] == clock["deadline"]   # spectators too
    stored = stored_game(db_url, game_id)
    assert stored.remaining == [300.0, 300.0] and stored.deadline is not None
    # seat 0's turn: its tile, then its follower or pass; then seat 1's deadline
    placed = move(client, game_id, t[0], first["legal"][0]).json()
    assert placed["current_player"] == 0
    assert placed["clock"]["deadline"] == clock["deadline"]          # one turn, one deadline
    after = move(client, game_id, t[0], "pass").json()
    assert after["current_player"] == 1
    stored = stored_game(db_url, game_id)
    assert 300 < stored.remaining[0] <= 305                       # a moment used, +5
    assert stored.remaining[1] == 300.0
    deadline = at(after["clock"]["deadline"])
    assert abs((deadline - at(after["clock"]["now"])).total_seconds() - 300) < 1
    assert after["clock"]["remaining"][0] == stored.remaining[0]


def test_a_takeback_restarts_the_turn_of_the_seat_to_move(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "greedy"}, seed=21,
                     clock={"kind": "move", "seconds": 600})
    game_id, token = created["id"], tokens(created)[0]
    first = state(client, game_id, token)
    move(client, game_id, token, first["legal"][0], first["index"])
    move(client, game_id, token, "pass")
    wait_for(client, game_id, token, lambda s: s["current_player"] == 0 and s["index"] > 3)
    before = stored_game(db_url, game_id).deadline
    time.sleep(0.05)
    assert post(client, f"/api/games/{game_id}/takeback", token).status_code == 200
    back = state(client, game_id, token)
    assert back["index"] < 4 and back["current_player"] == 0
    after = stored_game(db_url, game_id)
    assert after.deadline is not None and after.deadline > before
    assert abs((at(back["clock"]["deadline"]) - at(back["clock"]["now"])).total_seconds()
               - 600) < 2


def test_a_short_clock_runs_out_a_bot_takes_the_seat_and_its_person_takes_it_back(serve,
                                                                                  db_url):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "greedy"}, clock=FIVE)
    game_id, token = created["id"], tokens(created)[0]
    first = state(client, game_id, token)
    assert first["current_player"] == 0 and first["clock"]["deadline"]
    assert first["seats"][0]["bot"] is None
    started = time.monotonic()
    taken = wait_for(client, game_id, token, lambda s: s["seats"][0]["bot"] is not None,
                     timeout=30)
    assert time.monotonic() - started > 5 - 2 * SWEEP_S
    assert taken["seats"][0]["bot"] == STANDIN and taken["seats"][0]["agent"] == "human"
    assert taken["clock"]["timed_out"] is None and taken["legal"] == []
    assert not taken["terminal"]
    # the bot moves for the seat, and on: seat 0's second turn is the bot's too
    on = wait_for(client, game_id, token, lambda s: s["turn"] >= 3, timeout=60)
    assert on["seats"][0]["bot"] == STANDIN
    stored = stored_game(db_url, game_id)
    assert stored.timed_out is None
    if on["current_player"] == 0:
        refused(move(client, game_id, token, "pass"), 409, "take your seat back")
    # the person takes the seat back: the bot stops moving for it, its clock runs again
    reply = hand(client, game_id, token, False)
    assert reply.status_code == 200, reply.json()
    assert reply.json() == {"seat": 0, "bot": None}
    mine = wait_for(client, game_id, token, lambda s: s["current_player"] == 0, timeout=30)
    assert mine["seats"][0]["bot"] is None and mine["legal"]
    assert mine["clock"]["deadline"] is not None
    index = mine["index"]
    time.sleep(1.5)                                  # no bot moves for seat 0 meanwhile
    assert state(client, game_id, token)["index"] == index
    reply = move(client, game_id, token, mine["legal"][0], index)
    assert reply.status_code == 200, reply.json()


def test_claim_the_win_or_end_as_abandoned_once_a_persons_time_ran_out(serve, db_url):
    client = serve()
    games = {}
    for name in ("win", "abandoned", "late"):
        created = create(client, "carcassonne", clock=FIVE, on_timeout="claim",
                         names={"0": "Ana", "1": "Bo"})
        games[name] = created["id"], tokens(created)
    assert {g for g, _ in games.values()} <= listed(client, "running")
    game_id, t = games["win"]
    assert claim(client, game_id, t[1], "win").status_code == 409      # nothing to claim
    for game_id, t in games.values():
        out = wait_for(client, game_id, t[1],
                       lambda s: s["clock"]["timed_out"] is not None, timeout=30)
        assert out["clock"]["timed_out"] == 0 and out["clock"]["deadline"] is None
        assert out["status"] == "running" and not out["terminal"]
        assert out["seats"][0]["bot"] is None                  # no bot in a claim game
    # a game nobody can finish is not listed as running (nor open)
    assert not {g for g, _ in games.values()} & (listed(client, "running")
                                                 | listed(client, "open"))

    game_id, t = games["win"]
    refused(claim(client, game_id, t[0], "win"), 409, "your own time ran out")
    refused(claim(client, game_id, None, "win"), 403, "needs a seat")
    assert claim(client, game_id, t[1], "draw").status_code == 400
    reply = claim(client, game_id, t[1], "win")
    assert reply.status_code == 200, reply.json()
    result = {"ended": "claimed", "by": 1, "timed_out": 0}
    assert reply.json() == {"result": result}
    over = state(client, game_id, t[1])
    assert over["terminal"] and over["status"] == "finished" and over["result"] == result
    assert over["legal"] == [] and state(client, game_id, t[0])["legal"] == []
    assert over["clock"]["deadline"] is None
    refused(claim(client, game_id, t[1], "abandoned"), 409, "the game is over")
    refused(move(client, game_id, t[0], "pass"), 409, "the game is over")
    assert game_id in listed(client, "finished")
    stored = stored_game(db_url, game_id)
    assert stored.finished and stored.result == result and stored.scores == [0, 0]
    assert client.get(f"/api/games/{game_id}/record").status_code == 200
    assert client.get(f"/api/games/{game_id}/analysis").status_code == 200   # reviewable

    game_id, t = games["abandoned"]
    reply = claim(client, game_id, t[1], "abandoned")
    assert reply.json() == {"result": {"ended": "abandoned", "by": 1, "timed_out": 0}}
    assert state(client, game_id)["terminal"]
    refused(claim(client, game_id, t[1], "win"), 409, "the game is over")

    # the person whose time ran out may still move before anyone claims
    game_id, t = games["late"]
    late = state(client, game_id, t[0])
    assert late["legal"]
    reply = move(client, game_id, t[0], late["legal"][0], late["index"])
    assert reply.status_code == 200, reply.json()
    assert reply.json()["clock"]["timed_out"] is None
    assert reply.json()["clock"]["deadline"] is not None
    refused(claim(client, game_id, t[1], "win"), 409, "nobody's time has run out")
    assert stored_game(db_url, game_id).timed_out is None
    assert game_id in listed(client, "running")


def test_let_a_bot_finish_for_me_and_take_the_seat_back(serve, db_url):
    client = serve()
    created = create(client, "carcassonne", names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    refused(hand(client, game_id, None, True), 403, "needs a seat")
    first = state(client, game_id, t[0])
    assert first["clock"] is None and first["current_player"] == 0
    reply = hand(client, game_id, t[1], True)             # not its turn: the bot waits
    assert reply.json() == {"seat": 1, "bot": STANDIN}
    assert hand(client, game_id, t[1], True).json() == {"seat": 1, "bot": STANDIN}
    assert state(client, game_id)["seats"][1]["bot"] == STANDIN
    # seat 0 plays its turn; the bot plays seat 1's, and seat 0's turn comes back
    move(client, game_id, t[0], first["legal"][0], first["index"])
    move(client, game_id, t[0], "pass")
    back = wait_for(client, game_id, t[0], lambda s: s["current_player"] == 0, timeout=30)
    assert back["turn"] == 3
    refused(move(client, game_id, t[1], "pass"), 409, "not your turn")
    # seat 1 takes it back: the next turn of seat 1 is its person's
    assert hand(client, game_id, t[1], False).json() == {"seat": 1, "bot": None}
    move(client, game_id, t[0], back["legal"][0], back["index"])
    move(client, game_id, t[0], "pass")
    mine = state(client, game_id, t[1])
    assert mine["current_player"] == 1 and mine["legal"] and mine["seats"][1]["bot"] is None
    time.sleep(1.5)
    assert state(client, game_id)["index"] == mine["index"]      # no bot moved for it
    # handed over on its own turn: the bot moves at once
    assert hand(client, game_id, t[1], True).status_code == 200
    wait_for(client, game_id, t[0], lambda s: s["current_player"] == 0, timeout=30)
    stored = stored_game(db_url, game_id)
    assert stored.deadline is None and stored.clock is None


def test_handing_over_in_a_timed_game_stops_the_clock_and_taking_back_restarts_it(serve,
                                                                                  db_url):
    client = serve()
    created = create(client, "carcassonne", names={"0": "Ana", "1": "Bo"},
                     clock={"kind": "correspondence", "days": 1})
    game_id, t = created["id"], tokens(created)
    assert stored_game(db_url, game_id).deadline is not None
    assert hand(client, game_id, t[0], True).status_code == 200
    assert stored_game(db_url, game_id).deadline is None                # a bot runs no clock
    wait_for(client, game_id, t[1], lambda s: s["current_player"] == 1, timeout=30)
    stored = stored_game(db_url, game_id)
    assert stored.deadline is not None                           # seat 1's day
    assert hand(client, game_id, t[0], False).status_code == 200
    assert stored_game(db_url, game_id).deadline == stored.deadline     # not seat 0's turn
    refused(hand(client, game_id, "not-a-token", True), 401, "holds no seat")
