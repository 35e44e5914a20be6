"""Why an action is not allowed now, in words: the legality half of the shared turn cycle.

:class:`Legality` is mixed into :class:`~.state.TileGameState`; ``check`` never changes the
state. A game adds its own pieces by overriding ``_why_not_occupy`` (Hunters & Gatherers'
huts) and its own draws by overriding ``_why_not_draw``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.state import CHANCE
from ...tiles.features import Partition
from ...core.text import words
from ...tiles.geometry import ROTATION_INDEX, on_grid, pack
from ...tiles.words import PIECES, feature_word
from .phases import FOLLOW, OVER, PLACE

if TYPE_CHECKING:
    from ...tiles.board import Board
    from .notation import Notation


class Legality:
    """The reasons an action is refused (mixed into the shared state, whose fields
    ``phase``, ``tile``, ``seat``, ``last``, ``supply``, ``board`` it reads)."""

    # What it reads of the shared state (set by TileGameState; declared here for readers
    # and the type checker, not set at run time).
    phase: int
    phases: tuple[str, ...]
    tile: str | None
    seat: int
    last: int
    supply: list[int]
    board: Board
    notation: Notation
    type_index: dict[str, int]

    if TYPE_CHECKING:
        @property
        def current_player(self) -> int: ...

        def _source(self) -> tuple[list[int], int]: ...

    def check(self, action: Action) -> str | None:
        kind = action[0]
        phase = self.phase
        if phase == OVER:
            return words("the game is over")
        if kind == "draw":
            return self._why_not_draw(action)
        if phase != PLACE and phase != FOLLOW:
            return words("a tile must be drawn first (chance: draw T)")
        if kind == "place":
            return self._why_not_place(action)
        if kind == "pass" or kind == "follower" or kind in self.notation.extra:
            if phase != FOLLOW:
                return words("place the drawn tile {tile} first", tile=self.tile)
            if kind == "pass":
                return None if len(action) == 1 else words("pass takes nothing after it")
            return self._why_not_occupy(action)
        return words("unknown action {kind}", kind=repr(kind))

    def _why_not_draw(self, action: Action) -> str | None:
        if self.current_player != CHANCE:
            return words("a tile is drawn only at the start of a turn; now: {phase}",
                         phase=self.phases[self.phase])
        if len(action) != 2 or action[1] not in self.type_index:
            return words("draw takes one tile type")
        if not self._source()[0][self.type_index[action[1]]]:
            return words("no {tile} tile is left in the pile", tile=action[1])
        return None

    def _why_not_place(self, action: Action) -> str | None:
        if self.phase != PLACE:
            return words("the tile is already placed; place a follower or pass")
        if len(action) != 5:
            return words("place takes a tile type, x, y and a rotation")
        _, type_, x, y, degrees = action
        if type_ != self.tile:
            return words("the drawn tile is {tile}, not {other}", tile=self.tile, other=type_)
        if type(x) is not int or type(y) is not int or type(degrees) is not int \
                or degrees not in ROTATION_INDEX:          # a bool or float is no number
            return words("place takes integer x and y and a rotation of 0, 90, 180 or 270")
        rot = ROTATION_INDEX[degrees]
        if on_grid(x, y) and self.board.fits_at(type_, pack(x, y), rot):
            return None
        return self.board.why_not(type_, x, y, rot)

    def _why_not_occupy(self, action: Action) -> str | None:
        """Why the piece ``action`` puts on the tile just placed cannot go there."""
        if len(action) != 3:
            return words("follower takes a kind and a location")
        kind, loc = action[1], action[2]
        problem = self.notation.location_problem(kind, loc)
        if problem:
            return problem
        if not self.supply[self.seat]:
            return words("seat {seat} has no follower left", seat=self.seat)
        root = self._root_named(kind, loc, self.board.features)
        if isinstance(root, str):
            return root
        return self._taken(root, self.board.features, kind, "follower",
                           words("a feature takes followers only while empty"))

    def _root_named(self, kinds: str | tuple[str, ...], loc: str,
                    partition: Partition) -> int | str:
        """The root (in ``partition``) of the segment of the tile just placed at ``loc`` if
        it is of one of ``kinds``, else why not."""
        board = self.board
        o = board.placed[self.last]
        local = o.loc_seg.get(loc)
        if local is None or o.kinds[local] not in ((kinds,) if isinstance(kinds, str)
                                                   else kinds):
            where = ", ".join(f"{k} {' '.join(ls)}" for k, ls in zip(o.kinds, o.locs) if ls)
            what = feature_word(kinds) if isinstance(kinds, str) else _or_words(kinds)
            return words("the tile just placed has no {what} at {loc} (it has: {where})",
                         what=what, loc=loc, where=where)
        return partition.find(board.base[self.last] + local)

    @staticmethod
    def _taken(root: int, partition: Partition, kind: str, piece: str,
               why: str) -> str | None:
        """Why a ``piece`` cannot join the occupied ``kind`` at ``root``, or None if free."""
        if not partition.occupants[root]:
            return None
        seats = sorted({s for s, _ in partition.occupants[root]})
        return words("that {kind} already holds a {piece} (seat {seats}); {why}",
                     kind=feature_word(kind), piece=PIECES.get(piece, piece),
                     seats=", ".join(map(str, seats)), why=why)


def _or_words(kinds: tuple[str, ...]) -> str:
    """``"river or lake"``, translatable."""
    said = feature_word(kinds[0])
    for kind in kinds[1:]:
        said = words("{a} or {b}", a=said, b=feature_word(kind))
    return said
