"""The Catan Dice Game encoding: 232 action indices and the public sheets as arrays.

Every seat plays its own island sheet on its own turns, and everything is public (the view
of every seat is the same but for its ``seat`` key), so an observation holds every sheet.

Action numbering
----------------
The numbering is the same for every player count (1–4) and is independent of the state:
an index always names the same action. ``size = 232``. Blocks, in this order:

=========  =======================================  =====  ==============================
block      actions                                  count  index
=========  =======================================  =====  ==============================
reroll     ``reroll I ...``: every nonempty set of     63  ``m - 1``, ``m = sum(2**I)``
           dice, named once each in ascending order        (``reroll 0`` = 0, ``reroll 1``
                                                           = 1, ``reroll 0 1`` = 2, ...,
                                                           ``reroll 0 1 2 3 4 5`` = 62)
stop       ``stop``                                     1  ``63``
trade      ``trade I J RES``, ``0 <= I < J <= 5``,     75  ``64 + 5 p + r``
           ``RES`` a building resource
joker      ``joker Kk I`` (``k`` = 1..5, die ``I``)    30  ``139 + 6 (k - 1) + I``
joker K6   ``joker K6 I RES``                          30  ``169 + 5 I + r``
build      ``build KIND NAME``, every item of the      32  ``199 + s``
           island sheet
end        ``end``                                      1  ``231``
=========  =======================================  =====  ==============================

- ``r`` is the resource's rank in ``ore grain wool lumber brick`` (0–4; gold is never a
  trade's or a joker's result).
- ``p`` is the rank of the die pair ``(I, J)`` in lexicographic order ``(0,1) (0,2) ...
  (0,5) (1,2) ... (4,5)``: ``p = I (11 - I) / 2 + J - I - 1``.
- ``s`` is the item's place in sheet order: roads ``R0``–``R15`` (0–15), settlements
  ``S3 S4 S5 S7 S9 S11`` (16–21), cities ``C7 C12 C20 C30`` (22–25), knights ``K1``–``K6``
  (26–31); so ``build road R3`` = 202, ``build city C7`` = 221, ``build knight K1`` = 225.

The ``roll`` actions are chance outcomes and have no index. Spellings the engine always
refuses have none either, and :meth:`CatanDiceEncoding.index` raises ValueError for them:
a reroll not in ascending order or naming a die twice, ``trade I J`` with ``I >= J`` or to
gold, a joker without its resource (``K6``) or to gold, and arguments of the wrong type
(``True`` or ``1.0`` for a die).

Observation arrays
------------------
``P`` is the player count; arrays with a seat axis are rotated so that row 0 is the
observing seat, row 1 the next seat in turn order, and so on. Items are in sheet order
(``s`` above), faces in ``ore grain wool lumber brick gold`` order.

=====================  =========  =========  =====================================================
name                   shape      dtype      values
=====================  =========  =========  =====================================================
``dice``               (6, 6)     int8       one-hot face of each die (row = die 0–5). While the
                                             dice are being rolled they still show their previous
                                             faces (gold before the game's first roll).
``used``               (6,)       int8       1 where the die is spent this turn (on a build, or as
                                             the second die of a trade)
``free_faces``         (6,)       int8       how many unused dice show each face (0–6)
``rolls``              (4,)       int8       one-hot of the rolls made this turn (0–3)
``phase``              (4,)       int8       one-hot of ``rolling choosing building over``
``active``             (P,)       int8       one-hot of the seat whose turn it is (at the end:
                                             seat 0, who would be next)
``turn``               (1,)       int8       the game's turn counter, 1 .. 15 P (boxes written by
                                             all seats + 1; 15 P at the end)
``sheets``             (P, 32)    int8       1 where the seat has built the item
``built_this_turn``    (32,)      int8       1 where the active seat built the item this turn
``jokers``             (P, 6)     int8       1 where knight ``Kk``'s joker is used (a joker is
                                             available where the knight is built and unused)
``boxes``              (P, 15)    int8       the points written in each of the 15 score boxes (-2
                                             for an X; 0 where not yet written); at most 30 (six
                                             dice pay for one city at most)
``written``            (P, 15)    int8       1 where the box is written
``crosses``            (P, 15)    int8       1 where the box holds an X (nothing built, -2)
``totals``             (P,)       float32    each seat's total, -30 .. 145
=====================  =========  =========  =====================================================

The view's ``current_player`` and ``terminal`` follow from ``phase`` and ``active`` (a
chance node while rolling, the end in ``over``, else the active seat moves), and the
view's ``seat`` is the observer, row 0. Nothing is left out: the views of all seats are
the same, so no array depends on who observes but for the rotation.
"""
from __future__ import annotations

from array import array
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from ...core.action import Action
from ...core.encoding import Encoding
from . import rules
from .island import (
    COSTS,
    FACE_INDEX,
    INDEX,
    KNIGHT_JOKERS,
    RESOURCES,
    STRUCTURES,
    TOTAL_VALUE,
    TURNS,
    X_POINTS,
)

if TYPE_CHECKING:
    from ...core.game import Game
    from .rules import CatanDiceState

DICE = 6
ITEMS = len(STRUCTURES)
KNIGHTS = tuple(KNIGHT_JOKERS)
PHASES = (rules.ROLLING, rules.CHOOSING, rules.BUILDING, rules.OVER)
MAX_ROLLS = rules.MAX_ROLLS


def action_table() -> list[Action]:
    """Every action of the numbering, at its index (the order of the module docstring)."""
    table = [Action("reroll", *(i for i in range(DICE) if m >> i & 1))
             for m in range(1, 1 << DICE)]
    table.append(Action("stop"))
    table += [Action("trade", i, j, r) for i, j in combinations(range(DICE), 2)
              for r in RESOURCES]
    table += [Action("joker", k, d) for k in KNIGHTS if KNIGHT_JOKERS[k] is not None
              for d in range(DICE)]
    table += [Action("joker", k, d, r) for k in KNIGHTS if KNIGHT_JOKERS[k] is None
              for d in range(DICE) for r in RESOURCES]
    table += [Action("build", kind, name) for name, kind, _v, _p in STRUCTURES]
    table.append(Action("end"))
    return table


def _engine_actions() -> dict[Action, Action]:
    """The engine's own prebuilt action objects, so that ``index`` can match them by
    identity (a parsed action is still matched by value)."""
    made = [*rules.REROLLS, rules.STOP, rules.END, *rules.BUILD.values()]
    made += [a for group in (*rules.TRADES.values(), *rules.JOKERS.values()) for a in group]
    return {a: a for a in made}


def max_box_points() -> int:
    """The most points one turn can write: the best set of items whose costs fit in six
    dice (an upper bound; a gold trade or a joker never adds a die)."""
    items = [(sum(COSTS[kind].values()), value) for _n, kind, value, _p in STRUCTURES]
    best = 0
    for count in (1, 2, 3):  # every item costs two dice or more
        for chosen in combinations(items, count):
            if sum(c for c, _v in chosen) <= DICE:
                best = max(best, sum(v for _c, v in chosen))
    return best


class CatanDiceEncoding(Encoding["CatanDiceState"]):
    """The fixed action numbering and the observation arrays of the Catan Dice Game."""

    def __init__(self, game: Game):
        super().__init__(game)
        self.players = game.players
        engine = _engine_actions()
        self.actions: list[Action] = [engine.get(a, a) for a in action_table()]
        """The action of every index (the engine's own objects where it has them)."""
        self.size = len(self.actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        self._face = dict(FACE_INDEX)
        self._item = dict(INDEX)
        self._knight = {k: i for i, k in enumerate(KNIGHTS)}
        self._phase = {p: i for i, p in enumerate(PHASES)}
        self.max_box = max_box_points()
        self._layout, self._offset, self._length = self._int8_layout()

    def _int8_layout(self) -> tuple[list, dict[str, int], int]:
        """Where each int8 array lies in the flat buffer :meth:`observe` fills:
        ``[(name, start, stop, shape or None for a 1-D array)]``, ``{name: start}`` and the
        buffer's length."""
        layout, offset, start = [], {}, 0
        for name, space in self.observation_spaces().items():
            if space.dtype == np.int8:
                stop = start + int(np.prod(space.shape))
                shape = space.shape if len(space.shape) > 1 else None  # None: no reshape
                layout.append((name, start, stop, shape))
                offset[name] = start
                start = stop
        return layout, offset, start

    # --- actions --------------------------------------------------------------------------
    def index(self, state: CatanDiceState, action: Action) -> int:
        """The index of ``action`` (the numbering does not depend on ``state``); ValueError
        for a chance roll or a spelling the engine always refuses."""
        try:
            i = self._index.get(action)
        except TypeError:  # unhashable
            i = None
        if i is None:
            raise ValueError(f"the Catan Dice numbering has no index for {action!r}")
        canon = self.actions[i]
        if action is not canon and not all(type(a) is type(b) for a, b in zip(action, canon)):
            raise ValueError(f"{action!r} is not spelled as the engine spells {canon!r}")
        return i

    def action(self, state: CatanDiceState, index: int) -> Action | None:
        """The action at ``index`` (whatever the state), None outside ``0 .. size - 1``."""
        i = int(index)
        return self.actions[i] if 0 <= i < self.size else None

    def legal(self, state: CatanDiceState) -> dict[int, Action]:
        """``{index: action}`` of the legal actions, each looked up in the table."""
        if state.current_player < 0:
            return {}
        index = self._index
        return {index[a]: a for a in state.legal_actions()}

    # --- observations ---------------------------------------------------------------------
    def observation_spaces(self) -> dict[str, spaces.Box]:
        """The arrays of :meth:`observe` as Boxes (see the module docstring)."""
        p, i8 = self.players, np.int8

        def box(low: float, high: float, shape: tuple[int, ...], dtype=i8) -> spaces.Box:
            return spaces.Box(low, high, shape, dtype)

        return {"dice": box(0, 1, (DICE, 6)), "used": box(0, 1, (DICE,)),
                "free_faces": box(0, DICE, (6,)), "rolls": box(0, 1, (MAX_ROLLS + 1,)),
                "phase": box(0, 1, (len(PHASES),)), "active": box(0, 1, (p,)),
                "turn": box(1, TURNS * p, (1,)), "sheets": box(0, 1, (p, ITEMS)),
                "built_this_turn": box(0, 1, (ITEMS,)), "jokers": box(0, 1, (p, len(KNIGHTS))),
                "boxes": box(X_POINTS, self.max_box, (p, TURNS)),
                "written": box(0, 1, (p, TURNS)), "crosses": box(0, 1, (p, TURNS)),
                "totals": box(TURNS * X_POINTS, TOTAL_VALUE, (p,), np.float32)}

    def observe(self, view: dict, seat: int) -> dict[str, np.ndarray]:
        """The arrays for ``seat`` from ``view`` alone (seat rows rotated to ``seat``).

        The int8 arrays are filled in one ``bytearray`` (a byte per value, -2 as 254) and
        handed out as views of one fresh buffer: a few numpy calls instead of dozens."""
        p, at, face, item = self.players, self._offset, self._face, self._item
        buf = bytearray(self._length)
        dice, used, free = at["dice"], at["used"], at["free_faces"]
        for d, (f, spent) in enumerate(zip(view["dice"], view["used"])):
            f = face[f]
            buf[dice + 6 * d + f] = 1
            if spent:
                buf[used + d] = 1
            else:
                buf[free + f] += 1
        buf[at["rolls"] + view["rolls"]] = 1
        buf[at["phase"] + self._phase[view["phase"]]] = 1
        buf[at["active"] + (view["active"] - seat) % p] = 1
        buf[at["turn"]] = view["turn"]
        now = at["built_this_turn"]
        for name in view["built_this_turn"]:
            buf[now + item[name]] = 1
        totals = [0.0] * p
        for s, sheet in enumerate(view["sheets"]):
            row = (s - seat) % p
            self._fill_sheet(buf, row, sheet)
            totals[row] = sheet["total"]
        flat = np.frombuffer(buf, dtype=np.int8)
        obs = {name: flat[a:b] if shape is None else flat[a:b].reshape(shape)
               for name, a, b, shape in self._layout}
        obs["totals"] = np.array(totals, dtype=np.float32)
        return obs

    def _fill_sheet(self, buf: bytearray, row: int, sheet: dict) -> None:
        """Write one seat's sheet (built items, jokers used, score boxes) at its ``row``."""
        at, item, knight = self._offset, self._item, self._knight
        base = at["sheets"] + ITEMS * row
        for name in sheet["built"]:
            buf[base + item[name]] = 1
        base = at["jokers"] + len(KNIGHTS) * row
        for k in sheet["jokers_used"]:
            buf[base + knight[k]] = 1
        values = sheet["boxes"]
        n = len(values)
        if n:
            base = TURNS * row
            a = at["boxes"] + base
            buf[a:a + n] = array("b", values).tobytes()
            a = at["written"] + base
            buf[a:a + n] = b"\x01" * n
            a = at["crosses"] + base
            buf[a:a + n] = bytes([not b for b in sheet["boxes_built"]])

    def describe(self) -> dict[str, str]:
        """One line per observation array (rows of seat arrays: the observer first)."""
        return {
            "dice": "int8 (6, 6): one-hot face of each die 0-5, faces ore grain wool lumber "
                    "brick gold (while rolling: the previous faces)",
            "used": "int8 (6,): 1 where the die is spent this turn (a build, a trade's 2nd die)",
            "free_faces": "int8 (6,): how many unused dice show each face",
            "rolls": "int8 (4,): one-hot of the rolls made this turn, 0-3",
            "phase": "int8 (4,): one-hot of the phase: rolling choosing building over",
            "active": "int8 (P,): one-hot of the seat whose turn it is",
            "turn": "int8 (1,): the game's turn counter, 1..15P (boxes written by all + 1)",
            "sheets": "int8 (P, 32): 1 where the seat has built the item (R0-R15, S3 S4 S5 "
                      "S7 S9 S11, C7 C12 C20 C30, K1-K6)",
            "built_this_turn": "int8 (32,): 1 where the active seat built the item this turn",
            "jokers": "int8 (P, 6): 1 where knight K1-K6's joker is used",
            "boxes": f"int8 (P, 15): points written per box, -2 for an X, 0 if unwritten "
                     f"(at most {self.max_box})",
            "written": "int8 (P, 15): 1 where the box is written",
            "crosses": "int8 (P, 15): 1 where the box holds an X (nothing built, -2)",
            "totals": f"float32 (P,): each seat's total, {TURNS * X_POINTS}..{TOTAL_VALUE}",
        }


__all__ = ["CatanDiceEncoding", "action_table", "max_box_points"]
