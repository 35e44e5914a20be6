"""The host: every game's life on the server, from creation to rematch.

One path for every move, a person's or a bot's (:meth:`Host._play`): under the game's lock,
check it against a fresh copy of the game, apply it with the chance outcomes it leads to,
commit the rows, and only then swap the cache, answer and broadcast. The database is the
truth: before acting, the cache is checked against the stored log's length and rebuilt when
another process has moved on, so nothing lives only in this process's memory.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from typing import Any

from ..agents import make_agent
from ..core.errors import IllegalAction
from ..games import game_class, load
from ..play.analysis import ANALYSIS_AGENT, analyse, positions, slices
from ..play.hints import hint_spec
from ..play.history import History
from .bots import BotRunner
from .errors import ApiError
from .hub import Hub
from .live import LiveGame, bot_seed
from .messages import state_message, summary_message
from .storage import HUMAN, Conflict, GameRow, SeatRow, Store
from .tokens import derived_token, hashed, matches, new_game_id, new_token

log = logging.getLogger("meeple.server")
CACHED_GAMES = 2000
"""Games kept replayed in memory; the rest are replayed again when asked for."""
MAX_SEED = 2 ** 63 - 1
BOT_RETRY_S = 10.0
"""How long after a bot's failure its move is asked for again."""
ANALYSIS_SLICE = 10
"""Positions a review job takes at a time (a second or two of a worker)."""
HINTS_KEPT = 256
"""Positions whose hints are kept (a few per game being played)."""


class Host:
    """The server's games: the store, the cache of replayed games, the bots and the hub."""

    def __init__(self, store: Store, bots: BotRunner, hub: Hub):
        self.store, self.bots, self.hub = store, bots, hub
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()
        """Each game's lock, alive while someone holds or waits for it."""
        self.thinking: dict[str, int] = {}
        """Games whose bot is choosing, with the action index it chooses for."""
        self.analysing: dict[str, dict] = {}
        """Reviews under way: game → ``{"done", "of", "moves"}`` so far."""
        self.hinting: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        """Hints per (game, action index, k): computed once, shared by every request."""

    # --- reading --------------------------------------------------------------------------
    async def _db(self, method, *args) -> Any:
        return await asyncio.to_thread(method, *args)

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        return lock

    async def live(self, game_id: str) -> LiveGame:
        """The game as stored now (seats, takeback request, log): the cached copy if its
        version is the stored one (one indexed read), else read again, and replayed again
        if the log has grown (another process moved). ApiError 404 if there is none."""
        live = self.cache.get(game_id)
        version = await self._db(self.store.version, game_id)
        if version is None:
            raise ApiError(404, f"no game {game_id!r}")
        if live is None or live.row.version != version:
            row = await self._db(self.store.game, game_id)
            if live is None or live.index != row.index:
                live = LiveGame.rebuild(row, await self._db(self.store.actions, game_id))
            live.row = row
            self._keep(live)
        self.cache.move_to_end(game_id)
        return live

    def _keep(self, live: LiveGame) -> None:
        self.cache[live.row.id] = live
        while len(self.cache) > CACHED_GAMES:
            self.cache.popitem(last=False)

    async def state(self, game_id: str, token: str | None, since: int = 0) -> dict:
        live = await self.live(game_id)
        return state_message(live, live.seat_of(token), since)

    async def lobby(self, game: str | None, status: str | None, limit: int) -> list[dict]:
        """The listed games, newest change first (see :meth:`Store.games`)."""
        return [summary_message(r) for r in await self._db(self.store.games, game, status,
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

    async def position(self, game_id: str, index: int) -> dict:
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
        return {**state_message(then, None, max(0, index - 1)), "of": live.index}

    # --- creating -------------------------------------------------------------------------
    async def create(self, name: str, players: int | None, config: dict | None,
                     bots: dict[str, str], names: dict[str, str], seed: int | None,
                     private: bool, aids: bool = True) -> dict:
        """A new game; its human seats' tokens (shown only now) and join links."""
        try:
            _refuse_files(game_class(name), config or {})    # before anything reads a file
            game = load(name, players, config)
        except ValueError as e:
            raise ApiError(400, str(e)) from None
        agents = _seat_agents(game, bots)
        for key in names:
            if agents[_seat_key(key, game.players, "names")] != HUMAN:
                raise ApiError(400, f"names: seat {key} is a bot's")
        if seed is None:
            seed = secrets.randbits(48)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(400, f"seed must be 0–{MAX_SEED}")
        tokens, seats = {}, []
        for seat, agent in enumerate(agents):
            token = new_token() if agent == HUMAN else None
            if token:
                tokens[seat] = token
            seats.append(SeatRow(seat, agent, _name(names.get(str(seat))) if token else None,
                                 hashed(token) if token else None))
        row = GameRow(new_game_id(), game.name, game.players, dict(game.config), seed,
                      private, aids=aids, seats=seats)
        live = LiveGame.rebuild(row, [])
        first = live.deal()
        row.__dict__.update(live.summary())
        await self._db(self.store.create, row, first)
        self._keep(live)
        self._bot_if_due(live)
        return {"id": row.id, "game": row.game, "players": row.players,
                "seats": [{"seat": s, "token": t, "join": join_link(row.id, t)}
                          for s, t in tokens.items()]}

    # --- moving ---------------------------------------------------------------------------
    async def act(self, game_id: str, token: str | None, text: str,
                  index: int | None, reply: bool = True) -> dict | None:
        """Play ``text`` for the token's seat; the new state as that seat sees it (unless
        no ``reply`` is wanted: a WebSocket hears the broadcast)."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = live.seat_of(token)
            live.check_turn(seat, index)
            live = await self._play(live, seat, text)
        return state_message(live, seat, index if index is not None else 0) if reply else None

    async def _play(self, live: LiveGame, seat: int, text: str) -> LiveGame:
        """Apply, commit, then broadcast (the caller holds the lock and has checked the
        turn). The move is tried on a fork of the position, so that a refusal or a failed
        commit leaves the cached game as it was."""
        before = live.index
        fresh = LiveGame(live.row, live.history.fork())
        try:
            rows = fresh.play(seat, text)
        except IllegalAction as e:
            raise ApiError(422, str(e)) from None
        try:
            version = await self._db(self.store.append, live.row.id, rows, fresh.summary())
        except Conflict:
            self.cache.pop(live.row.id, None)
            raise ApiError(409, "another move was stored first: reload the state") from None
        fresh.row.__dict__.update(fresh.summary(), version=version)
        request = live.row.takeback
        if request is not None and (request["by"] == seat or isinstance(  # or chance since
                fresh.history.undo_point({request["by"]}), str)):
            fresh.row.version = await self._db(self.store.put_takeback, live.row.id, None)
            fresh.row.takeback = None
        self._keep(fresh)
        self._broadcast(fresh, before)
        self._bot_if_due(fresh)
        return fresh

    # --- hints --------------------------------------------------------------------------
    async def hints(self, game_id: str, token: str | None, k: int) -> dict:
        """The best ``k`` moves for the token's seat, on its turn (see the route)."""
        live = await self.live(game_id)
        seat = live.seat_of(token)
        live.check_turn(seat, None)
        if not live.row.aids:
            raise ApiError(403, "player aids are off in this game (table rules): no hints")
        key = (game_id, live.index, k)
        task = self.hinting.get(key)
        if task is None:
            spec = hint_spec(live.state.game, "auto", [s.agent for s in live.row.seats])
            record = live.history.record().to_json()
            task = asyncio.ensure_future(self.bots.rank(
                record, spec, bot_seed(live.row.seed, -1 - live.index), k))
            self.hinting[key] = task
            while len(self.hinting) > HINTS_KEPT:
                self.hinting.popitem(last=False)
        try:
            found = await asyncio.shield(task)
        except Exception:
            self.hinting.pop(key, None)
            log.exception("hints in game %s at action %d failed", game_id, live.index)
            raise ApiError(503, "the hint could not be computed; try again") from None
        return {**found, "index": live.index, "seat": seat}

    # --- the review of a finished game ----------------------------------------------------
    async def analysis(self, game_id: str) -> dict:
        """Each move's estimated win chance once the game is over: the stored review, or
        how far the one under way has come (started by the first request)."""
        live = await self.live(game_id)
        if not live.state.is_terminal():
            raise ApiError(409, "a game is reviewed once it is over")
        hidden = {"hides_information": live.game.hides_information}
        stored = await self._db(self.store.analysis, game_id)
        if stored is not None:
            n = len(stored["moves"])
            return {"status": "done", **stored, "done": n, "of": n, **hidden}
        progress = self.analysing.get(game_id)
        if progress is None:
            progress = self.analysing[game_id] = {"done": 0, "of": None, "moves": []}
            asyncio.get_running_loop().create_task(self._analyse(live, progress))
        return {"status": "running", "agent": ANALYSIS_AGENT, **progress, **hidden}

    async def _analyse(self, live: LiveGame, progress: dict) -> None:
        """Review the game slice by slice in a bot worker, one slice at a time (bots'
        moves never wait behind a whole review), then keep it with the game."""
        game_id = live.row.id
        try:
            record = live.history.record().to_json()
            indices = await asyncio.to_thread(positions, record)
            progress["of"] = len(indices)
            for part in slices(indices, ANALYSIS_SLICE):
                rows = await self.bots.run(analyse, record, part, ANALYSIS_AGENT,
                                           bot_seed(live.row.seed, -1))
                progress["moves"] = progress["moves"] + rows
                progress["done"] = len(progress["moves"])
            await self._db(self.store.put_analysis, game_id, ANALYSIS_AGENT,
                           progress["moves"])
        except Exception:
            log.exception("the review of game %s failed (asked again, it starts anew)",
                          game_id)
        finally:
            self.analysing.pop(game_id, None)

    def _broadcast(self, live: LiveGame, since: int, kind: str = "update") -> None:
        self.hub.publish(live.row.id,
                         lambda seat: {"type": kind, **state_message(live, seat, since,
                                                                     kind == "update")})

    # --- bots -----------------------------------------------------------------------------
    def _bot_if_due(self, live: LiveGame) -> None:
        """Start the bot to move, if a bot is to move and none is choosing yet."""
        state = live.state
        if state.is_terminal() or state.current_player < 0:
            return
        seat = live.row.seats[state.current_player]
        if seat.human or self.thinking.get(live.row.id) == live.index:
            return
        self.thinking[live.row.id] = live.index
        asyncio.get_running_loop().create_task(self._bot_move(live, seat))

    async def _bot_move(self, live: LiveGame, seat: SeatRow) -> None:
        game_id, index = live.row.id, live.index
        try:
            record = live.history.record().to_json()
            text = await self.bots.choose(record, seat.agent, bot_seed(live.row.seed, index))
            async with self._lock(game_id):
                now = await self.live(game_id)
                if now.index == index and now.history.actions == live.history.actions:
                    await self._play(now, seat.seat, text)
                else:                     # taken back meanwhile: the bot to move now, anew
                    asyncio.get_running_loop().call_soon(self._bot_if_due, now)
        except ApiError as e:             # another process stored a move first
            log.info("bot %s in game %s at action %d: %s", seat.agent, game_id, index,
                     e.message)
        except Exception:
            log.exception("bot %s in game %s failed at action %d (asked again in %g s)",
                          seat.agent, game_id, index, BOT_RETRY_S)
            asyncio.get_running_loop().call_later(BOT_RETRY_S, self._bot_again, game_id)
        finally:
            if self.thinking.get(game_id) == index:
                del self.thinking[game_id]

    def _bot_again(self, game_id: str) -> None:
        """Ask the bot to move once more, after a failure (a worker that died twice)."""
        live = self.cache.get(game_id)
        if live is not None:
            self._bot_if_due(live)

    async def resume(self) -> int:
        """Replay every unfinished game and start the bots that are to move (on start)."""
        ids = await self._db(self.store.unfinished)
        for game_id in ids:
            live = await self.live(game_id)
            if live.state.current_player < 0 and not live.state.is_terminal():
                async with self._lock(game_id):      # a set-up interrupted: deal it now
                    rows = live.deal()
                    live.row.version = await self._db(self.store.append, game_id, rows,
                                                      live.summary())
            self._bot_if_due(live)
        return len(ids)

    # --- seats ----------------------------------------------------------------------------
    async def join(self, game_id: str, token: str | None, seat: int | None,
                   name: str) -> dict:
        """Take a seat: with its token, name it; without, take an open human seat (the
        first if ``seat`` is None) and get a new token for it."""
        name = _name(name)
        async with self._lock(game_id):
            live = await self.live(game_id)
            own = live.seat_of(token)
            if own is not None:
                if seat is not None and seat != own:
                    raise ApiError(403, f"this token holds seat {own}, not seat {seat}")
                stored = live.row.seats[own].token_hash
                await self._db(self.store.set_seat, game_id, own, name, stored)
                reply = {"seat": own, "token": token, "join": join_link(game_id, token)}
            else:
                reply = await self._take_open(live, seat, name)
            live = await self.live(game_id)
        self._broadcast(live, live.index, "seats")
        return reply

    async def claim(self, live: LiveGame, seat: int | None) -> LiveGame:
        """A seat's link in use (its page connected): the seat is no longer open to the
        lobby, which would hand it to a stranger and end the link's token. It is named
        GUEST until its person names it (POST /join with the token)."""
        if seat is None or not live.row.seats[seat].open:
            return live
        async with self._lock(live.row.id):
            stored = live.row.seats[seat].token_hash
            if await self._db(self.store.set_seat, live.row.id, seat, GUEST, stored,
                              (None, stored)):
                live = await self.live(live.row.id)
                self._broadcast(live, live.index, "seats")
        return await self.live(live.row.id)

    async def _take_open(self, live: LiveGame, seat: int | None, name: str) -> dict:
        row = live.row
        if row.private:
            raise ApiError(403, "this game is private: its seats are taken with their links")
        if live.state.is_terminal():
            raise ApiError(409, "the game is over")
        if seat is None:
            seat = next((s.seat for s in row.seats if s.open), None)
            if seat is None:
                raise ApiError(409, "no seat is open in this game")
        if not 0 <= seat < row.players:
            raise ApiError(400, f"seat must be 0–{row.players - 1}")
        wanted = row.seats[seat]
        if not wanted.human:
            raise ApiError(409, f"seat {seat} is a bot ({wanted.agent})")
        if not wanted.open:
            raise ApiError(409, f"seat {seat} is taken")
        token = new_token()
        if not await self._db(self.store.set_seat, row.id, seat, name, hashed(token),
                              (None, wanted.token_hash)):
            raise ApiError(409, f"seat {seat} was taken a moment ago")
        return {"seat": seat, "token": token, "join": join_link(row.id, token)}

    async def leave(self, game_id: str, token: str | None) -> dict:
        """Give up the token's seat: its token stops working and the seat is open again."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = _seated(live, token)
            await self._db(self.store.set_seat, game_id, seat, None, None)
            live = await self.live(game_id)
        self._broadcast(live, live.index, "seats")
        return {"seat": seat, "left": True}

    async def rematch(self, game_id: str, token: str | None) -> dict:
        """The same game, seats and options with a new seed, once this one is over; the
        first seat to ask creates it, each asks for its own token there (the same one each
        time it asks: see :func:`derived_token`)."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = _seated(live, token)
            if not live.state.is_terminal():
                raise ApiError(409, "a rematch is played once the game is over")
            new_id = live.row.rematch
            if new_id is None:
                new_id = await self._create_rematch(live)
                live.row.rematch = new_id
        token = derived_token(token, new_id)
        async with self._lock(new_id):
            target = (await self.live(new_id)).row.seats[seat]
            if target.token_hash is not None and not matches(token, target.token_hash):
                raise ApiError(409, f"your seat in the rematch ({seat}) was taken by "
                                    "someone else")
            if target.token_hash is None:
                await self._db(self.store.set_seat, new_id, seat,
                               target.name or f"seat {seat}", hashed(token), (target.name, None))
        self._broadcast(await self.live(game_id), live.index, "seats")
        return {"id": new_id, "seat": seat, "token": token, "join": join_link(new_id, token)}

    async def _create_rematch(self, live: LiveGame) -> str:
        row = live.row
        seats = [SeatRow(s.seat, s.agent, s.name if s.human else None,
                         None) for s in row.seats]
        for s in seats:              # reserved for the same people: not open to strangers
            if s.human and s.name is None:
                s.name = f"seat {s.seat}"
        new = GameRow(new_game_id(), row.game, row.players, row.config,
                      secrets.randbits(48), row.private, aids=row.aids, seats=seats,
                      rematch_of=row.id)
        fresh = LiveGame.rebuild(new, [])
        first = fresh.deal()
        new.__dict__.update(fresh.summary())
        await self._db(self.store.create, new, first)
        linked = await self._db(self.store.link_rematch, row.id, new.id)
        self._keep(fresh)
        self._bot_if_due(fresh)
        return linked

    # --- takebacks ------------------------------------------------------------------------
    async def request_takeback(self, game_id: str, token: str | None) -> dict:
        """Ask to take back the token's seat's last move (and all after it); taken back at
        once when no other person sits at the game, else when all of them accept."""
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = _seated(live, token)
            if live.state.is_terminal():
                raise ApiError(409, "the game is over")
            keep = live.history.undo_point({seat})
            if isinstance(keep, str):
                raise ApiError(409, keep)
            request = {"by": seat, "keep": keep, "accepted": []}
            return await self._settle(live, request)

    async def answer_takeback(self, game_id: str, token: str | None, accept: bool) -> dict:
        async with self._lock(game_id):
            live = await self.live(game_id)
            seat = _seated(live, token)
            request = live.row.takeback
            if request is None:
                raise ApiError(409, "no takeback has been asked")
            if request["by"] == seat:
                raise ApiError(409, "you asked for this takeback; the others answer it")
            if not accept:
                live.row.version = await self._db(self.store.put_takeback, game_id, None)
                live.row.takeback = None
                self._broadcast(live, live.index, "takeback")
                return {"takeback": None, "declined_by": seat}
            if seat not in request["accepted"]:
                request["accepted"].append(seat)
            return await self._settle(live, request)

    async def _settle(self, live: LiveGame, request: dict) -> dict:
        """Store ``request``, or carry it out once every other person holding a seat's
        token accepted (a link handed out but never opened still has a say: consent is
        never assumed; the asker's next move withdraws a request nobody answers)."""
        voters = {s.seat for s in live.row.seats     # whoever holds a seat's token answers
                  if s.human and s.token_hash is not None and s.seat != request["by"]}
        game_id = live.row.id
        if not voters <= set(request["accepted"]):
            live.row.version = await self._db(self.store.put_takeback, game_id, request)
            live.row.takeback = request
            self._broadcast(live, live.index, "takeback")
            return {"takeback": request, "waiting": sorted(voters - set(request["accepted"]))}
        keep = request["keep"]
        back = LiveGame(live.row, History(live.game, live.row.seed,
                                          live.history.actions[:keep]))
        version = await self._db(self.store.take_back, game_id, keep, request["by"],
                                 back.summary())
        back.row.takeback = None
        back.row.__dict__.update(back.summary(), version=version)
        self._keep(back)
        self._broadcast(back, 0, "state")
        self._bot_if_due(back)
        return {"takeback": None, "taken_back": live.index - keep, "index": keep}


def join_link(game_id: str, token: str) -> str:
    """The page a seat's person opens to play (its token in the link)."""
    return f"/games/{game_id}?token={token}"


def _check_replayable(live: LiveGame) -> None:
    """ApiError 403 unless the game's past may be shown to anyone: once it is over, or
    from the start where it hides nothing."""
    if not live.state.is_terminal() and live.game.hides_information:
        raise ApiError(403, "this game hides information: its record is served once it "
                            "is over")


def _seated(live: LiveGame, token: str | None) -> int:
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(403, "this needs a seat's token ('Authorization: Bearer TOKEN')")
    return seat


GUEST = "guest"
"""The name of a seat whose link is in use and whose person has not named it."""


def _name(name: object) -> str | None:
    """A display name: 1–40 printable characters, spaces trimmed."""
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40 \
            or not name.strip().isprintable():
        raise ApiError(400, "a name is 1–40 printable characters")
    return name.strip()


def _refuse_files(game, config: dict) -> None:
    """A server reads no file for a client: options that name a file take data only."""
    for option in game.options:
        if option.file and isinstance(config.get(option.name), str):
            raise ApiError(400, f"option {option.name!r} names a file, which the server does "
                                "not read; give the data itself"
                           if dict in option.types else
                           f"option {option.name!r} names a file, which the server does "
                           "not read")


def _seat_agents(game, bots: dict[str, str]) -> list[str]:
    """Each seat's agent: ``human``, or the bot spec given for it (checked)."""
    agents = [HUMAN] * game.players
    for key, spec in bots.items():
        seat = _seat_key(key, game.players, "bots")
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 200:
            raise ApiError(400, f"bots: seat {key} needs an agent spec such as 'greedy' "
                                "or 'mcts:time=1'")
        if spec.strip().casefold() == HUMAN:
            continue
        try:
            make_agent(spec, game)
        except ValueError as e:
            raise ApiError(400, f"bots: seat {key}: {e}") from None
        name, _, options = spec.strip().partition(":")
        agents[seat] = name.casefold() + (":" + options if options else "")
    return agents


def _seat_key(key: str, players: int, what: str) -> int:
    """The seat a key of ``bots`` or ``names`` stands for: ``"0"`` to ``"players-1"``,
    written the one way (not ``"01"``)."""
    if key not in {str(n) for n in range(players)}:
        raise ApiError(400, f"{what}: {key!r} is not a seat 0–{players - 1}")
    return int(key)

