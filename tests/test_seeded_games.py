"""Seeded bot games give the same scores and the same records as when the reference file
was written (``tests/seeded_games.py``): a reorganisation must not change how any game
or bot plays."""
from __future__ import annotations

import json

import pytest
from seeded_games import FILE, GAMES, play

EXPECTED = {(r["game"], tuple(r["agents"]), r["seed"]): r
            for r in json.loads(FILE.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("name,agents,seed", GAMES,
                         ids=[f"{n}-{'-'.join(a)}-{s}" for n, a, s in GAMES])
def test_seeded_game_unchanged(name, agents, seed):
    assert play(name, agents, seed) == EXPECTED[name, tuple(agents), seed]
