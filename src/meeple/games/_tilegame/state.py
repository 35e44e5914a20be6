"""The turn cycle of the Carcassonne family, shared by its games.

A turn is the chance action ``draw T`` (a tile that fits nowhere is discarded at once and
another is drawn), ``place T X Y R``, then ``follower KIND LOC`` (or a game's own piece,
such as a hut) or ``pass``; then what the tile completed is scored and the next seat draws.
The game ends when the pile is empty. A game subclasses :class:`TileGameState` and adds
what closes (``_closed_by``) and how it scores (``_score_closed``, ``_score_final``: its
score module's functions); the view and the breakdown are the family's
(:mod:`.scoring`), which a game extends where it has more to show. A game with a second
tile in one turn (Hunters & Gatherers' bonus tile) sets ``extra`` while that tile is
played and overrides ``_next_turn``.
"""
from __future__ import annotations

import random
from abc import abstractmethod
from typing import TYPE_CHECKING, Callable

from ...core.action import Action
from ...core.memo import Memo
from ...core.state import CHANCE, TERMINAL, State
from ...tiles.board import Board
from ...tiles.features import Partition
from ...tiles.geometry import ROTATION_INDEX, unpack
from . import advice, narration, scoring
from . import view as views
from .legality import Legality
from .phases import DRAW, FOLLOW, OVER, PHASES, PLACE
from .notation import PASS, Notation, draw, follower

if TYPE_CHECKING:
    from typing import Self          # Python 3.11; read by the checker only

    from .game import TileGame

__all__ = ["DRAW", "FOLLOW", "OVER", "PHASES", "PLACE", "TileGameState"]
PLACE_ROWS_KEPT = 1 << 16
_PLACE_ROWS: Memo[tuple[str, int, tuple[int, ...]], tuple[Action, ...]] = Memo(PLACE_ROWS_KEPT)
"""The place actions of a type at a position for a set of rotations: a pure cache shared by
every game in the process, since a game meets most of its keys in earlier games."""


class TileGameState(Legality, State):
    """A position: the board, the pile as counts, the followers, the points and the phase."""

    game: TileGame
    notation: Notation
    words: narration.TileWords
    """The game's words for its tiles and pieces (:meth:`narrate`)."""
    phases: tuple[str, ...] = PHASES
    copied: tuple[str, ...] = ("pile", "supply", "points", "discarded")
    """The lists ``clone`` copies (every other attribute is replaced, never changed)."""

    def __init__(self, game: "TileGame", seed: int | None = None):
        super().__init__(game, seed)
        self.types, self.type_index = game.types, game.type_index
        self.board = Board(game.tileset)
        self.board.place(game.tileset.start, 0, 0, 0)
        self.pile = list(game.pile)           # remaining count per type, in types order
        self.remaining = sum(self.pile)
        self.phase = DRAW
        self.seat = 0
        self.tile: str | None = None           # the tile drawn and not yet placed
        self.last = 0                          # tile index of the tile placed last
        self.turns = 0                         # turns whose tile is placed
        self.extra = False                     # the tile in play is a second one this turn
        self.supply = [game.followers] * self.num_players
        self.points = [0] * self.num_players
        self.followers: list[tuple[int, int]] = []   # (seat, segment id) on the board
        self.pending: list[int] = []          # roots closed by the tile just placed
        self.discarded: list[str] = []
        self._placements: list[Action] | None = None
        self.setup()
        if self.remaining == 0:
            self._finish()

    def setup(self) -> None:
        """Set the game's own fields (called before an empty pile ends the game)."""

    # --- what a game adds -----------------------------------------------------------------
    def _closed_features(self, tile: int, kinds: tuple[str, ...]) -> list[int]:
        """The roots of the features of ``kinds`` on ``tile`` that have no open location
        left (each once), in the tile's segment order."""
        board = self.board
        o, base, feats = board.placed[tile], board.base[tile], board.features
        closed: list[int] = []
        for i, kind in enumerate(o.kinds):
            if kind in kinds:
                root = feats.find(base + i)
                if not feats.open[root] and root not in closed:
                    closed.append(root)
        return closed

    @abstractmethod
    def _closed_by(self, tile: int) -> list[int]:
        """The roots of the features the tile just placed completed (scored at turn end)."""

    @abstractmethod
    def _score_closed(self, roots: list[int]) -> None:
        """Score the completed features at ``roots`` and return their followers."""

    @abstractmethod
    def _score_final(self) -> None:
        """The scoring at the end of the game."""

    view = views.view
    score_breakdown = scoring.breakdown
    piece_regions = views.regions
    narrate = narration.narrate
    advice = advice.advise

    # --- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLACE or phase == FOLLOW:
            return self.seat
        return TERMINAL if phase == OVER else CHANCE

    @property
    def turn(self) -> int:
        placed = self.phase == FOLLOW or self.phase == OVER or self.extra
        return self.turns if placed else self.turns + 1

    @property
    def round(self) -> int:
        """The round under way (or just played), as players count it: every seat places
        once a round, from seat 0 on (a bonus tile is placed in its seat's turn)."""
        return (max(self.turn, 1) - 1) // self.num_players + 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.points)

    def projected_scores(self) -> list[int]:
        """The points with the final scoring of the board as it stands (incomplete
        features, farms or meadows), on a copy; all of it is public."""
        if self.is_terminal():
            return list(self.points)
        copy = self.clone()
        copy._score_final()
        return list(copy.points)

    def pile_counts(self) -> dict[str, int]:
        """The tiles left to draw, by type (the pile has no visible order)."""
        return {t: n for t, n in zip(self.types, self.pile) if n}

    def _source(self) -> tuple[list[int], int]:
        """The counts per type of the pile drawn from now, and their total."""
        return self.pile, self.remaining

    # --- actions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            return list(self._place_actions())
        if phase == FOLLOW:
            return self._occupy_actions()
        if phase == OVER:
            return []
        return [draw(t) for t, n in zip(self.types, self._source()[0]) if n]

    def _place_actions(self) -> list[Action]:
        if self._placements is None:                       # (a tile is drawn in PLACE)
            self._placements = self._compute_placements(self.tile)  # type: ignore[arg-type]
        return self._placements

    def _compute_placements(self, type_: str) -> list[Action]:
        out: list[Action] = []
        rows = _PLACE_ROWS.table                  # stored into directly, trimmed once below
        for pos, rots in self.board.placements(type_):
            row = rows.get((type_, pos, rots))
            if row is None:
                x, y = unpack(pos)
                row = rows[(type_, pos, rots)] = tuple(
                    [Action("place", type_, x, y, r * 90) for r in rots])
            out += row
        _PLACE_ROWS.trim()
        return out

    def _occupy_actions(self) -> list[Action]:
        """What may go on the tile just placed: the follower choices, then ``pass``."""
        return [*self._follower_actions(), PASS]

    def _follower_actions(self) -> list[Action]:
        """One canonical action per distinct unoccupied feature of the tile just placed."""
        return self._piece_actions(follower, self.supply, self.board.features,
                                   self.notation.follower_kinds)

    def _piece_actions(self, make: Callable[[str, str], Action], supply: list[int],
                       partition: Partition, kinds: tuple[str, ...]) -> list[Action]:
        """``make(kind, location)`` for each distinct feature (or group) of ``partition``
        on the tile just placed that holds no piece, looking at segments of ``kinds``;
        none if the seat to move has no piece of that sort in ``supply``."""
        if not supply[self.seat]:
            return []
        o = self.board.placed[self.last]
        occupants = partition.occupants
        return [make(o.kinds[i], o.locs[i][0])
                for root, i in self._heads(partition, kinds).items() if not occupants[root]]

    def _heads(self, partition: Partition, kinds: tuple[str, ...] | None = None
               ) -> dict[int, int]:
        """Each feature (or group) of the tile just placed -> its segment named first in
        notation order (the canonical name; a piece named by an alias stands there too).
        ``kinds`` limits the segments looked at."""
        board = self.board
        o, base, find = board.placed[self.last], board.base[self.last], partition.find
        heads: dict[int, int] = {}
        for i in o.order:
            if kinds is None or o.kinds[i] in kinds:
                heads.setdefault(find(base + i), i)
        return heads

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.current_player != CHANCE:
            return []
        counts, total = self._source()
        return [(draw(t), n / total) for t, n in zip(self.types, counts) if n]

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A draw weighted by the counts left, without listing every outcome."""
        counts, total = self._source()
        k = int((rng or self.rng).random() * total)
        for t, n in zip(self.types, counts):
            k -= n
            if k < 0:
                return draw(t)
        raise ValueError("no tile left to draw")

    def _apply_action(self, action: Action) -> None:
        kind = action[0]
        if kind == "draw":
            self._draw(action[1])
        elif kind == "place":
            self._place(action[1], action[2], action[3], ROTATION_INDEX[action[4]])
        else:
            if kind != "pass":
                self._occupy(action)
            self._end_turn()

    def _take(self, type_: str) -> None:
        """Take one ``type_`` off the pile drawn from now."""
        self.pile[self.type_index[type_]] -= 1
        self.remaining -= 1

    def _draw(self, type_: str) -> None:
        self._take(type_)
        if self.board.fits_somewhere(type_):
            self.tile, self._placements, self.phase = type_, None, PLACE
            return
        self.discarded.append(type_)
        scoring.discarded(self, type_)
        self._after_discard()

    def _after_discard(self) -> None:
        """A drawn tile fitted nowhere: the same seat draws again, or the pile is out."""
        if not self.remaining:
            self._finish()

    def _place(self, type_: str, x: int, y: int, rot: int) -> None:
        t = self.board.place(type_, x, y, rot)
        self.last = t
        if not self.extra:
            self.turns += 1
        self.tile, self._placements, self.phase = None, None, FOLLOW
        self.pending = self._closed_by(t)

    def _occupy(self, action: Action) -> None:
        """Put the piece of ``action`` (a follower here) on the tile just placed."""
        self._put_follower(action[2])

    def _put_follower(self, loc: str) -> None:
        board, seat = self.board, self.seat
        seg = self._head_segment(loc, board.features)
        board.features.occupy(seg, seat)
        self.supply[seat] -= 1
        self.followers = [*self.followers, (seat, seg)]

    def _head_segment(self, loc: str, partition: Partition,
                      kinds: tuple[str, ...] | None = None) -> int:
        """The segment id where a piece named by ``loc`` stands: its feature's (or group's)
        canonical segment on the tile just placed."""
        board = self.board
        base = board.base[self.last]
        root = partition.find(base + board.placed[self.last].loc_seg[loc])
        return base + self._heads(partition, kinds)[root]

    def _end_turn(self) -> None:
        if self.pending:
            self._score_closed(self.pending)
            self.pending = []
        self._next_turn()

    def _next_turn(self) -> None:
        self.seat = (self.seat + 1) % self.num_players
        if self.remaining:
            self.phase = DRAW
        else:
            self._finish()

    def _finish(self) -> None:
        self._score_final()
        self.phase, self.tile = OVER, None

    def return_followers(self, root: int) -> None:
        """Followers on the scored feature at ``root`` go back to their owners' supply."""
        for seat, _ in self.board.features.release(root):
            self.supply[seat] += 1
        find = self.board.features.find
        self.followers = [(s, g) for s, g in self.followers if find(g) != root]

    # --- notation, copies -----------------------------------------------------------------
    def parse(self, text: str) -> Action:
        return self.notation.parse(text, self.types)

    def clone(self) -> Self:
        s = type(self).__new__(type(self))
        s.__dict__.update(self.__dict__)
        s.board = self.board.copy()
        for name in self.copied:
            setattr(s, name, getattr(self, name)[:])
        self.share_rng(s)
        return s
