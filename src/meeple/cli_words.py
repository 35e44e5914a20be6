"""The command line's help texts in the command's language: :func:`words` marks one for the
message extractor, :func:`say` says it. A module of its own, importing nothing, so that the
server's modules that add ``meeple serve``'s flags (:mod:`.server.limits`,
:mod:`.server.quotas`) say theirs without importing :mod:`meeple.cli`, which imports them."""
from __future__ import annotations

_LANG = ["en"]
"""The language of this command's words (:func:`meeple.cli.early_language`), set by
:func:`meeple.cli.main`."""


def words(msgid: str, /) -> str:
    """A help text of the commands, marked for the message extractor (its keyword
    ``words``); :func:`say` says it in the command's language."""
    return msgid


def say(text: str) -> str:
    """``text`` (a help text) in the command's language; English as it is, importing
    nothing (the parser is built for ``meeple --version`` too)."""
    if _LANG[0] == "en":
        return text
    from .core.text import Text
    from .i18n import translate
    return translate(Text(text), _LANG[0])
