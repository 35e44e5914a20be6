"""Several server processes on one database: the log's epoch (raised by a takeback, so a
process knows its cached log is not the stored one plus new rows) and leases (which process
acts for a bot or a review, until when).

Revision ID: 0006
"""
import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))
    op.create_index("games_to_move", "games", ["finished", "to_move"])
    op.create_table(
        "leases",
        sa.Column("name", sa.String(80), primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("leases")
    op.drop_index("games_to_move", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("epoch")
