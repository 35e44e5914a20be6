"""What a seat sees of Jäger und Sammler: everything but the face-down tiles, which appear as
counts per season until the game is over (:mod:`.hidden` says why)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .tiles import FACE_DOWN, NAMES, SEASONS, SUMMER, WINTER

if TYPE_CHECKING:
    from .rules import JaegerSammlerState


def view(state: "JaegerSammlerState", player: int | None) -> dict:
    """What ``player`` (or a spectator, None) sees: everything but the face-down tiles,
    which appear as counts until the game is over."""
    board, names, tile = state.board, state.board.names, state.tile
    over = state.is_terminal()
    seats = []
    for p in range(state.num_players):
        seat = {"seat": p, "pawns": [names[f] for f in sorted(state.pawns[p])],
                "crates_in_hand": state.hand[p], "weapons": state.weapons[p],
                "mammoths": sorted(state.mammoths[p], reverse=True),
                "face_down": {"summer": state.down[p][SUMMER],
                              "winter": state.down[p][WINTER]}}
        if over:
            seat["collected"] = {NAMES[k]: state.coll[p][k] for k in FACE_DOWN
                                 if state.coll[p][k]}
            seat["score"] = state.scores()[p]
        seats.append(seat)
    settlements = {names[f]: {"season": SEASONS[s],
                              "crates": [p for p in range(state.num_players)
                                         if state.crates[f] >> p & 1]}
                   for s in (SUMMER, WINTER) for f in board.settlements[s]}
    out_of_game: dict[str, dict[str, int] | int] = {
        f"{SEASONS[s]}_leftovers": {NAMES[k]: n for k, n in enumerate(state.discarded[s]) if n}
        for s in (SUMMER, WINTER)}
    out_of_game["weapons_spent"] = state.spent
    return {"game": "jaeger-sammler", "players": state.num_players, "seat": player,
            "season": SEASONS[state.season], "phase": state.phase,
            "current_player": state.current_player, "turn": state.turn,
            "round": state.round,
            "board": {"name": board.name, "layout": board.layout, "rows": board.rows,
                      "cols": board.cols},
            "tiles": {names[f]: NAMES[tile[f]] for f in board.tile_fields if 0 <= tile[f]},
            "settlements": settlements, "seats": seats, "out_of_game": out_of_game,
            "summer_best_mammoth": ({"value": state.best[0], "seat": state.best[1]}
                                    if state.best[1] >= 0 else None)}
