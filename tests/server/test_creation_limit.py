"""Games created an hour are capped per address: 429 with ``Retry-After`` and the limit in
words past it; a creation that is refused does not count; the window slides."""
from __future__ import annotations

import pytest

from meeple.server import limits

from .helpers import create


@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite: a limit of the process, not of the database."""
    return f"sqlite:///{tmp_path}/meeple.db"


def test_games_created_an_hour_are_capped_per_address(serve):
    client = serve(games_per_hour=3)
    for _ in range(2):
        create(client, "catan-dice", players=1)
    # a refused creation does not count
    assert client.post("/api/games", json={"game": "nosuchgame"}).status_code == 400
    create(client, "catan-dice", players=1)
    reply = client.post("/api/games", json={"game": "catan-dice", "players": 1})
    assert reply.status_code == 429
    assert reply.json()["error"].startswith(
        "too many games created: at most 3 an hour from one address; try again in ")
    assert 3500 <= int(reply.headers["retry-after"]) <= 3600
    assert client.get("/api/games").status_code == 200         # the rest answers


def test_the_creation_window_slides():
    clock = [1000.0]
    cap = limits.CreationLimit(2)
    cap.WINDOW = 10.0
    original = limits.time.monotonic
    limits.time.monotonic = lambda: clock[0]
    try:
        assert cap.take("a") is None and cap.take("a") is None
        assert cap.take("a") == 10 and cap.take("b") is None       # per address
        clock[0] += 6
        assert cap.take("a") == 4
        clock[0] += 4
        assert cap.take("a") is None                               # the first fell out
        cap.give_back("a")
        assert cap.take("a") is None
    finally:
        limits.time.monotonic = original
