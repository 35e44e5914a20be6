"""Takebacks (lichess's takebacker): a seat asks to take back its last move, every other
person holding a seat accepts or one declines; a game without other people takes it back
at once.

What may be taken back is terminal play's rule (:meth:`History.undo_point`): a seat's
whole last turn (a tile and its follower together) and everything after it, never past a
chance outcome seen since that the game's chance depends on. A request is open until it is
answered or anyone moves; messages tell it with the log's words of what it would undo.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..play.history import History
from .errors import ApiError
from .clocks import after_takeback
from .live import LiveGame
from .seats import seated
from .storage import now

if TYPE_CHECKING:
    from .host import Host


class Takebacks:
    """The takeback requests of the host's games (one open request per game, stored)."""

    def __init__(self, host: "Host"):
        self.host = host

    async def request(self, game_id: str, token: str | None) -> dict:
        """Ask to take back the token's seat's last move (and all after it); taken back at
        once when no other person sits at the game, else when all of them accept."""
        async def change(live: LiveGame) -> dict:
            seat = seated(live, token)
            if live.over:
                raise ApiError(409, "the game is over")
            keep = live.history.undo_point({seat})
            if isinstance(keep, str):
                raise ApiError(409, keep)
            return await self._settle(live, {"by": seat, "keep": keep, "accepted": []})
        return await self.host.changing(game_id, change)

    async def answer(self, game_id: str, token: str | None, accept: bool) -> dict:
        """Accept or decline the open request with the token's seat."""
        host = self.host

        async def change(live: LiveGame) -> dict:
            seat = seated(live, token)
            request = live.row.takeback
            if request is None:
                raise ApiError(409, "no takeback has been asked")
            if request["by"] == seat:
                raise ApiError(409, "you asked for this takeback; the others answer it")
            if not accept:
                version = await host.db(host.store.put_takeback, game_id, None,
                                        live.row.version)
                host.broadcast(host.stored(live, version, takeback=None), live.index,
                               "takeback")
                return {"takeback": None, "declined_by": seat}
            accepted = sorted(set(request["accepted"]) | {seat})
            return await self._settle(live, {**request, "accepted": accepted})
        return await host.changing(game_id, change)

    @staticmethod
    def ended_by(live: LiveGame, seat: int) -> bool:
        """Whether the move of ``seat``, just applied in ``live``, ends the open request:
        any move does (lichess's rule). The asker's own withdraws it; anyone else's would
        be taken back with it, unasked, and the question no longer says what it undoes."""
        return live.row.takeback is not None

    async def _settle(self, live: LiveGame, request: dict) -> dict:
        """Store ``request``, or carry it out once every other person holding a seat's
        token accepted (a link handed out but never opened still has a say: consent is
        never assumed; any move ends a request nobody answered: :meth:`ended_by`)."""
        host = self.host
        voters = {s.seat for s in live.row.seats     # whoever holds a seat's token answers
                  if s.human and (s.token_hash is not None or s.player is not None)
                  and s.seat != request["by"]}
        game_id = live.row.id
        if not voters <= set(request["accepted"]):
            version = await host.db(host.store.put_takeback, game_id, request,
                                    live.row.version)
            host.broadcast(host.stored(live, version, takeback=request), live.index,
                           "takeback")
            return {"takeback": request, "waiting": sorted(voters - set(request["accepted"]))}
        keep = request["keep"]
        history = await asyncio.to_thread(   # a replay: off the event loop
            History, live.game, live.row.seed, live.history.actions[:keep], None, True)
        summary = LiveGame(live.row, history).summary()
        summary |= after_takeback(live.row, summary["to_move"], now())   # the clock's
        version, epoch = await host.db(host.store.take_back, game_id, keep, request["by"],
                                       summary, live.row.version)
        back = LiveGame(live.row.changed(summary, version, takeback=None, epoch=epoch),
                        history)
        host.keep(back)
        host.broadcast(back, 0, "state")
        host.bots.due(back)
        return {"takeback": None, "taken_back": live.index - keep, "index": keep}
