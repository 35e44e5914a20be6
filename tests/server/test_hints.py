"""Hints over the API: the strongest bot's best moves for the seat to move, on its turn
only, computed once per position in a worker, from what the seat may see."""
from __future__ import annotations

import time

import pytest

from .helpers import auth, create, state, tokens, wait_for

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def hints(client, game_id: str, token: str | None, **params):
    return client.get(f"/api/games/{game_id}/hints", headers=auth(token), params=params)


def test_hints_rank_the_legal_moves_of_the_seat_to_move(serve):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "mcts:iters=60"}, seed=4)
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    reply = hints(client, game_id, token)
    assert reply.status_code == 200, reply.json()
    found = reply.json()
    assert found["agent"] == "mcts:iters=60"       # the bot seat's agent ranks moves
    assert found["ranks_by"] == "win rate" and found["seat"] == 0
    assert found["index"] == now["index"]
    assert 1 <= len(found["moves"]) <= 3
    assert all(m["action"] in now["legal"] and 0 <= m["value"] <= 1 for m in found["moves"])
    # each move in words too, as the log says a move: no notation
    assert all(m["words"].startswith("placed ") and m["action"] not in m["words"]
               for m in found["moves"])
    assert [m["value"] for m in found["moves"]] == sorted(
        (m["value"] for m in found["moves"]), reverse=True)
    # a tile's hint says what the seat does next (a follower or not), in words too
    for m in found["moves"]:
        assert m["then"] and m["then"].split()[0] in ("follower", "pass"), m
        assert ", then " in m["words"] and m["then"] not in m["words"], m
    started = time.monotonic()
    assert hints(client, game_id, token).json() == found      # the same position: cached
    assert time.monotonic() - started < 0.5
    assert state(client, game_id, token)["index"] == now["index"]   # nothing was played


def test_a_hint_s_words_are_in_the_reader_s_language(serve):
    client = serve()
    created = create(client, "carcassonne", bots={"1": "mcts:iters=60"}, seed=4)
    game_id, token = created["id"], tokens(created)[0]
    reply = client.get(f"/api/games/{game_id}/hints",
                       headers={**auth(token), "Accept-Language": "cs"})
    assert reply.status_code == 200, reply.json()
    for m in reply.json()["moves"]:                   # "karta: …, pak …", not "placed …, then"
        assert ", pak " in m["words"] and "placed" not in m["words"], m


def test_catan_dice_hints_come_from_the_planner(serve):
    client = serve()
    created = create(client, "catan-dice", players=1, seed=2)
    game_id, token = created["id"], tokens(created)[0]
    found = hints(client, game_id, token, k=5).json()
    assert found["agent"] == "planner" and found["ranks_by"] == "expected score"
    legal = state(client, game_id, token)["legal"]
    assert 1 <= len(found["moves"]) <= 5
    assert all(m["action"] in legal and m["visits"] is None for m in found["moves"])


def test_hints_only_for_the_seat_to_move(serve):
    client = serve()
    created = create(client, "carcassonne", seed=3)        # two people
    game_id, seats = created["id"], tokens(created)
    assert hints(client, game_id, None).status_code == 403          # a spectator
    assert hints(client, game_id, seats[1]).status_code == 409      # not seat 1's turn
    assert hints(client, game_id, "x" * 43).status_code == 401      # no seat's token
    assert hints(client, game_id, seats[0], k=0).status_code == 400
    assert hints(client, game_id, seats[0], k="a").status_code == 400
    assert client.get("/api/games/nope/hints", headers=auth(seats[0])).status_code == 404


def test_no_hints_once_the_game_is_over(serve):
    client = serve()
    created = create(client, "catan-dice", players=2, bots={"1": "greedy"}, seed=5)
    game_id, token = created["id"], tokens(created)[0]
    while True:
        now = wait_for(client, game_id, token,
                       lambda s: s["terminal"] or s["current_player"] == 0)
        if now["terminal"]:
            break
        client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                    json={"action": "end" if "end" in now["legal"] else now["legal"][0],
                          "index": now["index"]})
    reply = hints(client, game_id, token)
    assert reply.status_code == 409 and "over" in reply.json()["error"]


def test_table_rules_switch_the_aids_off(serve):
    client = serve()
    created = create(client, "carcassonne", seed=3, aids=False, bots={"1": "greedy"})
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    assert now["aids"] is False and now["legal"]          # the moves are still there
    assert "pile" not in now["view"] and now["view"]["remaining"] > 0   # no tiles-left panel
    assert now["hints"] is True                           # one person: hints by default
    on = state(client, create(client, "carcassonne", seed=3)["id"])
    assert on["aids"] is True and "pile" in on["view"]
    bad = client.post("/api/games", json={"game": "carcassonne", "aids": "no"})
    assert bad.status_code == 400


def test_hints_between_people_are_the_creators_choice_for_every_seat(serve):
    client = serve()
    created = create(client, "carcassonne", seed=3)       # two people: off by default
    game_id, t = created["id"], tokens(created)
    assert all(state(client, game_id, t[s])["hints"] is False for s in (0, 1))
    reply = hints(client, game_id, t[0])
    assert reply.status_code == 403 and "not allowed" in reply.json()["error"]
    allowed = create(client, "carcassonne", seed=3, bots={"1": "mcts:iters=30"},
                     players=3, hints=True)
    a, ta = allowed["id"], tokens(allowed)
    assert all(state(client, a, ta[s])["hints"] is True for s in ta)    # everyone sees it
    assert state(client, a)["hints"] is True
    assert hints(client, a, ta[0]).status_code == 200


def test_the_score_if_it_ended_now_is_an_aid(serve):
    client = serve()
    created = create(client, "carcassonne", seed=3, bots={"1": "greedy"})
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    assert now["projected"] is not None and len(now["projected"]) == 2
    assert all(p >= s for p, s in zip(now["projected"], now["scores"]))
    off = create(client, "carcassonne", seed=3, aids=False)
    assert state(client, off["id"])["projected"] is None
    js = create(client, "jaeger-sammler", seed=3)
    assert state(client, js["id"])["projected"] is None
