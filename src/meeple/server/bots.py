"""When a bot is to move: the scheduler that has its move chosen in a worker
(:mod:`.workers`) and plays it through the host's one path for moves."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .errors import ApiError
from .live import LiveGame, bot_seed
from .storage import SeatRow
from .workers import BotRunner

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("meeple.server")
BOT_RETRY_S = 10.0
"""How long after a bot's failure its move is asked for again."""


class BotScheduler:
    """When a bot is to move in one of the host's games, its move is chosen in a worker
    (:class:`BotRunner`) and played through the host's one path for moves
    (:meth:`Host.play`), unless the game moved on meanwhile."""

    def __init__(self, host: "Host", runner: BotRunner):
        self.host, self.runner = host, runner
        self.thinking: dict[str, int] = {}
        """Games whose bot is choosing, with the action index it chooses for."""

    def due(self, live: LiveGame) -> None:
        """Start the bot to move, if a bot is to move and none is choosing yet."""
        state = live.state
        if state.is_terminal() or state.current_player < 0:
            return
        seat = live.row.seats[state.current_player]
        if seat.human or self.thinking.get(live.row.id) == live.index:
            return
        self.thinking[live.row.id] = live.index
        self.host.spawn(self._move(live, seat))

    async def _move(self, live: LiveGame, seat: SeatRow) -> None:
        host = self.host
        game_id, index = live.row.id, live.index
        try:
            record = live.history.record().to_json()
            spec = self.host.quotas.run_spec(seat.agent, live.game)
            text = await self.runner.choose(record, spec, bot_seed(live.row.seed, index),
                                            live.row.creator or game_id)
            async with host.lock(game_id):
                now = await host.live(game_id)
                if now.index == index and now.history.actions == live.history.actions:
                    await host.play(now, seat.seat, text)
                else:                     # taken back meanwhile: the bot to move now, anew
                    asyncio.get_running_loop().call_soon(self.due, now)
        except ApiError as e:             # another process stored a move first
            log.info("bot %s in game %s at action %d: %s", seat.agent, game_id, index,
                     e.message)
        except Exception:
            log.exception("bot %s in game %s failed at action %d (asked again in %g s)",
                          seat.agent, game_id, index, BOT_RETRY_S)
            asyncio.get_running_loop().call_later(BOT_RETRY_S, self._again, game_id)
        finally:
            if self.thinking.get(game_id) == index:
                del self.thinking[game_id]

    def _again(self, game_id: str) -> None:
        """Ask the bot to move once more, after a failure (a worker that died twice)."""
        live = self.host.cache.get(game_id)
        if live is not None:
            self.due(live)
