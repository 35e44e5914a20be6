"""The browser's words reach the catalogue: every literal ``t("...")``, ``nt("...")`` and
``pt("context", "...")`` of the pages' modules (nested in another call's arguments or in a
template string too, where an extractor may overlook one) and every word the pages' HTML marks
with ``data-t`` / ``data-t-attrs`` is a message of the catalogues."""
from __future__ import annotations

import io
import re
from pathlib import Path

from meeple.i18n.extract import extract_html, source_catalog

STATIC = Path(__file__).parents[2] / "src" / "meeple" / "server" / "static"
CALL = re.compile(r'\b(?:n?t)\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]|\bpt\(\s*"([^"]*)",\s*"((?:[^"\\]|\\.)*)"')


def _ids() -> set[tuple[str | None, str]]:
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
            for m in source_catalog() if m.id}


def test_every_literal_message_of_the_browser_s_modules_is_in_the_catalogue():
    ids, lost = _ids(), []
    for path in sorted(STATIC.glob("js/**/*.js")):
        for match in CALL.finditer(path.read_text()):
            key = (match.group(2), match.group(3)) if match.group(1) is None else (None, match.group(1))
            if key not in ids:
                lost.append(f"{path.name}: {key}")
    assert lost == []


def test_the_pages_marked_words_are_read_as_they_are_shown():
    html = (b'<p data-t>  My\n   games </p><button data-t-attrs="title aria-label" '
            b'title="zoom in" aria-label="zoom">+</button><span data-t="Own id">x</span>'
            b'<label><span data-t>Game</span> <select></select></label>')
    found = [m for _, _, m, _ in extract_html(io.BytesIO(html), {}, (), {})]
    assert sorted(found) == ["Game", "My games", "Own id", "zoom", "zoom in"]
    ids = {i for _, i in _ids()}
    for page in STATIC.glob("*.html"):
        for _, _, message, _ in extract_html(io.BytesIO(page.read_bytes()), {}, (), {}):
            assert message in ids, (page.name, message)
