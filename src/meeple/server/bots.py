"""When a bot is to move: the scheduler that has its move chosen in a worker
(:mod:`.workers`) and plays it through the host's one path for moves.

Several server processes may share the database, and exactly one of them acts for a bot:
the one that holds the game's lease (``"bot:GAME"``, :meth:`.storage.Store.lease`). A
process renews its leases while it works (:data:`LEASE_S`), and looks for bots that nobody
acts for every :data:`SWEEP_S` seconds, so the work of a process that died is taken over
within a few seconds; the move itself is written only on the game as it was read
(:meth:`.host.Host.changing`), so a bot never moves twice.
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .errors import ApiError
from .live import LiveGame, bot_seed
from .storage import LEASE_S, SeatRow
from .workers import BotRunner, record_of

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("meeple.server")
BOT_RETRY_S = 10.0
"""How long after a bot's failure its move is asked for again."""
RENEW_S = 2.0
"""How often a process renews the leases it holds."""
SWEEP_S = 2.0
"""How often a process looks for bots to move that no process acts for."""


class BotScheduler:
    """When a bot is to move in one of the host's games, its move is chosen in a worker
    (:class:`BotRunner`) and played through the host's one path for moves
    (:meth:`Host.play`), unless the game moved on meanwhile; only by the process that holds
    the game's lease."""

    def __init__(self, host: "Host", runner: BotRunner):
        self.host, self.runner = host, runner
        self.thinking: dict[str, int] = {}
        """Games whose bot is choosing here, with the action index it chooses for."""

    @staticmethod
    def next(live: LiveGame) -> bool:
        """Whether a bot is to move in ``live`` (a bot's seat, or a bot standing in for a
        person: :attr:`.storage.SeatRow.bot`)."""
        state = live.state
        return (not live.over and state.current_player >= 0
                and live.row.seats[state.current_player].bot is not None)

    def due(self, live: LiveGame, leased: bool = False) -> None:
        """Start the bot to move, if a bot is to move and none is choosing yet
        (``leased``: this process took the game's bot lease with the move it stored)."""
        state = live.state
        if live.over or state.current_player < 0:
            return
        seat = live.row.seats[state.current_player]
        if seat.bot is None or self.thinking.get(live.row.id) == live.index:
            return
        self.thinking[live.row.id] = live.index
        self.host.spawn(self._move(live, seat, leased))

    async def _move(self, live: LiveGame, seat: SeatRow, leased: bool) -> None:
        host = self.host
        game_id, index, lease = live.row.id, live.index, f"bot:{live.row.id}"
        retry, again, held, moved = 0.0, [], leased, False
        try:
            held = held or await host.db(host.store.lease, lease, host.holder, LEASE_S)
            if not held:
                return                    # another process acts for this bot
            record = record_of(live.history)
            spec = self.host.quotas.run_spec(seat.bot, live.game)
            text = await self.runner.choose(record, spec, bot_seed(live.row.seed, index),
                                            live.row.creator or game_id)

            async def play(now: LiveGame) -> None:
                nonlocal moved
                if now.row.seats[seat.seat].bot != seat.bot or now.over:
                    return                # its person took the seat back, or it ended
                if now.index == index and now.history.actions == live.history.actions:
                    await host.play(now, seat.seat, text)
                    moved = True           # the lease went with the move
                else:                     # taken back meanwhile: the bot to move now, anew
                    again.append(now)
            await host.changing(game_id, play)
        except ApiError as e:             # the game moved on, or cannot be read
            log.info("bot %s in game %s at action %d: %s", seat.bot, game_id, index,
                     e.message)
        except Exception:
            log.exception("bot %s in game %s failed at action %d (asked again in %g s)",
                          seat.bot, game_id, index, BOT_RETRY_S)
            retry = BOT_RETRY_S
        finally:
            if self.thinking.get(game_id) == index:
                del self.thinking[game_id]
            if held and not moved and game_id not in self.thinking:
                await self._release(lease, retry)
            for now in again:
                self.due(now)

    async def _release(self, lease: str, after: float) -> None:
        try:
            await self.host.db(self.host.store.release, lease, self.host.holder, after)
        except Exception:                 # the database is away: the lease lapses
            log.exception("could not release the lease %s", lease)

    async def keep_up(self) -> None:
        """Until cancelled: renew this process's leases, and take up the bots nobody acts
        for (a process that died, a failure's pause over), every few seconds."""
        host = self.host
        last_renewal = 0.0
        loop = asyncio.get_running_loop()
        while True:
            try:
                if loop.time() - last_renewal >= RENEW_S:
                    await host.db(host.store.renew, host.holder, LEASE_S)
                    last_renewal = loop.time()
                for game_id in await host.db(host.store.unleased_bots):
                    if game_id not in self.thinking:
                        self._take_up(game_id)
            except Exception:
                log.exception("looking for bots to move failed (tried again in %g s)",
                              SWEEP_S)
            await asyncio.sleep(min(SWEEP_S, RENEW_S))

    def _take_up(self, game_id: str) -> None:
        async def start() -> None:
            try:
                self.due(await self.host.live(game_id))
            except ApiError as e:
                log.info("bot in game %s not taken up: %s", game_id, e.message)
        self.host.spawn(start())
