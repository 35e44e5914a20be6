"""Simulation: one game, many games, statistics."""
