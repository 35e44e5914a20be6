"""Jäger und Sammler (Reiner Knizia, AMIGO 2010): gather tiles on a hex board in two seasons.

The game starts at a chance node: the summer set-up lays the 112 summer tiles. Players take
turns (one pawn two steps, two pawns one step each, or removing a pawn), taking the tile of
every field a pawn leaves. When no pawn can obtain a tile any more, summer ends; the winter
set-up lays the 88 winter tiles on exactly the emptied fields, each player's pawns start in
the winter settlements where they left crates, and winter plays the same way. Collected
food and rare goods lie face down (``view`` shows only their number; ``determinize``
re-samples them); the final breakdown shows everything.

Chance nodes: the set-up outcome is a whole arrangement of 112 (or 88) tiles, far too many
to list, so ``chance_outcomes()`` and ``legal_actions()`` return ``[]`` there;
``sample_chance(rng)`` shuffles the tiles to lay with ``rng``, and ``check`` accepts any
``setup`` whose kinds are exactly the tiles to lay (as a multiset).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.text import words
from ...core.state import CHANCE, TERMINAL, State
from . import advice, events, hidden, moves, narration, notation, score, view as views
from .board import Board
from .notation import JSAction
from .phases import OVER, PLAY, SETUP, STALL_ROUNDS
from .tiles import (CAVE, CODE, EMPTY, FACE_DOWN, KINDS, NAMES, SETTLEMENT, SUMMER, TAKEABLE,
                    WEAPON, WINTER, mammoth_value, season_tiles)

if TYPE_CHECKING:
    from .game import JaegerSammler

CRATES = 4
_FACE_DOWN = frozenset(FACE_DOWN)


class JaegerSammlerState(State):
    """A position: the board's tiles, pawns, crates, and every player's collection."""

    game: JaegerSammler
    action_type = JSAction

    def __init__(self, game: "JaegerSammler", seed: int | None = None):
        super().__init__(game, seed)
        board: Board = game.board
        n = self.num_players
        self.board = board
        self.tile = [SETTLEMENT if s is not None else EMPTY for s in board.season_of]
        self.count = [0] * len(board.names)       # pawns per field, all players
        self.pawns: list[list[int]] = [[] for _ in range(n)]
        self.hand = [CRATES] * n                   # crates in front of each player
        self.crates = [0] * len(board.names)       # per field: bit p = player p's crate
        self.weapons = [0] * n                     # weapons held (public)
        self.mammoths: list[list[int]] = [[] for _ in range(n)]  # values taken (public)
        self.coll = [[0] * KINDS for _ in range(n)]  # face-down tiles per kind (hidden)
        self.down = [[0, 0] for _ in range(n)]     # face-down tiles per season (public)
        self.discarded = [[0] * KINDS, [0] * KINDS]  # leftovers per season, out of the game
        self.spent = 0                             # weapons spent on mammoths (in the box)
        self.best = (0, -1)                        # highest summer mammoth: (value, seat)
        self.caves: tuple[int, ...] = ()
        self.left = 0                              # takeable tiles on the board
        self.season, self.phase, self.seat, self.turns = SUMMER, SETUP, 0, 0
        self.idle = 0                              # turns in a row without a tile or crate
        self.round, self.leader = 1, 0
        """The season's round under way, as players count it (every seat with a pawn
        moves once a round), and the seat that began the season's first."""
        self.dealt: tuple[int, list[list[int]]] | None = None
        """Set by ``determinize`` on its copy: (season, the face-down tiles per player and
        kind as dealt). Tiles taken since were seen taken; bots may value them by kind."""

    # --- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.phase == PLAY:
            return self.seat
        return CHANCE if self.phase == SETUP else TERMINAL

    @property
    def turn(self) -> int:
        return self.turns if self.phase == OVER else self.turns + 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        """Points of the tiles held (face-down ones at their true value: the referee's view)
        and of the crates standing in summer settlements."""
        return [score.total(self, p) for p in range(self.num_players)]

    score_breakdown = score.breakdown
    view = views.view
    determinize = hidden.determinize
    narrate = narration.narrate
    advice = advice.advise

    def empty_fields(self) -> list[int]:
        """The fields the next set-up covers, row-major: every field without a tile."""
        tile = self.tile
        return [f for f in self.board.tile_fields if tile[f] == EMPTY]

    def tiles_to_lay(self) -> list[int]:
        """The codes of the tiles the next set-up lays (this season's tiles, sorted)."""
        return season_tiles(self.season, list(self.board.mammoths[self.season]))

    # --- legality -------------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        kind = action[0]
        if self.phase == OVER:
            return words("the game is over")
        if kind == "setup":
            if self.phase != SETUP:
                return words("the board is set up only at the start of a season")
            return self._why_not_setup(action[1:])
        if self.phase == SETUP:
            return (words("the summer tiles must be laid first (setup)") if self.season == 0
                    else words("the winter tiles must be laid first (setup)"))
        if kind == "remove":
            if len(action) != 2:
                return words("remove takes one field")
            f = self.board.index.get(action[1])
            if f is None:
                return words("no field {field} on the board", field=action[1])
            if f not in self.pawns[self.seat]:
                return words("you have no pawn on {field}", field=action[1])
            return None
        if kind != "move":
            return words("unknown action {kind}", kind=repr(kind))
        paths = self._paths(action)
        if isinstance(paths, str):
            return paths
        effects = moves.simulate(self, self.seat, paths)
        return effects if isinstance(effects, str) else None

    def _why_not_setup(self, kinds: tuple) -> str | None:
        empty = len(self.empty_fields())
        if len(kinds) != empty:
            return words("the set-up lays {empty} tiles, one per empty field, not {got}",
                         empty=empty, got=len(kinds))
        unknown = [k for k in kinds if k not in CODE]
        if unknown:
            return words("unknown tile kind {kind}", kind=repr(unknown[0]))
        want = Counter(NAMES[c] for c in self.tiles_to_lay())
        got = Counter(kinds)
        if got != want:
            diff = sorted((want - got).items()) or sorted((got - want).items())
            listed = ", ".join(f"{n} {k}" for k, n in diff)
            if want - got:
                return words("the set-up must lay exactly this season's tiles; missing: "
                             "{tiles}", tiles=listed)
            return words("the set-up must lay exactly this season's tiles; too many: {tiles}",
                         tiles=listed)
        return None

    def _paths(self, action: Action) -> list[list[int]] | str:
        paths = action[1:]
        if any(type(p) is not tuple for p in paths) or [len(p) for p in paths] not in (
                [3], [2, 2]):
            return words("a move is one pawn two steps (A>B>C) or two pawns one step each "
                         "(A>B D>E)")
        index = self.board.index
        out = []
        for path in paths:
            fields = [index.get(name) for name in path]
            if None in fields:
                return words("no field {field} on the board", field=path[fields.index(None)])
            out.append(fields)
        return out  # type: ignore[return-value]  # (an unknown field returned a reason above)

    # --- actions --------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal moves of the player to act; ``[]`` at a set-up (see the module doc)."""
        if self.phase != PLAY:
            return []
        return moves.legal_moves(self, self.seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``[]``: a set-up has too many equally likely outcomes to list; use
        :meth:`sample_chance`."""
        return []

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        """A uniformly random set-up: this season's tiles shuffled with ``rng``."""
        if self.phase != SETUP:
            raise ValueError("sample_chance: not a chance node")
        rng = rng or self.rng
        kinds = [NAMES[c] for c in self.tiles_to_lay()]
        rng.shuffle(kinds)
        return JSAction("setup", *kinds)

    def _apply_action(self, action: Action) -> None:
        kind = action[0]
        if kind == "setup":
            self._setup(action[1:])
            return
        player, progress = self.seat, (self.left, self.hand[self.seat])
        if kind == "remove":
            f = self.board.index[action[1]]
            events.took(self, player, [(f, self.tile[f])], 0)
            self._take(player, f)
            self.pawns[player].remove(f)
            self.count[f] -= 1
            if not self.pawns[player]:
                events.sits_out(self, player)
        else:
            # (a legal move: its paths and its effects, never a reason)
            self._move(player,
                       moves.simulate(self, player, self._paths(action)))  # type: ignore[arg-type]
        self.turns += 1
        self.idle = 0 if (self.left, self.hand[player]) != progress else self.idle + 1
        self._next_turn()

    def _move(self, player: int, effects: moves.Effects) -> None:
        events.took(self, player, effects.taken, effects.spent)
        if effects.crates:
            events.crates(self, player, effects.crates)
        for f, _ in effects.taken:
            self._take(player, f)
        self.weapons[player] = effects.weapons
        self.spent += effects.spent
        for f in effects.crates:
            self.crates[f] |= 1 << player
        self.hand[player] -= len(effects.crates)
        pawns, count = self.pawns[player], self.count
        for a, b in effects.moves:
            pawns[pawns.index(a)] = b
            count[a] -= 1
            count[b] += 1

    def _take(self, player: int, f: int) -> None:
        """``player`` takes the tile on ``f`` (nothing from paths, caves, settlements)."""
        t = self.tile[f]
        if not TAKEABLE[t]:
            return
        self.tile[f] = EMPTY
        self.left -= 1
        if t in _FACE_DOWN:
            self.coll[player][t] += 1
            self.down[player][self.season] += 1
        elif t == WEAPON:
            self.weapons[player] += 1
        else:
            value = mammoth_value(t)
            self.mammoths[player].append(value)
            if self.season == SUMMER and value > self.best[0]:
                self.best = (value, player)

    # --- seasons --------------------------------------------------------------------------
    def _setup(self, kinds: tuple) -> None:
        for f, k in zip(self.empty_fields(), kinds):
            t = CODE[k]
            self.tile[f] = t
            self.left += TAKEABLE[t]
        if self.season == SUMMER:
            self.caves = tuple(f for f in self.board.tile_fields if self.tile[f] == CAVE)
            for p in range(self.num_players):
                self.pawns[p] = list(self.board.settlements[SUMMER])
            for f in self.board.settlements[SUMMER]:
                self.count[f] = self.num_players
            self.seat = 0
        else:
            for f in self.board.settlements[WINTER]:
                for p in range(self.num_players):
                    if self.crates[f] >> p & 1:
                        self.pawns[p].append(f)
                        self.count[f] += 1
                self.crates[f] = 0
            self.hand = [CRATES] * self.num_players
            self.seat = max(self.best[1], 0)
        self.phase = PLAY
        first = self._next_with_pawns(self.seat - 1)
        events.laid(self, len(kinds), first)
        if first is None or not moves.can_collect(self):
            self._end_season()
        else:
            self.seat, self.round, self.leader = first, 1, first

    def _next_with_pawns(self, after: int) -> int | None:
        """The first seat after ``after`` (round the table, ``after`` last) with a pawn on
        the board, or None."""
        n, pawns = self.num_players, self.pawns
        for i in range(1, n + 1):
            seat = (after + i) % n
            if pawns[seat]:
                return seat
        return None

    def _stalled(self) -> bool:
        return self.idle >= STALL_ROUNDS * self.num_players

    def _next_turn(self) -> None:
        """Pass the turn to the next player with a pawn on the board, or end the season."""
        if self._stalled() or not moves.can_collect(self):
            self._end_season()
            return
        after = self._next_with_pawns(self.seat)
        n, leader = self.num_players, self.leader
        if (after - leader) % n <= (self.seat - leader) % n:  # type: ignore[operator]
            self.round += 1                                # past the season's first seat
        self.seat = after  # type: ignore[assignment]  # pawns left

    def _end_season(self) -> None:
        """Remove the tiles left (paths and caves stay) and the pawns; then winter or the end."""
        out, stalled, left = self.discarded[self.season], self._stalled(), self.left
        for f in self.board.tile_fields:
            t = self.tile[f]
            if TAKEABLE[t]:
                out[t] += 1
                self.tile[f] = EMPTY
        self.left = self.idle = 0
        for p in range(self.num_players):
            for f in self.pawns[p]:
                self.count[f] -= 1
            self.pawns[p] = []
        events.season_over(self, stalled, left)
        if self.season == SUMMER:
            self.season, self.phase = WINTER, SETUP
        else:
            self.phase = OVER
            events.final_scoring(self)

    # --- notation -------------------------------------------------------------------------
    def parse(self, text: str) -> Action:
        return notation.parse(text)

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> "JaegerSammlerState":
        s = JaegerSammlerState.__new__(JaegerSammlerState)
        s.__dict__.update(self.__dict__)
        s.tile, s.count, s.crates = self.tile[:], self.count[:], self.crates[:]
        s.pawns = [p[:] for p in self.pawns]
        s.hand, s.weapons = self.hand[:], self.weapons[:]
        s.mammoths = [m[:] for m in self.mammoths]
        s.coll = [c[:] for c in self.coll]
        s.down = [d[:] for d in self.down]
        s.discarded = [d[:] for d in self.discarded]
        self.share_rng(s)
        return s


__all__ = ["CRATES", "JaegerSammlerState", "OVER", "PLAY", "SETUP", "STALL_ROUNDS"]
