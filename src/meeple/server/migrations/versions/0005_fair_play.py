"""Fair play and resource control: 128-bit seeds (kept as decimal text), practice games
(a seed the creator chose), who created a game (a keyed hash of the address), the seat to
move (so a start resumes only the games a bot must move in), the server's own keys, and
an index for the lobby's one query.

Revision ID: 0005
"""
import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column("seed", type_=sa.String(40), existing_type=sa.BigInteger,
                           existing_nullable=False, postgresql_using="seed::text")
        batch.add_column(sa.Column("practice", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("to_move", sa.Integer, nullable=True))
    op.create_index("games_lobby", "games", ["private", "finished", "updated_at"])
    op.create_index("games_creator", "games", ["creator", "finished"])
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_index("games_creator", "games")
    op.drop_index("games_lobby", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("to_move")
        batch.drop_column("creator")
        batch.drop_column("practice")
        batch.alter_column("seed", type_=sa.BigInteger, existing_type=sa.String(40),
                           existing_nullable=False, postgresql_using="seed::bigint")
