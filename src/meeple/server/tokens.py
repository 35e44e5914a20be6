"""Seat tokens: the secret that lets one person act for one seat.

A token is 256 random bits, shown once (in the reply that creates it) and stored only as its
SHA-256. A hash this fast is safe here because the tokens are random, not chosen by people:
there is nothing to guess. Comparisons take constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh seat token (URL-safe text of 256 random bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hashed(token: str) -> str:
    """What is stored of ``token``: its SHA-256 in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored``, in constant time."""
    return stored is not None and hmac.compare_digest(hashed(token), stored)


def new_game_id() -> str:
    """A game's id: 72 random bits as 12 URL-safe characters (not a secret: ids are listed)."""
    return secrets.token_urlsafe(9)
