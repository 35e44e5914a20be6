"""The fast places and road lengths (issue 28's speed work) against the plain definitions:
road and settlement places found from a seat's own pieces against testing every edge and
node, and the road length walked from a trail's possible starts against a walk from every
node."""
from __future__ import annotations

import random

import meeple
from meeple.games.catan.board import EDGE_NODES, NODE_EDGES
from meeple.games.catan.legal import road_place, road_places, settlement_place, \
    settlement_places
from meeple.games.catan.roads import road_length


def plain_length(road_owner, node_owner, seat) -> int:
    """5.1 by its definition: the longest trail from every node."""
    mine = [e for e, o in enumerate(road_owner) if o == seat]
    best = 0

    def walk(node, used, length):
        nonlocal best
        best = max(best, length)
        if length and node_owner[node] not in (-1, seat):
            return
        for e in NODE_EDGES[node]:
            if road_owner[e] == seat and not used >> e & 1:
                a, b = EDGE_NODES[e]
                walk(b if a == node else a, used | 1 << e, length + 1)

    for node in {n for e in mine for n in EDGE_NODES[e]}:
        walk(node, 0, 0)
    return best


def test_road_length_equals_the_definition_on_random_road_sets():
    rng = random.Random(28)
    for _ in range(3000):
        roads, owners = [-1] * 72, [-1] * 54
        for _ in range(rng.randint(1, 3)):              # a few random trails of seat 0
            n = rng.randrange(54)
            for _ in range(rng.randint(1, 12)):
                e = rng.choice(NODE_EDGES[n])
                roads[e] = 0
                n = sum(EDGE_NODES[e]) - n
        for e in rng.sample(range(72), 6):
            if roads[e] == -1:
                roads[e] = rng.choice((1, 2))
        for n in rng.sample(range(54), rng.randint(0, 10)):
            owners[n] = rng.choice((0, 1, 2))
        assert road_length(roads, owners, 0) == plain_length(roads, owners, 0), (roads, owners)


def test_places_equal_the_predicates_through_random_games():
    game = meeple.load("catan", 4, {"offers_per_turn": 0})
    for seed in range(2):
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.current_player >= 0 and state.phase not in ("setup settlement",
                                                                 "setup road"):
                for seat in range(4):
                    assert road_places(state, seat) == [
                        e for e in range(72) if road_place(state, seat, e)]
                    assert settlement_places(state, seat) == [
                        n for n in range(54) if settlement_place(state, seat, n)]
                    assert state.road_len[seat] == plain_length(state.road_owner,
                                                                state.node_owner, seat)
            action = (state.sample_chance() if state.current_player < 0
                      else rng.choice(state.legal_actions()))
            state.apply(action)
