"""What a learning agent sees of a game: a fixed set of action indices and numpy observations.

An :class:`Encoding` is made for one loaded game (its player count and options fixed). It
numbers every action a seat could ever take with ``0 .. size - 1``, so that a policy has a
fixed-size ``Discrete`` output, and turns what a seat may see into arrays of fixed shapes.

Two rules keep it honest:

- **Exact masks.** :meth:`Encoding.legal` (and so :meth:`Encoding.mask`) allows exactly
  the engine's legal actions: every legal action has one index, no two legal actions
  share one, and no other index is allowed.
  Where the notation offers several spellings of one action (a feature named by any of its
  edges, two pawns on one field), the index of the engine's own spelling is the one allowed.
- **Nothing hidden leaks.** :meth:`Encoding.observe` reads only ``state.view(seat)``, the
  one visibility rule of the engine (the draw pile's order, face-down tiles and other
  seats' secrets never reach it).

Some indices are read against the state (the tile type of a ``place`` is the drawn tile; a
Jäger und Sammler index names a pawn by its rank on the board): :meth:`Encoding.action`
and :meth:`Encoding.index` therefore take the state, and the mapping is documented per game
in ``docs/research.md``.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Generic, TypeVar

import numpy as np
from gymnasium import spaces

if TYPE_CHECKING:
    from .action import Action
    from .game import Game
    from .state import State

S = TypeVar("S", bound="State")
"""The game's state class, which the indices are read against."""


class Encoding(ABC, Generic[S]):
    """The action numbering and observation arrays of one game; subclasses fill it in."""

    size: int
    """The number of action indices (the ``Discrete`` size)."""

    def __init__(self, game: Game):
        self.game = game

    # --- actions --------------------------------------------------------------------------
    @abstractmethod
    def index(self, state: S, action: Action) -> int:
        """The index of ``action``, a well-formed player action of the game, in ``state``
        (where the index depends on it). ValueError if the numbering has no index for it."""

    @abstractmethod
    def action(self, state: S, index: int) -> Action | None:
        """The action that ``index`` stands for in ``state``, or None where it names none
        (a Jäger und Sammler pawn rank beyond the pawns on the board, say). The action need
        not be legal; for every legal action ``a``: ``action(state, index(state, a)) == a``."""

    def legal(self, state: S) -> dict[int, Action]:
        """``{index: action}`` for every legal action of the seat to move (empty at a chance
        node or the end): the one reading of the numbering that masks and steps share.
        Games override it only to compute the same thing faster."""
        if state.current_player < 0:
            return {}
        index = self.index
        return {index(state, action): action for action in state.legal_actions()}

    def mask(self, state: S) -> np.ndarray:
        """``int8[size]``, 1 exactly at the indices of ``state.legal_actions()``."""
        mask = np.zeros(self.size, dtype=np.int8)
        legal = self.legal(state)
        if legal:
            mask[list(legal)] = 1
        return mask

    # --- observations ---------------------------------------------------------------------
    @abstractmethod
    def observation_spaces(self) -> dict[str, spaces.Box]:
        """The named arrays of an observation (without ``action_mask``), as Gymnasium
        spaces, each a ``Box`` of fixed shape and dtype."""

    @abstractmethod
    def observe(self, view: dict, seat: int) -> dict[str, np.ndarray]:
        """The arrays for ``seat`` made from ``view`` (``state.view(seat)``) alone; each
        fits its space in :meth:`observation_spaces`."""

    @abstractmethod
    def describe(self) -> dict[str, str]:
        """One line per observation array: what it holds (for ``docs/research.md`` and
        ``help(env)``)."""
