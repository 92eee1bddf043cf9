"""Schema 14: the players' links to the table server (``player_link``).

One row per character that has a link: the secret (made by ``secrets``,
compared in constant time by the table server) and when it was made.  The
journal does not record the table, so a revoked link never returns with an
undo.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

SCHEMA = 14


def upgrade() -> None:
    op.create_table(
        "player_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_player_link_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_link")),
        sa.UniqueConstraint("character_id", name=op.f("uq_player_link_character_id")),
    )
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_table("player_link")
    sqlite_pragma(op, "user_version", 13)
