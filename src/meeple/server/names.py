"""The name a new player goes by until they choose one: "Guest 4821".

It is stored as those English words, the same for every reader (and in the records of the
games the player sits in), and said in each reader's language where a person reads it:
:func:`name_words` on the server (the log's sentences), ``nameWords`` of
``static/js/player.js`` in the pages (which also recognise it by :data:`DEFAULT_NAME`'s
pattern, to ask the person for a name of their own).
"""
from __future__ import annotations

import re
import secrets

from ..core.text import Text, words

DEFAULT_NAME = re.compile(r"Guest (\d{1,9})")
"""A name the server gave (``"Guest 4821"``), not one a person chose."""


def new_name() -> str:
    """A new player's name, until they choose one: ``"Guest "`` and four random digits."""
    return f"Guest {secrets.randbelow(9000) + 1000}"


def name_words(name: str) -> Text | str:
    """``name`` as a reader reads it: the name a new player got, translatable ("Host 4821"
    in Czech); any other name as it is."""
    given = DEFAULT_NAME.fullmatch(name or "")
    return words("Guest {number}", number=given[1]) if given else name
