"""Catan (Klaus Teuber), the base board game for 3–4 players: rules, board, notation."""
from .game import Catan

__all__ = ["Catan"]
