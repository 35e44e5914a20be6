"""Catan, the base board game, as the platform sees it: its facts, options and parts."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import Game
from ...core.options import Option
from ...core.text import words
from .board import (
    BEGINNER,
    COORDS,
    EDGE_NODES,
    HARBOUR_EDGES,
    HEX_CORNERS,
    HEX_SIDES,
    NODE_POINTS,
    Map,
    read_tokens,
)
from .lookahead import LookaheadAgent
from .policy import CatanPolicy
from .render import CatanDrawing
from .rules import CatanState
from .words import COLOURS

if TYPE_CHECKING:
    from .encoding import CatanEncoding

BOARD_LENGTH = 400
"""The longest text the board option takes (a board string is about 200 characters)."""


class Catan(Game):
    """Catan (Klaus Teuber), the base game for 3–4 players, to 10 points."""

    name = "catan"
    title = words("Catan")
    min_players, max_players, default_players = 3, 4, 4
    hides_information = True
    secret_scores = True
    public_chance = False           # a stolen card, a development card drawn
    colours = COLOURS
    options = (
        Option("board", str, "variable",
               words("the map: variable (laid at random, 2.8), beginner (the published "
                     "beginners' map), or a board string of 28 tokens (2.9)"),
               form=words('"variable", "beginner" or a board string'), length=BOARD_LENGTH,
               label=words("map")),
        Option("numbers", str, "spiral",
               words("how a variable board lays its number tokens: along the spiral, or at "
                     "random with no 6 or 8 next to another"),
               allowed=("spiral", "random"), label=words("number tokens")),
        Option("offers_per_turn", int, 3,
               words("domestic trade offers a mover may open per turn (0: no domestic "
                     "trade)"), low=0, high=10, label=words("trade offers per turn")),
    )
    agents = (LookaheadAgent,)
    state_class = CatanState
    policy_class = CatanPolicy
    drawing_class = CatanDrawing
    browser_board = "catan"

    def encoding(self, **options: Any) -> "CatanEncoding":
        """The RL encoding (:mod:`.encoding`; needs the extra ``rl``)."""
        from .encoding import CatanEncoding
        return CatanEncoding(self, **options)

    def configure(self) -> None:
        self.offers_per_turn: int = self.settings["offers_per_turn"]
        board = self.settings["board"]
        self.fixed_map: Map | None = None
        if board == "beginner":
            self.fixed_map = BEGINNER
        elif board != "variable":
            read = read_tokens(board.split(" "))
            if isinstance(read, str):
                raise ValueError(f"catan option 'board': {read}")
            self.fixed_map = read

    def client_data(self) -> dict:
        """The island's fixed geometry for the browser board, in the rules' drawing
        coordinates (2.2: hex centre ``(2q + r, 3r)``, a point at ``(X·√3/2, Y/2)``): each
        hex's centre and corners, each node's point, each edge's nodes, each harbour
        slot's edge and the hex it lies on."""
        return {"hexes": [[2 * q + r, 3 * r] for q, r in COORDS],
                "corners": [list(c) for c in HEX_CORNERS],
                "nodes": [list(p) for p in NODE_POINTS],
                "edges": [list(e) for e in EDGE_NODES],
                "harbours": [{"edge": e, "hex": next(h for h, sides in enumerate(HEX_SIDES)
                                                     if e in sides)}
                             for e in HARBOUR_EDGES]}

    @property
    def score_range(self) -> tuple[int, int]:
        """Two set-up settlements at least. At most 12: a seat has at most 9 points when a
        turn of its own begins (or it has won); in another's turn it gains at most Longest
        Road (11), and in its own the action that reaches 10 adds at most 3 (a settlement
        that breaks another's road and so hands its builder Longest Road)."""
        return 2, 12
