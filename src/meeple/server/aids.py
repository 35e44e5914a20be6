"""Player aids: hints on a seat's turn, and the review of a finished game (each move's
estimated win chance), both computed in the bot workers, off the event loop.

A hint knows only what the seat may see (it searches copies in which the rest is dealt
anew); it is computed once per position and shared by every request. A review is made
slice by slice, so bots' moves never wait behind a whole review, and kept with the game;
of several server processes, the one that holds the game's ``review:`` lease makes it.
"""
from __future__ import annotations

import asyncio
import logging
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING

from ..core.text import words
from ..i18n import translate
from ..play.analysis import ANALYSIS_AGENT, analyse, best_words, positions, slices
from ..play.hints import hint_spec
from .errors import ApiError
from .tokens import Who
from .live import LiveGame, bot_seed
from .storage import LEASE_S
from .workers import REVIEW, BotRunner, record_of

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("meeple.server")
ANALYSIS_SLICE = 10
"""Positions a review job takes at a time (a second or two of a worker)."""
HINTS_KEPT = 256
"""Positions whose hints are kept (a few per game being played)."""
MOST_HINTS = 10
"""The most moves a hint lists (the route's bound on ``k``): what is ranked each time."""
WORDED_KEPT = 32
"""Reviews whose best moves' words are kept (made once per game, said per reader)."""


class Aids:
    """Hints and reviews of the host's games."""

    def __init__(self, host: "Host", runner: BotRunner):
        self.host, self.runner = host, runner
        self.analysing: dict[str, dict] = {}
        """Reviews under way: game → ``{"done", "of", "moves"}`` so far."""
        self.reviewing: Counter[str] = Counter()
        """Reviews under way per client that asked."""
        self.hinting: OrderedDict[tuple, asyncio.Future] = OrderedDict()
        """Hints per (game, action index): computed once, shared by every request."""
        self.worded: OrderedDict[str, dict[int, str]] = OrderedDict()
        """Per reviewed game: each move's best move in words, in no language yet."""

    async def hints(self, game_id: str, token: "Who | str | None", k: int,
                    client: str | None = None, lang: str = "en") -> dict:
        """The best ``k`` moves (at most :data:`MOST_HINTS`) for the token's seat, on its
        turn (see the route), their words in ``lang``: ranked once per position, whatever
        ``k`` each request asks for, as work of the asking ``client`` (its turn among other
        clients' work)."""
        live = await self.host.live(game_id)
        seat = live.check_turn(live.seat_of(token), None)
        if not live.row.hints:
            raise ApiError(403, "engine hints are not allowed in this game (its creator "
                                "chose so, for every seat alike)")
        key = (game_id, live.index)
        task = self.hinting.get(key)
        if task is None:
            named = hint_spec(live.state.game, "auto", [s.agent for s in live.row.seats])
            spec = self.host.quotas.run_spec(named, live.game)       # within the caps
            record = record_of(live.history)
            task = asyncio.ensure_future(self._rank(record, spec, named, live,
                                                    client or game_id))
            self.hinting[key] = task
            while len(self.hinting) > HINTS_KEPT:
                self.hinting.popitem(last=False)
        try:
            found = await asyncio.shield(task)
        except Exception:
            self.hinting.pop(key, None)
            log.exception("hints in game %s at action %d failed", game_id, live.index)
            raise ApiError(503, "the hint could not be computed; try again") from None
        moved = live.index != key[1]         # a move while ranking: the words are the notation
        moves = [{**m, "then": None, "words": m["action"]} if moved
                 else self._worded(live, m) for m in found["moves"][:k]]
        return {**found, "moves": translate(moves, lang), "index": live.index, "seat": seat}

    @staticmethod
    def _worded(live: LiveGame, move: dict) -> dict:
        """A hint's move with its words, the engine's (:meth:`State.narrate`), as the log
        says a move; where the search expects the seat's next decision right after (the
        follower after a tile: ``then``), its words follow ("…, then put a follower …")."""
        state, action, then = live.state, move["action"], move.get("then")
        try:
            said = state.narrate(state.parse(action))
        except Exception:                    # words are a courtesy: the notation stays
            log.exception("no words for hint %r", action)
            return {**move, "then": None, "words": action}
        if then is not None:
            try:
                after = state.clone()
                after.apply(after.parse(action))
                said = words("{move}, then {next}", move=said,
                             next=after.narrate(after.parse(then)))
            except Exception:                # not the seat's move there: no follow-up
                then = None
        return {**move, "then": then, "words": said}

    async def _rank(self, record: dict, spec: str, named: str, live: LiveGame,
                    owner: str) -> dict:
        found = await self.runner.rank(record, spec, bot_seed(live.row.seed, -1 - live.index),
                                       MOST_HINTS, owner)
        return {**found, "agent": named}             # the agent as the game names it

    async def analysis(self, game_id: str, client: str | None = None,
                       lang: str = "en") -> dict:
        """Each move's estimated win chance once the game is over: the stored review, with
        each best move in words in ``lang``, or how far the one under way has come
        (started by the first request, as work of the asking ``client``, who may have only
        so many under way: :class:`Quotas`)."""
        host = self.host
        live = await host.live(game_id)
        if not live.over:                # by its rules, or claimed or abandoned
            raise ApiError(409, "a game is reviewed once it is over")
        hidden = {"hides_information": live.game.hides_information}
        stored = await host.db(host.store.analysis, game_id)
        if stored is not None:
            n = len(stored["moves"])
            moves = translate(await self._worded_moves(live, stored["moves"]), lang)
            return {"status": "done", **stored, "moves": moves, "done": n, "of": n, **hidden}
        progress = self.analysing.get(game_id)
        if progress is None:
            owner = client or game_id
            quota = host.quotas.reviews
            if self.reviewing[owner] >= quota:
                raise ApiError(429, f"you have {quota} review{'s' if quota > 1 else ''} under "
                                    "way, as many as this server allows one client at once: "
                                    "ask again when it is done")
            progress = {"done": 0, "of": None, "moves": []}
            if not await host.db(host.store.lease, f"review:{game_id}", host.holder,
                                 LEASE_S):      # another process makes it: no progress here
                return {"status": "running", "agent": ANALYSIS_AGENT, **progress, **hidden}
            if game_id in self.analysing:     # another request here started it meanwhile
                return {"status": "running", "agent": ANALYSIS_AGENT,
                        **self.analysing[game_id], **hidden}
            if await host.db(host.store.analysis, game_id) is not None:
                # one finished while this request waited: it is not made twice
                await host.db(host.store.release, f"review:{game_id}", host.holder)
                return await self.analysis(game_id, client, lang)
            self.analysing[game_id] = progress
            self.reviewing[owner] += 1
            self.host.spawn(self._analyse(live, progress, owner))
        return {"status": "running", "agent": ANALYSIS_AGENT, **progress, **hidden}

    async def _worded_moves(self, live: LiveGame, moves: list[dict]) -> list[dict]:
        """A stored review's moves, each with its best move in words (``best_words``,
        :func:`best_words`: made once per game from the record, off the event loop; a
        review stored with English words has them made anew)."""
        game_id = live.row.id
        said = self.worded.get(game_id)
        if said is None:
            said = await asyncio.to_thread(best_words, record_of(live.history), moves)
            self.worded[game_id] = said
            while len(self.worded) > WORDED_KEPT:
                self.worded.popitem(last=False)
        self.worded.move_to_end(game_id)
        return [{**m, "best_words": said.get(m["index"])} for m in moves]

    async def _analyse(self, live: LiveGame, progress: dict, owner: str) -> None:
        """Review the game slice by slice in a bot worker, one slice at a time and behind
        every bot's move and hint (bots' moves never wait behind a whole review), then keep
        it with the game."""
        game_id, host = live.row.id, self.host
        try:
            record = live.history.record().to_json()
            indices = await asyncio.to_thread(positions, record)
            progress["of"] = len(indices)
            for part in slices(indices, ANALYSIS_SLICE):
                rows = await self.runner.run(REVIEW, owner, analyse, record, part,
                                             ANALYSIS_AGENT, bot_seed(live.row.seed, -1))
                progress["moves"] = progress["moves"] + rows
                progress["done"] = len(progress["moves"])
            await host.db(host.store.put_analysis, game_id, ANALYSIS_AGENT,
                          progress["moves"])
        except Exception:
            log.exception("the review of game %s failed (asked again, it starts anew)",
                          game_id)
        finally:
            # Bookkeeping first, with no await between: a request answered while the lease
            # is released must not see the review gone but still counted (a false 429).
            self.analysing.pop(game_id, None)
            self.reviewing[owner] -= 1
            if self.reviewing[owner] <= 0:
                del self.reviewing[owner]
            try:
                await host.db(host.store.release, f"review:{game_id}", host.holder)
            except Exception:               # the database is away: the lease lapses
                log.exception("could not release the review lease of game %s", game_id)
