"""What is legal now: the list of legal actions and, for any action, why it is not legal.

Both read the same small predicates (a road's place, a settlement's place, what a hand can
pay), so the list and the check cannot disagree; a test checks that every listed action
passes the check and that actions from elsewhere in a game are refused.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.memo import Memo
from ...core.text import words
from .board import (EDGE_NODES, EDGES, HEX_CORNERS, HEXES, NODE_EDGES, NODE_HEXES,
                    NODE_NEIGHBOURS, NODES, RES_INDEX, RESOURCES, read_tokens, reds_apart,
                    spiral_numbers)
from .notation import (DEV_CARDS, DEV_INDEX, KNIGHT, MONOPOLY, PLENTY, ROADBUILDING,
                       card_list, counts_of)
from .words import cards, resource
from .phases import (ANSWER, BOARD, CLOSE, DICE, DISCARD, DRAW, MAIN, OVER, PREROLL, ROADS,
                     ROBBER, SETTLE, SETUP_ROAD, STEAL)
from .trade import (COUNTERS, MAX_SIDE, OFFERS, SIDES, positions, proposals, sides,
                    sub_multisets)

if TYPE_CHECKING:
    from .rules import CatanState

COSTS = {"road": (1, 1, 0, 0, 0), "settlement": (1, 1, 1, 1, 0), "city": (0, 0, 0, 2, 3),
         "card": (0, 0, 1, 1, 1)}
ROLL, BUY, END, ACCEPT, DECLINE, CANCEL = (Action(k) for k in
                                           ("roll", "buy", "end", "accept", "decline",
                                            "cancel"))
BUILD = {kind: [Action("build", kind, i) for i in range(EDGES if kind == "road" else NODES)]
         for kind in ("road", "settlement", "city")}
PLAY_KNIGHT, PLAY_ROADS = Action("play", "knight"), Action("play", "roadbuilding")
MONOPOLIES = [Action("play", "monopoly", r) for r in RESOURCES]
ROBBER_TO = [Action("robber", h) for h in range(HEXES)]
ROB = [[Action("robber", h, "from", v) for v in range(4)] for h in range(HEXES)]
MARITIME = [{rate: [(g, Action("maritime", *(RESOURCES[r],) * rate, "for", RESOURCES[g]))
                    for g in range(5) if g != r] for rate in (2, 3, 4)} for r in range(5)]
"""Per resource given and rate, the maritime trades: (resource asked, action)."""


def affords(hand: list[int], cost) -> bool:
    a, b, c, d, e = cost
    return hand[0] >= a and hand[1] >= b and hand[2] >= c and hand[3] >= d and hand[4] >= e


# --- places ---------------------------------------------------------------------------------
def road_place(s: "CatanState", seat: int, e: int) -> bool:
    """A free edge joined to ``seat``'s building, or to its road at a node holding no
    other player's building (4.5)."""
    if s.road_owner[e] != -1:
        return False
    for x in EDGE_NODES[e]:
        owner = s.node_owner[x]
        if owner == seat:
            return True
        if owner == -1 and any(s.road_owner[f] == seat for f in NODE_EDGES[x] if f != e):
            return True
    return False


def road_places(s: "CatanState", seat: int) -> list[int]:
    """Every edge :func:`road_place` allows, in id order; kept with the pieces
    (``s._pieces``) until a build changes it, so the caller must not change the list."""
    pieces = s._pieces
    out = pieces.get(seat)
    if out is None:
        out = pieces[seat] = _road_places(s, seat)
    return out


def _road_places(s: "CatanState", seat: int) -> list[int]:
    """:func:`road_places` worked out: the free edges at the nodes of ``seat``'s buildings
    and at the ends of its roads that hold no other player's building (found from
    ``seat``'s pieces, not by testing all 72 edges)."""
    roads, owner = s.road_owner, s.node_owner
    nodes = {n for n, o in enumerate(owner) if o == seat}
    for e, o in enumerate(roads):
        if o == seat:
            a, b = EDGE_NODES[e]
            if owner[a] == -1:
                nodes.add(a)
            if owner[b] == -1:
                nodes.add(b)
    return sorted({f for n in nodes for f in NODE_EDGES[n] if roads[f] == -1})


def settlement_places(s: "CatanState", seat: int) -> list[int]:
    """Every node :func:`settlement_place` allows, in id order (the ends of ``seat``'s
    roads that obey the distance rule)."""
    owner = s.node_owner
    ends = set()
    for e, o in enumerate(s.road_owner):
        if o == seat:
            ends.update(EDGE_NODES[e])
    return sorted(n for n in ends if owner[n] == -1
                  and all(owner[m] == -1 for m in NODE_NEIGHBOURS[n]))


def _kept(kept: dict, key: int, make, s: "CatanState") -> list:
    """``make(s)``, kept in ``kept`` (``s._pieces`` or ``s._buildings``: what a build
    changes of them is forgotten, :func:`.effects._forget`) under ``key``: a list nobody
    changes."""
    out = kept.get(key)
    if out is None:
        out = kept[key] = make(s)
    return out


ROAD_MOVES, SETTLEMENT_MOVES, SETUP_MOVES = 4, 8, 12
"""The keys of what ``s._pieces`` keeps: per seat (key + seat) its road places (key 0),
road moves and settlement moves; the set-up's settlement moves."""
CITY_MOVES, HEX_SEATS, ROBBER_MOVES = 100, 104, 128
"""The keys of what ``s._buildings`` keeps: per seat (key + seat) its city moves; per hex, the seats with a
building on it (a bit per seat); per set of robbable seats (key + seats, a bit per seat),
the robber moves on every hex."""


def _road_moves(s: "CatanState", seat: int) -> list[Action]:
    pieces = s._pieces
    out = pieces.get(ROAD_MOVES + seat)
    if out is None:
        road = BUILD["road"]
        out = pieces[ROAD_MOVES + seat] = [road[e] for e in road_places(s, seat)]
    return out


def _settlement_moves(s: "CatanState", seat: int) -> list[Action]:
    pieces = s._pieces
    out = pieces.get(SETTLEMENT_MOVES + seat)
    if out is None:
        place = BUILD["settlement"]
        out = pieces[SETTLEMENT_MOVES + seat] = [place[n] for n in settlement_places(s, seat)]
    return out


def _city_moves(s: "CatanState", seat: int) -> list[Action]:
    kept = s._buildings
    out = kept.get(CITY_MOVES + seat)
    if out is None:
        upgrade, city = BUILD["city"], s.city
        out = kept[CITY_MOVES + seat] = [upgrade[n] for n, o in enumerate(s.node_owner)
                                           if o == seat and not city[n]]
    return out


def spaced(s: "CatanState", n: int) -> bool:
    """A free node with no building on an adjacent node (the distance rule)."""
    owner = s.node_owner
    return owner[n] == -1 and all(owner[m] == -1 for m in NODE_NEIGHBOURS[n])


def settlement_place(s: "CatanState", seat: int, n: int) -> bool:
    return spaced(s, n) and any(s.road_owner[e] == seat for e in NODE_EDGES[n])


def rates(s: "CatanState", seat: int, r: int) -> list[int]:
    """The maritime rates ``seat`` may use to give resource ``r`` (4.4: any it is entitled
    to, the worse ones included)."""
    out = [4]
    if s.generic[seat]:
        out.append(3)
    if s.special[seat][r]:
        out.append(2)
    return out


def victims(s: "CatanState", h: int) -> list[int]:
    """The opponents of the mover with a building on hex ``h`` and a resource card."""
    found = {s.node_owner[n] for n in HEX_CORNERS[h]}
    return [p for p in sorted(found) if p >= 0 and p != s.seat and sum(s.hands[p])]


def playable(s: "CatanState", card: int) -> bool:
    """Whether the mover may play a ``card`` now, its effect possible (4.6)."""
    seat = s.seat
    if s.card_played or s.dev[seat][card] - s.new[seat][card] <= 0:
        return False
    if card == ROADBUILDING:
        return s.roads_left[seat] > 0 and bool(road_places(s, seat))
    if card == PLENTY:
        return sum(s.bank) > 0
    return card in (KNIGHT, MONOPOLY)


def plenty_choices(bank: list[int]) -> list[tuple[str, ...]]:
    if sum(bank) == 1:
        return [(RESOURCES[bank.index(1)],)]
    return [(RESOURCES[a], RESOURCES[b]) for a in range(5) for b in range(a, 5)
            if bank[a] and bank[b] and (a != b or bank[a] >= 2)]


# --- the list ---------------------------------------------------------------------------------
def actions(s: "CatanState") -> list[Action]:
    """The legal actions, in a fixed order; a new list each call (the caller may change it)."""
    return LISTS[s.phase](s)


def _chance(s: "CatanState") -> list[Action]:
    return [a for a, _ in s.chance_outcomes()]


def _nothing(s: "CatanState") -> list[Action]:
    return []


def _settle(s: "CatanState") -> list[Action]:
    return _kept(s._pieces, SETUP_MOVES, lambda s: [BUILD["settlement"][n]
                                                    for n in range(NODES) if spaced(s, n)],
                 s)[:]


def _setup_road(s: "CatanState") -> list[Action]:
    return [BUILD["road"][e] for e in NODE_EDGES[s.last_node] if s.road_owner[e] == -1]


def _preroll(s: "CatanState") -> list[Action]:
    if s.card_played or not any(s.dev[s.seat]):
        return [ROLL]
    return [ROLL, *_plays(s)]


def _discards(s: "CatanState") -> list[Action]:
    """Every way to discard half the hand (rounded down), kept per hand: a copy each call."""
    key = tuple(s.hands[s.queue[0]])
    out = _DISCARDS.table.get(key)
    if out is None:
        made = _DISCARD_OF.table
        out = _DISCARDS.put(key, [made.get(c) or _discard_of(c)
                                  for c in sub_multisets(key, sum(key) // 2)])
    return list(out)


def _discard_of(counts: tuple[int, ...]) -> Action:
    """The ``discard`` action of ``counts``, made once (at most :data:`DISCARDS_KEPT`
    kept)."""
    return _DISCARD_OF.put(counts, Action("discard", *card_list(counts)))


DISCARDS_KEPT = 4096
_DISCARD_OF: Memo[tuple[int, ...], Action] = Memo(DISCARDS_KEPT)
"""At most this many discard lists are kept (one per hand of 8 cards or more met)."""
_DISCARDS: Memo[tuple[int, ...], list[Action]] = Memo(DISCARDS_KEPT)


def _robbers(s: "CatanState") -> list[Action]:
    """Per hex but the robber's, in hex order: the robber there from each seat it may rob
    (an opponent of the mover with a building on it and a card), or alone if none."""
    seat, robber = s.seat, s.robber
    able = 0
    for p, hand in enumerate(s.hands):
        if p != seat and any(hand):
            able |= 1 << p
    moves, starts = _kept(s._buildings, ROBBER_MOVES + able,
                          lambda s: _robber_moves(s, able), s)
    return moves[:starts[robber]] + moves[starts[robber + 1]:]


def _robber_moves(s: "CatanState", able: int) -> tuple[list[Action], list[int]]:
    """The robber moves on every hex when the seats ``able`` (bits) may be robbed, and
    where each hex's moves start in that list (a last entry: its length)."""
    out: list[Action] = []
    starts = []
    marks = _kept(s._buildings, HEX_SEATS, _hex_seats, s)
    for h, moves in enumerate(ROB_BY_SEATS):
        starts.append(len(out))
        out += moves[marks[h] & able]
    starts.append(len(out))
    return out, starts


def _hex_seats(s: "CatanState") -> list[int]:
    """Per hex, the seats with a building on it (a bit per seat)."""
    marks = [0] * HEXES
    for n, o in enumerate(s.node_owner):
        if o >= 0:
            for h in NODE_HEXES[n]:
                marks[h] |= 1 << o
    return marks


ROB_BY_SEATS = [[[ROB[h][v] for v in range(4) if m >> v & 1] or [ROBBER_TO[h]]
                 for m in range(16)] for h in range(HEXES)]
"""Per hex and set of seats that may be robbed there (a bit per seat): the robber moves."""


def _roads(s: "CatanState") -> list[Action]:
    return _road_moves(s, s.seat)[:]


def _close(s: "CatanState") -> list[Action]:
    out = [TRADE_WITH[p] for p in _partners(s)]
    out.append(CANCEL)
    return out


TRADE_WITH = [Action("trade", p) for p in range(4)]


def _plays(s: "CatanState") -> list[Action]:
    """The cards the mover may play now (:func:`playable`, its tests inlined)."""
    if s.card_played:
        return []
    seat = s.seat
    dev, new = s.dev[seat], s.new[seat]
    out = []
    if dev[KNIGHT] > new[KNIGHT]:
        out.append(PLAY_KNIGHT)
    if dev[ROADBUILDING] > new[ROADBUILDING] and s.roads_left[seat] and road_places(s, seat):
        out.append(PLAY_ROADS)
    if dev[PLENTY] > new[PLENTY] and sum(s.bank) > 0:
        out += [Action("play", "plenty", *pair) for pair in plenty_choices(s.bank)]
    if dev[MONOPOLY] > new[MONOPOLY]:
        out += MONOPOLIES
    return out


def _main(s: "CatanState") -> list[Action]:
    seat = s.seat
    hand = s.hands[seat]
    lumber, brick, wool, grain, ore = hand
    out: list[Action] = []
    if lumber and brick:
        if s.roads_left[seat]:
            out += _road_moves(s, seat)
        if wool and grain and s.settlements_left[seat]:
            out += _settlement_moves(s, seat)
    if grain >= 2 and ore >= 3 and s.cities_left[seat]:
        out += _city_moves(s, seat)
    if wool and grain and ore and any(s.deck):
        out.append(BUY)
    if not s.card_played and any(s.dev[seat]):
        out += _plays(s)
    bank = s.bank
    full = all(bank)
    generic, special = s.generic[seat], s.special[seat]
    for r, held in enumerate(hand):
        if held >= 2:
            trades = MARKET[r][held if held < 4 else 4][generic + 2 * special[r]]
            if full:
                out += trades[0]
            else:
                out += [a for g, a in trades[1] if bank[g]]
    if s.offers < s.game.offers_per_turn:
        out += proposals(OFFERS, hand)
    out.append(END)
    return out


def _market(r: int, held: int, harbours: int) -> tuple[list[Action], list[tuple[int, Action]]]:
    """The maritime trades giving resource ``r`` with ``held`` cards of it (2, 3, 4 or more)
    and the harbours ``harbours`` (1: 3:1, 2: 2:1 for ``r``): as actions, and as (resource
    asked, action), rate 4 first, then 3, then 2."""
    pairs = [pair for rate in (4, 3, 2) if held >= rate and (
        rate == 4 or harbours & (1 if rate == 3 else 2)) for pair in MARITIME[r][rate]]
    return [a for _, a in pairs], pairs


MARKET = [[[_market(r, held, k) for k in range(4)] for held in range(5)] for r in range(5)]
"""Per resource given, cards held of it (0–4; 4 for more) and harbours: :func:`_market`."""


def _answers(s: "CatanState") -> list[Action]:
    """accept (if the seat holds what is asked), decline, and every counter the seat can
    pay but the offer itself (a new list each call: a search may shuffle it)."""
    hand = s.hands[s.current_player]
    give, get = s.offer  # type: ignore[misc]  # an offer is open while answering
    counters = proposals(COUNTERS, hand)
    if not affords(hand, get):
        return [DECLINE, *counters]
    # the offer itself, as a counter, is among those the hand can pay: leave it out
    i = positions(COUNTERS, hand)[MIRROR[(*give, *get)]]
    return [ACCEPT, DECLINE, *counters[:i], *counters[i + 1:]]


MIRROR = {(*give, *get): Action("counter", *card_list(get), "for", *card_list(give))
          for give in SIDES for get in SIDES if not any(g and h for g, h in zip(give, get))}
"""Per offer (the counts given, then asked), the counter that would be the offer itself."""


def _partners(s: "CatanState") -> list[int]:
    """The seats the mover may trade with on their answer: those who accepted, and those who
    countered with terms the mover can pay."""
    out = []
    hand, answers = s.hands[s.seat], s.answers
    for p in s.order:
        answer = answers.get(p)
        if answer == "accept" or (type(answer) is tuple and affords(hand, answer[1])):
            out.append(p)
    return out


LISTS = {DICE: _chance, STEAL: _chance, DRAW: _chance, BOARD: _nothing, OVER: _nothing,
         SETTLE: _settle, SETUP_ROAD: _setup_road, PREROLL: _preroll, MAIN: _main,
         DISCARD: _discards, ROBBER: _robbers, ROADS: _roads, ANSWER: _answers,
         CLOSE: _close}
"""The list of legal actions, by phase."""


# --- why not ----------------------------------------------------------------------------------
WHEN = {BOARD: words("the board must be laid first (board ...)"),
        SETTLE: words("in the set-up, place a settlement (build settlement N)"),
        SETUP_ROAD: words("in the set-up, place a road next to the settlement just placed "
                          "(build road E)"),
        DICE: words("the dice are being rolled (dice N)"),
        STEAL: words("a card is being stolen (stolen R)"),
        DRAW: words("a development card is being drawn (draw C)"),
        DISCARD: words("players discard first (discard ...)"),
        ROBBER: words("the robber must be moved first (robber H [from S])"),
        ROADS: words("place the Road Building roads first (build road E)"),
        ANSWER: words("an offer is being answered (accept, decline or counter ...)"),
        CLOSE: words("the mover closes the negotiation first (trade S or cancel)"),
        PREROLL: words("roll the dice first (or play a development card)")}
ALLOWED = {BOARD: {"board"}, SETTLE: {"build"}, SETUP_ROAD: {"build"}, DICE: {"dice"},
           STEAL: {"stolen"}, DRAW: {"draw"}, DISCARD: {"discard"}, ROBBER: {"robber"},
           ROADS: {"build"}, ANSWER: {"accept", "decline", "counter"},
           CLOSE: {"trade", "cancel"}, PREROLL: {"roll", "play"},
           MAIN: {"build", "buy", "play", "maritime", "offer", "end"}}


def why_not(s: "CatanState", action: Action) -> str | None:
    """Why ``action`` is not legal now, or None."""
    kind, phase = action[0], s.phase
    if phase == OVER:
        return words("the game is over")
    if kind not in ALLOWED[phase]:
        return WHEN.get(phase) or words("that is not allowed now")
    if kind in ("roll", "buy", "end", "accept", "decline", "cancel") and len(action) != 1:
        return words("{kind} takes nothing after it", kind=kind)
    return CHECKS[kind](s, action)


def _board(s, action):
    board = read_tokens(list(action[1:]))
    if isinstance(board, str):
        return board
    method = s.game.settings["numbers"]
    if method == "spiral" and board.numbers != spiral_numbers(board.terrain):
        return "with numbers 'spiral' the numbers follow the spiral from hex 11 (2.8)"
    if method == "random" and not reds_apart(board.numbers):
        return "with numbers 'random' no 6 or 8 may be next to another 6 or 8"
    return None


def _id(value, limit: int) -> bool:
    return type(value) is int and 0 <= value < limit


def _build(s, action):
    if len(action) != 3 or action[1] not in BUILD or not _id(action[2], len(BUILD[action[1]])):
        return words("build takes road, settlement or city and an id")
    what, i, seat, phase = action[1], action[2], s.seat, s.phase
    if phase == SETTLE:
        if what != "settlement":
            return words("in the set-up, a settlement comes first")
        return None if spaced(s, i) else _spacing(s, i)
    if phase == SETUP_ROAD:
        if what != "road":
            return words("in the set-up, a road comes next")
        if s.last_node not in EDGE_NODES[i]:
            return words("the set-up road must touch the settlement just placed (node {node})",
                         node=s.last_node)
        return None if s.road_owner[i] == -1 else words("edge {edge} already has a road", edge=i)
    if phase == ROADS and what != "road":
        return words("Road Building places roads")
    if what == "road":
        if not s.roads_left[seat]:
            return words("all 15 of your roads are on the board")
        if not road_place(s, seat, i):
            return (words("edge {edge} already has a road", edge=i) if s.road_owner[i] != -1
                    else words("edge {edge} joins none of your buildings, nor your roads at a "
                               "node free of other players' buildings", edge=i))
        return None if phase == ROADS else _pays(s, "road")
    if what == "settlement":
        if not s.settlements_left[seat]:
            return words("all 5 of your settlements are on the board: build a city first")
        if not spaced(s, i):
            return _spacing(s, i)
        if not settlement_place(s, seat, i):
            return words("node {node} touches none of your roads", node=i)
        return _pays(s, "settlement")
    if s.node_owner[i] != seat or s.city[i]:
        return words("node {node} holds no settlement of yours", node=i)
    if not s.cities_left[seat]:
        return words("all 4 of your cities are on the board")
    return _pays(s, "city")


def _spacing(s, n: int) -> str:
    if s.node_owner[n] != -1:
        return words("node {node} already has a building", node=n)
    return words("node {node} is next to a building (the distance rule)", node=n)


def _pays(s, what: str) -> str | None:
    if affords(s.hands[s.seat], COSTS[what]):
        return None
    cost, held = cards(card_list(COSTS[what])), cards(card_list(s.hands[s.seat]))
    return {"road": lambda: words("a road costs {cost}; you hold {held}", cost=cost, held=held),
            "settlement": lambda: words("a settlement costs {cost}; you hold {held}", cost=cost,
                                        held=held),
            "city": lambda: words("a city costs {cost}; you hold {held}", cost=cost, held=held),
            "card": lambda: words("a development card costs {cost}; you hold {held}", cost=cost,
                                  held=held)}[what]()


def _dice(s, action):
    ok = len(action) == 2 and type(action[1]) is int and 2 <= action[1] <= 12
    return None if ok else words("dice takes a total 2-12")


def _cards(parts) -> list[int] | str:
    """``parts`` as counts of a non-empty card list in resource order, or why not."""
    if not parts or any(p not in RES_INDEX for p in parts):
        return words("name resource cards ({names})", names=" ".join(RESOURCES))
    if list(parts) != sorted(parts, key=RES_INDEX.__getitem__):
        return words("write the cards in the order {names}", names=" ".join(RESOURCES))
    return counts_of(parts)


def _discard(s, action):
    p = s.queue[0]
    counts = _cards(action[1:])
    if isinstance(counts, str):
        return counts
    need = sum(s.hands[p]) // 2
    if sum(counts) != need:
        return words("seat {seat} discards {need} of its {n} cards", seat=p, need=need,
                     n=sum(s.hands[p]))
    return None if affords(s.hands[p], counts) else words("you do not hold those cards")


def _robber(s, action):
    ok = (len(action) == 2 or (len(action) == 4 and action[2] == "from")) and _id(action[1],
                                                                                  HEXES)
    if not ok:
        return words("robber takes a hex, and from and a seat when someone is robbed")
    h = action[1]
    if h == s.robber:
        return words("the robber must move: it stands on hex {hex}", hex=h)
    found = victims(s, h)
    if len(action) == 2:
        return (words("name the seat robbed: robber {hex} from {seats}", hex=h,
                      seats=" | ".join(map(str, found))) if found else None)
    if not _id(action[3], s.num_players) or action[3] not in found:
        if found:
            return words("seat {seat} cannot be robbed on hex {hex}; choose from {seats}",
                         seat=action[3], hex=h, seats=", ".join(map(str, found)))
        return words("seat {seat} cannot be robbed on hex {hex}; nobody can be: write robber "
                     "{hex}", seat=action[3], hex=h)
    return None


def _outcome(s, action):
    if len(action) == 2 and any(a == action for a, _ in s.chance_outcomes()):
        return None
    return words("not a possible outcome here")


def _play(s, action):
    if len(action) < 2 or action[1] not in DEV_INDEX or action[1] == "vp":
        return words("play takes knight, roadbuilding, plenty or monopoly")
    card = DEV_INDEX[action[1]]
    seat = s.seat
    if s.card_played:
        return words("one development card a turn, and one has been played")
    if s.dev[seat][card] == 0:
        return words("you hold no {card} card", card=action[1])
    if s.dev[seat][card] - s.new[seat][card] <= 0:
        return words("a {card} card bought this turn cannot be played this turn", card=action[1])
    args = action[2:]
    if card in (KNIGHT, ROADBUILDING):
        if args:
            return words("play {card} takes nothing after it", card=action[1])
        if card == ROADBUILDING and not playable(s, card):
            return words("no road can be placed (none left in the supply, or no free edge)")
        return None
    if card == MONOPOLY:
        return None if len(args) == 1 and args[0] in RES_INDEX else words("name one resource")
    if tuple(args) not in plenty_choices(s.bank):
        return (words("the bank is empty") if not sum(s.bank) else
                words("take two resources the bank holds, in resource order "
                      "(one only when the bank has one card)"))
    return None


def _maritime(s, action):
    if "for" not in action:
        return words("maritime R R [R [R]] for R")
    give, get = sides(action)
    g = [r for r in range(5) if give[r]]
    if len(g) != 1 or sum(get) != 1 or list(action[1:]) != [*card_list(give), "for",
                                                             *card_list(get)]:
        return words("maritime gives 2, 3 or 4 cards of one resource for one other card")
    r, rate = g[0], give[g[0]]
    if get[r]:
        return words("a maritime trade asks for another resource than it gives")
    if rate not in rates(s, s.seat, r):
        return words("you have no harbour for {rate}:1 with {resource}; your rates are {rates}",
                     rate=rate, resource=resource(RESOURCES[r]),
                     rates=", ".join(f"{k}:1" for k in rates(s, s.seat, r)))
    if s.hands[s.seat][r] < rate:
        return words("you hold {n} {resource}", n=s.hands[s.seat][r],
                     resource=resource(RESOURCES[r]))
    g2 = get.index(1)
    return None if s.bank[g2] else words("the bank has no {resource}",
                                         resource=resource(RESOURCES[g2]))


def _proposal(action) -> tuple[list[int], list[int]] | str:
    """The counts given and asked by an offer or counter, or why it is malformed; kept per
    well-formed action (a few thousand: the checked path reads each many times)."""
    try:
        kept = _TERMS.table.get(action)
    except TypeError:                       # a part that is no notation at all
        return _read_proposal(action)
    if kept is not None:
        return kept
    terms = _read_proposal(action)
    if not isinstance(terms, str):
        _TERMS.put(action, terms)
    return terms


TERMS_KEPT = 20_000
_TERMS: Memo[Action, tuple[list[int], list[int]]] = Memo(TERMS_KEPT)


def _read_proposal(action) -> tuple[list[int], list[int]] | str:
    if action.count("for") != 1:
        return words("{kind} R... for R...", kind=action[0])
    i = action.index("for")
    give, get = _cards(action[1:i]), _cards(action[i + 1:])
    if isinstance(give, str) or isinstance(get, str):
        return give if isinstance(give, str) else get  # type: ignore[return-value]
    if sum(give) > MAX_SIDE or sum(get) > MAX_SIDE:
        return words("at most {n} cards on each side (platform limit)", n=MAX_SIDE)
    if any(a and b for a, b in zip(give, get)):
        return words("no resource on both sides of a trade")
    return give, get


def _offer(s, action):
    terms = _proposal(action)
    if isinstance(terms, str):
        return terms
    if s.offers >= s.game.settings["offers_per_turn"]:
        return words("no more offers this turn ({n} a turn)", n=s.game.settings["offers_per_turn"])
    return (None if affords(s.hands[s.seat], terms[0])
            else words("you do not hold the cards offered"))


def _counter(s, action):
    terms = _proposal(action)
    if isinstance(terms, str):
        return terms
    give, get = s.offer
    if terms == (get, give):
        return words("that is the offer itself: accept it")
    return (None if affords(s.hands[s.current_player], terms[0])
            else words("you do not hold the cards you would give"))


def _accept(s, action):
    return (None if affords(s.hands[s.current_player], s.offer[1])
            else words("you do not hold the cards asked for"))


def _trade(s, action):
    if len(action) != 2 or not _id(action[1], s.num_players):
        return words("trade takes a seat")
    if action[1] not in _partners(s):
        answer = s.answers.get(action[1])
        if isinstance(answer, tuple):
            return words("you do not hold the cards seat {seat} asks for", seat=action[1])
        return words("seat {seat} neither accepted nor countered", seat=action[1])
    return None


def _none(s, action):
    return None


CHECKS = {"board": _board, "build": _build, "roll": _none, "dice": _dice,
          "discard": _discard, "robber": _robber, "stolen": _outcome, "draw": _outcome,
          "buy": lambda s, a: (None if sum(s.deck) else words("the development deck is empty"))
          if affords(s.hands[s.seat], COSTS["card"]) else _pays(s, "card"),
          "play": _play, "maritime": _maritime, "offer": _offer, "counter": _counter,
          "accept": _accept, "decline": _none, "trade": _trade, "cancel": _none, "end": _none}
