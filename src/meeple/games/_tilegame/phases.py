"""The phases of a tile game's turn: draw a tile, place it, then a follower (or pass)."""
DRAW, PLACE, FOLLOW, OVER = 0, 1, 2, 3
PHASES = ("draw", "place", "follower", "over")
"""The phases of a turn (a game may add its own after these) and their names."""
