"""The phases of a Catan Dice turn, and how many dice and rolls it has."""
from __future__ import annotations

ROLLING, CHOOSING, BUILDING, OVER = "rolling", "choosing", "building", "over"
"""Chance rolls the dice; the seat rerolls or keeps them; the seat builds; the game is over."""
DICE = 6
MAX_ROLLS = 3
