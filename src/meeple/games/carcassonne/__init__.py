"""Carcassonne, base game: rules on the shared tile engine, notation, scoring, bots, drawing."""
from .game import Carcassonne

__all__ = ["Carcassonne"]
