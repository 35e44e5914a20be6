"""Logging without secrets and without floods.

:class:`Redact` cuts secrets out of every line the server writes: join links carry seat
tokens (``?token=...``) and invitation links their codes (``/invite/CODE``), which
uvicorn's access log would print, and a token sent in a header or a WebSocket subprotocol
(``Bearer ...``, ``meeple.token....``) or a player's cookie (``meeple_player=...``) must
never reach a log either. :class:`Throttle` lets through at most one line a while of each message repeated
over and over (uvicorn's "Too many open files" when descriptors run out, one traceback per
refused client), and says how many it dropped.
"""
from __future__ import annotations

import logging
import re
import time

_TOKEN = re.compile(r"(token=|[Bb]earer |meeple\.token\.|meeple_player=|/invite/|"
                    r"/invites/)[^&\s\"',;]+")
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "asyncio", "meeple.server")
"""Every logger the server writes through (asyncio: the accept loop's errors)."""
THROTTLE_S = 10.0
"""At most one line of a repeated message per this many seconds."""


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


class Throttle(logging.Filter):
    """Lets a message through at most once per ``interval`` seconds; the first one let
    through after some were dropped ends with how many. A message is its logger, level,
    text, and the type and text of its exception, so lines that differ (an access log's
    addresses and paths) all pass."""

    KEPT = 1000
    """Messages remembered at most (the quietest are forgotten first)."""

    def __init__(self, interval: float = THROTTLE_S, clock=time.monotonic):
        super().__init__()
        self.interval, self.clock = interval, clock
        self.seen: dict[tuple, list] = {}
        """Per message: [when it last went through, how many were dropped since]."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_meeple_throttled", False):     # judged by another filter
            return True
        key = _key(record)
        now = self.clock()
        entry = self.seen.get(key)
        if entry is not None and now - entry[0] < self.interval:
            entry[1] += 1
            return False
        if entry is not None and entry[1]:
            record.msg = (f"{record.getMessage()} [{entry[1]} more like this dropped in "
                          f"the last {now - entry[0]:.0f} s]")
            record.args = None
        self.seen[key] = [now, 0]
        if len(self.seen) > self.KEPT:
            for old in sorted(self.seen, key=lambda k: self.seen[k][0])[:self.KEPT // 2]:
                del self.seen[old]
        record._meeple_throttled = True
        return True


def _key(record: logging.LogRecord) -> tuple:
    try:
        text = record.getMessage()
    except Exception:                       # a message whose arguments do not fit it
        text = str(record.msg)
    error = record.exc_info[1] if record.exc_info else None
    return (record.name, record.levelno, text[:500],
            type(error).__name__ if error else None, str(error)[:200] if error else None)


def install(interval: float = THROTTLE_S) -> None:
    """Put the filters on every logger the server writes through (once; a server that
    starts again in this process starts with nothing throttled)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redact) for f in logger.filters):
            logger.addFilter(Redact())
        throttles = [f for f in logger.filters if isinstance(f, Throttle)]
        for throttle in throttles:
            throttle.seen.clear()
        if not throttles:
            logger.addFilter(Throttle(interval))
