"""The 30 edge cases of the spec's section 6, one test each, named after their number."""
from __future__ import annotations

import pytest

from meeple import IllegalAction

from catan_fixtures import after_setup, cards, hand, legal, new, rolled


def _dev(state, seat, card):
    from meeple.games.catan.notation import DEV_INDEX
    state.dev[seat][DEV_INDEX[card]] += 1
    state.deck[DEV_INDEX[card]] -= 1


def _road(state, seat, *edges):
    for e in edges:
        state.road_owner[e] = seat
        state.roads_left[seat] -= 1
    state.refresh()                           # pieces placed by hand: work moves out anew


def test_6_01_a_settlement_breaks_a_road_and_longest_road_is_recomputed():
    state = rolled(after_setup(), 2)
    _road(state, 1, 6, 10, 18, 23, 33)       # seat 1: 3-7-11-16-21-27, length 5
    _road(state, 0, 24)                      # seat 0 reaches node 16 (16-22)
    state.road_len[1], state.longest = 5, 1
    hand(state, 0, "lumber brick wool grain")
    state.apply("build settlement 16")       # splits 3-7-11-16 | 16-21-27
    assert state.road_len[1] == 3 and state.longest == -1     # set aside
    assert [e["kind"] for e in state.events][-1] == "longest road"


def test_6_02_an_opponents_road_never_blocks_building_at_a_free_node():
    state = rolled(after_setup(), 2)
    _road(state, 1, 13)                       # seat 1's road 8-13 beside seat 0's road 12
    hand(state, 0, "lumber brick")
    assert "build road 7" in legal(state)     # 4-8: seat 0 builds on through node 8
    state.apply("build road 7")


def test_6_03_no_building_on_from_an_opponents_building():
    state = rolled(after_setup(), 2)
    _road(state, 0, 13)                       # 8-13
    state.node_owner[13] = 1                  # seat 1 builds at 13 afterwards
    state.refresh()
    hand(state, 0, "lumber brick")
    assert "build road 14" not in legal(state) and "build road 20" not in legal(state)
    with pytest.raises(IllegalAction, match="joins none"):
        state.apply("build road 20")


def test_6_04_a_harbour_is_its_settlements_at_once_set_up_included():
    state = new()
    state.apply("build settlement 26")        # slot 3: 3:1
    assert state.generic[0]
    state.apply("build road 38")
    state.apply("build settlement 10")        # slot 2: ore 2:1
    assert state.special[1][4]
    state.apply("build road 17")
    with pytest.raises(IllegalAction, match="distance"):
        state.apply("build settlement 15")    # the same harbour's other node


def test_6_05_every_node_and_edge_is_on_land_or_coast():
    state = new()
    with pytest.raises(IllegalAction):
        state.apply("build settlement 54")
    with pytest.raises(IllegalAction):
        state.apply("build road 72")


def test_6_06_set_up_placements_obey_the_distance_rule():
    state = new()
    state.apply("build settlement 31")
    state.apply("build road 46")
    assert "build settlement 36" not in legal(state) and "build settlement 25" not in legal(state)


def test_6_07_all_roads_built_no_road_and_no_road_building():
    state = rolled(after_setup(), 2)
    state.roads_left[0] = 0
    _dev(state, 0, "roadbuilding")
    hand(state, 0, "lumber brick")
    assert not any(t.startswith("build road") or t == "play roadbuilding" for t in legal(state))
    with pytest.raises(IllegalAction, match="all 15"):
        state.apply("build road 13")


def test_6_08_robber_on_an_empty_or_own_hex_steals_nothing_and_still_blocks():
    state = rolled(after_setup(), 7)
    assert "robber 0" in legal(state) and "robber 11" in legal(state)   # seat 0's own: 31
    state.apply("robber 11")
    assert state.phase == "trade and build"
    state.apply("end")
    rolled(state, 8)
    assert state.hands[0][4] == 1             # mountains 8 blocked for seat 0 too


def test_6_09_an_opponent_without_cards_cannot_be_robbed():
    state = rolled(after_setup(), 7)
    hand(state, 1, "")
    assert "robber 13" in legal(state) and "robber 13 from 1" not in legal(state)
    with pytest.raises(IllegalAction, match="cannot be robbed"):
        state.apply("robber 13 from 1")


def test_6_10_the_last_card_may_be_stolen():
    state = rolled(after_setup(), 7)
    hand(state, 1, "ore")
    state.apply("robber 13 from 1")
    state.apply("stolen ore")
    assert cards(state, 1) == ""


def test_6_11_the_robber_must_move():
    state = rolled(after_setup(), 7)
    assert not any(t.startswith("robber 9") for t in legal(state))


def test_6_12_a_knight_and_a_seven_in_one_turn_move_the_robber_twice():
    state = after_setup()
    _dev(state, 0, "knight")
    state.apply("play knight")
    state.apply("robber 4")
    rolled(state, 7)
    assert state.phase == "robber"
    state.apply("robber 9")
    assert state.robber == 9


def test_6_13_seven_cards_keep_nine_discard_four():
    state = after_setup()
    hand(state, 0, "lumber " * 7)
    hand(state, 1, "wool " * 9)
    rolled(state, 7)
    assert state.queue == [1] and state.view(None)["to_discard"] == [[1, 4]]


def test_6_14_discards_return_to_the_bank():
    state = after_setup()
    hand(state, 0, "lumber " * 8)
    rolled(state, 7)
    before = state.bank[0]
    state.apply("discard lumber lumber lumber lumber")
    assert state.bank[0] == before + 4


def test_6_15_the_shortage_rule_counts_players_not_buildings():
    state = after_setup()
    for n in (31, 12):
        state.city[n] = False
    state.node_owner[26] = 0                  # seat 0 owed 2 ore from two settlements
    state.refresh()
    hand(state, 0, "")
    hand(state, 1, "")
    hand(state, 2, "ore " * 18)
    rolled(state, 8)
    assert state.hands[0][4] == 1             # one player: takes what is left


def test_6_16_the_robbers_hex_owes_nothing_so_no_shortage():
    state = after_setup()
    state.node_owner[26] = 1                  # seat 1 also on mountains 8 ...
    state.robber = 11                         # ... but the robber is there
    state.refresh()
    hand(state, 2, "ore " * 18)
    rolled(state, 8)
    assert not any(e["kind"] == "shortage" for e in state.events)


def test_6_17_a_seven_produces_nothing():
    state = after_setup()
    before = [list(h) for h in state.hands]
    rolled(state, 7)
    assert state.hands == before


def test_6_18_maritime_and_plenty_only_give_what_the_bank_holds():
    state = rolled(after_setup(), 2)
    hand(state, 2, "")
    hand(state, 1, "lumber " * 19)
    hand(state, 0, "ore ore ore ore")
    assert "maritime ore ore ore ore for lumber" not in legal(state)
    with pytest.raises(IllegalAction, match="bank has no lumber"):
        state.apply("maritime ore ore ore ore for lumber")


def test_6_19_an_empty_deck_cannot_be_bought_from():
    state = rolled(after_setup(), 2)
    state.deck = [0] * 5
    hand(state, 0, "wool grain ore")
    assert "buy" not in legal(state)
    with pytest.raises(IllegalAction, match="empty"):
        state.apply("buy")


def test_6_20_monopoly_with_nothing_to_take_is_used_up():
    state = rolled(after_setup(), 2)
    _dev(state, 0, "monopoly")
    hand(state, 2, "brick wool")
    state.apply("play monopoly lumber")
    assert state.played[0][3] == 1 and state.card_played and state.hands[0][0] == 0


def test_6_21_road_building_with_one_road_left_places_one():
    state = rolled(after_setup(), 2)
    _dev(state, 0, "roadbuilding")
    state.roads_left[0] = 1
    state.apply("play roadbuilding")
    state.apply("build road 13")
    assert state.phase == "trade and build" and state.roads_left[0] == 0


def test_6_22_year_of_plenty_with_a_short_bank():
    state = rolled(after_setup(), 2)
    _dev(state, 0, "plenty")
    hand(state, 1, "lumber " * 19 + "brick " * 19 + "wool " * 19 + "grain " * 19)
    hand(state, 2, "ore " * 18)
    hand(state, 0, "")                        # the bank: one ore
    assert [t for t in legal(state) if t.startswith("play plenty")] == ["play plenty ore"]
    state.apply("play plenty ore")
    assert cards(state, 0) == "ore"
    state = rolled(after_setup(), 2)
    _dev(state, 0, "plenty")
    hand(state, 0, "")
    hand(state, 1, "lumber " * 19 + "brick " * 19 + "wool " * 19 + "grain " * 19)
    hand(state, 2, "ore " * 17)               # two ore in the bank
    assert [t for t in legal(state) if t.startswith("play plenty")] == ["play plenty ore ore"]


def test_6_23_a_victory_point_card_bought_wins_at_once():
    state = rolled(after_setup(), 2)
    state.dev[0][4] = 7                       # 9 points
    state.deck[4] = 1
    hand(state, 0, "wool grain ore")
    state.apply("buy")
    state.apply("draw vp")
    assert state.is_terminal() and state.winner == 0


def test_6_24_cards_taken_before_the_roll_count_for_a_seven():
    state = after_setup()
    _dev(state, 0, "plenty")
    hand(state, 0, "lumber lumber lumber lumber lumber lumber")
    state.apply("play plenty ore ore")
    rolled(state, 7)
    assert state.queue == [0]


def test_6_25_one_card_a_turn_and_victory_points_are_not_played():
    state = rolled(after_setup(), 2)
    _dev(state, 0, "monopoly")
    _dev(state, 0, "knight")
    state.apply("play monopoly ore")
    assert not any(t.startswith("play") for t in legal(state))


def test_6_26_no_trade_before_the_roll_nor_outside_the_movers_turn():
    state = after_setup()
    with pytest.raises(IllegalAction, match="roll the dice first"):
        state.apply("offer ore for lumber")
    rolled(state, 2)
    state.apply("offer ore for lumber")
    with pytest.raises(IllegalAction):
        state.apply("offer grain for lumber")    # seat 1 answers; it cannot offer


def test_6_27_cards_received_this_turn_may_be_spent():
    state = rolled(after_setup(), 8)           # seat 0 gets an ore
    hand(state, 0, "grain grain ore ore ore")
    state.apply("build city 31")


def test_6_28_a_worse_maritime_rate_is_legal():
    state = rolled(after_setup(), 2)
    state.special[0][4] = True
    hand(state, 0, "ore ore ore ore")
    assert {"maritime ore ore for lumber", "maritime ore ore ore ore for lumber"} <= legal(state)


def test_6_29_longest_road_passing_in_another_turn_wins_only_at_the_start_of_ones_own():
    state = rolled(after_setup(), 2)
    state.dev[2][4] = 6                        # seat 2: 8 points
    _road(state, 2, 6, 10, 18, 23, 33)         # and a road of 5 (placed by hand, so its
    state.road_len[2] = 5                      # length too: a road recomputes only its own)
    hand(state, 0, "lumber brick")
    state.apply("build road 13")               # any road: the Longest Road card is reassigned
    assert state.longest == 2 and state.points(2) == 10 and not state.is_terminal()
    state.apply("end")
    assert not state.is_terminal()             # seat 1's turn: nobody wins
    rolled(state, 2)
    state.apply("end")
    assert state.is_terminal() and state.winner == 2


def test_6_30_hidden_victory_points_count_but_others_see_only_visible_points():
    state = after_setup()
    state.dev[1][4] = 2
    assert state.scores()[1] == 4
    assert state.view(0)["seats"][1]["points"] == 2
    assert state.view(1)["seats"][1]["points"] == 4
