"""What a legal action does: the state changes and the events they leave, by action kind."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.memo import Memo

from . import words
from .board import (EDGE_NODES, HEX_CORNERS, NODE_EDGES, NODE_HARBOUR, NODE_HEXES,
                    NODE_NEIGHBOURS, RES_INDEX, RESOURCES)
from .legal import (CITY_MOVES, COSTS, ROAD_MOVES, SETTLEMENT_MOVES, SETUP_MOVES,
                    road_places)
from .notation import DEV_INDEX, KNIGHT, PLENTY, ROADBUILDING, VP, counts_of
from .phases import (ANSWER, CLOSE, DICE, DISCARD, DRAW, MAIN, OVER, PREROLL, ROADS, ROBBER,
                     SETTLE, SETUP, SETUP_ROAD, STEAL)
from .roads import length_with, longest_holder, road_length
from .trade import sides

if TYPE_CHECKING:
    from ...core.action import Action
    from .rules import CatanState

WIN = 10
ARMY_MIN = 3


SCORING = frozenset({"build", "draw", "play", "end"})
"""The actions after which the mover's points can be 10 (a building, Longest Road, a
victory point card drawn, Largest Army, or a turn beginning with 10): the only ones the
win test (5.3) needs to follow; every other action leaves every seat's points as they were."""


def apply(s: "CatanState", action: "Action") -> None:
    kind = action[0]
    KINDS[kind](s, action)
    if kind in SCORING and s.phase not in SETUP and s.phase != OVER and \
            s.points(s.seat) >= WIN:
        _win(s)


# --- the set-up and building ----------------------------------------------------------------
def _board(s, action) -> None:
    board = s.board_of(action)
    s._lay(board)
    s.emit("board", words.board, board=str(board))


def _build(s, action) -> None:
    what, i, seat, phase = action[1], action[2], s.seat, s.phase
    said = partial(words.build, s.layout.map)       # the words name the place by its hexes
    if phase == MAIN:
        _pay(s, seat, COSTS[what])
    _forget(s, what, seat, i)
    if what == "road":
        s.road_owner[i] = seat
        s.roads_left[seat] -= 1
        s.emit("build", said, seat=seat, piece="road", id=i,
               nodes=list(EDGE_NODES[i]))
    elif what == "settlement":
        s.node_owner[i] = seat
        s.settlements_left[seat] -= 1
        slot = NODE_HARBOUR[i]
        if slot >= 0:
            kind = s.layout.map.harbours[slot]
            if kind == "any":
                s.generic[seat] = True
            else:
                s.special[seat][RES_INDEX[kind]] = True
        s.emit("build", said, seat=seat, piece="settlement", id=i, points=1,
               owners=[seat])
    else:
        s.city[i] = True
        s.cities_left[seat] -= 1
        s.settlements_left[seat] += 1
        s.emit("build", said, seat=seat, piece="city", id=i, points=1, owners=[seat])
    if what == "road":
        _longest_road(s, (seat,), i)
    elif what == "settlement":
        _longest_road(s, _cut(s, seat, i))
    if phase == SETTLE:
        s.last_node = i
        s.phase = SETUP_ROAD
        if s.step >= s.num_players:
            _setup_income(s, seat, i)
        return
    if phase == SETUP_ROAD:
        _next_placer(s)
        return
    if phase == ROADS:
        s.free_roads -= 1
        if not s.free_roads or not s.roads_left[seat] or not road_places(s, seat):
            s.free_roads = 0
            _back(s)


def _forget(s, what: str, seat: int, i: int) -> None:
    """Forget what ``seat``'s new piece ``what`` on ``i`` changes of what the state keeps
    (:meth:`.rules.CatanState.refresh`), in new dicts (clones share the old ones):
    - a road: the builder's road places, road and settlement moves, and the road places
      and moves of a seat that could have built on that edge (nothing else: a road blocks
      no node, and other seats' settlement places need their own roads);
    - a settlement: every place and move but the set-up's places, which lose the node and
      its neighbours; the hexes' seats and robber moves; the production of its hexes'
      numbers; the builder's city moves;
    - a city: the builder's city moves and the production of its hexes' numbers."""
    if what == "road":
        pieces = dict(s._pieces)
        for key in (seat, ROAD_MOVES + seat, SETTLEMENT_MOVES + seat):
            pieces.pop(key, None)
        for p in range(s.num_players):
            places = pieces.get(p)
            if places is not None and i in places:
                del pieces[p]
                pieces.pop(ROAD_MOVES + p, None)
        s._pieces = pieces
        return
    if what == "settlement":
        setup = s._pieces.get(SETUP_MOVES)
        s._pieces = {}
        if setup is not None:
            gone = NODE_NEIGHBOURS[i] + (i,)
            s._pieces[SETUP_MOVES] = [a for a in setup if a[2] not in gone]
        s._buildings = {}
    else:
        s._buildings = {k: v for k, v in s._buildings.items() if k != CITY_MOVES + seat}
    numbers = s.layout.map.numbers
    changed = {numbers[h] for h in NODE_HEXES[i]}
    s._yields = {k: v for k, v in s._yields.items() if k >> 5 not in changed}


def _setup_income(s, seat: int, node: int) -> None:
    got = [0] * 5
    for h in NODE_HEXES[node]:
        r = s.layout.resource[h]
        if r >= 0 and s.bank[r]:
            got[r] += 1
            s.bank[r] -= 1
            s.hands[seat][r] += 1
    s.emit("production", words.income, seat=seat, cards={RESOURCES[r]: n for r, n in
                                                         enumerate(got) if n})


def _next_placer(s) -> None:
    s.step += 1
    s.turns += 1
    n = s.num_players
    if s.step == 2 * n:
        s.seat = 0
        s.phase = PREROLL
        return
    s.seat = s.step if s.step < n else 2 * n - 1 - s.step
    s.phase = SETTLE


def _cut(s, seat: int, node: int) -> tuple[int, ...]:
    """The other seats a settlement of ``seat`` on ``node`` may cut: those with two or more
    roads there (a trail may still end at the node, so one road loses nothing)."""
    roads = s.road_owner
    owners = [roads[e] for e in NODE_EDGES[node] if roads[e] >= 0 and roads[e] != seat]
    return tuple({p for p in owners if owners.count(p) > 1})


def _longest_road(s, changed: tuple[int, ...], road: int = -1) -> None:
    """Recompute the road lengths of the ``changed`` seats (the only ones a road or a
    settlement can change; after a new ``road``, from its part of the roads only) and pass
    the card by 5.1."""
    lengths = list(s.road_len)
    for p in changed:
        lengths[p] = (road_length(s.road_owner, s.node_owner, p) if road < 0 else
                      length_with(s.road_owner, s.node_owner, p, road, lengths[p]))
    s.road_len = lengths
    if not changed:
        return
    old = s.longest
    new = longest_holder(lengths, old)
    if new == old:
        return
    s.longest = new
    if old >= 0:
        s.emit("longest road", words.longest_lost, seat=old, to=new, points=-2, owners=[old])
    if new >= 0:
        s.emit("longest road", words.longest_won, seat=new, length=lengths[new], points=2,
               owners=[new])


def _pay(s, seat: int, cost) -> None:
    hand, bank = s.hands[seat], s.bank
    for r in range(5):
        hand[r] -= cost[r]
        bank[r] += cost[r]


# --- the roll and the robber ------------------------------------------------------------------
def _roll(s, action) -> None:
    s.rolled = True
    s.phase = DICE


def _dice(s, action) -> None:
    total = action[1]
    s.dice = total
    if total == 7:
        s.emit("dice", words.dice, seat=s.seat, total=7)
        n = s.num_players
        s.queue = [p for p in ((s.seat + k) % n for k in range(n)) if sum(s.hands[p]) > 7]
        s.phase = DISCARD if s.queue else ROBBER
        return
    s.emit("dice", words.dice, seat=s.seat, total=total)
    _produce(s, total)
    s.phase = MAIN


def _produce(s, total: int) -> None:
    """Pay each seat its cards for ``total`` (4.2), as :func:`_owed` plans them: a plan
    kept in ``s._yields`` (until a settlement or city on a hex of that number) under 32 ×
    the total, plus the robber's hex + 1 when the robber stands on a hex of that total."""
    robber = s.robber
    key = total << 5 | (robber + 1 if robber in s.layout.producing[total] else 0)
    plan = s._yields.get(key)
    if plan is None:
        plan = s._yields[key] = _owed(s, total)
    owed, paid = plan
    bank, hands = s.bank, s.hands
    for r, name, need, due in owed:
        if need > bank[r]:                       # the bank runs short (4.2)
            _produce_short(s, total, owed)
            return
    for r, name, need, due in owed:
        bank[r] -= need
        for p, k in due:
            hands[p][r] += k
    for p, cards in paid:                        # the same data each time: nobody changes it
        s.emit("production", words.production, seat=p, total=total, cards=cards)


def _produce_short(s, total: int, owed) -> None:
    """:func:`_produce` when the bank cannot pay every resource in full."""
    got: dict[int, dict[str, int]] = {}
    short = []
    bank, hands = s.bank, s.hands
    for r, name, need, due in owed:
        if need > bank[r]:
            short.append(name)
            if len(due) > 1 or not bank[r]:
                continue
            due = ((due[0][0], bank[r]),)        # the one player owed takes what is left
        for p, k in due:
            hands[p][r] += k
            bank[r] -= k
            cards = got.get(p)
            if cards is None:
                got[p] = {name: k}
            else:
                cards[name] = k
    for p in sorted(got):
        s.emit("production", words.production, seat=p, total=total, cards=got[p])
    if short:
        s.emit("shortage", words.shortage, resources=short)


def _owed(s, total: int) -> tuple[list, list]:
    """What ``total`` pays with the robber where it stands: per resource in resource order
    (resource, its name, the cards owed in all, ((seat, cards owed), ...) in seat order),
    and per seat paid in seat order (seat, {resource name: cards}) when the bank pays all."""
    owner, city, robber = s.node_owner, s.city, s.robber
    owed: dict[int, list[int]] = {}                # per resource: cards owed per seat
    for h, r, corners in s.layout.yields[total]:
        if h != robber:
            for node in corners:
                p = owner[node]
                if p >= 0:
                    due = owed.get(r)
                    if due is None:
                        due = owed[r] = [0] * s.num_players
                    due[p] += 2 if city[node] else 1
    plan = [(r, RESOURCES[r], sum(owed[r]), tuple((p, k) for p, k in enumerate(owed[r]) if k))
            for r in sorted(owed)]
    got: dict[int, dict[str, int]] = {}
    for r, name, _, paid in plan:
        for p, k in paid:
            got.setdefault(p, {})[name] = k
    return plan, [(p, got[p]) for p in sorted(got)]


def _discard(s, action) -> None:
    p = s.queue.pop(0)
    counts = counts_of(action[1:])
    _pay(s, p, counts)
    s.emit("discard", words.discard, seat=p, cards=list(action[1:]))
    if not s.queue:
        s.phase = ROBBER


def _robber(s, action) -> None:
    s.robber = action[1]
    said = partial(words.robber, s.layout.map)
    if len(action) == 4:
        s.victim = action[3]
        s.phase = STEAL
        s.emit("robber", said, seat=s.seat, hex=action[1], victim=action[3])
        return
    s.emit("robber", said, seat=s.seat, hex=action[1], victim=None)
    _back(s)


def _stolen(s, action) -> None:
    r = RES_INDEX[action[1]]
    s.hands[s.victim][r] -= 1
    s.hands[s.seat][r] += 1
    s.steal = (s.seat, s.victim, action[1])
    s.emit("stolen", words.stolen, seat=s.seat, victim=s.victim)   # the type is not public
    s.victim = -1
    _back(s)


def _back(s) -> None:
    """Back to the turn after an effect: before or after the roll."""
    s.phase = MAIN if s.rolled else PREROLL


# --- development cards ------------------------------------------------------------------------
def _buy(s, action) -> None:
    _pay(s, s.seat, COSTS["card"])
    s.phase = DRAW


def _draw(s, action) -> None:
    c = DEV_INDEX[action[1]]
    s.deck[c] -= 1
    s.dev[s.seat][c] += 1
    s.new[s.seat][c] += 1
    s.emit("bought", words.bought, seat=s.seat, left=sum(s.deck))
    s.phase = MAIN


def _play(s, action) -> None:
    seat, card = s.seat, DEV_INDEX[action[1]]
    s.dev[seat][card] -= 1
    s.played[seat][card] += 1
    s.card_played = True
    if card == KNIGHT:
        s.emit("played", words.played, seat=seat, card="knight")
        _largest_army(s, seat)
        s.phase = ROBBER
    elif card == ROADBUILDING:
        s.emit("played", words.played, seat=seat, card="roadbuilding")
        s.free_roads = 2
        s.phase = ROADS
    elif card == PLENTY:
        for r in action[2:]:
            s.bank[RES_INDEX[r]] -= 1
            s.hands[seat][RES_INDEX[r]] += 1
        s.emit("played", words.played, seat=seat, card="plenty", cards=list(action[2:]))
    else:
        r = RES_INDEX[action[2]]
        taken = {}
        for p in range(s.num_players):
            if p != seat and s.hands[p][r]:
                taken[p] = s.hands[p][r]
                s.hands[seat][r] += s.hands[p][r]
                s.hands[p][r] = 0
        s.emit("played", words.played, seat=seat, card="monopoly", resource=action[2],
               taken={str(p): k for p, k in taken.items()})


def _largest_army(s, seat: int) -> None:
    knights = s.played[seat][KNIGHT]
    holder = s.army
    if knights >= ARMY_MIN and holder != seat and (
            holder < 0 or knights > s.played[holder][KNIGHT]):
        s.army = seat
        if holder >= 0:
            s.emit("largest army", words.army_lost, seat=holder, to=seat, points=-2,
                   owners=[holder])
        s.emit("largest army", words.army_won, seat=seat, knights=knights, points=2,
               owners=[seat])


# --- trade ------------------------------------------------------------------------------------
def _maritime(s, action) -> None:
    terms = MARITIME_TERMS.table.get(action)
    if terms is None:
        terms = MARITIME_TERMS.put(action, _maritime_terms(action))
    r, rate, g, gave, got = terms
    hand, bank = s.hands[s.seat], s.bank
    hand[r] -= rate
    hand[g] += 1
    bank[r] += rate
    bank[g] -= 1
    s.emit("maritime", words.maritime, seat=s.seat, gave=list(gave), got=list(got))


def _maritime_terms(action) -> tuple[int, int, int, tuple[str, ...], tuple[str, ...]]:
    """A legal maritime trade's terms: the resource given, how many, the resource got,
    and the cards given and got as written."""
    i = action.index("for")
    return (RES_INDEX[action[1]], i - 1, RES_INDEX[action[i + 1]], tuple(action[1:i]),
            tuple(action[i + 1:]))


MARITIME_TERMS: Memo[Action, tuple] = Memo(256)
"""The terms of each maritime trade applied (5 × 4 × 3 of them in all), by action."""


def _offer(s, action) -> None:
    s.offers += 1
    s.offer = sides(action)
    n = s.num_players
    s.order = [(s.seat + k) % n for k in range(1, n)]
    s.answers = {}
    s.phase = ANSWER


def _answer(s, action) -> None:
    p = s.current_player
    if action[0] == "counter":
        s.answers[p] = sides(action)
    else:
        s.answers[p] = action[0]
    if len(s.answers) == len(s.order):
        if all(a == "decline" for a in s.answers.values()):
            _close(s)
        else:
            s.phase = CLOSE


def _trade(s, action) -> None:
    p, seat = action[1], s.seat
    answer = s.answers[p]
    give, get = s.offer if answer == "accept" else (answer[1], answer[0])
    for r in range(5):
        s.hands[seat][r] += get[r] - give[r]
        s.hands[p][r] += give[r] - get[r]
    s.emit("trade", words.trade, seat=seat, partner=p, gave=_names(give), got=_names(get))
    _close(s)


def _cancel(s, action) -> None:
    _close(s)


def _close(s) -> None:
    s.offer, s.answers, s.order = None, {}, []
    s.phase = MAIN


def _names(counts) -> list[str]:
    return [r for r, n in zip(RESOURCES, counts) for _ in range(n)]


# --- the end of a turn, and of the game -------------------------------------------------------
def _end(s, action) -> None:
    old = s.seat
    s.new[old] = [0] * 5
    s.seat = (old + 1) % s.num_players
    s.turns += 1
    s.rolled = s.card_played = False
    s.offers = 0
    s.dice = 0
    s.steal = None
    s.phase = PREROLL


def _win(s) -> None:
    s.winner = s.seat
    s.phase = OVER
    for p in range(s.num_players):
        vp = s.dev[p][VP]
        if vp:
            s.emit("revealed", words.revealed, seat=p, cards=vp, points=vp, owners=[p])
    s.emit("win", words.win, seat=s.seat, points=s.points(s.seat))


KINDS = {"board": _board, "build": _build, "roll": _roll, "dice": _dice, "discard": _discard,
         "robber": _robber, "stolen": _stolen, "buy": _buy, "draw": _draw, "play": _play,
         "maritime": _maritime, "offer": _offer, "accept": _answer, "decline": _answer,
         "counter": _answer, "trade": _trade, "cancel": _cancel, "end": _end}
