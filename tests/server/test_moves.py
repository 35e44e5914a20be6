"""An update's ``moves``: the seats' moves since the previous message, in order, with the
seat that made each; no chance outcome (it may deal what a seat may not see), and none in
a whole-game ``state`` message."""
from __future__ import annotations

import pytest

from .helpers import auth, create, receive, tokens, watch

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def test_an_update_lists_the_seats_moves_without_chance(serve):
    client = serve()
    created = create(client, "catan-dice", players=2, bots={"1": "greedy"}, seed=4)
    game_id, token = created["id"], tokens(created)[0]
    with watch(client, game_id, token) as ws:
        first = receive(ws)
        assert first["type"] == "state" and first["moves"] == []
        record_len = first["index"]
        seen: list[dict] = []
        for action in ("reroll 0 1", "stop"):
            client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                        json={"action": action, "index": record_len}).raise_for_status()
            update = receive(ws)
            while update["type"] != "update":
                update = receive(ws)
            seen += update["moves"]
            record_len = update["index"]
    assert [(m["seat"], m["action"]) for m in seen] == [(0, "reroll 0 1"), (0, "stop")]
    assert [m["parts"] for m in seen] == [["reroll", 0, 1], ["stop"]]     # as legal_parts
    assert all(not m["action"].startswith("roll ") for m in seen)     # the dice: chance
    assert [m["index"] for m in seen] == sorted(m["index"] for m in seen)
    assert seen[0]["index"] == first["index"]                         # the move's own index
