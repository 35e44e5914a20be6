"""The database tables (SQLAlchemy Core). The migrations in ``migrations/`` create them.

A game is its row (game, players, config, seed, and a summary for the lobby), its seats,
and its actions: an append-only log keyed by ``(game_id, index)``, committed before any
reply or broadcast. The position is always the replay of the log. An accepted takeback is
the one thing that removes rows from the log, and it moves them into ``taken_back`` in the
same transaction, so no action once acknowledged is ever lost.
"""
from __future__ import annotations

from sqlalchemy import (JSON, Boolean, Column, DateTime, ForeignKey, Index, Integer,
                        MetaData, String, Table, Text, false, true)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False, index=True),
    Column("players", Integer, nullable=False),
    Column("config", JSON, nullable=False),
    Column("seed", String(40), nullable=False),         # decimal: up to 128 bits
    Column("practice", Boolean, nullable=False, default=False, server_default=false()),
    Column("private", Boolean, nullable=False, default=False),
    Column("aids", Boolean, nullable=False, default=True, server_default=true()),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # a summary of the log for the lobby, rewritten with every commit of actions
    Column("index", Integer, nullable=False, default=0),
    Column("turn", Integer, nullable=False, default=1),
    Column("finished", Boolean, nullable=False, default=False, index=True),
    Column("scores", JSON, nullable=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("to_move", Integer, nullable=True),          # the seat to act; -4 over
    # raised by every change of the game: one number tells a cache it is current
    Column("version", Integer, nullable=False, default=0, server_default="0"),
    # raised by a takeback: the stored log is then not the cached one plus new rows
    Column("epoch", Integer, nullable=False, default=0, server_default="0"),
    # who created it: a keyed hash of the address (quotas), never the address itself
    Column("creator", String(64), nullable=True),
    # the player who created it (their own seats, their invitations)
    Column("creator_player", String(32), nullable=True),
    # engine hints allowed for every seat (people's games: the creator's choice, shown)
    Column("hints", Boolean, nullable=False, default=False, server_default=false()),
    # the time control ({"kind": ...}: clocks.py), the moment the seat to move runs out of
    # time, each seat's time left at the start of its turn (a live clock), the seat whose
    # time ran out (others may claim the game), how a game ended outside its rules
    Column("clock", JSON, nullable=True),
    Column("deadline", DateTime(timezone=True), nullable=True),
    Column("remaining", JSON, nullable=True),
    Column("timed_out", Integer, nullable=True),
    Column("result", JSON, nullable=True),
    # each seat's colour as its creator chose them (the game's palette, no two alike);
    # None: the game's own order
    Column("colours", JSON, nullable=True),
    Index("games_lobby", "private", "finished", "updated_at"),
    Index("games_creator", "creator", "finished"),
    Index("games_to_move", "finished", "to_move"),
    Index("games_deadline", "finished", "deadline"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("agent", String(200), nullable=False),      # "human" or a bot's agent spec
    Column("name", String(64), nullable=True),         # None: an open seat
    Column("token_hash", String(64), nullable=True),   # SHA-256 of the seat's token
    Column("player_id", String(32), nullable=True),    # whose seat it is
    # a person's seat: "me" (the creator's), "invite" (a link claimed once), "open" (the
    # lobby offers it); None for a bot's
    Column("mode", String(8), nullable=True),
    Column("standin", String(200), nullable=True),     # a bot playing for the person
    Index("seats_player", "player_id"),
)

players = Table(
    "players", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("username", String(40), nullable=True, unique=True),   # an account's
    Column("password_hash", String(200), nullable=True),          # argon2id
    Column("created_at", DateTime(timezone=True), nullable=False),
)

sessions = Table(                                     # a browser's cookie: its hash only
    "sessions", metadata,
    Column("secret_hash", String(64), primary_key=True),
    Column("player_id", String(32), ForeignKey("players.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("index", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("seat", Integer, nullable=False),           # -1: a chance outcome
    Column("at", DateTime(timezone=True), nullable=False),
)

taken_back = Table(
    "taken_back", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           nullable=False, index=True),
    Column("index", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("undone_at", DateTime(timezone=True), nullable=False),
    Column("undone_by", Integer, nullable=False),
)

takebacks = Table(
    "takebacks", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("by_seat", Integer, nullable=False),
    Column("keep", Integer, nullable=False),           # the actions that stay
    Column("accepted", JSON, nullable=False),          # seats that said yes
    Column("at", DateTime(timezone=True), nullable=False),
)


analyses = Table(
    "analyses", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("agent", String(200), nullable=False),
    Column("moves", JSON, nullable=False),             # play/analysis.py: one row per move
    Column("at", DateTime(timezone=True), nullable=False),
)

server_keys = Table(
    "server_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),   # made once, shared by every process
)

leases = Table(
    "leases", metadata,
    Column("name", String(80), primary_key=True),     # "bot:GAME", "review:GAME"
    Column("holder", String(64), nullable=False),     # the process acting for it
    Column("expires_at", DateTime(timezone=True), nullable=False),
)
