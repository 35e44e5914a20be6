"""The Catan bots: greedy beats random, trade answers are sensible and never loop, and the
search reads only what its seat sees."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import meeple
from meeple.agents import make_agent
from meeple.core.state import CHANCE
from meeple.games.catan import negotiate, value
from meeple.play.hints import hint_agent, hints
from meeple.play.runner import make_agents, play_game

from catan_fixtures import after_setup, hand, rolled

GAME = meeple.load("catan", 4)


def _rotated(specs: list[str], g: int) -> list[str]:
    r = g % len(specs)
    return specs[r:] + specs[:r]


def test_greedy_beats_random_every_seat():
    """One greedy against three random, greedy in each seat once: greedy wins each."""
    specs = ["greedy", "random", "random", "random"]
    for g in range(4):
        seating = _rotated(specs, g)
        result = play_game(GAME, make_agents(GAME, seating, 500 + g), 500 + g)
        assert result.state.winners() == [seating.index("greedy")]


def test_greedy_self_play_ends_with_few_offers_a_turn():
    """Four greedy bots trade among themselves and finish; no turn holds more offers than a
    bot makes (two), and every offer is answered once by each other seat."""
    result = play_game(GAME, make_agents(GAME, ["greedy"] * 4, 7), 7)
    state = result.state
    assert state.is_terminal() and state.winners()
    per_turn = Counter()
    turn = 0
    kinds = Counter(a.split()[0] for a in result.record.actions)
    for a in result.record.actions:
        if a == "end":
            turn += 1
        elif a.startswith("offer"):
            per_turn[turn] += 1
    assert max(per_turn.values(), default=0) <= negotiate.BOT_OFFERS
    answers = kinds["accept"] + kinds["decline"] + kinds["counter"]
    assert answers == 3 * kinds["offer"]
    assert kinds["trade"] > 0 and kinds["maritime"] > 0      # they do trade
    assert len(result.record.actions) < 3000


def test_a_bot_accepts_the_card_its_city_lacks_and_declines_the_one_it_needs():
    state = rolled(after_setup(3))                 # seat 0 to move, after a 5
    hand(state, 0, "lumber lumber brick")
    hand(state, 1, "lumber grain grain ore ore")   # one ore short of a city
    hand(state, 2, "wool")
    state.apply("offer lumber for grain")          # asks for the grain seat 1's city needs
    assert str(GAME.policy.greedy_action(state, random.Random(1))) != "accept"
    state = rolled(after_setup(3))
    hand(state, 0, "brick ore")
    hand(state, 1, "lumber lumber lumber grain grain ore ore")
    hand(state, 2, "wool")
    state.apply("offer ore for lumber")            # gives the ore seat 1's city needs
    assert str(GAME.policy.greedy_action(state, random.Random(1))) == "accept"


def test_nobody_helps_a_seat_about_to_win():
    state = rolled(after_setup(3))
    hand(state, 0, "ore")
    hand(state, 1, "lumber lumber lumber grain grain ore ore")
    state.settlements_left[0] = 0                   # 5 settlements, 2 cities: 9 points
    state.cities_left[0] = 2
    assert value.threat(state, 0) >= negotiate.DANGER
    state.apply("offer ore for lumber")
    assert str(GAME.policy.greedy_action(state, random.Random(1))) == "decline"


def test_the_mover_trades_for_the_missing_card_then_builds():
    state = rolled(after_setup(3))
    hand(state, 0, "lumber lumber lumber grain grain ore ore")   # a city lacks one ore
    hand(state, 1, "ore ore")
    hand(state, 2, "")
    action = GAME.policy.greedy_action(state, random.Random(1))
    assert str(action) == "offer lumber for ore"


def _play_to(seed: int, moves: int, specs=("greedy",) * 4):
    state = GAME.new_state(seed)
    agents = make_agents(GAME, list(specs), seed)
    done = 0
    while done < moves and not state.is_terminal():
        p = state.current_player
        if p == CHANCE:
            state.apply_unchecked(state.sample_chance())
            continue
        state.apply(agents[p].act(state))
        done += 1
    while state.current_player == CHANCE or len(state.legal_actions()) < 2:
        p = state.current_player
        state.apply_unchecked(state.sample_chance() if p == CHANCE else agents[p].act(state))
    return state


@pytest.mark.parametrize("seed, moves", [(3, 150), (4, 300)])
def test_search_and_greedy_see_only_the_view(seed, moves):
    """The same view with other hidden hands and development cards (a determinization of
    the seat's own): greedy and MCTS choose the same, with the same statistics."""
    state = _play_to(seed, moves)
    seat = state.current_player
    twin = state.determinize(seat, random.Random(99))
    assert twin.view(seat) == state.view(seat)
    assert [twin.hands[p] for p in range(4)] != [state.hands[p] for p in range(4)] or \
        [twin.dev[p] for p in range(4)] != [state.dev[p] for p in range(4)]
    for spec in ("greedy", "mcts:iters=150"):
        a, b = make_agent(spec, GAME, 5), make_agent(spec, GAME, 5)
        assert a.act(state) == b.act(twin), spec
    a, b = make_agent("mcts:iters=150", GAME, 5), make_agent("mcts:iters=150", GAME, 5)
    assert a.ranked(state, 5) == b.ranked(twin, 5)


def test_mcts_searches_determinizations_and_gives_hints():
    state = _play_to(5, 200)
    agent = hint_agent(GAME, "mcts:iters=120", 3)
    rows = hints(state, agent)
    assert rows and all(r.action in state.legal_actions() for r in rows)
    assert agent.iterations >= 100


def test_mcts_plays_a_whole_game():
    game = meeple.load("catan", 3)
    result = play_game(game, make_agents(game, ["mcts:iters=30", "greedy", "greedy"], 11), 11)
    assert result.state.is_terminal()
