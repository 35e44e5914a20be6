"""What each seat sees (8), and determinization for search bots.

Public: the board, the robber, every piece, the bank, the deck's size, each seat's number
of resource and development cards (and how many it bought this turn), played cards, the
pieces left, road lengths, the special cards, visible points, the dice, offers and answers.
Only its owner sees the types of its hand and of its development cards; a stolen card's
type is seen by the thief and the victim. Once the game is over everything is shown.

:func:`determinize` deals anew what ``seat`` cannot see, from public counts only: the
resource cards not in the bank nor in its hand go to the other seats by their hand sizes
(each first given the cards it is known to hold: :func:`_known`),
and the development cards neither played nor in its hand go to the other seats by their
counts (each keeping how many it bought this turn) and the rest to the deck.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from .board import RESOURCES
from .notation import DEV_CARDS, card_list
from .phases import SETUP
from .words import COLOURS

if TYPE_CHECKING:
    from .rules import CatanState

DECK = (14, 2, 2, 2, 5)


def _named(counts) -> dict[str, int]:
    return {name: n for name, n in zip(RESOURCES, counts) if n}


def _seat(s: "CatanState", p: int, viewer: int | None, over: bool) -> dict:
    own = over or viewer == p
    seat = {"seat": p, "colour": COLOURS[p], "cards": sum(s.hands[p]),
            "dev_cards": sum(s.dev[p]), "bought_this_turn": sum(s.new[p]),
            "knights": s.played[p][0],
            "played": {c: n for c, n in zip(DEV_CARDS, s.played[p]) if n},
            "pieces": {"roads": s.roads_left[p], "settlements": s.settlements_left[p],
                       "cities": s.cities_left[p]},
            "road_length": s.road_len[p],
            "harbours": (["3:1"] if s.generic[p] else []) +
                        [f"{r} 2:1" for r, h in zip(RESOURCES, s.special[p]) if h],
            "points": s.points(p) if own else s.visible_points(p)}
    if own:
        seat["hand"] = _named(s.hands[p])
        seat["dev"] = {c: n for c, n in zip(DEV_CARDS, s.dev[p]) if n}
        seat["new_dev"] = {c: n for c, n in zip(DEV_CARDS, s.new[p]) if n}
    return seat


def dice_faces(total: int, turn: int) -> list[int]:
    """Two dice faces that make ``total``, for the picture of the last roll. The notation
    records only the total (``dice N``, 7.2), so the faces are drawn from it: any ordered
    pair with that sum, each as likely (as two fair dice give them), fixed by the turn of
    the roll, so that every seat, reload and replay shows the same two dice."""
    low = max(1, total - 6)
    a = low + random.Random(turn * 13 + total).randrange(min(6, total - 1) - low + 1)
    return [a, total - a]


def view(s: "CatanState", player: int | None) -> dict:
    """What ``player`` (None: a spectator) may see, JSON-ready."""
    over = s.is_terminal()
    board = s.layout.map if s.layout is not None else None
    out = {"game": "catan", "players": s.num_players, "seat": player,
           "current_player": s.current_player, "mover": s.seat, "turn": s.turn,
           "phase": s.phase, "terminal": over,
           "board": None if board is None else {
               "hexes": [{"terrain": t, "number": n}
                         for t, n in zip(board.terrain, board.numbers)],
               "harbours": list(board.harbours), "string": str(board)},
           "robber": s.robber if s.robber >= 0 else None,
           "buildings": [[n, p, "city" if s.city[n] else "settlement"]
                         for n, p in enumerate(s.node_owner) if p >= 0],
           "roads": [[e, p] for e, p in enumerate(s.road_owner) if p >= 0],
           "bank": {r: n for r, n in zip(RESOURCES, s.bank)}, "deck": sum(s.deck),
           "dice": s.dice or None,
           "dice_faces": dice_faces(s.dice, s.turns) if s.dice else None,
           "rolled": s.rolled, "card_played": s.card_played,
           "offers_made": s.offers,
           "offers_per_turn": s.game.settings["offers_per_turn"],
           "longest_road": s.longest if s.longest >= 0 else None,
           "largest_army": s.army if s.army >= 0 else None,
           "to_discard": [[p, sum(s.hands[p]) // 2] for p in s.queue],
           "free_roads": s.free_roads,
           "negotiation": _negotiation(s),
           "steal": _steal(s, player, over),
           "winner": s.winner if s.winner >= 0 else None,
           "seats": [_seat(s, p, player, over) for p in range(s.num_players)]}
    if s.phase in SETUP and s.phase != "board":
        out["setup_node"] = s.last_node if s.phase == "setup road" else None
    return out


def _negotiation(s: "CatanState") -> dict | None:
    if s.offer is None:
        return None
    answers: dict[str, object] = {}
    for p, a in s.answers.items():
        if isinstance(a, str):
            answers[str(p)] = a
        else:
            gives, asks = cast("tuple[list[int], list[int]]", a)
            answers[str(p)] = {"counter": {"gives": card_list(gives), "asks": card_list(asks)}}
    return {"gives": card_list(s.offer[0]), "asks": card_list(s.offer[1]),
            "order": list(s.order), "answers": answers}


def _steal(s: "CatanState", player: int | None, over: bool) -> dict | None:
    if s.steal is None:
        return None
    thief, victim, card = s.steal
    out: dict = {"thief": thief, "victim": victim}
    if over or player in (thief, victim):
        out["card"] = card
    return out


def _known(s: "CatanState", player: int) -> dict[int, list[int]]:
    """The cards ``player`` knows each other seat holds (per resource, at least): what the
    mover offers in the open negotiation, what a seat that accepted would give, what a seat
    countered with. A deal that left them out could make a trade of the search pay with
    cards nobody has. (A card stolen from ``player`` is not among them: the thief may have
    spent it since.)"""
    known = {p: [0] * 5 for p in range(s.num_players) if p != player}

    def holds(p: int, cards: list[int]) -> None:
        if p in known:
            known[p] = [max(a, b) for a, b in zip(known[p], cards)]

    if s.offer is not None:
        holds(s.seat, s.offer[0])
        for p, answer in s.answers.items():
            if answer == "accept":
                holds(p, s.offer[1])
            elif type(answer) is tuple:
                holds(p, answer[0])
    return known


def determinize(s: "CatanState", player: int, rng: random.Random) -> "CatanState":
    """A copy in which the other seats' hands and development cards and the deck are dealt
    anew from what ``player`` sees (see the module's words). Reads no hidden fact."""
    copy = s.clone()
    if s.is_terminal():
        return copy
    copy.rng = random.Random(rng.getrandbits(64))
    copy.dealt_for = player
    copy._listed = None                 # the hands change: the last legal list may not hold
    others = [p for p in range(s.num_players) if p != player]
    known = _known(s, player)
    pool = [r for r in range(5)
            for _ in range(19 - s.bank[r] - s.hands[player][r] - sum(known[p][r] for p in others))]
    rng.shuffle(pool)
    for p in others:
        hand = known[p][:]
        for _ in range(sum(s.hands[p]) - sum(hand)):
            hand[pool.pop()] += 1
        copy.hands[p] = hand
    cards = [c for c in range(5) for _ in range(
        DECK[c] - sum(s.played[p][c] for p in range(s.num_players)) - s.dev[player][c])]
    rng.shuffle(cards)
    for p in others:
        dealt = [cards.pop() for _ in range(sum(s.dev[p]))]
        dev, new = [0] * 5, [0] * 5
        for c in dealt:
            dev[c] += 1
        for c in rng.sample(dealt, sum(s.new[p])):
            new[c] += 1
        copy.dev[p], copy.new[p] = dev, new
    copy.deck = [cards.count(c) for c in range(5)]
    if s.steal is not None and player not in s.steal[:2]:
        copy.steal = (s.steal[0], s.steal[1], None)
    return copy
