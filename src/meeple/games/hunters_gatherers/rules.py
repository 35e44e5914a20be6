"""Carcassonne: Hunters and Gatherers: huts, river systems and bonus tiles on the family's
shared turn cycle.

A turn is ``draw T`` (a land tile; one that fits nowhere is discarded and another drawn),
``place T X Y R``, then ``follower KIND LOC`` (gatherer in a forest, fisher on a river,
hunter in a meadow), ``hut LOC`` (on a river or lake: one hut per river system) or
``pass``. Then the rivers and forests the tile completed are scored (:mod:`.score`) and
their gatherers and fishers return. If a completed forest holds a gold nugget, the same
player draws a bonus tile (the chance action ``draw B..`` from the bonus pile), places it
and may put a follower or hut on it, once per turn. The game ends after the turn of the
last land tile; then huts score their river systems and hunters their meadows.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.state import CHANCE
from ...core.text import words
from .._tilegame.notation import PASS
from .._tilegame.phases import DRAW, FOLLOW, OVER, PHASES, PLACE
from .._tilegame.state import TileGameState
from . import score, view as views
from .notation import NOTATION, hut
from .words import WORDS, narrate_hg

if TYPE_CHECKING:
    from ...tiles.board import GroupedBoard
    from .game import HuntersGatherers

FOLLOWERS = 5
"""Playable tribe members per player (the sixth stands on the score track)."""
HUTS = 2
BONUS = 4
"""The phase in which the chance action draws a bonus tile."""
SCORED_KINDS = ("forest", "river")
WATER = ("river", "lake")
"""The kinds a hut stands on (and a river system joins)."""


class HuntersGatherersState(TileGameState):
    """A position: the shared turn state plus the bonus pile, the huts and the bonus step."""

    game: HuntersGatherers
    board: GroupedBoard                  # the tile set groups rivers and lakes into systems
    notation = NOTATION
    phases = (*PHASES, "bonus")
    copied = (*TileGameState.copied, "bonus", "hut_supply")

    def setup(self) -> None:
        self.bonus = list(self.game.bonus_pile)   # bonus tiles left per type
        self.bonus_left = sum(self.bonus)
        self.hut_supply = [HUTS] * self.num_players
        self.huts: list[tuple[int, int]] = []     # (seat, segment id) of every hut
        self.gold = False                         # the tile just placed closed a nugget forest

    # --- piles ----------------------------------------------------------------------------
    def _source(self) -> tuple[list[int], int]:
        if self.phase == BONUS:
            return self.bonus, self.bonus_left
        return self.pile, self.remaining

    def _take(self, type_: str) -> None:
        if self.phase == BONUS:
            self.bonus[self.type_index[type_]] -= 1
            self.bonus_left -= 1
        else:
            super()._take(type_)

    def bonus_counts(self) -> dict[str, int]:
        """The bonus tiles left to draw, by type (no visible order)."""
        return {t: n for t, n in zip(self.types, self.bonus) if n}

    def _why_not_draw(self, action: Action) -> str | None:
        if self.current_player == CHANCE and len(action) == 2:
            t, game = action[1], self.game
            if self.phase == BONUS and t in game.land_types:
                return words("a bonus tile is drawn now (a gold-nugget forest was completed), "
                             "not {tile}", tile=t)
            if self.phase == DRAW and t in game.bonus_types:
                return words("{tile} is a bonus tile: one is drawn only after a forest with "
                             "gold nuggets is completed", tile=t)
        return super()._why_not_draw(action)

    def _after_discard(self) -> None:
        if self.phase != BONUS:
            super()._after_discard()
        elif not self.bonus_left:
            self._next_turn()                 # no bonus tile fits: the turn ends

    # --- closing, scoring, the bonus tile -------------------------------------------------
    def _closed_by(self, t: int) -> list[int]:
        pending = self._closed_features(t, SCORED_KINDS)
        feats = self.board.features
        self.gold = any(feats.count(root, "nugget") for root in pending)
        return pending

    _score_closed = score.score_closed
    _score_final = score.score_final

    def _next_turn(self) -> None:
        if self.gold and not self.extra and self.bonus_left:
            self.gold, self.extra, self.phase = False, True, BONUS
            score.bonus_earned(self)
            return
        if self.gold and not self.extra:
            score.no_bonus_left(self)
        self.gold = self.extra = False
        super()._next_turn()

    # --- followers and huts ---------------------------------------------------------------
    def _why_not_occupy(self, action: Action) -> str | None:
        if action[0] != "hut":
            return super()._why_not_occupy(action)
        if len(action) != 2:
            return words("hut takes one location")
        loc, seat, board = action[1], self.seat, self.board
        if not self.hut_supply[seat]:
            return words("seat {seat} has no hut left", seat=seat)
        o = board.placed[self.last]
        if loc == "C" and o.centre < 0 and o.kinds.count("lake") > 1:
            return words("this tile has several lakes: name a lake by the edge of a river "
                         "that flows into it")
        root = self._root_named(WATER, loc, board.groups)
        if isinstance(root, str):
            return root
        return self._taken(root, board.groups, "river system", "hut",
                           words("a river system takes a hut only while it has none"))

    def _occupy_actions(self) -> list[Action]:
        return [*self._follower_actions(), *self._hut_actions(), PASS]

    def _hut_actions(self) -> list[Action]:
        """One canonical ``hut`` per distinct river system without a hut on the tile."""
        return self._piece_actions(lambda kind, loc: hut(loc), self.hut_supply,
                                   self.board.groups, WATER)

    def _occupy(self, action: Action) -> None:
        if action[0] != "hut":
            super()._occupy(action)
            return
        board, seat = self.board, self.seat
        seg = self._head_segment(action[1], board.groups, WATER)
        board.groups.occupy(seg, seat)
        self.hut_supply[seat] -= 1
        self.huts = [*self.huts, (seat, seg)]

    # --- views ----------------------------------------------------------------------------
    view = views.view
    score_breakdown = score.breakdown
    piece_regions = views.regions
    words = WORDS
    narrate = narrate_hg


__all__ = ["BONUS", "DRAW", "FOLLOW", "FOLLOWERS", "HUTS", "HuntersGatherersState",
           "OVER", "PLACE", "WATER"]
