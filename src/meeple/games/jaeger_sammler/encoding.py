"""Jäger und Sammler for learning agents: moves numbered by pawn rank and direction.

A numbering per pair of fields would be far too large (a cave jump joins any two caves; two
pawns stepping one field each form ordered pairs), so an index names **which pawn** moves
and **in which direction**, read against the position of the seat to move.

Pawn ranks and directions
-------------------------
- **Rank.** The pawns of the seat to move (``state.current_player``), sorted by field index
  (row-major ``r,c`` order of the board file — the order of ``view["seats"][s]["pawns"]``),
  are ranks ``0 .. n-1``; ``P = 4`` ranks exist (4 pawns a seat in summer, at most 4 crates
  bring pawns into winter). Several pawns of one seat on one field (a settlement, a cave)
  have consecutive ranks.
- **Direction** of a step from field ``A = (r, c)``, ``D = 6 + C`` values (``C = 5``, the
  game's number of cave tiles, so ``D = 11``): 0 west ``(r, c-1)``; 1 east ``(r, c+1)``;
  2 north-west ``(r-1, c+s-1)``; 3 north-east ``(r-1, c+s)``; 4 south-west
  ``(r+1, c+s-1)``; 5 south-east ``(r+1, c+s)``; ``6 + k`` the jump to cave ``k`` (the caves
  on the board ranked by field index), only from a cave. ``s = 1`` on a shifted row (odd
  rows in ``odd-r``, even rows in ``even-r``), else ``0`` — the order of
  ``board.hex_neighbours``. A hex direction names no field when that hex is not a field of
  the board file. A step that is both a hex step and a cave jump (two caves side by side)
  is spelled by its hex direction; the jump index for it, a jump from a field that is no
  cave, and a jump to ``A`` itself name nothing.

Index formulae (``size = P + P·D² + P·D·(P-1)·D = 1940`` for 2–4 players and every board)
------------------------------------------------------------------------------------------
- ``remove A``: ``p`` (``0 .. P-1``);
- ``move A>B>C`` (one pawn two steps): ``P + (p·D + d1)·D + d2`` (``P·D²`` indices);
- ``move A>B D>E`` (two pawns one step each, in the order written):
  ``P + P·D² + ((p·D + d1)·(P-1) + q')·D + d2`` (``P·D·(P-1)·D`` indices).

``p`` is the rank of the pawn on ``A``; ``d1`` the direction ``A → B``; ``d2`` the direction
``B → C`` (from ``B``) or ``D → E`` (from ``D``); ``q`` the rank of the second pawn, on
``D`` **before** the move (``D`` may be the ``B`` of the first pawn when another pawn of the
seat already stands there), and ``q' = q if q < p else q - 1`` (``q != p`` always).

Canonical ranks (the notation names fields, not pawns): a single-pawn action (``remove``,
``A>B>C``) uses the **lowest rank on A**; a two-pawn action uses the lowest rank on ``A``
for ``p`` and the lowest rank on ``D`` for ``q`` — or, when ``D == A``, ``q = p + 1`` (the
lower rank moves first). :meth:`JaegerSammlerEncoding.action` returns None for every other
rank choice, so that ``index(state, action(state, i)) == i`` wherever ``action`` gives an
action, and ``action(state, index(state, a)) == a`` for every action ``index`` accepts; the
action it returns need not be legal (the mask says which are). Both mappings read the
pawns of the seat to move and the caves of ``state``: the same index means different
moves in different states. Set-ups are chance actions and have no index.

The two-pawn block has ``P - 1`` second ranks per first rank (``q' `` skips ``p``), so no
index names one pawn twice. The mask is 1 exactly at ``state.legal_actions()``: where both
orders of a two-pawn move are legal and do the same thing the engine lists one of them
(``docs/jaeger-sammler.md``), and the other order's index stays 0 although ``apply`` would
accept it.

Observation (from ``state.view(seat)`` only; ``N`` players, seats rotated so that index 0
is the observer, 1 the next seat, …; ``H × W`` = the board file's rows × cols)
------------------------------------------------------------------------------------------
- ``board`` float32 (19 + 2N, H, W), hex planes on the board file's offset grid (its
  ``layout`` says which rows are shifted): 0 — 1 on every field of the board; 1 + k — 1
  where a face-up tile of kind code ``k`` lies (k = 0 berries, 1 tubers, 2 herbs, 3 jug,
  4 necklace, 5 fur, 6 skull, 7 weapon, 8 path, 9 cave, 10–15 mammoth3 … mammoth8);
  17 — summer settlements; 18 — winter settlements; 19 + i — the number of pawns (0–4) of
  seat i on the field; 19 + N + i — 1 where seat i's crate stands.
- ``pawns`` float32 (N, P, 2): row, col of each seat's pawns in rank order (row 0: the
  observer, whose ranks the action numbering uses when it is to move), -1 where absent.
- ``caves`` float32 (C, 2): row, col of cave k (by field index), -1 where absent (before
  the summer set-up).
- ``face_down`` float32 (N, 2): face-down tiles held per season (summer, winter); their
  kinds are hidden from everyone until the end.
- ``collected`` float32 (N, 7): face-down tiles per kind (berries, tubers, herbs, jug,
  necklace, fur, skull); all 0 until the game is over, when the view reveals them.
- ``weapons`` float32 (N,): weapons held. ``crates_in_hand`` float32 (N,): 0–4.
- ``mammoths`` float32 (N, 6): mammoths taken per printed value 3 … 8.
- ``score`` float32 (N,): the final scores once the game is over, else 0.
- ``to_move`` float32 (N,): one-hot of the seat to move (all 0 at a set-up or the end).
- ``best_mammoth`` float32 (N,): the value of the highest summer mammoth at its taker's
  index (the taker starts winter), 0 elsewhere.
- ``season`` float32 (2,): one-hot summer, winter. ``phase`` float32 (3,): one-hot
  setup, play, over. ``turn`` float32 (1,): the view's turn number (bounded by the stall
  rule: ``2·(112 + 4N + 1)·(10N + 1) + 1``).
- ``out_of_game`` float32 (2, 16): tiles removed at the end of each season (summer,
  winter) per kind code. ``weapons_spent`` float32 (1,): weapons spent on mammoths.
"""
from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from ...core.encoding import Encoding
from .board import hex_neighbours
from .notation import JSAction
from .phases import STALL_ROUNDS
from .rules import CRATES
from .tiles import (
    CAVE,
    CODE,
    COUNTS,
    FACE_DOWN,
    KINDS,
    MAMMOTH_MAX,
    MAMMOTH_MIN,
    MAMMOTHS,
    NAMES,
    SUMMER,
    WEAPON,
    WINTER,
)

if TYPE_CHECKING:
    from ...core.action import Action
    from .game import JaegerSammler
    from .rules import JaegerSammlerState

HEX = 6
"""Hex directions W, E, NW, NE, SW, SE (the order of ``board.hex_neighbours``)."""
SEASON_NAMES = ("summer", "winter")
PHASES = ("setup", "play", "over")
LEFTOVERS = ("summer_leftovers", "winter_leftovers")
_new = tuple.__new__


class JaegerSammlerEncoding(Encoding["JaegerSammlerState"]):
    """Pawn-rank × direction action indices and hex-plane observations (module doc)."""

    game: JaegerSammler

    def __init__(self, game: JaegerSammler):
        super().__init__(game)
        board = game.board
        self.board = board
        self.n = game.players
        # pawns a seat can have: one per summer settlement; in winter one per winter
        # settlement holding one of its crates
        self.P = max(len(board.settlements[SUMMER]),
                     min(CRATES, len(board.settlements[WINTER])))
        self.C = COUNTS[SUMMER][CAVE]
        self.D = HEX + self.C
        P, D = self.P, self.D
        self.DD = D * D
        self.two_steps_base = P
        self.two_pawns_base = P + P * D * D
        self.size = self.two_pawns_base + P * D * (P - 1) * D
        self._init_geometry()
        self._init_planes()
        self._init_layout()
        self._caves_key: tuple | None = None     # the caves the jump tables were made for
        self._jump2: dict = {}
        self._jump3: dict = {}
        self._cave_names: list[str] = []          # the caves of the last view observed
        self._cave_list: list = []

    # --- tables ---------------------------------------------------------------------------
    def _init_geometry(self) -> None:
        """``_step[f][d]``: the field in hex direction d of f (-1 off the board);
        ``_dir[(a, b)]``: the hex direction from a to b (names); ``_dir3[(a, b, c)]``:
        ``d1·D + d2`` of the two hex steps a → b → c."""
        board = self.board
        self._step: list[list[int]] = []
        self._dir: dict[tuple[str, str], int] = {}
        self._near: list[set[int]] = []
        for f, (r, c) in enumerate(board.coords):
            row = []
            for d, (rr, cc) in enumerate(hex_neighbours(r, c, board.layout)):
                g = board.index.get(f"{rr},{cc}", -1)
                row.append(g)
                if g >= 0:
                    self._dir[(board.names[f], board.names[g])] = d
            self._step.append(row)
            self._near.append({g for g in row if g >= 0})
        names, D = board.names, self.D
        self._dir3 = {(names[a], names[b], names[c]): d1 * D + d2
                      for a, row in enumerate(self._step) for d1, b in enumerate(row) if b >= 0
                      for d2, c in enumerate(self._step[b]) if c >= 0}

    def _init_planes(self) -> None:
        """The static planes (fields, settlements) and flat plane offsets per name."""
        board, n = self.board, self.n
        H, W = self.H, self.W = board.rows, board.cols
        self.channels = 19 + 2 * n
        self._cell = {name: r * W + c for name, (r, c) in zip(board.names, board.coords)}
        self._rc = {name: list(rc) for name, rc in zip(board.names, board.coords)}
        self._kind_base = {NAMES[k]: (1 + k) * H * W for k in range(KINDS)}
        static = np.zeros((self.channels, H, W), dtype=np.float32)
        for r, c in board.coords:
            static[0, r, c] = 1
        for season in (SUMMER, WINTER):
            for f in board.settlements[season]:
                r, c = board.coords[f]
                static[17 + season, r, c] = 1
        self._static = static.reshape(-1)
        self._pawn_base = [(19 + i) * H * W for i in range(n)]
        self._crate_base = [(19 + n + i) * H * W for i in range(n)]
        self._orders = [tuple((seat + i) % n for i in range(n)) for seat in range(n)]
        self._rels = [tuple((s - seat) % n for s in range(n)) for seat in range(n)]

    def _init_layout(self) -> None:
        """Where each vector array lies in the flat list of :meth:`_vector`."""
        n = self.n
        self._pad = [[-1] * (2 * (self.P - k)) for k in range(self.P + 1)]
        self._values = MAMMOTH_MAX - MAMMOTH_MIN + 1
        self._kind_col = {NAMES[k]: i for i, k in enumerate(FACE_DOWN)}
        self._season_hot = {name: [int(i == k) for i in range(2)]
                            for k, name in enumerate(SEASON_NAMES)}
        self._phase_hot = {name: [int(i == k) for i in range(3)]
                           for k, name in enumerate(PHASES)}
        shapes = [("caves", (self.C, 2)), ("pawns", (n, self.P, 2)), ("face_down", (n, 2)),
                  ("collected", (n, len(FACE_DOWN))), ("weapons", (n,)),
                  ("crates_in_hand", (n,)), ("mammoths", (n, self._values)), ("score", (n,)),
                  ("to_move", (n,)), ("best_mammoth", (n,)), ("season", (2,)),
                  ("phase", (3,)), ("turn", (1,)), ("out_of_game", (2, KINDS)),
                  ("weapons_spent", (1,))]
        self._layout, start = [], 0
        for key, shape in shapes:
            stop = start + int(np.prod(shape))
            self._layout.append((key, start, stop, shape if len(shape) > 1 else None))
            start = stop

    # --- actions --------------------------------------------------------------------------
    def _jumps(self, state: JaegerSammlerState) -> tuple[dict, dict]:
        """The cave jumps of ``state``'s caves: ``{(a, b): 6 + k}`` for the single steps
        and ``{(a, b, c): d1·D + d2}`` for the two-step paths with a jump (names). Cached
        by the caves' value, so never stale; the caves are laid once a game."""
        caves = state.caves
        if caves != self._caves_key:
            self._jump2, self._jump3 = self._jump_tables(caves)
            self._caves_key = caves
        return self._jump2, self._jump3

    def _jump_tables(self, caves: tuple[int, ...]) -> tuple[dict, dict]:
        """Build :meth:`_jumps`' tables; a jump to a hex neighbour is its hex direction."""
        names, near, D = self.board.names, self._near, self.D
        jumps = {a: [(b, HEX + k) for k, b in enumerate(caves) if b != a and b not in near[a]]
                 for a in caves}
        jump2 = {(names[a], names[b]): d for a in caves for b, d in jumps[a]}
        jump3 = {}
        for b in caves:                       # a > b a hex step, b > c a jump
            for a in near[b]:
                d1 = self._dir[(names[a], names[b])]
                for c, d2 in jumps[b]:
                    jump3[(names[a], names[b], names[c])] = d1 * D + d2
        for a in caves:                       # a > b a jump, then any step from b
            for b, d1 in jumps[a]:
                hexes = [(c, d) for d, c in enumerate(self._step[b]) if c >= 0]
                for c, d2 in hexes + jumps[b]:
                    jump3[(names[a], names[b], names[c])] = d1 * D + d2
        return jump2, jump3

    def _context(self, state: JaegerSammlerState) -> tuple[list[int], dict[str, int], dict, dict]:
        """(the seat to move's pawn fields by rank, field name → lowest rank, the jumps)."""
        seat = state.current_player
        if seat < 0:
            raise ValueError("jaeger-sammler: no seat to move, no action index")
        fields = sorted(state.pawns[seat])
        names, first = self.board.names, {}
        for rank in range(len(fields) - 1, -1, -1):
            first[names[fields[rank]]] = rank
        return (fields, first, *self._jumps(state))

    def _direction(self, step: tuple, jump2: dict) -> int:
        """The direction index of a step ``(a, b)`` (a hex direction, else a jump)."""
        d = self._dir.get(step)
        if d is None:
            d = jump2.get(step)
            if d is None:
                raise ValueError(f"jaeger-sammler: {'>'.join(map(str, step))} is neither "
                                 "a hex step nor a cave jump")
        return d

    def _index(self, ctx: tuple, action: Action) -> int:
        """The index of ``action`` against a :meth:`_context`; ValueError if none."""
        fields, first, jump2, jump3 = ctx
        if action[0] == "move" and len(action) == 2:
            path = action[1]
            if type(path) is not tuple or len(path) != 3:
                raise ValueError(f"jaeger-sammler: malformed move {action!r}")
            code = self._dir3.get(path)
            if code is None:
                code = jump3.get(path)
                if code is None:
                    raise ValueError(f"jaeger-sammler: {action} is no two-step path")
            p = first.get(path[0])
            if p is None:
                raise ValueError(f"jaeger-sammler: no pawn of the seat to move on {path[0]}")
            return self.two_steps_base + p * self.DD + code
        if action[0] == "move" and len(action) == 3:
            return self._two_pawn_index(fields, first, jump2, action[1], action[2])
        if action[0] == "remove" and len(action) == 2:
            p = first.get(action[1])
            if p is None:
                raise ValueError(f"jaeger-sammler: no pawn of the seat to move on {action[1]}")
            return p
        raise ValueError(f"jaeger-sammler: {action!r} has no action index")

    def _two_pawn_index(self, fields: list[int], first: dict[str, int], jump2: dict,
                        ab: tuple, de: tuple) -> int:
        """The index of ``move A>B D>E`` (module doc: q on D before the move)."""
        if type(ab) is not tuple or type(de) is not tuple or len(ab) != 2 or len(de) != 2:
            raise ValueError(f"jaeger-sammler: malformed move {ab!r} {de!r}")
        a, d = ab[0], de[0]
        q: int | None
        p = first.get(a)
        if p is None:
            raise ValueError(f"jaeger-sammler: no pawn of the seat to move on {a}")
        if d == a:
            q = p + 1
            if q >= len(fields) or fields[q] != fields[p]:
                raise ValueError(f"jaeger-sammler: no second pawn on {a}")
        else:
            q = first.get(d)
            if q is None:
                raise ValueError(f"jaeger-sammler: no pawn of the seat to move on {d}")
        d1, d2 = self._direction(ab, jump2), self._direction(de, jump2)
        qq = q if q < p else q - 1
        return self.two_pawns_base + ((p * self.D + d1) * (self.P - 1) + qq) * self.D + d2

    def index(self, state: JaegerSammlerState, action: Action) -> int:
        """The index of ``action`` for the seat to move in ``state`` (module doc)."""
        return self._index(self._context(state), action)

    def legal(self, state: JaegerSammlerState) -> dict[int, Action]:
        """``{index: action}`` of the legal actions: the same indices as :meth:`index`,
        the context computed once, the common cases (two steps, pawns on different
        fields) inline for speed and the rest through :meth:`_index`."""
        if state.current_player < 0:
            return {}
        ctx = self._context(state)
        first, jump2, jump3, slow = ctx[1], ctx[2], ctx[3], self._index
        dir2, dir3 = self._dir, self._dir3
        D, DD, P1 = self.D, self.DD, self.P - 1
        one, two = self.two_steps_base, self.two_pawns_base
        actions = state.legal_actions()
        out: list[int] = []
        append = out.append
        for a in actions:
            n = len(a)
            if n == 3:
                ab, de = a[1], a[2]
                p, q = first.get(ab[0]), first.get(de[0])
                d1 = dir2.get(ab)
                if d1 is None:
                    d1 = jump2.get(ab)
                d2 = dir2.get(de)
                if d2 is None:
                    d2 = jump2.get(de)
                if p is None or q is None or p == q or d1 is None or d2 is None:
                    append(slow(ctx, a))
                else:
                    append(two + ((p * D + d1) * P1 + (q if q < p else q - 1)) * D + d2)
            elif a[0] == "move":
                path = a[1]
                code = dir3.get(path)
                if code is None:
                    code = jump3.get(path)
                p = first.get(path[0])
                append(slow(ctx, a) if p is None or code is None else one + p * DD + code)
            else:
                append(slow(ctx, a))
        return dict(zip(out, actions))

    def _target(self, state: JaegerSammlerState, a: int, d: int) -> int | None:
        """The field that direction ``d`` names from field ``a`` in ``state``, or None."""
        if d < HEX:
            b = self._step[a][d]
            return b if b >= 0 else None
        caves, k = state.caves, d - HEX
        if state.tile[a] != CAVE or k >= len(caves):
            return None
        b = caves[k]
        return None if b == a or b in self._near[a] else b

    def action(self, state: JaegerSammlerState, index: int) -> Action | None:
        """The action ``index`` spells for the seat to move, or None where it names none
        (a rank without a pawn, a non-canonical rank, a direction off the board or an
        impossible jump). ValueError for an index outside ``0 .. size-1``."""
        if not 0 <= index < self.size:
            raise ValueError(f"jaeger-sammler: action index {index} not in 0..{self.size - 1}")
        seat = state.current_player
        if seat < 0:
            return None
        fields = sorted(state.pawns[seat])
        if index < self.two_steps_base:
            return self._remove(fields, index)
        if index < self.two_pawns_base:
            return self._one_pawn(state, fields, index - self.two_steps_base)
        return self._two_pawns(state, fields, index - self.two_pawns_base)

    @staticmethod
    def _lowest(fields: list[int], p: int) -> bool:
        """Whether rank ``p`` is a pawn and the lowest rank on its field."""
        return p < len(fields) and (p == 0 or fields[p - 1] != fields[p])

    def _remove(self, fields: list[int], p: int) -> Action | None:
        """``remove`` of rank ``p`` (None unless the lowest rank on its field)."""
        if not self._lowest(fields, p):
            return None
        return _new(JSAction, ("remove", self.board.names[fields[p]]))

    def _one_pawn(self, state: JaegerSammlerState, fields: list[int], i: int) -> Action | None:
        """``move A>B>C`` from ``i = (p·D + d1)·D + d2`` (the block's offset removed)."""
        D = self.D
        p, d1, d2 = i // (D * D), i // D % D, i % D
        if not self._lowest(fields, p):
            return None
        a = fields[p]
        b = self._target(state, a, d1)
        if b is None:
            return None
        c = self._target(state, b, d2)
        if c is None:
            return None
        names = self.board.names
        return _new(JSAction, ("move", (names[a], names[b], names[c])))

    def _two_pawns(self, state: JaegerSammlerState, fields: list[int], i: int) -> Action | None:
        """``move A>B D>E`` from ``i = ((p·D + d1)·(P-1) + q')·D + d2``; None unless the
        ranks are the canonical ones (module doc)."""
        D, P = self.D, self.P
        d2, i = i % D, i // D
        qq, i = i % (P - 1), i // (P - 1)
        p, d1 = i // D, i % D
        q = qq if qq < p else qq + 1
        if not self._lowest(fields, p) or q >= len(fields):
            return None
        if fields[q] == fields[p] and q != p + 1:
            return None
        if fields[q] != fields[p] and not self._lowest(fields, q):
            return None
        a, d = fields[p], fields[q]
        b, e = self._target(state, a, d1), self._target(state, d, d2)
        if b is None or e is None:
            return None
        names = self.board.names
        return _new(JSAction, ("move", (names[a], names[b]), (names[d], names[e])))

    # --- observations ---------------------------------------------------------------------
    def observation_spaces(self) -> dict[str, spaces.Box]:
        """A float32 ``Box`` per array; bounds from the tile set, the board and the
        stall rule (module doc)."""
        n, P, C, f32, box = self.n, self.P, self.C, np.float32, spaces.Box
        side = max(self.H, self.W) - 1
        per_season = [sum(COUNTS[s].get(k, 0) for k in FACE_DOWN) for s in (SUMMER, WINTER)]
        per_kind = max(COUNTS[SUMMER].get(k, 0) + COUNTS[WINTER].get(k, 0) for k in FACE_DOWN)
        leftovers = max(max(max(c.values()) for c in COUNTS), max(MAMMOTHS))
        weapons = COUNTS[SUMMER][WEAPON] + COUNTS[WINTER][WEAPON]
        progress = len(self.board.tile_fields) + CRATES * n + 1
        turns = 2 * progress * (STALL_ROUNDS * n + 1) + 1
        return {
            "board": box(0, P, (self.channels, self.H, self.W), f32),
            "caves": box(-1, side, (C, 2), f32),
            "pawns": box(-1, side, (n, P, 2), f32),
            "face_down": box(0, np.tile(np.array(per_season, f32), (n, 1)), (n, 2), f32),
            "collected": box(0, per_kind, (n, len(FACE_DOWN)), f32),
            "weapons": box(0, weapons, (n,), f32),
            "crates_in_hand": box(0, CRATES, (n,), f32),
            "mammoths": box(0, sum(MAMMOTHS), (n, self._values), f32),
            "score": box(0, self.game.score_range[1], (n,), f32),
            "to_move": box(0, 1, (n,), f32),
            "best_mammoth": box(0, MAMMOTH_MAX, (n,), f32),
            "season": box(0, 1, (2,), f32),
            "phase": box(0, 1, (3,), f32),
            "turn": box(0, turns, (1,), f32),
            "out_of_game": box(0, leftovers, (2, KINDS), f32),
            "weapons_spent": box(0, weapons, (1,), f32),
        }

    def _board(self, view: dict, order: tuple[int, ...], rel: tuple[int, ...]) -> np.ndarray:
        """The ``board`` array: the static planes, then tiles, pawns and crates set in one
        fancy assignment (pawn counts above 1, on caves and settlements, fixed after)."""
        cell, seats, crate = self._cell, view["seats"], self._crate_base
        tiles = view["tiles"]
        idx = list(map(add, map(cell.__getitem__, tiles),
                       map(self._kind_base.__getitem__, tiles.values())))
        pawns = [base + cell[name] for base, s in zip(self._pawn_base, order)
                 for name in seats[s]["pawns"]]
        for name, info in view["settlements"].items():
            for s in info["crates"]:
                idx.append(crate[rel[s]] + cell[name])
        flat = self._static.copy()
        flat[idx + pawns] = 1
        if len(set(pawns)) < len(pawns):
            for i in pawns:
                flat[i] = 0
            for i in pawns:
                flat[i] += 1
        return flat.reshape(self.channels, self.H, self.W)

    def _cave_cells(self, tiles: dict) -> list:
        """Row, col of the caves in ``tiles`` by field index, -1-padded to ``2·C`` numbers.
        Cached: when every cached cave is still a cave and they are all ``C`` of the
        game's caves, no other cave can be in ``tiles``; otherwise it is recomputed."""
        cached = self._cave_names
        if len(cached) == self.C and all(tiles.get(n) == "cave" for n in cached):
            return self._cave_list
        index = self.board.index
        names = sorted((n for n, kind in tiles.items() if kind == "cave"), key=index.__getitem__)
        out: list = []
        for n in names[:self.C]:
            out += self._rc[n]
        self._cave_names = names
        self._cave_list = out + [-1] * (2 * self.C - len(out))
        return self._cave_list

    def _vector(self, view: dict, order: tuple[int, ...], rel: tuple[int, ...]) -> list:
        """Every array but ``board``, as one flat list in ``_layout`` order."""
        seats = [view["seats"][s] for s in order]
        return (self._cave_cells(view["tiles"]) + self._seat_vector(seats)
                + self._game_vector(view, rel))

    def _seat_vector(self, seats: list[dict]) -> list:
        """``pawns`` … ``score`` of the seats (in observer order), flat."""
        rc, pad, col, values = self._rc, self._pad, self._kind_col, self._values
        kinds = len(col)
        pawns: list = []
        face_down: list = []
        collected = [0] * (len(seats) * kinds)
        mammoths = [0] * (len(seats) * values)
        for i, seat in enumerate(seats):
            for name in seat["pawns"]:
                pawns += rc[name]
            pawns += pad[len(seat["pawns"])]
            face_down += seat["face_down"]["summer"], seat["face_down"]["winter"]
            for kind, count in seat.get("collected", {}).items():
                collected[i * kinds + col[kind]] = count
            for v in seat["mammoths"]:
                mammoths[i * values + v - MAMMOTH_MIN] += 1
        return (pawns + face_down + collected + [seat["weapons"] for seat in seats]
                + [seat["crates_in_hand"] for seat in seats] + mammoths
                + [seat.get("score", 0) for seat in seats])

    def _game_vector(self, view: dict, rel: tuple[int, ...]) -> list:
        """``to_move`` … ``weapons_spent``, flat."""
        n = self.n
        to_move, best = [0] * n, [0] * n
        if view["current_player"] >= 0:
            to_move[rel[view["current_player"]]] = 1
        mammoth = view["summer_best_mammoth"]
        if mammoth is not None:
            best[rel[mammoth["seat"]]] = mammoth["value"]
        out, box = [0] * (2 * KINDS), view["out_of_game"]
        for s, key in enumerate(LEFTOVERS):
            for kind, count in box[key].items():
                out[s * KINDS + CODE[kind]] = count
        return (to_move + best + self._season_hot[view["season"]]
                + self._phase_hot[view["phase"]] + [view["turn"]] + out
                + [box["weapons_spent"]])

    def observe(self, view: dict, seat: int) -> dict[str, np.ndarray]:
        """The arrays of the module doc, for ``seat``, from its ``view`` alone."""
        order, rel = self._orders[seat], self._rels[seat]
        flat = np.array(self._vector(view, order, rel), dtype=np.float32)
        out = {"board": self._board(view, order, rel)}
        for key, start, stop, shape in self._layout:
            out[key] = flat[start:stop] if shape is None else flat[start:stop].reshape(shape)
        return out

    def describe(self) -> dict[str, str]:
        """One line per observation array (the module doc has the full text)."""
        n = self.n
        return {
            "board": f"float32 ({self.channels}, {self.H}, {self.W}) hex planes (board file "
                     "grid): 0 field; 1+k face-up tile of kind code k (0 berries … 9 cave, "
                     "10–15 mammoth3–8); 17/18 summer/winter settlements; 19+i pawns of seat "
                     f"i (count); {19 + n}+i crates of seat i (seats rotated, observer 0)",
            "pawns": f"float32 ({n}, {self.P}, 2) row, col of each seat's pawns in rank "
                     "order (by field index; the action numbering's ranks), -1 absent",
            "caves": f"float32 ({self.C}, 2) row, col of cave k (by field index; jump "
                     "direction 6+k), -1 absent",
            "face_down": f"float32 ({n}, 2) face-down tiles held per season (summer, winter)",
            "collected": f"float32 ({n}, 7) face-down tiles per kind (berries … skull), "
                         "0 until the game is over",
            "weapons": f"float32 ({n},) weapons held",
            "crates_in_hand": f"float32 ({n},) crates in hand (0–4)",
            "mammoths": f"float32 ({n}, 6) mammoths taken per value 3 … 8",
            "score": f"float32 ({n},) final scores once the game is over, else 0",
            "to_move": f"float32 ({n},) one-hot seat to move (0 at set-ups and the end)",
            "best_mammoth": f"float32 ({n},) highest summer mammoth's value at its taker",
            "season": "float32 (2,) one-hot summer, winter",
            "phase": "float32 (3,) one-hot setup, play, over",
            "turn": "float32 (1,) the turn number of the view",
            "out_of_game": "float32 (2, 16) tiles removed at each season's end per kind code",
            "weapons_spent": "float32 (1,) weapons spent on mammoths",
        }
