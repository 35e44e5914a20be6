"""The server application: ``create_app(url)`` gives the FastAPI app of ``meeple serve``.

On start it opens the database, runs the migrations, replays every unfinished game and
starts the bots that are to move; on stop it ends the bot workers. Errors of every kind
reach the client as ``{"error": "..."}`` with the status INTERFACE.md gives.
"""
from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse
from starlette.exceptions import HTTPException

from .. import __version__
from . import database, logs
from .bots import BotRunner
from .errors import ApiError
from .host import Host
from .hub import Hub
from .limits import BodyLimit, RateLimit, RateLimiter
from .routes import router
from .storage import Store

DEFAULT_RATE, DEFAULT_BURST = 50.0, 100


def create_app(url: str | None = None, *, bot_workers: int = 2, rate: float = DEFAULT_RATE,
               burst: int = DEFAULT_BURST, migrate: bool = True) -> FastAPI:
    """The app serving the database at ``url`` (default: the SQLite file in the user's data
    directory), bots in ``bot_workers`` processes, ``rate`` requests a second per client."""
    url = url or database.default_url()
    engine = database.open_engine(url)
    limiter = RateLimiter(rate, burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        logs.install()
        if migrate:
            database.upgrade(engine)
        bots = BotRunner(bot_workers)
        app.state.host = Host(Store(engine), bots, Hub())
        app.state.resumed = await app.state.host.resume()
        try:
            yield
        finally:
            bots.close()
            engine.dispose()

    app = FastAPI(title="meeple", version=__version__, lifespan=lifespan,
                  description="Four board games over HTTP and WebSocket. Errors are "
                              '`{"error": "..."}`: 400 malformed, 401/403 token, 404 unknown '
                              "game, 409 not your turn or stale, 413 too large, 422 illegal "
                              "(the engine's reason), 429 too many requests.")
    app.state.limiter, app.state.url = limiter, url
    app.include_router(router)
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimit, limiter=limiter)
    _errors(app)

    @app.get("/", include_in_schema=False)
    async def home():
        return RedirectResponse("/docs")

    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(_request: Request, e: ApiError):
        return JSONResponse({"error": e.message}, e.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, e: RequestValidationError):
        return JSONResponse({"error": _first(e.errors())}, 400)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, e: HTTPException):
        return JSONResponse({"error": str(e.detail)}, e.status_code)


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
