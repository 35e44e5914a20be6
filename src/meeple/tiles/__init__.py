"""The Carcassonne-family tile-laying engine: tile sets as data, the board, the features.

Game-free: it knows edges, rotations, segments, placements and how features join, never
how anything scores. Each game (Carcassonne, Hunters & Gatherers) adds its own scoring.
"""
from .board import Board
from .features import Partition, bits
from .geometry import CENTRE, EDGES, HALVES, ROTATIONS, pack, unpack
from .spec import Orientation, Segment, TileSet, TileSetError, TileType

__all__ = ["Board", "CENTRE", "EDGES", "HALVES", "Orientation", "Partition", "ROTATIONS",
           "Segment", "TileSet", "TileSetError", "TileType", "bits", "pack", "unpack"]
