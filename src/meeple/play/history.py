"""A game being played, kept as its actions: the position is always their replay.

Terminal play and the server keep a :class:`History`: every applied action with
the seat that chose it, so a saved game resumes exactly, and a move can be taken back by
replaying the actions before it. Taking back is fair about chance: the chance outcomes
taken back are dealt again in the same order (a tile drawn again is the same tile), and in
a game whose chance depends on the moves (which dice are rerolled) or reveals what was
hidden (a season's set-up), no move before a chance outcome can be taken back at all.
A takeback takes back a seat's whole last turn (a tile and its follower together). With
``narrate``, a history also keeps every seat's action in words (:meth:`State.narrate`):
the game's log, in every viewer's words alike.
"""
from __future__ import annotations

import random

from ..core.action import Action
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.record import Record
from ..core.state import CHANCE, State
from ..core.text import words


class History:
    """The actions of one game from its seed, who chose each, and the position they reach.

    ``apply`` checks and records an action, ``chance`` deals the next chance outcome, and
    ``undo`` takes back moves. ``state`` is the current position (a new object after an
    undo)."""

    def __init__(self, game: Game, seed: int | None, actions: list[str] = (),
                 seats: list[dict] | None = None, narrate: bool = False):
        self.game, self.seed, self.seats = game, seed, seats
        self.state: State = game.new_state(seed)
        self.actions: list[str] = []
        self.actors: list[int] = []
        self.turns: list[int] = []
        """The turn (``state.turn``) each action was chosen in."""
        self.narration: list[tuple[int, int, str]] | None = [] if narrate else None
        """With ``narrate``: ``(index, seat, words)`` for every seat's action, in order
        (chance outcomes are not told: what they did is in the events and the next
        action's words); None otherwise."""
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
        copy.turns, copy.retaken = list(self.turns), list(self.retaken)
        copy.narration = None if self.narration is None else list(self.narration)
        return copy

    def apply(self, action: Action | str) -> Action:
        """Apply ``action`` (checked; IllegalAction changes nothing) and record it (in words
        too, where this history narrates)."""
        state = self.state
        actor, turn = state.current_player, state.turn
        if self.narration is not None and actor >= 0:
            action = state.checked(action)
            self.narration.append((len(self.actions), actor, _words(state, action)))
            state.apply_unchecked(action)
        else:
            action = state.apply(action)
        self.actions.append(str(action))
        self.actors.append(actor)
        self.turns.append(turn)
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
        """How many actions stay if the last turn of one of ``seats`` is taken back (with
        everything after it), or why it cannot be. A turn is taken back whole: from the
        seats' last action back over their own actions of that turn (a tile and then its
        follower), and over its chance outcomes where the game's chance may be dealt again
        (a bonus tile drawn in the turn), never past another seat's action; the chance
        outcomes that began the turn stay (the tile drawn is placed again)."""
        actors, turns = self.actors, self.turns
        last = next((i for i in range(len(actors) - 1, -1, -1) if actors[i] in seats), None)
        if last is None:
            return words("there is no move of yours to take back")
        replayable = self.game.replayable_chance
        if CHANCE in actors[last:] and not replayable:
            return words("a chance outcome has been seen since (dice rolled or tiles laid), "
                         "so that move can no longer be taken back")
        keep = last
        while keep > 0 and turns[keep - 1] == turns[last] and (
                actors[keep - 1] in seats or (replayable and actors[keep - 1] == CHANCE)):
            keep -= 1
        while actors[keep] == CHANCE:           # the draw that began the turn stays
            keep += 1
        return keep

    def undo(self, seats: set[int]) -> str | None:
        """Take back the last turn of one of ``seats`` (:meth:`undo_point`) and every
        action after it; None, or why not (then nothing changes)."""
        keep = self.undo_point(seats)
        if isinstance(keep, str):
            return keep
        taken = [a for a, who in zip(self.actions[keep:], self.actors[keep:])
                 if who == CHANCE]
        rng = self.state.rng
        again = History(self.game, self.seed, self.actions[:keep], self.seats,
                        self.narration is not None)
        self.state, self.actions, self.actors = again.state, again.actions, again.actors
        self.turns, self.narration = again.turns, again.narration
        self.state.rng = rng                   # chance goes on where it was, not anew
        self.retaken = taken + self.retaken
        return None

    def record(self) -> Record:
        """The record of the game so far (INTERFACE.md), with who sat where if known."""
        return Record(self.game.name, self.game.players, dict(self.game.config), self.seed,
                      list(self.actions), self.seats)


def _words(state: State, action: Action) -> str:
    """``state.narrate(action)``; a game whose words fail says the action in notation
    rather than stop the game (a log is never worth a game)."""
    try:
        return state.narrate(action)
    except Exception:
        return State.narrate(state, action)
