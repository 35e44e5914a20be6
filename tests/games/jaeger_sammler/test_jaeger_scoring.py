"""The seed's scoring: food, mammoths, rare-goods sets, crates; and the seed's example."""
from __future__ import annotations

from jaeger_fixtures import new

from meeple.games.jaeger_sammler import score
from meeple.games.jaeger_sammler.tiles import (BERRIES, FUR, HERBS, JUG, KINDS, NECKLACE,
                                               SKULL, TUBERS, set_points)


def _collection(**counts: int) -> list[int]:
    coll = [0] * KINDS
    for name, n in counts.items():
        coll[{"berries": BERRIES, "tubers": TUBERS, "herbs": HERBS, "jug": JUG,
              "necklace": NECKLACE, "fur": FUR, "skull": SKULL}[name]] = n
    return coll


def test_rare_goods_sets_score_1_3_6_10_15_20():
    assert [set_points(n) for n in range(9)] == [0, 1, 3, 6, 10, 15, 20, 20, 20]


def test_the_seeds_example_scores_96():
    # 10 berries (10), tubers worth 10, herbs 12, mammoths 23, 7 jugs (20), 1 fur (1),
    # 4 skulls (10), 2 crates (10)
    coll = _collection(berries=10, tubers=5, herbs=4, jug=7, fur=1, skull=4)
    assert score.points(coll, [8, 8, 7], 2) == 96


def test_the_seeds_example_on_a_finished_game_with_its_breakdown():
    state = new(2)
    state.coll[0] = _collection(berries=10, tubers=5, herbs=4, jug=7, fur=1, skull=4)
    state.mammoths[0] = [8, 7, 8]
    state.weapons[0] = 2
    for name in ("1,1", "8,10"):
        state.crates[state.board.index[name]] |= 1
    state.crates[state.board.index["2,5"]] |= 1          # a winter settlement: no points
    state.down[0] = [26, 5]
    assert state.scores()[0] == 96
    seat = state.score_breakdown()["seats"][0]               # before the end: kinds hidden
    assert seat["total"] == 96
    assert [i["text"] for i in seat["items"]][0] == "31 face-down tiles (shown at the end)"
    state.phase = "over"
    seat = state.score_breakdown()["seats"][0]
    assert seat["total"] == 96 and sum(i["points"] for i in seat["items"]) == 96
    by_kind = {i["kind"]: i["points"] for i in seat["items"]}
    assert by_kind == {"berries": 10, "tubers": 10, "herbs": 12, "mammoth": 23, "jug": 20,
                       "fur": 1, "skull": 10, "crate": 10, "weapon": 0}
    texts = [i["text"] for i in seat["items"]]
    assert "mammoths 8 + 8 + 7" in texts and "7 jugs (set)" in texts
    assert "4 herbs × 3" in texts and "1 fur (set)" in texts and "10 berries × 1" in texts
    assert "2 crates in summer settlements (1,1, 8,10)" in texts
    assert "2 weapons left (no points)" in texts


def test_each_kind_of_rare_goods_is_a_set_of_its_own():
    coll = _collection(jug=2, necklace=2, fur=2, skull=2)
    assert score.points(coll, [], 0) == 4 * 3
    assert score.points(_collection(jug=8), [], 0) == 20


def test_food_and_mammoths_score_their_printed_points_weapons_nothing():
    assert score.points(_collection(berries=3, tubers=2, herbs=1), [3, 5], 0) == 3 + 4 + 3 + 8
