"""Schema 16: the table server's record of players' requests already done (``table_request``).

A player's page sends each action with a nonce and sends it again when the
answer was lost; the table server answers "already received" to a nonce it
has done.  That record was in the server's memory, so a restart forgot it
and a request re-sent across the restart was done twice.  It is now a row
written in the very transaction of the action's operation, kept like the
players' links: not journalled (an undo never makes a request "not
received"), and bounded (the newest few hundred per character).

Revision ID: 0016_requests
Revises: 0015_deed
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0016_requests"
down_revision = "0015_deed"
branch_labels = None
depends_on = None

SCHEMA = 16


def upgrade() -> None:
    op.create_table(
        "table_request",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("received_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_table_request_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_request")),
        sa.UniqueConstraint("nonce", name=op.f("uq_table_request_nonce")),
    )
    op.create_index("ix_table_request_character_id_id", "table_request",
                    ["character_id", "id"])
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_index("ix_table_request_character_id_id", table_name="table_request")
    op.drop_table("table_request")
    sqlite_pragma(op, "user_version", 15)
