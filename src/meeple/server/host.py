"""The host: each game's serialiser, the one path by which a game on the server changes.

One path for every move, a person's or a bot's (:meth:`Host.play`): under the game's lock,
check it against a fresh copy of the game, apply it with the chance outcomes it leads to,
commit the rows, and only then swap the cache, answer and broadcast.

The database is the only truth, and several processes may share it (PostgreSQL). Every
change is decided on the game as cached and written only if the stored version is still
the one that copy was built from (:meth:`Host.changing`); if another process wrote first,
the write changes nothing, the game is read again, and the change is decided again on it
(a move sent for an action index that has passed is then refused, 409). A cache catches up
by the new rows of the log, and is replayed anew when a takeback raised the log's epoch
(:meth:`Host.live`). Every process hears every change (:mod:`.notices`) and tells its own
WebSockets (:meth:`Host.heard`); leases make exactly one process act for a bot
(:class:`.bots.BotScheduler`) or a review.

What else happens to a game has a room of its own, as lichess splits a game's round
into a takebacker, a rematcher and so on; each is reached from the host and works through
it (its lock, :meth:`live`, :meth:`play`, :meth:`broadcast`): the seats and the lobby
(:mod:`.seats`), takebacks (:mod:`.takebacks`), player aids (:mod:`.aids`: hints and
the review of a finished game) and the bots (:class:`.bots.BotScheduler`).
"""
from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import weakref
from collections import OrderedDict
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, Awaitable, Callable, TypeVar

from fastapi import WebSocket

from ..core.errors import IllegalAction, reason
from ..play.history import History
from .aids import Aids
from .bots import BotScheduler
from .clocks import Clocks, after_move
from .errors import ApiError
from .hub import Connection, Hub
from .languages import language_of
from .live import LiveGame
from .messages import state_message, summary_message
from .notices import Listener
from .players import Players
from .models import GameState, Message, Position
from .quotas import Quotas
from .seats import Seats
from .storage import Conflict, GameRow, Store, now
from .takebacks import Takebacks
from .tokens import Who, who
from .workers import BotRunner

log = logging.getLogger("meeple.server")
CACHED_GAMES = 2000
"""Games kept replayed in memory; the rest are replayed again when asked for."""
BROKEN_KEPT = 10_000
"""Games remembered as not replaying (each is tried again once its stored version moves)."""
CHANGE_TRIES = 5
"""How often a change is decided again on a game another process changed meanwhile."""
T = TypeVar("T")


class Host:
    """The server's games: the store, the cache of replayed games, the hub, and the rooms
    of what happens to a game besides its moves (``seats``, ``takebacks``, ``aids``,
    ``bots``)."""

    def __init__(self, store: Store, runner: BotRunner, hub: Hub,
                 quotas: Quotas | None = None):
        self.store, self.hub = store, hub
        self.quotas = quotas or Quotas()
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        """Each game's lock, alive while someone holds or waits for it."""
        self.broken: OrderedDict[str, tuple[int, str]] = OrderedDict()
        """Games whose stored log does not replay: ``(version, reason)``. They alone answer
        503; every other game serves."""
        self.tasks: set[asyncio.Task] = set()
        """Work started in the background (bots' moves, reviews), until it ends."""
        self._key: bytes | None = None
        self.holder = f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(4)}"
        """This process, as the holder of leases (host, pid, and a random part)."""
        self.listener: Listener | None = None
        self._hearing: dict[str, int] = {}
        """Games whose announced change is being heard, with the newest version announced."""
        self.bots = BotScheduler(self, runner)
        self.seats = Seats(self)
        self.players = Players(self)
        self.takebacks = Takebacks(self)
        self.aids = Aids(self, runner)
        self.clocks = Clocks(self)

    # --- reading --------------------------------------------------------------------------
    async def db(self, method: Callable[..., Any], *args: Any) -> Any:
        """``method(*args)`` of the store, in a worker thread (off the event loop)."""
        return await asyncio.to_thread(method, *args)

    async def key(self) -> bytes:
        """The server's secret key (made once, shared by every process on the database):
        what rematch tokens and the hashes of creators' addresses are keyed by."""
        if self._key is None:
            self._key = await self.db(self.store.key, "server")
        return self._key

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, keeping a reference until it ends (the event
        loop keeps only a weak one)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def lock(self, game_id: str) -> asyncio.Lock:
        """The game's lock: whatever changes the game holds it."""
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    async def live(self, game_id: str, fresh: bool = True) -> LiveGame:
        """The game as stored now (seats, takeback request, log): the cached copy if its
        version is the stored one (one indexed read; without ``fresh``, a cached copy
        as it is, unread: a change decided on it is written only if it is current), else
        read again (:meth:`_load`). ApiError 404 if there is none, 503 if its log no longer
        replays (:meth:`_rebuild`)."""
        live = self.cache.get(game_id)
        if live is not None and not fresh:
            self.cache.move_to_end(game_id)
            return live
        version = await self.db(self.store.version, game_id)
        if version is None:
            raise ApiError(404, f"no game {game_id!r}")
        if live is None or live.row.version != version:
            live = await self._load(game_id, live)
            self.keep(live)
        self.cache.move_to_end(game_id)
        return live

    async def _load(self, game_id: str, cached: LiveGame | None) -> LiveGame:
        """The game read again: the cached position with the log's new rows applied when
        the stored log is the cached one plus new rows (same epoch, not shorter), else
        replayed from the whole log."""
        row = await self.db(self.store.game, game_id)
        if row is None:
            raise ApiError(404, f"no game {game_id!r}")
        if cached is None or row.epoch != cached.row.epoch or row.index < cached.index:
            return await self._rebuild(row)
        if row.index == cached.index:
            return LiveGame(row, cached.history)
        new = await self.db(self.store.actions, game_id, cached.index)
        try:
            return await asyncio.to_thread(cached.extended, row, new)
        except Exception:                   # not the cached log plus new rows after all
            return await self._rebuild(row)

    async def _rebuild(self, row: GameRow) -> LiveGame:
        """The game of ``row`` replayed from its stored log, off the event loop. A log that
        no longer replays (an engine or notation change, a hand-edited row, a restored
        backup) quarantines that game alone: it answers 503 saying why until its stored
        version moves (``meeple db check`` lists such games)."""
        known = self.broken.get(row.id)
        if known is not None and known[0] == row.version:
            raise ApiError(503, f"this game cannot be replayed: {known[1]}")
        actions = await self.db(self.store.actions, row.id)
        try:
            live = await asyncio.to_thread(LiveGame.rebuild, row, actions)
        except Exception as e:              # whatever a log that does not replay raises
            reason = replay_failure(e)
            self.broken[row.id] = (row.version, reason)
            while len(self.broken) > BROKEN_KEPT:
                self.broken.popitem(last=False)
            log.error("game %s cannot be replayed (it answers 503): %s", row.id, reason)
            raise ApiError(503, f"this game cannot be replayed: {reason}") from None
        self.broken.pop(row.id, None)
        return live

    def keep(self, live: LiveGame) -> None:
        """Cache ``live`` as its game's current copy (the least used fall out)."""
        self.cache[live.row.id] = live
        while len(self.cache) > CACHED_GAMES:
            self.cache.popitem(last=False)

    def stored(self, live: LiveGame, version: int, **values: Any) -> LiveGame:
        """``live`` after a write this process just made that left the log as it was: its
        row's new ``version`` and ``values`` (seats, takeback request), kept as the game's
        copy."""
        changed = LiveGame(replace(live.row, version=version, **values), live.history)
        self.keep(changed)
        return changed

    async def changing(self, game_id: str, change: Callable[[LiveGame], Awaitable[T]]) -> T:
        """``change(live)`` under the game's lock, decided on ``live`` (first the cached copy
        as it is): every write it makes names the version ``live`` was built from, and
        meets :class:`Conflict` if another process changed the game first. Then, and when
        the unread cache made it refuse, the game is read again and ``change`` decided
        again on it, so a refusal or a write always rests on the stored game; 409 if the
        game keeps changing under it."""
        async with self.lock(game_id):
            fresh = game_id not in self.cache
            for _ in range(CHANGE_TRIES):
                live = await self.live(game_id, fresh)
                try:
                    return await change(live)
                except Conflict:
                    pass
                except ApiError:
                    if fresh:
                        raise
                fresh = True
        raise ApiError(409, "the game changed while this was being stored: reload the state")

    def start(self, listen: str | None = None) -> None:
        """Start the background work: the bots' leases and the bots nobody acts for
        (:meth:`.bots.BotScheduler.keep_up`), and, with ``listen`` (a PostgreSQL URL),
        hearing other processes' changes (:class:`.notices.Listener`)."""
        self.spawn(self.bots.keep_up())
        self.spawn(self.clocks.keep_up())
        if listen is not None:
            self.listener = Listener(listen, self.notice, self.missed)
            self.spawn(self.listener.run())

    def stop(self) -> None:
        """Cancel the background work (the server stops)."""
        for task in list(self.tasks):
            task.cancel()

    def notice(self, game_id: str, version: int) -> None:
        """A stored change announced (:class:`.notices.Listener`): heard once per game
        at a time, the newest version last (notices that arrive meanwhile are one read)."""
        if game_id not in self.hub.rooms:
            return
        pending = self._hearing.get(game_id)
        self._hearing[game_id] = max(version, pending or 0)
        if pending is None:
            self.spawn(self._hear(game_id))

    async def _hear(self, game_id: str) -> None:
        try:
            while True:
                version = self._hearing[game_id]
                await self.heard(game_id, version)
                if self._hearing[game_id] == version:
                    return
        finally:
            self._hearing.pop(game_id, None)

    def missed(self) -> None:
        """Notices may have been lost (the listening connection was made again): every
        game watched here is read again."""
        for game_id in list(self.hub.rooms):
            self.spawn(self.heard(game_id, None))

    async def heard(self, game_id: str, version: int | None) -> None:
        """Another process (or this one) stored ``version`` of the game (None: maybe
        something): if this process has WebSockets on the game and its copy is older,
        read the game and tell them what changed, as if the change were made here (an
        ``update`` with the new moves, ``state`` after a takeback, ``seats`` or
        ``takeback``), closing the connections of a seat whose token ended."""
        if game_id not in self.hub.rooms:
            return
        async with self.lock(game_id):
            old = self.cache.get(game_id)
            if old is not None and version is not None and old.row.version >= version:
                return
            try:
                live = await self.live(game_id)
            except ApiError as e:               # gone, or its log does not replay
                log.info("game %s changed elsewhere and cannot be read: %s", game_id,
                         e.message)
                return
        if old is None or live.row.epoch != old.row.epoch or live.index < old.index:
            self.broadcast(live, 0, "state")
            return
        for before, after in zip(old.row.seats, live.row.seats):
            if before.token_hash is not None and before.token_hash != after.token_hash:
                self.hub.close_seat(game_id, before.seat)
        if live.index > old.index:
            self.broadcast(live, old.index)
        elif live.row.takeback != old.row.takeback:
            self.broadcast(live, live.index, "takeback")
        else:
            self.broadcast(live, live.index, "seats")

    async def state(self, game_id: str, caller: Who | str | None,
                    since: int = 0, lang: str = "en") -> GameState:
        live = await self.live(game_id)
        return state_message(live, live.seat_of(caller), since, lang=lang)

    async def lobby(self, game: str | None, status: str | None, limit: int) -> list[dict]:
        """The listed games, newest change first (see :meth:`Store.games`)."""
        return [summary_message(r) for r in await self.db(self.store.games, game, status,
                                                          limit)]

    async def record(self, game_id: str) -> dict:
        """The whole record once the game is over or where it hides nothing. Before the
        end, the seed of a game with chance is left out: it would foretell the draws."""
        live = await self.live(game_id)
        over = live.over
        _check_replayable(live)
        record = live.history.record()
        record.seats = [{"seat": s.seat, "agent": s.agent, **({"name": s.name} if s.name
                                                               else {})}
                        for s in live.row.seats]
        data = record.to_json()
        if not over and live.game.has_chance:
            data["seed"] = None
        return data

    async def position(self, game_id: str, index: int, lang: str = "en") -> GameState:
        """The game as a spectator saw it after its first ``index`` actions, with the
        events of the last of them: the replay viewer's steps (served where the record
        is)."""
        live = await self.live(game_id)
        _check_replayable(live)
        if not 0 <= index <= live.index:
            raise ApiError(404, f"no position {index}: the game has {live.index} actions")
        actions = live.history.actions[:index]
        then = LiveGame(live.row, await asyncio.to_thread(
            History, live.game, live.row.seed, actions))
        return state_message(then, None, max(0, index - 1), model=Position, of=live.index,
                             lang=lang)

    # --- watching -------------------------------------------------------------------------
    async def connect(self, ws: WebSocket, game_id: str,
                      caller: Who | str | None) -> Connection:
        """A WebSocket that watches the game as the caller's seat (a spectator without
        one), its first message, the whole state, queued; ApiError for a bad token or
        game. A seat's link in use claims the seat (:meth:`Seats.claim`)."""
        live = await self.live(game_id)
        seat = live.seat_of(caller)
        live = await self.seats.claim(live, seat, who(caller))
        conn = self.hub.add(ws, game_id, seat, language_of(ws))
        conn.put(state_message(live, seat, model=Message, type="state", lang=conn.lang)
                 .model_dump_json())
        return conn

    async def resend(self, conn: Connection) -> None:
        """The whole game again to ``conn`` (a ``state`` message), as stored now: for a
        client that saw an update start past the index it knew (it missed one)."""
        live = await self.live(conn.game_id)
        conn.put(state_message(live, conn.seat, model=Message, type="state", lang=conn.lang)
                 .model_dump_json())

    def disconnect(self, conn: Connection) -> None:
        self.hub.remove(conn)

    # --- moving ---------------------------------------------------------------------------
    async def act(self, game_id: str, caller: Who | str | None, text: str,
                  index: int | None, lang: str = "en") -> GameState:
        """Play ``text`` for the caller's seat; the new state as that seat sees it."""
        live, seat = await self.move(game_id, caller, text, index)
        return state_message(live, seat, index if index is not None else 0, lang=lang)

    async def move(self, game_id: str, caller: Who | str | None, text: str,
                   index: int | None) -> tuple[LiveGame, int]:
        """Play ``text`` for the caller's seat (at action ``index`` where given): the game
        after it and the seat (a WebSocket's client hears of it by the broadcast)."""
        async def change(live: LiveGame) -> tuple[LiveGame, int]:
            seat = live.check_turn(live.seat_of(caller), index)
            return await self.play(live, seat, text), seat
        return await self.changing(game_id, change)

    async def play(self, live: LiveGame, seat: int, text: str) -> LiveGame:
        """Apply, commit, then broadcast (the caller holds the lock and has checked the
        turn: :meth:`changing`). The move is tried on a fork of the position, so that a
        refusal or a failed commit (Conflict: another process wrote first) leaves the
        cached game as it was. A takeback request the move ends is dropped in the same
        transaction."""
        before = live.index
        fresh = LiveGame(live.row, live.history.fork())
        try:
            rows = fresh.play(seat, text)
        except IllegalAction as e:
            raise ApiError(422, reason(e)) from None
        summary = fresh.summary()
        summary |= after_move(live.row, seat, summary["to_move"], now())   # the clock's
        ends = self.takebacks.ended_by(fresh, seat)
        bot_next = self.bots.next(fresh)
        version = await self.db(self.store.append, live.row.id, rows,
                                summary | {"bot_next": bot_next}, live.row.version, ends,
                                self.holder)
        fresh.row = fresh.row.changed(summary, version, takeback=None if ends else
                                      fresh.row.takeback)
        self.keep(fresh)
        self.broadcast(fresh, before)
        self.bots.due(fresh, leased=bot_next)
        return fresh

    def broadcast(self, live: LiveGame, since: int, kind: str = "update") -> None:
        """Tell every connection of the game what changed, each in its seat's view:
        ``update`` (a move: the events and moves since action ``since``), ``seats``,
        ``takeback``, or ``state`` (the whole game again, after a takeback)."""
        self.hub.publish(live.row.id, lambda seat, lang: state_message(
            live, seat, since, kind == "update", model=Message, type=kind, lang=lang
        ).model_dump_json())

    async def resume(self) -> int:
        """On start: the games a bot must move in (or whose set-up was interrupted) are
        replayed in the background and their bots started; the rest are replayed when first
        asked for, so a server with thousands of stored games serves at once. The number
        of games being resumed."""
        await self.clocks.wake()        # a downtime moves the deadlines before anything reads them
        ids = await self.db(self.store.resumable)
        self.spawn(self._resume(ids))
        return len(ids)

    async def _resume(self, ids: list[str]) -> None:
        for game_id in ids:
            try:
                live = await self.live(game_id)
                if live.state.current_player < 0 and not live.state.is_terminal():
                    live = await self.changing(game_id, self._deal)
                self.bots.due(live)
            except ApiError as e:                       # broken (logged), or gone
                log.info("game %s not resumed: %s", game_id, e.message)


    async def _deal(self, live: LiveGame) -> LiveGame:
        """Deal the chance outcomes due in ``live`` (a set-up that was interrupted)."""
        fresh = LiveGame(live.row, live.history.fork())
        rows, summary = fresh.deal(), fresh.summary()
        summary |= after_move(live.row, -1, summary["to_move"], now())
        if rows:
            version = await self.db(self.store.append, live.row.id, rows, summary,
                                    live.row.version)
            fresh.row = fresh.row.changed(summary, version)
            self.keep(fresh)
        return fresh


def _check_replayable(live: LiveGame) -> None:
    """ApiError 403 unless the game's past may be shown to anyone: once it is over, or
    from the start where it hides nothing."""
    if not live.over and live.game.hides_information:
        raise ApiError(403, "this game hides information: its record is served once it "
                            "is over")


def replay_failure(error: Exception) -> str:
    """Why a stored game does not replay, in one line (the engine's own words where it gave
    some: the illegal action and its reason)."""
    words = " ".join(str(error).split())
    return f"{type(error).__name__}: {words}" if words else type(error).__name__
