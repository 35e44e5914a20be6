"""The greedy bot's moves that a one-move look-ahead on the value cannot judge well: where
the robber goes, what to discard, when to play a development card, and which maritime
trades lead to a build.

The robber goes where it blocks the most pips of the seats that look nearest to winning
(visible points, and a share of their development cards) and least of the mover's own,
robbing the most threatening seat there. A discard keeps the hand worth most. Knights are
played when the robber blocks the mover or the card brings Largest Army nearer; Monopoly
when the others hold at least :data:`MONOPOLY_MIN` of a resource (the count is public: all
cards neither in the bank nor in the mover's hand); Year of Plenty when it completes a
build.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from .board import HEX_CORNERS, RESOURCES
from .legal import COSTS, affords, plenty_choices, rates
from .notation import KNIGHT, MONOPOLY, PLENTY
from .value import hand_worth, laid, static, threat

if TYPE_CHECKING:
    from .rules import CatanState

MONOPOLY_MIN = 4
BLOCKED_MIN = 4
"""Pips of the mover's own blocked by the robber that make a knight worth playing at once."""


def blocked(s: "CatanState", seat: int, h: int) -> int:
    """Pips of ``seat``'s buildings on hex ``h`` (a city twice)."""
    pips = static(laid(s).map).hex_pips[h]
    return sum((2 if s.city[n] else 1) * pips for n in HEX_CORNERS[h] if s.node_owner[n] == seat)


def robber(s: "CatanState", legal: list[Action]) -> Action:
    """The robber's hex and victim (see the module's words)."""
    me = s.seat
    best, best_score = legal[0], -1e9
    for a in legal:
        h = a[1]
        score = -3.0 * blocked(s, me, h)
        for p in range(s.num_players):
            if p != me:
                score += blocked(s, p, h) * (1.0 + threat(s, p) / 4)
        if len(a) == 4:
            v = a[3]
            score += 2.0 + 0.3 * min(sum(s.hands[v]), 8) + threat(s, v)
        if score > best_score:
            best, best_score = a, score
    return best


def discard(s: "CatanState", legal: list[Action], build: tuple[float, float]) -> Action:
    """The discard that leaves the hand worth most."""
    from .notation import counts_of
    p = s.current_player
    hand = s.hands[p]

    def kept(a: Action) -> float:
        gone = counts_of(a[1:])
        return hand_worth(s, p, [h - g for h, g in zip(hand, gone)], *build)
    return max(legal, key=kept)


def knight_now(s: "CatanState") -> bool:
    """Whether to play a knight now: the robber blocks the mover, or the knight takes or
    nears Largest Army."""
    me = s.seat
    if s.card_played or s.dev[me][KNIGHT] - s.new[me][KNIGHT] <= 0:
        return False
    if blocked(s, me, s.robber) >= BLOCKED_MIN:
        return True
    mine = s.played[me][KNIGHT] + 1
    most = max(s.played[p][KNIGHT] for p in range(s.num_players) if p != me)
    return s.army != me and mine >= most


def monopoly(s: "CatanState") -> Action | None:
    """Monopoly on the resource the others hold most of (public), if enough."""
    me = s.seat
    if s.card_played or s.dev[me][MONOPOLY] - s.new[me][MONOPOLY] <= 0:
        return None
    held = [19 - s.bank[r] - s.hands[me][r] for r in range(5)]
    weight = static(laid(s).map).weight
    r = max(range(5), key=lambda r: held[r] * weight[r])
    return Action("play", "monopoly", RESOURCES[r]) if held[r] >= MONOPOLY_MIN else None


def plenty(s: "CatanState", targets: list[tuple[str, float]]) -> Action | None:
    """Year of Plenty when its two cards complete one of ``targets`` (builds the mover
    aims at, best first) that the hand cannot pay now."""
    me = s.seat
    if s.card_played or s.dev[me][PLENTY] - s.new[me][PLENTY] <= 0 or not sum(s.bank):
        return None
    hand = s.hands[me]
    for target, _ in targets:
        if affords(hand, COSTS[target]):
            continue
        for pair in plenty_choices(s.bank):
            got = list(hand)
            for r in pair:
                got[RESOURCES.index(r)] += 1
            if affords(got, COSTS[target]):
                return Action("play", "plenty", *pair)
    return None


def trade_path(s: "CatanState", seat: int, cost) -> list[Action] | None:
    """Maritime trades that let ``seat`` pay ``cost``, giving only cards ``cost`` does not
    need, at its best rates; None when the hand cannot do it."""
    hand, bank = list(s.hands[seat]), list(s.bank)
    acts: list[Action] = []
    for g in range(5):
        while hand[g] < cost[g]:
            options = []
            for r in range(5):
                if r != g:
                    rate = min(rates(s, seat, r))
                    if hand[r] - cost[r] >= rate:
                        options.append((rate, cost[r] - hand[r], r))
            if not options or not bank[g]:
                return None
            rate, _, r = min(options)
            hand[r] -= rate
            bank[r] += rate
            hand[g] += 1
            bank[g] -= 1
            acts.append(Action("maritime", *(RESOURCES[r],) * rate, "for", RESOURCES[g]))
    return acts
