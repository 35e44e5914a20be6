"""Every process hears every change: PostgreSQL's ``LISTEN`` on the channel every stored
change of a game is announced on (:data:`.storage.CHANNEL`, payload ``"GAME_ID VERSION"``).

Each server process keeps one connection of its own listening (psycopg's asynchronous
connection, on the event loop) and hands each notice to the host (:meth:`.host.Host.heard`),
which reads the game's new rows from the database and tells its own WebSockets, so a
WebSocket on any process hears every move made through any other, and no sticky sessions
are needed. A lost connection is made again (after a pause that grows to a few seconds);
since notices sent meanwhile are lost, every game watched here is then read again.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from sqlalchemy.engine import make_url

from .storage import CHANNEL

log = logging.getLogger("meeple.server")
RETRY_S = (0.5, 1.0, 2.0, 5.0)
"""Pauses before connecting again after the listening connection was lost."""


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """Listens on :data:`CHANNEL` until cancelled: ``heard(game_id, version)`` for every
    notice, ``missed()`` after a reconnection (notices may have been lost meanwhile)."""

    def __init__(self, url: str, heard: Callable[[str, int], None],
                 missed: Callable[[], None]):
        self.url, self.heard, self.missed = url, heard, missed
        self.listening = asyncio.Event()
        """Set while the connection listens (tests wait for it)."""

    async def run(self) -> None:
        import psycopg

        failures = 0
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        conninfo(self.url), autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if failures:
                        log.info("listening for other processes' changes again")
                        self.missed()
                    failures = 0
                    async for notice in connection.notifies():
                        self._hand(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as e:             # the database went away: connect again
                self.listening.clear()
                pause = RETRY_S[min(failures, len(RETRY_S) - 1)]
                failures += 1
                log.warning("listening for other processes' changes failed (%s: %s); "
                            "trying again in %g s", type(e).__name__, e, pause)
                await asyncio.sleep(pause)

    def _hand(self, payload: str) -> None:
        game_id, _, version = payload.partition(" ")
        try:
            self.heard(game_id, int(version))
        except ValueError:
            log.warning("a notice on %s that is not 'GAME VERSION': %r", CHANNEL, payload)
