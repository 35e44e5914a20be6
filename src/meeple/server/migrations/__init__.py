"""Alembic migrations of the server's database (``meeple db upgrade``)."""
