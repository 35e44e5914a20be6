"""One meeple bot against three catanatron bots, in catanatron's own engine (issue 28).

A catanatron ``Player`` (:class:`MeeplePlayer`) plays a meeple agent: at each decision it
writes catanatron's position as a meeple state (the board string, every piece, hands,
development cards, bank, deck, robber, special cards and the phase: :func:`snapshot`),
asks the meeple agent, and maps its move back to one of catanatron's playable actions
(:func:`to_catanatron`). The meeple agent reads that state as it reads any (greedy its
own hand and public counts; MCTS determinizes what its seat cannot see). catanatron has
no domestic trade for bots, so the meeple game is configured with ``offers_per_turn: 0``;
catanatron discards one card per action, so a discard is chosen card by card, keeping
the hand worth most (:func:`meeple.games.catan.value.hand_worth`). A meeple move with no
catanatron equal (a maritime trade at a worse rate than the best) is mapped to the same
trade at catanatron's rate; anything else unmatched falls back to catanatron's first
playable action and is counted.

catanatron's AlphaBeta (``AB:2``) and value-function (``F``) players are not in its PyPI
release (3.2.1); they are in its repository (``catanatron/catanatron/players/minimax.py``,
``value.py``, read at commit 41ba0db, package 3.3.0): put that package first on
``PYTHONPATH``. The PyPI release has ``RandomPlayer`` (``R``), ``WeightedRandomPlayer``
(``W``) and ``VictoryPointPlayer`` (``VP``); they are kept to the published rules
(:class:`RulesAbiding`), as 3.2.1 also offers a card bought this turn. Of the mover's cards,
those catanatron does not let it play now are shown to the meeple agent as bought this turn
(:func:`_withhold_plays`: catanatron offers only a knight before the roll, and 3.2.1 Road
Building only to a player who could pay for a road). ``tests/games/catan/
test_catan_vs_catanatron.py`` plays games through this adapter with the PyPI players.

    PYTHONPATH=src:/path/to/catanatron/catanatron python benchmarks/catan_vs_catanatron.py \
        --bot greedy --against F --games 200 --workers 2
"""
from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from multiprocessing import Pool

from catanatron import Color, Game
from catanatron.models.enums import CITY, SETTLEMENT, ActionPrompt, ActionType
from catanatron.models.player import Player

import catan_peer as peer
import meeple
from meeple.agents import make_agent
from meeple.games.catan import phases, value
from meeple.games.catan.board import (EDGE_NODES, EDGE_OF, HEX_OF, HEXES, NODE_HARBOUR,
                                      NODES, RESOURCES, Map)
from meeple.games.catan.policy import build_weights
from meeple.games.catan.roads import road_length
from meeple.sim.stats import wilson_interval

NODE_TO_CAT = (45, 48, 50, 47, 46, 49, 51, 43, 19, 22, 52, 44, 21, 20, 23, 53, 40, 16, 0, 6,
               24, 42, 18, 5, 1, 7, 25, 41, 17, 4, 2, 8, 26, 39, 15, 3, 9, 27, 38, 14, 12,
               10, 28, 37, 13, 11, 29, 36, 34, 32, 30, 35, 33, 31)
"""meeple node -> catanatron node (the rules spec, 9.2)."""
CAT_TO_NODE = {c: m for m, c in enumerate(NODE_TO_CAT)}
CAT_RES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
TERRAIN = {"WOOD": "forest", "BRICK": "hills", "SHEEP": "pasture", "WHEAT": "fields",
           "ORE": "mountains", None: "desert"}
CAT_DEV = ("KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "VICTORY_POINT")
COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
HEX_COORD = {}


def meeple_map(cmap) -> Map:
    """The meeple board of a catanatron map (hexes by cube coordinate, harbours by nodes)."""
    terrain, numbers = [""] * HEXES, [0] * HEXES
    for (x, y, z), tile in cmap.land_tiles.items():
        h = HEX_OF[(x, z)]
        HEX_COORD[h] = (x, y, z)
        terrain[h] = TERRAIN[tile.resource]
        numbers[h] = tile.number or 0
    harbours = []
    from meeple.games.catan.board import HARBOUR_NODES
    for a, b in HARBOUR_NODES:
        kind = next(r for r, nodes in cmap.port_nodes.items()
                    if NODE_TO_CAT[a] in nodes and NODE_TO_CAT[b] in nodes)
        harbours.append("any" if kind is None else RESOURCES[CAT_RES.index(kind)])
    return Map(tuple(terrain), tuple(numbers), tuple(harbours))


def bought_this_turn(cgame, color, dev: list[int]) -> list[int]:
    """Of ``color``'s development cards in hand (``dev``, meeple's order), those it may not
    play yet because they were bought this turn (a victory point card never counts).
    catanatron 3.3.0 keeps per card whether it was owned at the turn's start
    (``P0_KNIGHT_OWNED_AT_START``); 3.2.1 (PyPI) keeps nothing, so the turn's log is read."""
    ps, k = cgame.state.player_state, f"P{cgame.state.colors.index(color)}"
    if f"{k}_KNIGHT_OWNED_AT_START" in ps:
        return [0 if d == "VICTORY_POINT" or ps[f"{k}_{d}_OWNED_AT_START"] else dev[j]
                for j, d in enumerate(CAT_DEV)]
    bought = peer.bought_this_turn(cgame, color)
    return [0 if d == "VICTORY_POINT" else min(bought[d], dev[j]) for j, d in enumerate(CAT_DEV)]


PLAYS = {"KNIGHT": ActionType.PLAY_KNIGHT_CARD, "ROAD_BUILDING": ActionType.PLAY_ROAD_BUILDING,
         "YEAR_OF_PLENTY": ActionType.PLAY_YEAR_OF_PLENTY,
         "MONOPOLY": ActionType.PLAY_MONOPOLY}


def _withhold_plays(s, mover: int, offered: set) -> None:
    """Mark as bought this turn (not playable) the mover's cards catanatron does not let it
    play now, so that the meeple agent chooses among moves catanatron accepts: catanatron
    offers only a knight before the roll (the rules allow any card, 4.6), and 3.2.1 offers
    Road Building only to a player who could pay for a road."""
    for j, d in enumerate(CAT_DEV):
        if d in PLAYS and PLAYS[d] not in offered:
            s.new[mover][j] = s.dev[mover][j]


def snapshot(mgame, cgame):
    """catanatron's position as a meeple state (see the module's words)."""
    cs = cgame.state
    ps = cs.player_state
    s = mgame.new_state(seed=0)
    index = {c: i for i, c in enumerate(cs.colors)}
    n = len(cs.colors)
    for i in range(n):
        k = f"P{i}"
        s.hands[i] = [ps[f"{k}_{r}_IN_HAND"] for r in CAT_RES]
        s.dev[i] = [ps[f"{k}_{d}_IN_HAND"] for d in CAT_DEV]
        s.played[i] = [ps.get(f"{k}_PLAYED_{d}", 0) for d in CAT_DEV]
        s.new[i] = bought_this_turn(cgame, cs.colors[i], s.dev[i])
        s.roads_left[i] = ps[f"{k}_ROADS_AVAILABLE"]
        s.settlements_left[i] = ps[f"{k}_SETTLEMENTS_AVAILABLE"]
        s.cities_left[i] = ps[f"{k}_CITIES_AVAILABLE"]
        if ps[f"{k}_HAS_ROAD"]:
            s.longest = i
        if ps[f"{k}_HAS_ARMY"]:
            s.army = i
    harbours = s.layout.map.harbours
    for node, (color, kind) in cs.board.buildings.items():
        m = CAT_TO_NODE[node]
        p = index[color]
        s.node_owner[m] = p
        s.city[m] = kind == CITY
        slot = NODE_HARBOUR[m]
        if slot >= 0:
            if harbours[slot] == "any":
                s.generic[p] = True
            else:
                s.special[p][RESOURCES.index(harbours[slot])] = True
    for (a, b), color in cs.board.roads.items():
        e = EDGE_OF[tuple(sorted((CAT_TO_NODE[a], CAT_TO_NODE[b])))]
        s.road_owner[e] = index[color]
    s.road_len = [road_length(s.road_owner, s.node_owner, p) for p in range(n)]
    s.bank = list(cs.resource_freqdeck)
    s.deck = [cs.development_listdeck.count(d) for d in CAT_DEV]
    x, y, z = cs.board.robber_coordinate
    s.robber = HEX_OF[(x, z)]
    mover = cs.current_turn_index
    s.seat = mover
    s.turns = cs.num_turns
    s.rolled = ps[f"P{mover}_HAS_ROLLED"]
    s.card_played = ps[f"P{mover}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"]
    prompt = cs.current_prompt
    if prompt == ActionPrompt.PLAY_TURN and not cs.is_road_building:
        playable = getattr(cs, "playable_actions", None) or cgame.playable_actions  # 3.2.1 / 3.3
        _withhold_plays(s, mover, {a.action_type for a in playable})
    if prompt == ActionPrompt.BUILD_INITIAL_SETTLEMENT:
        s.seat = cs.current_player_index
        s.step = len(cs.board.buildings)
        s.phase = phases.SETTLE
    elif prompt == ActionPrompt.BUILD_INITIAL_ROAD:
        s.seat = cs.current_player_index
        s.step = len(cs.board.buildings) - 1
        color = cs.colors[s.seat]
        s.last_node = CAT_TO_NODE[cs.buildings_by_color[color][SETTLEMENT][-1]]
        s.phase = phases.SETUP_ROAD
    elif prompt == ActionPrompt.MOVE_ROBBER:
        s.phase = phases.ROBBER
    elif prompt == ActionPrompt.DISCARD:
        s.queue = [cs.current_player_index]
        s.phase = phases.DISCARD
    elif cs.is_road_building:
        s.free_roads = cs.free_roads_available
        s.phase = phases.ROADS
    else:
        s.phase = phases.MAIN if s.rolled else phases.PREROLL
    s.refresh()                         # the pieces were placed by hand
    return s


def to_catanatron(action, playable, colors):
    """The catanatron action among ``playable`` that is meeple's ``action``, or None."""
    kind = action[0]

    def find(t, test=lambda v: True):
        return next((a for a in playable if a.action_type == t and test(a.value)), None)
    if kind == "build":
        what, i = action[1], action[2]
        if what == "road":
            want = {NODE_TO_CAT[x] for x in EDGE_NODES[i]}
            return find(ActionType.BUILD_ROAD, lambda v: set(v) == want)
        t = ActionType.BUILD_SETTLEMENT if what == "settlement" else ActionType.BUILD_CITY
        return find(t, lambda v: v == NODE_TO_CAT[i])
    simple = {"roll": ActionType.ROLL, "end": ActionType.END_TURN,
              "buy": ActionType.BUY_DEVELOPMENT_CARD}
    if kind in simple:
        return find(simple[kind])
    if kind == "play":
        card = action[1]
        if card == "knight":
            return find(ActionType.PLAY_KNIGHT_CARD)
        if card == "roadbuilding":
            return find(ActionType.PLAY_ROAD_BUILDING)
        wanted = sorted(CAT_RES[RESOURCES.index(r)] for r in action[2:])
        if card == "monopoly":
            return find(ActionType.PLAY_MONOPOLY, lambda v: v == wanted[0])
        return find(ActionType.PLAY_YEAR_OF_PLENTY,
                    lambda v: sorted(r for r in v if r) == wanted)
    if kind == "robber":
        coord = HEX_COORD[action[1]]
        victim = colors[action[3]] if len(action) == 4 else None
        return find(ActionType.MOVE_ROBBER, lambda v: tuple(v[0]) == coord and v[1] == victim)
    if kind == "maritime":
        give = CAT_RES[RESOURCES.index(action[1])]
        get = CAT_RES[RESOURCES.index(action[-1])]
        return find(ActionType.MARITIME_TRADE, lambda v: v[0] == give and v[-1] == get)
    return None


class MeeplePlayer(Player):
    """A catanatron player that asks a meeple agent (``spec``) for every decision."""

    def __init__(self, color, spec: str, seed: int):
        super().__init__(color)
        self.spec, self.seed = spec, seed
        self.board = None
        self.game = self.agent = None
        self.decisions = self.unmatched = 0

    def decide(self, game, playable_actions):
        if len(playable_actions) == 1:
            return playable_actions[0]
        board = meeple_map(game.state.board.map)
        if board != self.board:
            self.board = board
            self.game = meeple.load("catan", len(game.state.colors),
                                    {"board": str(board), "offers_per_turn": 0})
            self.agent = make_agent(self.spec, self.game, self.seed)
        state = snapshot(self.game, game)
        self.decisions += 1
        if game.state.current_prompt == ActionPrompt.DISCARD:
            return self._discard(state, playable_actions)
        action = self.agent.act(state)
        found = to_catanatron(action, playable_actions, game.state.colors)
        if found is None:
            self.unmatched += 1
            return playable_actions[0]
        return found

    def _discard(self, state, playable):
        """One card of a discard: the one whose loss leaves the hand worth most."""
        p = state.current_player
        build = build_weights(state, p)
        hand = state.hands[p]

        def kept(a):
            r = CAT_RES.index(a.value)
            left = list(hand)
            left[r] -= 1
            return value.hand_worth(state, p, left, *build)
        return max(playable, key=kept)


class RulesAbiding(Player):
    """A catanatron player choosing only among the actions the published rules allow, in a
    stable order (:func:`catan_peer.rules_filter`, :func:`catan_peer.stable`): catanatron
    3.2.1 also offers a development card bought this turn, which meeple refuses."""

    def __init__(self, inner: Player):
        super().__init__(inner.color)
        self.inner = inner

    def decide(self, game, playable_actions):
        allowed = peer.rules_filter(game, playable_actions) or playable_actions
        return self.inner.decide(game, peer.stable(allowed))

    def reset_state(self):
        self.inner.reset_state()

    def __repr__(self):
        return f"RulesAbiding({self.inner!r})"


PYPI_PLAYERS = {"R": ("catanatron.models.player", "RandomPlayer"),
                "W": ("catanatron.players.weighted_random", "WeightedRandomPlayer"),
                "VP": ("catanatron.players.search", "VictoryPointPlayer")}
"""The players of catanatron's PyPI release (3.2.1): uniform random, random weighted towards
cities, settlements and cards, and greedy for victory points."""


def opponent(kind: str, color) -> Player:
    """catanatron's player ``kind``: ``R``, ``W``, ``VP`` (PyPI, kept to the rules), ``F``
    or ``AB:depth`` (catanatron's repository only)."""
    if kind in PYPI_PLAYERS:
        module, name = PYPI_PLAYERS[kind]
        return RulesAbiding(getattr(importlib.import_module(module), name)(color))
    if kind == "F":
        from catanatron.players.value import ValueFunctionPlayer
        return ValueFunctionPlayer(color)
    if kind.startswith("AB"):
        from catanatron.players.minimax import AlphaBetaPlayer
        depth = int(kind.split(":")[1]) if ":" in kind else 2
        return AlphaBetaPlayer(color, depth, True)
    raise ValueError(f"unknown catanatron player {kind!r}")


def play_one(args) -> dict:
    spec, against, index, seed = args
    random.seed(seed * 1_000_003 + index)
    colors = list(COLORS)
    mine = MeeplePlayer(colors[0], spec, seed * 7919 + index)
    players = [mine] + [opponent(against, c) for c in colors[1:]]
    game = Game(players, seed=seed * 1_000_003 + index)
    start = time.perf_counter()
    winner = game.play()
    return {"won": winner == colors[0], "winner": None if winner is None else winner.value,
            "turns": game.state.num_turns, "seat": game.state.colors.index(colors[0]),
            "decisions": mine.decisions, "unmatched": mine.unmatched,
            "seconds": time.perf_counter() - start}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", default="greedy", help="the meeple agent spec")
    ap.add_argument("--against", default="F", help="catanatron's: F or AB:2 (repository), "
                    "R, W or VP (PyPI)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    jobs = [(args.bot, args.against, i, args.seed) for i in range(args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(play_one, jobs, chunksize=1)
    else:
        results = [play_one(j) for j in jobs]
    wins = sum(r["won"] for r in results)
    low, high = wilson_interval(wins, len(results))
    summary = {"bot": args.bot, "against": f"3 × {args.against}", "games": len(results),
               "wins": wins, "win_rate": wins / len(results), "low": low, "high": high,
               "no_winner": sum(r["winner"] is None for r in results),
               "unmatched": sum(r["unmatched"] for r in results),
               "decisions": sum(r["decisions"] for r in results),
               "mean_turns": sum(r["turns"] for r in results) / len(results),
               "seconds": round(time.perf_counter() - start, 1)}
    json.dump(summary, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
