"""Logging without secrets: seat tokens are cut out of every line the server writes.

Tokens travel in join links and WebSocket URLs (``?token=...``), which uvicorn's access
and connection logs would print; :class:`Redact` replaces each with ``token=…``.
"""
from __future__ import annotations

import logging
import re

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def redact(text: str) -> str:
    return _TOKEN.sub(r"\1…", text)


class Redact(logging.Filter):
    """Rewrites a record's message and arguments with the tokens cut out."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install() -> None:
    """Put the filter on every logger the server writes through."""
    for name in ("uvicorn", "uvicorn.access", "uvicorn.error", "meeple.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redact) for f in logger.filters):
            logger.addFilter(Redact())
