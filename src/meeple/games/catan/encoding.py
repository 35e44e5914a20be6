"""The Catan encoding: a fixed numbering of every seat action and the view as arrays.

Action numbering
----------------
The same for 3 and 4 players and every option. Blocks, in this order (``r``, ``g``: a
resource's rank in ``lumber brick wool grain ore``; ``S`` a seat 0–3):

=============  ====================================================  ======  ==========
block          actions                                               count   first
=============  ====================================================  ======  ==========
road           ``build road E``                                          72       0
settlement     ``build settlement N``                                    54      72
city           ``build city N``                                          54     126
bare           ``roll buy end accept decline cancel``                     6     180
robber         ``robber H`` (nobody robbed)                              19     186
robber from    ``robber H from S``: ``205 + 4 H + S``                    76     205
play           ``play knight``, ``play roadbuilding``                     2     281
plenty         ``play plenty R R`` (15 pairs in order), then the five    20     283
               ``play plenty R`` (the bank holds one card)
monopoly       ``play monopoly R``                                        5     303
maritime       ``maritime`` rate ×{2,3,4}, ``r`` for ``g`` ≠ ``r``:       60     308
               ``308 + 20 (rate − 2) + 4 r + (g − (g > r))``
offer          every ``offer GIVE for GET`` the platform allows (1–3   1,170    368
               cards a side, no resource on both), in :mod:`.trade`'s
               table order
counter        the same terms as ``counter``                          1,170  1,538
trade          ``trade S``                                                4  2,708
discard        ``discard ...``: the rank of the discarded counts     95,875  2,712
               ``(d_lumber .. d_ore)`` among all five-part counts of
               the same total ``k`` (each part 0–19) in lexicographic
               order; ``k`` is the discarding seat's half hand
=============  ====================================================  ======  ==========

``size = 98,587``. A discard's index is read against the state (``k`` is public: the
view's ``to_discard``); every other index names the same action in every state. The
discard block is that large because a hand may hold up to 95 cards; in play a discard
takes 4–10 cards, the first 1,001 indices of the block. Chance outcomes (``board``,
``dice``, ``stolen``, ``draw``) have no index.

Observation arrays
------------------
Built from ``state.view(seat)`` alone. ``P`` is the number of players; seat axes are
rotated so that row 0 is the observing seat, row 1 the next in turn order, and so on.
Resources in the order above; development cards ``knight roadbuilding plenty monopoly vp``.

====================  ==========  =======  ================================================
name                  shape       dtype    values
====================  ==========  =======  ================================================
``terrain``           (19, 6)     int8     one-hot ``forest hills pasture fields
                                           mountains desert`` per hex (all 0 before the
                                           board is laid)
``numbers``           (19, 11)    int8     one-hot number token 2–12 per hex (none: desert)
``robber``            (19,)       int8     1 on the robber's hex
``harbours``          (9, 6)      int8     one-hot ``any lumber brick wool grain ore`` per
                                           harbour slot 0–8
``settlements``       (P, 54)     int8     1 where the seat has a settlement
``cities``            (P, 54)     int8     1 where the seat has a city
``roads``             (P, 72)     int8     1 where the seat has a road
``bank``              (5,)        int8     the bank's cards of each resource (0–19)
``deck``              (1,)        int8     development cards left (0–25)
``hand``              (5,)        int8     the observer's resource cards (0–19 each)
``dev``               (5,)        int8     the observer's development cards by type
``new_dev``           (5,)        int8     of those, bought this turn
``cards``             (P,)        int8     each seat's resource cards in hand (0–95)
``dev_cards``         (P,)        int8     each seat's development cards in hand
``played``            (P, 5)      int8     development cards each seat has played
``pieces``            (P, 3)      int8     roads, settlements, cities each seat has left
``road_length``       (P,)        int8     each seat's longest road (0–15)
``points``            (P,)        int8     visible points (the observer's own: true)
``special``           (P, 2)      int8     1 where the seat holds Longest Road, Largest Army
``harbour_use``       (P, 6)      int8     the harbours each seat may use (``any`` then each
                                           resource)
``phase``             (13,)       int8     one-hot phase (:data:`PHASES`)
``to_move``           (P,)        int8     one-hot of the seat to move (none: chance, end)
``mover``             (P,)        int8     one-hot of the seat whose turn it is
``dice``              (11,)       int8     one-hot total 2–12 of the last roll (none yet)
``flags``             (3,)        int8     rolled this turn, a card played this turn,
                                           offers made this turn
``setup_node``        (54,)       int8     1 on the node the set-up road must touch
``discard``           (P,)        int8     cards each seat still has to discard
``free_roads``        (1,)        int8     Road Building roads still to place
``offer``             (2, 5)      int8     an open offer: the mover gives row 0 for row 1
``answers``           (P, 4)      int8     per seat: not yet, accepted, declined, countered
``counters``          (P, 2, 5)   int8     a seat's counter: it gives row 0 for row 1
``stolen``            (5,)        int8     the last stolen card, where the observer may see
                                           it (thief or victim)
``turn``              (1,)        float32  the turn counter
====================  ==========  =======  ================================================
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from ...core.action import Action
from ...core.encoding import Encoding
from .board import EDGES, HEXES, NODES, RES_INDEX, RESOURCES, TERRAINS
from .legal import BUILD, MONOPOLIES, PLAY_KNIGHT, PLAY_ROADS
from .notation import DEV_CARDS
from .phases import (
    ANSWER,
    BOARD,
    CLOSE,
    DICE,
    DISCARD,
    DRAW,
    MAIN,
    OVER,
    PREROLL,
    ROADS,
    ROBBER,
    SETTLE,
    SETUP_ROAD,
    STEAL,
)
from .trade import COUNTERS, OFFERS

if TYPE_CHECKING:
    from ...core.game import Game
    from .rules import CatanState

PHASES = (BOARD, SETTLE, SETUP_ROAD, PREROLL, DICE, DISCARD, ROBBER, STEAL, MAIN, DRAW, ROADS,
          ANSWER, CLOSE)
"""The phases in the order of the ``phase`` array (``over``: all zero)."""
BARE = ("roll", "buy", "end", "accept", "decline", "cancel")
PART = 19
"""The most cards of one resource (so of one resource in a discard)."""
HARBOUR_KINDS = ("any", *RESOURCES)


def _compositions() -> list[list[int]]:
    """``ways[m][s]``: how many ``m``-part counts (each 0–19) add up to ``s``."""
    ways = [[1] + [0] * (5 * PART)]
    for _ in range(5):
        prev = ways[-1]
        ways.append([sum(prev[s - v] for v in range(PART + 1) if 0 <= s - v)
                     for s in range(5 * PART + 1)])
    return ways


WAYS = _compositions()
DISCARD_SIZE = max(WAYS[5])
"""The most discards of one total: 95,875 (a total of 47)."""


def discard_rank(counts: list[int] | tuple[int, ...]) -> int:
    """The rank of ``counts`` among the five-part counts of its total, lexicographically."""
    left, rank = sum(counts), 0
    for i, d in enumerate(counts[:4]):
        rest = 4 - i
        rank += sum(WAYS[rest][left - v] for v in range(d) if left - v >= 0)
        left -= d
    return rank


def discard_counts(rank: int, total: int) -> list[int] | None:
    """The five-part counts of ``total`` at ``rank`` (:func:`discard_rank`), or None."""
    if not 0 <= total <= 5 * PART or not 0 <= rank < WAYS[5][total]:
        return None
    out, left = [], total
    for i in range(4):
        rest = 4 - i
        for v in range(PART + 1):
            n = WAYS[rest][left - v] if left - v >= 0 else 0
            if rank < n:
                out.append(v)
                left -= v
                break
            rank -= n
    out.append(left)
    return out


def action_table() -> list[Action]:
    """Every action of the numbering but the discards, at its index."""
    table: list[Action] = [*BUILD["road"], *BUILD["settlement"], *BUILD["city"]]
    table += [Action(k) for k in BARE]
    table += [Action("robber", h) for h in range(HEXES)]
    table += [Action("robber", h, "from", s) for h in range(HEXES) for s in range(4)]
    table += [PLAY_KNIGHT, PLAY_ROADS]
    table += [Action("play", "plenty", a, b)
              for a, b in combinations_with_replacement(RESOURCES, 2)]
    table += [Action("play", "plenty", r) for r in RESOURCES]
    table += MONOPOLIES
    table += [Action("maritime", *(r,) * rate, "for", g) for rate in (2, 3, 4)
              for r in RESOURCES for g in RESOURCES if g != r]
    table += [a for _, actions in OFFERS for a in actions]
    table += [a for _, actions in COUNTERS for a in actions]
    table += [Action("trade", s) for s in range(4)]
    return table


class CatanEncoding(Encoding["CatanState"]):
    """The fixed action numbering and the observation arrays of Catan."""

    def __init__(self, game: Game):
        super().__init__(game)
        self.players = game.players
        self.actions = action_table()
        self.discard_start = len(self.actions)
        self.size = self.discard_start + DISCARD_SIZE
        self._index = {a: i for i, a in enumerate(self.actions)}
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self._spaces = self._make_spaces()
        self._blank = {name: (space.shape, space.dtype) for name, space in self._spaces.items()}

    # --- actions --------------------------------------------------------------------------
    def index(self, state: CatanState, action: Action) -> int:
        if action[:1] == ("discard",):
            names = action[1:]
            if not names or any(n not in RES_INDEX for n in names):
                raise ValueError(f"the Catan numbering has no index for {action!r}")
            counts = [0] * 5
            for n in names:
                counts[RES_INDEX[n]] += 1
            if any(c > PART for c in counts):
                raise ValueError(f"{action!r} discards more than {PART} of a resource")
            return self.discard_start + discard_rank(counts)
        try:
            i = self._index.get(action)
        except TypeError:
            i = None
        if i is None or any(type(a) is not type(b) for a, b in zip(action, self.actions[i])):
            raise ValueError(f"the Catan numbering has no index for {action!r}")
        return i

    def action(self, state: CatanState, index: int) -> Action | None:
        i = int(index)
        if 0 <= i < self.discard_start:
            return self.actions[i]
        if not self.discard_start <= i < self.size or state.phase != DISCARD:
            return None
        total = sum(state.hands[state.current_player]) // 2
        counts = discard_counts(i - self.discard_start, total)
        if counts is None:
            return None
        return Action("discard", *(r for r, n in zip(RESOURCES, counts) for _ in range(n)))

    def legal(self, state: CatanState) -> dict[int, Action]:
        if state.current_player < 0:
            return {}
        index, table = self._index, self.index
        out = {}
        for action in state.legal_actions():
            i = index.get(action)
            out[table(state, action) if i is None else i] = action
        return out

    # --- observations ---------------------------------------------------------------------
    def observation_spaces(self) -> dict[str, spaces.Box]:
        return dict(self._spaces)

    def _make_spaces(self) -> dict[str, spaces.Box]:
        p = self.players

        def box(shape, high, dtype=np.int8):
            return spaces.Box(0, high, shape, dtype)
        return {
            "terrain": box((HEXES, 6), 1), "numbers": box((HEXES, 11), 1),
            "robber": box((HEXES,), 1), "harbours": box((9, 6), 1),
            "settlements": box((p, NODES), 1), "cities": box((p, NODES), 1),
            "roads": box((p, EDGES), 1), "bank": box((5,), 19), "deck": box((1,), 25),
            "hand": box((5,), 19), "dev": box((5,), 14), "new_dev": box((5,), 14),
            "cards": box((p,), 95), "dev_cards": box((p,), 25), "played": box((p, 5), 14),
            "pieces": box((p, 3), 15), "road_length": box((p,), 15), "points": box((p,), 12),
            "special": box((p, 2), 1), "harbour_use": box((p, 6), 1),
            "phase": box((len(PHASES),), 1), "to_move": box((p,), 1), "mover": box((p,), 1),
            "dice": box((11,), 1), "flags": box((3,), 10), "setup_node": box((NODES,), 1),
            "discard": box((p,), 47), "free_roads": box((1,), 2), "offer": box((2, 5), 3),
            "answers": box((p, 4), 1), "counters": box((p, 2, 5), 3), "stolen": box((5,), 1),
            "turn": spaces.Box(0, np.inf, (1,), np.float32),
        }

    def observe(self, view: dict, seat: int) -> dict[str, np.ndarray]:
        p = self.players
        obs = {name: np.zeros(shape, dtype) for name, (shape, dtype) in self._blank.items()}

        def row(s: int) -> int:
            return (s - seat) % p

        board = view["board"]
        if board is not None:
            for h, hx in enumerate(board["hexes"]):
                obs["terrain"][h, TERRAINS.index(hx["terrain"])] = 1
                if hx["number"]:
                    obs["numbers"][h, hx["number"] - 2] = 1
            for slot, kind in enumerate(board["harbours"]):
                obs["harbours"][slot, HARBOUR_KINDS.index(kind)] = 1
        if view["robber"] is not None:
            obs["robber"][view["robber"]] = 1
        for n, s, kind in view["buildings"]:
            obs["cities" if kind == "city" else "settlements"][row(s), n] = 1
        for e, s in view["roads"]:
            obs["roads"][row(s), e] = 1
        obs["bank"][:] = [view["bank"][r] for r in RESOURCES]
        obs["deck"][0] = view["deck"]
        for info in view["seats"]:
            r = row(info["seat"])
            obs["cards"][r] = info["cards"]
            obs["dev_cards"][r] = info["dev_cards"]
            obs["played"][r] = [info["played"].get(c, 0) for c in DEV_CARDS]
            pieces = info["pieces"]
            obs["pieces"][r] = [pieces["roads"], pieces["settlements"], pieces["cities"]]
            obs["road_length"][r] = info["road_length"]
            obs["points"][r] = info["points"]
            obs["special"][r] = [view["longest_road"] == info["seat"],
                                 view["largest_army"] == info["seat"]]
            for h in info["harbours"]:
                obs["harbour_use"][r, HARBOUR_KINDS.index(h.split()[0].replace("3:1", "any"))] = 1
            if "hand" in info and info["seat"] == seat:
                obs["hand"][:] = [info["hand"].get(x, 0) for x in RESOURCES]
                obs["dev"][:] = [info["dev"].get(c, 0) for c in DEV_CARDS]
                obs["new_dev"][:] = [info["new_dev"].get(c, 0) for c in DEV_CARDS]
        if view["phase"] in self._phase:
            obs["phase"][self._phase[view["phase"]]] = 1
        if view["current_player"] >= 0:
            obs["to_move"][row(view["current_player"])] = 1
        if view["phase"] != OVER:
            obs["mover"][row(view["mover"])] = 1
        if view["dice"]:
            obs["dice"][view["dice"] - 2] = 1
        obs["flags"][:] = [view["rolled"], view["card_played"], view["offers_made"]]
        if view.get("setup_node") is not None:
            obs["setup_node"][view["setup_node"]] = 1
        for s, n in view["to_discard"]:
            obs["discard"][row(s)] = n
        obs["free_roads"][0] = view["free_roads"]
        deal = view["negotiation"]
        if deal:
            for side, key in enumerate(("gives", "asks")):
                for name in deal[key]:
                    obs["offer"][side, RES_INDEX[name]] += 1
            for s, answer in deal["answers"].items():
                r = row(int(s))
                if isinstance(answer, str):
                    obs["answers"][r, 1 if answer == "accept" else 2] = 1
                    continue
                obs["answers"][r, 3] = 1
                for side, key in enumerate(("gives", "asks")):
                    for name in answer["counter"][key]:
                        obs["counters"][r, side, RES_INDEX[name]] += 1
            for s in deal["order"]:
                if str(s) not in deal["answers"]:
                    obs["answers"][row(s), 0] = 1
        steal = view["steal"]
        if steal and "card" in steal and steal["card"] is not None:
            obs["stolen"][RES_INDEX[steal["card"]]] = 1
        obs["turn"][0] = view["turn"]
        return obs

    def describe(self) -> dict[str, str]:
        """The first line of each array's row in the module's table."""
        rows = (__doc__ or "").split("Observation arrays")[1].splitlines()
        return {line.split("``")[1]: line[43:].strip() for line in rows
                if line.startswith("``")}
