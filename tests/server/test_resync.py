"""A client that missed an update asks for the whole game again: ``{"state": true}`` on
the WebSocket answers a ``state`` message, and every message says what it starts from
(``since``) and the game's stored ``version``."""
from __future__ import annotations

from .helpers import create, receive, tokens, watch


def test_a_socket_asks_for_the_state_again_and_updates_say_where_they_start(serve):
    client = serve()
    created = create(client, "catan-dice", players=2, names={"0": "Ana", "1": "Bo"})
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[0]) as ws:
        first = receive(ws)
        assert first["type"] == "state" and first["since"] == 0
        ws.send_json({"action": first["legal"][0], "index": first["index"]})
        update = receive(ws)
        assert update["type"] == "update" and update["since"] == first["index"]
        assert update["version"] > first["version"]
        ws.send_json({"state": True})
        again = receive(ws)
        assert again["type"] == "state" and again["index"] == update["index"]
        assert again["version"] == update["version"] and again["since"] == 0
        ws.send_json({"state": False})
        refused = receive(ws)
        assert refused["type"] == "error" and refused["status"] == 400
