"""A game being played, kept as its actions: the position is always their replay.

Terminal play and the server keep a :class:`History`: every applied action with
the seat that chose it, so a saved game resumes exactly, and a move can be taken back by
replaying the actions before it. Taking back is fair about chance: the chance outcomes
taken back are dealt again in the same order (a tile drawn again is the same tile), and in
a game whose chance depends on the moves (which dice are rerolled) or reveals what was
hidden (a season's set-up), no move before a chance outcome can be taken back at all.
"""
from __future__ import annotations

import random

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.record import Record
from ..core.state import CHANCE, State


class History:
    """The actions of one game from its seed, who chose each, and the position they reach.

    ``apply`` checks and records an action, ``chance`` deals the next chance outcome, and
    ``undo`` takes back moves. ``state`` is the current position (a new object after an
    undo)."""

    def __init__(self, game: Game, seed: int | None, actions: list[str] = (),
                 seats: list[dict] | None = None):
        self.game, self.seed, self.seats = game, seed, seats
        self.state: State = game.new_state(seed)
        self.actions: list[str] = []
        self.actors: list[int] = []
        self.retaken: list[str] = []
        """Chance outcomes taken back by an undo, dealt again first (oldest first)."""
        for n, text in enumerate(actions):
            try:
                self.apply(text)
            except IllegalAction as e:
                raise IllegalAction(f"action {n} ({text!r}) does not replay: {e}") from None
        if self.actions:
            # a resumed game must not deal again what the seed dealt at its start
            self.state.rng = random.Random(f"{seed}/{len(self.actions)}")

    def fork(self) -> "History":
        """An independent copy (the position cloned, not replayed): to try a move on."""
        copy = History.__new__(History)
        copy.game, copy.seed, copy.seats = self.game, self.seed, self.seats
        copy.state = self.state.clone()
        copy.actions, copy.actors = list(self.actions), list(self.actors)
        copy.retaken = list(self.retaken)
        return copy

    def apply(self, action: Action | str) -> Action:
        """Apply ``action`` (checked; IllegalAction changes nothing) and record it."""
        actor = self.state.current_player
        action = self.state.apply(action)
        self.actions.append(str(action))
        self.actors.append(actor)
        return action

    def chance(self) -> Action:
        """The next chance outcome: the oldest one taken back that is legal here (a land
        tile where a land tile is drawn, a bonus tile where a bonus tile is), else one
        sampled by the state's RNG."""
        for i, text in enumerate(self.retaken):
            action = self.state.parse(text)
            if self.state.check(action) is None:
                del self.retaken[i]
                return action
        return self.state.sample_chance()

    def undo_point(self, seats: set[int]) -> int | str:
        """How many actions stay if the last move of one of ``seats`` is taken back (with
        everything after it), or why it cannot be."""
        last = next((i for i in range(len(self.actors) - 1, -1, -1)
                     if self.actors[i] in seats), None)
        if last is None:
            return "there is no move of yours to take back"
        if CHANCE in self.actors[last:] and not self.game.replayable_chance:
            return ("a chance outcome has been seen since (dice rolled or tiles laid), so "
                    "that move can no longer be taken back")
        return last

    def undo(self, seats: set[int]) -> str | None:
        """Take back the last move of one of ``seats`` and every action after it; None,
        or why not (then nothing changes)."""
        keep = self.undo_point(seats)
        if isinstance(keep, str):
            return keep
        taken = [a for a, who in zip(self.actions[keep:], self.actors[keep:])
                 if who == CHANCE]
        rng = self.state.rng
        again = History(self.game, self.seed, self.actions[:keep], self.seats)
        self.state, self.actions, self.actors = again.state, again.actions, again.actors
        self.state.rng = rng                   # chance goes on where it was, not anew
        self.retaken = taken + self.retaken
        return None

    def record(self) -> Record:
        """The record of the game so far (INTERFACE.md), with who sat where if known."""
        return Record(self.game.name, self.game.players, dict(self.game.config), self.seed,
                      list(self.actions), self.seats)
