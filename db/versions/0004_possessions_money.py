"""Schema 4: possessions (quality, wear, where), the money ledger, mounts.

Existing campaigns get the expansion's equipment rules (quality, wear,
carrying capacity) in their library; the new prices, weights and items are
offered through the library review like any shipped change.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

SCHEMA = 4


def upgrade() -> None:
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("body_kg", sa.Float(), nullable=False,
                                   server_default=sa.text("0")))
        batch.add_column(sa.Column("mount", sa.String(), nullable=False, server_default=""))
    op.create_table(
        "possession",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("key", sa.String(length=60), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("fine_dx", sa.Integer(), nullable=False),
        sa.Column("fine_damage", sa.Integer(), nullable=False),
        sa.Column("silver", sa.Boolean(), nullable=False),
        sa.Column("good", sa.Boolean(), nullable=False),
        sa.Column("hits_taken", sa.Integer(), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("note", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_possession_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_possession")),
    )
    op.create_index(op.f("ix_possession_character_id"), "possession", ["character_id"])
    op.create_table(
        "money_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("reason", sa.String(length=300), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("batch", sa.String(length=36), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_money_entry_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_money_entry")),
    )
    op.create_index(op.f("ix_money_entry_character_id"), "money_entry", ["character_id"])
    _add_equipment_rules()
    sqlite_pragma(op, "user_version", SCHEMA)


def _add_equipment_rules() -> None:
    from tftmanager.shipped import shipped_entries  # noqa: PLC0415

    bind = op.get_bind()
    entry = next(e for e in shipped_entries() if e.kind == "equipment_rules")
    text = entry.canonical()
    for (campaign_id,) in bind.execute(sa.text("SELECT id FROM campaign")).fetchall():
        exists = bind.execute(sa.text(
            "SELECT 1 FROM library_entry WHERE campaign_id = :c AND kind = 'equipment_rules'"),
            {"c": campaign_id}).first()
        if exists is not None:  # 0002 copied a shipped library that already had it
            continue
        bind.execute(sa.text(
            "INSERT INTO library_entry (campaign_id, kind, key, data, shipped_data, retired) "
            "VALUES (:c, 'equipment_rules', 'table', :d, :d, 0)"), {"c": campaign_id, "d": text})


def downgrade() -> None:
    op.drop_table("money_entry")
    op.drop_table("possession")
    with op.batch_alter_table("character") as batch:
        batch.drop_column("mount")
        batch.drop_column("body_kg")
