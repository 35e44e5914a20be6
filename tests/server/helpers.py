"""Playing through the API in tests: create a game, wait for a turn, play moves."""
from __future__ import annotations

import json
import random
import time

import anyio

GAMES = ("carcassonne", "hunters-gatherers", "jaeger-sammler", "catan-dice")


def auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def ws_path(game_id: str) -> str:
    return f"/api/games/{game_id}/ws"


def watch(client, game_id: str, token: str | None = None, how: str = "header"):
    """The game's WebSocket (a context manager) as the token's seat, the token sent as
    ``how`` says: ``"header"`` (``Authorization: Bearer``, as API clients do) or
    ``"subprotocol"`` (``meeple.token.TOKEN`` beside ``meeple``, as browsers do)."""
    if token is None:
        return client.websocket_connect(ws_path(game_id))
    if how == "subprotocol":
        return client.websocket_connect(ws_path(game_id),
                                        subprotocols=["meeple", f"meeple.token.{token}"])
    return client.websocket_connect(ws_path(game_id), headers=auth(token))


def receive_text(ws, timeout: float = 30.0) -> str:
    """The next WebSocket message's text; fails after ``timeout`` s (the TestClient's own
    ``receive_json`` waits forever). A close raises WebSocketDisconnect with its code."""
    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return message["text"]


def receive(ws, timeout: float = 30.0) -> dict:
    """The next WebSocket message as JSON (see :func:`receive_text`)."""
    return json.loads(receive_text(ws, timeout))


def create(client, game: str, **body) -> dict:
    """A new game (201 asserted); its reply with the seats' tokens."""
    reply = client.post("/api/games", json={"game": game, **body})
    assert reply.status_code == 201, reply.json()
    return reply.json()


def tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"]}


def state(client, game_id: str, token: str | None = None) -> dict:
    reply = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert reply.status_code == 200, reply.json()
    return reply.json()


def wait_for(client, game_id: str, token: str | None, ready, timeout: float = 60.0) -> dict:
    """Poll the state until ``ready(state)`` (bots move in worker processes)."""
    deadline = time.monotonic() + timeout
    while True:
        now = state(client, game_id, token)
        if ready(now):
            return now
        assert time.monotonic() < deadline, f"timed out at index {now['index']}"
        time.sleep(0.01)


def play_out(client, game_id: str, seat_tokens: dict[int, str], seed: int = 0,
             limit: int = 2000) -> dict:
    """Play random legal moves for the people's seats until the game ends (bots move on
    their own); the final state as a spectator sees it."""
    rng = random.Random(seed)
    any_token = next(iter(seat_tokens.values()))
    for _ in range(limit):
        now = wait_for(client, game_id, any_token,
                       lambda s: s["terminal"] or s["current_player"] in seat_tokens)
        if now["terminal"]:
            return state(client, game_id)
        token = seat_tokens[now["current_player"]]
        mine = state(client, game_id, token)
        reply = client.post(f"/api/games/{game_id}/actions", headers=auth(token),
                            json={"action": rng.choice(mine["legal"]),
                                  "index": mine["index"]})
        assert reply.status_code == 200, reply.json()
    raise AssertionError("the game did not end")


SEEN: set[tuple[str, str, int]] = set()
"""Every (method, route path, status) a test of this session has seen the app answer (the
``serve`` fixture's apps record them): test_openapi checks that each is declared."""


class Seen:
    """ASGI middleware recording each HTTP answer's route and status in :data:`SEEN`."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def record(message):
            route = scope.get("route")               # set by the router that matched
            if message["type"] == "http.response.start" and hasattr(route, "path"):
                SEEN.add((scope["method"], route.path, message["status"]))
            await send(message)

        return await self.app(scope, receive, record)


def run_async(coroutine):
    """``asyncio.run(coroutine)`` in a thread of its own: the test process may already run
    an event loop in its main thread (Playwright's sync API does, for as long as the browser
    tests' session lasts), where ``asyncio.run`` refuses to start another."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def stored_game(url: str, game_id: str):
    """The game's ``games`` row as the database at ``url`` holds it now (its own
    connection, none kept)."""
    import sqlalchemy as sa
    from sqlalchemy.pool import NullPool

    from meeple.server import schema
    engine = sa.create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as db:
            return db.execute(sa.select(schema.games).where(schema.games.c.id == game_id)
                              ).one()
    finally:
        engine.dispose()
