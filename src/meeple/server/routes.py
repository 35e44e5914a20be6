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

from .. import rulebook
from ..agents import agent_classes
from ..games import GAMES
from ..i18n import translate
from .errors import ApiError
from .host import Host
from .hub import fit_reason
from .languages import language_of
from .limits import MAX_MESSAGE, client_of
from .models import Claim, Claimed, SeatBot, SeatBotted
from .models import (Account, Analysis, Answer, Created, CreateGame, Error, GameState,
                     GameSummary, Hints, Join, Joined, Move, MyGame, PlayerInfo, Position,
                     Rematched, Rename)
from .origin import same_origin
from .players import COOKIE, COOKIE_DAYS, Player
from .tokens import Who

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


async def caller(request: Request, authorization: str | None) -> Who:
    """Who the request acts as: the ``Authorization`` header's token, and the player of
    the browser's cookie (:mod:`.players`); a token, where given, names the seat."""
    player = await host(request).players.of(request.cookies.get(COOKIE))
    return Who(token_of(authorization), player.id if player else None)


async def player_of(request: Request) -> Player:
    """The cookie's player; 401 without one (``GET /api/players/me`` makes it)."""
    player = await host(request).players.of(request.cookies.get(COOKIE))
    if player is None:
        raise ApiError(401, "this needs the player cookie: ask GET /api/players/me first "
                            "(and allow this site's cookie)")
    return player


def set_cookie(request: Request, response: Response, secret: str | None) -> None:
    """Give the browser the player's cookie ``secret`` (None: remove it): ``HttpOnly``
    (no script reads it), ``SameSite=Lax`` (no other site's request carries it but a
    link followed), ``Secure`` behind https."""
    if secret is None:
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        return
    response.set_cookie(COOKIE, secret, max_age=COOKIE_DAYS * 86400, path="/",
                        httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")


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
    server offers (``{"name", "spec", "description"}``); ``rules``: whether the game has a
    rules page (``/rules/NAME``). The words for people (titles, the bots' names and
    descriptions) are in the request's language."""
    menu = host(request).quotas.bot_menu
    return translate([{**_facts(name), "bots": menu(cls), "rules": name in rulebook.games()}
                      for name, cls in GAMES.items()], language_of(request))


@lru_cache(maxsize=64)
def _facts(name: str) -> dict:
    """A game's facts with its default options (making the game reads its data files:
    once per game)."""
    cls = GAMES[name]
    return {**cls().describe(), "agents": [a.describe() for a in agent_classes(cls).values()]}


@router.post("/games", status_code=201, response_model=Created,
             responses={**errors(429), 422: {"model": Error, "description":
                        "colours that cannot be: one the game does not have, one named "
                        "for two seats, or a key that is not a seat"}},
             summary="Create a game; the people's seat tokens are shown only here")
async def create(body: CreateGame, request: Request) -> dict | Response:
    """At most ``--games-per-hour`` games from one address in any hour (429 past it, with
    ``Retry-After``); a game that is refused does not count. With the player cookie, the
    first person's seat is the player's own (``seats``: "me") unless said otherwise;
    every other person's seat is an invitation unless ``seats`` offers it to anyone."""
    creations, client = request.app.state.creations, client_of(request.scope)
    wait = creations.take(client)
    if wait is not None:
        return JSONResponse({"error": creations.message(wait)}, 429,
                            headers={"Retry-After": str(wait)})
    try:
        player = await host(request).players.of(request.cookies.get(COOKIE))
        return await host(request).seats.create(
            body.game, body.players, body.config, body.bots, body.names, body.seed,
            body.private, body.aids, client, body.seats, body.hints, body.clock,
            body.on_timeout, player, body.colours, body.order)
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
    return reply(await host(request).state(game_id, await caller(request, authorization),
                                           since, language_of(request)))


@router.get("/games/{game_id}/hints", response_model=Hints,
            responses=errors(401, 403, 404, 409, 503),
            summary="On your turn: the strongest bot's best moves, with their win chances")
async def hints(game_id: str, request: Request, authorization: Bearer = None,
                k: Annotated[int, Query(ge=1, le=10)] = 3) -> dict:
    """Computed once per position in a bot worker (about a second), on a copy of the game
    in which what the seat cannot see is dealt anew: a hint knows only the seat's view.
    The agent is the first bot seat's that ranks moves, else the game's own (the Catan
    Dice planner), else ``mcts:time=1``."""
    return await host(request).aids.hints(game_id, await caller(request, authorization), k,
                                          client_of(request.scope), language_of(request))


@router.post("/games/{game_id}/actions", response_model=GameState,
             responses=errors(401, 403, 404, 409, 422),
             summary="Play an action for the token's seat")
async def act(game_id: str, body: Move, request: Request, authorization: Bearer = None
              ) -> Response:
    return reply(await host(request).act(game_id, await caller(request, authorization),
                                         body.action, body.index, language_of(request)))


@router.post("/games/{game_id}/join", response_model=Joined, responses=ACTING,
             summary="Take an open seat (or name your own, with its token)")
async def join(game_id: str, body: Join, request: Request, authorization: Bearer = None
               ) -> dict:
    return await host(request).seats.join(game_id, await caller(request, authorization),
                                          body.seat, body.name)


@router.post("/games/{game_id}/leave", responses=ACTING,
             summary="Give up your seat: its token stops working, the seat opens")
async def leave(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).seats.leave(game_id, await caller(request, authorization))


@router.post("/games/{game_id}/rematch", response_model=Rematched, responses=ACTING,
             summary="The same seats and options, a new seed: your token there")
async def rematch(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).seats.rematch(game_id, await caller(request, authorization))


@router.post("/games/{game_id}/takeback", responses=ACTING,
             summary="Ask to take back your last move; the other people must accept")
async def takeback(game_id: str, request: Request, authorization: Bearer = None) -> dict:
    return await host(request).takebacks.request(game_id,
                                                 await caller(request, authorization))


@router.post("/games/{game_id}/takeback/answer", responses=ACTING,
             summary="Accept or decline the open takeback request")
async def answer(game_id: str, body: Answer, request: Request,
                 authorization: Bearer = None) -> dict:
    return await host(request).takebacks.answer(
        game_id, await caller(request, authorization), body.accept)


@router.get("/games/{game_id}/analysis", response_model=Analysis,
            responses=errors(404, 409, 429),
            summary="A finished game's review: each move's estimated win chance")
async def analysis(game_id: str, request: Request) -> dict:
    """The first request starts the review in a bot worker (MCTS, a few hundred iterations
    per move, on what the seat could see then); until it is done the reply says how far it
    is (``status: running``, ``done`` of ``of``), then it is kept with the game. A move
    lost ``chance - played``; ``best_words`` says the best move as the log says a move, in
    the request's language. One client may have ``--reviews`` reviews under way at once
    (429 past it)."""
    return await host(request).aids.analysis(game_id, client_of(request.scope),
                                             language_of(request))


@router.get("/games/{game_id}/positions/{index}", response_model=Position,
            responses=errors(403, 404),
            summary="The game as a spectator saw it after its first N actions (replays)")
async def position(game_id: str, index: int, request: Request) -> Response:
    """Served where the record is (once over, or from the start where nothing is hidden);
    ``events`` are those of the last action, ``of`` the game's number of actions."""
    return reply(await host(request).position(game_id, index, language_of(request)))


@router.get("/games/{game_id}/record", responses=errors(403, 404),
            summary="The record (INTERFACE.md), once over or where nothing is hidden")
async def record(game_id: str, request: Request) -> dict:
    return await host(request).record(game_id)


@router.post("/games/{game_id}/claim", response_model=Claimed, responses=ACTING,
             summary="Another person's time ran out: claim the win, or end it as abandoned")
async def claim(game_id: str, body: Claim, request: Request, authorization: Bearer = None
                ) -> dict:
    """In a game created with ``"on_timeout": "claim"``, once the seat to move ran out of
    time (the state's ``clock.timed_out``), any other person holding a seat ends the game:
    ``"win"`` as their win, ``"abandoned"`` with no winner (the state's ``result``). 409
    when nobody's time ran out, for the seat whose time ran out (it may still move until
    someone claims), or once the game is over."""
    return await host(request).clocks.claim(game_id, await caller(request, authorization),
                                            body.end)


@router.post("/games/{game_id}/seat/bot", response_model=SeatBotted, responses=ACTING,
             summary="Let a bot finish the game for you, or take your seat back")
async def seat_bot(game_id: str, body: SeatBot, request: Request,
                   authorization: Bearer = None) -> dict:
    """``{"bot": true}``: a bot plays your seat from now on, and no clock runs for it;
    ``{"bot": false}``: you play it again (also after your time ran out and a bot took it
    over; a live clock at zero restarts with a minute at most). The seats' ``bot`` says
    who plays for a person."""
    return await host(request).clocks.hand_over(
        game_id, await caller(request, authorization), body.bot)


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
        player = await the_host.players.of(ws.cookies.get(COOKIE)) \
            if same_origin(ws.headers, ws.url) else None
        token = Who(token, player.id if player else None)
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
                conn.put({"type": "error", "status": e.status,
                          "error": translate(e.message, conn.lang)})
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


# --- players, accounts, invitations ----------------------------------------------------------
@router.get("/players/me", response_model=PlayerInfo, responses=errors(429),
            summary="The browser's player (made now, with its cookie, on the first visit)")
async def me(request: Request, response: Response) -> dict:
    """The player of the ``meeple_player`` cookie; without one (or with one that no
    longer holds a session) a new player is made and the cookie set: ``HttpOnly``,
    ``SameSite=Lax``, ``Secure`` behind https. Only the secret's hash is stored."""
    player, secret = await host(request).players.me(request.cookies.get(COOKIE),
                                                    client_of(request.scope))
    if secret is not None:
        set_cookie(request, response, secret)
    return player.public()


@router.patch("/players/me", response_model=PlayerInfo, responses=errors(401),
              summary="Change your display name")
async def rename(body: Rename, request: Request) -> dict:
    player = await player_of(request)
    return (await host(request).players.rename(player, body.name)).public()


@router.get("/players/me/games", response_model=list[MyGame], responses=errors(401),
            summary="My games: yours to move first, then running, invitations, finished")
async def my_games(request: Request) -> list[dict]:
    return await host(request).players.games(await player_of(request))


@router.post("/accounts", response_model=PlayerInfo, status_code=201,
             responses=errors(401, 409, 429),
             summary="Make your player an account (a username and a password)")
async def register(body: Account, request: Request) -> dict:
    """The password is kept only as its argon2id hash. Your games stay yours; log in with
    the account on another device to continue them there."""
    player = await player_of(request)
    return (await host(request).players.register(player, body.username, body.password,
                                                 client_of(request.scope))).public()


@router.post("/login", response_model=PlayerInfo, responses=errors(401, 429),
             summary="Log in: this browser becomes the account's player")
async def login(body: Account, request: Request, response: Response) -> dict:
    """The games of the browser's anonymous player so far go over to the account."""
    players, secret = host(request).players, request.cookies.get(COOKIE)
    account, new = await players.login(await players.of(secret), secret, body.username,
                                       body.password, client_of(request.scope))
    set_cookie(request, response, new)
    return account.public()


@router.post("/logout", summary="Log out: this browser forgets its player")
async def logout(request: Request, response: Response) -> dict:
    await host(request).players.logout(request.cookies.get(COOKIE))
    set_cookie(request, response, None)
    return {"logged_out": True}


@router.post("/invites/{code}", responses=errors(401, 404, 409),
             summary="Accept an invitation: its seat becomes your player's for good")
async def accept(code: str, request: Request) -> dict:
    """The first player to accept an invitation gets the seat; accepting again is
    harmless; another player is refused (409)."""
    return await host(request).seats.accept(code, await player_of(request))
