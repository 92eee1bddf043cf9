"""Schema 8: the GM's session notes (one per play session, beside the campaign's story).

A note has the date it was played, the campaign week it belongs to, a title
and its text (plain or Markdown).  The journal triggers are reinstalled after
every upgrade, so adding, editing and deleting notes is recorded and undoable.

Revision ID: 0008_notes
Revises: 0007
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0008_notes"
down_revision = "0007"
branch_labels = None
depends_on = None

SCHEMA = 8


def upgrade() -> None:
    op.create_table(
        "session_note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.String(length=10), nullable=False),
        sa.Column("title", sa.String(length=120), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_session_note_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_session_note")),
    )
    op.create_index(op.f("ix_session_note_campaign_id"), "session_note", ["campaign_id"])
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_index(op.f("ix_session_note_campaign_id"), table_name="session_note")
    op.drop_table("session_note")
    sqlite_pragma(op, "user_version", 7)
