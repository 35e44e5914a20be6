"""What the Carcassonne-family games share above the tile engine: the turn cycle (draw,
place, follower or pass, discards), the notation, majority scoring and its breakdown, the
terminal picture of tiles and board, and the greedy skeleton. Each game adds its rules."""
