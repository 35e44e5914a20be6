"""The phases of a Jäger und Sammler game, and the rule that ends a stalled season."""
from __future__ import annotations

SETUP, PLAY, OVER = "setup", "play", "over"
"""A season's tiles are being laid (chance), pawns move, or the game is over."""
STALL_ROUNDS = 10
"""A season also ends after this many rounds in which nobody took a tile or left a crate:
the rules let pawns shuttle forever, and a digital game must end (docs/jaeger-sammler.md)."""
