"""What a Catan state keeps for speed (issue 28: moves, places, production plans and robber
moves kept with the pieces until the next build; the last legal list answering ``check``;
a new road's length from its part of the roads) against plain computations from scratch,
at every step of random games, with clones played apart from their originals on the way.

The references here are the slow, obvious ones: every edge and node tested by the
predicates, the robber's victims found on each hex, the dice paid out hex by hex, every
road length walked from every node. They stay in the tests, not in the engine."""
from __future__ import annotations

import random

import pytest

import meeple
from meeple.core.action import Action
from meeple.games.catan import legal
from meeple.games.catan.board import EDGES, HEX_CORNERS, HEXES, NODES
from meeple.games.catan.legal import (BUILD, COSTS, END, MONOPOLIES, PLAY_KNIGHT, PLAY_ROADS,
                                      ROB, ROBBER_TO, affords, plenty_choices, rates,
                                      road_place, settlement_place, spaced, victims)
from meeple.games.catan.notation import KNIGHT, MONOPOLY, PLENTY, ROADBUILDING
from meeple.games.catan.trade import OFFERS, proposals

from test_catan_roads import plain_length

MAIN, ROADS, ROBBER, SETTLE = "trade and build", "road building", "robber", "setup settlement"


def may_play(s, card: int) -> bool:
    seat = s.seat
    if s.card_played or s.dev[seat][card] - s.new[seat][card] <= 0:
        return False
    if card == ROADBUILDING:
        return s.roads_left[seat] > 0 and any(road_place(s, seat, e) for e in range(EDGES))
    if card == PLENTY:
        return sum(s.bank) > 0
    return True


def plain_main(s) -> list:
    """The moves of the trade-and-build phase, each kind found from scratch."""
    seat, hand, bank = s.seat, s.hands[s.seat], s.bank
    out = []
    if affords(hand, COSTS["road"]) and s.roads_left[seat]:
        out += [BUILD["road"][e] for e in range(EDGES) if road_place(s, seat, e)]
    if affords(hand, COSTS["settlement"]) and s.settlements_left[seat]:
        out += [BUILD["settlement"][n] for n in range(NODES) if settlement_place(s, seat, n)]
    if affords(hand, COSTS["city"]) and s.cities_left[seat]:
        out += [BUILD["city"][n] for n in range(NODES)
                if s.node_owner[n] == seat and not s.city[n]]
    if affords(hand, COSTS["card"]) and sum(s.deck):
        out.append(legal.BUY)
    if may_play(s, KNIGHT):
        out.append(PLAY_KNIGHT)
    if may_play(s, ROADBUILDING):
        out.append(PLAY_ROADS)
    if may_play(s, PLENTY):
        out += [Action("play", "plenty", *pair)
                for pair in plenty_choices(bank)]
    if may_play(s, MONOPOLY):
        out += MONOPOLIES
    for r in range(5):
        for rate in (4, 3, 2):
            if hand[r] >= rate and rate in rates(s, seat, r):
                out += [a for g, a in legal.MARITIME[r][rate] if bank[g]]
    if s.offers < s.game.settings["offers_per_turn"]:
        out += proposals(OFFERS, hand)
    out.append(END)
    return out


def plain_robber(s) -> list:
    out = []
    for h in range(HEXES):
        if h != s.robber:
            found = victims(s, h)
            out += [ROB[h][v] for v in found] if found else [ROBBER_TO[h]]
    return out


PLAIN = {MAIN: plain_main, ROBBER: plain_robber,
         ROADS: lambda s: [BUILD["road"][e] for e in range(EDGES) if road_place(s, s.seat, e)],
         SETTLE: lambda s: [BUILD["settlement"][n] for n in range(NODES) if spaced(s, n)]}
"""Per phase whose moves the state keeps, the moves from scratch."""


def paid(s, total: int) -> tuple[list[list[int]], list[int]]:
    """The hands and bank after the dice show ``total`` (4.2), hex by hex."""
    hands, bank = [list(h) for h in s.hands], list(s.bank)
    owed = [[0] * s.num_players for _ in range(5)]
    for h in range(HEXES):
        if s.layout.map.numbers[h] == total and h != s.robber:
            r = s.layout.resource[h]
            for n in HEX_CORNERS[h]:
                if s.node_owner[n] >= 0:
                    owed[r][s.node_owner[n]] += 2 if s.city[n] else 1
    for r in range(5):
        due = owed[r]
        if sum(due) > bank[r]:
            owing = [p for p in range(s.num_players) if due[p]]
            if len(owing) > 1:
                continue
            due[owing[0]] = bank[r]
        for p in range(s.num_players):
            hands[p][r] += due[p]
            bank[r] -= due[p]
    return hands, bank


def same_as_from_scratch(s) -> None:
    moves = s.legal_actions()
    fresh = s.clone()
    fresh.refresh()                                # nothing kept: everything worked out anew
    assert fresh.legal_actions() == moves
    if s.phase in PLAIN:
        assert PLAIN[s.phase](s) == moves, s.phase
    for seat in range(s.num_players):
        assert s.road_len[seat] == plain_length(s.road_owner, s.node_owner, seat)
    for action in moves:
        assert legal.why_not(s, action) is None, action


def play(s, rng, steps: int | None = None, *, strict: bool = True) -> None:
    """Random moves (checked against the references when ``strict``) until the end or for
    ``steps`` actions."""
    while not s.is_terminal() and steps != 0:
        if s.current_player < 0:
            action = s.sample_chance(rng)
            if action[0] == "dice" and action[1] != 7 and strict:
                hands, bank = paid(s, action[1])
                s.apply(action)
                assert (s.hands, s.bank) == (hands, bank)
                steps = None if steps is None else steps - 1
                continue
        else:
            if strict:
                same_as_from_scratch(s)
            action = rng.choice(s.legal_actions())
        s.apply(action)
        steps = None if steps is None else steps - 1


@pytest.mark.parametrize("players,config", [(4, {"offers_per_turn": 0}), (3, {}),
                                            (4, {"numbers": "random"})])
def test_kept_moves_equal_the_moves_from_scratch_at_every_step(players, config):
    game = meeple.load("catan", players, config)
    for seed in range(3):
        state, rng = game.new_state(seed), random.Random(seed)
        while not state.is_terminal():
            play(state, rng, 40)
            twin = state.clone()                   # shares what is kept, then builds apart
            play(twin, random.Random(rng.random()), 60, strict=False)
            if not twin.is_terminal():
                same_as_from_scratch(twin)
        assert state.winner >= 0


def test_a_listed_move_is_checked_by_the_list_and_a_stale_list_is_not_trusted():
    state = meeple.load("catan", 4, {"offers_per_turn": 0}).new_state(3)
    rng = random.Random(3)
    while state.phase != MAIN:
        state.apply(state.sample_chance(rng) if state.current_player < 0
                    else rng.choice(state.legal_actions()))
    moves = state.legal_actions()
    assert all(state.check(a) is None for a in moves)
    state.apply("end")                             # the list is of another position now
    assert state.check(legal.END) is not None and state.check(moves[0]) is not None
    built = meeple.load("catan", 4, {"board": "beginner"}).new_state(1)
    listed = built.legal_actions()
    built.node_owner[listed[0][2]] = 2             # a building placed by hand, then forgotten
    built.refresh()
    assert built.check(listed[0]) is not None
    assert listed[0] not in built.legal_actions()


def test_a_new_roads_length_from_its_part_equals_the_definition():
    """``length_with`` (the new road's part only, skipped when no trail can be longer)
    against the walk from every node, road by road on random boards."""
    from meeple.games.catan.board import EDGE_NODES, NODE_EDGES
    from meeple.games.catan.roads import length_with
    rng = random.Random(28)
    for _ in range(1000):
        roads, owners = [-1] * EDGES, [-1] * NODES
        for n in rng.sample(range(NODES), rng.randint(0, 10)):
            owners[n] = rng.choice((0, 1, 2))
        length = 0
        for _ in range(rng.randint(1, 15)):
            free = [e for e in range(EDGES) if roads[e] == -1]
            near = [e for e in free if any(roads[f] == 0 for x in EDGE_NODES[e]
                                           for f in NODE_EDGES[x])]
            e = rng.choice(near if near and rng.random() < 0.8 else free)
            roads[e] = 0
            length = length_with(roads, owners, 0, e, length)
            assert length == plain_length(roads, owners, 0), (roads, owners)
