"""Hidden information: what lies face down, and determinization for search bots.

Collected food and rare goods lie face down; digitally nobody sees them, their owner
included, until the end: a view shows how many face-down tiles each player holds per
season (the backs of summer and winter tiles differ), never which. Weapons and mammoths
lie face up. The board, the pawns, the crates and the tiles removed from the game are
public (:mod:`.view` shows exactly that). :func:`unseen` computes, from public facts only, the multiset of tiles that lie
face down somewhere; :func:`determinize` deals that multiset anew.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .phases import OVER, SETUP
from .tiles import COUNTS, FACE_DOWN, KINDS, SEASONS, SUMMER, WINTER

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def laid(state: "JaegerSammlerState", season: int) -> bool:
    """Whether ``season``'s tiles have been laid on the board yet."""
    if season == SUMMER:
        return not (state.season == SUMMER and state.phase == SETUP)
    return state.season == WINTER and state.phase != SETUP


def unseen(state: "JaegerSammlerState", season: int) -> list[int]:
    """Counts per kind code of ``season``'s tiles lying face down in collections, from
    public facts: the season's tiles minus those on the board and those out of the game."""
    counts = [0] * KINDS
    if not laid(state, season):
        return counts
    for k in FACE_DOWN:
        counts[k] = COUNTS[season].get(k, 0) - state.discarded[season][k]
    if state.season == season and state.phase != OVER:
        tile = state.tile
        for f in state.board.tile_fields:
            t = tile[f]
            if 0 <= t < KINDS and t in FACE_DOWN:
                counts[t] -= 1
    return counts


def determinize(state: "JaegerSammlerState", player: int,
                rng: random.Random) -> "JaegerSammlerState":
    """A copy in which every face-down tile is dealt anew from :func:`unseen`, keeping each
    player's number per season; it reads no hidden fact, so states that look the same to
    ``player`` give the same copy for the same ``rng``. The copy's own RNG is reseeded
    from ``rng`` so that it does not foretell the real future set-ups either. Once the game
    is over everything is revealed: the copy is a plain clone."""
    copy = state.clone()
    if state.is_terminal():
        return copy
    copy.rng = random.Random(rng.getrandbits(64))
    coll = [[0] * KINDS for _ in range(state.num_players)]
    for season in (SUMMER, WINTER):
        pool = [k for k, n in enumerate(unseen(state, season)) for _ in range(n)]
        wanted = sum(d[season] for d in state.down)
        if len(pool) != wanted:
            raise RuntimeError(f"{SEASONS[season]}: {len(pool)} unseen tiles for "
                               f"{wanted} face-down ones")
        rng.shuffle(pool)
        i = 0
        for p in range(state.num_players):
            for k in pool[i:i + state.down[p][season]]:
                coll[p][k] += 1
            i += state.down[p][season]
    copy.coll = coll
    copy.dealt = (state.season, [c[:] for c in coll])
    return copy
