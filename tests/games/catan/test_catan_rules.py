"""Every numbered rule of the Catan spec (sections 3–5), one test each, named after it."""
from __future__ import annotations

import pytest

from meeple import CHANCE, TERMINAL, IllegalAction

from catan_fixtures import after_setup, cards, hand, legal, new, rolled


# --- 3. set-up --------------------------------------------------------------------------------
def test_3_1_to_3_3_seat_0_starts_and_the_second_round_runs_backwards():
    state = new(4)
    order = []
    while state.phase != "before the roll":
        order.append(state.current_player)
        state.apply(sorted(state.legal_actions())[0])
        state.apply(state.legal_actions()[0])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert state.current_player == 0


def test_3_2_the_set_up_road_must_touch_the_settlement_just_placed():
    state = new()
    state.apply("build settlement 31")
    with pytest.raises(IllegalAction, match="touch the settlement just placed"):
        state.apply("build road 12")
    assert legal(state) == {"build road 37", "build road 46", "build road 47"}


def test_3_4_distance_rule_in_the_set_up():
    state = new()
    state.apply("build settlement 31")
    state.apply("build road 46")
    with pytest.raises(IllegalAction, match="distance rule"):
        state.apply("build settlement 36")
    with pytest.raises(IllegalAction, match="already has a building"):
        state.apply("build settlement 31")


def test_3_5_only_the_second_settlement_pays():
    state = new()
    for text in ["build settlement 31", "build road 46", "build settlement 44", "build road 56",
                 "build settlement 28", "build road 34"]:
        state.apply(text)
    assert all(sum(h) == 0 for h in state.hands)
    state.apply("build settlement 14")       # forest 9, pasture 4, hills 10
    assert cards(state, 2) == "lumber brick wool"


def test_3_6_after_the_set_up_seat_0_moves_with_two_of_everything():
    state = after_setup()
    assert state.current_player == 0 and state.phase == "before the roll"
    assert state.scores() == [2, 2, 2]
    assert state.roads_left == [13] * 3 and state.settlements_left == [3] * 3


# --- 4.1 the turn -----------------------------------------------------------------------------
def test_4_1_before_the_roll_only_a_card_or_the_roll():
    state = after_setup()
    hand(state, 0, "lumber brick wool grain ore ore ore ore")
    assert legal(state) == {"roll"}
    for text in ["build road 13", "end", "buy", "maritime ore ore ore ore for lumber",
                 "offer ore for lumber"]:
        with pytest.raises(IllegalAction, match="roll the dice first"):
            state.apply(text)
    state.apply("roll")
    assert state.current_player == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
    assert dict((a[1], p) for a, p in state.chance_outcomes())[7] == pytest.approx(6 / 36)


# --- 4.2 production ---------------------------------------------------------------------------
def test_4_2_settlements_earn_one_cities_two_everyone_is_paid():
    state = rolled(after_setup(), 8)         # mountains 8: seat 0's node 31; forest 8: seat 2
    assert cards(state, 0) == "brick grain ore ore"
    assert cards(state, 2) == "lumber lumber brick wool"
    hand(state, 0, "grain grain ore ore ore")
    state.apply("build city 31")
    state.apply("end")
    rolled(state, 8)
    assert cards(state, 0) == "ore ore"


def test_4_2_the_robber_hex_produces_nothing():
    state = after_setup()
    state.robber = 11
    rolled(state, 8)
    assert cards(state, 0) == "brick grain ore"          # no ore from mountains 8
    assert cards(state, 2) == "lumber lumber brick wool"  # forest 8 still pays


def test_4_2_a_short_bank_pays_one_player_what_is_left_and_two_players_nothing():
    state = after_setup()
    hand(state, 0, "")
    hand(state, 1, "")
    hand(state, 2, "ore " * 18)
    state.city[31] = True                                 # seat 0 is owed 2 ore
    state.refresh()                                       # a piece changed by hand
    rolled(state, 8)
    assert cards(state, 0) == "ore" and state.bank[4] == 0
    state = after_setup()
    hand(state, 0, "")
    hand(state, 1, "")
    hand(state, 2, "ore " * 18)
    state.node_owner[26] = 1                              # seat 1 on mountains 8 too
    state.refresh()
    rolled(state, 8)
    assert cards(state, 0) == "" and cards(state, 1) == "" and state.bank[4] == 1
    assert state.hands[2] == [1, 0, 0, 0, 18]           # forest 8 still pays its lumber


# --- 4.3 a rolled 7 ---------------------------------------------------------------------------
def _seat1_to_roll():
    state = rolled(after_setup(), 5)
    state.apply("end")
    return state


def test_4_3_1_discards_mover_first_then_clockwise_half_rounded_down():
    state = _seat1_to_roll()
    hand(state, 0, "lumber " * 9)
    hand(state, 1, "wool " * 8)
    hand(state, 2, "grain " * 7)
    rolled(state, 7)
    assert state.current_player == 1 and state.queue == [1, 0]
    with pytest.raises(IllegalAction, match="discards 4"):
        state.apply("discard wool wool wool")
    state.apply("discard wool wool wool wool")
    assert state.current_player == 0
    state.apply("discard lumber lumber lumber lumber")
    assert cards(state, 0) == "lumber " * 4 + "lumber" and state.phase == "robber"
    assert sum(state.hands[2]) == 7


def test_4_3_2_and_3_the_robber_moves_and_steals_a_random_card():
    state = _seat1_to_roll()
    hand(state, 0, "lumber ore ore")
    rolled(state, 7)
    with pytest.raises(IllegalAction, match="must move"):
        state.apply("robber 9")
    with pytest.raises(IllegalAction, match="name the seat robbed"):
        state.apply("robber 4")               # seat 0 on node 12 holds cards
    state.apply("robber 4 from 0")
    assert state.current_player == CHANCE
    assert sorted((str(a), p) for a, p in state.chance_outcomes()) == [
        ("stolen lumber", pytest.approx(1 / 3)), ("stolen ore", pytest.approx(2 / 3))]
    state.apply("stolen ore")
    assert cards(state, 0) == "lumber ore" and state.hands[1][4] == 1
    assert state.phase == "trade and build"


# --- 4.4 trade --------------------------------------------------------------------------------
def test_4_4_maritime_four_three_or_two_to_one_and_the_worse_rates_too():
    state = rolled(after_setup(), 2)
    hand(state, 0, "lumber lumber lumber lumber grain grain")
    assert "maritime lumber lumber lumber lumber for ore" in legal(state)
    with pytest.raises(IllegalAction, match="no harbour for 3:1"):
        state.apply("maritime lumber lumber lumber for ore")
    state.generic[0] = True
    state.special[0][3] = True
    assert {"maritime lumber lumber lumber for ore", "maritime grain grain for ore",
            "maritime lumber lumber lumber lumber for ore"} <= legal(state)
    state.apply("maritime grain grain for ore")
    assert cards(state, 0) == "lumber lumber lumber lumber ore"
    with pytest.raises(IllegalAction):
        state.apply("maritime lumber lumber lumber for lumber")


def test_4_4_domestic_trade_only_the_mover_with_one_other_after_the_roll():
    state = rolled(after_setup(), 2)         # hands: brick grain ore | wool grain grain | ...
    state.apply("offer ore for lumber")
    assert state.current_player == 1
    assert "accept" not in legal(state)       # seat 1 has no lumber
    with pytest.raises(IllegalAction, match="do not hold the cards asked"):
        state.apply("accept")
    state.apply("counter wool for ore")
    assert state.current_player == 2 and "accept" in legal(state)
    with pytest.raises(IllegalAction, match="offer itself"):
        state.apply("counter lumber for ore")
    state.apply("accept")
    assert state.current_player == 0
    assert legal(state) == {"trade 1", "trade 2", "cancel"}
    state.apply("trade 1")
    assert cards(state, 0) == "brick wool grain" and cards(state, 1) == "grain grain ore"
    assert state.phase == "trade and build"


def test_4_4_no_gifts_and_no_resource_on_both_sides():
    state = rolled(after_setup(), 2)
    for text in ["offer ore for ore", "offer ore for", "offer for lumber"]:
        with pytest.raises(IllegalAction):
            state.apply(text)


# --- 4.5 build --------------------------------------------------------------------------------
def test_4_5_a_road_joins_the_movers_building_or_road():
    state = rolled(after_setup(), 2)
    hand(state, 0, "lumber brick lumber brick")
    roads = {t for t in legal(state) if t.startswith("build road")}
    assert "build road 13" in roads and "build road 12" not in roads
    with pytest.raises(IllegalAction, match="joins none"):
        state.apply("build road 0")
    state.apply("build road 13")
    assert cards(state, 0) == "lumber brick" and state.roads_left[0] == 12


def test_4_5_a_settlement_needs_a_road_and_the_distance_rule():
    state = rolled(after_setup(), 2)
    hand(state, 0, "lumber lumber lumber brick brick brick wool grain")
    with pytest.raises(IllegalAction, match="touches none of your roads"):
        state.apply("build settlement 0")
    state.apply("build road 13")             # 8-13
    with pytest.raises(IllegalAction, match="distance"):
        state.apply("build settlement 8")    # next to 12
    state.apply("build road 20")             # 13-18
    state.apply("build settlement 18")
    assert state.points(0) == 3 and cards(state, 0) == ""


def test_4_5_a_city_replaces_a_settlement_which_returns_to_the_supply():
    state = rolled(after_setup(), 2)
    hand(state, 0, "grain grain ore ore ore")
    with pytest.raises(IllegalAction, match="no settlement of yours"):
        state.apply("build city 44")
    state.apply("build city 31")
    assert state.city[31] and state.settlements_left[0] == 4 and state.cities_left[0] == 3
    assert state.points(0) == 3


def test_4_5_buying_a_development_card_draws_from_the_deck():
    state = rolled(after_setup(), 2)
    hand(state, 0, "wool grain ore")
    state.apply("buy")
    assert state.current_player == CHANCE
    assert dict((str(a), p) for a, p in state.chance_outcomes())["draw knight"] == 14 / 25
    state.apply("draw monopoly")
    assert state.dev[0][3] == 1 and sum(state.deck) == 24 and cards(state, 0) == ""


# --- 4.6 development cards --------------------------------------------------------------------
def _with_card(card: str, bought_now: bool = False):
    from meeple.games.catan.notation import DEV_INDEX
    state = after_setup()
    state.dev[0][DEV_INDEX[card]] += 1
    state.deck[DEV_INDEX[card]] -= 1
    if bought_now:
        state.new[0][DEV_INDEX[card]] += 1
    return state


def test_4_6_a_card_bought_this_turn_cannot_be_played():
    state = _with_card("knight", bought_now=True)
    assert "play knight" not in legal(state)
    with pytest.raises(IllegalAction, match="bought this turn"):
        state.apply("play knight")
    state.new[0] = [0] * 5                   # an old knight beside the new one
    state.dev[0][0] = 2
    state.new[0][0] = 1
    assert "play knight" in legal(state)


def test_4_6_one_card_a_turn_before_or_after_the_roll():
    state = _with_card("knight")
    state.dev[0][3] = 1                      # and a monopoly
    state.apply("play knight")
    state.apply("robber 4")                  # only seat 0 on hex 4: nobody to rob
    assert legal(state) == {"roll"}
    rolled(state, 2)
    with pytest.raises(IllegalAction, match="one development card a turn"):
        state.apply("play monopoly ore")


def test_4_6_knight_moves_the_robber_and_counts_for_the_army():
    state = _with_card("knight")
    state.apply("play knight")
    assert state.phase == "robber" and state.played[0][0] == 1
    state.apply("robber 13 from 1")
    state.apply("stolen wool")
    assert state.phase == "before the roll" and cards(state, 0) == "brick wool grain ore"


def test_4_6_road_building_places_two_free_roads():
    state = _with_card("roadbuilding")
    rolled(state, 2)
    state.apply("play roadbuilding")
    state.apply("build road 13")
    state.apply("build road 14")             # 9-13, on the first
    assert state.phase == "trade and build" and cards(state, 0) == "brick grain ore"
    assert state.roads_left[0] == 11


def test_4_6_year_of_plenty_takes_two_from_the_bank():
    state = _with_card("plenty")
    assert "play plenty ore ore" in legal(state)
    with pytest.raises(IllegalAction):
        state.apply("play plenty ore lumber")            # out of order
    state.apply("play plenty lumber ore")
    assert cards(state, 0) == "lumber brick grain ore ore"


def test_4_6_monopoly_takes_every_card_of_a_resource():
    state = _with_card("monopoly")
    rolled(state, 2)
    state.apply("play monopoly grain")
    assert cards(state, 0) == "brick grain grain grain ore" and cards(state, 1) == "wool"


def test_4_6_victory_point_cards_are_never_played_and_count_at_once():
    state = _with_card("vp", bought_now=True)
    assert state.points(0) == 3 and state.visible_points(0) == 2
    with pytest.raises(IllegalAction):
        state.apply("play vp")


# --- 5. Longest Road, Largest Army, victory ---------------------------------------------------
def test_5_1_road_length_rings_branches_and_breaks():
    from meeple.games.catan.roads import road_length
    from meeple.games.catan.board import HEX_SIDES, EDGE_OF
    roads, nodes = [-1] * 72, [-1] * 54
    for e in HEX_SIDES[9]:
        roads[e] = 0
    assert road_length(roads, nodes, 0) == 6            # a ring counts in full
    roads = [-1] * 72
    for pair in [(17, 23), (18, 23), (23, 29)]:           # a Y at node 23
        roads[EDGE_OF[pair]] = 0
    assert road_length(roads, nodes, 0) == 2
    roads = [-1] * 72
    for pair in [(0, 3), (3, 7), (7, 11), (11, 16), (16, 21)]:
        roads[EDGE_OF[pair]] = 0
    assert road_length(roads, nodes, 0) == 5
    nodes[7] = 0
    assert road_length(roads, nodes, 0) == 5            # its own building never breaks it
    nodes[7] = 1
    assert road_length(roads, nodes, 0) == 3            # another's breaks it at 7
    nodes[7], nodes[21] = -1, 1
    assert road_length(roads, nodes, 0) == 5            # ending at one: the piece counts


def test_5_1_the_holder_keeps_a_tie_a_longer_road_takes_it_a_break_may_set_it_aside():
    from meeple.games.catan.roads import longest_holder
    assert longest_holder([5, 4, 0], -1) == 0
    assert longest_holder([5, 5, 0], 0) == 0
    assert longest_holder([5, 6, 0], 0) == 1
    assert longest_holder([4, 4, 0], 0) == -1           # broken below 5
    assert longest_holder([4, 6, 6], 0) == -1           # broken, two tie for longest
    assert longest_holder([4, 6, 5], 0) == 1            # broken, one longest
    assert longest_holder([5, 5, 0], -1) == -1          # nobody takes it on a tie


def test_5_2_largest_army_needs_three_and_more_than_the_holder():
    state = after_setup()
    state.played[1][0] = 3
    state.army = 1
    state.dev[0][0] = 1
    state.played[0][0] = 2
    state.apply("play knight")                          # the third: a tie
    assert state.army == 1
    state.apply("robber 4")
    rolled(state, 2)
    state.apply("end")
    state = after_setup()
    state.played[0][0] = 2
    state.dev[0][0] = 1
    state.apply("play knight")
    assert state.army == 0 and state.points(0) == 4


def test_5_3_the_mover_wins_at_ten_on_its_own_turn():
    state = rolled(after_setup(), 2)
    state.dev[0][4] = 6                                 # 2 + 6 hidden points
    state.settlements_left[0] = 2                       # 3 settlements: 9 points
    hand(state, 0, "grain grain ore ore ore")
    state.apply("build city 31")
    assert state.is_terminal() and state.winner == 0 and state.current_player == TERMINAL
    kinds = [e["kind"] for e in state.events]
    assert kinds[-2:] == ["revealed", "win"]


def test_5_3_points_gained_in_another_turn_win_at_the_start_of_ones_own():
    state = rolled(after_setup(), 2)
    state.dev[1][4] = 8                                 # seat 1: 10 points, not its turn
    assert not state.is_terminal()
    state.apply("end")
    assert state.is_terminal() and state.winner == 1
