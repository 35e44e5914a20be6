"""The reader's language in the browser: which languages the server speaks, which one a
request reads (the ``meeple_lang`` cookie the page's switch sets, else ``Accept-Language``),
and each language's catalogue as JSON for the page's ``t()`` (``static/js/i18n.js``)."""
from __future__ import annotations

from functools import lru_cache

from fastapi import APIRouter, Request
from starlette.requests import HTTPConnection
from fastapi.responses import JSONResponse

from ..i18n import LANGUAGES, catalogue_json, negotiate

COOKIE = "meeple_lang"
"""The language the person chose with the page's switch (not a secret: the page sets it)."""
router = APIRouter(prefix="/api")


def language_of(request: HTTPConnection) -> str:
    """The language ``request`` (or a WebSocket's handshake) reads: its chosen one, else
    its browser's."""
    chosen = request.cookies.get(COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    return negotiate(request.headers.get("accept-language"))


@router.get("/languages", summary="The languages spoken, and the one this request reads")
async def languages(request: Request) -> dict:
    """``{"languages": {code: its own name}, "chosen": code}``."""
    return {"languages": LANGUAGES, "chosen": language_of(request)}


@router.get("/languages/{lang}", summary="A language's catalogue, for the browser's words",
            responses={404: {"description": "a language this server does not speak",
                             "content": {"application/json": {"example": {"error": "..."}}}}})
async def catalogue(lang: str) -> JSONResponse:
    """``{"lang", "plural": {CLDR category: form index}, "messages": {English id: words or
    [plural forms]}}``; English has no messages (its ids are its words)."""
    if lang not in LANGUAGES:
        return JSONResponse({"error": f"no language {lang[:20]!r}; spoken: "
                                      f"{', '.join(LANGUAGES)}"}, 404)
    return JSONResponse(_catalogue(lang), headers={"Cache-Control": "public, max-age=3600"})


@lru_cache(maxsize=None)
def _catalogue(lang: str) -> dict:
    return catalogue_json(lang)
