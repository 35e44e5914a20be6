"""Every refusal of the API: the right status, a clear ``{"error": ...}``, and the game as
it was (same index, same view for every seat and for spectators).

The games here have people only, so nothing moves by itself between "before" and
"after". Each test runs on SQLite and on PostgreSQL (the ``serve`` fixture).
"""
from __future__ import annotations

import json
import time
from functools import partial

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import meeple
from meeple.core.errors import IllegalAction
from meeple.server.limits import MAX_BODY, MAX_MESSAGE

from .helpers import auth, create, play_out, receive, state, tokens, watch


# --- helpers ------------------------------------------------------------------------------
def nothing_more(ws, wait: float = 0.2) -> None:
    """No message arrives on ``ws`` within ``wait`` seconds."""
    try:
        message = receive(ws, wait)
    except TimeoutError:
        return
    raise AssertionError(f"unexpected message: {message}")


def two_people(client, game: str = "carcassonne", players: int = 2, **body) -> tuple[str, dict]:
    """A game of people only (nothing moves unless a test moves it); its id and tokens."""
    created = create(client, game, players=players, seed=3, **body)
    return created["id"], tokens(created)


def snapshot(client, game_id: str, seat_tokens: dict) -> dict:
    """The whole state as every seat and a spectator see it."""
    views = {None: state(client, game_id)}
    views.update({seat: state(client, game_id, token) for seat, token in seat_tokens.items()})
    return views


def refused(reply, status: int, *words: str) -> str:
    """Assert ``reply`` is a refusal with ``status`` whose error names ``words``."""
    assert reply.status_code == status, (reply.status_code, reply.text)
    assert reply.headers["content-type"].startswith("application/json")
    body = reply.json()
    assert set(body) == {"error"}, body
    assert isinstance(body["error"], str) and body["error"].strip(), body
    for word in words:
        assert word.lower() in body["error"].lower(), (word, body["error"])
    return body["error"]


def act(client, game_id: str, token: str | None, action, index=None, **extra):
    body = {"action": action, **({} if index is None else {"index": index}), **extra}
    return client.post(f"/api/games/{game_id}/actions", headers=auth(token), json=body)


def engine_refusal(client, game_id: str, text: str) -> str:
    """What the engine says of ``text`` in the game's position now (the position is the
    replay of the record, which a carcassonne game serves before the end)."""
    record = client.get(f"/api/games/{game_id}/record").json()
    position = meeple.replay(meeple.Record.from_json(record))
    with pytest.raises(IllegalAction) as refusal:
        position.apply(text)
    return str(refusal.value)


# --- tokens and turns ---------------------------------------------------------------------
def test_wrong_token_is_401(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    other_id, other_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    move = before[0]["legal"][0]
    for token in ("not-a-token", other_tokens[0], seat_tokens[0] + "x"):
        refused(act(client, game_id, token, move, before[0]["index"]), 401, "token")
        refused(client.get(f"/api/games/{game_id}", headers=auth(token)), 401, "token")
    for header in ("Basic abc", "Bearer", "Bearer   ", seat_tokens[0]):
        reply = client.post(f"/api/games/{game_id}/actions", json={"action": move},
                            headers={"Authorization": header})
        refused(reply, 401, "Bearer")
    assert snapshot(client, game_id, seat_tokens) == before
    assert snapshot(client, other_id, other_tokens)[None]["index"] == before[None]["index"]


def test_spectator_acting_is_403(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    assert before[None]["legal"] == [] and before[None]["seat"] is None
    refused(act(client, game_id, None, before[0]["legal"][0], before[0]["index"]), 403,
            "spectator")
    refused(client.post(f"/api/games/{game_id}/takeback"), 403, "token")
    assert snapshot(client, game_id, seat_tokens) == before


def test_out_of_turn_is_409(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    assert before[0]["current_player"] == 0 and before[1]["legal"] == []
    error = refused(act(client, game_id, seat_tokens[1], before[0]["legal"][0],
                        before[0]["index"]), 409, "turn")
    assert "seat 0" in error
    refused(act(client, game_id, seat_tokens[1], before[0]["legal"][0]), 409, "turn")
    assert snapshot(client, game_id, seat_tokens) == before


def test_a_replayed_action_is_409_stale(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    first = state(client, game_id, seat_tokens[0])
    move = {"action": first["legal"][0], "index": first["index"]}
    played = client.post(f"/api/games/{game_id}/actions", json=move,
                         headers=auth(seat_tokens[0]))
    assert played.status_code == 200, played.json()
    assert played.json()["index"] == first["index"] + 1
    after = snapshot(client, game_id, seat_tokens)
    # the double click: the same action for the same index, by its seat (still to move)
    assert after[0]["current_player"] == 0
    for _ in range(2):
        again = client.post(f"/api/games/{game_id}/actions", json=move,
                            headers=auth(seat_tokens[0]))
        error = refused(again, 409, "stale")
        assert str(first["index"]) in error and str(first["index"] + 1) in error
    # an index from the future is as stale as one from the past
    refused(act(client, game_id, seat_tokens[0], after[0]["legal"][0], after[0]["index"] + 5),
            409, "stale")
    assert snapshot(client, game_id, seat_tokens) == after


def test_an_illegal_action_is_422_with_the_engines_reason(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    tile = before[0]["view"]["tile"]
    other = "A" if tile != "A" else "B"
    for text in (f"place {tile} 40 40 0", f"place {other} 0 1 0", "follower road N",
                 "pass", "draw A", "nonsense", "", "place", f"place {tile} 0 1 45",
                 f"place {tile} 0 1"):
        reply = act(client, game_id, seat_tokens[0], text, before[0]["index"])
        error = refused(reply, 422)
        assert error == engine_refusal(client, game_id, text)
    assert snapshot(client, game_id, seat_tokens) == before


def test_the_game_over_is_409(serve):
    client = serve()
    created = create(client, "carcassonne", players=2, seed=1, config={"deck": {"D": 1}})
    game_id, seat_tokens = created["id"], tokens(created)
    play_out(client, game_id, seat_tokens)          # one tile: placed, then pass or follow
    token = seat_tokens[0]
    over = snapshot(client, game_id, seat_tokens)
    assert over[0]["terminal"] and over[0]["legal"] == []
    for move in ("pass", "place D 0 1 0", "nonsense"):
        refused(act(client, game_id, token, move, over[0]["index"]), 409, "over")
        refused(act(client, game_id, seat_tokens[1], move), 409, "over")
    assert snapshot(client, game_id, seat_tokens) == over


# --- malformed requests -------------------------------------------------------------------
BAD_BODIES = [
    pytest.param(b"{garbage", "malformed JSON", id="garbage"),
    pytest.param(b'{"action": "pass", ', "malformed JSON", id="truncated"),
    pytest.param(b"[\"pass\", 1]", "JSON object", id="array"),
    pytest.param(b"\"pass\"", "JSON object", id="string"),
    pytest.param(b"null", "", id="null"),
    pytest.param(b"", "", id="empty"),
    pytest.param(b'{"action": 7}', "action", id="action-not-text"),
    pytest.param(b'{"action": ["pass"]}', "action", id="action-a-list"),
    pytest.param(b'{"index": 1}', "action", id="no-action"),
    pytest.param(b'{"action": "pass", "index": "1"}', "index", id="index-text"),
    pytest.param(b'{"action": "pass", "index": 1.5}', "index", id="index-fraction"),
    pytest.param(b'{"action": "pass", "index": true}', "index", id="index-bool"),
    pytest.param(b'{"action": "pass", "seat": 0}', "seat", id="extra-key"),
    pytest.param(b'{"action": "' + b"x" * 2001 + b'"}', "action", id="action-too-long"),
    pytest.param(b"\xff\xfe{}", "", id="not-utf8"),
]


def test_a_malformed_action_body_is_400(serve):
    # one server for all the cases (a server per case would cost more than the cases)
    client = serve()
    game_id, seat_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    for case in BAD_BODIES:
        body, words = case.values
        reply = client.post(f"/api/games/{game_id}/actions", content=body,
                            headers={**auth(seat_tokens[0]),
                                     "Content-Type": "application/json"})
        try:
            refused(reply, 400, *([words] if words else []))
        except AssertionError as e:
            raise AssertionError(f"case {case.id}: {e}") from None
    assert snapshot(client, game_id, seat_tokens) == before


def test_an_unknown_game_is_404(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    for method, path, body in [
        ("GET", "/api/games/nosuchgame", None),
        ("GET", "/api/games/nosuchgame/record", None),
        ("POST", "/api/games/nosuchgame/actions", {"action": "pass"}),
        ("POST", "/api/games/nosuchgame/join", {"name": "Ana"}),
        ("POST", "/api/games/nosuchgame/leave", None),
        ("POST", "/api/games/nosuchgame/takeback", None),
        ("GET", f"/api/games/{game_id}x", None),
    ]:
        reply = client.request(method, path, json=body, headers=auth(seat_tokens[0]))
        refused(reply, 404, "no game")
    refused(client.get("/api/nothing/here"), 404)
    host = client.app.state.host           # asking for games that do not exist costs nothing
    assert set(host.cache) == {game_id} and set(host.locks) <= {game_id}
    assert host.store.ids() == [game_id]


CREATIONS = [
    pytest.param({"game": "chess"}, "unknown game", id="unknown-game"),
    pytest.param({"game": ""}, "unknown game", id="empty-name"),
    pytest.param({"game": 3}, "game", id="name-not-text"),
    pytest.param({"players": 2}, "game", id="no-game"),
    pytest.param({"game": "carcassonne", "players": 9}, "players", id="too-many-players"),
    pytest.param({"game": "carcassonne", "players": 1}, "players", id="too-few-players"),
    pytest.param({"game": "jaeger-sammler", "players": 0}, "players", id="no-players"),
    pytest.param({"game": "catan-dice", "players": -1}, "players", id="negative-players"),
    pytest.param({"game": "carcassonne", "players": "2"}, "players", id="players-text"),
    pytest.param({"game": "carcassonne", "players": 2.0}, "players", id="players-float"),
    pytest.param({"game": "carcassonne", "config": {"speed": 2}}, "speed", id="unknown-option"),
    pytest.param({"game": "carcassonne", "config": {"deck": {"ZZ": 2}}}, "deck",
                 id="bad-deck-key"),
    pytest.param({"game": "carcassonne", "config": {"deck": {"A": -2}}}, "deck",
                 id="bad-deck-count"),
    pytest.param({"game": "carcassonne", "config": {"deck": "A A B"}}, "deck",
                 id="deck-not-an-object"),
    pytest.param({"game": "carcassonne", "config": []}, "config", id="config-a-list"),
    pytest.param({"game": "carcassonne", "bots": {"1": "nosuchbot"}}, "agent",
                 id="unknown-bot"),
    pytest.param({"game": "carcassonne", "bots": {"1": "mcts:iters=abc"}}, "iters",
                 id="bad-bot-option"),
    pytest.param({"game": "carcassonne", "bots": {"1": "mcts:nosuch=1"}}, "nosuch",
                 id="unknown-bot-option"),
    pytest.param({"game": "carcassonne", "bots": {"1": "planner"}}, "planner",
                 id="other-games-bot"),
    pytest.param({"game": "carcassonne", "bots": {"1": ""}}, "agent spec", id="empty-bot"),
    pytest.param({"game": "carcassonne", "bots": {"2": "greedy"}}, "seat", id="bot-seat-out"),
    pytest.param({"game": "carcassonne", "bots": {"-1": "greedy"}}, "seat", id="bot-seat-neg"),
    pytest.param({"game": "carcassonne", "bots": {"one": "greedy"}}, "seat",
                 id="bot-seat-word"),
    pytest.param({"game": "carcassonne", "bots": {"1": 3}}, "bots", id="bot-not-text"),
    pytest.param({"game": "carcassonne", "bots": {"01": "greedy"}}, "seat",
                 id="bot-seat-padded"),
    pytest.param({"game": "carcassonne", "bots": {"1": "greedy"}, "names": {"1": "Bo"}},
                 "bot", id="name-for-a-bot"),
    pytest.param({"game": "carcassonne", "names": {"5": "Bo"}}, "seat", id="name-seat-out"),
    pytest.param({"game": "carcassonne", "seed": -1}, "seed", id="negative-seed"),
    pytest.param({"game": "carcassonne", "seed": 2 ** 64}, "seed", id="huge-seed"),
    pytest.param({"game": "carcassonne", "seed": "7"}, "seed", id="seed-text"),
    pytest.param({"game": "carcassonne", "names": {"0": " "}}, "name", id="blank-name"),
    pytest.param({"game": "carcassonne", "names": {"0": "x" * 41}}, "name", id="long-name"),
    pytest.param({"game": "carcassonne", "private": "yes"}, "private", id="private-text"),
    pytest.param({"game": "carcassonne", "colour": "red"}, "colour", id="unknown-key"),
]


def test_a_bad_creation_is_400(serve):
    client = serve()
    for case in CREATIONS:
        body, words = case.values
        try:
            refused(client.post("/api/games", json=body), 400, words)
        except AssertionError as e:
            raise AssertionError(f"case {case.id}: {e}") from None
    assert client.get("/api/games").json() == []            # nothing was created


@pytest.mark.parametrize("game, option", [("hunters-gatherers", "tileset"),
                                          ("jaeger-sammler", "board")])
def test_a_config_option_naming_a_file_is_400_and_the_file_is_never_read(
        serve, tmp_path, game, option):
    """A server must not read its own files for a client: a path is refused before
    anything opens it, so the answer is the same whether the file exists, is readable,
    is JSON or not, and never echoes a byte of it."""
    client = serve()
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "hunter2-SECRET"}')
    answers = set()
    for path in ("/etc/passwd", str(secret), str(tmp_path / "missing.json"), str(tmp_path),
                 "../../etc/shadow", "tiles.json"):
        reply = client.post("/api/games", json={"game": game, "config": {option: path}})
        error = refused(reply, 400, option, "file")
        assert "hunter2" not in error and "root:" not in error
        answers.add(error.replace(path, "PATH"))
    assert len(answers) == 1, answers          # nothing to tell the files apart by
    assert client.get("/api/games").json() == []


# --- sizes and rates ----------------------------------------------------------------------
def test_an_oversized_body_is_413(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    before = snapshot(client, game_id, seat_tokens)
    big = {"action": before[0]["legal"][0], "index": before[0]["index"],
           "padding": "x" * (MAX_BODY + 10)}
    reply = client.post(f"/api/games/{game_id}/actions", json=big,
                        headers=auth(seat_tokens[0]))
    refused(reply, 413, "body")
    refused(client.post("/api/games", json={"game": "carcassonne",
                                            "config": {"deck": {"A": 1}},
                                            "names": {"0": "y" * (MAX_BODY + 1)}}), 413)
    # a Content-Length that lies: refused from the header alone, whatever follows
    small = json.dumps({"action": before[0]["legal"][0], "index": before[0]["index"]})
    for body, declared, statuses in (
            (small, str(MAX_BODY + 1), {413}), (small, "999999999999", {413}),
            (json.dumps(big), "10", {413}),             # too small: the bytes are counted
            (small, "-1", {400}), (small, "12abc", {400})):
        reply = client.post(f"/api/games/{game_id}/actions", content=body.encode(),
                            headers={**auth(seat_tokens[0]),
                                     "Content-Type": "application/json",
                                     "Content-Length": declared})
        assert reply.request.headers["content-length"] == declared   # really sent so
        assert reply.status_code in statuses, (declared, reply.status_code, reply.text)
        refused(reply, reply.status_code)
    assert snapshot(client, game_id, seat_tokens) == before
    assert client.app.state.host.store.ids() == [game_id]          # nothing was created


def test_the_rate_limit_is_429_with_retry_after(serve):
    client = serve(rate=1, burst=3)
    created = create(client, "carcassonne", players=2, seed=3)       # request 1
    game_id, token = created["id"], tokens(created)[0]
    mine = state(client, game_id, token)                              # request 2
    state(client, game_id)                                            # request 3
    reply = act(client, game_id, token, mine["legal"][0], mine["index"])   # the 4th: a move
    refused(reply, 429, "too many requests")
    assert reply.headers["retry-after"] == "1"
    refused(client.get(f"/api/games/{game_id}"), 429)
    time.sleep(1.2)                           # one request a second comes back
    now = state(client, game_id, token)
    assert now == mine                        # the refused move was not played


# --- WebSocket ----------------------------------------------------------------------------
def test_websocket_refusals_leave_the_game_unchanged(serve):
    client = serve()
    game_id, seat_tokens = two_people(client)
    for token in seat_tokens.values():      # the links in use: their seats are claimed
        with watch(client, game_id, token) as ws:
            receive(ws)
    before = snapshot(client, game_id, seat_tokens)
    index, move = before[0]["index"], before[0]["legal"][0]

    for where, token, code in ((game_id, "not-a-token", 4401),
                               (game_id, seat_tokens[0][:-1], 4401),
                               ("nosuchgame", seat_tokens[0], 4404),
                               ("nosuchgame", None, 4404)):
        for how in ("header", "subprotocol"):
            with watch(client, where, token, how) as ws:
                with pytest.raises(WebSocketDisconnect) as closed:
                    receive(ws)
                assert closed.value.code == code, (where, token, how)
                assert closed.value.reason

    with watch(client, game_id) as watcher, \
            watch(client, game_id, seat_tokens[1]) as rival, \
            watch(client, game_id, seat_tokens[0]) as mover:
        for ws, seat in ((watcher, None), (rival, 1), (mover, 0)):
            first = receive(ws)
            assert first["type"] == "state"
            assert {k: v for k, v in first.items() if k != "type"} == before[seat]

        def error_of(ws, send, status: int) -> str:
            send()
            message = receive(ws)
            assert message["type"] == "error" and message["status"] == status, message
            assert isinstance(message["error"], str) and message["error"]
            return message["error"]

        # garbage, then the same connection keeps answering
        error_of(mover, lambda: mover.send_text("garbage{"), 400)
        error_of(mover, lambda: mover.send_bytes(b"\xff\xfe\x00"), 400)
        for bad in ([move], "pass", 7, None, {"action": 7}, {"move": move},
                    {"action": move, "index": "1"}, {"action": move, "index": -1},
                    {"action": move, "index": 1.0}, {"action": move, "index": True},
                    {"action": move, "seat": 0}, {"action": "x" * 2001}):
            error_of(mover, partial(mover.send_json, bad), 400)
        assert "turn" in error_of(rival, lambda: rival.send_json(
            {"action": move, "index": index}), 409)
        assert "stale" in error_of(mover, lambda: mover.send_json(
            {"action": move, "index": index - 1}), 409)
        reason = error_of(mover, lambda: mover.send_json(
            {"action": "place Q 40 40 0", "index": index}), 422)
        assert reason == engine_refusal(client, game_id, "place Q 40 40 0")
        error_of(watcher, lambda: watcher.send_json({"action": move, "index": index}), 403)

        # a message over 16 KiB closes that connection (1009); the others go on. The
        # limit is in bytes: 7,000 euro signs are 21,000 bytes of UTF-8
        with watch(client, game_id, seat_tokens[1]) as wide:
            assert receive(wide)["type"] == "state"
            text = json.dumps({"action": "€" * 7000}, ensure_ascii=False)
            assert len(text) < MAX_MESSAGE < len(text.encode())
            wide.send_text(text)
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(wide)
            assert closed.value.code == 1009
        rival.send_text(json.dumps({"action": "x" * (MAX_MESSAGE + 4 * 1024)}))
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(rival)
        assert closed.value.code == 1009

        for ws in (watcher, mover):
            nothing_more(ws)                  # no update was broadcast: nothing was played
        assert snapshot(client, game_id, seat_tokens) == before

        # still usable after all that: the mover's move is played and broadcast
        mover.send_json({"action": move, "index": index})
        for ws in (mover, watcher):
            update = receive(ws)
            assert update["type"] == "update" and update["index"] == index + 1
            assert update["last_action"] == move
    assert state(client, game_id)["index"] == index + 1


# --- a property: nothing sent as an action breaks anything --------------------------------
def near_notation():
    """Texts close to the games' notation (the parsers' corner cases), and any text."""
    word = st.sampled_from(["place", "follower", "pass", "draw", "move", "remove", "roll",
                            "keep", "build", "end", "setup", "hut", "PLACE", "Pass", ""])
    part = st.one_of(st.sampled_from(list("ABCDEFGHIJKLMNOPQRSTUVWXYZ") + [
        "N", "NE", "road", "city", "A1>B2", "C3>D4>E5", "0", "-0", "90", "1e9", "nan",
        "inf", "∞", "１", "\x00", "\u202e", " ", "\t", "\n", ">", ">>", "--", "+"]),
        st.integers(-10 ** 30, 10 ** 30).map(str), st.text(max_size=8))
    joined = st.tuples(word, st.lists(part, max_size=6), st.sampled_from([" ", "  ", "\t"]))
    return st.one_of(st.text(max_size=200),
                     joined.map(lambda t: t[2].join([t[0], *t[1]])))


@pytest.mark.parametrize("game, players", [("carcassonne", 2), ("hunters-gatherers", 2),
                                           ("jaeger-sammler", 2), ("catan-dice", 1)])
def test_any_text_as_an_action_is_refused_with_4xx_and_changes_nothing(serve, game, players):
    client = serve()
    game_id, seat_tokens = two_people(client, game, players)
    seat = state(client, game_id)["current_player"]
    token = seat_tokens[seat]

    with watch(client, game_id, token) as ws:
        assert receive(ws)["type"] == "state"
        before = snapshot(client, game_id, seat_tokens)    # the link in use: seat claimed
        position = client.app.state.host.cache[game_id].state      # the true position

        @settings(max_examples=30, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        @given(text=near_notation(), over_ws=st.booleans())
        def check(text, over_ws):
            try:
                position.clone().apply(text)
            except IllegalAction:
                pass
            else:
                reject()                      # a legal move: it would change the game
            move = {"action": text, "index": before[seat]["index"]}
            if over_ws:
                ws.send_json(move)
                message = receive(ws)
                assert message["type"] == "error", message
                assert 400 <= message["status"] < 500, message
                assert isinstance(message["error"], str) and message["error"]
            else:
                reply = client.post(f"/api/games/{game_id}/actions", json=move,
                                    headers=auth(token))
                assert 400 <= reply.status_code < 500, (reply.status_code, reply.text)
                assert set(reply.json()) == {"error"} and reply.json()["error"]
            assert state(client, game_id, token) == before[seat]

        check()
        nothing_more(ws, 0.05)
    assert snapshot(client, game_id, seat_tokens) == before
