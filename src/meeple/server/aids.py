"""Player aids: hints on a seat's turn, and the review of a finished game (each move's
estimated win chance), both computed in the bot workers, off the event loop.

A hint knows only what the seat may see (it searches copies in which the rest is dealt
anew); it is computed once per position and shared by every request. A review is made
slice by slice, so bots' moves never wait behind a whole review, and kept with the game.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from ..play.analysis import ANALYSIS_AGENT, analyse, positions, slices
from ..play.hints import hint_spec
from .workers import BotRunner
from .errors import ApiError
from .live import LiveGame, bot_seed

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("meeple.server")
ANALYSIS_SLICE = 10
"""Positions a review job takes at a time (a second or two of a worker)."""
HINTS_KEPT = 256
"""Positions whose hints are kept (a few per game being played)."""


class Aids:
    """Hints and reviews of the host's games."""

    def __init__(self, host: "Host", runner: BotRunner):
        self.host, self.runner = host, runner
        self.analysing: dict[str, dict] = {}
        """Reviews under way: game → ``{"done", "of", "moves"}`` so far."""
        self.hinting: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        """Hints per (game, action index, k): computed once, shared by every request."""

    async def hints(self, game_id: str, token: str | None, k: int) -> dict:
        """The best ``k`` moves for the token's seat, on its turn (see the route)."""
        live = await self.host.live(game_id)
        seat = live.seat_of(token)
        live.check_turn(seat, None)
        if not live.row.aids:
            raise ApiError(403, "player aids are off in this game (table rules): no hints")
        key = (game_id, live.index, k)
        task = self.hinting.get(key)
        if task is None:
            spec = hint_spec(live.state.game, "auto", [s.agent for s in live.row.seats])
            record = live.history.record().to_json()
            task = asyncio.ensure_future(self.runner.rank(
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

    async def analysis(self, game_id: str) -> dict:
        """Each move's estimated win chance once the game is over: the stored review, or
        how far the one under way has come (started by the first request)."""
        host = self.host
        live = await host.live(game_id)
        if not live.state.is_terminal():
            raise ApiError(409, "a game is reviewed once it is over")
        hidden = {"hides_information": live.game.hides_information}
        stored = await host.db(host.store.analysis, game_id)
        if stored is not None:
            n = len(stored["moves"])
            return {"status": "done", **stored, "done": n, "of": n, **hidden}
        progress = self.analysing.get(game_id)
        if progress is None:
            progress = self.analysing[game_id] = {"done": 0, "of": None, "moves": []}
            self.host.spawn(self._analyse(live, progress))
        return {"status": "running", "agent": ANALYSIS_AGENT, **progress, **hidden}

    async def _analyse(self, live: LiveGame, progress: dict) -> None:
        """Review the game slice by slice in a bot worker, one slice at a time (bots'
        moves never wait behind a whole review), then keep it with the game."""
        game_id, host = live.row.id, self.host
        try:
            record = live.history.record().to_json()
            indices = await asyncio.to_thread(positions, record)
            progress["of"] = len(indices)
            for part in slices(indices, ANALYSIS_SLICE):
                rows = await self.runner.run(analyse, record, part, ANALYSIS_AGENT,
                                             bot_seed(live.row.seed, -1))
                progress["moves"] = progress["moves"] + rows
                progress["done"] = len(progress["moves"])
            await host.db(host.store.put_analysis, game_id, ANALYSIS_AGENT,
                          progress["moves"])
        except Exception:
            log.exception("the review of game %s failed (asked again, it starts anew)",
                          game_id)
        finally:
            self.analysing.pop(game_id, None)
