"""Schema 3: the experience ledger.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SCHEMA = 3


def upgrade() -> None:
    op.create_table(
        "xp_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("played_on", sa.String(length=10), nullable=False),
        sa.Column("attribute", sa.String(length=4), nullable=False),
        sa.Column("batch", sa.String(length=36), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_xp_entry_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_xp_entry")),
    )
    op.create_index(op.f("ix_xp_entry_character_id"), "xp_entry", ["character_id"])
    _add_experience_tables()
    sqlite_pragma(op, "user_version", SCHEMA)


def _add_experience_tables() -> None:
    """Give existing campaigns the shipped experience tables (costs and awards)."""
    from tftmanager.shipped import shipped_entries  # noqa: PLC0415

    bind = op.get_bind()
    entry = next(e for e in shipped_entries() if e.kind == "experience")
    text = entry.canonical()
    for (campaign_id,) in bind.execute(sa.text("SELECT id FROM campaign")).fetchall():
        exists = bind.execute(sa.text(
            "SELECT 1 FROM library_entry WHERE campaign_id = :c AND kind = 'experience'"),
            {"c": campaign_id}).first()
        if exists is None:
            bind.execute(sa.text(
                "INSERT INTO library_entry (campaign_id, kind, key, data, shipped_data, "
                "retired) VALUES (:c, 'experience', 'table', :d, :d, 0)"),
                {"c": campaign_id, "d": text})


def downgrade() -> None:
    op.drop_table("xp_entry")
