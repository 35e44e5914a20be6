"""The server application: ``create_app(url)`` gives the FastAPI app of ``meeple serve``.

On start it opens the database, runs the migrations, replays the unfinished games a bot is
to move in and starts those bots, and (on PostgreSQL) listens for the changes other server
processes make; on stop it ends the bot workers. Errors of every kind
reach the client as ``{"error": "..."}`` with the status INTERFACE.md gives, and the
OpenAPI schema declares those statuses (400 for a malformed request, never FastAPI's 422
"Validation Error"). Every HTTP response carries the browser security headers
(:class:`.limits.SecurityHeaders`); the API documentation pages, FastAPI's own from a CDN,
get a policy of their own that allows exactly their scripts.
"""
from __future__ import annotations

import base64
import hashlib
import re
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount

from .. import __version__
from ..i18n import translate
from . import database, logs
from .errors import ApiError
from .host import Host
from .hub import Hub
from .languages import language_of, router as languages_router
from .limits import (GAMES_PER_HOUR, PLAYERS_PER_HOUR, SOCKETS_PER_ADDRESS, BodyLimit, CreationLimit,
                     RateLimit, RateLimiter, SecurityHeaders, SocketLimit, default_caps,
                     fd_limit)
from .models import Error
from .origin import OriginCheck
from .pages import NOT_FOUND, error_page, install_pages, wants_page
from .quotas import Quotas
from .routes import router
from .rules_pages import router as rules_router
from .storage import Store
from .workers import BotRunner

DEFAULT_RATE, DEFAULT_BURST = 50.0, 100
DESCRIPTION = """Four board games over HTTP and WebSocket (docs/server.md says it all in words).

**Seats.** Creating a game returns a secret token per person's seat; send it as
`Authorization: Bearer TOKEN`. Without one you are a spectator: `view(None)`.

**Errors** are `{"error": "..."}`: 400 malformed, 401 a token that holds no seat, 403 a
spectator acting or a record not yet served, 404 unknown game, 409 not your turn or a stale
`index`, 413 body over 64 KiB, 422 illegal (the engine's reason), 429 too many requests or
games created this hour (with `Retry-After`), 503 a game that cannot be replayed or a
server at its connection limit.

**WebSocket** `/api/games/{id}/ws` (no token: spectator). Send the seat's token as the
header `Authorization: Bearer TOKEN` or, from a browser, as a subprotocol:
`new WebSocket(url, ["meeple", "meeple.token." + TOKEN])` (the server answers "meeple");
never in the URL (`?token=` is refused with close 4400). The server sends
`{"type": "state", ...}` (the GET reply) first and after a takeback, `{"type": "update", ...}`
after each committed move (with the events of that move), `seats` and `takeback` when those
change, and `{"type": "error", "status", "error"}` for a refused message. Send
`{"action": "...", "index": N}` to play. Close codes: 4400 a token in the URL, 4401 a token
that holds no seat (or whose seat was left or retaken), 4404 unknown game, 4429 too many
connections from one address, 1009 message over 16 KiB, 1011 a server error, 1013 the server
full or a client too far behind.
"""


def create_app(url: str | None = None, *, bot_workers: int = 2, rate: float = DEFAULT_RATE,
               burst: int = DEFAULT_BURST, migrate: bool = True,
               max_sockets_per_address: int = SOCKETS_PER_ADDRESS,
               max_sockets: int | None = None,
               games_per_hour: int = GAMES_PER_HOUR, quotas: Quotas | None = None,
               players_per_hour: int = PLAYERS_PER_HOUR) -> FastAPI:
    """The app serving the database at ``url`` (default: the SQLite file in the user's data
    directory), bots in ``bot_workers`` processes, ``rate`` requests a second per client,
    ``max_sockets_per_address`` WebSockets at once from one address and ``max_sockets`` in
    all (default: what the process's descriptor limit allows, :func:`.limits.default_caps`),
    ``games_per_hour`` games created and ``players_per_hour`` players made by one address
    an hour, and what each client may
    spend of the workers (:class:`.quotas.Quotas`; default: its defaults)."""
    url = url or database.default_url()
    engine = database.open_engine(url)
    limiter = RateLimiter(rate, burst)
    if max_sockets is None:
        max_sockets = default_caps(fd_limit())[0]

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        logs.install()
        if migrate:
            database.upgrade(engine)
        bots = BotRunner(bot_workers)
        store = Store(engine)
        app.state.host = host = Host(store, bots, Hub(), quotas)
        host.players.made.per_window = players_per_hour
        app.state.resumed = await host.resume()
        host.start(url if store.postgres else None)
        try:
            yield
        finally:
            host.stop()
            bots.close()
            engine.dispose()

    app = FastAPI(title="meeple", version=__version__, lifespan=lifespan,
                  description=DESCRIPTION, docs_url=None, redoc_url=None)
    app.state.limiter, app.state.url = limiter, url
    app.state.sockets = SocketLimit(max_sockets_per_address, max_sockets)
    app.state.creations = CreationLimit(games_per_hour)
    app.include_router(router)
    app.include_router(languages_router)
    app.include_router(rules_router)
    app.add_middleware(OriginCheck)         # inside the rate limit: refusals are counted
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimit, limiter=limiter)
    app.add_middleware(SecurityHeaders)     # the outermost: refusals carry the headers too
    _errors(app)
    _documentation(app)

    install_pages(app)                      # the browser client: /, /games/{id}, /static

    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, e: ApiError):
        return JSONResponse({"error": translate(e.message, language_of(request))}, e.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, e: RequestValidationError):
        return JSONResponse({"error": _first(e.errors())}, 400)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, e: HTTPException):
        detail = str(e.detail)
        if detail == "There was an error parsing the body":     # FastAPI's own words
            detail = "malformed JSON (not JSON, or nested too deep)"
        if e.status_code == 404 and wants_page(request):     # a person's browser: words
            return error_page(request, 404, *NOT_FOUND)
        headers = dict(e.headers or {})
        if e.status_code == 405:            # every method of the path, not the first route's
            headers["Allow"] = ", ".join(_allowed(request)) or headers.get("Allow", "GET")
        return JSONResponse({"error": detail}, e.status_code, headers=headers)


def _allowed(request: Request) -> list[str]:
    """The methods some route answers at the request's path (a 405's ``Allow``; a mount,
    the static files, says its own)."""
    return [method for method in ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
            if any(route.matches({**request.scope, "method": method})[0] == Match.FULL
                   for route in request.app.routes if not isinstance(route, Mount))]


def _first(errors: list[dict]) -> str:
    """The first validation error in words: where, and what is wrong."""
    if not errors:
        return "malformed request"
    error = errors[0]
    if error.get("type") == "json_invalid":
        return "malformed JSON"
    if tuple(error.get("loc", ())) == ("body",):
        return "the body must be a JSON object (and sent as application/json)"
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
    return f"{where}: {error.get('msg', 'invalid')}" if where else error.get("msg", "invalid")


# --- the API's documentation ------------------------------------------------------------------
COMMON = {
    400: "malformed: not JSON, a wrong type, an unknown key, a bad parameter or option",
    413: "a request body over 64 KiB",
    429: "too many requests a second from one address (`Retry-After`)",
    503: "the server is at its connection limit (a plain-text body from the HTTP server), "
         "or this game's stored log cannot be replayed",
}
"""What any operation may answer, whatever it is: the middleware and the server answer
these before or around the route."""
DOCS_CSP = ("default-src 'none'; script-src https://cdn.jsdelivr.net {hashes}; "
            "style-src 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
            "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com "
            "https://cdn.redoc.ly; connect-src 'self'; worker-src blob:; "
            "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'none'")
"""The documentation pages' own policy: FastAPI's Swagger UI and ReDoc load their code and
styles from a CDN and start with one inline script, allowed by its hash and nothing else
(their styles are inline: they hold no secret and show no user's data)."""
_INLINE = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def _documentation(app: FastAPI) -> None:
    """``/docs`` and ``/redoc`` (FastAPI's pages, each with the policy that lets it run),
    and ``/openapi.json`` with the statuses the server really answers."""

    @app.get("/docs", include_in_schema=False)
    async def swagger(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return _with_policy(get_swagger_ui_html(openapi_url=root + app.openapi_url,
                                                title=f"{app.title} - Swagger UI"))

    @app.get("/redoc", include_in_schema=False)
    async def redoc(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return _with_policy(get_redoc_html(openapi_url=root + app.openapi_url,
                                           title=f"{app.title} - ReDoc"))

    plain, done = app.openapi, []

    def openapi() -> dict:
        schema = plain()                    # FastAPI's own, made once and kept
        if not done:
            _declared(schema)
            done.append(True)
        return schema

    app.openapi = openapi


def _with_policy(page: HTMLResponse) -> HTMLResponse:
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE.findall(page.body))
    page.headers["content-security-policy"] = DOCS_CSP.format(hashes=hashes)
    return page


def _declared(schema: dict) -> dict:
    """FastAPI's schema with what the server answers: no 422 "Validation Error" (a
    malformed request is answered 400 ``{"error"}``; 422 stays where a route declares it:
    an illegal action), and :data:`COMMON` on every operation."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    components.setdefault("Error", Error.model_json_schema())
    error = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if responses.get("422", {}).get("description") == "Validation Error":
                del responses["422"]
            for status, words in COMMON.items():
                responses.setdefault(str(status), {"description": words, **error})
    return schema
