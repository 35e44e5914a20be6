"""Catan bot knowledge: the position value (:mod:`.value`), the greedy bot, and the moves
a search considers.

Greedy, by phase: set-up placements, Road Building roads and builds by a one-move
look-ahead on the value; the robber, discards and development cards by :mod:`.tactics`;
trade with players by :mod:`.negotiate`. In its turn it weighs every build it can pay and
every build maritime trades would let it pay (:func:`tactics.trade_path`); when the best of
them needs trades it first offers the other players a trade for the missing card, then
trades with the bank. It buys a development card when that is the best it can do, and
ends its turn when nothing raises its value.

Search (MCTS) evaluates leaves with :func:`.value.values` and considers, inside its tree,
no domestic offers or counters (a thousand of them would each take an iteration), only the
maritime trades that start a trade path to a build, at most :data:`DISCARDS` discards and
:data:`SPOTS` set-up settlements; at its root it weighs greedy's own move and the
:data:`SHORTLIST` best others by their one-move scores. It trades with players as greedy
does (greedy's offer, answer or close is its only root move there): searched, offers and
answers look like nothing one move on, so it stopped trading while three greedy bots
traded among themselves, and lost 22 games of 22 to them.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.policy import Policy
from . import negotiate, tactics, value
from .legal import COSTS, affords
from .notation import KNIGHT, VP
from .phases import ANSWER, CLOSE, DISCARD, MAIN, PREROLL, ROBBER, SETTLE

if TYPE_CHECKING:
    from .rules import CatanState

EPS = 1e-6
DISCARDS = 6
"""Discards a search considers (the best by hand worth)."""
VP_WORTH = 1.0
SPREAD, SPREAD_PER_POINT = 1.0, 0.35
"""About one standard deviation, in points, of the final margin around the evaluated one:
``SPREAD`` plus ``SPREAD_PER_POINT`` per point the leader still lacks (early in the game,
and in the set-up, where one seat has placed more than another, a margin says little)."""
SHORTLIST = 6
"""Moves a search weighs at its root: the best by their one-move scores, greedy's with them."""
SPOTS = 8
"""Set-up settlements a search weighs inside its tree (the best spots by their worth)."""
GREEDY_FIRST = 0.05
"""Bonus of greedy's own move among the one-move scores (so a search tries it first)."""
TARGETS = ("city", "settlement", "card", "road")


def build_weights(s: "CatanState", seat: int) -> tuple[float, float]:
    """What ``seat``'s hand is working toward: the city and settlement worth (for
    :func:`value.hand_worth`)."""
    st = value.static(value.laid(s).map)
    points = s.points(seat)
    late = value.LATE + (1 - value.LATE) * max(0.0, min(1.0, (9 - points) / 7))
    have = value.production(s, seat, st)
    _, now = value.expansion(s, seat, st, have)
    return late * value.best_city(s, seat, st), late * now


def _after(s: "CatanState", actions: list[Action]) -> "CatanState":
    child = s.clone()
    for a in actions:
        child.apply_unchecked(a)
    return child


def _expected_card(s: "CatanState") -> float:
    deck = s.deck
    total = sum(deck)
    if not total:
        return 0.0
    worth = [value.DEV_WORTH.get(c, 0.0) for c in range(5)]
    worth[VP] = VP_WORTH
    return sum(n * w for n, w in zip(deck, worth)) / total


def best_spots(s: "CatanState", settlements: list[Action], k: int) -> list[Action]:
    """The ``k`` best of ``settlements`` (set-up settlements) by their worth, the lower
    node first on a tie."""
    st = value.static(value.laid(s).map)
    return sorted(settlements, key=lambda a: (-value.spot_worth(s, a[2], st), a[2]))[:k]


def score_after(s: "CatanState", seat: int, actions: list[Action]) -> float:
    """The value for ``seat`` after ``actions`` (a bought card at its expected worth)."""
    child = _after(s, actions)
    v = value.evaluate(child, seat)
    if actions and actions[-1][0] == "buy":
        v += _expected_card(s)
    return v


class CatanPolicy(Policy["CatanState"]):
    def evaluate(self, state: "CatanState", seat: int) -> float:
        return value.evaluate(state, seat)

    def evaluate_all(self, state: "CatanState") -> list[float]:
        return value.values(state)

    def reward_scale(self, state: "CatanState") -> float | None:
        lead = max(state.visible_points(p) for p in range(state.num_players))
        return SPREAD + SPREAD_PER_POINT * max(0, 10 - lead)

    # --- what a search considers --------------------------------------------------------------
    def search_actions(self, state: "CatanState") -> list[Action]:
        legal = state.legal_actions()
        phase = state.phase
        if phase == MAIN:
            steps = {path[0] for path in (tactics.trade_path(state, state.seat, COSTS[t])
                                          for t in TARGETS) if path}
            return [a for a in legal if a[0] not in ("offer", "maritime") or a in steps]
        if phase == SETTLE and len(legal) > SPOTS:
            return best_spots(state, legal, SPOTS)
        if phase == ANSWER:
            return [a for a in legal if a[0] != "counter"]
        if phase == DISCARD and len(legal) > DISCARDS:
            p = state.current_player
            build = build_weights(state, p)
            from .notation import counts_of
            hand = state.hands[p]
            return sorted(legal, key=lambda a: -value.hand_worth(
                state, p, [h - g for h, g in zip(hand, counts_of(a[1:]))], *build))[:DISCARDS]
        return legal

    def action_scores(self, state: "CatanState") -> list[tuple[Action, float]]:
        """The moves a search considers, each with the mover's value one move on; greedy's
        own move a little ahead."""
        seat = state.current_player
        mine = self.greedy_action(state, random.Random(0))
        if state.phase in (ANSWER, CLOSE) or mine[0] == "offer":
            return [(mine, score_after(state, seat, [mine]))]      # trade as greedy does
        out = [(a, score_after(state, seat, [a])) for a in self.search_actions(state)]
        top = max((v for _, v in out), default=0.0) + GREEDY_FIRST
        out = sorted(((a, v) for a, v in out if a != mine), key=lambda p: -p[1])
        return [*out[:SHORTLIST - 1], (mine, top)]

    # --- greedy ---------------------------------------------------------------------------------
    def greedy_action(self, state: "CatanState", rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase == ROBBER:
            return tactics.robber(state, legal)
        if phase == DISCARD:
            return tactics.discard(state, legal, build_weights(state, state.current_player))
        if phase == ANSWER:
            return negotiate.answer(state, build_weights(state, state.current_player))
        if phase == CLOSE:
            return negotiate.close(state, build_weights(state, state.seat))
        if phase == PREROLL:
            return (Action("play", "knight") if tactics.knight_now(state)
                    else Action("roll"))
        if phase == MAIN:
            return self._turn(state, legal, rng)
        return self._lookahead(state, legal, rng)         # set-up, Road Building

    def _lookahead(self, state: "CatanState", legal: list[Action],
                   rng: random.Random) -> Action:
        seat = state.current_player
        scored = [(a, score_after(state, seat, [a])) for a in legal]
        top = max(v for _, v in scored)
        return rng.choice([a for a, v in scored if v >= top - EPS])

    def turn_action(self, state: "CatanState", rng: random.Random,
                    targets: tuple[str, ...] = TARGETS) -> Action:
        """Greedy's move after the roll, weighing only builds of ``targets`` (all of them:
        greedy's own move; without ``"card"``: greedy saving its cards for a build)."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self._turn(state, legal, rng, targets)

    def _turn(self, s: "CatanState", legal: list[Action], rng: random.Random,
              targets: tuple[str, ...] = TARGETS) -> Action:
        """The mover's choice after the roll (see the module's words)."""
        me = s.seat
        base = value.evaluate(s, me)
        card = self._card(s)
        if card is not None:
            return card
        best: list[Action] = [Action("end")]
        best_value = base + EPS
        plans: list[tuple[str, float]] = []
        for target in targets:
            path = ([] if affords(s.hands[me], COSTS[target])
                    else tactics.trade_path(s, me, COSTS[target]))
            if path is None:
                continue
            after = _after(s, path) if path else s
            for a in self._builds(after, target):
                v = score_after(after, me, [a]) if path else score_after(s, me, [a])
                if path:
                    plans.append((target, v))
                if v > best_value + EPS * rng.random():
                    best, best_value = [*path, a], v
        if len(best) > 1:                       # the best build needs trades: ask first
            target = next(t for t, v in plans if v == best_value)
            ask = negotiate.offer(s, target, build_weights(s, me))
            return ask if ask is not None and ask in legal else best[0]
        if best[0][0] == "end":
            ask = negotiate.offer(s, self._aim(s), build_weights(s, me))
            if ask is not None and ask in legal:
                return ask
        return best[0]

    def _builds(self, s: "CatanState", target: str) -> list[Action]:
        """The builds of ``target`` the mover can make in ``s`` (paid)."""
        from .legal import BUILD, road_places, settlement_place, spaced  # noqa: F401
        me = s.seat
        if target == "card":
            return [Action("buy")] if sum(s.deck) else []
        if target == "road":
            return ([BUILD["road"][e] for e in road_places(s, me)]
                    if s.roads_left[me] else [])
        if target == "settlement":
            return ([BUILD["settlement"][n] for n in range(54) if settlement_place(s, me, n)]
                    if s.settlements_left[me] else [])
        return ([BUILD["city"][n] for n in range(54)
                 if s.node_owner[n] == me and not s.city[n]] if s.cities_left[me] else [])

    def _card(self, s: "CatanState") -> Action | None:
        """A development card worth playing now, if any."""
        if s.card_played:
            return None
        if tactics.knight_now(s):
            return Action("play", "knight")
        mono = tactics.monopoly(s)
        if mono is not None:
            return mono
        aims = [(t, 0.0) for t in ("city", "settlement", "card")]
        return tactics.plenty(s, aims) or self._road_building(s)

    def _road_building(self, s: "CatanState") -> Action | None:
        from .notation import ROADBUILDING
        from .legal import playable
        me = s.seat
        if not playable(s, ROADBUILDING):
            return None
        base = value.evaluate(s, me)
        child = _after(s, [Action("play", "roadbuilding")])
        while child.phase == "road building":
            child.apply_unchecked(self._lookahead(child, child.legal_actions(),
                                                  random.Random(0)))
        return Action("play", "roadbuilding") if value.evaluate(child, me) > base + 0.2 else None

    def _aim(self, s: "CatanState") -> str | None:
        """The build the mover's hand is nearest to (for an offer)."""
        me = s.seat
        hand = s.hands[me]
        best, lack = None, 3
        for target in ("city", "settlement", "card"):
            if target == "city" and (not s.cities_left[me] or s.settlements_left[me] == 5):
                continue
            if target == "settlement" and not self._builds_free(s):
                continue
            need = sum(max(0, c - h) for c, h in zip(COSTS[target], hand))
            if 0 < need < lack:
                best, lack = target, need
        return best

    def _builds_free(self, s: "CatanState") -> bool:
        from .legal import settlement_place
        me = s.seat
        return bool(s.settlements_left[me]) and any(settlement_place(s, me, n)
                                                     for n in range(54))


__all__ = ["CatanPolicy", "KNIGHT"]
