"""The peer check against catanatron (issue 28), on a sample: catanatron's random games,
translated by ``benchmarks/catanatron_bridge.py`` (rules spec 9.2) and replayed by meeple
step by step. Every difference must be one of the rules spec's 9.1 rows (or catanatron
3.2.1's card-timing bug); ``benchmarks/catan_peer.py`` runs 1,000 games."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("catanatron")

import catan_peer  # noqa: E402
import catanatron_bridge as bridge  # noqa: E402
from meeple.cli import main  # noqa: E402
from meeple.core.record import Record  # noqa: E402
from meeple.games.catan.board import BEGINNER, EDGE_NODES, HARBOUR_NODES  # noqa: E402
from meeple.play.replay import replay  # noqa: E402

KNOWN = ("(9.1)", "catanatron 3.2.1 bug")
SAMPLE = range(1, 21)


@pytest.fixture(scope="module")
def results():
    return [catan_peer.check_game(seed) for seed in SAMPLE]


def test_node_ids_are_the_spec_table():
    assert bridge.CAT_NODE == bridge.SPEC_NODES
    assert sorted(bridge.CAT_NODE) == list(range(54))


def test_edges_and_hexes_translate_both_ways():
    for e in range(72):
        assert bridge.edge_of(bridge.cat_edge(e)) == e
        a, b = bridge.cat_edge(e)
        assert bridge.edge_of((b, a)) == e
    for h in range(19):
        assert bridge.hex_of(bridge.cat_coordinate(h)) == h
    assert bridge.cat_coordinate(0) == (0, 2, -2) and bridge.cat_coordinate(9) == (0, 0, 0)


def test_harbour_slots_are_the_spec_table():
    slots = bridge._template_port_slots()
    # rules spec 2.6: catanatron port coordinate of each slot 0-8
    assert slots == {(0, 3, -3): 0, (2, 1, -3): 1, (3, -1, -2): 2, (3, -3, 0): 3,
                     (1, -3, 2): 4, (-1, -2, 3): 5, (-3, 0, 3): 6, (-3, 2, 1): 7,
                     (-2, 3, -1): 8}
    assert all(len(nodes) == 2 for nodes in HARBOUR_NODES)


def test_boards_translate_both_ways():
    beginner = str(BEGINNER)
    assert bridge.translate_board(bridge.catan_map_of(beginner)) == beginner
    game = catan_peer.new_game(5)
    board = bridge.translate_board(game)
    assert bridge.translate_board(bridge.catan_map_of(board)) == board
    # the same map: production of every node, catanatron's against meeple's
    cmap = game.state.board.map
    layout = game.state.board.map.land_tiles
    for coordinate, tile in layout.items():
        h = bridge.hex_of(coordinate)
        token = board.split()[h]
        assert token.startswith(bridge.TERRAIN[tile.resource])
        assert token == "desert" or token.endswith(str(tile.number))
    assert cmap is game.state.board.map


def test_a_sample_of_games_differs_only_as_the_spec_says(results):
    for r in results:
        assert r.cause is None or r.cause.endswith(KNOWN), (r.seed, r.cause, r.log)
        for note in r.notes:
            assert note == catan_peer.ROAD_LENGTH, (r.seed, note)
    agree = [r for r in results if r.agrees]
    assert len(agree) >= len(results) // 2
    for r in agree:
        assert r.cat_points == r.meeple_points and r.cat_winner == r.meeple_winner


def test_the_record_of_a_game_replays(tmp_path, capsys, results):
    seed = next(r.seed for r in results if r.agrees and r.cat_winner >= 0)
    game = catan_peer.new_game(seed)
    game.play()
    record = bridge.record_of(game)
    assert record.config["offers_per_turn"] == 0 and record.seed == seed
    state = replay(Record.loads(record.dumps()))
    assert state.is_terminal() and state.winners() == [
        game.state.colors.index(game.winning_color())]
    path = tmp_path / "catanatron.json"
    record.save(path)
    assert main(["replay", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["terminal"] and report["scores"] == [
        game.state.player_state[f"P{i}_ACTUAL_VICTORY_POINTS"] for i in range(4)]


def test_discards_are_written_in_meeple_order():
    from catanatron import Color
    from catanatron.models.enums import Action, ActionType
    t = bridge.Translator((Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE))
    assert t.feed(Action(Color.WHITE, ActionType.ROLL, (3, 4))) == ["roll", "dice 7"]
    assert t.feed(Action(Color.RED, ActionType.DISCARD, ["ORE", "WOOD", "ORE", "WOOD"])) == []
    assert t.feed(Action(Color.ORANGE, ActionType.DISCARD, ["SHEEP"] * 4)) == []
    assert t.pending
    assert t.feed(Action(Color.WHITE, ActionType.MOVE_ROBBER, ((0, 0, 0), Color.RED, "ORE"))) \
        == ["discard wool wool wool wool", "discard lumber lumber ore ore",
            "robber 9 from 0", "stolen ore"]


def test_catanatron_321_plays_a_card_bought_this_turn():
    """catanatron 3.2.1's own random player: it plays development cards the turn they are
    bought, which the rules forbid (4.6) and meeple refuses."""
    r = next(catan_peer.check_game(seed, player="random") for seed in (1, 2, 3))
    assert r.refused == ("catanatron plays a development card bought this turn "
                         "(catanatron 3.2.1 bug)")


def test_meeple_actions_reach_catanatron():
    """``cat_action_of`` gives catanatron's playable action for a meeple one."""
    game = catan_peer.new_game(2)
    state = game.state
    node = bridge.node_of(state.playable_actions[0].value)
    action = bridge.cat_action_of(state, f"build settlement {node}")
    assert action in state.playable_actions
    game.execute(action)
    for road in state.playable_actions:
        e = bridge.edge_of(road.value)
        assert bridge.cat_action_of(state, f"build road {e}") == road
        assert node in EDGE_NODES[e]
