"""The host: each game's serialiser, the one path by which a game on the server changes.

One path for every move, a person's or a bot's (:meth:`Host.play`): under the game's lock,
check it against a fresh copy of the game, apply it with the chance outcomes it leads to,
commit the rows, and only then swap the cache, answer and broadcast. The database is the
truth: before acting, the cache is checked against the stored log's length and rebuilt when
another process has moved on, so nothing lives only in this process's memory.

What else happens to a game has a room of its own, as lichess splits a game's round
into a takebacker, a rematcher and so on; each is reached from the host and works through
it (its lock, :meth:`live`, :meth:`play`, :meth:`broadcast`): the seats and the lobby
(:mod:`.seats`), takebacks (:mod:`.takebacks`), player aids (:mod:`.aids`: hints and
the review of a finished game) and the bots (:class:`.bots.BotScheduler`).
"""
from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any, Callable

from fastapi import WebSocket

from ..core.errors import IllegalAction
from ..play.history import History
from .aids import Aids
from .bots import BotScheduler
from .errors import ApiError
from .hub import Connection, Hub
from .live import LiveGame
from .messages import state_message, summary_message
from .models import GameState, Message, Position
from .quotas import Quotas
from .seats import Seats
from .storage import Conflict, GameRow, Store
from .takebacks import Takebacks
from .workers import BotRunner

log = logging.getLogger("meeple.server")
CACHED_GAMES = 2000
"""Games kept replayed in memory; the rest are replayed again when asked for."""
BROKEN_KEPT = 10_000
"""Games remembered as not replaying (each is tried again once its stored version moves)."""


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
        self._key: bytes | None = None
        """Work started in the background (bots' moves, reviews), until it ends."""
        self.bots = BotScheduler(self, runner)
        self.seats = Seats(self)
        self.takebacks = Takebacks(self)
        self.aids = Aids(self, runner)

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

    async def live(self, game_id: str) -> LiveGame:
        """The game as stored now (seats, takeback request, log): the cached copy if its
        version is the stored one (one indexed read), else read again, and replayed again
        (in a worker thread) if the log has grown (another process moved). ApiError 404 if
        there is none, 503 if its log no longer replays (:meth:`_rebuild`)."""
        live = self.cache.get(game_id)
        version = await self.db(self.store.version, game_id)
        if version is None:
            raise ApiError(404, f"no game {game_id!r}")
        if live is None or live.row.version != version:
            row = await self.db(self.store.game, game_id)
            if live is None or live.index != row.index:
                live = await self._rebuild(row)
            live.row = row
            self.keep(live)
        self.cache.move_to_end(game_id)
        return live

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

    async def state(self, game_id: str, token: str | None, since: int = 0) -> GameState:
        live = await self.live(game_id)
        return state_message(live, live.seat_of(token), since)

    async def lobby(self, game: str | None, status: str | None, limit: int) -> list[dict]:
        """The listed games, newest change first (see :meth:`Store.games`)."""
        return [summary_message(r) for r in await self.db(self.store.games, game, status,
                                                          limit)]

    async def record(self, game_id: str) -> dict:
        """The whole record once the game is over or where it hides nothing. Before the
        end, the seed of a game with chance is left out: it would foretell the draws."""
        live = await self.live(game_id)
        over = live.state.is_terminal()
        _check_replayable(live)
        record = live.history.record()
        record.seats = [{"seat": s.seat, "agent": s.agent, **({"name": s.name} if s.name
                                                               else {})}
                        for s in live.row.seats]
        data = record.to_json()
        if not over and live.game.has_chance:
            data["seed"] = None
        return data

    async def position(self, game_id: str, index: int) -> GameState:
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
        return state_message(then, None, max(0, index - 1), model=Position, of=live.index)

    # --- watching -------------------------------------------------------------------------
    async def connect(self, ws: WebSocket, game_id: str, token: str | None) -> Connection:
        """A WebSocket that watches the game as the token's seat (a spectator without one),
        its first message, the whole state, queued; ApiError for a bad token or game. A
        seat's link in use claims the seat (:meth:`Seats.claim`)."""
        live = await self.live(game_id)
        seat = live.seat_of(token)
        live = await self.seats.claim(live, seat)
        conn = self.hub.add(ws, game_id, seat)
        conn.put(state_message(live, seat, model=Message, type="state").model_dump_json())
        return conn

    def disconnect(self, conn: Connection) -> None:
        self.hub.remove(conn)

    # --- moving ---------------------------------------------------------------------------
    async def act(self, game_id: str, token: str | None, text: str,
                  index: int | None) -> GameState:
        """Play ``text`` for the token's seat; the new state as that seat sees it."""
        live, seat = await self.move(game_id, token, text, index)
        return state_message(live, seat, index if index is not None else 0)

    async def move(self, game_id: str, token: str | None, text: str,
                   index: int | None) -> tuple[LiveGame, int]:
        """Play ``text`` for the token's seat (at action ``index`` where given): the game
        after it and the seat (a WebSocket's client hears of it by the broadcast)."""
        async with self.lock(game_id):
            live = await self.live(game_id)
            seat = live.check_turn(live.seat_of(token), index)
            return await self.play(live, seat, text), seat

    async def play(self, live: LiveGame, seat: int, text: str) -> LiveGame:
        """Apply, commit, then broadcast (the caller holds the lock and has checked the
        turn). The move is tried on a fork of the position, so that a refusal or a failed
        commit leaves the cached game as it was."""
        before = live.index
        fresh = LiveGame(live.row, live.history.fork())
        try:
            rows = fresh.play(seat, text)
        except IllegalAction as e:
            raise ApiError(422, str(e)) from None
        summary = fresh.summary()
        try:
            version = await self.db(self.store.append, live.row.id, rows, summary)
        except Conflict:
            self.cache.pop(live.row.id, None)
            raise ApiError(409, "another move was stored first: reload the state") from None
        fresh.row.summarize(summary, version)
        await self.takebacks.after_move(fresh, seat)
        self.keep(fresh)
        self.broadcast(fresh, before)
        self.bots.due(fresh)
        return fresh

    def broadcast(self, live: LiveGame, since: int, kind: str = "update") -> None:
        """Tell every connection of the game what changed, each in its seat's view:
        ``update`` (a move: the events and moves since action ``since``), ``seats``,
        ``takeback``, or ``state`` (the whole game again, after a takeback)."""
        self.hub.publish(live.row.id, lambda seat: state_message(
            live, seat, since, kind == "update", model=Message, type=kind).model_dump_json())

    async def resume(self) -> int:
        """On start: the games a bot must move in (or whose set-up was interrupted) are
        replayed in the background and their bots started; the rest are replayed when first
        asked for, so a server with thousands of stored games serves at once. The number
        of games being resumed."""
        ids = await self.db(self.store.resumable)
        self.spawn(self._resume(ids))
        return len(ids)

    async def _resume(self, ids: list[str]) -> None:
        for game_id in ids:
            try:
                live = await self.live(game_id)
                if live.state.current_player < 0 and not live.state.is_terminal():
                    async with self.lock(game_id):      # a set-up interrupted: deal it now
                        rows, summary = live.deal(), live.summary()
                        live.row.summarize(summary, await self.db(
                            self.store.append, game_id, rows, summary))
                self.bots.due(live)
            except ApiError as e:                       # broken (logged), or gone
                log.info("game %s not resumed: %s", game_id, e.message)


def _check_replayable(live: LiveGame) -> None:
    """ApiError 403 unless the game's past may be shown to anyone: once it is over, or
    from the start where it hides nothing."""
    if not live.state.is_terminal() and live.game.hides_information:
        raise ApiError(403, "this game hides information: its record is served once it "
                            "is over")


def replay_failure(error: Exception) -> str:
    """Why a stored game does not replay, in one line (the engine's own words where it gave
    some: the illegal action and its reason)."""
    words = " ".join(str(error).split())
    return f"{type(error).__name__}: {words}" if words else type(error).__name__
