"""The browser client: the lobby and game pages, their static files, and the tile data.

The pages are plain HTML with ES modules under ``static/`` (no build step); they talk to
the same JSON API and WebSocket as any other client. ``install_pages(app)`` adds them.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, JSONResponse
from starlette.staticfiles import StaticFiles

from ..games import GAMES
from ..tiles.geometry import CENTRE, EDGES, HALVES
from ..tiles.spec import TileSet

STATIC = Path(__file__).with_name("static")
router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


@router.get("/games/{game_id}", include_in_schema=False)
async def game_page(game_id: str) -> FileResponse:
    # The page reads the id from its own address; an unknown game is reported there.
    return FileResponse(STATIC / "game.html")


@router.get("/games/{game_id}/replay", include_in_schema=False)
async def replay_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")


@router.get("/api/games/types/{name}/tiles",
            summary="A tile game's tile set (types, edges, segments), to draw its tiles",
            responses={404: {"description": "not a tile game",
                             "content": {"application/json": {"example": {"error": "..."}}}}})
async def game_tiles(name: str) -> JSONResponse:
    """The tile set the engine plays with, in the engine's format (``kinds``,
    ``edge_types``, ``groups``, ``start``, ``tiles`` with segments at rotation 0)."""
    if name not in GAMES:
        return JSONResponse({"error": f"unknown game {name!r}; known games: "
                                      f"{', '.join(GAMES)}"}, 404)
    data = _tiles(name)
    if data is None:
        return JSONResponse({"error": f"{name!r} has no tiles (tile games: "
                                      f"{', '.join(n for n in GAMES if _tiles(n))})"}, 404)
    return JSONResponse(data)


@lru_cache(maxsize=8)
def _tiles(name: str) -> dict | None:
    cls = GAMES.get(name)
    if cls is None:
        return None
    tileset = getattr(cls(), "tileset", None)     # the tile games' default tile set
    return tileset_data(tileset) if isinstance(tileset, TileSet) else None


def tileset_data(ts: TileSet) -> dict:
    """A loaded tile set back in the JSON format ``TileSet`` reads: the same data whatever
    file format it came from (Hunters & Gatherers' list is translated on load)."""
    groups: dict[str, list[str]] = {}
    for kind, group in ts.groups.items():
        groups.setdefault(group, []).append(kind)
    edge_types = {letter: {k: v for k, v in (("edge", along), ("halves", halves)) if v}
                  for letter, (along, halves) in ts.edge_types.items()}
    tiles = []
    for tile in ts.tiles.values():
        segments = []
        for seg in tile.segments:
            locs = [EDGES[e] for e in seg.edges] + [HALVES[h] for h in seg.halves]
            segment = {"kind": seg.kind, "locs": locs + ([CENTRE] if seg.centre else [])}
            if seg.attrs:
                segment["attrs"] = dict(seg.attrs)
            if seg.borders:
                segment["borders"] = list(seg.borders)
            segments.append(segment)
        tiles.append({"type": tile.type, "count": tile.count, "edges": tile.edges,
                      "text": tile.text, "segments": segments})
    # A set read from a file is named by its path: show only the file's name.
    name = Path(ts.name).name if "/" in ts.name or "\\" in ts.name else ts.name
    return {"name": name, "kinds": dict(ts.kinds), "edge_types": edge_types,
            "groups": groups, "start": ts.start, "tiles": tiles}


def install_pages(app: FastAPI) -> None:
    """Serve the lobby at ``/``, a game at ``/games/{id}``, its replay at
    ``/games/{id}/replay``, and ``/static``."""
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
