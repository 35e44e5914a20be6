"""The worker processes where bots choose their moves, hints are ranked and reviews made,
off the event loop.

A worker gets the game's record so far and the bot's spec, replays the record, and
returns the move as notation; the server then plays it through the same path as a
person's move (checked, stored, broadcast: :class:`.bots.BotScheduler`). Worker processes
are started by ``spawn``, so they share nothing with the server's threads, and a bot
thinking for seconds never holds up another game or a request. This module is all a
worker imports of the server, so it stays light (no web framework, no database).
"""
from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..agents import make_agent
from ..core.record import Record
from ..play.hints import hint_agent, hints
from ..play.replay import replay


def choose(record: dict, spec: str, seed: int) -> str:
    """The move the bot ``spec`` (seeded ``seed``) plays at the end of ``record``."""
    state = replay(Record.from_json(record))
    return str(make_agent(spec, state.game, seed=seed).act(state))


def rank(record: dict, spec: str, seed: int, k: int) -> dict:
    """The ``k`` best moves at the end of ``record`` for the seat to move, as the agent
    ``spec`` ranks them on a copy where what that seat cannot see is dealt anew."""
    state = replay(Record.from_json(record))
    agent = hint_agent(state.game, spec, seed)
    return {"agent": spec, "ranks_by": agent.ranks_by,
            "moves": [{"action": str(row.action), "value": row.value, "visits": row.visits,
                       "margin": row.margin} for row in hints(state, agent, k)]}


class BotRunner:
    """A pool of worker processes that choose bots' moves."""

    def __init__(self, workers: int):
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, record: dict, spec: str, seed: int) -> str:
        """The bot's move, computed in a worker."""
        return await self.run(choose, record, spec, seed)

    async def rank(self, record: dict, spec: str, seed: int, k: int) -> dict:
        """Hints (:func:`rank`), computed in a worker."""
        return await self.run(rank, record, spec, seed, k)

    async def run(self, function, *args):
        """``function(*args)`` in a worker (the pool starts on first use, and anew if a
        worker died: the call is then made once more)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"))
            try:
                return await loop.run_in_executor(self._pool, function, *args)
            except BrokenProcessPool:
                self.close()
                if attempt == 2:
                    raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
