"""Carcassonne, base game: rules on the shared tile engine, notation, scoring, bots, drawing."""
