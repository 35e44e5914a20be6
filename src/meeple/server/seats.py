"""Seats and the lobby: creating a game, joining it, invitations, claiming a seat's link,
leaving, the rematch (boardgame.io's lobby API, lichess's challenges and rematcher).

A person's seat is given one of three ways at creation: ``me`` (the creating player's
own), ``invite`` (an invitation link, claimed for good by the first player who opens it)
or ``open`` (offered to anyone in the lobby until someone takes it or its link is used).
A seat that a person creates, claims or joins in the browser belongs to their player
(:mod:`.players`), so any tab or device of that player gets it back. Each person's seat
also has a token, 256 random bits shown once and stored only as a hash (:mod:`.tokens`):
the capability of API clients and bots; a rematch gives each seat a token derived from its
old one, and the same players.
"""
from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import TYPE_CHECKING

from ..agents import make_agent
from ..core.errors import reason
from ..core.game import Game
from ..core.text import words
from ..games import game_class, load
from .errors import ApiError
from .live import LiveGame
from .quotas import Quotas
from . import clocks
from . import colours as seat_colours
from .players import Player, display_name
from .storage import GUEST, HUMAN, Conflict, GameRow, SeatRow
from .tokens import (Who, client_key, derived_token, hashed, invite_link, matches,
                     new_game_id, new_token, read_invite, who)

if TYPE_CHECKING:
    from .host import Host

MAX_SEED = 2 ** 63 - 1
"""The largest seed a creator may choose (a practice game); the server's own have 128 bits."""
SEED_BITS = 128
MODES = ("me", "invite", "open")
FIELDS = {"name": "name", "token_hash": "token_hash", "player_id": "player", "mode": "mode",
          "standin": "standin"}
"""The ``seats`` columns a seat's change writes, and the SeatRow fields they are."""


class Seats:
    """Who sits where in the host's games, and the games they create."""

    def __init__(self, host: "Host"):
        self.host = host

    async def create(self, name: str, players: int | None, config: dict | None,
                     bots: dict[str, str], names: dict[str, str], seed: int | None,
                     private: bool, aids: bool = True, client: str | None = None,
                     modes: dict[str, str] | None = None, hints: bool | None = None,
                     clock: dict | None = None, on_timeout: str = "bot",
                     player: Player | None = None, colours: dict[str, str] | None = None,
                     order: str = "listed") -> dict:
        """A new game; its human seats' tokens (shown only now), join links and, for
        invited seats, invitation links. ``modes`` gives each person's seat as ``me``,
        ``invite`` or ``open`` (default ``invite``; the first person's seat is ``me`` when
        a ``player`` creates it); ``hints`` allows engine hints for every seat (default:
        only where at most one person plays); ``clock`` and ``on_timeout`` the time
        control (:mod:`.clocks`); ``colours`` each seat's colour or ``random``, and
        ``order`` ``listed`` or ``random`` (who starts: :mod:`.colours`). The server deals the game from a seed of its own; a
        creator who names the seed makes a practice game: the lobby does not list it, and
        its state says so (that creator could know every draw to come). ``client``: the
        creator's address, kept only as a keyed hash."""
        try:
            _refuse_files(game_class(name), config or {})    # before anything reads a file
            game = await asyncio.to_thread(load, name, players, config)
        except ValueError as e:
            raise ApiError(400, reason(e)) from None
        agents = _seat_agents(game, bots, self.host.quotas)
        for key in names:
            if agents[_seat_key(key, game.players, "names")] != HUMAN:
                raise ApiError(400, f"names: seat {key} is a bot's")
        seat_modes = _seat_modes(agents, modes or {}, player)
        chosen = seat_colours.chosen(game.name, game.players, colours or {})
        if order not in seat_colours.ORDERS:
            raise ApiError(422, f"order: {order!r} is not one of "
                                f"{', '.join(seat_colours.ORDERS)}")
        practice = seed is not None
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(400, f"seed must be 0–{MAX_SEED}")
        setting = clocks.setting(clock, on_timeout)
        tokens, seats = {}, []
        for seat, agent in enumerate(agents):
            token = new_token() if agent == HUMAN else None
            if token:
                tokens[seat] = token
            mode = seat_modes.get(seat)
            named = display_name(names.get(str(seat))) if token else None
            if mode == "open" and named is not None:
                raise ApiError(400, f"names: seat {seat} is open to anyone, who names it")
            owner = player.id if mode == "me" and player else None
            seats.append(SeatRow(seat, agent, named or (player.name if owner else None),
                                 hashed(token) if token else None, owner, mode))
        if order == "random":           # who starts, and who follows, left to chance
            seats, tokens, seat_modes, chosen = _shuffled_seats(seats, tokens, seat_modes,
                                                                chosen)
        creator = client_key(await self.host.key(), client) if client else None
        if HUMAN not in agents:
            await self._check_bot_games(creator)
        people = sum(a == HUMAN for a in agents)
        row = GameRow(new_game_id(), game.name, game.players, dict(game.config), seed,
                      private, practice=practice, aids=aids, seats=seats, creator=creator,
                      hints=people <= 1 if hints is None else hints,
                      creator_player=player.id if player else None, clock=setting,
                      colours=chosen)
        await self._start(row)
        key = await self.host.key()
        return {"id": row.id, "game": row.game, "players": row.players,
                "colours": seat_colours.seat_colours(row),
                "seats": [{"seat": s, "token": t, "join": join_link(row.id, t),
                           "mode": seat_modes[s],
                           **({"invite": invite_link(key, row.id, s)}
                              if seat_modes[s] == "invite" else {})}
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
        clocks.first_turn(row)          # the first person's deadline (a clock, if any)
        await host.db(host.store.create, row, first)
        host.keep(live)
        host.bots.due(live)

    async def join(self, game_id: str, caller: Who | str | None, seat: int | None,
                   name: str) -> dict:
        """Take a seat: with its token (or as the player who holds one), name it;
        without, take an open seat (the first if ``seat`` is None): it becomes the
        caller's player's, with a new token."""
        host, name, caller = self.host, display_name(name), who(caller)

        own_seat: int | None = None

        async def change(live: LiveGame) -> tuple[LiveGame, dict]:
            nonlocal own_seat
            own = own_seat = live.seat_of(caller)
            if own is None:
                return await self._take_open(live, seat, name, caller.player)
            if seat is not None and seat != own:
                raise ApiError(403, f"you hold seat {own}, not seat {seat}")
            live = await self._set(live, own, {"name": name})
            reply = {"seat": own, "token": caller.token,
                     "join": join_link(game_id, caller.token) if caller.token else None}
            return live, reply

        live, reply = await host.changing(game_id, change)
        host.broadcast(live, live.index, "seats")
        if own_seat is None:                        # an open seat taken: its person plays
            await self._take_back_from_bot(live, reply["seat"], Who(token=reply["token"]))
        return reply

    async def _set(self, live: LiveGame, seat: int, values: dict,
                   expect: dict | None = None) -> LiveGame:
        """Store ``values`` (``seats`` columns: :data:`FIELDS`) in ``seat``, if it still
        has ``expect``, where given (ApiError 409 if not), on the game as ``live`` has it
        (else Conflict); the game after it."""
        host = self.host
        version = await host.db(host.store.set_seat, live.row.id, seat, values,
                                live.row.version, expect)
        if version is None:
            raise ApiError(409, f"seat {seat} was taken a moment ago")
        fields = {FIELDS[k]: v for k, v in values.items()}
        seats = [replace(s, **fields) if s.seat == seat else s for s in live.row.seats]
        return host.stored(live, version, seats=seats)

    async def claim(self, live: LiveGame, seat: int | None,
                    caller: Who | None = None) -> LiveGame:
        """A seat's link in use (its page connected): the seat is no longer open to the
        lobby, which would hand it to a stranger and end the link's token, nor waiting for
        its invited person; opened in a browser, it becomes that browser's player's (their
        other tabs and devices get it back). It is named GUEST (or the player's name) until
        its person names it."""
        player = caller.player if caller is not None and caller.token else None
        target = live.row.seats[seat] if seat is not None else None
        if target is None or not target.human or not (
                target.name is None or (player and target.player is None)):
            return live
        name = await self.host.players.name_of(player) if player else None

        async def change(live: LiveGame) -> LiveGame:
            now = live.row.seats[seat]
            values: dict = {}
            if now.name is None:
                values["name"] = name or GUEST
            if player and now.player is None:
                values["player_id"] = player
                if now.name in (None, GUEST):
                    values["name"] = name or GUEST
            if not values:
                return live
            expect = {"token_hash": now.token_hash, "player_id": None}
            live = await self._set(live, seat, values, expect)
            self.host.broadcast(live, live.index, "seats")
            return live
        try:
            return await self.host.changing(live.row.id, change)
        except ApiError:               # named or taken a moment ago: still theirs
            return await self.host.live(live.row.id)

    async def accept(self, code: str, player: Player) -> dict:
        """Claim the invitation ``code`` for ``player``: the seat is theirs for good (the
        token made with the game stops working; their cookie plays the seat). Opening it
        again is harmless; a second person is refused (409)."""
        host = self.host
        game_id, seat = read_invite(await host.key(), code)

        async def change(live: LiveGame) -> LiveGame:
            target = live.row.seats[seat] if seat < len(live.row.seats) else None
            if target is None or target.mode != "invite":
                raise ApiError(404, words("no such invitation"))
            if target.player == player.id:
                return live
            if target.player is not None:
                raise ApiError(409, words("this invitation was already taken by someone else: "
                                          "ask whoever sent it for a seat of your own"))
            if live.over:
                raise ApiError(409, words("this game is over"))
            return await self._set(live, seat, {"player_id": player.id, "name": player.name,
                                                "token_hash": None},
                                   {"player_id": None})

        live = await host.changing(game_id, change)
        host.hub.close_seat(game_id, seat, reason="this seat's invitation was accepted: "
                                                  "the seat is its player's now")
        host.broadcast(live, live.index, "seats")
        await self._take_back_from_bot(live, seat, Who(player=player.id))
        return {"id": game_id, "seat": seat, "game": live.row.game}

    async def _take_back_from_bot(self, live: LiveGame, seat: int, caller: Who) -> None:
        """A person arriving at their seat (an invitation accepted, an open seat taken)
        plays it: a bot standing in for it meanwhile (its clock ran out before they came)
        steps aside, and their clock starts."""
        if live.row.seats[seat].standin is not None and not live.over:
            await self.host.clocks.hand_over(live.row.id, caller, False)

    async def _take_open(self, live: LiveGame, seat: int | None, name: str,
                         player: str | None) -> tuple[LiveGame, dict]:
        row = live.row
        if row.private:
            raise ApiError(403, "this game is private: its seats are taken with their links")
        if live.over:
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
            raise ApiError(409, f"seat {seat} is not open to anyone: its person was "
                                "invited, or it is taken")
        token = new_token()
        live = await self._set(live, seat, {"name": name, "token_hash": hashed(token),
                                            "player_id": player},
                               {"name": None, "token_hash": wanted.token_hash,
                                "player_id": None})
        self.host.hub.close_seat(row.id, seat, reason="this seat's token ended: the seat was "
                                                     "taken from the lobby")
        return live, {"seat": seat, "token": token, "join": join_link(row.id, token)}

    async def leave(self, game_id: str, caller: Who | str | None) -> dict:
        """Give up the caller's seat: its token stops working, its player no longer holds
        it, and it is open to anyone again."""
        host = self.host

        async def change(live: LiveGame) -> tuple[LiveGame, int]:
            seat = seated(live, caller)
            return await self._set(live, seat, {"name": None, "token_hash": None,
                                                "player_id": None, "mode": "open"}), seat

        live, seat = await host.changing(game_id, change)
        host.hub.close_seat(game_id, seat, reason="this seat's token ended: the seat was left")
        host.broadcast(live, live.index, "seats")
        return {"seat": seat, "left": True}

    async def rematch(self, game_id: str, caller: Who | str | None) -> dict:
        """The same game, players, colours and options with a new seed, once this one is
        over, the next seat starting (:func:`rematch_seat`); the first seat to ask creates
        it. A seat's player holds its seat there too;
        a token's holder asks for its own token there (the same one each time it asks;
        only the server can make it: see :func:`derived_token`). A seat that was left
        holds nothing here any more, and so no right to a rematch."""
        host, caller = self.host, who(caller)

        async def create(live: LiveGame) -> tuple[int, str]:
            seat = seated(live, caller)
            if not live.over:
                raise ApiError(409, "a rematch is played once the game is over")
            return (rematch_seat(seat, live.row.players),
                    live.row.rematch or await self._create_rematch(live))

        seat, new_id = await host.changing(game_id, create)
        if caller.token is None:                 # a player: the seat is theirs there too
            old = await host.live(game_id)
            host.broadcast(old, old.index, "seats")
            return {"id": new_id, "seat": seat, "token": None, "join": f"/games/{new_id}"}
        token = derived_token(await host.key(), caller.token, new_id)

        async def take(live: LiveGame) -> None:
            target = live.row.seats[seat]
            if target.token_hash is not None and not matches(token, target.token_hash):
                raise ApiError(409, f"your seat in the rematch ({seat}) was taken by "
                                    "someone else")
            if target.token_hash is None:
                try:
                    await self._set(live, seat, {"name": target.name or GUEST,
                                                 "token_hash": hashed(token)},
                                    {"name": target.name, "token_hash": None})
                except ApiError:       # set a moment ago: decided again on the stored game
                    raise Conflict(new_id) from None

        await host.changing(new_id, take)
        old = await host.live(game_id)
        host.broadcast(old, old.index, "seats")
        return {"id": new_id, "seat": seat, "token": token, "join": join_link(new_id, token)}

    async def _create_rematch(self, live: LiveGame) -> str:
        """The rematch of ``live``: each person and bot with their colour, one seat on
        (:func:`rematch_seat`: the second seat starts)."""
        row, n = live.row, live.row.players
        colours = seat_colours.seat_colours(row)
        seats = [SeatRow(rematch_seat(s.seat, n), s.agent, s.name if s.human else None,
                         None, s.player, "invite" if s.human else None) for s in row.seats]
        for s in seats:              # reserved for the same people: not open to strangers
            if s.human and s.name is None:
                s.name = GUEST      # unnamed: the pages and the log name it by its colour
        seats.sort(key=lambda s: s.seat)
        new = GameRow(new_game_id(), row.game, row.players, row.config,
                      secrets.randbits(SEED_BITS), row.private, aids=row.aids, seats=seats,
                      rematch_of=row.id, creator=row.creator, hints=row.hints,
                      creator_player=row.creator_player, clock=row.clock,
                      colours=[colours[(seat + 1) % n] for seat in range(n)])
        await self._start(new)
        return await self.host.db(self.host.store.link_rematch, row.id, new.id)


def rematch_seat(seat: int, players: int) -> int:
    """Where ``seat`` sits in the rematch: one place on, so that who started plays last
    and the next seat starts (everyone keeps their colour)."""
    return (seat - 1) % players


def _shuffled_seats(seats: list[SeatRow], tokens: dict[int, str], modes: dict[int, str],
                    colours: list[str] | None) -> tuple:
    """The seats as listed, in an order left to chance: each person or bot keeps their
    token, mode and colour, at the seat (the turn order's place) chance gives them."""
    order = seat_colours.shuffled(range(len(seats)))      # seat n is listed seat order[n]
    return ([replace(seats[old], seat=new) for new, old in enumerate(order)],
            {new: tokens[old] for new, old in enumerate(order) if old in tokens},
            {new: modes[old] for new, old in enumerate(order) if old in modes},
            [colours[old] for old in order] if colours else None)


def join_link(game_id: str, token: str) -> str:
    """The page a seat's person opens to play (its token in the link)."""
    return f"/games/{game_id}?token={token}"


def seated(live: LiveGame, caller: Who | str | None) -> int:
    """The seat the caller holds; ApiError 403 for a spectator."""
    seat = live.seat_of(caller)
    if seat is None:
        raise ApiError(403, "this needs your seat: its token ('Authorization: Bearer "
                            "TOKEN') or, in a browser, the player who holds it")
    return seat


def _seat_modes(agents: list[str], modes: dict[str, str],
                player: Player | None) -> dict[int, str]:
    """How each person's seat is given (``me``, ``invite``, ``open``), from the
    creation's ``seats``: a seat not named is ``invite``, but for the first person's seat
    of a creating player, which is ``me`` unless some seat is."""
    given = {}
    for key, mode in modes.items():
        seat = _seat_key(key, len(agents), "seats")
        if agents[seat] != HUMAN:
            raise ApiError(400, f"seats: seat {key} is a bot's")
        if mode not in MODES:
            raise ApiError(400, f"seats: {mode!r} is not one of {', '.join(MODES)}")
        if mode == "me" and player is None:
            raise ApiError(400, "seats: 'me' is the creating player's seat: ask "
                                "GET /api/players/me first (it sets the player cookie)")
        given[seat] = mode
    people = [seat for seat, agent in enumerate(agents) if agent == HUMAN]
    if player is not None and people and "me" not in given.values() \
            and people[0] not in given:
        given[people[0]] = "me"
    return {seat: given.get(seat, "invite") for seat in people}


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
            raise ApiError(400, words("bots: seat {key}: {why}", key=key, why=reason(e))
                           ) from None
        agents[seat] = spec
    return agents


def _seat_key(key: str, players: int, what: str) -> int:
    """The seat a key of ``bots`` or ``names`` stands for: ``"0"`` to ``"players-1"``,
    written the one way (not ``"01"``)."""
    if key not in {str(n) for n in range(players)}:
        raise ApiError(400, f"{what}: {key!r} is not a seat 0–{players - 1}")
    return int(key)
