"""The peer check: catanatron's random games replayed by meeple, step by step (issue 28).

    python benchmarks/catan_peer.py --games 1000                 # both players, 1,000 games each
    python benchmarks/catan_peer.py --games 200 --player random  # catanatron's own RandomPlayer
    python benchmarks/catan_peer.py --seed 17 --player random --show   # one game, every difference

Each game is played by catanatron (4 players, its ``BASE`` map, ``Game(players, seed=s)``)
with random players, and mirrored into meeple as it goes: every catanatron action, as it
comes back from ``game.execute`` fully specified (dice, stolen card, drawn card, discards),
is translated by :mod:`catanatron_bridge` (rules spec 9.2) and applied to a meeple state
on the translated board with ``offers_per_turn: 0``. After each action (once held-back
discards are written) the two states are compared: every hand, the bank, every seat's
development cards, victory points, the Longest Road and Largest Army holders, road lengths
and the robber. At the end: final points per seat and the winner. A meeple refusal of an
action catanatron allowed stops that game's replay.

Two kinds of random player, both uniform over what they may choose:
- ``random``: catanatron's ``RandomPlayer``, uniform over catanatron's playable actions.
- ``rules``: the same, minus the two kinds of action catanatron 3.2.1 offers that the
  published rules forbid (so both engines judge the same game): playing a development card
  bought this turn, and Year of Plenty for a single card while the bank could give two.

Every difference found is put in a class (:func:`classify`); the classes and what was done
about each are in ``benchmarks/README.md``.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import meeple                                                      # noqa: E402
from meeple.core.errors import IllegalAction                       # noqa: E402

import catanatron_bridge as bridge                                 # noqa: E402
from catanatron import Color, Game, RandomPlayer                   # noqa: E402
from catanatron.game import TURNS_LIMIT                            # noqa: E402
from catanatron.models.enums import ActionType                     # noqa: E402
try:                                  # catanatron 3.2.1 (PyPI); its repository moved it
    from catanatron.state import yield_resources                   # noqa: E402
except ImportError:
    from catanatron.apply_action import yield_resources            # noqa: E402

COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
CAT_RES = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
CAT_DEV = ("KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY", "VICTORY_POINT")
PLAYS = {ActionType.PLAY_KNIGHT_CARD: "KNIGHT", ActionType.PLAY_ROAD_BUILDING: "ROAD_BUILDING",
         ActionType.PLAY_YEAR_OF_PLENTY: "YEAR_OF_PLENTY", ActionType.PLAY_MONOPOLY: "MONOPOLY"}


# --- players ----------------------------------------------------------------------------------
def bought_this_turn(game, color) -> Counter:
    """The development cards ``color`` bought in the turn under way (from the log)."""
    out: Counter = Counter()
    for action in reversed(game.state.actions):
        if action.action_type == ActionType.END_TURN:
            break
        if action.color == color and action.action_type == ActionType.BUY_DEVELOPMENT_CARD:
            out[action.value] += 1
    return out


def rules_filter(game, actions):
    """catanatron's playable actions minus what the published rules forbid (9.1)."""
    state = game.state
    color = state.current_color()
    new = None
    key = f"P{state.color_to_index[color]}"
    out = []
    for a in actions:
        card = PLAYS.get(a.action_type)
        if card is not None:
            new = bought_this_turn(game, color) if new is None else new
            if state.player_state[f"{key}_{card}_IN_HAND"] - new[card] <= 0:
                continue
        if (a.action_type == ActionType.PLAY_YEAR_OF_PLENTY and len(a.value) == 1
                and sum(state.resource_freqdeck) > 1):
            continue
        out.append(a)
    return out


def stable(actions):
    """``actions`` in an order that does not depend on the process: catanatron builds some
    lists from sets of strings (maritime trades, Year of Plenty), whose order changes with
    ``PYTHONHASHSEED``, so its ``RandomPlayer`` alone does not replay a seed in another
    process."""
    return sorted(actions, key=lambda a: (a.action_type.value, repr(a.value)))


class SeededRandomPlayer(RandomPlayer):
    """catanatron's RandomPlayer (uniform over its playable actions), the same game for the
    same seed in every process."""

    def decide(self, game, playable_actions):
        return super().decide(game, stable(playable_actions))


class RulesRandomPlayer(RandomPlayer):
    """Uniform over catanatron's playable actions that the published rules allow."""

    def decide(self, game, playable_actions):
        return super().decide(game, stable(rules_filter(game, playable_actions)
                                           or playable_actions))


def new_game(seed: int, players: int = 4, player: str = "rules") -> Game:
    kind = RulesRandomPlayer if player == "rules" else SeededRandomPlayer
    return Game([kind(c) for c in COLORS[:players]], seed=seed)


# --- comparing ----------------------------------------------------------------------------------
ROAD_LENGTH = "road length: a road ending at an opponent's building that stood first " \
              "(catanatron does not count it; 9.1)"


def compare(game, state) -> tuple[list[str], list[int]]:
    """Where the two positions differ, in words (empty: they agree), and the seats whose
    road lengths differ (listed apart: a road length alone moves no point)."""
    cs, ps = game.state, game.state.player_state
    out, lengths = [], []
    if list(cs.resource_freqdeck) != state.bank:
        out.append(f"bank {cs.resource_freqdeck} vs {state.bank}")
    for i in range(len(cs.colors)):
        k = f"P{i}"
        hand = [ps[f"{k}_{r}_IN_HAND"] for r in CAT_RES]
        if hand != state.hands[i]:
            out.append(f"seat {i} hand {hand} vs {state.hands[i]}")
        dev = [ps[f"{k}_{c}_IN_HAND"] for c in CAT_DEV]
        if dev != state.dev[i]:
            out.append(f"seat {i} development cards {dev} vs {state.dev[i]}")
        if ps[f"{k}_ACTUAL_VICTORY_POINTS"] != state.points(i):
            out.append(f"seat {i} points {ps[f'{k}_ACTUAL_VICTORY_POINTS']} vs "
                       f"{state.points(i)}")
        if cs.board.road_lengths[cs.colors[i]] != state.road_len[i]:
            lengths.append(i)
    road = next((i for i in range(len(cs.colors)) if ps[f"P{i}_HAS_ROAD"]), -1)
    if road != state.longest:
        out.append(f"Longest Road {road} vs {state.longest}")
    army = next((i for i in range(len(cs.colors)) if ps[f"P{i}_HAS_ARMY"]), -1)
    if army != state.army:
        out.append(f"Largest Army {army} vs {state.army}")
    if bridge.hex_of(cs.board.robber_coordinate) != state.robber:
        out.append("robber")
    return out, lengths


def stripped_length(state, seat: int) -> int:
    """``seat``'s road length without its roads that end at an opponent's building."""
    from meeple.games.catan.board import EDGE_NODES
    from meeple.games.catan.roads import road_length
    owner = [o if o != seat or all(state.node_owner[n] in (-1, seat) for n in EDGE_NODES[e])
             else -1 for e, o in enumerate(state.road_owner)]
    return road_length(owner, state.node_owner, seat)


def length_class(game, state, seat: int) -> str:
    """The class of a road length that differs: 9.1's row when catanatron's length lies
    between meeple's without the roads ending at opponents' buildings and meeple's."""
    cat = game.state.board.road_lengths[game.state.colors[seat]]
    if stripped_length(state, seat) <= cat < state.road_len[seat]:
        return ROAD_LENGTH
    return f"other: road length {cat} vs {state.road_len[seat]}"


def classify(game, state, bank: list[int], action, diffs: list[str], lengths) -> str:
    """The class of a difference that first showed after catanatron's ``action``, ``bank``
    being catanatron's bank before it (9.1's rows, or something new)."""
    kind = action.action_type
    if kind == ActionType.ROLL and sum(action.value) != 7:
        _, depleted = yield_resources(game.state.board, bank, sum(action.value))
        if depleted:
            return "bank runs short: catanatron pays nobody, meeple the one player owed (9.1)"
    if any("Longest Road" in d for d in diffs):
        if lengths:
            return "Longest Road moves with a road length counted differently (9.1)"
        return "Longest Road holder: catanatron keeps no tie rule, no 5 minimum after a " \
               "break, never sets it aside (9.1)"
    return f"other: {kind.value}: {'; '.join(diffs)}"


def classify_refusal(game, action, reason: str) -> str:
    kind = action.action_type
    if kind in PLAYS and "bought this turn" in reason:
        return "catanatron plays a development card bought this turn (catanatron 3.2.1 bug)"
    if kind == ActionType.PLAY_YEAR_OF_PLENTY and len(action.value) == 1:
        return "catanatron's Year of Plenty for one card while the bank could give two (9.1)"
    if kind == ActionType.BUILD_ROAD and "joins none" in reason:
        return "catanatron extends a road through an opponent's building (9.1)"
    return f"other refusal: {kind.value}: {reason}"


# --- one game ---------------------------------------------------------------------------------
@dataclass
class Result:
    seed: int
    actions: int = 0                       # catanatron actions
    meeple_actions: int = 0
    first: str | None = None               # the class of the first difference that matters
    refused: str | None = None             # the class of a meeple refusal (the replay stops)
    notes: set[str] = field(default_factory=set)   # road lengths that differ
    diffs: list[str] = field(default_factory=list)
    cat_points: list[int] = field(default_factory=list)
    meeple_points: list[int] = field(default_factory=list)
    cat_winner: int = -1
    meeple_winner: int = -1
    turns: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def cause(self) -> str | None:
        """What first set the two games apart (a refusal that follows a difference is
        its consequence)."""
        return self.first or self.refused

    @property
    def replayed(self) -> bool:
        return self.refused is None

    @property
    def points_agree(self) -> bool:
        return self.replayed and self.cat_points == self.meeple_points

    @property
    def agrees(self) -> bool:
        return self.cause is None and self.points_agree and \
            self.cat_winner == self.meeple_winner


def check_game(seed: int, players: int = 4, player: str = "rules", show: bool = False,
               game: Game | None = None, watch=None) -> Result:
    """Play catanatron game ``seed`` (or ``game``, made with other players) and mirror it
    into meeple, comparing as it goes. ``watch(game, state, result)``, if given, is called
    before each decision whose position the meeple state mirrors (no discard held back):
    a test reads both engines' positions there."""
    game = game or new_game(seed, players, player)
    cs = game.state
    state = meeple.load("catan", players, bridge.config_of(game)).new_state(seed)
    t = bridge.Translator(cs.colors)
    result = Result(seed)
    while game.winning_color() is None and cs.num_turns < TURNS_LIMIT:
        bank = list(cs.resource_freqdeck)     # before the action (a roll changes no board)
        if watch is not None and not t.pending:
            watch(game, state, result)
        chosen = cs.current_player().decide(game, cs.playable_actions)
        done = game.execute(chosen)
        result.actions += 1
        for text in t.feed(done):
            try:
                state.apply(text)
            except IllegalAction as e:
                result.refused = classify_refusal(game, done, str(e))
                result.log.append(f"{result.actions}: {done} -> {text}: refused: {e}")
                return _finish(result, game, state)
            result.meeple_actions += 1
        if show:
            result.log.append(f"{result.actions}: {done} -> {state.action_count}")
        if not t.pending and result.first is None:
            diffs, lengths = compare(game, state)
            for seat in lengths:
                note = length_class(game, state, seat)
                if note not in result.notes:
                    result.notes.add(note)
                    result.log.append(f"{result.actions}: {done}: seat {seat}: {note}")
            if diffs:
                result.first = classify(game, state, bank, done, diffs, lengths)
                result.diffs = diffs
                result.log.append(f"{result.actions}: {done}: {'; '.join(diffs)}")
    for text in t.flush():
        state.apply(text)
    return _finish(result, game, state)


def _finish(result: Result, game, state) -> Result:
    cs = game.state
    result.turns = cs.num_turns
    result.cat_points = [cs.player_state[f"P{i}_ACTUAL_VICTORY_POINTS"]
                         for i in range(len(cs.colors))]
    result.meeple_points = state.scores()
    won = game.winning_color()
    result.cat_winner = -1 if won is None else cs.colors.index(won)
    result.meeple_winner = state.winner
    if result.cause is None and result.cat_winner != state.winner:
        result.first = winner_class(game, state)
    return result


def winner_class(game, state) -> str:
    cs = game.state
    if game.winning_color() is None:
        return "catanatron stops at 1,000 turns with no winner (9.1)"
    if cs.current_turn_index != cs.colors.index(game.winning_color()):
        return "catanatron's winner reached 10 in another player's turn (9.1)"
    return "other: winner"


# --- many games -------------------------------------------------------------------------------
def run(games: int, seed: int, player: str, players: int = 4, progress=None) -> list[Result]:
    out = []
    for i in range(games):
        out.append(check_game(seed + i, players, player))
        if progress:
            progress()
    return out


def report(results: list[Result], player: str, seconds: float) -> str:
    n = len(results)
    lines = [f"player {player}: {n} games, {seconds:.1f} s "
             f"({sum(r.actions for r in results) / n:.0f} catanatron actions, "
             f"{sum(r.meeple_actions for r in results) / n:.0f} meeple actions a game)",
             f"  replayed to the end, every action legal in meeple: "
             f"{sum(r.replayed for r in results)}",
             f"  every position equal after every action (hands, bank, cards, points, "
             f"special cards, robber): {sum(r.cause is None for r in results)}",
             f"  final points per seat equal: {sum(r.points_agree for r in results)}",
             f"  same winner: {sum(r.replayed and r.cat_winner == r.meeple_winner for r in results)}",
             f"  agree in everything: {sum(r.agrees for r in results)}",
             "  first difference, by class (games):"]
    classes = Counter(r.cause for r in results if r.cause)
    for name, count in classes.most_common():
        example = next(r.seed for r in results if r.cause == name)
        lines.append(f"    {count:5d}  {name}  (e.g. seed {example})")
    notes = Counter(note for r in results for note in r.notes)
    if notes:
        lines.append("  road lengths that differ (no point moves by itself), games:")
        for name, count in notes.most_common():
            example = next(r.seed for r in results if name in r.notes)
            lines.append(f"    {count:5d}  {name}  (e.g. seed {example})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1, help="the first seed (catanatron treats 0 "
                   "as none)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--player", choices=("rules", "random", "both"), default="both")
    p.add_argument("--show", action="store_true", help="one game (--seed), every step")
    args = p.parse_args(argv)
    if args.show:
        r = check_game(args.seed, args.players, "random" if args.player == "random" else "rules",
                       show=True)
        print("\n".join(r.log))
        r.log = []
        print(r)
        return
    from rich.progress import Progress
    kinds = ("rules", "random") if args.player == "both" else (args.player,)
    for kind in kinds:
        with Progress(transient=True) as progress:
            task = progress.add_task(f"{kind} games", total=args.games)
            t = time.perf_counter()
            results = run(args.games, args.seed, kind, args.players,
                          lambda: progress.advance(task))
            seconds = time.perf_counter() - t
        print(report(results, kind, seconds))


if __name__ == "__main__":
    main()
