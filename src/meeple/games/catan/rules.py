"""Catan (Klaus Teuber), the base game for 3–4 players: the state and its moves.

The rules spec's sections 3–6 as a phase machine. Chance nodes: the variable board
(``board``; too many outcomes to list, so ``chance_outcomes()`` is ``[]`` there and
``sample_chance`` lays one by 2.8), the dice (``dice N``), a stolen card (``stolen R``) and
a drawn development card (``draw C``). Legality is :mod:`.legal`; what each seat sees and
the re-sampling of what it does not are :mod:`.hidden`.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core.action import Action
from ...core.state import CHANCE, TERMINAL, State
from . import advice as advising, effects, hidden, legal, narration, notation, score
from .board import Layout, random_map, read_tokens
from .legal import LISTS
from .phases import (ANSWER, BOARD, CHANCE_PHASES, CLOSE, DICE, DISCARD, DRAW, OVER,
                     SETTLE, SETUP_ROAD, STEAL)

if TYPE_CHECKING:
    from .game import Catan

DICE_TOTALS = [Action("dice", n) for n in range(13)]
"""The ``dice`` outcome of each total (2–12; 0 and 1 unused)."""
DICE_OUTCOMES = [(DICE_TOTALS[n], (6 - abs(n - 7)) / 36) for n in range(2, 13)]
LISTED_MAX = 40
"""The longest legal list the state keeps a copy of for :meth:`CatanState.check` (the
answers to an offer run to hundreds of counters, which the check reads faster)."""


class CatanState(State):
    """A position: the board, every piece, hand, deck and card, and the phase of the turn."""

    game: "Catan"
    derived = ("_pieces", "_buildings", "_yields", "_listed")     # see refresh()

    def __init__(self, game: "Catan", seed: int | None = None):
        super().__init__(game, seed)
        n = self.num_players
        self.layout: Layout | None = None
        self.robber = -1
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [19] * 5
        self.dev = [[0] * 5 for _ in range(n)]          # in hand, by type (hidden)
        self.new = [[0] * 5 for _ in range(n)]          # of those, bought this turn
        self.played = [[0] * 5 for _ in range(n)]       # laid open (knights) or used
        self.deck = [14, 2, 2, 2, 5]
        self.node_owner = [-1] * 54
        self.city = [False] * 54
        self.road_owner = [-1] * 72
        self.roads_left = [15] * n
        self.settlements_left = [5] * n
        self.cities_left = [4] * n
        self.generic = [False] * n                      # a 3:1 harbour
        self.special = [[False] * 5 for _ in range(n)]  # the 2:1 harbour of each resource
        self.road_len = [0] * n
        self.longest = -1
        self.army = -1
        self.seat = 0                                   # the mover (or the placing seat)
        self.step = 0                                   # set-up placements done
        self.turns = 0                                  # turns and set-up placements ended
        self.last_node = -1                             # the settlement a set-up road joins
        self.rolled = False
        self.card_played = False
        self.dice = 0
        self.queue: list[int] = []                      # seats still to discard
        self.victim = -1
        self.free_roads = 0                             # Road Building roads still to place
        self.offers = 0                                 # offers made this turn
        self.offer: tuple[list[int], list[int]] | None = None
        self.answers: dict[int, object] = {}            # seat -> "accept"/"decline"/(G, H)
        self.order: list[int] = []                      # the answering seats, in order
        self.steal: tuple[int, int, str | None] | None = None  # thief, victim, card
        self.winner = -1
        self.dealt_for: int | None = None
        """Set by ``determinize`` on its copy: the seat whose view the hidden cards were
        dealt anew from."""
        self.refresh()
        board = game.settings["board"]
        if board == "variable":
            self.phase = BOARD
        else:
            self._lay(game.fixed_map)

    # --- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == DISCARD:
            return self.queue[0]
        if phase == ANSWER:
            return self.order[len(self.answers)]
        return TERMINAL if phase == OVER else self.seat

    @property
    def turn(self) -> int:
        return self.turns if self.phase == OVER else self.turns + 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def points(self, seat: int) -> int:
        """``seat``'s true victory points, its hidden victory point cards included."""
        return self.visible_points(seat) + self.dev[seat][notation.VP]

    def visible_points(self, seat: int) -> int:
        """The points every seat sees: buildings and the two special cards."""
        return (5 - self.settlements_left[seat] + 2 * (4 - self.cities_left[seat])
                + 2 * (self.longest == seat) + 2 * (self.army == seat))

    def scores(self) -> list[int]:
        return [self.points(p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        """The seat that reached 10 on its own turn (5.3), not merely the highest score."""
        return [self.winner] if self.winner >= 0 else super().winners()

    score_breakdown = score.breakdown
    view = hidden.view
    determinize = hidden.determinize
    narrate = narration.narrate
    advice = advising.advise

    def refresh(self) -> None:
        """Forget what is kept about the position: the places, moves and production
        worked out from the pieces on the board (``_pieces``: road and settlement places
        and moves; ``_buildings``: city and robber moves; ``_yields``: what each dice total
        pays), which a build updates by forgetting what the new piece changes
        (:func:`.effects._forget`): all three are shared with clones, which put nothing in
        them but what holds for both, and replace them when they build; and the last
        legal list (``_listed``). Call it after changing a position's fields by hand (a
        test's position, one translated from another engine): the moves then play it as
        it now is."""
        self._pieces: dict = {}
        self._buildings: dict = {}
        self._yields: dict = {}
        self._listed: tuple[int, list[Action]] | None = None

    # --- legality and actions -------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        """Why ``action`` is not legal now (:func:`.legal.why_not`), or None; None at once
        for a move :meth:`_listed_here`."""
        if self._listed_here(action):
            return None
        return legal.why_not(self, action)

    def checked(self, action: Action | str) -> Action:
        """:meth:`State.checked`, with a move :meth:`_listed_here` returned at once (it is
        an action of this game, well formed, and the game is not over)."""
        if type(action) is Action and self._listed_here(action):
            return action
        return State.checked(self, action)

    def _listed_here(self, action: Action) -> bool:
        """Whether ``action`` is itself (the same object) in the last list
        ``legal_actions`` returned at this position, or is the outcome ``sample_chance``
        drew here: legal, since the list and ``why_not`` agree (a test holds them to it),
        and checking a move taken from the list is the common case."""
        listed = self._listed
        if listed is not None and listed[0] == self.action_count:
            moves = listed[1]
            try:
                return moves[moves.index(action)] is action
            except Exception:       # not in the list, or parts whose == fails: not known
                pass
        return False

    def legal_actions(self) -> list[Action]:
        """The legal actions (:func:`.legal.actions`); a new list each call, which the
        caller may change: the state keeps its own copy for :meth:`check` (of lists up to
        :data:`LISTED_MAX` long)."""
        moves = LISTS[self.phase](self)            # legal.actions, one call less
        if len(moves) > LISTED_MAX:                 # a copy would cost more than the check
            self._listed = None
            return moves
        self._listed = (self.action_count, moves)
        return moves[:]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == DICE:
            return DICE_OUTCOMES
        if phase == STEAL:
            return _weighted("stolen", notation.card_list(self.hands[self.victim]))
        if phase == DRAW:
            return _weighted("draw", [c for c, n in zip(notation.DEV_CARDS, self.deck)
                                      for _ in range(n)])
        return []

    def sample_chance(self, rng: random.Random | None = None) -> Action:
        rng = rng or self.rng
        phase = self.phase
        if phase == DICE:
            return self._drawn(DICE_TOTALS[int(rng.random() * 6) + int(rng.random() * 6) + 2])
        if phase == BOARD:
            return Action("board", *random_map(rng, self.game.settings["numbers"]).tokens())
        if self.phase == STEAL:             # a card of the victim's, each equally likely
            cards = notation.card_list(self.hands[self.victim])
            return self._drawn(Action("stolen", cards[int(rng.random() * len(cards))]))
        if self.phase == DRAW:              # a card of the deck, each equally likely
            k = int(rng.random() * sum(self.deck))
            for card, n in zip(notation.DEV_CARDS, self.deck):
                if k < n:
                    return self._drawn(Action("draw", card))
                k -= n
        raise ValueError("sample_chance: not a chance node")

    def _drawn(self, outcome: Action) -> Action:
        """``outcome``, drawn here by :meth:`sample_chance`, kept as the last list (of one)
        so that :meth:`check` knows it as a possible outcome."""
        self._listed = (self.action_count, [outcome])
        return outcome

    _apply_action = effects.apply

    def _lay(self, board) -> None:
        self.layout = Layout(board)
        self.refresh()
        self.robber = self.layout.desert
        self.phase = SETTLE

    def board_of(self, action: Action):
        """The board a ``board`` action lays, or why it is not a board (2.9)."""
        return read_tokens(list(action[1:]))

    def parse(self, text: str) -> Action:
        return notation.parse(text)

    # --- copies ---------------------------------------------------------------------------
    def clone(self) -> "CatanState":
        s = CatanState.__new__(CatanState)
        d = self.__dict__.copy()
        for k in ("hands", "dev", "new", "played", "special"):
            d[k] = [list(x) for x in d[k]]
        for k in ("bank", "deck", "node_owner", "city", "road_owner", "roads_left",
                  "settlements_left", "cities_left", "generic", "road_len", "queue", "order"):
            d[k] = list(d[k])
        d["answers"] = dict(self.answers)
        s.__dict__ = d
        self.share_rng(s)
        return s


def _weighted(kind: str, items: list[str]) -> list[tuple[Action, float]]:
    """One outcome per item (a card), each equally likely, merged by type."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    total = len(items)
    return [(Action(kind, item), n / total) for item, n in counts.items()]


__all__ = ["CatanState"]
