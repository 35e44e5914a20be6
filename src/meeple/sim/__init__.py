"""Batch work: many games between agents (simulate, tournament), their statistics and
plots, random-play speed, on local processes or Ray."""
