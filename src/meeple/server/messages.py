"""What a seat is told of a game: the state reply of the API and every WebSocket message.

Built from ``state.view(seat)`` and nothing else that a seat may not see: the legal moves
only for the seat to move, scores only where the game does not keep them secret (Jäger und
Sammler counts face-down tiles), the events (public by the platform's rule), the seats with
their names but never their tokens.
"""
from __future__ import annotations

from typing import Any

from ..core.text import named
from ..i18n import translate
from .clocks import state_clock
from .colours import seat_colours
from .gamelog import log_since, people_of, with_undo
from .live import LiveGame
from .models import GameState
from .storage import GameRow, SeatRow
from .tokens import invite_link


def state_message(live: LiveGame, seat: int | None, since: int = 0, moves: bool = False,
                  model: type[GameState] = GameState, lang: str = "en",
                  **extra: Any) -> GameState:
    """The game as ``seat`` (None: a spectator) sees it, with the events of the actions from
    index ``since`` on and, with ``moves`` (an update's broadcast), the seats' moves there:
    a :class:`GameState`, or the ``model`` built on it with its ``extra`` fields (a
    WebSocket :class:`~.models.Message` and its ``type``, a replay's
    :class:`~.models.Position` and its ``of``). The words for people (the log, the events,
    the breakdown's items) are in ``lang``.

    What every seat is told alike (the legal moves, scores, regions, events and moves) is
    computed once per position (:meth:`LiveGame.once`), so a broadcast pays per seat only
    for its view and its own few fields."""
    state, row = live.state, live.row
    names = tuple(people_of(live))       # a rename keeps the position: part of the keys
    fixed = live.once(("message", names), lambda: _fixed(live, names))
    legal, parts = live.legal() if (seat is not None and fixed["current_player"] == seat
                                    and not fixed["terminal"]
                                    and row.seats[seat].standin is None) else ([], [])
    return model(**{
        "id": row.id, "game": row.game, "players": row.players, "status": row.status,
        "seat": seat, "view": _view(state.view(seat), row.aids), "legal": legal,
        "legal_parts": parts, "hints": row.hints,
        "advice": translate(live.once(("advice", seat, names),
                                      lambda: named(state.advice(seat), names)), lang)
        if legal else None,
        "projected": live.once("projected", state.projected_scores) if row.aids else None,
        "events": translate(live.once(("events", since, names),
                                      lambda: named(state.events_since(since), names)), lang),
        "log": translate(log_since(live, since), lang),
        "moves": live.once(("moves", since), lambda: moves_since(live, since)) if moves
        else [],
        "seats": seats_of(row.seats), "takeback": translate(with_undo(live, row.takeback), lang),
        "can_take_back": (seat is not None and not fixed["terminal"]
                          and isinstance(live.history.undo_point({seat}), int)),
        "rematch": row.rematch, "aids": row.aids, "practice": row.practice,
        "version": row.version, "since": since, "clock": state_clock(row),
        "result": row.result, **fixed,
        "breakdown": translate(fixed["breakdown"], lang),
    }, **extra)


def _view(view: dict, aids: bool) -> dict:
    """The seat's view, without the beginner's aids where they are off: the pile's
    composition (the "tiles left" panel; how many are left stays, as on the table)."""
    if aids or "pile" not in view:
        return view
    return {k: v for k, v in view.items() if k != "pile"}


def _fixed(live: LiveGame, names: tuple[str, ...]) -> dict[str, Any]:
    """The fields of :func:`state_message` that are the same for every seat and every
    ``since`` at this position (scores only where the game does not keep them secret until
    the end), the seats in the breakdown's words called by ``names``."""
    state = live.state
    over = live.over                # by the rules, or claimed or abandoned (.clocks)
    secret = live.game.secret_scores and not over
    actions = live.history.actions
    return {
        "index": live.index, "turn": state.turn, "current_player": state.current_player,
        "terminal": over, "regions": state.piece_regions(),
        "scores": None if secret else state.scores(),
        "breakdown": None if secret else named(state.score_breakdown(), names),
        # a chance outcome some seats may not see (a stolen card) is left to the views
        "last_action": actions[-1] if actions and (
            over or live.game.public_chance or live.history.actors[-1] >= 0) else None,
        "colours": seat_colours(live.row),
    }


def moves_since(live: LiveGame, since: int) -> list[dict]:
    """The seats' moves from action ``since`` on, ``{"index", "seat", "action", "parts"}``
    (``parts`` as in ``legal_parts``): what a client logs as moves. Chance outcomes are left out (what they dealt, a seat may not
    see; the view shows what it may); every seat's own choice is public in all four
    games. Only updates list them: the whole game's would be the record, which is served
    only where the game allows."""
    history, parse = live.history, live.state.parse
    return [{"index": i, "seat": seat, "action": history.actions[i],
             "parts": list(parse(history.actions[i]))}
            for i, seat in enumerate(history.actors[since:], since) if seat >= 0]


def seats_of(seats: list[SeatRow]) -> list[dict]:
    """Who sits where: agent, name, whether the seat is open (never a token's hash)."""
    return [{"seat": s.seat, "agent": s.agent, "name": s.name, "open": s.open,
             "mode": s.mode, "bot": s.standin} for s in seats]


def game_summary_of_player(row: GameRow, player: str, key: bytes) -> dict:
    """A game as "My games" lists it for ``player`` (INTERFACE.md): their seat, the
    status (``invited`` while an invited person's seat is not taken), whether it is their
    turn, their deadline, and the invitation links of a game they created."""
    mine = [s.seat for s in row.seats if s.player == player]
    seat = row.to_move if row.to_move in mine else mine[0]
    waiting = [s.seat for s in row.seats if s.mode == "invite" and s.player is None
               and s.name is None]
    status = "finished" if row.finished else "invited" if waiting else "running"
    your_turn = (not row.finished and row.to_move in mine
                 and row.seats[row.to_move].standin is None)
    return {**summary_message(row), "seat": seat, "status": status,
            "your_turn": your_turn, "result": row.result,
            "deadline": row.deadline.isoformat() if your_turn and row.deadline else None,
            "to_move": row.to_move, "clock": row.clock,
            "updated": row.updated_at.timestamp() if row.updated_at else None,
            "invites": [{"seat": s, "invite": invite_link(key, row.id, s)} for s in waiting]
            if row.creator_player == player else []}


def summary_message(row: GameRow) -> dict:
    """A game as the lobby lists it."""
    return {"id": row.id, "game": row.game, "players": row.players, "status": row.status,
            "index": row.index, "turn": row.turn, "scores": row.scores,
            "created_at": row.created_at.isoformat() if row.created_at else None,
            "updated_at": row.updated_at.isoformat() if row.updated_at else None,
            "colours": seat_colours(row), "seats": seats_of(row.seats)}
