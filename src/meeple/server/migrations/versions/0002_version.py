"""A version number per game, raised by every change of it (moves, seats, requests): a
process reads this one number to know that its cached copy of a game is current.

Revision ID: 0002
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("version", sa.Integer, nullable=False,
                                     server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("version")
