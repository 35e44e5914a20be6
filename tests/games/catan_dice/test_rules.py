"""Every rule of the Catan Dice Game, and the rulebook's example."""
from __future__ import annotations

import pytest

import meeple
from meeple import CHANCE, TERMINAL, IllegalAction
from meeple.games.catan_dice.rules import roll_outcomes


def new(players: int = 1):
    return meeple.load("catan-dice", players).new_state(seed=1)


def at_build(faces: str, state=None):
    """A state in the building phase with dice showing ``faces`` (6 words)."""
    state = state or new()
    state.apply(f"roll {faces}")
    state.apply("stop")
    return state


def test_a_turn_starts_with_a_roll_of_six_dice():
    state = new()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6 ** 6
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(IllegalAction, match="sets 6 dice"):
        state.apply("roll ore ore")
    with pytest.raises(IllegalAction, match="rolled first"):
        state.apply("stop")


def test_reroll_any_dice_twice_then_the_roll_is_final():
    state = new()
    state.apply("roll ore ore ore gold gold gold")
    assert state.current_player == 0
    state.apply("reroll 3 4 5")
    assert state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 6 ** 3
    state.apply("roll grain grain wool")
    assert state.dice == [0, 0, 0, 1, 1, 2]
    # after the second roll dice set aside earlier may be taken back
    state.apply("reroll 0 5")
    state.apply("roll brick lumber")
    assert state.phase == "building"          # the third roll is final: stop is implied
    with pytest.raises(IllegalAction, match="rolling is over"):
        state.apply("reroll 1")


def test_reroll_names_each_die_once_in_order():
    state = new()
    state.apply("roll ore ore ore gold gold gold")
    for bad in ("reroll 3 3", "reroll 4 2", "reroll 6", "reroll"):
        with pytest.raises(IllegalAction):
            state.apply(bad)


def test_no_changing_dice_while_rolling():
    state = new()
    state.apply("roll gold gold ore ore ore grain")
    with pytest.raises(IllegalAction, match="stop rolling first"):
        state.apply("trade 0 1 brick")


def test_road_costs_brick_and_lumber_and_uses_the_dice():
    state = at_build("brick lumber brick lumber ore ore")
    state.apply("build road R0")
    assert state.used == 0b000011
    state.apply("build road R1")
    assert state.used == 0b001111
    with pytest.raises(IllegalAction, match="missing 1 brick, 1 lumber"):
        state.apply("build road R2")


def test_roads_grow_from_the_built_network():
    state = at_build("brick lumber brick lumber ore ore")
    with pytest.raises(IllegalAction, match="R3 needs R2 built first"):
        state.apply("build road R3")
    with pytest.raises(IllegalAction, match="R2 needs R0"):
        state.apply("build road R2")
    state.apply("build road R0")
    state.apply("build road R2")
    assert state.sheets[0].has("R2")


def test_a_road_may_pass_an_unbuilt_settlement():
    state = at_build("brick lumber brick lumber brick lumber")
    for road in ("R0", "R2", "R3"):        # R3 lies beyond S4, which is not built
        state.apply(f"build road {road}")
    assert not state.sheets[0].has("S4")


def test_settlements_in_order_and_reached_by_a_road():
    state = at_build("brick lumber wool grain brick lumber")
    with pytest.raises(IllegalAction, match="S4 needs R2 and S3"):
        state.apply("build settlement S4")
    state.apply("build settlement S3")        # S3 sits on the pre-built start road
    assert state.built_now == ["S3"]
    state.apply("build road R0")
    state.apply("end")
    state = at_build("brick lumber brick lumber wool ore", state)
    state.apply("build road R2")
    with pytest.raises(IllegalAction, match="missing 1 grain"):
        state.apply("build settlement S4")


def test_city_costs_three_ore_two_grain_and_needs_its_road():
    state = at_build("ore ore ore grain grain brick")
    with pytest.raises(IllegalAction, match="C7 needs R1"):
        state.apply("build city C7")
    state.sheets[0].built |= 1 << 0 | 1 << 1  # R0 and R1 built on an earlier turn
    state.apply("build city C7")
    assert state.sheets[0].has("C7")
    with pytest.raises(IllegalAction, match="C12 needs R4 built first"):
        state.apply("build city C12")


def test_knights_in_order():
    state = at_build("ore wool grain ore wool grain")
    with pytest.raises(IllegalAction, match="K2 needs K1"):
        state.apply("build knight K2")
    state.apply("build knight K1")
    state.apply("build knight K2")
    state.apply("end")
    assert state.sheets[0].boxes == [["K1", "K2"]]
    assert state.scores() == [3]


def test_joker_turns_a_die_to_the_knights_resource_once():
    state = at_build("ore wool grain gold gold gold")
    with pytest.raises(IllegalAction, match="K1 is not built"):
        state.apply("joker K1 3")
    state.apply("build knight K1")            # usable from the turn it is built
    state.apply("joker K1 3")
    assert state.dice[3] == 0                 # ore
    with pytest.raises(IllegalAction, match="already used"):
        state.apply("joker K1 4")
    with pytest.raises(IllegalAction, match="already used"):
        state.apply("joker K1 0")             # die 0 is spent on the knight


def test_k6_joker_makes_any_building_resource_never_gold():
    state = at_build("ore ore ore ore ore ore")
    state.sheets[0].built |= sum(1 << i for i in range(26, 32))   # all six knights
    with pytest.raises(IllegalAction, match="needs the resource"):
        state.apply("joker K6 0 gold")
    with pytest.raises(IllegalAction, match="needs the resource"):
        state.apply("joker K6 0")
    state.apply("joker K6 0 brick")
    state.apply("joker K4 1")
    state.apply("build road R0")
    assert state.sheets[0].jokers_used == 0b101000


def test_several_jokers_in_one_turn():
    state = at_build("gold gold gold gold ore ore")
    state.sheets[0].built |= sum(1 << i for i in range(26, 32))
    for knight, die in (("K4", 0), ("K5", 1), ("K3", 2), ("K2", 3)):
        state.apply(f"joker {knight} {die}")
    state.apply("build settlement S3")
    assert state.built_now == ["S3"]


def test_two_gold_buy_one_resource():
    state = at_build("gold gold brick ore ore ore")
    state.apply("trade 0 1 lumber")
    assert state.dice[0] == 3 and state.used == 0b10
    state.apply("build road R0")
    with pytest.raises(IllegalAction, match="not gold"):
        state.apply("trade 3 4 grain")


def test_gold_trades_need_two_gold_dice_and_a_building_resource():
    state = at_build("gold ore ore ore ore gold")
    with pytest.raises(IllegalAction, match="only for"):
        state.apply("trade 0 5 gold")
    with pytest.raises(IllegalAction, match="lower die first"):
        state.apply("trade 5 0 ore")
    with pytest.raises(IllegalAction, match="not gold"):
        state.apply("trade 0 1 ore")
    state = at_build("gold ore ore ore ore ore")
    assert not any(a[0] == "trade" for a in state.legal_actions())


def test_a_turn_without_a_build_is_an_x_minus_two():
    state = at_build("gold ore ore ore wool wool")
    state.apply("end")
    assert state.sheets[0].boxes == [[]]
    assert state.scores() == [-2]
    assert state.score_breakdown()["seats"][0]["items"][0]["text"] == "turn 1: X: nothing built"


def test_rulebook_example_third_turn_road_and_knight_write_two():
    state = at_build("brick lumber wool grain gold gold")
    state.apply("build settlement S3")
    state.apply("end")                         # turn 1: 3
    state = at_build("brick lumber brick lumber ore ore", state)
    state.apply("build road R0")
    state.apply("build road R1")
    state.apply("end")                         # turn 2: two roads, 2
    state = at_build("lumber brick wool ore grain gold", state)
    state.apply("build road R2")
    state.apply("build knight K1")
    state.apply("end")                         # turn 3: road + knight = 2
    items = state.score_breakdown()["seats"][0]["items"]
    assert [i["points"] for i in items] == [3, 2, 2]
    assert items[2]["text"] == "turn 3: road R2 (1) + knight K1 (1)"
    assert state.scores() == [7]


def test_fifteen_turns_then_the_end():
    state = new()
    for _ in range(15):
        assert not state.is_terminal()
        at_build("gold gold gold gold gold gold", state).apply("end")
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.scores() == [-30]
    with pytest.raises(IllegalAction, match="over"):
        state.apply("roll ore ore ore ore ore ore")


def test_players_take_turns_on_their_own_sheets():
    state = new(3)
    for seat in (0, 1, 2, 0):
        state.apply("roll brick lumber ore ore ore ore")
        assert state.current_player == seat
        state.apply("stop")
        state.apply("build road R0") if seat == 1 else None
        state.apply("end")
    assert state.scores() == [-4, 1, -2]
    assert state.turn == 5


def test_every_structure_adds_up_to_145():
    from meeple.games.catan_dice.island import TOTAL_VALUE, STRUCTURES
    assert TOTAL_VALUE == 145 and len(STRUCTURES) == 16 + 6 + 4 + 6


def test_roll_outcomes_are_all_distinct():
    outs = roll_outcomes(2)
    assert len({a for a, _ in outs}) == 36
