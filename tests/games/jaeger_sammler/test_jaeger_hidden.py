"""Hidden information: face-down tiles are counts in every view, determinization re-deals
them from public facts only, and the bot heuristics never read them."""
from __future__ import annotations

import json
import random

import meeple
from meeple.core.state import CHANCE
from meeple.games.jaeger_sammler.hidden import unseen
from meeple.games.jaeger_sammler.tiles import (BERRIES, FACE_DOWN, FUR, JUG, NECKLACE, SKULL,
                                               SUMMER, TUBERS, WINTER)
from meeple.games.jaeger_sammler.value import face_down

from helpers import random_steps, snapshot


def _played(seed: int, players: int = 3, turns: int = 40, until_winter: bool = False):
    state = meeple.load("jaeger-sammler", players).new_state(seed)
    steps = random_steps(state, random.Random(seed))

    def reached() -> bool:
        if until_winter:
            return state.current_player == CHANCE and state.season == 1
        return state.current_player >= 0 and state.turns >= turns

    while not state.is_terminal() and not reached():
        next(steps)
    return state


def _twin(state):
    """The same position, but seats 0 and 1 hold other face-down kinds (same counts)."""
    twin = state.clone()
    a, b = twin.coll[0], twin.coll[1]
    for k in (BERRIES, TUBERS, JUG, NECKLACE):
        for other in (BERRIES, TUBERS, JUG, NECKLACE):
            if k != other and a[k] and b[other]:
                a[k] -= 1
                a[other] += 1
                b[other] -= 1
                b[k] += 1
                return twin
    raise AssertionError("no tiles to swap")


def test_views_show_face_down_tiles_only_as_counts_to_everyone():
    state = _played(3)
    assert sum(state.down[0]) > 0
    views = [state.view(p) for p in (0, 1, 2, None)]
    text = json.dumps(views[0])
    assert "collected" not in text
    for v in views:
        v.pop("seat")
    assert views[0] == views[1] == views[2] == views[3]     # the owner sees no more
    seat = views[0]["seats"][0]
    assert seat["face_down"] == {"summer": sum(state.down[0]), "winter": 0}
    assert seat["weapons"] == state.weapons[0]               # weapons, mammoths: public
    assert seat["mammoths"] == sorted(state.mammoths[0], reverse=True)
    assert _twin(state).view(0) == state.view(0)


def test_the_final_view_and_breakdown_show_everything():
    state = _played(5, until_winter=False, turns=10_000)
    assert state.is_terminal()
    for p, seat in enumerate(state.view(0)["seats"]):
        assert sum(seat["collected"].values()) == sum(state.down[p])
    kinds = {i["kind"] for s in state.score_breakdown()["seats"] for i in s["items"]}
    assert {"berries", "tubers"} <= kinds


def test_unseen_tiles_are_exactly_the_face_down_ones():
    for seed in range(4):
        state = _played(seed, turns=60)
        for season in (SUMMER, WINTER):
            assert sum(unseen(state, season)) == sum(d[season] for d in state.down)
        total = [sum(unseen(state, s)[k] for s in (SUMMER, WINTER)) for k in FACE_DOWN]
        assert total == [sum(state.coll[p][k] for p in range(3)) for k in FACE_DOWN]


def test_determinize_does_not_leak_the_hidden_contents():
    state = _played(7)
    twin = _twin(state)
    assert snapshot(twin) != snapshot(state)
    a = state.determinize(0, random.Random(11))
    b = twin.determinize(0, random.Random(11))
    assert snapshot(a) == snapshot(b)
    assert a.rng.getstate() == b.rng.getstate() != state.rng.getstate()


def test_determinize_is_consistent_with_the_view_and_resamples():
    state = _played(8, players=2, until_winter=True)
    state.apply(state.sample_chance(random.Random(1)))        # the winter set-up
    rng = random.Random(1)
    for _ in range(6):
        if state.current_player >= 0:
            state.apply(rng.choice(state.legal_actions()))
    assert sum(state.down[0]) + sum(state.down[1]) > 0
    differs = 0
    for i in range(6):
        det = state.determinize(1, random.Random(i))
        for p in range(2):
            assert det.view(p) == state.view(p)
            assert sum(det.coll[p][k] for k in FACE_DOWN) == sum(state.down[p])
            # summer-only and winter-only kinds stay in their season's count
            assert det.coll[p][JUG] + det.coll[p][NECKLACE] <= state.down[p][SUMMER]
            assert det.coll[p][FUR] + det.coll[p][SKULL] <= state.down[p][WINTER]
        totals = [det.coll[0][k] + det.coll[1][k] for k in FACE_DOWN]
        assert totals == [state.coll[0][k] + state.coll[1][k] for k in FACE_DOWN]
        differs += det.coll != state.coll
        assert det.clone().scores() == det.scores()
    assert differs >= 5


def test_bot_heuristics_read_only_the_view():
    state = _played(9, turns=50)
    twin = _twin(state)
    assert twin.scores() != state.scores() or twin.coll != state.coll
    game = state.game
    for seat in range(3):
        assert game.policy.evaluate(state, seat) == game.policy.evaluate(twin, seat)
    assert game.policy.evaluate_all(state) == game.policy.evaluate_all(twin)
    assert game.policy.greedy_action(state, random.Random(2)) == game.policy.greedy_action(
        twin, random.Random(2))


def test_a_search_values_tiles_it_saw_taken_by_their_kind():
    """After ``determinize``, tiles taken in the search count at their kinds; the tiles
    dealt face down still count at their expectation, whatever the deal."""
    state = _played(4, players=2, turns=30)
    game = state.game
    deals = [state.determinize(0, random.Random(s)) for s in range(4)]
    assert all(game.policy.evaluate_all(d) == game.policy.evaluate_all(deals[0]) for d in deals)
    assert game.policy.evaluate_all(deals[0]) == game.policy.evaluate_all(state)
    seat = deals[0].current_player
    for action in deals[0].legal_actions():
        after = deals[0].clone()
        after.apply(action)
        if sum(after.down[seat]) > sum(deals[0].down[seat]):   # it took a face-down tile
            gained = [c - b for c, b in zip(after.coll[seat], deals[0].coll[seat])]
            kind = next(k for k, n in enumerate(gained) if n)
            assert kind in FACE_DOWN
            assert after.dealt == deals[0].dealt
            assert face_down(after)[seat][kind] >= 1.0
            return
    raise AssertionError("no move takes a face-down tile in this position")
