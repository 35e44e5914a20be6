"""Alembic's entry point: runs the migrations on the connection :mod:`..migrate` gives."""
from alembic import context

from meeple.server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
