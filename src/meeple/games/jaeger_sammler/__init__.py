"""Jäger und Sammler (Reiner Knizia): hex board, seasons, hidden collections."""
from .game import JaegerSammler

__all__ = ["JaegerSammler"]
