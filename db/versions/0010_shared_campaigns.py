"""Schema 10: what a campaign shared on a server needs (kept in files too).

- ``operation.author``: who did it (the database login on a server, "" in a file).
- ``character_version``: a counter per character that each operation touching
  the character raises; a client that saw an older count is told of the other
  change instead of overwriting it.
- ``player_character``: which login plays which character; on a server the
  row-level security policies read it.

Push and pull carry the last two with the campaign, so a file pulled from a
server and pushed back keeps its players.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

SCHEMA = 10


def upgrade() -> None:
    with op.batch_alter_table("operation") as batch:
        batch.add_column(sa.Column("author", sa.String(length=63), nullable=False,
                                   server_default=sa.text("''")))
    op.create_table(
        "character_version",
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("operation_id", sa.Integer(), nullable=True),
        sa.Column("author", sa.String(length=63), nullable=False,
                  server_default=sa.text("''")),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_character_version_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("character_id", name=op.f("pk_character_version")),
    )
    op.create_table(
        "player_character",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=63), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_player_character_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_character")),
        sa.UniqueConstraint("login", "character_id", name=op.f("uq_player_character_login")),
    )
    op.create_index(op.f("ix_player_character_login"), "player_character", ["login"])
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_index(op.f("ix_player_character_login"), table_name="player_character")
    op.drop_table("player_character")
    op.drop_table("character_version")
    with op.batch_alter_table("operation") as batch:
        batch.drop_column("author")
    sqlite_pragma(op, "user_version", 9)
