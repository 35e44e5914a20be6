"""People keep their seats and their games end: players (a browser's identity, stored by the
hash of its cookie's secret) and accounts, each seat's player, how a person's seat is
offered (``me``, ``invite``, ``open``) and the bot standing in for it, the hints switch
apart from the beginner's aids, and the clock (its settings, the deadline of the seat to
move, each seat's time left) with how a game ended outside its rules.

Revision ID: 0007
"""
import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("username", sa.String(40), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32),
                  sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("mode", sa.String(8), nullable=True))
        batch.add_column(sa.Column("standin", sa.String(200), nullable=True))
        batch.create_index("seats_player", ["player_id"])
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("creator_player", sa.String(32), nullable=True))
        batch.add_column(sa.Column("clock", sa.JSON, nullable=True))
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("remaining", sa.JSON, nullable=True))
        batch.add_column(sa.Column("timed_out", sa.Integer, nullable=True))
        batch.add_column(sa.Column("result", sa.JSON, nullable=True))
        batch.create_index("games_deadline", ["finished", "deadline"])
    # before: one switch for hints and the beginner's aids; an unnamed person's seat was
    # open to the lobby, a named one held for its person
    op.execute("UPDATE games SET hints = aids")
    op.execute("UPDATE seats SET mode = 'open' WHERE agent = 'human' AND name IS NULL")
    op.execute("UPDATE seats SET mode = 'invite' WHERE agent = 'human' AND name IS NOT NULL")


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index("games_deadline")
        for column in ("result", "timed_out", "remaining", "deadline", "clock",
                       "creator_player", "hints"):
            batch.drop_column(column)
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("seats_player")
        for column in ("standin", "mode", "player_id"):
            batch.drop_column(column)
    op.drop_table("sessions")
    op.drop_table("players")
