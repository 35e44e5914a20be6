"""Tournaments: the schedule, the statistics, Elo, and the command line."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from meeple.agents import parse_spec_list
from meeple.cli import main
from meeple.sim.tournament import elo_ratings, schedule, summarize, tournament


def test_solo_schedule_gives_every_agent_the_same_seeds():
    plan = schedule(3, 1, 4)
    assert plan == {(0,): [0, 1, 2, 3], (1,): [0, 1, 2, 3], (2,): [0, 1, 2, 3]}


def test_two_player_schedule_alternates_seats_on_shared_deals():
    plan = schedule(3, 2, 5)
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        assert plan[a, b] == [0, 1, 2] and plan[b, a] == [0, 1]
    assert sum(len(d) for d in plan.values()) == 15


def test_multiplayer_schedule_rotates_seats_over_combinations():
    plan = schedule(4, 3, 6)
    assert len({tuple(sorted(s)) for s in plan}) == 4      # C(4, 3) tables
    seat_counts = Counter((agent, seat) for seating, deals in plan.items()
                          for seat, agent in enumerate(seating) for _ in deals)
    assert set(seat_counts.values()) == {6}                 # each agent 6 times per seat


def test_elo_is_symmetric_and_tracks_win_rates():
    even = elo_ratings(2, {(0, 1): 50, (1, 0): 50}, {(0, 1): 100, (1, 0): 100})
    assert even == pytest.approx([1500, 1500])
    strong = elo_ratings(2, {(0, 1): 760, (1, 0): 240}, {(0, 1): 1000, (1, 0): 1000})
    assert strong[0] - strong[1] == pytest.approx(400 * 0.5, abs=5)   # 76 % ≈ +200 Elo
    unbeaten = elo_ratings(2, {(0, 1): 10, (1, 0): 0}, {(0, 1): 10, (1, 0): 10})
    assert 1500 < unbeaten[0] < 2100                        # finite thanks to the prior


def test_summary_counts_wins_ties_and_intervals():
    results = [((0, 1), 0, [10, 5]), ((1, 0), 0, [7, 7]), ((0, 1), 1, [3, 9])]
    s = summarize("g", ["a", "b"], 2, 3, 1, results, 1.0)
    a, b = s["agents"]
    assert (a["wins"], b["wins"]) == (1.5, 1.5) and a["games"] == 3
    assert a["win_low"] < 0.5 < a["win_high"]
    assert a["scores"] == [10, 7, 3] and b["scores"] == [5, 7, 9]
    pair = {(p["agent"], p["opponent"]): p for p in s["pairwise"]}
    assert pair["a", "b"]["win_rate"] == pytest.approx(0.5)
    assert pair["a", "b"]["win_low"] < 0.5 < pair["a", "b"]["win_high"]
    assert (pair["a", "b"]["mean"], pair["a", "b"]["opponent_mean"]) == (
        pytest.approx(20 / 3, abs=1e-3), 7)
    assert pair["b", "a"]["mean"] == pytest.approx(7)


def test_pairwise_means_count_only_the_games_both_agents_shared():
    results = [((0, 1), 0, [10, 2]), ((0, 2), 0, [30, 1])]
    s = summarize("g", ["a", "b", "c"], 2, 1, 1, results, 1.0)
    pair = {(p["agent"], p["opponent"]): p for p in s["pairwise"]}
    assert (pair["a", "b"]["mean"], pair["a", "b"]["opponent_mean"]) == (10, 2)
    assert (pair["a", "c"]["mean"], pair["a", "c"]["opponent_mean"]) == (30, 1)


def test_catan_dice_tournament_is_reproducible_across_workers():
    one = tournament("catan-dice", ["random", "greedy"], 6, seed=3)
    two = tournament("catan-dice", ["random", "greedy"], 6, seed=3, workers=2)
    assert [r["scores"] for r in one["agents"]] == [r["scores"] for r in two["agents"]]
    random_row, greedy_row = one["agents"]
    assert greedy_row["win_rate"] == 1.0 and greedy_row["elo"] > random_row["elo"]
    assert one["games"] == 12 and greedy_row["mean"] > random_row["mean"]


def test_two_player_tournament_reports_progress():
    done = []
    result = tournament("catan-dice", ["random", "greedy"], 4, players=2, seed=1,
                        progress=done.append)
    assert sum(done) == 4 == result["games"]
    assert all(r["games"] == 4 for r in result["agents"])


@pytest.mark.parametrize("agents, players, message", [
    (["random"], 2, "at least 2 agents"), (["random", "random"], 1, "listed once"),
    (["random", "nobody"], 1, "unknown agent")])
def test_bad_tournaments_are_refused(agents, players, message):
    with pytest.raises(ValueError, match=message):
        tournament("catan-dice", agents, 2, players=players)


def test_agent_lists_keep_options_together():
    assert parse_spec_list("random,mcts:iters=50,rollout=cutoff,greedy") == [
        "random", "mcts:iters=50,rollout=cutoff", "greedy"]


def test_command_line_json_and_plot(tmp_path, capsys):
    png = tmp_path / "scores.png"
    assert main(["tournament", "catan-dice", "--agents", "random,greedy", "--games", "3",
                 "--json", "--plot", str(png)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["agent"] for r in out["agents"]] == ["random", "greedy"]
    assert png.stat().st_size > 1000


def test_command_line_table(capsys):
    assert main(["tournament", "catan-dice", "--agents", "random,greedy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "Elo" in out and "greedy" in out
    assert main(["tournament", "catan-dice", "--agents", "random", "--players", "2"]) == 1
