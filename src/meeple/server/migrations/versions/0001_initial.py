"""The first schema: games, seats, the action log, taken-back actions, takeback requests.

Revision ID: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    when = sa.DateTime(timezone=True)
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("created_at", when, nullable=False),
        sa.Column("updated_at", when, nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True))
    op.create_index("ix_games_game", "games", ["game"])
    op.create_index("ix_games_finished", "games", ["finished"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True))
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("index", sa.Integer, primary_key=True),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("at", when, nullable=False))
    op.create_table(
        "taken_back",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("at", when, nullable=False),
        sa.Column("undone_at", when, nullable=False),
        sa.Column("undone_by", sa.Integer, nullable=False))
    op.create_index("ix_taken_back_game_id", "taken_back", ["game_id"])
    op.create_table(
        "takebacks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("by_seat", sa.Integer, nullable=False),
        sa.Column("keep", sa.Integer, nullable=False),
        sa.Column("accepted", sa.JSON, nullable=False),
        sa.Column("at", when, nullable=False))


def downgrade() -> None:
    for table in ("takebacks", "taken_back", "actions", "seats", "games"):
        op.drop_table(table)
