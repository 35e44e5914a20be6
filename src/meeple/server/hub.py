"""The WebSocket hub: who watches which game, and a message to each in its seat's view.

Each connection has its own queue and sender task, so one slow client never delays the
others; a client that falls a whole queue behind is closed (it reconnects and catches up
from the state message every connection starts with). Views are computed once per seat
per change, however many connections share the seat. When a seat's token ends (the seat is
left, or taken by someone else), :meth:`Hub.close_seat` tells its connections and closes
them, so that none goes on hearing the seat's view.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Callable

from fastapi import WebSocket

log = logging.getLogger("meeple.server")
QUEUE = 64
"""Messages a connection may fall behind before it is closed."""


class Connection:
    """One WebSocket watching one game as one seat (None: a spectator), in a language."""

    def __init__(self, ws: WebSocket, game_id: str, seat: int | None, lang: str = "en"):
        self.ws, self.game_id, self.seat, self.lang = ws, game_id, seat, lang
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE)
        self.task = asyncio.create_task(self._send())
        self.closing: asyncio.Task | None = None

    def put(self, message: str | dict) -> None:
        """Queue ``message``: JSON text as it is (a state message, serialised once for
        every connection of its seat), or a dict to be serialised."""
        if self.closing is not None:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.shut(1013, "too far behind: reconnect")

    def shut(self, code: int, reason: str) -> None:
        """Close the connection with ``code`` and ``reason`` (once): what is still queued
        is dropped. The close is sent by a task of its own, so that a client that does not
        read never holds up the caller."""
        if self.closing is not None:
            return
        self.task.cancel()
        # kept, so that the loop does not drop the task before the close is sent
        self.closing = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        try:
            await self.ws.close(code, fit_reason(reason))
        except Exception:                  # gone already, or closed by its reader
            pass

    async def _send(self) -> None:
        try:
            while True:
                message = await self.queue.get()
                if isinstance(message, str):
                    await self.ws.send_text(message)
                else:
                    await self.ws.send_json(message)
        except asyncio.CancelledError:
            raise
        except Exception:                  # the client went away: its reader ends too
            pass

    def close(self) -> None:
        self.task.cancel()


def fit_reason(reason: str) -> str:
    """``reason`` cut to the 123 bytes of UTF-8 a close frame holds."""
    raw = reason.encode()
    return reason if len(raw) <= 123 else raw[:120].decode(errors="ignore") + "…"


class Hub:
    """Connections by game."""

    def __init__(self):
        self.rooms: dict[str, set[Connection]] = {}

    def add(self, ws: WebSocket, game_id: str, seat: int | None,
            lang: str = "en") -> Connection:
        conn = Connection(ws, game_id, seat, lang)
        self.rooms.setdefault(game_id, set()).add(conn)
        return conn

    def remove(self, conn: Connection) -> None:
        conn.close()
        room = self.rooms.get(conn.game_id)
        if room is not None:
            room.discard(conn)
            if not room:
                del self.rooms[conn.game_id]

    def close_seat(self, game_id: str, seat: int, code: int = 4401,
                   reason: str = "this seat's token ended: the seat was left or taken") -> int:
        """Close every connection of ``game_id`` bound to ``seat`` with ``code`` and
        ``reason`` (cut to 123 bytes), e.g. when the seat's token ends: they would go on
        hearing the seat's view, whoever holds it now. How many were closed."""
        closed = 0
        for conn in list(self.rooms.get(game_id, ())):
            if conn.seat is not None and conn.seat == seat:
                conn.shut(code, reason)
                self.remove(conn)
                closed += 1
        return closed

    def publish(self, game_id: str, message: Callable[[int | None, str], str]) -> None:
        """Send ``message(seat, lang)`` (JSON text) to every connection of ``game_id``: made
        once per seat and language."""
        made: dict[tuple[int | None, str], str] = {}
        for conn in list(self.rooms.get(game_id, ())):
            key = (conn.seat, conn.lang)
            if key not in made:
                made[key] = message(*key)
            conn.put(made[key])
