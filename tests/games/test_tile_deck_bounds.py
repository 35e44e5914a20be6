"""The tile games' decks are bounded: each type at most 3 × its count in the real pile and
3 × the real pile in all, so that every game ends within a bounded number of actions (a turn
draws a tile; a tile's turn is a few actions). A deck over its bound is refused with the
bound named, before anything is built."""
from __future__ import annotations

import random
import time

import pytest

import meeple
from meeple.games._tilegame.game import DECK_FACTOR
from meeple.games.carcassonne.rules import TILESET
from meeple.games.hunters_gatherers.game import BONUS, LAND
from meeple.games.hunters_gatherers.tileset import load

from helpers import random_playout

CARCASSONNE = TILESET.pile()
TURN = 3
"""The actions a tile takes, land or bonus: its draw, its placement, a follower or none (a
tile that fits nowhere is discarded at its draw). So a game of a deck of ``n`` tiles ends
within ``3 n`` actions."""


def _max(real: dict[str, int]) -> dict[str, int]:
    return {t: DECK_FACTOR * n for t, n in real.items()}


def test_the_bounds_come_from_the_real_piles():
    assert sum(CARCASSONNE.values()) == 71 and sum(LAND.values()) == 78
    assert sum(BONUS.values()) == 12
    tiles = load()                                # the cheap read agrees with the tile set
    counts = tiles.tileset.counts()
    assert LAND == {t: counts[t] for t in tiles.land}
    assert BONUS == {t: counts[t] for t in tiles.bonus}
    deck = {o.name: o for o in meeple.load("carcassonne").options}["deck"]
    assert (deck.each, deck.total) == (_max(CARCASSONNE), 213)
    hg = {o.name: o for o in meeple.load("hunters-gatherers").options}
    assert (hg["deck"].each, hg["deck"].total) == (_max(LAND), 234)
    assert (hg["bonus_deck"].each, hg["bonus_deck"].total) == (_max(BONUS), 36)
    assert "a type at most 3 × its count in the real pile, 213 tiles in all" in deck.help
    assert "counts ≤ 213 in all" in deck.type_text()


@pytest.mark.parametrize("name, config, message", [
    ("carcassonne", {"deck": {"A": 7}},
     "carcassonne option 'deck': the count of 'A' must be ≤ 6; got 7"),
    ("carcassonne", {"deck": {"A": 10 ** 12}},
     "carcassonne option 'deck': the count of 'A' must be ≤ 6; got 1000000000000"),
    ("carcassonne", {"deck": {"V": 28}}, "the count of 'V' must be ≤ 27; got 28"),
    ("hunters-gatherers", {"deck": {"L01": 4}},
     "hunters-gatherers option 'deck': the count of 'L01' must be ≤ 3; got 4"),
    ("hunters-gatherers", {"deck": {"L07": 7}}, "the count of 'L07' must be ≤ 6; got 7"),
    ("hunters-gatherers", {"bonus_deck": {"B01": 4}},
     "hunters-gatherers option 'bonus_deck': the count of 'B01' must be ≤ 3; got 4"),
    ("hunters-gatherers", {"deck": {f"X{i}": 0 for i in range(1001)}},
     "hunters-gatherers option 'deck' must be object ({tile type: count}), each count ≤ a "
     "bound per key (at most 6), counts ≤ 234 in all, at most 1000 keys; got 1001 keys"),
])
def test_a_deck_over_its_bound_is_refused_at_once_naming_the_bound(name, config, message):
    start = time.perf_counter()
    with pytest.raises(ValueError) as err:
        meeple.load(name, 2, config)
    assert message in str(err.value)
    assert time.perf_counter() - start < 0.2


@pytest.mark.parametrize("name, config", [
    ("carcassonne", {"deck": _max(CARCASSONNE)}),
    ("hunters-gatherers", {"deck": _max(LAND), "bonus_deck": _max(BONUS)}),
])
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 3), (5, 2)])
def test_a_deck_at_its_bound_is_accepted_and_its_game_ends(name, config, players, seed):
    game = meeple.load(name, players, config)
    tiles = sum(game.pile) + sum(getattr(game, "bonus_pile", ()))
    assert tiles == DECK_FACTOR * (71 if name == "carcassonne" else 78 + 12)
    actions = random_playout(game.new_state(seed), random.Random(seed),
                             max_actions=TURN * tiles + 1)    # (it looks once more at the end)
    assert len(actions) <= TURN * tiles
