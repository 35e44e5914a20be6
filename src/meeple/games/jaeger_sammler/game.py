"""Jäger und Sammler as the platform sees it: its facts, options and parts."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.game import Game
from ...core.options import Option
from ...core.text import cwords, words
from .board import MAX_SIDE, load_board
from .policy import JaegerSammlerPolicy
from .render import COLOURS, JaegerSammlerDrawing
from .rules import CRATES, JaegerSammlerState
from .score import CRATE_POINTS, face_down_points
from .tiles import COUNTS, FACE_DOWN, KINDS, SUMMER, WINTER

if TYPE_CHECKING:
    from .encoding import JaegerSammlerEncoding


PATH_LENGTH = 4096
"""The longest file path the option takes (Linux's PATH_MAX; a board's data has at most its
ten keys, which the board's own check counts)."""


class JaegerSammler(Game):
    """Jäger und Sammler (Reiner Knizia, AMIGO 2010) for 2–4 players, two seasons."""

    name = "jaeger-sammler"
    title = words("Jäger und Sammler")
    min_players, max_players, default_players = 2, 4, 2
    hides_information = True
    secret_scores = True
    colours = COLOURS
    browser_board = "hex"
    options = (
        Option("board", (str, dict), None,
               words("the board (default: the shipped board, see docs/jaeger-sammler.md): "
                     "{fields} fields in at most {side} rows × {side} columns", fields=120,
                     side=MAX_SIDE),
               form=words("a board file's path, or its data"), file=True,
               length=PATH_LENGTH, label=cwords("option", "board")),)
    state_class = JaegerSammlerState
    policy_class = JaegerSammlerPolicy
    drawing_class = JaegerSammlerDrawing

    def configure(self) -> None:
        self.board = load_board(self.settings["board"])

    def encoding(self, **options: Any) -> "JaegerSammlerEncoding":
        """The RL encoding (:mod:`.encoding`; needs the extra ``rl``): ``options`` go to it."""
        from .encoding import JaegerSammlerEncoding
        return JaegerSammlerEncoding(self, **options)

    @property
    def score_range(self) -> tuple[int, int]:
        """Nothing at worst; at best every face-down tile and mammoth of both seasons and
        every crate in a summer settlement."""
        held = [0] * KINDS
        for season in (SUMMER, WINTER):
            for kind, n in COUNTS[season].items():
                if kind in FACE_DOWN:
                    held[kind] += n
        mammoths = sum(sum(values) for values in self.board.mammoths)
        return 0, face_down_points(held) + mammoths + CRATE_POINTS * CRATES
