"""Time controls and abandonment: how long a move may take, what happens when a person's
time runs out, a seat handed to a bot and taken back, a game claimed or ended as abandoned.

A game's clock is chosen at its creation (:func:`setting`), stored in ``games.clock``:

- ``{"kind": "move", "seconds": S}``: each turn of a person may take S seconds;
- ``{"kind": "live", "base": B, "increment": I}``: each seat has B seconds for the whole
  game, its own clock runs only on its turns, and I seconds are added each time it hands
  the turn over;
- ``{"kind": "correspondence", "days": D}``: each turn may take D days (1, 3 or 7);

with ``"on_timeout"``: ``"bot"`` (a bot takes the seat over until its person takes it back)
or ``"claim"`` (the other people may claim the win or end the game as abandoned; until one
does, the person whose time ran out may still move).

A clock runs only while a person is to move: never for a bot, a bot standing in for a
person, or chance. A turn is all the consecutive actions of one seat (a Carcassonne tile
and its follower): its time runs from the first to the last. What is stored (all written
in the same statement as the move or change that causes them, see :mod:`.appends`):
``deadline`` (the absolute time the person to move runs out, None when no clock runs),
``remaining`` (a live clock's seconds per seat as of the start of the turn running now:
the mover's time left is ``deadline - now``), ``timed_out`` (the seat whose time ran out
in a ``claim`` game).

Deadlines are absolute times, so a server restart changes none of them by itself, and a
server that was down must not make anyone lose on time: every process beats a heartbeat
(a lease row, :data:`HEARTBEAT`) every :data:`SWEEP_S`; the first process back after no
process beat for :data:`STALE_S` shifts every running deadline by the time nobody beat
(:meth:`.storage.Store.beat`, one transaction) before it looks for timeouts. The sweep
(:meth:`Clocks.keep_up`) finds the games whose deadline passed, and exactly one process
acts on each (the lease ``clock:GAME``), on the game as stored (a version-checked write).

The arithmetic is pure functions of the settings, the stored values and the time
(:func:`begin`, :func:`moved`, :func:`restarted`, :func:`paused`, :func:`resumed`,
:func:`expired`, :func:`shown`); :class:`Clocks` is the host's room that applies them.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any

from .errors import ApiError
from .storage import GameRow, now
from .tokens import Who

if TYPE_CHECKING:
    from .host import Host
    from .live import LiveGame

log = logging.getLogger("meeple.server")

KINDS: dict[str, dict[str, tuple[int, int] | tuple[int, ...]]] = {
    "move": {"seconds": (5, 86400)},
    "live": {"base": (10, 86400), "increment": (0, 3600)},
    "correspondence": {"days": (1, 3, 7)},
}
"""Each kind's settings: a range ``(low, high)`` of whole seconds, or (days) the values
allowed."""
OPTIONAL = {"increment": 0}
"""Settings that may be left out, with their default."""
ON_TIMEOUT = ("bot", "claim")
SWEEP_S = 1.0
"""How often a process beats the heartbeat and looks for deadlines that passed."""
STALE_S = 5.0
"""A heartbeat older than this: no process was alive (or reached the database) since, and
every running deadline moves on by that time."""
HEARTBEAT = "clocks:alive"
"""The lease row whose ``expires_at`` is the last heartbeat of any process."""
RETURN_S = 60.0
"""A live clock at zero restarts with ``min(base, RETURN_S)`` seconds when its person takes
the seat back from a bot or moves after their time ran out."""
LEASE_S = 6.0
"""How long a process's lease on a game's timeout lasts (it acts at once)."""


# --- the settings --------------------------------------------------------------------------
def setting(clock: dict | None, on_timeout: str = "bot") -> dict | None:
    """The clock to store for a CreateGame's ``clock`` and ``on_timeout``: the settings
    checked, with ``on_timeout``; None for an untimed game. ApiError 400 saying what is
    wrong otherwise."""
    if on_timeout not in ON_TIMEOUT:
        raise ApiError(400, "on_timeout must be 'bot' or 'claim'")
    if clock is None:
        return None
    if not isinstance(clock, dict) or clock.get("kind") not in KINDS:
        raise ApiError(400, "clock: kind must be 'move' ({\"seconds\": 5–86400}), 'live' "
                            "({\"base\": 10–86400, \"increment\": 0–3600}) or "
                            "'correspondence' ({\"days\": 1, 3 or 7})")
    kind = clock["kind"]
    fields = KINDS[kind]
    unknown = sorted(set(clock) - set(fields) - {"kind"})
    if unknown:
        raise ApiError(400, f"clock: a {kind} clock has no {', '.join(map(repr, unknown))} "
                            f"(its settings: {', '.join(fields)})")
    stored: dict[str, Any] = {"kind": kind}
    for name, allowed in fields.items():
        value = clock.get(name, OPTIONAL.get(name))
        if value is None:
            raise ApiError(400, f"clock: a {kind} clock needs {name!r}")
        if type(value) is float and value.is_integer():
            value = int(value)
        if type(value) is not int:
            raise ApiError(400, f"clock: {name} must be a whole number")
        if name == "days":
            if value not in allowed:
                raise ApiError(400, "clock: days must be 1, 3 or 7")
        elif not allowed[0] <= value <= allowed[1]:
            unit = "seconds"
            raise ApiError(400, f"clock: {name} must be {allowed[0]}–{allowed[1]} {unit}")
        stored[name] = value
    return stored | {"on_timeout": on_timeout}


def allowance(clock: dict) -> float | None:
    """The seconds one turn may take under a ``move`` or ``correspondence`` clock; None
    for a live clock (each seat's own time left)."""
    if clock["kind"] == "move":
        return float(clock["seconds"])
    if clock["kind"] == "correspondence":
        return clock["days"] * 86400.0
    return None


def describe(clock: dict | None) -> str:
    """The clock in words ("5 min + 3 s", "60 s a move", "3 days a move", "untimed")."""
    if clock is None:
        return "untimed"
    if clock["kind"] == "move":
        return f"{clock['seconds']} s a move"
    if clock["kind"] == "correspondence":
        return f"{clock['days']} day{'s' if clock['days'] > 1 else ''} a move"
    base = clock["base"]
    text = f"{base // 60} min" if base % 60 == 0 else f"{base} s"
    return text + (f" + {clock['increment']} s" if clock["increment"] else "")


# --- the arithmetic -----------------------------------------------------------------------
@dataclass(frozen=True)
class Timing:
    """A game's stored clock values: when the person to move runs out (None: no clock
    runs), a live clock's seconds per seat as of the start of the turn running now, the
    seat whose time ran out (a ``claim`` game)."""

    deadline: datetime | None = None
    remaining: list[float] | None = None
    timed_out: int | None = None

    def values(self) -> dict:
        """As the ``games`` columns (and a summary's keys) ``deadline``, ``remaining``,
        ``timed_out``."""
        return {"deadline": self.deadline, "remaining": self.remaining,
                "timed_out": self.timed_out}


def utc(when: datetime | None) -> datetime | None:
    """``when`` as an aware UTC time (SQLite gives back times without their zone)."""
    if when is None or when.tzinfo is not None:
        return when
    return when.replace(tzinfo=timezone.utc)


def _aware(timing: Timing) -> Timing:
    """``timing`` with its deadline in UTC."""
    if timing.deadline is None or timing.deadline.tzinfo is not None:
        return timing
    return replace(timing, deadline=utc(timing.deadline))


def _seconds(value: float) -> float:
    return round(max(0.0, value), 3)


def _start(clock: dict, remaining: list[float] | None, seat: int, when: datetime) -> datetime:
    """The deadline of a turn of ``seat`` that starts ``when``."""
    fixed = allowance(clock)
    left = fixed if fixed is not None else remaining[seat]
    return when + timedelta(seconds=left)


def _left(deadline: datetime | None, when: datetime) -> float:
    return _seconds((utc(deadline) - when).total_seconds()) if deadline else 0.0


def begin(clock: dict | None, players: int, to_move: int, runs: bool,
          when: datetime) -> Timing:
    """A new game's timing: a live clock gives every seat its base; the deadline of the
    first turn if a person is to move (``runs``: ``to_move`` is a person's seat and no bot
    plays for it)."""
    if clock is None:
        return Timing()
    remaining = [float(clock["base"])] * players if clock["kind"] == "live" else None
    deadline = _start(clock, remaining, to_move, when) if runs and to_move >= 0 else None
    return Timing(deadline, remaining, None)


def moved(clock: dict | None, timing: Timing, mover: int, to_move: int, runs: bool,
          when: datetime) -> Timing:
    """The timing after ``mover``'s action stored ``when`` (chance dealt after it), with
    ``to_move`` to act next (negative: the game is over) and ``runs`` whether a person's
    clock runs for it. While the same seat goes on with its turn under a running clock,
    nothing changes. Else the time the mover used is charged to its live clock, and the
    increment added once (the turn is handed over); a mover whose time had run out
    (``timed_out``, a late move in a ``claim`` game) starts its clock again from at least
    :data:`RETURN_S`; the next person's deadline starts."""
    timing = _aware(timing)
    if clock is None:
        return timing
    live_clock = clock["kind"] == "live"
    remaining = list(timing.remaining) if live_clock and timing.remaining else None
    timed_out = timing.timed_out
    late = mover >= 0 and mover == timed_out
    if late:
        timed_out = None
    running = timing.deadline is not None and mover >= 0
    if running and to_move == mover and runs:
        return Timing(timing.deadline, remaining, timed_out)   # the turn goes on
    if remaining is not None and mover >= 0:
        if running:
            remaining[mover] = _left(timing.deadline, when)
        if late:
            remaining[mover] = max(remaining[mover], floor(clock))
        if to_move != mover and (running or late):
            remaining[mover] = _seconds(remaining[mover] + clock["increment"])
    if to_move < 0 or not runs:
        return Timing(None, remaining, timed_out)
    if running and to_move == mover:
        return Timing(timing.deadline, remaining, timed_out)
    return Timing(_start(clock, remaining, to_move, when), remaining, timed_out)


def floor(clock: dict) -> float:
    """The least a live clock restarts with after its time ran out."""
    return float(min(clock["base"], RETURN_S)) if clock["kind"] == "live" else 0.0


def paused(clock: dict | None, timing: Timing, seat: int, to_move: int,
           when: datetime) -> Timing:
    """The timing when ``seat`` stops running a clock (a bot takes it over): if it is to
    move, its time used so far is charged to its live clock and no deadline runs; the
    seat's ``timed_out`` ends (the bot moves on for it)."""
    timing = _aware(timing)
    if clock is None:
        return timing
    timed_out = None if timing.timed_out == seat else timing.timed_out
    if seat != to_move:
        return Timing(timing.deadline, timing.remaining, timed_out)
    remaining = list(timing.remaining) if timing.remaining else None
    if remaining is not None and timing.deadline is not None:
        remaining[seat] = _left(timing.deadline, when)
    return Timing(None, remaining, timed_out)


def resumed(clock: dict | None, timing: Timing, seat: int, to_move: int,
            when: datetime) -> Timing:
    """The timing when ``seat``'s person takes it back from a bot: if it is to move, its
    turn starts now (a live clock at zero from :data:`RETURN_S`)."""
    timing = _aware(timing)
    if clock is None:
        return timing
    remaining = list(timing.remaining) if timing.remaining else None
    if remaining is not None:
        remaining[seat] = max(remaining[seat], floor(clock))
    timed_out = None if timing.timed_out == seat else timing.timed_out
    if seat != to_move:
        return Timing(timing.deadline, remaining, timed_out)
    return Timing(_start(clock, remaining, seat, when), remaining, timed_out)


def restarted(clock: dict | None, timing: Timing, was_to_move: int, to_move: int, runs: bool,
              when: datetime) -> Timing:
    """The timing after a takeback: the time the seat to move used so far is charged to
    its live clock (no increment: its turn was not handed over), no one's time has run
    out any more, and the turn of ``to_move`` (a person's, ``runs``) starts now."""
    timing = _aware(timing)
    if clock is None:
        return timing
    remaining = list(timing.remaining) if timing.remaining else None
    if remaining is not None and timing.deadline is not None and was_to_move >= 0:
        remaining[was_to_move] = _left(timing.deadline, when)
    deadline = _start(clock, remaining, to_move, when) if runs and to_move >= 0 else None
    return Timing(deadline, remaining, None)


def expired(clock: dict, timing: Timing, seat: int) -> Timing:
    """The timing once ``seat``'s time ran out: its live clock at zero, no deadline runs;
    in a ``claim`` game, ``timed_out`` names it (a ``bot`` game hands the seat to a bot
    instead)."""
    timing = _aware(timing)
    remaining = list(timing.remaining) if timing.remaining else None
    if remaining is not None:
        remaining[seat] = 0.0
    return Timing(None, remaining, seat if clock["on_timeout"] == "claim" else None)


def shown(clock: dict | None, timing: Timing, to_move: int, when: datetime) -> dict | None:
    """What a state message says of the clock: its settings, ``deadline`` (ISO), each
    seat's seconds left now (a live clock: the mover's counted down to ``when``),
    ``timed_out`` and the server's ``now`` (a client corrects its own clock by it)."""
    timing = _aware(timing)
    if clock is None:
        return None
    remaining = list(timing.remaining) if timing.remaining else None
    if remaining is not None and timing.deadline is not None and 0 <= to_move < len(remaining):
        remaining[to_move] = _left(timing.deadline, when)
    deadline = utc(timing.deadline)
    return {**clock, "deadline": deadline.isoformat() if deadline else None,
            "remaining": remaining, "timed_out": timing.timed_out, "now": when.isoformat()}


# --- a game's row ------------------------------------------------------------------------
def timing_of(row: GameRow) -> Timing:
    """The stored clock values of ``row``."""
    return Timing(utc(row.deadline), row.remaining, row.timed_out)


def runs(row: GameRow, seat: int) -> bool:
    """Whether a person's clock runs while ``seat`` is to move: a person's seat that no
    bot plays for (never a bot, a stand-in or chance)."""
    return 0 <= seat < len(row.seats) and row.seats[seat].bot is None


def first_turn(row: GameRow, when: datetime | None = None) -> None:
    """Set a new game's ``deadline`` and ``remaining`` (its set-up dealt and summarized
    into ``row``, not stored yet): :func:`begin`."""
    to_move = row.to_move if row.to_move is not None else -1
    if row.finished:
        to_move = -1
    timing = begin(row.clock, row.players, to_move, runs(row, to_move), when or now())
    row.deadline, row.remaining, row.timed_out = (timing.deadline, timing.remaining,
                                                  timing.timed_out)


def after_move(row: GameRow, mover: int, to_move: int, when: datetime) -> dict:
    """The clock columns to store with ``mover``'s action (``to_move`` next), as a
    summary's keys: :func:`moved`; empty for an untimed game (nothing to write)."""
    if row.clock is None:
        return {}
    return moved(row.clock, timing_of(row), mover, to_move, runs(row, to_move),
                 when).values()


def after_takeback(row: GameRow, to_move: int, when: datetime) -> dict:
    """The clock columns to store with a takeback that leaves ``to_move`` to act (``row``:
    the game before it): :func:`restarted`; empty for an untimed game."""
    if row.clock is None:
        return {}
    was = row.to_move if row.to_move is not None else -1
    return restarted(row.clock, timing_of(row), was, to_move, runs(row, to_move),
                     when).values()


def state_clock(row: GameRow, when: datetime | None = None) -> dict | None:
    """The ``clock`` of a state message about ``row``: :func:`shown`."""
    if row.clock is None:
        return None
    to_move = -1 if row.finished or row.to_move is None else row.to_move
    return shown(row.clock, timing_of(row), to_move, when or now())


def default_standin(menu: list[dict]) -> str:
    """The bot that stands in for a person: the menu's quickest search bot (its first
    ``mcts`` entry: strong enough to keep a game worth finishing, cheap for the
    server), else ``greedy``."""
    return next((m["spec"] for m in menu if m["spec"].startswith("mcts")), "greedy")


# --- the host's room -----------------------------------------------------------------------
class Clocks:
    """The host's clocks: the sweep that acts on deadlines that passed, the heartbeat that
    forgives a server's downtime, a seat handed to a bot and back, a game claimed."""

    def __init__(self, host: Host):
        self.host = host
        self.acting: set[str] = set()
        """Games whose timeout this process is acting on."""

    def standin(self, live: LiveGame) -> str:
        """The agent spec of the bot that plays for a person in ``live``'s game."""
        return default_standin(self.host.quotas.bot_menu(type(live.game)))

    # --- the heartbeat and the sweep ---------------------------------------------------
    async def wake(self) -> None:
        """Beat the heartbeat; after a time no process beat (the server was down), every
        running deadline moves on by that time first (see :meth:`.storage.Store.beat`)."""
        host = self.host
        shift = await host.db(host.store.beat, HEARTBEAT, STALE_S)
        if shift is not None:
            log.warning("no server process was alive for %.1f s: every running deadline "
                        "moves on by that time", shift.total_seconds())

    async def keep_up(self) -> None:
        """Until cancelled, every :data:`SWEEP_S`: beat the heartbeat, then act on the
        games whose deadline passed (each in the background, by one process)."""
        host = self.host
        while True:
            try:
                await self.wake()
                for game_id in await host.db(host.store.overdue, now()):
                    if game_id not in self.acting:
                        self.acting.add(game_id)
                        host.spawn(self._expire(game_id))
            except Exception:
                log.exception("looking for clocks that ran out failed (tried again in %g s)",
                              SWEEP_S)
            await asyncio.sleep(SWEEP_S)

    async def _expire(self, game_id: str) -> None:
        """Act on the game's deadline that passed, if this process takes the game's lease
        ``clock:GAME`` (exactly one process acts) and the stored game still has it."""
        host = self.host
        lease = f"clock:{game_id}"
        held = False
        try:
            held = await host.db(host.store.lease, lease, host.holder, LEASE_S)
            if held:
                await host.changing(game_id, self._time_out)
        except ApiError as e:
            log.info("the clock of game %s: %s", game_id, e.message)
        except Exception:
            log.exception("acting on the clock of game %s failed", game_id)
        finally:
            self.acting.discard(game_id)
            if held:
                try:
                    await host.db(host.store.release, lease, host.holder)
                except Exception:          # the database is away: the lease lapses
                    log.exception("could not release the lease %s", lease)

    async def _time_out(self, live: LiveGame) -> None:
        """The seat to move ran out of time (as ``live`` has it): a bot takes it over, or
        the others may claim the game (``on_timeout``)."""
        host, row, when = self.host, live.row, now()
        seat = live.state.current_player
        deadline = utc(row.deadline)
        if (row.clock is None or deadline is None or deadline > when or live.over
                or not runs(row, seat)):
            return                          # moved meanwhile, or nobody to time out
        timing = expired(row.clock, timing_of(row), seat)
        if row.clock["on_timeout"] == "bot":
            spec = self.standin(live)
            version = await host.db(host.store.clock_change, row.id, row.version,
                                    timing.values(), (seat, spec))
            changed = host.stored(live, version, **timing.values(),
                                  seats=_standing_in(row, seat, spec))
            log.info("game %s: seat %d ran out of time; %s plays for it", row.id, seat, spec)
        else:
            version = await host.db(host.store.clock_change, row.id, row.version,
                                    timing.values())
            changed = host.stored(live, version, **timing.values())
            log.info("game %s: seat %d ran out of time; the others may claim", row.id, seat)
        host.broadcast(changed, changed.index, "seats")
        host.bots.due(changed)

    # --- what people ask ---------------------------------------------------------------
    async def hand_over(self, game_id: str, caller: Who | str | None, bot: bool) -> dict:
        """The caller's seat handed to a bot (``bot``: "let a bot finish for me") or taken
        back from one (also after their time ran out); ``{"seat", "bot"}``: the agent
        that now plays for the seat, None for its person."""
        host = self.host

        async def change(live: LiveGame) -> tuple[LiveGame, dict]:
            seat = _person(live, caller)
            if live.over:
                raise ApiError(409, "the game is over")
            current = live.row.seats[seat].standin
            if (current is not None) == bot:             # already so
                return live, {"seat": seat, "bot": current}
            spec = self.standin(live) if bot else None
            row, to_move, when = live.row, live.state.current_player, now()
            step = paused if bot else resumed
            timing = step(row.clock, timing_of(row), seat, to_move, when)
            version = await host.db(host.store.clock_change, row.id, row.version,
                                    timing.values() if row.clock else {}, (seat, spec))
            changed = host.stored(live, version, seats=_standing_in(row, seat, spec),
                                  **(timing.values() if row.clock else {}))
            return changed, {"seat": seat, "bot": spec}

        live, reply = await host.changing(game_id, change)
        host.broadcast(live, live.index, "seats")
        host.bots.due(live)
        return reply

    async def claim(self, game_id: str, caller: Who | str | None, end: str) -> dict:
        """Another person's time ran out in a ``claim`` game: the caller (a person holding
        another seat) ends the game, as their win (``end`` "win") or as abandoned (no
        winner). ApiError 409 when nobody's time ran out, the caller's own did, or the game
        is over."""
        host = self.host
        if end not in ("win", "abandoned"):
            raise ApiError(400, "end must be 'win' or 'abandoned'")

        async def change(live: LiveGame) -> tuple[LiveGame, dict]:
            seat = _person(live, caller)
            row = live.row
            if live.over:
                raise ApiError(409, "the game is over")
            if row.timed_out is None:
                raise ApiError(409, "nobody's time has run out: there is nothing to claim")
            if row.timed_out == seat:
                raise ApiError(409, "your own time ran out: you may still move, the others "
                                    "may claim the game")
            result = {"ended": "claimed" if end == "win" else "abandoned", "by": seat,
                      "timed_out": row.timed_out}
            values = {"finished": True, "result": result, "deadline": None,
                      "scores": live.state.scores()}     # as they stand: shown to all now
            version = await host.db(host.store.clock_change, row.id, row.version, values)
            return host.stored(live, version, **values), result

        live, result = await host.changing(game_id, change)
        host.broadcast(live, live.index, "seats")
        return {"result": result}


def _person(live: LiveGame, caller: Who | str | None) -> int:
    """The person's seat the caller holds; ApiError 403 for a spectator."""
    seat = live.seat_of(caller)
    if seat is None:
        raise ApiError(403, "this needs a seat: its token ('Authorization: Bearer TOKEN') "
                            "or the player who holds it")
    if not live.row.seats[seat].human:
        raise ApiError(409, f"seat {seat} is a bot's")
    return seat


def _standing_in(row: GameRow, seat: int, spec: str | None) -> list:
    """``row``'s seats with ``spec`` standing in for ``seat`` (None: its person plays)."""
    return [replace(s, standin=spec) if s.seat == seat else s for s in row.seats]
