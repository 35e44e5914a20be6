"""Seat tokens are secrets: the database keeps only their SHA-256, no reply or WebSocket
message shows one except the reply that hands it out, a WebSocket takes it in a header or a
subprotocol (never in its URL), and the log lines that carry a token (``?token=...`` of a
join link, ``Bearer ...``, ``meeple.token....``) have it cut out."""
from __future__ import annotations

import hashlib
import json
import logging

import pytest
import sqlalchemy as sa
from sqlalchemy.pool import NullPool
from starlette.websockets import WebSocketDisconnect

from meeple.server import logs

from .helpers import auth, create, play_out, state, tokens, watch


def sha256(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def every_value(db_url: str) -> list[tuple[str, str, str]]:
    """(table, column, text) for every value of every column of every table."""
    engine = sa.create_engine(db_url, poolclass=NullPool)
    out = []
    try:
        with engine.connect() as db:
            meta = sa.MetaData()
            meta.reflect(db)
            assert {"games", "seats", "actions", "taken_back", "takebacks"} <= set(meta.tables)
            for table in meta.sorted_tables:
                for row in db.execute(sa.select(table)):
                    for column, value in row._mapping.items():
                        if value is None:
                            continue
                        text = value if isinstance(value, str) else \
                            json.dumps(value, default=str)
                        out.append((table.name, column, text))
    finally:
        engine.dispose()
    return out


def seat_hashes(db_url: str) -> dict[tuple[str, int], str | None]:
    engine = sa.create_engine(db_url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            return {(r.game_id, r.seat): r.token_hash for r in db.execute(
                sa.text("SELECT game_id, seat, token_hash FROM seats"))}
    finally:
        engine.dispose()


def test_tokens_are_stored_only_as_their_sha256(serve, db_url):
    client = serve()
    handed: list[str] = []                   # every token the server ever handed out
    current: dict[tuple[str, int], str | None] = {}

    short = create(client, "carcassonne", players=3, bots={"2": "greedy"}, seed=1,
                   config={"deck": {"V": 2}}, seats={"1": "open"})
    a = short["id"]
    t = tokens(short)
    handed += t.values()
    assert all(s["join"] == f"/games/{a}?token={s['token']}" for s in short["seats"])
    joined = client.post(f"/api/games/{a}/join", json={"seat": 1, "name": "Bo"})
    assert joined.status_code == 200, joined.json()
    t[1] = joined.json()["token"]
    handed.append(t[1])
    named = client.post(f"/api/games/{a}/join", json={"seat": 0, "name": "Ana"},
                        headers=auth(t[0]))
    assert named.status_code == 200 and named.json()["token"] == t[0]
    # a takeback request stored in the database on the way
    now = state(client, a, t[0])
    client.post(f"/api/games/{a}/actions", headers=auth(t[0]),
                json={"action": now["legal"][0], "index": now["index"]})
    assert client.post(f"/api/games/{a}/takeback", headers=auth(t[0])).status_code == 200
    assert state(client, a)["takeback"] is not None
    play_out(client, a, t, seed=2)
    current.update({(a, 0): t[0], (a, 1): t[1], (a, 2): None})

    first = client.post(f"/api/games/{a}/rematch", headers=auth(t[1])).json()
    second = client.post(f"/api/games/{a}/rematch", headers=auth(t[0])).json()
    b = first["id"]
    assert second["id"] == b
    handed += [first["token"], second["token"]]
    # everyone one seat on in the rematch: the second seat starts
    assert (first["seat"], second["seat"]) == (0, 2)
    current.update({(b, 0): first["token"], (b, 2): second["token"], (b, 1): None})
    now = state(client, b, first["token"])         # a takeback request left open there
    client.post(f"/api/games/{b}/actions", headers=auth(first["token"]),
                json={"action": now["legal"][0], "index": now["index"]})
    asked = client.post(f"/api/games/{b}/takeback", headers=auth(first["token"]))
    assert asked.status_code == 200 and asked.json()["waiting"] == [2], asked.json()

    private = create(client, "catan-dice", players=2, seed=3, private=True)
    c = private["id"]
    pt = tokens(private)
    handed += pt.values()
    assert client.post(f"/api/games/{c}/leave", headers=auth(pt[1])).status_code == 200
    current.update({(c, 0): pt[0], (c, 1): None})
    client.post(f"/api/games/{c}/actions", headers=auth(pt[0]), json={"action": "stop"})
    undone = client.post(f"/api/games/{c}/takeback", headers=auth(pt[0]))   # alone now
    assert undone.status_code == 200 and undone.json()["taken_back"] == 1, undone.json()

    # replies other than the one handing a token out never show one
    for game_id, token in ((a, t[0]), (b, second["token"]), (c, pt[0])):
        for reply in (client.get(f"/api/games/{game_id}", headers=auth(token)),
                      client.get(f"/api/games/{game_id}"),
                      client.get("/api/games"),
                      client.get(f"/api/games/{game_id}/record")):
            assert not any(tok in reply.text for tok in handed)

    assert len(set(handed)) == len(handed) == 7
    values = every_value(db_url)
    assert {table for table, _, _ in values} >= {"games", "seats", "actions", "taken_back",
                                                 "takebacks"}
    for table, column, text in values:
        for token in handed:
            assert token not in text, f"a token is stored in clear in {table}.{column}"
    assert seat_hashes(db_url) == {key: None if token is None else sha256(token)
                                   for key, token in current.items()}
    # the replaced creation token of seat 1 and the one given up are not even hashed
    stored = {text for _, _, text in values}
    assert sha256(tokens(short)[1]) not in stored and sha256(pt[1]) not in stored


@pytest.mark.parametrize("how", ["header", "subprotocol"])
def test_the_websocket_takes_the_token_in_a_header_or_a_subprotocol(serve, how):
    client = serve()
    created = create(client, "carcassonne", seed=4)
    game_id, t = created["id"], tokens(created)
    with watch(client, game_id, t[0], how) as ws:
        # the server speaks "meeple", and never echoes the token's subprotocol
        assert ws.accepted_subprotocol == ("meeple" if how == "subprotocol" else None)
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["legal"]
        client.post(f"/api/games/{game_id}/actions", headers=auth(t[0]),
                    json={"action": first["legal"][0], "index": first["index"]})
        update = ws.receive_json()
        assert update["type"] == "update" and update["index"] == first["index"] + 1
    for message in (first, update):
        text = json.dumps(message)
        assert t[0] not in text and t[1] not in text
    with watch(client, game_id) as ws:
        spectator = ws.receive_json()
        assert spectator["seat"] is None and spectator["legal"] == []
    with client.websocket_connect(f"/api/games/{game_id}/ws", subprotocols=["meeple"]) as ws:
        assert ws.accepted_subprotocol == "meeple"            # a browser's spectator
        assert ws.receive_json()["seat"] is None
    with pytest.raises(WebSocketDisconnect) as closed, \
            watch(client, game_id, "wrong", how) as ws:
        ws.receive_json()
    assert closed.value.code == 4401


def test_a_token_in_the_websocket_url_is_refused_and_says_how_to_send_it(serve):
    """No proxy or log ever sees a token in a WebSocket's URL: ``?token=`` is refused
    (4400), the good one as the bad one, with the way to send it."""
    client = serve()
    created = create(client, "carcassonne", seed=4, seats={"0": "open", "1": "open"})
    game_id, t = created["id"], tokens(created)
    for query in (f"?token={t[0]}", "?token=", "?token=x&a=1"):
        with pytest.raises(WebSocketDisconnect) as closed, \
                client.websocket_connect(f"/api/games/{game_id}/ws{query}") as ws:
            ws.receive_json()
        assert closed.value.code == 4400
        assert "Authorization: Bearer" in closed.value.reason
        assert "meeple.token." in closed.value.reason
    assert [s["open"] for s in state(client, game_id)["seats"]] == [True, True]  # unclaimed
    # two tokens at once (a header and a subprotocol) are refused too; a bad header 4401
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/games/{game_id}/ws", subprotocols=["meeple", f"meeple.token.{t[1]}"],
            headers=auth(t[0])) as ws:
        ws.receive_json()
    assert closed.value.code == 4400
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/games/{game_id}/ws", headers={"Authorization": "Basic abc"}) as ws:
        ws.receive_json()
    assert closed.value.code == 4401 and "Bearer" in closed.value.reason


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_log_lines_with_a_token_are_redacted(serve, caplog):
    client = serve()                      # its start puts the filter on the server's loggers
    token = tokens(create(client, "carcassonne", seed=5))[0]
    handler = Lines()
    for name in ("uvicorn", "uvicorn.access", "uvicorn.error", "meeple.server"):
        assert any(isinstance(f, logs.Redact) for f in logging.getLogger(name).filters), name
    loggers = [logging.getLogger(name) for name in
               ("uvicorn.access", "uvicorn.error", "meeple.server")]   # none a parent
    saved = [(lg, lg.level) for lg in loggers]
    for lg in loggers:
        lg.addHandler(handler)
        lg.setLevel(logging.INFO)
    try:
        with caplog.at_level(logging.INFO):
            # as uvicorn writes them: the access line, the WebSocket line, and a plain one
            logging.getLogger("uvicorn.access").info(
                '%s - "%s %s HTTP/%s" %d', "127.0.0.1:50000", "GET",
                f"/games/abc?token={token}&x=1", "1.1", 404)
            logging.getLogger("uvicorn.error").info(
                '%s - "WebSocket %s" [accepted]', "127.0.0.1:50001",
                f"/api/games/abc/ws?token={token}")
            logging.getLogger("uvicorn.error").warning(
                f"bad request /api/games/abc/ws?token=SECRET-{token} 'token=SECRET2'")
            logging.getLogger("meeple.server").info("join link %s",
                                                    f"/games/abc?token={token}")
            logging.getLogger("meeple.server").info(
                "headers %s", f"{{'authorization': 'Bearer {token}', "
                              f"'sec-websocket-protocol': 'meeple, meeple.token.{token}'}}")
    finally:
        for lg, level in saved:
            lg.removeHandler(handler)
            lg.setLevel(level)

    lines = handler.lines
    assert len(lines) == 5, lines
    assert lines[0] == '127.0.0.1:50000 - "GET /games/abc?token=…&x=1 HTTP/1.1" 404'
    assert lines[1] == '127.0.0.1:50001 - "WebSocket /api/games/abc/ws?token=…" [accepted]'
    assert lines[3] == "join link /games/abc?token=…"
    assert lines[4] == ("headers {'authorization': 'Bearer …', "
                        "'sec-websocket-protocol': 'meeple, meeple.token.…'}")
    for line in lines + [r.getMessage() for r in caplog.records]:
        assert token not in line and "SECRET" not in line
    assert all("token=…" in line for line in lines[:4])
