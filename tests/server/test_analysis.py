"""The review of a finished game: every move's win chance, computed in the background,
kept with the game (a restarted server serves the same review)."""
from __future__ import annotations

import re
import time

import pytest

from .helpers import create, tokens, wait_for

pytestmark = pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
SHORT = {"deck": {"U": 2, "V": 2, "E": 1}}


def finished_game(client) -> str:
    """A short Carcassonne game that two bots played to its end; its id."""
    created = create(client, "carcassonne", bots={"0": "greedy", "1": "random"},
                     config=SHORT, seed=9)
    wait_for(client, created["id"], None, lambda s: s["terminal"])
    return created["id"]


def review(client, game_id: str, timeout: float = 120.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        reply = client.get(f"/api/games/{game_id}/analysis")
        assert reply.status_code == 200, reply.json()
        found = reply.json()
        if found["status"] == "done":
            return found
        assert found["of"] is None or found["done"] <= found["of"]
        assert time.monotonic() < deadline, found
        time.sleep(0.05)


def test_a_finished_game_is_reviewed_move_by_move_and_kept(serve):
    client = serve()
    game_id = finished_game(client)
    found = review(client, game_id)
    record = client.get(f"/api/games/{game_id}/record").json()
    moves = [i for i, text in enumerate(record["actions"]) if not text.startswith("draw")]
    assert [m["index"] for m in found["moves"]] == moves
    assert found["done"] == found["of"] == len(moves)
    assert found["hides_information"] is False     # both seats know the same: comparable
    for row in found["moves"]:
        assert row["move"] == record["actions"][row["index"]]
        assert 0.0 <= row["chance"] <= 1.0
        assert row["played"] is None or 0.0 <= row["played"] <= 1.0
        assert row["seat"] in (0, 1)
    again = serve()                                   # a restart: the review was kept
    assert again.get(f"/api/games/{game_id}/analysis").json() == found


def test_many_polls_at_once_see_one_review_and_never_a_false_limit(serve):
    """Polls while the review is stored and its lease released were refused with 429 (the
    review gone from those under way but still counted against the client: CI saw it)."""
    from concurrent.futures import ThreadPoolExecutor
    client = serve()
    game_id = finished_game(client)
    with ThreadPoolExecutor(6) as pool:
        found = list(pool.map(lambda _: review(client, game_id), range(6)))
    assert all(f == found[0] for f in found)


def test_the_review_names_the_best_moves_in_the_reader_s_language(serve):
    """The review keeps each best move in notation; its words are the engine's, said in the
    language of each request (as the log says a move)."""
    client = serve()
    game_id = finished_game(client)
    english = review(client, game_id)["moves"]
    czech = client.get(f"/api/games/{game_id}/analysis",
                       headers={"Accept-Language": "cs"}).json()["moves"]
    assert [m["best"] for m in czech] == [m["best"] for m in english]
    for said, words in zip(czech, english):
        assert words["best_words"] and said["best_words"] != words["best_words"], said
    assert any(w["best_words"].startswith("placed ") for w in english)
    assert not any(re.search(r"\b(placed|put|tile)\b", m["best_words"]) for m in czech)


def test_no_review_before_the_end(serve):
    client = serve()
    created = create(client, "carcassonne", seed=2)
    reply = client.get(f"/api/games/{created['id']}/analysis")
    assert reply.status_code == 409 and "over" in reply.json()["error"]
    assert client.get("/api/games/nope/analysis").status_code == 404
    assert tokens(created)                            # people's seats, nobody moved


def test_positions_step_through_a_finished_game(serve):
    client = serve()
    game_id = finished_game(client)
    record = client.get(f"/api/games/{game_id}/record").json()
    n = len(record["actions"])
    start = client.get(f"/api/games/{game_id}/positions/0").json()
    assert start["index"] == 0 and start["of"] == n
    assert len(start["view"]["board"]) == 1           # the start tile only
    for i in (1, 2, n // 2, n):
        step = client.get(f"/api/games/{game_id}/positions/{i}").json()
        assert step["index"] == i and step["seat"] is None and step["legal"] == []
        assert step["last_action"] == record["actions"][i - 1]
    assert client.get(f"/api/games/{game_id}/positions/{n}").json()["terminal"] is True
    assert client.get(f"/api/games/{game_id}/positions/{n + 1}").status_code == 404
    assert client.get(f"/api/games/{game_id}/positions/-1").status_code == 404
    assert client.get(f"/api/games/{game_id}/positions/x").status_code == 400


def test_positions_of_a_hidden_game_wait_for_its_end(serve):
    client = serve()
    created = create(client, "jaeger-sammler", seed=2)     # face-down tiles
    reply = client.get(f"/api/games/{created['id']}/positions/1")
    assert reply.status_code == 403 and "hides" in reply.json()["error"]
    open_game = create(client, "carcassonne", seed=2)    # the past of a tile game is public
    assert client.get(f"/api/games/{open_game['id']}/positions/1").status_code == 200
