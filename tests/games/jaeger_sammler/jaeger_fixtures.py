"""Helpers for the Jäger und Sammler tests: chosen set-ups and pawn placements."""
from __future__ import annotations

import meeple
from meeple.games.jaeger_sammler.notation import JSAction
from meeple.games.jaeger_sammler.rules import JaegerSammlerState
from meeple.games.jaeger_sammler.tiles import NAMES, TAKEABLE

FILL_ORDER = ("berries", "tubers", "herbs", "jug", "necklace", "fur", "skull", "weapon",
              "path", "mammoth3", "mammoth4", "mammoth5", "mammoth6", "mammoth7", "mammoth8",
              "cave")
"""Unnamed fields get the remaining tiles in this order, row-major: food first (the top
rows), specials last (the bottom rows), so that a test controls what is near its pawns."""


def setup_action(state: JaegerSammlerState, kinds: dict[str, str]) -> JSAction:
    """The set-up laying ``kinds[field]`` on the named fields and the season's other tiles
    (in FILL_ORDER) on the other empty fields."""
    rest = sorted((NAMES[c] for c in state.tiles_to_lay()), key=FILL_ORDER.index)
    for kind in kinds.values():
        rest.remove(kind)
    names = state.board.names
    laid = []
    for f in state.empty_fields():
        laid.append(kinds[names[f]] if names[f] in kinds else rest.pop(0))
    return JSAction("setup", *laid)


def new(players: int = 2, kinds: dict[str, str] | None = None, seed: int = 1,
        config: dict | None = None) -> JaegerSammlerState:
    """A summer game after its set-up (``kinds``: chosen tiles per field)."""
    state = meeple.load("jaeger-sammler", players, config).new_state(seed)
    state.apply(setup_action(state, kinds or {}))
    return state


def put(state: JaegerSammlerState, seat: int, fields: list[str]) -> None:
    """Test shortcut: stand ``seat``'s pawns on ``fields`` (replacing its pawns)."""
    index = state.board.index
    for f in state.pawns[seat]:
        state.count[f] -= 1
    state.pawns[seat] = [index[n] for n in fields]
    for f in state.pawns[seat]:
        state.count[f] += 1


def clear(state: JaegerSammlerState, fields: list[str]) -> None:
    """Test shortcut: empty ``fields`` as if their tiles had been collected (out of play)."""
    for n in fields:
        f = state.board.index[n]
        if state.tile[f] >= 0 and TAKEABLE[state.tile[f]]:
            state.left -= 1
        state.tile[f] = -1


def kind_at(state: JaegerSammlerState, field: str) -> str | None:
    """The kind of tile on ``field`` (None if empty; "settlement" for settlements)."""
    t = state.tile[state.board.index[field]]
    if t < 0:
        return None
    return NAMES[t] if t < len(NAMES) else "settlement"


def legal(state: JaegerSammlerState) -> set[str]:
    return {str(a) for a in state.legal_actions()}
