"""The Catan Dice Game (Klaus Teuber): rules, island sheet, notation, bots."""
from .game import CatanDice

__all__ = ["CatanDice"]
