"""Places in words (issue 28): the log and the events name a node, an edge or a hex by the
hexes round it, as a person finds it on the board, never by its id. Checked on the beginner
map against the rules spec's tables (2.2 node picture, 2.3 hex table, 2.4 edges, 2.6
harbours, 2.7 the beginner map)."""
from __future__ import annotations

import random
import re

import pytest

import meeple
from meeple.games.catan.board import BEGINNER, EDGES, NODES
from meeple.games.catan.words import ONTO, edge_place, hex_name, node_place
from meeple.i18n import translate

IDS = re.compile(r"\b(node|edge|hex|nodes|edges)s? \d")
"""An id said to a person ("node 12", "edge 35", "hex 4")."""


def test_nodes_by_the_hexes_round_them():
    # node 12: a corner of hexes 0 (S), 3 (NE) and 4 (NW): mountains 10, fields 12, hills 6
    assert node_place(BEGINNER, 12) == "between the mountains 10, the fields 12 and the hills 6"
    assert node_place(BEGINNER, 23) == "between the hills 6, the forest 11 and the desert"
    # node 4: the coast between hexes 0 and 1; node 16: hexes 3 and 7, harbour slot 8
    assert node_place(BEGINNER, 4) == "on the coast between the mountains 10 and the pasture 2"
    assert node_place(BEGINNER, 16) == ("on the coast between the fields 12 and the fields 9, "
                                        "by the 2:1 lumber harbour")
    # nodes 0 and 3: the N and NW corners of hex 0 alone, both at harbour slot 0 (3:1)
    assert node_place(BEGINNER, 0) == "at the north corner of the mountains 10, by the 3:1 harbour"
    assert node_place(BEGINNER, 3) == ("at the north-west corner of the mountains 10, by the 3:1 "
                                       "harbour")
    # node 52: the S corner of hex 17 (fields 6), harbour slot 5 (3:1)
    assert node_place(BEGINNER, 52) == "at the south corner of the fields 6, by the 3:1 harbour"


def test_edges_by_the_hexes_either_side():
    # edge 35 joins nodes 23 and 29: the side between hexes 8 and 9
    assert edge_place(BEGINNER, 35) == "between the forest 11 and the desert"
    # edge 0 (nodes 0-3): hex 0's NW side, harbour slot 0; edge 6 (3-7): its W side
    assert edge_place(BEGINNER, 0) == ("on the north-west coast of the mountains 10, by the 3:1 "
                                       "harbour")
    assert edge_place(BEGINNER, 6) == "on the west coast of the mountains 10"
    # edge 38 (26-32): hex 11's E side, harbour slot 3; edge 61 (42-46): hex 15's SE, wool
    assert edge_place(BEGINNER, 38) == "on the east coast of the mountains 8, by the 3:1 harbour"
    assert edge_place(BEGINNER, 61) == ("on the south-east coast of the pasture 5, by the 2:1 "
                                        "wool harbour")


def test_hexes_by_terrain_and_number():
    assert hex_name(BEGINNER, 11, ONTO) == "the mountains 8"
    assert hex_name(BEGINNER, 9, ONTO) == "the desert"


def test_every_place_of_the_beginner_map_has_words_of_its_own():
    assert len({str(node_place(BEGINNER, n)) for n in range(NODES)}) == NODES
    assert len({str(edge_place(BEGINNER, e)) for e in range(EDGES)}) == EDGES


def test_the_places_in_czech_and_russian():
    assert translate(node_place(BEGINNER, 12), "cs") == "mezi horami 10, polem 12 a kopci 6"
    assert translate(node_place(BEGINNER, 12), "ru") == "между горами 10, пашней 12 и холмами 6"
    assert translate(edge_place(BEGINNER, 6), "cs") == "na západním pobřeží hor 10"
    assert translate(edge_place(BEGINNER, 6), "ru") == "на западном берегу гор 10"
    assert translate(node_place(BEGINNER, 0), "cs") == "na severním rohu hor 10, u přístavu 3:1"


def played(board: str, seed: int):
    """A whole game of random moves, with each seat's move in words."""
    state = meeple.load("catan", 4, {"board": board}).new_state(seed=seed)
    rng, said = random.Random(seed), []
    while not state.is_terminal() and state.action_count < 3000:
        if state.current_player < 0:
            state.apply(state.sample_chance())
            continue
        action = rng.choice(state.legal_actions())
        said.append(state.narrate(action))
        state.apply(action)
    return state, said


@pytest.mark.parametrize("board, seed", [("beginner", 3), ("variable", 4)])
def test_the_log_and_the_events_say_no_ids(board, seed):
    state, said = played(board, seed)
    texts = said + [e["text"] for e in state.events]
    places = [t for t in texts if " builds a " in t or "robber" in t or t.startswith("built")]
    assert len(places) > 20
    for text in texts:
        assert not IDS.search(text), text
    assert any("between the" in t for t in places) and any("onto the" in t for t in places)
    # the translations say the same fields (tests/i18n checks they name no other), in words
    for lang in ("cs", "ru"):
        assert all(translate(t, lang) != t for t in places), lang
