"""A WebSocket whose seat's token ends is told and closed: ``Hub.close_seat`` closes every
connection of that game bound to that seat (4401 and the reason given), and no other."""
from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import auth, create, receive, state, tokens, watch


@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite: the hub is the process's, not the database's."""
    return f"sqlite:///{tmp_path}/meeple.db"


def test_close_seat_closes_that_seats_connections_only(serve):
    client = serve()
    created = create(client, "carcassonne", players=2, seed=1)
    game_id, t = created["id"], tokens(created)
    other = create(client, "carcassonne", players=2, seed=1)
    hub = client.app.state.host.hub
    with watch(client, game_id, t[1]) as seat1, watch(client, game_id, t[1], "subprotocol") \
            as seat1_tab, watch(client, game_id, t[0]) as seat0, \
            watch(client, game_id) as spectator, \
            watch(client, other["id"], tokens(other)[1]) as elsewhere:
        for ws in (seat1, seat1_tab, seat0, spectator, elsewhere):
            assert receive(ws)["type"] == "state"
        closed = client.portal.call(
            hub.close_seat, game_id, 1, 4401, "this seat's token ended: the seat was left")
        assert closed == 2
        for ws in (seat1, seat1_tab):
            while True:                      # messages queued before it (a seat claimed)
                try:
                    assert receive(ws)["type"] in ("seats", "state")
                except WebSocketDisconnect as e:
                    assert (e.code, e.reason) == (4401,
                                                  "this seat's token ended: the seat was left")
                    break
        # the others go on hearing the game
        first = state(client, game_id, t[0])
        client.post(f"/api/games/{game_id}/actions", headers=auth(t[0]),
                    json={"action": first["legal"][0], "index": first["index"]}
                    ).raise_for_status()
        for ws in (seat0, spectator):
            while (seen := receive(ws))["type"] == "seats":
                pass
            assert seen["type"] == "update"
        assert client.portal.call(hub.close_seat, other["id"], 0, 4401, "x") == 0
    assert not hub.rooms


def test_a_long_reason_is_cut_to_what_a_close_frame_holds(serve):
    client = serve()
    created = create(client, "carcassonne", players=2, seed=1)
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[0]) as ws:
        receive(ws)
        client.portal.call(client.app.state.host.hub.close_seat, game_id, 0, 4401, "é" * 200)
        while True:
            try:
                receive(ws)
            except WebSocketDisconnect as e:
                assert e.code == 4401 and e.reason.startswith("éé")
                assert len(e.reason.encode()) <= 123 and e.reason.endswith("…")
                break


def test_leaving_closes_the_seats_connections(serve):
    client = serve()
    created = create(client, "carcassonne", players=2, names={"0": "A", "1": "B"})
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[1]) as mine, watch(client, game_id, t[0]) as other:
        assert receive(mine)["type"] == receive(other)["type"] == "state"
        assert client.post(f"/api/games/{game_id}/leave", headers=auth(t[1])).status_code \
            == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(mine)
        assert closed.value.code == 4401 and "left" in closed.value.reason
        assert receive(other)["type"] == "seats"               # the other seat hears of it
