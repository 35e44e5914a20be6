"""The tile games' cells for clients: each breakdown item names the tiles of its scored
feature, and ``piece_regions()`` gives, per follower (and hut) of the view, the cells of the
feature it stands on (what the board lights up), which are the cells its scoring names."""
from __future__ import annotations

import random

import pytest

import meeple

GAMES = ("carcassonne", "hunters-gatherers")


def random_game(name: str, seed: int, check=None):
    """Play ``name`` to the end by random legal moves; ``check(before, after, events)`` is
    called for every action with the regions before it and the events it emitted."""
    state = meeple.load(name, 2).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        before = list(zip(state.view(None)["followers"], state.piece_regions()["followers"]))
        seen = len(state.events)
        if state.current_player < 0:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        if check:
            check(before, state, state.events[seen:])
    return state


def cells_of(state) -> set[tuple[int, int]]:
    return {(t["x"], t["y"]) for t in state.view(None)["board"]}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_breakdown_items_carry_the_cells_of_their_events(name, seed):
    state = random_game(name, seed)
    breakdown = state.score_breakdown()
    board = cells_of(state)
    expected = {s: [] for s in range(state.num_players)}
    for event in (e for e in state.events if e["kind"] == "scored"):
        assert event["tiles"], event
        for s in event["owners"]:
            expected[s].append(event["tiles"])
    for seat in breakdown["seats"]:
        items = seat["items"]
        assert [item["tiles"] for item in items] == expected[seat["seat"]]
        for item in items:
            assert {tuple(c) for c in item["tiles"]} <= board, item
    assert any(seat["items"] for seat in breakdown["seats"])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [4, 5])
def test_a_followers_region_is_the_feature_its_scoring_names(name, seed):
    checked = {"regions": 0, "returned": 0}

    def check(before, state, events):
        followers, regions = state.view(None)["followers"], state.piece_regions()["followers"]
        assert len(regions) == len(followers)
        board = cells_of(state)
        for f, region in zip(followers, regions):
            assert [f["x"], f["y"]] in region            # its own cell is lit
            assert {tuple(c) for c in region} <= board
            assert region == sorted(region, key=lambda c: (c[1], c[0]))
            checked["regions"] += 1
        # A follower that came home was on a feature scored by this action: the event
        # names exactly the cells its region had.
        now = [(f["x"], f["y"], f["location"], f["seat"]) for f in followers]
        scored = [e["tiles"] for e in events if e["kind"] == "scored"]
        for f, region in before:
            if (f["x"], f["y"], f["location"], f["seat"]) not in now:
                assert region in scored, (f, region, scored)
                checked["returned"] += 1

    state = random_game(name, seed, check)
    assert checked["regions"] and checked["returned"]
    # At the end the followers left on the board stand on what the final scoring names
    # (Hunters & Gatherers takes those of incomplete forests and rivers off: checked above).
    gone = ("huts", "forest", "river") if name == "hunters-gatherers" else ()
    final = [e for e in state.events if e["kind"] == "scored" and e["final"]
             and e["feature"] not in gone and e["owners"]]
    assert final
    regions = state.piece_regions()["followers"]
    for event in final:
        assert event["tiles"] in regions, event


def test_games_without_followers_have_no_regions():
    state = meeple.load("catan-dice", 1).new_state(0)
    assert state.piece_regions() is None


def test_a_monasterys_cells_are_the_tiles_its_score_counts():
    """A monastery scores one point per tile of its 3×3 square (itself and those around
    it): its cells are those tiles, so their number is its points, 9 when completed."""
    scored = 0
    for seed in range(1, 9):
        monasteries = []

        def check(_before, _state, events):
            monasteries.extend(e for e in events
                               if e["kind"] == "scored" and e["feature"] == "monastery")

        board = cells_of(random_game("carcassonne", seed, check))
        for event in monasteries:
            cells = {tuple(c) for c in event["tiles"]}
            assert len(cells) == event["points"], event
            assert event["final"] or len(cells) == 9, event
            xs, ys = [x for x, _ in cells], [y for _, y in cells]
            assert max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2 and cells <= board
        scored += len(monasteries)
    assert scored >= 3, "too few monasteries were scored in these games to tell"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_huts_region_is_the_river_system_it_scores(seed):
    """Per hut of the view, the tiles of its river system: at the end, those of the huts'
    scoring events; Carcassonne has no huts."""
    regions = []

    def check(_before, state, _events):
        if not state.is_terminal():
            regions.append((state.view(None)["huts"], state.piece_regions()["huts"]))

    state = random_game("hunters-gatherers", seed, check)
    assert any(huts for huts, _ in regions), "no hut was placed in this game"
    for huts, cells in regions:
        assert len(cells) == len(huts)
        for hut, region in zip(huts, cells):
            assert [hut["x"], hut["y"]] in region
    scored = [e["tiles"] for e in state.events if e["kind"] == "scored" and e["feature"] == "huts"]
    last_huts, last_cells = regions[-1]
    assert scored and all(region in scored for region in last_cells)
    assert set(meeple.load("carcassonne", 2).new_state(1).piece_regions()) == {"followers"}
