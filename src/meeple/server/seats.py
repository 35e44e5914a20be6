"""Seats and the lobby: creating a game, joining it, claiming a seat's link, leaving, the
rematch (boardgame.io's lobby API, lichess's rematcher).

A person's seat is held by a token: 256 random bits shown once and stored only as a hash
(:mod:`.tokens`). A seat nobody has named is open to the lobby until its link is used;
a rematch gives each seat a token derived from its old one.
"""
from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import TYPE_CHECKING

from ..agents import make_agent
from ..core.game import Game
from ..games import game_class, load
from .errors import ApiError
from .live import LiveGame
from .quotas import Quotas
from .storage import HUMAN, Conflict, GameRow, SeatRow
from .tokens import client_key, derived_token, hashed, matches, new_game_id, new_token

if TYPE_CHECKING:
    from .host import Host

MAX_SEED = 2 ** 63 - 1
"""The largest seed a creator may choose (a practice game); the server's own have 128 bits."""
SEED_BITS = 128
GUEST = "guest"
"""The name of a seat whose link is in use and whose person has not named it."""


class Seats:
    """Who sits where in the host's games, and the games they create."""

    def __init__(self, host: "Host"):
        self.host = host

    async def create(self, name: str, players: int | None, config: dict | None,
                     bots: dict[str, str], names: dict[str, str], seed: int | None,
                     private: bool, aids: bool = True, client: str | None = None) -> dict:
        """A new game; its human seats' tokens (shown only now) and join links. The server
        deals it from a seed of its own; a creator who names the seed makes a practice
        game: the lobby does not list it, and its state says so (that creator could know
        every draw to come); its seats are taken with their links or its address.
        ``client``: the creator's address, kept only as a keyed hash."""
        try:
            _refuse_files(game_class(name), config or {})    # before anything reads a file
            game = await asyncio.to_thread(load, name, players, config)
        except ValueError as e:
            raise ApiError(400, str(e)) from None
        agents = _seat_agents(game, bots, self.host.quotas)
        for key in names:
            if agents[_seat_key(key, game.players, "names")] != HUMAN:
                raise ApiError(400, f"names: seat {key} is a bot's")
        practice = seed is not None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(400, f"seed must be 0–{MAX_SEED}")
        tokens, seats = {}, []
        for seat, agent in enumerate(agents):
            token = new_token() if agent == HUMAN else None
            if token:
                tokens[seat] = token
            seats.append(SeatRow(seat, agent, _name(names.get(str(seat))) if token else None,
                                 hashed(token) if token else None))
        creator = client_key(await self.host.key(), client) if client else None
        if HUMAN not in agents:
            await self._check_bot_games(creator)
        row = GameRow(new_game_id(), game.name, game.players, dict(game.config), seed,
                      private, practice=practice, aids=aids, seats=seats, creator=creator)
        await self._start(row)
        return {"id": row.id, "game": row.game, "players": row.players,
                "seats": [{"seat": s, "token": t, "join": join_link(row.id, t)}
                          for s, t in tokens.items()]}

    async def _check_bot_games(self, creator: str | None) -> None:
        """ApiError 429 if the creator has as many unfinished games of bots alone as a
        client may (they cost the server's workers and nobody plays them)."""
        quota = self.host.quotas.bot_games
        if creator is not None and await self.host.db(self.host.store.bot_games,
                                                      creator) >= quota:
            raise ApiError(429, f"you have {quota} unfinished games of bots alone, as many as "
                                "this server allows one client: wait for one to end")

    async def _start(self, row: GameRow) -> None:
        """Deal the set-up of the new game ``row``, store both, and start its bot."""
        host = self.host
        live = await asyncio.to_thread(LiveGame.rebuild, row, [])
        first = await asyncio.to_thread(live.deal)
        row.summarize(live.summary())
        await host.db(host.store.create, row, first)
        host.keep(live)
        host.bots.due(live)

    async def join(self, game_id: str, token: str | None, seat: int | None,
                   name: str) -> dict:
        """Take a seat: with its token, name it; without, take an open human seat (the
        first if ``seat`` is None) and get a new token for it."""
        host, name = self.host, _name(name)

        async def change(live: LiveGame) -> tuple[LiveGame, dict]:
            own = live.seat_of(token)
            if own is None:
                return await self._take_open(live, seat, name)
            if seat is not None and seat != own:
                raise ApiError(403, f"this token holds seat {own}, not seat {seat}")
            stored = live.row.seats[own].token_hash
            live = await self._set(live, own, name, stored)
            return live, {"seat": own, "token": token, "join": join_link(game_id, token)}

        live, reply = await host.changing(game_id, change)
        host.broadcast(live, live.index, "seats")
        return reply

    async def _set(self, live: LiveGame, seat: int, name: str | None,
                   token_hash: str | None, expect: tuple | None = None) -> LiveGame:
        """Store ``seat``'s new name and token hash (if it still has ``expect``, where
        given: ApiError 409 if not) on the game as ``live`` has it (else Conflict); the
        game after it."""
        host = self.host
        version = await host.db(host.store.set_seat, live.row.id, seat, name, token_hash,
                                live.row.version, expect)
        if version is None:
            raise ApiError(409, f"seat {seat} was taken a moment ago")
        seats = [replace(s, name=name, token_hash=token_hash) if s.seat == seat else s
                 for s in live.row.seats]
        return host.stored(live, version, seats=seats)

    async def claim(self, live: LiveGame, seat: int | None) -> LiveGame:
        """A seat's link in use (its page connected): the seat is no longer open to the
        lobby, which would hand it to a stranger and end the link's token. It is named
        GUEST until its person names it (POST /join with the token)."""
        if seat is None or not live.row.seats[seat].open:
            return live

        async def change(live: LiveGame) -> LiveGame:
            stored = live.row.seats[seat].token_hash
            if not live.row.seats[seat].open:
                return live
            live = await self._set(live, seat, GUEST, stored, (None, stored))
            self.host.broadcast(live, live.index, "seats")
            return live
        try:
            return await self.host.changing(live.row.id, change)
        except ApiError:               # named by its person a moment ago: still theirs
            return await self.host.live(live.row.id)

    async def _take_open(self, live: LiveGame, seat: int | None,
                         name: str) -> tuple[LiveGame, dict]:
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
        live = await self._set(live, seat, name, hashed(token), (None, wanted.token_hash))
        self.host.hub.close_seat(row.id, seat, reason="this seat's token ended: the seat was "
                                                     "taken from the lobby")
        return live, {"seat": seat, "token": token, "join": join_link(row.id, token)}

    async def leave(self, game_id: str, token: str | None) -> dict:
        """Give up the token's seat: its token stops working and the seat is open again."""
        host = self.host

        async def change(live: LiveGame) -> tuple[LiveGame, int]:
            seat = seated(live, token)
            return await self._set(live, seat, None, None), seat

        live, seat = await host.changing(game_id, change)
        host.hub.close_seat(game_id, seat, reason="this seat's token ended: the seat was left")
        host.broadcast(live, live.index, "seats")
        return {"seat": seat, "left": True}

    async def rematch(self, game_id: str, token: str | None) -> dict:
        """The same game, seats and options with a new seed, once this one is over; the
        first seat to ask creates it, each asks for its own token there (the same one each
        time it asks; only the server can make it: see :func:`derived_token`). A seat's
        token that was left holds no seat here any more, and so no right to a rematch."""
        host = self.host

        async def create(live: LiveGame) -> tuple[int, str]:
            seat = seated(live, token)
            if not live.state.is_terminal():
                raise ApiError(409, "a rematch is played once the game is over")
            return seat, live.row.rematch or await self._create_rematch(live)

        seat, new_id = await host.changing(game_id, create)
        token = derived_token(await host.key(), token, new_id)

        async def take(live: LiveGame) -> None:
            target = live.row.seats[seat]
            if target.token_hash is not None and not matches(token, target.token_hash):
                raise ApiError(409, f"your seat in the rematch ({seat}) was taken by "
                                    "someone else")
            if target.token_hash is None:
                try:
                    await self._set(live, seat, target.name or f"seat {seat}", hashed(token),
                                    (target.name, None))
                except ApiError:       # set a moment ago: decided again on the stored game
                    raise Conflict(new_id) from None

        await host.changing(new_id, take)
        old = await host.live(game_id)
        host.broadcast(old, old.index, "seats")
        return {"id": new_id, "seat": seat, "token": token, "join": join_link(new_id, token)}

    async def _create_rematch(self, live: LiveGame) -> str:
        row = live.row
        seats = [SeatRow(s.seat, s.agent, s.name if s.human else None,
                         None) for s in row.seats]
        for s in seats:              # reserved for the same people: not open to strangers
            if s.human and s.name is None:
                s.name = f"seat {s.seat}"
        new = GameRow(new_game_id(), row.game, row.players, row.config,
                      secrets.randbits(SEED_BITS), row.private, aids=row.aids, seats=seats,
                      rematch_of=row.id, creator=row.creator)
        await self._start(new)
        return await self.host.db(self.host.store.link_rematch, row.id, new.id)


def join_link(game_id: str, token: str) -> str:
    """The page a seat's person opens to play (its token in the link)."""
    return f"/games/{game_id}?token={token}"


def seated(live: LiveGame, token: str | None) -> int:
    """The seat the token holds; ApiError 403 without a token (a spectator)."""
    seat = live.seat_of(token)
    if seat is None:
        raise ApiError(403, "this needs a seat's token ('Authorization: Bearer TOKEN')")
    return seat


def _name(name: object) -> str | None:
    """A display name: 1–40 printable characters, spaces trimmed."""
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40 \
            or not name.strip().isprintable():
        raise ApiError(400, "a name is 1–40 printable characters")
    return name.strip()


def _refuse_files(game: type[Game], config: dict) -> None:
    """A server reads no file for a client: options that name a file take data only."""
    for option in game.options:
        if option.file and isinstance(config.get(option.name), str):
            raise ApiError(400, f"option {option.name!r} names a file, which the server does "
                                "not read; give the data itself"
                           if dict in option.types else
                           f"option {option.name!r} names a file, which the server does "
                           "not read")


def _seat_agents(game: Game, bots: dict[str, str], quotas: Quotas) -> list[str]:
    """Each seat's agent: ``human``, or the bot spec given for it (checked, and within the
    server's budget caps: see :meth:`Quotas.capped_spec`)."""
    agents = [HUMAN] * game.players
    for key, spec in bots.items():
        seat = _seat_key(key, game.players, "bots")
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 200:
            raise ApiError(400, f"bots: seat {key} needs an agent spec such as 'greedy' "
                                "or 'mcts:time=1'")
        if spec.strip().casefold() == HUMAN:
            continue
        name, _, options = spec.strip().partition(":")
        spec = name.casefold() + (":" + options if options else "")
        try:
            quotas.capped_spec(spec, make_agent(spec, game))
        except ValueError as e:
            raise ApiError(400, f"bots: seat {key}: {e}") from None
        agents[seat] = spec
    return agents


def _seat_key(key: str, players: int, what: str) -> int:
    """The seat a key of ``bots`` or ``names`` stands for: ``"0"`` to ``"players-1"``,
    written the one way (not ``"01"``)."""
    if key not in {str(n) for n in range(players)}:
        raise ApiError(400, f"{what}: {key!r} is not a seat 0–{players - 1}")
    return int(key)
