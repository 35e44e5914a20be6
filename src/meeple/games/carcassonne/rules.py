"""Carcassonne (base game): the state, its moves and the turn cycle.

A turn is three actions: the chance action ``draw T`` (a tile that fits nowhere is discarded
at once and another is drawn), ``place T X Y R``, then ``follower KIND LOC`` or ``pass``,
after which the roads, cities and monasteries the tile completed are scored and their
followers return. The game ends when the pile is empty; then the final scoring
(:mod:`.score`). The board and its features are the shared engine of :mod:`meeple.tiles`;
this module adds only the rules of this game.
"""
from __future__ import annotations

import random
from pathlib import Path

from ...core.action import Action
from ...core.state import CHANCE, TERMINAL, Game, State
from ...tiles.board import Board
from ...tiles.geometry import AROUND, ROTATION_INDEX, on_grid, pack, unpack
from ...tiles.spec import TileSet
from . import notation, score
from .notation import PASS

TILESET = TileSet.load(Path(__file__).with_name("tiles.json"))
TYPES = TILESET.types
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
FOLLOWERS = 7
"""Playable followers per player (the eighth stands on the score track)."""
DRAW, PLACE, FOLLOW, OVER = 0, 1, 2, 3
PHASES = ("draw", "place", "follower", "over")
SCORED_KINDS = ("road", "city")
"""Edge features scored when they close (monasteries close by their neighbours)."""
NEAR = frozenset(AROUND) | {0}
_PLACE_ROWS: dict[tuple[str, int, tuple[int, ...]], tuple[Action, ...]] = {}
"""The place actions of a type at a position for a set of rotations (a pure cache)."""


class CarcassonneState(State):
    """A position: the board, the pile as counts, the followers, the points and the phase."""

    def __init__(self, game: "Carcassonne", seed: int | None = None):
        super().__init__(game, seed)
        self.board = Board(TILESET)
        self.board.place(TILESET.start, 0, 0, 0)
        self.pile = list(game.pile)           # remaining count per type, in TYPES order
        self.remaining = sum(self.pile)
        self.phase = DRAW
        self.seat = 0
        self.tile: str | None = None           # the tile drawn and not yet placed
        self.last = 0                          # tile index of the tile placed last
        self.turns = 0                         # tiles placed by players
        self.supply = [FOLLOWERS] * self.num_players
        self.points = [0] * self.num_players
        self.followers: list[tuple[int, int]] = []   # (seat, segment id) on the board
        self.cloisters: list[int] = []        # tile indices of monasteries not yet closed
        self.pending: list[int] = []          # roots closed by the tile just placed
        self.events: list[dict] = []          # every scoring event, in order
        self.discarded: list[str] = []
        self._placements: list[Action] | None = None
        if self.remaining == 0:
            self._finish()

    # --- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == DRAW:
            return CHANCE
        return self.seat if phase != OVER else TERMINAL

    @property
    def turn(self) -> int:
        return self.turns if self.phase == OVER or self.phase == FOLLOW else self.turns + 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.points)

    def pile_counts(self) -> dict[str, int]:
        """The tiles left to draw, by type (the pile has no visible order)."""
        return {t: n for t, n in zip(TYPES, self.pile) if n}

    # --- legality -------------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        kind = action[0]
        phase = self.phase
        if phase == OVER:
            return "the game is over"
        if kind == "draw":
            if phase != DRAW:
                return f"a tile is drawn only at the start of a turn; now: {PHASES[phase]}"
            if len(action) != 2 or action[1] not in TYPE_INDEX:
                return "draw takes one tile type"
            if not self.pile[TYPE_INDEX[action[1]]]:
                return f"no {action[1]} tile is left in the pile"
            return None
        if phase == DRAW:
            return "a tile must be drawn first (chance: draw T)"
        if kind == "place":
            return self._why_not_place(action)
        if kind == "follower" or kind == "pass":
            if phase != FOLLOW:
                return f"place the drawn tile {self.tile} first"
            return self._why_not_follower(action) if kind == "follower" else (
                None if len(action) == 1 else "pass takes nothing after it")
        return f"unknown action {kind!r}"

    def _why_not_place(self, action: Action) -> str | None:
        if self.phase != PLACE:
            return "the tile is already placed; place a follower or pass"
        if len(action) != 5:
            return "place takes a tile type, x, y and a rotation"
        _, type_, x, y, degrees = action
        if type_ != self.tile:
            return f"the drawn tile is {self.tile}, not {type_}"
        rot = ROTATION_INDEX.get(degrees)
        if rot is None or not isinstance(x, int) or not isinstance(y, int):
            return "place takes integer x and y and a rotation of 0, 90, 180 or 270"
        if on_grid(x, y) and self.board.fits_at(type_, pack(x, y), rot):
            return None
        return self.board.why_not(type_, x, y, rot)

    def _why_not_follower(self, action: Action) -> str | None:
        if len(action) != 3:
            return "follower takes a kind and a location"
        kind, loc = action[1], action[2]
        problem = notation.location_problem(kind, loc)
        if problem:
            return problem
        if not self.supply[self.seat]:
            return f"seat {self.seat} has no follower left"
        board = self.board
        o = board.placed[self.last]
        local = o.loc_seg.get(loc)
        if local is None or o.kinds[local] != kind:
            where = ", ".join(f"{k} {' '.join(ls)}" for k, ls in zip(o.kinds, o.locs))
            return f"the tile just placed has no {kind} at {loc} (it has: {where})"
        feats = board.features
        root = feats.find(board.base[self.last] + local)
        if feats.occupants[root]:
            seats = sorted({s for s, _ in feats.occupants[root]})
            return (f"that {kind} already holds a follower (seat "
                    f"{', '.join(map(str, seats))}); a feature takes followers only while empty")
        return None

    # --- actions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            return list(self._place_actions())
        if phase == FOLLOW:
            return self._follower_actions()
        if phase == DRAW:
            return [notation.draw(t) for t, n in zip(TYPES, self.pile) if n]
        return []

    def _place_actions(self) -> list[Action]:
        if self._placements is None:
            self._placements = self._compute_placements(self.tile)
        return self._placements

    def _compute_placements(self, type_: str) -> list[Action]:
        out: list[Action] = []
        rows = _PLACE_ROWS
        for pos, rots in self.board.placements(type_):
            row = rows.get((type_, pos, rots))
            if row is None:
                x, y = unpack(pos)
                row = rows[(type_, pos, rots)] = tuple(
                    notation.place(type_, x, y, r * 90) for r in rots)
            out += row
        return out

    def _follower_actions(self) -> list[Action]:
        """One canonical action per distinct unoccupied feature of the tile just placed."""
        if not self.supply[self.seat]:
            return [PASS]
        o = self.board.placed[self.last]
        occupants = self.board.features.occupants
        return [*(notation.follower(o.kinds[i], o.locs[i][0])
                  for root, i in self._feature_heads().items() if not occupants[root]), PASS]

    def _feature_heads(self) -> dict[int, int]:
        """Each feature of the tile just placed -> its segment named first in notation order
        (the canonical name; a follower named by an alias stands there too)."""
        board = self.board
        o, base, find = board.placed[self.last], board.base[self.last], board.features.find
        heads: dict[int, int] = {}
        for i in o.order:
            heads.setdefault(find(base + i), i)
        return heads

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase != DRAW:
            return []
        total = self.remaining
        return [(notation.draw(t), n / total) for t, n in zip(TYPES, self.pile) if n]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A draw weighted by the counts left, without listing every outcome."""
        k = int((rng or self.rng).random() * self.remaining)
        for t, n in zip(TYPES, self.pile):
            k -= n
            if k < 0:
                return notation.draw(t)
        raise ValueError("no tile left to draw")

    def apply_unchecked(self, action: Action) -> None:
        kind = action[0]
        if kind == "draw":
            self._draw(action[1])
        elif kind == "place":
            self._place(action[1], action[2], action[3], ROTATION_INDEX[action[4]])
        elif kind == "follower":
            self._put_follower(action[2])
            self._end_turn()
        else:
            self._end_turn()

    def _draw(self, type_: str) -> None:
        self.pile[TYPE_INDEX[type_]] -= 1
        self.remaining -= 1
        if self.board.fits_somewhere(type_):
            self.tile, self._placements, self.phase = type_, None, PLACE
            return
        self.discarded.append(type_)
        if not self.remaining:
            self._finish()

    def _place(self, type_: str, x: int, y: int, rot: int) -> None:
        board = self.board
        t = board.place(type_, x, y, rot)
        self.last, self.turns = t, self.turns + 1
        self.tile, self._placements, self.phase = None, None, FOLLOW
        o, base, feats = board.placed[t], board.base[t], board.features
        pending: list[int] = []
        for i, kind in enumerate(o.kinds):
            if kind in SCORED_KINDS:
                root = feats.find(base + i)
                if not feats.open[root] and root not in pending:
                    pending.append(root)
        if o.centre >= 0 and o.kinds[o.centre] == "monastery":
            self.cloisters = [*self.cloisters, t]
        if self.cloisters:
            pos, positions = board.positions[t], board.positions
            for m in self.cloisters:
                if positions[m] - pos in NEAR and board.surrounding(m) == 8:
                    pending.append(board.base[m] + board.placed[m].centre)
                    self.cloisters = [c for c in self.cloisters if c != m]
        self.pending = pending

    def _put_follower(self, loc: str) -> None:
        board, seat = self.board, self.seat
        base = board.base[self.last]
        root = board.features.find(base + board.placed[self.last].loc_seg[loc])
        seg = base + self._feature_heads()[root]
        board.features.occupy(seg, seat)
        self.supply[seat] -= 1
        self.followers = [*self.followers, (seat, seg)]

    def _end_turn(self) -> None:
        if self.pending:
            score.score_closed(self, self.pending)
            self.pending = []
        self.seat = (self.seat + 1) % self.num_players
        if self.remaining:
            self.phase = DRAW
        else:
            self._finish()

    def _finish(self) -> None:
        score.score_final(self)
        self.phase, self.tile = OVER, None

    def return_followers(self, root: int) -> None:
        """Followers on the scored feature at ``root`` go back to their owners' supply."""
        for seat, _ in self.board.features.release(root):
            self.supply[seat] += 1
        find = self.board.features.find
        self.followers = [(s, g) for s, g in self.followers if find(g) != root]

    # --- notation, copies and views -------------------------------------------------------
    def parse(self, text: str) -> Action:
        return notation.parse(text, TYPES)

    def clone(self) -> "CarcassonneState":
        s = CarcassonneState.__new__(CarcassonneState)
        s.__dict__.update(self.__dict__)
        s.board = self.board.copy()
        s.pile, s.supply, s.points = self.pile[:], self.supply[:], self.points[:]
        s.events, s.discarded = self.events[:], self.discarded[:]
        s.rng = random.Random.__new__(random.Random)   # no OS seeding: the state is set next
        s.rng.setstate(self.rng.getstate())
        return s

    def determinize(self, player: int, rng: random.Random) -> "CarcassonneState":
        """A copy whose future draws come from ``rng``: the pile order is unknown to all."""
        s = self.clone()
        s.rng = random.Random(rng.getrandbits(64))
        return s

    def view(self, player: int | None) -> dict:
        return score.view(self, player)

    def score_breakdown(self) -> dict:
        return score.breakdown(self)


class Carcassonne(Game):
    """Carcassonne, base game: 72 tiles, 2–5 players, 7 followers each.

    Option ``deck``: ``{tile_type: count}`` replacing the draw pile (the start tile D is
    placed separately and always), for short games and tests.
    """

    name = "carcassonne"
    title = "Carcassonne"
    min_players, max_players, default_players = 2, 5, 2
    state_class = CarcassonneState
    tileset = TILESET

    def validate_config(self) -> None:
        unknown = set(self.config) - {"deck"}
        if unknown:
            raise ValueError(f"carcassonne takes only the option 'deck', got {sorted(unknown)}")
        deck = self.config.get("deck")
        if deck is None:
            pile = TILESET.pile()
        else:
            if not isinstance(deck, dict):
                raise ValueError("config.deck must be an object {tile_type: count}")
            for t, n in deck.items():
                if t not in TYPE_INDEX:
                    raise ValueError(f"config.deck: unknown tile type {t!r}; types: "
                                     f"{' '.join(TYPES)}")
                if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                    raise ValueError(f"config.deck: count of {t} must be a whole number ≥ 0")
            pile = {t: deck.get(t, 0) for t in TYPES}
        self.pile = tuple(pile[t] for t in TYPES)

    def greedy_action(self, state: State, rng: random.Random) -> Action:
        from .policy import greedy_action
        return greedy_action(state, rng)

    def evaluate(self, state: State, seat: int) -> float:
        from .policy import evaluate
        return evaluate(state, seat)

    def render(self, state: State, seat: int | None = None) -> str:
        from .render import render
        return render(state, seat)

    def legal_help(self, state: State) -> str:
        from .render import legal_help
        return legal_help(state)


__all__ = ["Carcassonne", "CarcassonneState", "TILESET", "TYPES"]
