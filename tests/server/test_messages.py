"""The state message is declared once (``models.GameState``): the HTTP reply and every
WebSocket message carry exactly its fields (a WebSocket message its ``type`` besides), and
a field that the builder would add without the model is refused, never silently dropped.
Each legal move also comes as its parts, in the order of ``legal``."""
from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

import meeple
from meeple.server.messages import state_message
from meeple.server.models import GameState, Message, Position

from .helpers import auth, create, receive, tokens, watch

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


@pytest.mark.parametrize("game", ["carcassonne", "jaeger-sammler", "catan-dice"])
def test_http_and_websocket_send_the_one_declared_shape(serve, game):
    client = serve()
    created = create(client, game, players=2, seed=3)
    game_id, token = created["id"], tokens(created)[0]
    reply = client.get(f"/api/games/{game_id}", headers=auth(token)).json()
    assert set(reply) == set(GameState.model_fields)
    with watch(client, game_id, token) as ws:
        first = receive(ws)
        assert set(first) == set(Message.model_fields) == set(GameState.model_fields) | {"type"}
        claimed = {"type", "seats", "status", "version"}   # the link in use claimed its seat
        assert {k: v for k, v in first.items() if k not in claimed} == \
            {k: v for k, v in reply.items() if k not in claimed}
    position = client.get(f"/api/games/{game_id}/positions/0")
    if position.status_code == 200:                   # the games that hide nothing
        assert set(position.json()) == set(Position.model_fields)


@pytest.mark.parametrize("game", ["carcassonne", "hunters-gatherers", "jaeger-sammler",
                                  "catan-dice"])
def test_legal_moves_come_as_their_parts(serve, game):
    client = serve()
    created = create(client, game, players=2, seed=5)
    game_id = created["id"]
    state = client.get(f"/api/games/{game_id}", headers=auth(tokens(created)[0])).json()
    if not state["legal"]:                             # seat 1 to move first: its token
        state = client.get(f"/api/games/{game_id}", headers=auth(tokens(created)[1])).json()
    assert state["legal"] and len(state["legal_parts"]) == len(state["legal"])
    parse = meeple.load(game, 2).new_state(0).parse
    for text, parts in zip(state["legal"], state["legal_parts"], strict=True):
        assert isinstance(parts[0], str)
        assert parts == json.loads(json.dumps(list(parse(text))))
    assert state["colours"] == [t for t in client.get("/api/games/types").json()
                                if t["name"] == game][0]["colours"][:2]


def test_messages_carry_the_stored_version_and_their_since(serve):
    client = serve()
    created = create(client, "catan-dice", players=1, seed=2)
    game_id, token = created["id"], tokens(created)[0]
    with watch(client, game_id, token) as ws:
        first = receive(ws)
        assert first["since"] == 0
        state = client.get(f"/api/games/{game_id}", headers=auth(token)).json()
        assert state["version"] == first["version"] > 0
        move = client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                           json={"action": state["legal"][0], "index": state["index"]})
        assert move.status_code == 200, move.text
        update = receive(ws)
        assert update["type"] == "update" and update["since"] == state["index"]
        assert update["version"] > state["version"]
        assert move.json()["version"] == update["version"]


def test_a_field_the_model_does_not_declare_is_refused(serve):
    client = serve()
    created = create(client, "catan-dice", players=1, seed=1)
    live = client.app.state.host.cache[created["id"]]
    with pytest.raises(ValidationError):
        state_message(live, 0, model=GameState, undeclared=1)
