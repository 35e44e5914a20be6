"""Carcassonne: Hunters and Gatherers (2002 rules) on the shared tile engine."""
from .game import HuntersGatherers

__all__ = ["HuntersGatherers"]
