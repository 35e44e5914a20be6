"""The browser client: the lobby and game pages, their static files, and each game's client
data (what its board draws with besides the state: the tile games' tile sets).

The pages are plain HTML with ES modules under ``static/`` (no build step); they talk to
the same JSON API and WebSocket as any other client. ``install_pages(app)`` adds them.
"""
from __future__ import annotations

from functools import lru_cache
from html import escape
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.staticfiles import StaticFiles

from ..core.text import Text, words
from ..games import GAMES
from ..i18n import translate
from .languages import language_of

STATIC = Path(__file__).with_name("static")
router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


def error_page(request: Request, status: int, title: Text, said: Text) -> HTMLResponse:
    """A page a person can read for a browser's request that cannot be served: what went
    wrong in words (in the request's language) and the way back to the lobby (never raw
    JSON, never an endless "Loading…"), with the pages' language switch."""
    lang = language_of(request)
    title, said = translate(title, lang), translate(said, lang)
    back = translate(words("Back to the lobby"), lang)
    rest = translate(words("{back}: your games, and new ones.", back="\x00"), lang)
    link = f'<a class="back" href="/">{escape(back)}</a>'
    rest = escape(rest).replace("\x00", link, 1)
    return HTMLResponse(f"""<!doctype html>
<html lang="{lang}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>meeple — {escape(title)}</title>
  <link rel="icon" href="/static/favicon.svg">
  <link rel="stylesheet" href="/static/css/meeple.css">
  <script type="module" src="/static/js/page.js"></script>
</head>
<body>
  <header class="top"><h1><a href="/">meeple</a></h1>
    <nav id="languages" class="languages end"></nav></header>
  <main class="invite error-page">
    <h2 id="error-title">{escape(title)}</h2>
    <p>{escape(said)}</p>
    <p>{rest}</p>
  </main>
</body>
</html>
""", status)


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, not a file it loads): it gets words."""
    path = request.url.path
    return (not path.startswith(("/api/", "/static/"))
            and "text/html" in request.headers.get("accept", ""))


NOT_FOUND = (words("There is no page here"),
             words("The address may be mistyped, or the page may have moved."))
NO_GAME = (words("No such game"),
           words("There is no game at this address: the link may be mistyped or cut short, "
                 "or the game was never created on this server."))


async def _known(request: Request, game_id: str) -> bool:
    host = request.app.state.host
    return await host.db(host.store.version, game_id) is not None


@router.get("/games/{game_id}", include_in_schema=False)
async def game_page(request: Request, game_id: str) -> Response:
    # The page reads the id from its own address; an unknown game is a page of words.
    if not await _known(request, game_id):
        return error_page(request, 404, *NO_GAME)
    return FileResponse(STATIC / "game.html")


@router.get("/invite/{code}", include_in_schema=False)
async def invite_page(code: str) -> FileResponse:
    # The page accepts the invitation as the browser's player (POST /api/invites/CODE,
    # refused across sites), then opens the game; a taken one is said there in words.
    return FileResponse(STATIC / "invite.html")


@router.get("/games/{game_id}/replay", include_in_schema=False)
async def replay_page(request: Request, game_id: str) -> Response:
    if not await _known(request, game_id):
        return error_page(request, 404, *NO_GAME)
    return FileResponse(STATIC / "replay.html")


@router.get("/api/games/types/{name}/data",
            summary="The fixed data a game's browser board draws with (the tile games: "
                    "their tile set)",
            responses={404: {"description": "unknown game, or a game whose board needs none",
                             "content": {"application/json": {"example": {"error": "..."}}}}})
async def game_data(name: str, request: Request) -> JSONResponse:
    """``Game.client_data()`` of the game with its default options; the game's type
    (``GET /api/games/types``) says ``client_data: true`` where there is some. A tile's
    ``text`` (what it shows) is in the request's language."""
    data = _client_data(name)
    if isinstance(data, JSONResponse):
        return data
    lang = language_of(request)
    return JSONResponse(data if lang == "en" else _data_in(name, lang))


@lru_cache(maxsize=32)
def _data_in(name: str, lang: str) -> dict:
    """The client data of ``name`` with each tile's words the engine's, in ``lang`` (the
    words the game's log gives the same tile)."""
    data = _data_of(name) or {}
    said = getattr(getattr(GAMES[name], "state_class", None), "words", None)
    if not data or said is None or not isinstance(data.get("tiles"), list):
        return data
    cls = GAMES[name]()
    tiles = getattr(getattr(cls, "tileset", None), "tiles", {})
    return {**data, "tiles": [{**tile, "text": translate(said.tile(tiles[tile["type"]]), lang)}
                              if tile.get("type") in tiles else tile
                              for tile in data["tiles"]]}


@router.get("/api/games/types/{name}/tiles",
            summary="A tile game's tile set (types, edges, segments), to draw its tiles",
            responses={404: {"description": "not a tile game",
                             "content": {"application/json": {"example": {"error": "..."}}}}})
async def game_tiles(name: str) -> JSONResponse:
    """The tile set the engine plays with, in the engine's format (``kinds``,
    ``edge_types``, ``groups``, ``start``, ``tiles`` with segments at rotation 0): the
    client data of a game drawn on the ``tiles`` board."""
    data = _client_data(name)
    if isinstance(data, JSONResponse):
        return data
    if GAMES[name].browser_board != "tiles":
        tile_games = ", ".join(n for n, g in GAMES.items() if g.browser_board == "tiles")
        return JSONResponse({"error": f"{name!r} has no tiles (tile games: {tile_games})"},
                            404)
    return JSONResponse(data)


def _client_data(name: str) -> dict | JSONResponse:
    """The game's client data, or the 404 reply saying why there is none."""
    if name not in GAMES:
        return JSONResponse({"error": f"unknown game {name!r}; known games: "
                                      f"{', '.join(GAMES)}"}, 404)
    data = _data_of(name)
    if data is None:
        return JSONResponse({"error": f"{name!r} draws its board from the state alone: it "
                                      "has no client data"}, 404)
    return data


@lru_cache(maxsize=32)
def _data_of(name: str) -> dict | None:
    return GAMES[name]().client_data()


def install_pages(app: FastAPI) -> None:
    """Serve the lobby at ``/``, a game at ``/games/{id}``, its replay at
    ``/games/{id}/replay``, and ``/static``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
