"""Each game's rules page in the browser, in the reader's language (``/rules/GAME``).

The pages are the rulebook files of :mod:`meeple.rulebook` (the same ``meeple rules``
prints): their Markdown is rendered here with markdown-it (raw HTML off), and each picture
or worked example becomes a ``<figure data-block="N">`` that the page fills with the game's
own board module (``static/js/rules.js``) from the position the block replays to, as a
spectator sees it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from .. import rulebook
from ..core.text import words
from ..games import GAMES
from .colours import palette
from .languages import language_of
from .pages import STATIC, error_page

router = APIRouter()
NO_RULES = (words("No rules here"),
            words("There is no rules page at this address: the game's name may be mistyped."))


@router.get("/rules/{game}", include_in_schema=False)
async def rules_page(game: str, request: Request) -> Response:
    if game not in rulebook.games() or game not in GAMES:
        return error_page(request, 404, *NO_RULES)
    return FileResponse(STATIC / "rules.html")


@router.get("/api/rules/{game}", summary="A game's rules page, its pictures as positions",
            responses={404: {"description": "a game with no rules page",
                             "content": {"application/json": {"example": {"error": "..."}}}}})
async def rules(game: str, request: Request, lang: str | None = None) -> JSONResponse:
    """``{"game", "lang", "languages", "title", "intro", "sections": [{"id", "title",
    "html"}], "blocks": [{"kind", "caption", "position", "scores"}]}``, in ``lang`` (else the
    reader's language, else English). Each picture of a section's ``html`` is a
    ``<figure data-block="N">``; ``position`` is the state a spectator sees there."""
    if game not in rulebook.games() or game not in GAMES:
        return JSONResponse({"error": f"no rules page for {game[:40]!r}; there are: "
                                      f"{', '.join(rulebook.games())}"}, 404)
    have = rulebook.languages(game)
    chosen = lang if lang in have else language_of(request)
    return JSONResponse(_page(game, chosen if chosen in have else have[0]),
                        headers={"Cache-Control": "public, max-age=600"})


@lru_cache(maxsize=64)
def _page(game: str, lang: str) -> dict[str, Any]:
    book = rulebook.load(game, lang)
    blocks: list[rulebook.Block] = []
    sections = [{"id": s.id, "title": s.title, "html": _html(s.parts, blocks)}
                for s in book.sections]
    return {"game": game, "lang": lang, "languages": rulebook.languages(game),
            "title": book.title, "intro": _markdown().render(book.intro),
            "sections": sections, "blocks": [_block(b) for b in blocks]}


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _html(parts: list, blocks: list) -> str:
    out = []
    for part in parts:
        if isinstance(part, rulebook.Block):
            out.append(f'<figure class="position" data-block="{len(blocks)}"></figure>')
            blocks.append(part)
        else:
            out.append(_markdown().render(part))
    return "\n".join(out)


def _block(block: rulebook.Block) -> dict[str, Any]:
    """A picture's position as a spectator's state message, drawn by the game's board."""
    state = rulebook.replay(block)
    secret = GAMES[block.game].secret_scores and not state.is_terminal()
    return {"kind": block.kind, "caption": block.caption, "scores": block.scores,
            "position": {
                "game": block.game, "players": block.players, "seat": None,
                "view": state.view(None), "legal": [], "legal_parts": [],
                "index": len(block.actions), "turn": state.turn,
                "current_player": state.current_player, "terminal": state.is_terminal(),
                "regions": state.piece_regions(), "aids": True, "hints": False,
                "scores": None if secret else state.scores(),
                "breakdown": None if secret else state.score_breakdown(),
                "colours": palette(block.game)[:block.players],
                "seats": [{"seat": i, "agent": "human", "name": None, "open": False}
                          for i in range(block.players)]}}
