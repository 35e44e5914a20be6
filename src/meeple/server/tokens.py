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
