"""Hypothesis properties of whole random games of both tile-laying games (Carcassonne and
Hunters & Gatherers share the turn cycle of ``meeple.games._tilegame``): termination, the
pieces add up, every tile drawn is placed or discarded, replay, listed actions and every
alias pass ``check``, hidden draws, greedy beats random. (That illegal actions change
nothing is the contract's test, ``tests/test_contract.py``, with the tile games' own
garbage among its candidates.)"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core.record import Record
from meeple.core.state import CHANCE
from meeple.games._tilegame.state import FOLLOW
from meeple.play.replay import replay
from meeple.play.runner import make_agents, play_game
from meeple.tiles.geometry import OPPOSITE_EDGE, STEP

from helpers import random_playout, random_steps

FAST = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Piece:
    """A sort of piece: its verb, the supply it comes from, the partition it occupies, the
    segment kinds it stands on, how many a seat has."""

    verb: str
    supply: str
    partition: str
    kinds: tuple[str, ...]
    count: int

    def text(self, kind: str, loc: str) -> str:
        return f"follower {kind} {loc}" if self.verb == "follower" else f"{self.verb} {loc}"


PIECES = {
    "carcassonne": (Piece("follower", "supply", "features",
                          ("road", "city", "monastery", "field"), 7),),
    "hunters-gatherers": (Piece("follower", "supply", "features", ("forest", "river", "meadow"),
                                5),
                          Piece("hut", "hut_supply", "groups", ("river", "lake"), 2)),
}
GAMES = sorted(PIECES)


def _on_board(partition, seats: int) -> list[int]:
    """Pieces on the board per seat, counted from a partition's roots."""
    counts = [0] * seats
    for seg, parent in enumerate(partition.parent):
        if seg == parent:
            for seat, _ in partition.occupants[seg]:
                counts[seat] += 1
    return counts


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31), players=st.integers(2, 5))
def test_games_end_pieces_add_up_and_every_drawn_tile_is_used(name, seed, players):
    state = meeple.load(name, players).new_state(seed)
    piles = state.remaining + getattr(state, "bonus_left", 0)
    for _ in random_steps(state, random.Random(seed)):
        for piece in PIECES[name]:
            board = _on_board(getattr(state.board, piece.partition), players)
            supply = getattr(state, piece.supply)
            assert all(supply[s] + board[s] == piece.count for s in range(players))
        assert _on_board(state.board.features, players) == [
            sum(1 for s, _ in state.followers if s == seat) for seat in range(players)]
    assert state.remaining == 0
    left = getattr(state, "bonus_left", 0)
    assert len(state.board.placed) - 1 + len(state.discarded) == piles - left
    assert sum(e["points"] * len(e["owners"]) for e in state.events
               if e["kind"] == "scored") == sum(state.scores())


def _facing_by_scan(board) -> dict:
    """What ``board.facing`` must hold, found from the grid: per empty position, the edge
    segments of the placed neighbours that face it."""
    out = {}
    for pos in board.open:
        faced = set()
        for d in range(4):
            t = board.grid.get(pos + STEP[d])
            if t is not None:
                o = board.placed[t]
                s = o.edge_seg[OPPOSITE_EDGE[d]]
                if s >= 0:
                    faced.add((board.base[t] + s, 1 << d, o.kinds[s]))
        if faced:
            out[pos] = faced
    return out


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_the_faced_segments_of_empty_positions_are_kept_right(name, seed):
    state = meeple.load(name, 2).new_state(seed)
    for _ in random_steps(state, random.Random(seed)):
        board = state.board
        assert {p: set(f) for p, f in board.facing.items()} == _facing_by_scan(board)


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_replay_reproduces_scores_breakdown_and_view(name, seed):
    state = meeple.load(name, 3).new_state(seed)
    actions = random_playout(state, random.Random(seed))
    again = replay(Record.loads(Record(name, 3, {}, seed, actions).dumps()))
    assert again.scores() == state.scores()
    assert again.score_breakdown() == state.score_breakdown()
    assert again.view(None) == state.view(None)


def _view_after(state, action) -> dict:
    copy = state.clone()
    copy.apply(action)
    return copy.view(None)


def _check_aliases(state, name: str, legal: list) -> None:
    """Every location of a free feature (or system) names it and does what the listed
    action of that feature does; an occupied one, or an empty supply, is refused."""
    board = state.board
    o = board.placed[state.last]
    for piece in PIECES[name]:
        partition = getattr(board, piece.partition)
        has = getattr(state, piece.supply)[state.seat] > 0
        listed = {partition.find(board.segment(state.last, o.loc_seg[a[-1]])): a
                  for a in legal if a[0] == piece.verb}
        for i, kind in enumerate(o.kinds):
            if kind not in piece.kinds:
                continue
            root = partition.find(board.segment(state.last, i))
            free = not partition.occupants[root]
            for loc in o.locs[i]:
                alias = piece.text(kind, loc)
                ok = state.check(state.parse(alias)) is None
                assert ok == (free and has), alias
                if ok:
                    assert _view_after(state, alias) == _view_after(state, listed[root]), alias


@pytest.mark.parametrize("name", GAMES)
@FAST
@given(seed=st.integers(0, 2**31))
def test_legal_actions_and_aliases_pass_check(name, seed):
    state = meeple.load(name, 2).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        for action in legal:
            assert state.parse(str(action)) == action and state.check(action) is None
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if state.phase == FOLLOW:
            _check_aliases(state, name, legal)
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("name", GAMES)
def test_the_pile_has_no_order_to_hide(name):
    """Draws are chance actions sampled from the counts, so two states that differ only in
    their RNG (which a search never uses) look the same to every seat."""
    a, b = meeple.load(name).new_state(1), meeple.load(name).new_state(2)
    assert a.view(0) == b.view(0) and a.view(None) == b.view(None)
    assert isinstance(a.view(0)["pile"], dict)          # counts per tile type


@pytest.mark.parametrize("name", GAMES)
def test_greedy_beats_random(name):
    game = meeple.load(name, 2)
    wins = 0
    for seed in range(4):
        agents = make_agents(game, ["greedy", "random"], seed)
        scores = play_game(game, agents, seed).scores
        wins += scores[0] > scores[1]
    assert wins >= 3
