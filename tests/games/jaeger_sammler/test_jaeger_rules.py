"""Every rule of Jäger und Sammler (the seed, with the readings of jaeger-sammler-board.md)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from jaeger_fixtures import clear, kind_at, legal, new, put, setup_action

import meeple
from meeple import CHANCE, TERMINAL, IllegalAction
from meeple.games.jaeger_sammler.tiles import (BERRIES, CODE, FUR, JUG, MAMMOTH_BASE, NAMES,
                                               SUMMER, TUBERS, WINTER, season_tiles)


def test_200_tiles_with_the_seed_counts_and_default_mammoths():
    summer = Counter(NAMES[c] for c in season_tiles(SUMMER, [4, 6, 8]))
    winter = Counter(NAMES[c] for c in season_tiles(WINTER, [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]))
    assert sum(summer.values()) == 112 and sum(winter.values()) == 88
    assert summer == {"berries": 30, "tubers": 18, "herbs": 5, "jug": 10, "necklace": 10,
                      "weapon": 12, "path": 19, "cave": 5, "mammoth4": 1, "mammoth6": 1,
                      "mammoth8": 1}
    assert winter == {"berries": 30, "tubers": 18, "herbs": 5, "fur": 10, "skull": 10,
                      "weapon": 3, "mammoth3": 2, "mammoth4": 2, "mammoth5": 2,
                      "mammoth6": 2, "mammoth7": 2, "mammoth8": 2}
    state = meeple.load("jaeger-sammler", 2).new_state(0)
    assert Counter(NAMES[c] for c in state.tiles_to_lay()) == summer


def test_summer_setup_is_a_chance_action_on_all_112_fields():
    state = meeple.load("jaeger-sammler", 3).new_state(4)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [] and state.legal_actions() == []
    a = state.sample_chance(random.Random(1))
    assert a == state.sample_chance(random.Random(1)) != state.sample_chance(random.Random(2))
    assert str(a).startswith("setup ") and len(a) == 113
    with pytest.raises(IllegalAction, match="not 3"):
        state.apply("setup berries berries berries")
    wrong = list(a[1:])
    wrong[wrong.index("cave")] = "berries"
    with pytest.raises(IllegalAction, match="missing: 1 cave"):
        state.apply("setup " + " ".join(wrong))
    with pytest.raises(IllegalAction, match="laid first"):
        state.apply("remove 1,1")
    state.apply(a)
    names = state.board.names
    laid = [names[f] for f in state.board.tile_fields]
    assert [kind_at(state, f) for f in laid] == list(a[1:])       # row-major order
    assert state.current_player == 0
    for seat in range(3):                                          # a pawn in each
        assert sorted(names[f] for f in state.pawns[seat]) == ["1,1", "1,10", "8,1", "8,10"]
    assert state.hand == [4, 4, 4]
    with pytest.raises(IllegalAction, match="start of a season"):
        state.apply(a)


def test_one_pawn_two_steps_takes_both_fields_it_leaves():
    state = new(2, {"1,2": "tubers", "1,3": "jug"})
    state.apply("move 1,1>1,2>1,3")
    assert kind_at(state, "1,2") is None and kind_at(state, "1,3") == "jug"
    assert state.coll[0][TUBERS] == 1 and sum(state.coll[0]) == 1   # a settlement gives nothing
    assert state.down[0] == [1, 0]
    assert state.current_player == 1
    state.apply("move 1,10>1,9 8,10>8,9")          # two pawns one step
    state.apply("move 1,3>0,3>0,4")
    assert state.coll[0][JUG] == 1 and state.coll[0][BERRIES] == 1


def test_two_pawns_one_step_each_take_one_tile_each():
    state = new(2, {"1,2": "tubers", "1,9": "jug"})
    state.apply("move 1,1>1,2 1,10>1,9")
    state.apply("remove 8,1")
    state.apply("move 1,2>0,2 1,9>0,9")
    assert state.coll[0][TUBERS] == 1 and state.coll[0][JUG] == 1


def test_a_move_has_one_of_two_shapes():
    state = new(2)
    for bad, reason in (("move 1,1>1,2", "two steps"), ("move 1,1>1,2>1,3>1,4", "two steps"),
                        ("move 1,1>1,2 1,10>1,9 8,1>8,2", "two steps"),
                        ("move 1,1>1,2>1,3 8,1>8,2", "two steps"),
                        ("move 1,1 > 1,2", "not a field"), ("move a,b>1,2>1,3", "not a field"),
                        ("jump 1,1", "unknown action"), ("remove", "exactly one field")):
        with pytest.raises(IllegalAction, match=reason):
            state.apply(bad)
    with pytest.raises(IllegalAction, match="not next to"):
        state.apply("move 1,1>1,3>1,4")
    with pytest.raises(IllegalAction, match="no field 12,1"):
        state.apply("move 1,1>1,2>12,1")
    with pytest.raises(IllegalAction, match="no pawn on 2,2"):
        state.apply("move 2,2>2,3>2,4")
    assert state.parse("move 01,1>1,2>1,03") == state.parse("move 1,1>1,2>1,3")


def test_two_different_pawns_for_two_single_steps():
    state = new(2, {"0,4": "cave", "0,5": "cave"})
    put(state, 0, ["1,4", "0,3"])
    with pytest.raises(IllegalAction, match="no other pawn on 0,4"):
        state.apply("move 1,4>0,4 0,4>0,5")         # the same pawn twice
    put(state, 0, ["1,4", "0,4"])
    state.apply("move 1,4>0,4 0,4>0,5")             # a second pawn in the cave may go on


def test_paths_and_caves_are_never_taken():
    state = new(2, {"1,2": "path", "1,3": "cave", "0,3": "berries"})
    state.apply("move 1,1>1,2>1,3")
    state.apply("remove 8,1")
    assert kind_at(state, "1,2") == "path" and kind_at(state, "1,3") == "cave"
    state.apply("move 1,3>0,3>0,4")
    assert kind_at(state, "1,3") == "cave" and kind_at(state, "0,3") is None
    assert state.coll[0][BERRIES] == 1 and sum(state.coll[0]) == 1


def test_a_taken_field_can_never_be_entered_again():
    state = new(2)
    state.apply("move 1,1>1,2>1,3")
    state.apply("remove 8,1")
    with pytest.raises(IllegalAction, match="1,2 holds no tile"):
        state.apply("move 1,3>1,2>1,1")
    assert "move 1,3>1,2>1,1" not in legal(state)


def test_one_pawn_per_tile_any_number_in_settlements_and_caves():
    state = new(3, {"1,2": "cave", "0,2": "cave"})
    put(state, 1, ["1,3"])
    with pytest.raises(IllegalAction, match="1,3 is occupied"):
        state.apply("move 1,1>1,2>1,3")
    put(state, 1, ["1,2"])                           # a cave holds any number of pawns
    state.apply("move 1,1>1,2 1,10>1,9")
    assert state.count[state.board.index["1,2"]] == 2
    assert state.count[state.board.index["8,1"]] == 2   # seats 0 and 2 still in 8,1


def test_cave_to_cave_jump_is_one_step():
    caves = {"1,2": "cave", "6,8": "cave", "3,3": "cave", "9,0": "cave", "9,11": "cave"}
    state = new(2, {**caves, "6,9": "tubers"})
    state.apply("move 1,1>1,2>6,8")                  # a step, then a jump
    assert "move 1,1>1,2>9,11" in legal(state)       # seat 1 may jump anywhere too
    state.apply("remove 8,1")
    assert "move 6,8>3,3>9,0" in legal(state)        # jump, jump
    state.apply("move 6,8>6,9>6,10")
    assert state.coll[0][TUBERS] == 1
    with pytest.raises(IllegalAction, match="not a cave jump"):
        state.apply("move 1,10>1,9>6,8")


def test_passing_over_one_occupied_field_takes_nothing():
    state = new(2, {"1,2": "tubers", "1,3": "jug", "0,2": "herbs"})
    put(state, 1, ["1,2", "8,10"])
    state.apply("move 1,1>1,2>1,3")                  # over seat 1's pawn
    assert kind_at(state, "1,2") == "tubers" and sum(state.coll[0]) == 0
    with pytest.raises(IllegalAction, match="1,3 is occupied"):
        state.apply("move 1,2>0,3>1,3")                  # the end must be free
    assert "move 1,2>0,2>0,3" in legal(state)


def test_passing_over_an_occupied_mammoth_needs_no_weapon():
    state = new(2, {"1,2": "mammoth6"})
    put(state, 1, ["1,2", "8,10"])
    assert state.weapons[0] == 0
    state.apply("move 1,1>1,2>1,3")
    assert state.spent == 0 and state.mammoths[0] == []


def test_mammoths_are_entered_only_by_spending_a_weapon():
    state = new(2, {"1,2": "mammoth6", "0,2": "weapon"})
    for text in ("move 1,1>1,2>1,3", "move 1,1>2,2>1,2"):
        with pytest.raises(IllegalAction, match="mammoth on 1,2 needs a weapon"):
            state.apply(text)
    moves = legal(state)
    assert "move 1,1>1,2>1,3" not in moves and "move 1,1>2,2>1,2" not in moves
    assert "move 1,1>0,2>1,2" in moves
    state.apply("move 1,1>0,2>1,2")                 # the weapon taken on the way counts
    assert state.weapons[0] == 0 and state.spent == 1
    state.apply("remove 8,1")
    state.apply("move 1,2>1,3>1,4")                  # leaving the mammoth takes it
    assert state.mammoths[0] == [6] and kind_at(state, "1,2") is None


def test_weapon_taken_by_the_first_pawn_counts_for_the_second():
    state = new(2, {"0,2": "weapon", "1,2": "mammoth8"})
    put(state, 0, ["0,2", "1,1"])
    moves = legal(state)
    assert "move 0,2>0,3 1,1>1,2" in moves
    assert "move 1,1>1,2 0,2>0,3" not in moves
    with pytest.raises(IllegalAction, match="needs a weapon"):
        state.apply("move 1,1>1,2 0,2>0,3")
    state.apply("move 0,2>0,3 1,1>1,2")
    assert state.weapons[0] == 0 and state.spent == 1


def test_weapons_held_are_spent_one_per_mammoth():
    state = new(2, {"1,2": "mammoth6", "1,3": "mammoth4", "2,2": "mammoth8"})
    state.weapons[0] = 1
    with pytest.raises(IllegalAction, match="mammoth on 1,3 needs a weapon"):
        state.apply("move 1,1>1,2>1,3")
    assert "move 1,1>1,2 1,10>1,9" in legal(state)
    assert "move 1,1>1,2 8,1>2,2" not in legal(state)
    state.apply("move 1,1>1,2 1,10>1,9")
    assert state.weapons[0] == 0


def test_two_pawn_orders_both_accepted_one_listed_when_equivalent():
    state = new(2)
    moves = legal(state)
    assert "move 1,1>1,2 1,10>1,9" in moves and "move 1,10>1,9 1,1>1,2" not in moves
    assert state.check(state.parse("move 1,10>1,9 1,1>1,2")) is None
    other = state.clone()
    state.apply("move 1,1>1,2 1,10>1,9")
    other.apply("move 1,10>1,9 1,1>1,2")
    assert state.pawns == other.pawns and state.tile == other.tile


def test_a_path_left_by_one_pawn_can_be_entered_by_the_other_afterwards():
    state = new(2, {"1,2": "path"})
    put(state, 0, ["1,2", "1,1"])
    moves = legal(state)
    assert "move 1,2>1,3 1,1>1,2" in moves and "move 1,1>1,2 1,2>1,3" not in moves
    with pytest.raises(IllegalAction, match="1,2 is occupied"):
        state.apply("move 1,1>1,2 1,2>1,3")
    state.apply("move 1,2>1,3 1,1>1,2")


def test_removing_a_pawn_is_a_turn_and_takes_its_tile():
    state = new(2, {"1,2": "herbs"})
    put(state, 0, ["1,2", "8,1"])
    state.apply("remove 1,2")
    assert state.coll[0][CODE["herbs"]] == 1 and state.pawns[0] == [state.board.index["8,1"]]
    assert state.current_player == 1 and state.turn == 2
    state.apply("remove 1,1")                          # from a settlement: no tile
    assert sum(state.coll[1]) == 0 and len(state.pawns[1]) == 3
    with pytest.raises(IllegalAction, match="no pawn on 1,2"):
        state.apply("remove 1,2")


def test_crates_are_left_in_winter_settlements_in_summer():
    state = new(2)
    put(state, 0, ["1,4", "0,1"])
    state.apply("move 1,4>2,5>2,6")                    # through a winter settlement
    assert state.crates[state.board.index["2,5"]] == 1 and state.hand[0] == 3
    state.apply("remove 8,10")
    state.apply("move 2,6>2,5>1,5")                    # one crate per colour there
    assert state.hand[0] == 3
    state.apply("remove 8,1")
    state.apply("move 0,1>1,1>1,2")                    # summer settlements: no crate
    assert state.crates[state.board.index["1,1"]] == 0 and state.hand[0] == 3
    state.apply("remove 1,10")
    state.hand[0] = 0
    put(state, 0, ["3,2"])
    state.apply("move 3,2>4,2>4,3")                    # no crate in hand: none left
    assert state.crates[state.board.index["4,2"]] == 0


def test_the_last_crate_goes_where_the_first_pawn_written_goes():
    state = new(2)
    put(state, 0, ["1,4", "3,2"])
    state.hand[0] = 1
    moves = legal(state)
    assert "move 1,4>2,5 3,2>4,2" in moves and "move 3,2>4,2 1,4>2,5" in moves
    state.apply("move 3,2>4,2 1,4>2,5")
    assert state.crates[state.board.index["4,2"]] == 1
    assert state.crates[state.board.index["2,5"]] == 0


def test_players_without_pawns_are_skipped():
    state = new(3)
    put(state, 1, [])
    state.apply("remove 1,1")
    assert state.current_player == 2
    state.apply("remove 1,1")
    assert state.current_player == 0


def test_summer_ends_when_every_tile_but_paths_and_caves_is_collected():
    state = new(2, {"1,2": "tubers", "0,1": "path", "2,1": "cave"})
    clear(state, [state.board.names[f] for f in state.board.tile_fields
                  if state.board.names[f] not in ("1,2", "0,1", "2,1")])
    assert state.left == 1
    state.apply("move 1,1>1,2>1,1")
    assert state.coll[0][TUBERS] == 1
    assert state.season == WINTER and state.current_player == CHANCE
    assert not any(state.discarded[SUMMER])                # nothing was left to remove
    assert kind_at(state, "0,1") == "path" and kind_at(state, "2,1") == "cave"


def test_summer_ends_when_no_pawn_can_obtain_a_tile():
    state = new(2, {"1,2": "path", "1,3": "path", "5,5": "berries", "6,6": "mammoth8"})
    keep = {"1,1", "1,2", "1,3", "5,5", "6,6", "1,10", "8,1", "8,10", "2,5", "4,2", "5,9",
            "7,6"}
    clear(state, [n for n in state.board.names if n not in keep])
    put(state, 0, ["1,1"])
    put(state, 1, ["1,2"])
    assert state.phase == "play"
    state.apply("remove 1,1")
    # only seat 1 is left, on a path island: berries and the mammoth cannot be reached
    assert state.season == WINTER and state.current_player == CHANCE
    assert state.discarded[SUMMER][BERRIES] == 1
    assert state.discarded[SUMMER][MAMMOTH_BASE + 8] == 1
    assert kind_at(state, "5,5") is None
    assert kind_at(state, "1,2") == "path"           # paths and caves stay
    assert state.pawns == [[], []]


def test_an_armed_pawn_keeps_the_season_going_for_a_mammoth():
    state = new(2, {"1,2": "path", "1,3": "mammoth8"})
    keep = {"1,1", "1,2", "1,3", "1,10", "8,1", "8,10", "2,5", "4,2", "5,9", "7,6"}
    clear(state, [n for n in state.board.names if n not in keep])
    put(state, 0, ["1,1"])
    put(state, 1, ["8,1"])
    state.weapons[0] = 1
    state.apply("move 1,1>1,2>1,1")
    assert state.season == SUMMER and state.phase == "play"
    state.weapons[0] = 0
    state.apply("remove 8,1")
    assert state.season == WINTER


def _to_winter(players: int, crates: dict[int, list[str]], best=(0, -1)):
    """A game at the winter set-up: summer ended with ``crates`` standing per seat."""
    state = new(players)
    for seat, fields in crates.items():
        for n in fields:
            state.crates[state.board.index[n]] |= 1 << seat
        state.hand[seat] = 4 - len(fields)
    state.best = best
    while state.phase == "play":
        state.apply(next(a for a in state.legal_actions() if a[0] == "remove"))
    return state


def test_summer_ends_when_all_pawns_are_removed_then_winter_is_laid_on_the_emptied_fields():
    state = _to_winter(2, {0: ["2,5", "4,2"], 1: ["7,6"]})
    assert state.season == WINTER and state.current_player == CHANCE
    assert state.chance_outcomes() == [] and state.legal_actions() == []
    empty = state.empty_fields()
    assert len(empty) == 88
    paths_caves = {f: state.tile[f] for f in state.board.tile_fields if state.tile[f] >= 0}
    assert sorted(NAMES[t] for t in paths_caves.values()) == ["cave"] * 5 + ["path"] * 19
    with pytest.raises(IllegalAction, match="exactly this season's tiles"):
        state.apply("setup " + " ".join(["berries"] * 88))
    a = state.sample_chance(random.Random(3))
    assert len(a) == 89
    state.apply(a)
    assert all(state.tile[f] == t for f, t in paths_caves.items())   # paths, caves stay
    assert [NAMES[state.tile[f]] for f in empty] == list(a[1:])


def test_winter_pawns_stand_only_where_the_players_crates_stood():
    state = _to_winter(3, {0: ["2,5", "4,2"], 1: ["7,6"]})
    state.apply(setup_action(state, {}))
    names = state.board.names
    assert sorted(names[f] for f in state.pawns[0]) == ["2,5", "4,2"]
    assert [names[f] for f in state.pawns[1]] == ["7,6"]
    assert state.pawns[2] == []                            # no crate left: no winter pawn
    assert state.hand == [4, 4, 4] and not any(state.crates)
    assert state.current_player == 0
    state.apply("remove 2,5")
    assert state.current_player == 1                      # seat 2 is skipped all winter
    state.apply("remove 7,6")
    assert state.current_player == 0


def test_winter_starts_with_the_highest_summer_mammoth():
    state = _to_winter(3, {0: ["2,5"], 1: ["7,6"], 2: ["4,2"]}, best=(8, 2))
    state.apply(setup_action(state, {}))
    assert state.current_player == 2
    state = _to_winter(3, {0: ["2,5"], 1: ["7,6"]}, best=(8, 2))
    state.apply(setup_action(state, {}))
    assert state.current_player == 0                      # seat 2 has no winter pawn


def test_the_highest_summer_mammoth_is_tracked_first_come():
    state = new(2, {"1,2": "mammoth6", "8,2": "mammoth8", "1,9": "mammoth4"})
    state.weapons = [2, 2]
    assert state.best == (0, -1)
    state.apply("move 1,1>1,2>1,3")
    assert state.best == (6, 0)
    state.apply("move 1,10>1,9>1,8")
    assert state.best == (6, 0)
    state.apply("move 8,1>8,2>8,3")
    assert state.best == (8, 0)


def test_crates_go_to_summer_settlements_in_winter_and_score_five():
    state = _to_winter(2, {0: ["2,5"], 1: ["7,6"]})
    state.apply(setup_action(state, {"1,2": "berries"}))
    put(state, 0, ["1,2"])
    before = state.scores()[0]
    state.apply("move 1,2>1,1>0,1")                        # through a summer settlement
    assert state.crates[state.board.index["1,1"]] == 1 and state.hand[0] == 3
    assert state.scores()[0] == before + 1 + 5
    assert any(i["kind"] == "crate" and i["points"] == 5
               for i in state.score_breakdown()["seats"][0]["items"])


def test_the_game_ends_after_winter():
    state = _to_winter(2, {0: ["2,5"], 1: ["7,6"]})
    state.apply(setup_action(state, {"2,4": "fur"}))
    state.apply("move 2,5>2,4>2,3")
    assert state.coll[0][FUR] == 1
    state.apply("remove 7,6")
    state.apply("remove 2,3")
    assert state.is_terminal() and state.current_player == TERMINAL
    assert state.pawns == [[], []]
    on_board = sum(1 for f in state.board.tile_fields if state.tile[f] >= 0)
    assert on_board == 24                                  # paths and caves only
    assert sum(state.discarded[WINTER]) + 2 == 88          # all but the fur and the tile on 2,3
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("remove 2,3")
    assert state.legal_actions() == []


def test_a_winter_without_pawns_ends_the_game_at_once():
    state = _to_winter(2, {})
    state.apply(setup_action(state, {}))
    assert state.is_terminal()
    assert sum(state.discarded[WINTER]) == 88


def test_a_season_of_shuttling_pawns_ends_after_ten_idle_rounds():
    """A bot alone on the board moved a pawn back and forth for ever (a real record, cut):
    after 10 rounds without a tile taken or a crate left, the season ends."""
    from pathlib import Path

    import meeple
    from meeple.games.jaeger_sammler.rules import STALL_ROUNDS
    record = meeple.Record.load(Path(__file__).with_name("endless.json"))
    state = meeple.load(record.game, record.players).new_state(record.seed)
    idle_moves = 0
    for text in record.actions:
        if state.current_player == meeple.CHANCE and state.season == 1:
            break
        before = (state.left, list(state.hand))
        state.apply(text)
        ended = state.current_player == meeple.CHANCE
        idle_moves = idle_moves + 1 if ended or (state.left, state.hand) == before else 0
    assert state.season == 1 and state.current_player == meeple.CHANCE   # winter set-up
    assert idle_moves == STALL_ROUNDS * record.players
