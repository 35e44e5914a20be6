"""A malformed WebSocket message of any shape is answered ``error`` 400 with a reason (or
closed with a code and a reason), never a traceback: JSON nested 10,000 deep as text and as
bytes, bytes that are not UTF-8, numbers too big for anything, NaN; and the connection goes
on, the game unchanged. A failure of the server's own is closed 1011 with a reason."""
from __future__ import annotations

import json
import logging

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import create, receive, state, tokens, watch

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

DEEP = "[" * 8_000 + "]" * 8_000
"""As deep as JSON gets within a message's 16 KiB (a deeper one is closed 1009 unread)."""
MALFORMED = [
    DEEP, DEEP.encode(),                                   # nested 8,000 deep
    '{"a":' * 2_500 + "1" + "}" * 2_500,                   # objects nested 2,500 deep
    ('{"action": "x", "index": ' + "[" * 5_000 + "]" * 5_000 + "}").encode(),
    b"\xff\xfe\xfd", b"\xc3\x28", b"\x00", b"", "",       # not UTF-8, NUL, empty
    "\ufeff{}", '{"action": "pass"',                        # a BOM, cut short
    '{"action": "pass", "index": 1e999}',                  # infinity
    '{"action": "pass", "index": ' + "9" * 5000 + "}",     # digits past Python's limit
    '{"action": "pass", "index": NaN}', "Infinity", "-Infinity",
    '{"action": "pass", "index": -1}', '{"action": "pass", "index": 1.5}',
    '{"action": ["pass"]}', '{"action": null}', '{"index": 0}', "[]", "null", "7",
    '{"action": "pass", "index": 0, "seat": 1}', '"' + "x" * 10_000 + '"',
]


def test_malformed_messages_get_an_error_with_a_reason_and_change_nothing(serve, caplog):
    client = serve()
    created = create(client, "carcassonne", players=2, seed=3)
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[0]) as ws, caplog.at_level(logging.DEBUG):
        before = receive(ws)
        for message in MALFORMED:
            (ws.send_bytes if isinstance(message, bytes) else ws.send_text)(message)
            answer = receive(ws)
            assert answer["type"] == "error" and answer["status"] == 400, (message[:40], answer)
            assert answer["error"], message[:40]
        # a number as big as Python reads (a 4,000-digit index) is only a stale index
        ws.send_text('{"action": "pass", "index": ' + "9" * 4000 + "}")
        assert receive(ws)["status"] == 409
        # the connection still plays
        ws.send_json({"action": before["legal"][0], "index": before["index"]})
        update = receive(ws)
        assert update["type"] == "update" and update["index"] == before["index"] + 1
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], \
        [r.getMessage() for r in caplog.records]
    assert state(client, game_id)["index"] == before["index"] + 1


def test_a_deep_message_reads_in_words(serve):
    client = serve()
    game_id = create(client, "carcassonne", players=2, seed=3)["id"]
    with watch(client, game_id) as ws:
        receive(ws)
        ws.send_text(DEEP)
        assert "nested too deep" in receive(ws)["error"]


@pytest.mark.parametrize("as_bytes", [False, True], ids=["text", "bytes"])
def test_json_nested_10000_deep_is_closed_1009_with_a_reason(serve, as_bytes, caplog):
    """10,000 levels of nesting take 20,000 bytes: over the 16 KiB a message may have, so
    it is closed unread; the other connections go on."""
    client = serve()
    created = create(client, "carcassonne", players=2, seed=3)
    game_id, t = created["id"], tokens(created)
    deep = "[" * 10_000 + "]" * 10_000
    with watch(client, game_id) as other, watch(client, game_id, t[0]) as ws:
        receive(other)
        first = receive(ws)
        (ws.send_bytes if as_bytes else ws.send_text)(deep.encode() if as_bytes else deep)
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == 1009 and "16384 bytes" in closed.value.reason
        with watch(client, game_id, t[0]) as again:
            assert receive(again)["type"] == "state"
            again.send_json({"action": first["legal"][0], "index": first["index"]})
            assert receive(again)["type"] == "update"
        while (seen := receive(other))["type"] == "seats":     # the link's seat claimed
            pass
        assert seen["type"] == "update"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_a_failure_of_the_server_is_closed_1011_with_a_reason_not_a_crash(serve, monkeypatch,
                                                                          caplog):
    client = serve()
    created = create(client, "carcassonne", players=2, seed=3)
    game_id, t = created["id"], tokens(created)
    host = client.app.state.host

    async def broken(*args):
        raise KeyError("a bug")

    monkeypatch.setattr(host, "move", broken)
    with watch(client, game_id, t[0]) as ws:
        receive(ws)
        ws.send_text(json.dumps({"action": "pass", "index": 0}))
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
    assert closed.value.code == 1011 and closed.value.reason == "server error"
    assert any("WebSocket of game" in r.getMessage() for r in caplog.records)
    assert state(client, game_id)["index"] >= 0              # the server goes on
