"""The HTTP and WebSocket routes: thin, each one reads the request and asks the host."""
from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Annotated, Literal

from fastapi import APIRouter, Header, Query, Request, Response, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.websockets import WebSocketDisconnect

from ..agents import agent_classes
from ..games import GAMES
from .errors import ApiError
from .host import Host
from .hub import fit_reason
from .limits import MAX_MESSAGE, client_of
from .models import (Analysis, Answer, Created, CreateGame, Error, GameState, GameSummary,
                     Hints, Join, Joined, Move, Position, Rematched)

log = logging.getLogger("meeple.server")
router = APIRouter(prefix="/api")
Bearer = Annotated[str | None, Header(alias="Authorization", description="Bearer TOKEN")]
WHY = {
    401: "a token that holds no seat in this game (or a malformed Authorization header)",
    403: "a spectator acting, or what is not served to anyone yet",
    404: "no such game",
    409: "not now: not your turn, a stale index, the game over, a seat taken",
    422: "an illegal action (the engine's reason)",
    429: "too many requests a second, or too many games created this hour, from one "
         "address (Retry-After)",
    503: "the hint could not be computed, the game's log cannot be replayed, or the server "
         "is at its connection limit",
}
"""What a route's own refusals mean; what any route may answer (400, 413, 429, 503) the app
declares on every operation (:func:`.app._declared`)."""


def errors(*statuses: int) -> dict:
    """The OpenAPI ``responses`` of a route that refuses with ``statuses``."""
    return {s: {"model": Error, "description": WHY[s]} for s in statuses}


GAME = errors(401, 404)
"""A game's route with an optional token."""
ACTING = errors(401, 403, 404, 409)
"""A seat acting in a game."""
PROTOCOL = "meeple"
"""The WebSocket subprotocol the server speaks (and answers when a client offers it)."""
TOKEN_PROTOCOL = "meeple.token."
"""A browser's way of sending its seat token: the subprotocol ``meeple.token.TOKEN``."""
TOKEN_IN_URL = ("never put the token in the URL: send 'Authorization: Bearer TOKEN' or the "
                "subprotocol 'meeple.token.TOKEN'")


def host(request: Request) -> Host:
    return request.app.state.host


def reply(model: BaseModel) -> Response:
    """A reply of a model built and checked by the host (serialised once, not checked
    again against the route's ``response_model``, which documents it)."""
    return Response(model.model_dump_json(), media_type="application/json")


def token_of(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None without one)."""
    if authorization is None:
        return None
    kind, _, token = authorization.partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        raise ApiError(401, "the Authorization header must be 'Bearer TOKEN'")
    return token.strip()


@router.get("/games/types", summary="Every game: players, options, agents, the bots offered")
async def game_types(request: Request) -> list[dict]:
    """Each game's facts and options, the agents that play it (any spec within this
    server's budget caps may be named), and ``bots``: the menu of bots by strength this
    server offers (``{"name", "spec", "description"}``)."""
    menu = host(request).quotas.bot_menu
    return [{**_facts(name), "bots": menu(cls)} for name, cls in GAMES.items()]


@lru_cache(maxsize=64)
def _facts(name: str) -> dict:
    """A game's facts with its default options (making the game reads its data files:
    once per game)."""
    cls = GAMES[name]
    return {**cls().describe(), "agents": [a.describe() for a in agent_classes(cls).values()]}


@router.post("/games", status_code=201, response_model=Created, responses=errors(429),
             summary="Create a game; the people's seat tokens are shown only here")
async def create(body: CreateGame, request: Request) -> dict | Response:
    """At most ``--games-per-hour`` games from one address in any hour (429 past it, with
    ``Retry-After``); a game that is refused does not count."""
    creations, client = request.app.state.creations, client_of(request.scope)
    wait = creations.take(client)
    if wait is not None:
        return JSONResponse({"error": creations.message(wait)}, 429,
                            headers={"Retry-After": str(wait)})
    try:
        return await host(request).seats.create(body.game, body.players, body.config,
                                                body.bots, body.names, body.seed,
                                                body.private, body.aids, client)
    except BaseException:
        creations.give_back(client)
        raise


@router.get("/games", response_model=list[GameSummary], summary="The lobby")
async def lobby(request: Request, game: str | None = None,
                status: Literal["open", "running", "finished"] | None = None,
                limit: Annotated[int, Query(ge=1, le=500)] = 100) -> list[dict]:
    return await host(request).lobby(game, status, limit)


@router.get("/games/{game_id}", response_model=GameState, responses=GAME,
            summary="The game as the token's seat (or a spectator) sees it")
async def game_state(game_id: str, request: Request, authorization: Bearer = None,
                     since: Annotated[int, Query(ge=0)] = 0) -> Response:
    return reply(await host(request).state(game_id, token_of(authorization), since))


@router.get("/games/{game_id}/hints", response_model=Hints,
            responses=errors(401, 403, 404, 409, 503),
            summary="On your turn: the strongest bot's best moves, with their win chances")
async def hints(game_id: str, request: Request, authorization: Bearer = None,
                k: Annotated[int, Query(ge=1, le=10)] = 3) -> dict:
    """Computed once per position in a bot worker (about a second), on a copy of the game
    in which what the seat cannot see is dealt anew: a hint knows only the seat's view.
    The agent is the first bot seat's that ranks moves, else the game's own (the Catan
    Dice planner), else ``mcts:time=1``."""
    return await host(request).aids.hints(game_id, token_of(authorization), k,
                                          client_of(request.scope))


@router.post("/games/{game_id}/actions", response_model=GameState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Play an action for the token's seat")
async def act(game_id: str, body: Move, request: Request, authorization: Bearer = None
              ) -> Response:
    return reply(await host(request).act(game_id, token_of(authorization), body.action,
                                         body.index))


@router.post("/games/{game_id}/join", response_model=Joined, responses=ACTING,
             summary="Take an open seat (or name your own, with its token)")
async def join(game_id: str, body: Join, request: Request, authorization: Bearer = None
               ) -> dict:
    return await host(request).seats.join(game_id, token_of(authorization), body.seat,
                                          body.name)


@router.post("/games/{game_id}/leave", responses=ACTING,
             summary="Give up your seat: its token stops working, the seat opens")
async def leave(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).seats.leave(game_id, token_of(authorization))


@router.post("/games/{game_id}/rematch", response_model=Rematched, responses=ACTING,
             summary="The same seats and options, a new seed: your token there")
async def rematch(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).seats.rematch(game_id, token_of(authorization))


@router.post("/games/{game_id}/takeback", responses=ACTING,
             summary="Ask to take back your last move; the other people must accept")
async def takeback(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).takebacks.request(game_id, token_of(authorization))


@router.post("/games/{game_id}/takeback/answer", responses=ACTING,
             summary="Accept or decline the open takeback request")
async def answer(game_id: str, body: Answer, request: Request,
                 authorization: Bearer = None) -> dict:
    return await host(request).takebacks.answer(game_id, token_of(authorization),
                                                body.accept)


@router.get("/games/{game_id}/analysis", response_model=Analysis,
            responses=errors(404, 409, 429),
            summary="A finished game's review: each move's estimated win chance")
async def analysis(game_id: str, request: Request) -> dict:
    """The first request starts the review in a bot worker (MCTS, a few hundred iterations
    per move, on what the seat could see then); until it is done the reply says how far it
    is (``status: running``, ``done`` of ``of``), then it is kept with the game. A move
    lost ``chance - played``. One client may have ``--reviews`` reviews under way at once
    (429 past it)."""
    return await host(request).aids.analysis(game_id, client_of(request.scope))


@router.get("/games/{game_id}/positions/{index}", response_model=Position,
            responses=errors(403, 404),
            summary="The game as a spectator saw it after its first N actions (replays)")
async def position(game_id: str, index: int, request: Request) -> Response:
    """Served where the record is (once over, or from the start where nothing is hidden);
    ``events`` are those of the last action, ``of`` the game's number of actions."""
    return reply(await host(request).position(game_id, index))


@router.get("/games/{game_id}/record", responses=errors(403, 404),
            summary="The record (INTERFACE.md), once over or where nothing is hidden")
async def record(game_id: str, request: Request) -> dict:
    return await host(request).record(game_id)


@router.websocket("/games/{game_id}/ws")
async def watch(ws: WebSocket, game_id: str) -> None:
    """Live updates in the seat's view; send ``{"action": ..., "index": N}`` to play.

    The seat's token comes in the ``Authorization: Bearer TOKEN`` header or, from a
    browser (which cannot set headers on a WebSocket), as the subprotocol
    ``meeple.token.TOKEN`` offered beside ``meeple`` (the one the server answers); never in
    the URL, where proxies and logs would see it. Without one: a spectator.

    Every connection starts with ``{"type": "state", ...}`` (the whole state), then gets
    ``update`` (a move: its events only), ``seats``, ``takeback``, and ``state`` again
    after a takeback. A refused message is answered ``{"type": "error", "status",
    "error"}``. Closes: 4400 a token in the URL, 4401 a token that holds no seat (or whose
    seat was left or taken since), 4404 no such game, 4429 too many connections from the
    address (at once, or in a second), 1009 a message over 16 KiB, 1011 a server error,
    1013 the server full or a client too far behind."""
    app = ws.app
    client = client_of(ws.scope)
    offered = ws.scope.get("subprotocols") or []
    refusal = app.state.sockets.take(client)
    held = refusal is None                    # a slot to give back at the end
    try:
        await ws.accept(PROTOCOL if PROTOCOL in offered else None)
        if refusal is None and not app.state.limiter.allow(client):
            refusal = 4429, app.state.limiter.message()
        if refusal is not None:
            return await _close(ws, *refusal)
        await _serve(ws, app.state.host, game_id, client)
    except WebSocketDisconnect:
        pass
    except Exception:                         # a bug of ours: said, logged, never a crash
        log.exception("WebSocket of game %s failed", game_id)
        await _close(ws, 1011, "server error")
    finally:
        if held:
            app.state.sockets.give_back(client)


async def _serve(ws: WebSocket, the_host: Host, game_id: str, client: str) -> None:
    """Watch the game for ``ws`` and play its moves until it goes (or is closed)."""
    limiter = ws.app.state.limiter
    try:
        token = ws_token(ws)
        conn = await the_host.connect(ws, game_id, token)
    except ApiError as e:
        return await _close(ws, 4000 + e.status, e.message)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text") or message.get("bytes") or ""
            raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
            if len(raw) > MAX_MESSAGE:                # in bytes as sent, not characters
                await _close(ws, 1009, f"message over {MAX_MESSAGE} bytes")
                break
            if not limiter.allow(client):
                conn.put({"type": "error", "status": 429, "error": limiter.message()})
                continue
            try:
                text, index = _move(data)
                if text is None:                      # {"state": true}: the whole game again
                    await the_host.resend(conn)
                else:
                    await the_host.move(game_id, token, text, index)
            except ApiError as e:
                conn.put({"type": "error", "status": e.status, "error": e.message})
    finally:
        the_host.disconnect(conn)


def ws_token(ws: WebSocket) -> str | None:
    """The seat token a WebSocket was opened with (None: a spectator): its Authorization
    header or its ``meeple.token.`` subprotocol. ApiError 400 for a token in the URL or
    more than one token, 401 for a malformed header."""
    if "token" in ws.query_params:
        raise ApiError(400, TOKEN_IN_URL)
    header = token_of(ws.headers.get("authorization"))
    offered = [p[len(TOKEN_PROTOCOL):] for p in ws.scope.get("subprotocols") or []
               if p.startswith(TOKEN_PROTOCOL)]
    if len(offered) + (header is not None) > 1:
        raise ApiError(400, "send one token: a header or one subprotocol")
    return header if header is not None else (offered[0] if offered else None)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    """Close with ``code`` and ``reason`` (cut to the 123 bytes a close frame holds); a
    client already gone is no error."""
    try:
        await ws.close(code, fit_reason(reason))
    except Exception:                         # gone, or closed already
        pass


def _move(data: str | bytes) -> tuple[str | None, int | None]:
    """The action and index of a WebSocket message (None and None: ``{"state": true}``, a
    client that missed an update asks for the whole game); ApiError 400 if it is neither."""
    try:
        message = json.loads(data)
    except (ValueError, RecursionError):      # UnicodeDecodeError is a ValueError
        raise ApiError(400, "malformed JSON (not JSON, not UTF-8, or nested too deep): "
                            "send {\"action\": \"...\", \"index\": N}") from None
    if message == {"state": True}:
        return None, None
    if not isinstance(message, dict) or message.keys() - {"action", "index"} \
            or not isinstance(message.get("action"), str):
        raise ApiError(400, "a message is {\"action\": \"...\", \"index\": N}")
    index = message.get("index")
    if index is not None and (type(index) is not int or index < 0):
        raise ApiError(400, "index must be a whole number ≥ 0")
    if len(message["action"]) > 2000:
        raise ApiError(400, "an action is at most 2000 characters")
    return message["action"], index
