"""Never a log flood: a message repeated over and over goes through at most once per
interval, and the next one let through says how many were dropped; the server's loggers
(uvicorn's, asyncio's, its own) all have the filter, and the one that cuts tokens out."""
from __future__ import annotations

import logging

import pytest

from meeple.server import logs


@pytest.fixture
def db_url(tmp_path) -> str:
    """SQLite: a limit of the process, not of the database."""
    return f"sqlite:///{tmp_path}/meeple.db"


def test_repeated_log_lines_are_throttled_with_a_count():
    clock = [0.0]
    throttle = logs.Throttle(interval=10, clock=lambda: clock[0])
    logger = logging.getLogger("meeple.test.throttle")
    logger.propagate = False
    logger.setLevel(logging.DEBUG)
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(record.getMessage())
    logger.addHandler(handler)
    logger.addFilter(throttle)
    try:
        error = OSError(24, "Too many open files")
        for _ in range(10_000):                      # uvicorn's accept loop, out of files
            logger.error("Exception in callback %s", "accept", exc_info=(OSError, error,
                                                                          None))
            logger.info("GET /api/games %d", 200)
        logger.error("another message")
        clock[0] += 11
        logger.error("Exception in callback %s", "accept", exc_info=(OSError, error, None))
    finally:
        logger.removeFilter(throttle)
        logger.removeHandler(handler)
    assert lines == ["Exception in callback accept", "GET /api/games 200", "another message",
                     ("Exception in callback accept [9999 more like this dropped in the "
                      "last 11 s]")]


def test_the_servers_loggers_are_throttled_and_redacted(serve):
    serve()
    for name in logs.LOGGERS:
        filters = logging.getLogger(name).filters
        assert any(isinstance(f, logs.Throttle) for f in filters), name
        assert any(isinstance(f, logs.Redact) for f in filters), name
