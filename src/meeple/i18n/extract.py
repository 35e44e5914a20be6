"""The messages of meeple's source, found by Babel's extractor, and the catalogues brought up
to date with them.

``python -m meeple.i18n.extract`` lists what the catalogues lack; ``--update`` adds the new
messages to every catalogue (untranslated) and marks the ones no longer in the source
obsolete, as ``pybabel update`` does. Python marks its messages with
:func:`meeple.core.text.words`, ``nwords`` (singular, plural), ``cwords`` and ``ncwords``
(context first); the browser's modules with ``t("...")``, ``nt("...", "...", n)`` and
``pt("context", "...")`` (inside template strings too), its pages' HTML with ``data-t`` and
``data-t-attrs`` (:func:`extract_html`).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from . import LANGUAGES, SOURCE, catalogue_path

SOURCE_DIR = Path(__file__).parents[1]
SEARCHES: list[tuple[list[tuple[str, str]], dict[str, Any]]] = [
    ([("**.py", "python")], {"words": None, "nwords": (1, 2), "cwords": ((1, "c"), 2),
                             "ncwords": ((1, "c"), 2, 3)}),
    ([("**/static/**.js", "javascript")], {"t": None, "nt": (1, 2), "pt": ((1, "c"), 2)}),
    ([("**/static/**.html", "meeple.i18n.extract:extract_html")], {})]
"""The source files searched, each kind with its own markers of a message."""


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any
                 ) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for the pages' HTML: an element with ``data-t`` has its
    text as its message (whitespace collapsed, as ``translatePage`` of
    ``static/js/i18n.js`` reads it), or ``data-t``'s own value where it has one;
    ``data-t-attrs="title aria-label"`` makes those attributes' values messages."""
    from html.parser import HTMLParser

    found: list[tuple[int, str]] = []

    class Marks(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.open: list[tuple[str, int, list[str]]] = []   # marked elements being read

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            named = {key: value or "" for key, value in attrs}
            line = self.getpos()[0]
            for attr in (named.get("data-t-attrs") or "").split():
                if named.get(attr):
                    found.append((line, named[attr]))
            for _, _, text in self.open:
                text.append(" ")
            if "data-t" in named:
                if named["data-t"]:                  # its own id
                    found.append((line, named["data-t"]))
                else:
                    self.open.append((tag, line, []))

        def handle_endtag(self, tag: str) -> None:
            if self.open and self.open[-1][0] == tag:
                _, line, text = self.open.pop()
                message = " ".join("".join(text).split())
                if message:
                    found.append((line, message))

        def handle_data(self, data: str) -> None:
            for _, _, text in self.open:
                text.append(data)

    Marks().feed(fileobj.read().decode("utf-8"))
    for line, message in found:
        yield line, None, message, []


def _searched(path: str) -> bool:
    """Every package is searched, ``_tilegame`` too (Babel's default skips ``_`` names)."""
    name = Path(path).name
    return not name.startswith(".") and name != "__pycache__"


def source_catalog():
    """Every message of the source as a Babel catalog (English)."""
    from babel.messages.catalog import Catalog
    catalog = Catalog(project="meeple", domain="meeple", charset="utf-8")
    with contextlib.redirect_stderr(io.StringIO()):
        # Babel prints a line for every f-string with a nested quote; messages are never
        # f-strings here (a test would find one missing)
        _search(catalog)
    return catalog


def _search(catalog) -> None:
    from babel.messages.extract import extract_from_dir
    for methods, keywords in SEARCHES:
        for filename, lineno, message, comments, context in extract_from_dir(
                str(SOURCE_DIR), methods, keywords=keywords, comment_tags=("TRANSLATORS:",),
                options_map={"**/static/**.js": {"parse_template_string": True}},
                strip_comment_tags=True, directory_filter=_searched):
            if filename.endswith(".py") and not _called(filename, lineno, keywords):
                continue
            catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                        context=context)


def _called(filename: str, lineno: int, keywords: dict[str, Any]) -> bool:
    """Whether a message Babel found in Python source is really a marker's call: Babel's
    tokenizer also takes a variable named like a marker (``words[0] == "robber"``) for
    one, so the message's line or the two before it must hold ``words("`` or the like."""
    lines = _lines(filename)
    around = "\n".join(lines[max(0, lineno - 3):lineno])
    return bool(re.search(r"\b(" + "|".join(keywords) + r")\(\s*(\n\s*)?[rbuf]*[\"']",
                          around))


@lru_cache(maxsize=None)
def _lines(filename: str) -> list[str]:
    return (SOURCE_DIR / filename).read_text(encoding="utf-8").splitlines()


def read(lang: str):
    from babel.messages.pofile import read_po
    with catalogue_path(lang).open("rb") as source:
        return read_po(source, locale=lang)


def missing(lang: str) -> list[str]:
    """The source's messages that ``lang``'s catalogue lacks or leaves partly untranslated
    (a plural message needs every form of the language)."""
    catalog = read(lang)
    gaps = []
    for message in source_catalog():
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        strings = found.string if found else None
        if isinstance(strings, tuple):
            done = len(strings) == catalog.num_plurals and all(strings)
        else:
            done = bool(strings)
        if not done or (found and found.fuzzy):
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            gaps.append(f"{message.context}|{key}" if message.context else key)
    return gaps


def update() -> None:
    """Every catalogue brought up to date with the source (new messages added untranslated,
    old ones marked obsolete), written back in place."""
    from babel.messages.pofile import write_po
    template = source_catalog()
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = catalogue_path(lang)
        if path.exists():
            catalog = read(lang)
        else:
            from babel.messages.catalog import Catalog
            catalog = Catalog(locale=lang, project="meeple", domain="meeple",
                              header_comment=f"# The {LANGUAGES[lang]} words of meeple "
                              "(python -m meeple.i18n.extract --update adds new ones).")
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template, no_fuzzy_matching=True)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, ignore_obsolete=True, include_lineno=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meeple.i18n.extract",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true",
                        help="add new messages to the catalogues and drop old ones")
    args = parser.parse_args(argv)
    if args.update:
        update()
    gaps = {lang: missing(lang) for lang in LANGUAGES if lang != SOURCE}
    for lang, messages in gaps.items():
        print(f"{lang}: {len(messages)} message(s) untranslated")
        for message in messages:
            print(f"  {message!r}")
    return 1 if any(gaps.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
