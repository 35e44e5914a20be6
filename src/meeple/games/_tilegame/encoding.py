"""The RL encoding the two tile games share: Carcassonne and Carcassonne: Hunters and Gatherers.

Both games share the turn cycle of :mod:`meeple.games._tilegame` (draw, place, then a
piece or ``pass``), so one base class, :class:`TileEncoding`, numbers their actions and
draws their boards; each game's own ``encoding`` module (``CarcassonneEncoding``,
``HuntersGatherersEncoding``) adds what it has of its own (H&G: huts, the bonus pile, the
bonus step). Imported only by ``Game.encoding()``: it needs numpy and Gymnasium (the
extra ``rl``), which the rest of the engine never imports.

Action numbering
----------------
``N`` is the number of tiles that can ever be placed besides the start tile: the size of the
draw pile of the game's config (the ``deck`` option if given, else the full pile: 71 in
Carcassonne, 78 in H&G) plus, in H&G, the bonus pile (``bonus_deck`` if given, else 12).
Every tile lies within ``N`` steps of the start tile, so every legal placement has
``|X| <= N`` and ``|Y| <= N``; ``S = 2N + 1`` is the side of that square.

1. ``place T X Y R`` — indices ``0 .. 4 S² - 1``::

       index = ((Y + N) * S + (X + N)) * 4 + R // 90

   The tile type ``T`` is not part of the index: it is always the drawn tile, read from the
   state (``index`` raises ValueError for a ``T`` other than the drawn tile, or when no tile
   is drawn; ``action`` gives None for a place index when no tile is drawn).
2. ``follower KIND LOC`` — one index per (kind, location) the notation allows, in this
   order from ``F0 = 4 S²``:

   - Carcassonne (17): ``road N E S W``, ``city N E S W``, ``monastery C``,
     ``field Nw Ne En Es Se Sw Ws Wn``;
   - H&G (16): ``forest N E S W``, ``river N E S W``, ``meadow Nw Ne En Es Se Sw Ws Wn``.
   The ``i``-th pair of that list has index ``F0 + i``.
3. H&G only: ``hut LOC`` for ``LOC`` in ``N E S W C`` (5 indices, after the followers).
4. ``pass`` — the last index, ``size - 1``.

A feature touched by several locations of the tile just placed has several spellings; the
engine's legal action uses its canonical one (its first location in the order ``N E S W``,
``Nw … Wn``, ``C``), and that index is the one the mask allows. Another spelling of the same
feature (``follower road W`` for a road whose canonical name is ``follower road E``) has its
own literal index, which the mask never allows; ``action`` maps each index back to its
literal spelling. There are no other player actions in either game (``draw`` is chance,
also H&G's bonus draw; the bonus tile is placed and occupied with the same three verbs), so
``index`` raises ValueError for ``draw`` and anything malformed.

Sizes: Carcassonne ``4·143² + 17 + 1 = 81814`` (full pile), H&G ``4·181² + 16 + 5 + 1 =
131066`` (full piles); smaller with ``deck``/``bonus_deck``. The player count does not
change the numbering.

Observation
-----------
Every seat-indexed array is rotated: index 0 is the observing seat, 1 the next seat, and so
on (``(s - seat) % n``). ``T`` is the number of tile types (``game.types``: Carcassonne 24,
H&G 84 with the start and bonus types), ``n`` the player count, ``P`` the phases.

- ``board`` — ``int8[C, 3(2r+1), 3(2r+1)]``, ``r`` = the ``radius`` argument (default 8,
  so 51×51). A window of ``(2r+1)²`` tiles, each drawn as 3×3 cells (row-major: ``NW N NE /
  W C E / SW S SE``), centred on the centre of the bounding box of the placed tiles
  (``floor((min + max) / 2)`` per axis). The window's top-left tile is ``origin``: cell
  ``(row, col)`` lies on tile ``(origin[0] + col // 3, origin[1] + row // 3)``. Channels,
  in this order (``C`` = ``n + 8`` in Carcassonne, ``2n + 17`` in H&G with its default
  tile set; ``enc.channels`` names them, ``enc.channel[name]`` gives an index):

  - ``tile``: 1 on the 9 cells of every placed tile;
  - one channel per terrain kind of the tile set (Carcassonne ``road city field
    monastery``, H&G ``forest river meadow lake``), 1 where it lies: an edge cell shows the
    kind across that edge (a road, city, river, forest), else the kind of its half-edges
    (field, meadow); a corner cell shows the kind of its two half-edges (``Nw``/``Wn`` in
    the NW corner, and so on), or the edge kind of both neighbouring edges when one segment
    joins them (a city across a corner), else nothing; the centre shows a centre kind
    (monastery, lake; also a lake that no location names), else the segment through most
    edges (at least 2), else the field/meadow with most half-edges;
  - one channel per symbol counted on segments (Carcassonne ``pennant``; H&G ``nugget
    mushrooms fish spring deer mammoth aurochs tiger fire shrine``, as the tile set has
    them): the count on the segment, at the cell of the segment's first location (its
    canonical name; the centre for a segment without locations), summed where two segments
    share a cell;
  - ``last``: 1 on the 9 cells of the tile placed last (the last entry of the view's
    board: in the follower phase, the tile the follower/hut locations refer to);
  - ``follower`` × ``n`` (rotated): 1 at the cell of each follower's location (an edge cell
    for roads, cities, forests, rivers; a corner cell for fields and meadows, so farmers and
    hunters are told apart by their cell; the centre for a monk);
  - H&G: ``hut`` × ``n`` (rotated): 1 at the cell of each hut's location;
  - ``fits``: 1 on the 9 cells of every empty position where the drawn tile fits in some
    rotation (phase ``place`` only, else 0). The view lists no legal spots; this plane is
    derived from the view's ``board`` and ``tile`` alone, matching edges with the tile
    set's static tables, exactly as the engine does.

  Followers, huts and tiles outside the window are not drawn.
- ``origin`` — ``float32[2]``: the ``(X, Y)`` of the window's top-left tile (integers).
- ``tile`` — ``int8[T]``: one-hot of the drawn tile's type, zeros when none is drawn.
- ``pile`` — ``float32[T]``: tiles of each type still in the (land) draw pile.
- ``remaining`` — ``float32[1]``: tiles left in the (land) draw pile.
- ``discarded`` — ``float32[T]``: tiles of each type discarded so far (they fit nowhere).
- ``supply`` — ``int8[n]`` (rotated): followers in hand.
- ``scores`` — ``float32[n]`` (rotated): points so far.
- ``active`` — ``int8[n]`` (rotated): one-hot of the seat whose turn it is.
- ``phase`` — ``int8[P]``: one-hot of the phase (``draw place follower over``, H&G also
  ``bonus``: a bonus tile is being drawn).
- H&G: ``huts`` — ``int8[n]`` (rotated): huts in hand; ``bonus_pile`` — ``float32[T]``:
  bonus tiles of each type left; ``bonus_left`` — ``float32[1]``: bonus tiles left;
  ``bonus_tile`` — ``int8[1]``: 1 while the tile in play is a bonus tile.

No order of either pile reaches the observation: the view shows the piles as counts only.

Speed: the static channels (tile, terrain, symbols) of every tile are precomputed per
(type, rotation) as a 3×3 stamp, drawn once onto a canvas kept per encoding; an observation
copies the window out of it. The canvas is reused only while the view's board list (in
placement order) extends the boards already drawn, and is redrawn otherwise, so it can never
give a different answer from drawing from scratch.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from ...core.encoding import Encoding
from ...tiles.board import Board
from ...tiles.geometry import CENTRE, EDGES, HALVES, ROTATION_INDEX, unpack
from ...tiles.spec import CENTRE_CLASS, Orientation
from .notation import PASS, follower, place

if TYPE_CHECKING:
    from ...core.action import Action
    from .game import TileGame
    from .state import TileGameState

CELLS = 3
"""Cells per tile side."""
EDGE_CELL = {"N": (0, 1), "E": (1, 2), "S": (2, 1), "W": (1, 0)}
HALF_CELL = {"Nw": (0, 0), "Ne": (0, 2), "En": (0, 2), "Es": (2, 2),
             "Se": (2, 2), "Sw": (2, 0), "Ws": (2, 0), "Wn": (0, 0)}
LOC_CELL = {**EDGE_CELL, **HALF_CELL, CENTRE: (1, 1)}
"""The cell (row, column) of a tile that each location name is drawn on."""
CORNERS = (((0, 0), ("Nw", "Wn"), (0, 3)), ((0, 2), ("Ne", "En"), (0, 1)),
           ((2, 2), ("Es", "Se"), (1, 2)), ((2, 0), ("Sw", "Ws"), (2, 3)))
"""Each corner cell with its two half-edges and its two edges (indices into N E S W)."""
EXTENT = 12
"""Tiles from the start tile the canvas covers at first (beyond the window's radius)."""
SYMBOL_ORDER = ("pennant", "nugget", "mushrooms", "fish", "spring", "deer", "mammoth",
                "aurochs", "tiger", "fire", "shrine")
"""The order of the symbol channels (a symbol of another tile set follows, by name)."""
SYMBOL_CAP = 127
"""Largest symbol count an int8 cell holds (no real tile comes close)."""


class TileEncoding(Encoding["TileGameState"]):
    """What the two tile games share: the place/follower/pass numbering and the board planes.

    A subclass names its extra fixed actions (:meth:`extra_actions`), its extra board
    channels and arrays (:meth:`_extra_spaces`, :meth:`_draw_extra`, :meth:`_observe_extra`)
    and the tiles that can be placed besides the draw pile (:meth:`extra_tiles`).
    """

    game: TileGame
    piece_channels: tuple[str, ...] = ()
    """Names of extra per-seat board channels (one channel per seat each), after followers."""

    def __init__(self, game: TileGame, radius: int = 8):
        super().__init__(game)
        if not isinstance(radius, int) or isinstance(radius, bool) or radius < 0:
            raise ValueError(f"radius must be a whole number >= 0, not {radius!r}")
        self.radius = radius
        self.n = game.players
        self.types: tuple[str, ...] = game.types
        self.type_index: dict[str, int] = dict(game.type_index)
        self.tileset = game.tileset
        self.bound = sum(game.pile) + self.extra_tiles()
        self.side = 2 * self.bound + 1
        self.n_place = 4 * self.side * self.side
        notation = game.state_class.notation
        fixed = [follower(k, loc) for k, locs in notation.kind_locations.items() for loc in locs]
        fixed += [*self.extra_actions(), PASS]
        self.fixed: tuple[Action, ...] = tuple(fixed)
        self.fixed_index = {a: self.n_place + i for i, a in enumerate(fixed)}
        self.size = self.n_place + len(fixed)
        self.phases: tuple[str, ...] = tuple(game.state_class.phases)
        self.phase_index = {p: i for i, p in enumerate(self.phases)}
        self._build_channels()
        self._build_stamps()
        self._reset_canvas(min(self.bound, EXTENT) + radius)

    # --- what a game adds -----------------------------------------------------------------
    def extra_tiles(self) -> int:
        """Tiles placeable besides the draw pile (H&G: the bonus pile)."""
        return 0

    def extra_actions(self) -> list[Action]:
        """Fixed actions numbered after the followers and before ``pass``."""
        return []

    # --- actions --------------------------------------------------------------------------
    def index(self, state: TileGameState, action: Action) -> int:
        """The index of ``action`` in ``state`` (see the module's docstring);
        ValueError if the numbering has none for it."""
        if len(action) == 5 and action[0] == "place":
            return self._place_index(state, action)
        try:
            i = self.fixed_index.get(action)
        except TypeError:                       # an unhashable part: no action of ours
            i = None
        if i is None:
            raise ValueError(f"no index for {action!r} in {self.game.name}")
        return i

    def _place_index(self, state: TileGameState, action: Action) -> int:
        _, type_, x, y, degrees = action
        bound = self.bound
        if (type_ is None or type_ != getattr(state, "tile", None) or type(x) is not int
                or type(y) is not int or type(degrees) is not int
                or degrees not in ROTATION_INDEX or not -bound <= x <= bound
                or not -bound <= y <= bound):
            raise ValueError(f"no index for {action!r}: the index holds a place of the drawn "
                             f"tile within |X|, |Y| <= {bound} only")
        return ((y + bound) * self.side + x + bound) * 4 + degrees // 90

    def action(self, state: TileGameState, index: int) -> Action | None:
        """The action ``index`` stands for in ``state``; None for a place index while no
        tile is drawn. ValueError for an index outside ``0 .. size - 1``."""
        if not 0 <= index < self.size:
            raise ValueError(f"index {index} is outside 0 .. {self.size - 1}")
        if index >= self.n_place:
            return self.fixed[index - self.n_place]
        tile = getattr(state, "tile", None)
        if tile is None:
            return None
        cell, r = divmod(index, 4)
        y, x = divmod(cell, self.side)
        return place(tile, x - self.bound, y - self.bound, 90 * r)

    def legal(self, state: TileGameState) -> dict[int, Action]:
        """``{index: action}`` of the legal actions (the base class's result, with the
        place indices computed in one pass)."""
        if state.current_player < 0:
            return {}
        actions = state.legal_actions()
        if actions and actions[0][0] == "place":
            bound, side, tile = self.bound, self.side, state.tile
            try:
                cells = [((a[3] + bound) * side + a[2] + bound) * 4 + a[4] // 90
                         for a in actions if a[1] == tile
                         and -bound <= a[2] <= bound and -bound <= a[3] <= bound]
            except TypeError:
                cells = None
            if cells is not None and len(cells) == len(actions):
                return dict(zip(cells, actions))
        index = self.index
        return {index(state, action): action for action in actions}

    # --- observation layout ---------------------------------------------------------------
    def _build_channels(self) -> None:
        """Name every board channel: tile, terrain kinds, symbols, last, pieces, fits."""
        ts = self.tileset
        self.kinds = tuple(ts.kinds)
        symbols: list[str] = []
        for tile in ts.tiles.values():
            for seg in tile.segments:
                for key in seg.attrs:
                    if key not in symbols and key not in ts.kinds:
                        symbols.append(key)
        rank = {k: i for i, k in enumerate(SYMBOL_ORDER)}
        self.symbols = tuple(sorted(symbols, key=lambda k: (rank.get(k, len(rank)), k)))
        static = ["tile", *self.kinds, *self.symbols]
        self.n_static = len(static)
        dynamic = ["last", *(f"follower{s}" for s in range(self.n))]
        for name in self.piece_channels:
            dynamic += [f"{name}{s}" for s in range(self.n)]
        dynamic.append("fits")
        self.channels: tuple[str, ...] = (*static, *dynamic)
        self.channel = {name: i for i, name in enumerate(self.channels)}
        span = 2 * self.radius + 1
        self.cells = CELLS * span
        self._blocks = np.array([[(CELLS * ty + dr) * self.cells + CELLS * tx + dc
                                  for dr in range(CELLS) for dc in range(CELLS)]
                                 for ty in range(span) for tx in range(span)], dtype=np.intp)
        """Per window tile ``ty * span + tx``: the flat indices of its 9 cells in a plane."""

    def _build_stamps(self) -> None:
        """The static 3×3 stamp of every (type, rotation), and the per-channel maxima."""
        self.stamps: dict[tuple[str, int], np.ndarray] = {}
        high = np.ones(self.n_static, dtype=np.int64)
        for t, tile in self.tileset.tiles.items():
            for o in tile.orientations:
                stamp = self._stamp(o)
                self.stamps[(t, o.degrees)] = stamp
                np.maximum(high, stamp.reshape(self.n_static, -1).max(axis=1), out=high)
        self.static_high = high

    def _stamp(self, o: Orientation) -> np.ndarray:
        """The static channels of orientation ``o`` on its 3×3 cells."""
        stamp = np.zeros((self.n_static, CELLS, CELLS), dtype=np.int64)
        stamp[0] = 1
        kind_ch = {k: 1 + i for i, k in enumerate(self.kinds)}
        for d, name in enumerate(EDGES):
            seg = o.edge_seg[d]
            if seg < 0:
                seg = next((s for s in (o.half_seg[2 * d], o.half_seg[2 * d + 1]) if s >= 0), -1)
            if seg >= 0:
                stamp[(kind_ch[o.kinds[seg]], *EDGE_CELL[name])] = 1
        for cell, halves, (d1, d2) in CORNERS:
            segs = [o.half_seg[HALVES.index(h)] for h in halves]
            segs = [s for s in segs if s >= 0]
            if not segs and o.edge_seg[d1] >= 0 and o.edge_seg[d1] == o.edge_seg[d2]:
                segs = [o.edge_seg[d1]]
            for s in segs:
                stamp[(kind_ch[o.kinds[s]], *cell)] = 1
        for s in self._centre_segments(o):
            stamp[kind_ch[o.kinds[s]], 1, 1] = 1
        sym_ch = {k: 1 + len(self.kinds) + i for i, k in enumerate(self.symbols)}
        for i, attrs in enumerate(o.attrs):
            cell = LOC_CELL[o.locs[i][0]] if o.locs[i] else (1, 1)
            for key, count in (attrs or {}).items():
                if key in sym_ch:
                    stamp[(sym_ch[key], *cell)] += count
        return np.minimum(stamp, SYMBOL_CAP).astype(np.int8)

    def _centre_segments(self, o: Orientation) -> list[int]:
        """The segments drawn on the centre cell (see the module's docstring)."""
        centre_kinds = [i for i, k in enumerate(o.kinds) if self.tileset.kinds[k] == CENTRE_CLASS
                        and (i == o.centre or not o.locs[i])]
        if centre_kinds:
            return centre_kinds
        edges = [sum(loc in EDGE_CELL for loc in locs) for locs in o.locs]
        if edges and max(edges) >= 2:
            return [edges.index(max(edges))]
        halves = [sum(loc in HALF_CELL for loc in locs) for locs in o.locs]
        if halves and max(halves) >= 1:
            return [halves.index(max(halves))]
        return []

    def observation_spaces(self) -> dict[str, spaces.Box]:
        n, types = self.n, len(self.types)
        high = np.ones((len(self.channels), self.cells, self.cells), dtype=np.int8)
        high[:self.n_static] = self.static_high[:, None, None]
        pile = np.array(self.game.pile, dtype=np.float32)
        far = float(self.bound + self.radius)
        out: dict[str, spaces.Box] = {
            "board": spaces.Box(0, high, dtype=np.int8),
            "origin": spaces.Box(-far, far, shape=(2,), dtype=np.float32),
            "tile": flags(types),
            "pile": spaces.Box(np.zeros(types, np.float32), pile, dtype=np.float32),
            "remaining": spaces.Box(0.0, float(sum(self.game.pile)), shape=(1,),
                                    dtype=np.float32),
            "discarded": spaces.Box(np.zeros(types, np.float32), pile + self._extra_pile(),
                                    dtype=np.float32),
            "supply": spaces.Box(0, self.game.followers, shape=(n,), dtype=np.int8),
            "scores": spaces.Box(0.0, np.inf, shape=(n,), dtype=np.float32),
            "active": flags(n),
            "phase": flags(len(self.phases)),
        }
        out.update(self._extra_spaces())
        return out

    def _extra_pile(self) -> np.ndarray:
        """Per type, tiles that can be drawn besides the draw pile (H&G: bonus tiles)."""
        return np.zeros(len(self.types), np.float32)

    def _extra_spaces(self) -> dict[str, spaces.Box]:
        return {}

    def describe(self) -> dict[str, str]:
        r, c = self.radius, self.cells
        out = {
            "board": (f"int8[{len(self.channels)}, {c}, {c}]: a window of {2 * r + 1}x{2 * r + 1} "
                      f"tiles centred on the placed tiles' bounding box, 3x3 cells per tile "
                      f"(NW N NE / W C E / SW S SE); channels {', '.join(self.channels)} "
                      "(seat channels rotated: 0 = the observer)"),
            "origin": "float32[2]: (X, Y) of the window's top-left tile; cell (row, col) is "
                      "tile (X + col // 3, Y + row // 3)",
            "tile": "int8[types]: one-hot of the drawn tile's type (zeros when none)",
            "pile": "float32[types]: tiles of each type left in the draw pile",
            "remaining": "float32[1]: tiles left in the draw pile",
            "discarded": "float32[types]: tiles of each type discarded (fitting nowhere)",
            "supply": "int8[players]: followers in hand, rotated (0 = the observer)",
            "scores": "float32[players]: points, rotated",
            "active": "int8[players]: one-hot of the seat whose turn it is, rotated",
            "phase": f"int8[{len(self.phases)}]: one-hot of the phase "
                     f"({' '.join(self.phases)})",
        }
        out.update(self._extra_describe())
        return out

    def _extra_describe(self) -> dict[str, str]:
        return {}

    # --- observing ------------------------------------------------------------------------
    def observe(self, view: dict, seat: int) -> dict[str, np.ndarray]:
        n = self.n
        board = self._board(view, seat)
        ox, oy = self._origin
        types, ti = len(self.types), self.type_index
        tile = np.zeros(types, dtype=np.int8)
        if view["tile"] is not None:
            tile[ti[view["tile"]]] = 1
        discarded = np.zeros(types, dtype=np.float32)
        for t in view["discarded"]:
            discarded[ti[t]] += 1
        active = np.zeros(n, dtype=np.int8)
        active[(view["active"] - seat) % n] = 1
        phase = np.zeros(len(self.phases), dtype=np.int8)
        phase[self.phase_index[view["phase"]]] = 1
        out = {
            "board": board,
            "origin": np.array((ox, oy), dtype=np.float32),
            "tile": tile,
            "pile": self._counts(view["pile"]),
            "remaining": np.array((view["remaining"],), dtype=np.float32),
            "discarded": discarded,
            "supply": np.array(rotated(view["supply"], seat), dtype=np.int8),
            "scores": np.array(rotated(view["scores"], seat), dtype=np.float32),
            "active": active,
            "phase": phase,
        }
        self._observe_extra(view, seat, out)
        return out

    def _observe_extra(self, view: dict, seat: int, out: dict[str, np.ndarray]) -> None:
        """Add the game's own arrays to ``out``."""

    def _counts(self, counts: dict[str, int]) -> np.ndarray:
        """``{type: count}`` as ``float32[types]``."""
        out = np.zeros(len(self.types), dtype=np.float32)
        ti = self.type_index
        for t, k in counts.items():
            out[ti[t]] = k
        return out

    def _board(self, view: dict, seat: int) -> np.ndarray:
        """The board planes of ``view`` for ``seat``; sets ``self._origin``."""
        tiles = view["board"]
        self._sync(tiles)
        r = self.radius
        ox = (self._box[0] + self._box[2]) // 2 - r
        oy = (self._box[1] + self._box[3]) // 2 - r
        self._origin = (ox, oy)
        span = 2 * r + 1
        e = self._extent
        row, col = CELLS * (oy + e), CELLS * (ox + e)
        out = np.zeros((len(self.channels), self.cells, self.cells), dtype=np.int8)
        out[:self.n_static] = self._canvas[:, row:row + self.cells, col:col + self.cells]
        tx, ty = tiles[-1]["x"] - ox, tiles[-1]["y"] - oy
        if 0 <= tx < span and 0 <= ty < span:
            out[self.channel["last"], CELLS * ty:CELLS * ty + CELLS,
                CELLS * tx:CELLS * tx + CELLS] = 1
        self._draw_pieces(out, view["followers"], self.channel["follower0"], seat)
        self._draw_extra(out, view, seat)
        if view["phase"] == "place" and view["tile"] is not None:
            self._draw_fits(out, view["tile"])
        return out

    def _draw_extra(self, out: np.ndarray, view: dict, seat: int) -> None:
        """Draw the game's own per-seat pieces."""

    def _draw_pieces(self, out: np.ndarray, pieces: list[dict], first: int, seat: int) -> None:
        """1 at the cell of each piece's location, in channel ``first + rotated seat``."""
        ox, oy = self._origin
        span, n, cells = 2 * self.radius + 1, self.n, self.cells
        flat, plane = out.reshape(-1), cells * cells
        for p in pieces:
            tx, ty = p["x"] - ox, p["y"] - oy
            if 0 <= tx < span and 0 <= ty < span:
                dr, dc = LOC_CELL[p["location"]]
                flat[(first + (p["seat"] - seat) % n) * plane
                     + (CELLS * ty + dr) * cells + CELLS * tx + dc] = 1

    def _draw_fits(self, out: np.ndarray, type_: str) -> None:
        """The ``fits`` plane: the empty positions where ``type_`` fits in some rotation
        (the engine's own :meth:`~meeple.tiles.board.Board.placements` on the board laid
        again from the view)."""
        ox, oy = self._origin
        span = 2 * self.radius + 1
        ids = []
        for pos, _ in self._laid.placements(type_):
            x, y = unpack(pos)
            if 0 <= x - ox < span and 0 <= y - oy < span:
                ids.append((y - oy) * span + x - ox)
        if ids:
            out[self.channel["fits"]].reshape(-1)[self._blocks[ids]] = 1

    # --- the cached canvas ----------------------------------------------------------------
    def _reset_canvas(self, extent: int) -> None:
        """An empty canvas covering tiles ``-extent .. extent`` on both axes."""
        side = CELLS * (2 * extent + 1)
        self._extent = extent
        self._canvas = np.zeros((self.n_static, side, side), dtype=np.int8)
        self._drawn: list[dict] = []
        self._box = (0, 0, 0, 0)
        self._laid = Board(self.tileset)
        """The drawn tiles laid again on an engine board (for where a tile fits)."""

    def _sync(self, tiles: list[dict]) -> None:
        """Make the canvas hold exactly ``tiles``: draw only the new ones if ``tiles``
        extends what is drawn (the view lists tiles in placement order), else redraw."""
        drawn = self._drawn
        k = len(drawn)
        if len(tiles) < k or tiles[:k] != drawn:
            self._clear()
            k = 0
        for entry in tiles[k:]:
            self._draw_tile(entry)

    def _clear(self) -> None:
        """Empty the canvas where tiles were drawn (cheaper than a new canvas)."""
        if self._drawn:
            e = self._extent
            x0, y0, x1, y1 = self._box
            self._canvas[:, CELLS * (y0 + e):CELLS * (y1 + e + 1),
                         CELLS * (x0 + e):CELLS * (x1 + e + 1)] = 0
        self._drawn = []
        self._box = (0, 0, 0, 0)
        self._laid = Board(self.tileset)

    def _draw_tile(self, entry: dict) -> None:
        """Stamp one placed tile and update the bounding box and the open positions."""
        x, y, type_, degrees = entry["x"], entry["y"], entry["type"], entry["rotation"]
        need = max(abs(x), abs(y)) + self.radius
        if need > self._extent:
            self._grow(max(need, min(2 * self._extent, self.bound + self.radius)))
        e = self._extent
        row, col = CELLS * (y + e), CELLS * (x + e)
        self._canvas[:, row:row + CELLS, col:col + CELLS] = self.stamps[(type_, degrees)]
        if self._drawn:
            x0, y0, x1, y1 = self._box
            self._box = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
        else:
            self._box = (x, y, x, y)
        self._drawn.append(dict(entry))
        self._laid.place(type_, x, y, ROTATION_INDEX[degrees])

    def _grow(self, extent: int) -> None:
        """A larger canvas (``extent`` tiles each way) holding what is drawn."""
        old, e = self._canvas, self._extent
        side = CELLS * (2 * extent + 1)
        canvas = np.zeros((self.n_static, side, side), dtype=np.int8)
        off = CELLS * (extent - e)
        canvas[:, off:off + old.shape[1], off:off + old.shape[2]] = old
        self._canvas, self._extent = canvas, extent


def rotated(values: list, seat: int) -> list:
    """``values`` per seat, rotated so that ``seat`` comes first."""
    return values[seat:] + values[:seat]


def flags(size: int) -> spaces.Box:
    """A Box of ``size`` 0/1 flags."""
    return spaces.Box(0, 1, shape=(size,), dtype=np.int8)
