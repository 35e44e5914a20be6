"""The review of a finished game: each move's estimated win chance, and what it cost.

At every position where a seat was to move, a ranking agent (MCTS by default) searches a
copy in which what that seat could not see then is dealt anew, so the estimate knows what
the player knew. Its best move's value is the seat's chance before the move, and the same
search gives every other seat's (they add up to 1: one search, not each seat's own, whose
optimism would add up to far more); the value of the move actually played (where the
search visited it) says how much the move lost. A game
is analysed in slices of positions, so that a slow review can run in several workers and
report its progress; the slices join into one list.
"""
from __future__ import annotations

from ..core.record import Record
from ..core.state import State
from .hints import hint_agent
from .replay import new_game_state

ANALYSIS_AGENT = "mcts:iters=200"
"""The agent of a review: a few hundred iterations per move (seconds for a whole game)."""


def positions(record: dict) -> list[int]:
    """The action indices of ``record`` where a seat (not chance) was to move."""
    state = new_game_state(Record.from_json(record))
    out = []
    for i, text in enumerate(record["actions"]):
        if state.current_player >= 0:
            out.append(i)
        state.apply(text)
    return out


def analyse(record: dict, indices: list[int], spec: str = ANALYSIS_AGENT,
            seed: int = 0) -> list[dict]:
    """``{"index", "seat", "move", "best", "chance", "chances", "played"}`` for each of
    ``indices`` (positions of ``record``, ascending): the move played, the agent's best
    move (in notation: language-neutral, kept so; its words are :func:`best_words`), the
    seat's chance with it (a win chance; an expected final score in a solo game), every
    seat's win chance from the same search (None in a solo game) and the value of the move
    played (None where the search did not visit it)."""
    record_ = Record.from_json(record)
    state = new_game_state(record_)
    agent = hint_agent(state.game, spec, seed)
    wanted, out = set(indices), []
    for i, text in enumerate(record["actions"]):
        if i > max(indices, default=-1):
            break
        if i in wanted:
            seen = state.determinize(state.current_player, agent.rng)
            ranked = agent.ranked(seen, len(seen.legal_actions()))
            values = {str(row.action): row.value for row in ranked}
            best = ranked[0]
            out.append({"index": i, "seat": state.current_player, "move": text,
                        "best": str(best.action), "chance": best.value,
                        "chances": None if best.chances is None else list(best.chances),
                        "played": values.get(str(state.parse(text)))})
        state.apply(text)
    return out


def best_words(record: dict, moves: list[dict]) -> dict[int, str]:
    """Each reviewed move's best move in words, by its index: the engine's narration (a
    :class:`~meeple.core.text.Text`, said in the reader's language by the driver), as the
    log says a move; its notation where the engine has no words for it. Made from the
    record and the moves' notation (``best``), so a review, kept in notation, is read in
    any language."""
    wanted = {m["index"]: m["best"] for m in moves}
    state, out = new_game_state(Record.from_json(record)), {}
    for i, text in enumerate(record["actions"]):
        if i > max(wanted, default=-1):
            break
        if i in wanted:
            out[i] = _narrated(state, wanted[i])
        state.apply(text)
    return out


def _narrated(state: State, action: str) -> str:
    """The engine's words for ``action`` at ``state``; its notation where it has none (the
    words are a courtesy: a review is never lost for them)."""
    try:
        return state.narrate(state.parse(action))
    except Exception:
        return action


def slices(indices: list[int], size: int) -> list[list[int]]:
    """``indices`` cut in slices of ``size`` (each one job)."""
    return [indices[k:k + size] for k in range(0, len(indices), size)]
