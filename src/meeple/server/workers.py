"""The worker processes where bots choose their moves, hints are ranked and reviews made,
off the event loop.

A worker gets the game's record so far (:func:`record_of`) and the bot's spec, replays the
record (only its new actions where it replayed the game before: :func:`position`), and
returns the move as notation; the server then plays it through the same path as a
person's move (checked, stored, broadcast: :class:`.bots.BotScheduler`). Worker processes
are started by ``spawn``, so they share nothing with the server's threads, and a bot
thinking for seconds never holds up another game or a request. This module is all a
worker imports of the server, so it stays light (no web framework, no database).

The work is shared fairly (:class:`BotRunner`): jobs wait in a queue per priority (a bot's
move first, then hints, then reviews) and, within one, per owner (the client the work is
for) in turn, and no owner holds more than all workers but one at a time, so one client's
heavy work never holds up another game's bot. Workers never outlive the server.
"""
from __future__ import annotations

import asyncio
import ctypes
import json
import multiprocessing
import os
import signal
import sys
from collections import Counter, OrderedDict, deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable

from ..agents import make_agent
from ..core.errors import IllegalAction, RecordError
from ..core.record import Record
from ..core.state import State
from ..play.hints import hint_agent, hints
from ..play.replay import new_game_state

if TYPE_CHECKING:
    from ..play.history import History

CACHED_STATES = 512
"""Positions each worker keeps replayed, one per game (the least used fall out): every
worker takes any game's jobs, so it keeps about as many as there are games with bots
under way (a position is 10 to 70 KiB, so at most some 35 MiB a worker)."""
_replayed: OrderedDict[tuple, tuple[list[str], State]] = OrderedDict()
"""This process's replayed positions: game identity (:func:`_identity`) → the actions
replayed and the state they reach (never handed out: agents get a clone)."""


def record_of(history: "History") -> dict:
    """What a worker needs of the game of ``history``: its record without the seats (a
    job's argument, pickled when it is sent, so the lists are copies)."""
    game = history.game
    return {"game": game.name, "players": game.players, "config": dict(game.config),
            "seed": history.seed, "actions": list(history.actions)}


def position(record: dict) -> State:
    """The state at the end of ``record``, as :func:`~meeple.play.replay.replay` would
    make it (RecordError naming a bad action): a copy of this worker's cached replay of
    the game, advanced by the actions that came since when the record goes on from it
    (a bot's next move, a hint a move later), else replayed from the start (a takeback,
    another game)."""
    rec = Record.from_json(record)
    key = _identity(rec)
    known = _replayed.pop(key, None)
    actions, done = rec.actions, 0
    if known is not None and len(known[0]) <= len(actions) \
            and actions[:len(known[0])] == known[0]:
        state, done = known[1], len(known[0])
    else:
        state = new_game_state(rec)
    for i in range(done, len(actions)):        # as replay() does, from where it stood
        try:
            state.apply(actions[i])
        except IllegalAction as e:
            raise RecordError(f"action {i} ({actions[i]!r}) is illegal: {e}", i) from None
    _replayed[key] = (actions, state)          # dropped above: kept again only if it replayed
    while len(_replayed) > CACHED_STATES:
        _replayed.popitem(last=False)
    return state.clone()


def _identity(record: Record) -> tuple:
    """What makes two records the same game: name, seats, options and seed (the same
    actions then reach the same position)."""
    return (record.game, record.players,
            json.dumps(record.config, sort_keys=True, default=repr), record.seed)


def choose(record: dict, spec: str, seed: int) -> str:
    """The move the bot ``spec`` (seeded ``seed``) plays at the end of ``record``."""
    state = position(record)
    return str(make_agent(spec, state.game, seed=seed).act(state))


def rank(record: dict, spec: str, seed: int, k: int) -> dict:
    """The ``k`` best moves at the end of ``record`` for the seat to move, as the agent
    ``spec`` ranks them on a copy where what that seat cannot see is dealt anew."""
    state = position(record)
    agent = hint_agent(state.game, spec, seed)
    return {"agent": spec, "ranks_by": agent.ranks_by,
            "moves": [{"action": str(row.action), "value": row.value, "visits": row.visits,
                       "margin": row.margin,
                       "then": None if row.then is None else str(row.then)}
                      for row in hints(state, agent, k)]}


MOVE, HINT, REVIEW = 0, 1, 2
"""The priorities of work: a bot's move (a person may be waiting for it), a hint (a person
asked), a review (a finished game: it can wait)."""


def _die_with_parent() -> None:
    """In a worker: be killed when the server's process ends, however it ends (Linux's
    ``PR_SET_PDEATHSIG``), so that no worker outlives it."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)   # 1: PR_SET_PDEATHSIG
        parent = multiprocessing.parent_process()
        if parent is not None and os.getppid() != parent.pid:   # it died before the prctl
            os._exit(1)


@dataclass
class _Job:
    function: Callable[..., Any]
    args: tuple
    owner: Hashable
    done: asyncio.Future = field(repr=False)


class BotRunner:
    """The worker processes, shared fairly: :meth:`run` queues a job by its priority and
    owner; a free worker takes the first job of the highest priority whose owner holds
    fewer than ``workers - 1`` workers (at least one), owners taking turns."""

    def __init__(self, workers: int):
        self.workers = workers
        self.per_owner = max(1, workers - 1)
        self._pool: ProcessPoolExecutor | None = None
        self._queues: dict[int, OrderedDict[Hashable, deque[_Job]]] = {
            p: OrderedDict() for p in (MOVE, HINT, REVIEW)}
        self._busy: Counter[Hashable] = Counter()
        self._free = workers
        self._running: set[asyncio.Task] = set()

    async def choose(self, record: dict, spec: str, seed: int, owner: Hashable) -> str:
        """The bot's move, computed in a worker."""
        return await self.run(MOVE, owner, choose, record, spec, seed)

    async def rank(self, record: dict, spec: str, seed: int, k: int, owner: Hashable) -> dict:
        """Hints (:func:`rank`), computed in a worker."""
        return await self.run(HINT, owner, rank, record, spec, seed, k)

    async def run(self, priority: int, owner: Hashable, function: Callable[..., Any],
                  *args: Any) -> Any:
        """``function(*args)`` in a worker, when its turn comes (see the class)."""
        done = asyncio.get_running_loop().create_future()
        self._queues[priority].setdefault(owner, deque()).append(
            _Job(function, args, owner, done))
        self._dispatch()
        return await done

    def waiting(self) -> int:
        """Jobs queued and not yet running."""
        return sum(len(jobs) for queue in self._queues.values() for jobs in queue.values())

    def _dispatch(self) -> None:
        while self._free > 0:
            job = self._next()
            if job is None:
                return
            self._free -= 1
            self._busy[job.owner] += 1
            task = asyncio.get_running_loop().create_task(self._execute(job))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    def _next(self) -> _Job | None:
        """The next job to run: the highest priority first, owners in turn, none whose
        owner holds its share of the workers already. Cancelled waiters are dropped."""
        for queue in self._queues.values():
            for owner in list(queue):
                if self._busy[owner] >= self.per_owner:
                    continue
                jobs = queue[owner]
                while jobs and jobs[0].done.cancelled():
                    jobs.popleft()
                if not jobs:
                    del queue[owner]
                    continue
                job = jobs.popleft()
                if jobs:
                    queue.move_to_end(owner)        # its next job waits for the others'
                else:
                    del queue[owner]
                return job
        return None

    async def _execute(self, job: _Job) -> None:
        try:
            result = await self._call(job.function, *job.args)
        except asyncio.CancelledError:              # the server stops
            job.done.cancel()
            raise
        except Exception as e:                      # handed to the waiter, whatever it is
            if not job.done.done():
                job.done.set_exception(e)
        else:
            if not job.done.done():
                job.done.set_result(result)
        finally:
            self._free += 1
            self._busy[job.owner] -= 1
            if self._busy[job.owner] <= 0:
                del self._busy[job.owner]
            self._dispatch()

    async def _call(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker (the pool starts on first use, and anew if a
        worker died: the call is then made once more)."""
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_die_with_parent)
            try:
                return await loop.run_in_executor(self._pool, function, *args)
            except BrokenProcessPool:
                self._kill()
                if attempt == 2:
                    raise
        return None                                 # not reached: the second try raised

    def close(self) -> None:
        """Stop every worker now, a move or review under way included (on the server's
        stop): no worker outlives the server."""
        for queue in self._queues.values():
            for jobs in queue.values():
                for job in jobs:
                    job.done.cancel()
            queue.clear()
        self._kill()

    def _kill(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((pool._processes or {}).values())   # no public way before 3.14
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.kill()
        for process in processes:
            process.join(timeout=5)
