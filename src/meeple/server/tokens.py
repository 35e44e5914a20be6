"""Seat tokens: the secret that lets one person act for one seat.

A token is 256 random bits, shown once (in the reply that creates it) and stored only as its
SHA-256. A hash this fast is safe here because the tokens are random, not chosen by people:
there is nothing to guess. Comparisons take constant time.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh seat token (URL-safe text of 256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived_token(key: bytes, token: str, game_id: str) -> str:
    """The token of ``token``'s seat in game ``game_id`` (a rematch): an HMAC, keyed by the
    server's own secret ``key``, of the old token's hash and the new game's id; 256 bits.
    Only the server can make it (the rematch's id is public, the key is not), it hands it
    only to whoever holds the old token now, and asking again makes the same one, so a
    second tab that asks does not end the first one's."""
    digest = hmac.new(key, f"{hashed(token)}/{game_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def invite_code(key: bytes, game_id: str, seat: int) -> str:
    """The code of the invitation to ``seat`` of game ``game_id``: the game, the seat and
    an HMAC of both keyed by the server's secret ``key`` (128 bits), so only the server
    makes it, nothing of it is stored, and its creator can be shown it again."""
    mac = hmac.new(key, f"invite/{game_id}/{seat}".encode(), hashlib.sha256).digest()[:16]
    return f"{game_id}.{seat}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"


def invite_link(key: bytes, game_id: str, seat: int) -> str:
    """The invitation to ``seat``: the page whose first player to open it gets the seat."""
    return f"/invite/{invite_code(key, game_id, seat)}"


def read_invite(key: bytes, code: str) -> tuple[str, int]:
    """The game and seat of an invitation ``code``; ApiError 404 for a code the server
    did not make."""
    from ..core.text import words
    from .errors import ApiError
    parts = code.split(".")
    if len(parts) == 3 and parts[1].isdigit() and len(parts[1]) < 4 and len(code) < 100:
        game_id, seat = parts[0], int(parts[1])
        if hmac.compare_digest(invite_code(key, game_id, seat), code):
            return game_id, seat
    raise ApiError(404, words("no such invitation (check the link: it may be cut short)"))


def client_key(key: bytes, address: str) -> str:
    """What is kept of the address that created a game (for per-client quotas): a keyed
    hash, so the database never holds an address."""
    return hmac.new(key, f"client/{address}".encode("utf-8", "surrogatepass"),
                    hashlib.sha256).hexdigest()


def hashed(token: str) -> str:
    """What is stored of ``token``: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored``, in constant time."""
    return stored is not None and hmac.compare_digest(hashed(token), stored)


def new_game_id() -> str:
    """A game's id: 72 random bits as 12 URL-safe characters (not a secret: ids are listed)."""
    return secrets.token_urlsafe(9)


@dataclass(frozen=True)
class Who:
    """Who a request acts as: a seat's token (an API client's capability, a join link),
    the player of the browser's cookie (:mod:`.players`), both, or neither (a spectator).
    A token, where given, names the seat; else the player's own seat in the game."""

    token: str | None = None
    player: str | None = None


def who(caller: "Who | str | None") -> Who:
    """``caller`` as a :class:`Who` (a bare string is a seat's token)."""
    if isinstance(caller, Who):
        return caller
    return Who(token=caller)
