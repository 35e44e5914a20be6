"""How the bots trade with players (7.4): the offers they open and how they answer.

A bot judges a trade by what its hand is worth before and after (:func:`value.hand_worth`
on its own hand: cards, and the share of the build they lead to), and refuses to help a
seat that looks near winning (visible points and a share of its development cards). It
opens an offer only for the cards a build it is aiming at lacks, giving cards that build
does not need: one for one on the mover's first offer of a turn, two for one on the
second, none after that (so a turn has at most two offers of a bot's, whatever the
``offers_per_turn`` option allows). Every answer is one action, so no negotiation loops.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from .notation import card_list
from .value import COSTS, hand_worth, threat

if TYPE_CHECKING:
    from .rules import CatanState

GAIN = 0.04
"""The least gain in hand worth that makes a trade worth making."""
DANGER = 7.5
"""A seat that looks this near winning (see :func:`value.threat`) gets no trade."""
HELP_FACTOR = 0.5
"""A trade's gain to a partner counts against it by this factor times how far the
partner leads the seat judging it."""
BOT_OFFERS = 2


def worth(s: "CatanState", seat: int, hand: list[int], build: tuple[float, float]) -> float:
    return hand_worth(s, seat, hand, *build)


def after(hand: list[int], give: list[int], get: list[int]) -> list[int]:
    return [h - g + t for h, g, t in zip(hand, give, get)]


def fair_to(s: "CatanState", me: int, partner: int) -> bool:
    """Whether ``me`` may help ``partner`` at all: not one that looks near winning, nor
    one far ahead of ``me``."""
    return threat(s, partner) < DANGER and threat(s, partner) <= threat(s, me) + 3


def answer(s: "CatanState", build: tuple[float, float]) -> Action:
    """The answering seat's reply: accept when the trade raises its hand's worth and the
    mover is not a danger, else a counter for a card the mover surely holds (it offered
    it), else decline."""
    me, mover = s.current_player, s.seat
    give, get = s.offer  # type: ignore[misc]
    hand = s.hands[me]
    if not fair_to(s, me, mover):
        return Action("decline")
    base = worth(s, me, hand, build)
    can_accept = all(h >= g for h, g in zip(hand, get))
    accept_gain = worth(s, me, after(hand, get, give), build) - base if can_accept else -1.0
    best, best_gain = Action("accept"), accept_gain
    for r in range(5):                    # ask one card the mover offered, give one of mine
        if not give[r]:
            continue
        for g in range(5):
            if g == r or not hand[g]:
                continue
            mine, theirs = [0] * 5, [0] * 5
            mine[g], theirs[r] = 1, 1
            if mine == get and theirs == give:
                continue
            gain = worth(s, me, after(hand, mine, theirs), build) - base
            if gain > best_gain + GAIN:
                best = Action("counter", *card_list(mine), "for", *card_list(theirs))
                best_gain = gain
    return best if best_gain > GAIN else Action("decline")


def close(s: "CatanState", build: tuple[float, float]) -> Action:
    """The mover's choice among the answers: the trade that most raises its hand's worth
    (with a partner it may help), or cancel."""
    from .legal import _partners
    me = s.seat
    hand = s.hands[me]
    base = worth(s, me, hand, build)
    best, best_gain = Action("cancel"), GAIN
    for p in _partners(s):
        if not fair_to(s, me, p):
            continue
        a = s.answers[p]
        give, get = s.offer if a == "accept" else (a[1], a[0])  # type: ignore[index,misc]
        gain = worth(s, me, after(hand, give, get), build) - base
        if gain > best_gain:
            best, best_gain = Action("trade", p), gain
    return best


def offer(s: "CatanState", target: str | None, build: tuple[float, float]) -> Action | None:
    """An offer for the cards ``target`` (a build) lacks, paid with cards it does not
    need; None when there is none worth making (or the bot has made its offers)."""
    limit = min(BOT_OFFERS, s.game.settings["offers_per_turn"])
    if target is None or s.offers >= limit:
        return None
    me = s.seat
    hand, cost = s.hands[me], COSTS[target]
    lack = [max(0, c - h) for c, h in zip(cost, hand)]
    if not any(lack) or sum(lack) > 2:
        return None
    spare = [max(0, h - c) for c, h in zip(cost, hand)]
    want = lack.index(max(lack))
    size = 1 + s.offers                  # one for one first, then two for one
    give = [0] * 5
    for r in sorted(range(5), key=lambda r: -spare[r]):
        take = min(spare[r], size - sum(give))
        give[r] += take
        if sum(give) == size:
            break
    if sum(give) < size:
        return None
    get = [0] * 5
    get[want] = 1
    base = worth(s, me, hand, build)
    if worth(s, me, after(hand, give, get), build) - base <= GAIN:
        return None
    return Action("offer", *card_list(give), "for", *card_list(get))
