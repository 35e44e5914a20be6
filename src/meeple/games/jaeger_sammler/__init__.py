"""Jäger und Sammler (Reiner Knizia): hex board, seasons, hidden collections."""
