"""Languages: the reader's language chosen, and the words of the engine and the screens
said in it.

English is the source language: every message id is the English sentence, so English needs
no catalogue. Czech and Russian live in gettext catalogues (``locale/<lang>/LC_MESSAGES/
meeple.po``), read with Babel (a well-kept library: plural forms, CLDR data, the message
extractor). The engine hands over :class:`meeple.core.text.Text` values; :func:`translate`
turns them, and any JSON-like value holding them, into the reader's language. The browser
gets the same catalogue as JSON (:func:`catalogue_json`) and picks plural forms with the
browser's ``Intl.PluralRules``, whose categories :func:`plural_categories` maps to the
catalogue's forms.

Babel is imported only when a language other than English is used, so that a command in
English starts as fast as before.
"""
from __future__ import annotations

import gettext
import io
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ..core.text import Text

LANGUAGES = {"en": "English", "cs": "Čeština", "ru": "Русский"}
"""The languages meeple speaks, each with its own name for itself."""
SOURCE = "en"
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "meeple"
_HEADER_PART = re.compile(r"\s*([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*([0-9.]{1,5}))?\s*")


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` (English, or a language meeple does not speak: the English
    words themselves). Read from the ``.po`` source through Babel, compiled in memory."""
    if lang == SOURCE or lang not in LANGUAGES or not catalogue_path(lang).exists():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with catalogue_path(lang).open("rb") as source:
        catalog = read_po(source, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(value: Any, lang: str) -> Any:
    """``value`` for a reader of ``lang``: a :class:`Text` in that language (its parameters
    first), lists, tuples and dicts with their items translated, anything else as it is."""
    if lang == SOURCE:
        return value
    if isinstance(value, Text):
        return _say(value, lang)
    if isinstance(value, Mapping):
        return {key: translate(item, lang) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(translate(item, lang) for item in value)
    return value


def _say(text: Text, lang: str) -> str:
    catalogue = translations(lang)
    if text.plural is not None:
        n = text.n if text.n is not None else 0
        template = (catalogue.npgettext(text.context, text.msgid, text.plural, n)
                    if text.context else catalogue.ngettext(text.msgid, text.plural, n))
    elif text.context:
        template = catalogue.pgettext(text.context, text.msgid)
    else:
        template = catalogue.gettext(text.msgid)
    if not text.params:
        return template
    params = {key: translate(item, lang) for key, item in text.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        # a translation naming a field its message lacks: the English words, not a crash
        return str(text)


def choose(requested: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: ``requested`` (``--lang``) if meeple speaks it, else the
    first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that names one (``cs_CZ.UTF-8`` is
    Czech), else English."""
    if requested:
        code = requested.lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else SOURCE
    return SOURCE


def negotiate(accept_language: str | None) -> str:
    """The language of an HTTP ``Accept-Language`` header that meeple speaks, the reader's
    most preferred first (``"cs-CZ,cs;q=0.9,en;q=0.8"`` is Czech), else English."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "")[:1000].split(",")[:40]):
        match = _HEADER_PART.fullmatch(part)
        if not match:
            continue
        try:
            quality = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        code = match.group(1).lower().split("-")[0]
        if quality > 0 and code in LANGUAGES:
            wanted.append((-quality, index, code))
    return min(wanted)[2] if wanted else SOURCE


@lru_cache(maxsize=None)
def plural_categories(lang: str) -> dict[str, int]:
    """Which of the catalogue's plural forms each CLDR plural category of ``lang`` uses
    (Czech ``{"one": 0, "few": 1, "other": 2}``), for a browser that knows the category
    of a number through ``Intl.PluralRules``. Found by asking both for whole numbers, so the
    two can never disagree unnoticed (a test checks every number up to 1000)."""
    if lang == SOURCE or lang not in LANGUAGES:
        return {"one": 0, "other": 1}
    from babel import Locale
    locale, catalogue = Locale.parse(lang), translations(lang)
    found: dict[str, int] = {}
    for n in range(200):
        found.setdefault(locale.plural_form(n), _form_index(catalogue, n))
    return found


def _form_index(catalogue: gettext.NullTranslations, n: int) -> int:
    plural = getattr(catalogue, "plural", None)
    return int(plural(n)) if plural else int(n != 1)


def catalogue_json(lang: str) -> dict[str, Any]:
    """The catalogue of ``lang`` for the browser: ``{"lang", "plural": {category: form},
    "messages": {id: text or [forms]}}``; a message with a context has the id
    ``context + "\\x04" + msgid``, as gettext stores it."""
    messages: dict[str, Any] = {}
    if lang != SOURCE and lang in LANGUAGES and catalogue_path(lang).exists():
        from babel.messages.pofile import read_po
        with catalogue_path(lang).open("rb") as source:
            catalog = read_po(source, locale=lang)
        for message in catalog:
            if not message.id or not message.string or message.fuzzy:
                continue
            key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
            if message.context:
                key = f"{message.context}\x04{key}"
            value = message.string
            if isinstance(value, tuple):
                if not all(value):
                    continue
                value = list(value)
            messages[key] = value
    return {"lang": lang, "plural": plural_categories(lang), "messages": messages}
