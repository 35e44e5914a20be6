"""Carcassonne: Hunters and Gatherers (2002 rules) on the shared tile engine."""
