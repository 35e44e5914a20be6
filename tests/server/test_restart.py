"""A server restart loses nothing and changes nothing: a game stopped halfway and finished by
a new app on the same database ends exactly as the same game played without a restart, and
a bot that was to move when the server stopped moves after the restart.

Chance is dealt by ``random.Random(f"{seed}/{index}")`` and every bot is seeded by the game's
seed and the action's index, so the same seed and the same people's moves give the same game;
the people's moves here are chosen by a seeded RNG over the legal moves.
"""
from __future__ import annotations

import random

import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool

from meeple.server import schema
from meeple.server.workers import choose
from meeple.server.live import bot_seed

from .helpers import auth, create, state, tokens, wait_for

# A short Carcassonne (22 tiles) against a seeded MCTS bot, a whole Catan Dice game (15 turns
# each) against the greedy bot.
CASES = {
    "carcassonne": {"game": "carcassonne", "bots": {"1": "mcts:iters=40"}, "seed": 1234,
                    "config": {"deck": {"A": 1, "B": 2, "C": 1, "E": 3, "F": 1, "H": 1,
                                        "J": 2, "K": 2, "L": 2, "U": 3, "V": 3, "W": 1}}},
    "catan-dice": {"game": "catan-dice", "players": 2, "bots": {"1": "greedy"}, "seed": 4321},
}


def stop(client) -> None:
    """Stop an app cleanly (its lifespan ends: bot workers closed, engine disposed)."""
    client.__exit__(None, None, None)


class Person:
    """Plays the people's seats with moves drawn by a seeded RNG over the legal moves; the
    RNG lives across a restart, so the moves do not depend on where the server stopped."""

    def __init__(self, game_id: str, seat_tokens: dict[int, str], seed: int):
        self.game_id, self.tokens, self.rng = game_id, seat_tokens, random.Random(seed)
        self.moves = 0

    def play(self, client, limit: int | None = None) -> dict:
        """Move until the game is over, or ``limit`` moves were played in this call; the
        spectator's state then (always at a person's turn or the end)."""
        played = 0
        any_token = next(iter(self.tokens.values()))
        while True:
            now = wait_for(client, self.game_id, any_token,
                           lambda s: s["terminal"] or s["current_player"] in self.tokens)
            if now["terminal"] or (limit is not None and played >= limit):
                return state(client, self.game_id)
            token = self.tokens[now["current_player"]]
            mine = state(client, self.game_id, token)
            reply = client.post(f"/api/games/{self.game_id}/actions", headers=auth(token),
                                json={"action": self.rng.choice(mine["legal"]),
                                      "index": mine["index"]})
            assert reply.status_code == 200, reply.json()
            played += 1
            self.moves += 1


def finished_record(client, game_id: str) -> tuple[dict, dict]:
    final = state(client, game_id)
    assert final["terminal"]
    reply = client.get(f"/api/games/{game_id}/record")
    assert reply.status_code == 200, reply.json()
    return final, reply.json()


@pytest.mark.parametrize("case", list(CASES))
def test_a_restart_halfway_ends_the_game_as_without_one(serve, case):
    body = CASES[case]

    # The game without a restart, on the fixture's fresh database.
    client = serve()
    created = create(client, **body)
    person = Person(created["id"], tokens(created), seed=99)
    person.play(client)
    expected_final, expected = finished_record(client, created["id"])
    total_moves = person.moves
    assert total_moves >= 10
    stop(client)

    # The same game (same seed, same people's moves), stopped after half of the people's
    # moves and finished by a new app on the same database.
    client = serve()
    created = create(client, **body)
    game_id = created["id"]
    person = Person(game_id, tokens(created), seed=99)
    halfway = person.play(client, limit=total_moves // 2)
    assert not halfway["terminal"] and person.moves == total_moves // 2
    stop(client)

    client = serve()
    resumed = state(client, game_id)
    assert resumed["index"] == halfway["index"]
    assert resumed["current_player"] == halfway["current_player"]
    assert resumed["scores"] == halfway["scores"]
    person.play(client)
    final, record = finished_record(client, game_id)

    assert person.moves == total_moves
    assert record["actions"] == expected["actions"]
    assert record["seed"] == expected["seed"] == body["seed"]
    assert record["seats"] == expected["seats"]
    assert final["scores"] == expected_final["scores"]
    assert final["breakdown"] == expected_final["breakdown"]
    assert final["index"] == expected_final["index"] == len(record["actions"])


def test_a_restart_while_a_bot_is_to_move_resumes_the_bot(serve, db_url):
    spec = "mcts:iters=3000"       # ~0.5 s a move, plus starting the worker: time to stop first
    client = serve()
    created = create(client, "carcassonne", bots={"1": spec}, seed=77)
    game_id, token = created["id"], tokens(created)[0]
    now = state(client, game_id, token)
    while now["current_player"] == 0:          # place a tile, then a follower or pass
        reply = client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                            json={"action": now["legal"][0], "index": now["index"]})
        assert reply.status_code == 200, reply.json()
        now = reply.json()
    assert now["current_player"] == 1
    index = now["index"]
    stop(client)                               # at once: the bot has not answered yet

    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            stored = db.execute(sa.select(sa.func.count()).select_from(schema.actions)
                                .where(schema.actions.c.game_id == game_id)).scalar_one()
    finally:
        engine.dispose()
    assert stored == index, "the bot moved before the server stopped: the test needs a " \
                            "slower bot"

    client = serve()
    assert client.app.state.resumed >= 1
    # the bot's turn (its tile, then a follower or pass) is played: the person is to move
    wait_for(client, game_id, token, lambda s: s["current_player"] == 0, timeout=60)
    record = client.get(f"/api/games/{game_id}/record").json()
    # The bot's move is the one a bot seeded for this game and index chooses.
    before = {"game": "carcassonne", "players": 2, "config": {}, "seed": 77,
              "actions": record["actions"][:index]}
    assert record["actions"][index] == choose(before, spec, bot_seed(77, index))
    assert record["actions"][index].startswith("place ")
