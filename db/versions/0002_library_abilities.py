"""Schema 2: the campaign's own rules library, talents, spells, study, the week.

Existing campaigns get a copy of the rules library shipped with this version,
so their play goes on unchanged; later shipped libraries are offered as
differences.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

SCHEMA = 2


def upgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("week", sa.Integer(), nullable=False,
                                   server_default=sa.text("1")))
        batch.add_column(sa.Column("library_version", sa.String(length=40), nullable=False,
                                   server_default=""))
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("kind", sa.String(length=10), nullable=False,
                                   server_default="hero"))
        batch.add_column(sa.Column("memory_bought", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
    op.create_table(
        "character_talent",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("talent", sa.String(length=60), nullable=False),
        sa.Column("extra_points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_character_talent_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_talent")),
    )
    op.create_index(op.f("ix_character_talent_character_id"), "character_talent",
                    ["character_id"])
    op.create_table(
        "character_spell",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("spell", sa.String(length=60), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_character_spell_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_spell")),
    )
    op.create_index(op.f("ix_character_spell_character_id"), "character_spell",
                    ["character_id"])
    op.create_table(
        "study",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("talent", sa.String(length=60), nullable=False),
        sa.Column("weeks_needed", sa.Integer(), nullable=False),
        sa.Column("weeks_done", sa.Integer(), nullable=False),
        sa.Column("teacher", sa.Boolean(), nullable=False),
        sa.Column("started_week", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_study_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_study")),
    )
    op.create_index(op.f("ix_study_character_id"), "study", ["character_id"])
    op.create_table(
        "library_entry",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("key", sa.String(length=120), nullable=False),
        sa.Column("data", sa.String(), nullable=False),
        sa.Column("shipped_data", sa.String(), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_library_entry_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_library_entry")),
        sa.UniqueConstraint("campaign_id", "kind", "key",
                            name=op.f("uq_library_entry_campaign_id")),
    )
    op.create_index(op.f("ix_library_entry_campaign_id"), "library_entry", ["campaign_id"])
    _copy_shipped_library()
    sqlite_pragma(op, "user_version", SCHEMA)


def _copy_shipped_library() -> None:
    from tftmanager.shipped import library_version, shipped_entries  # noqa: PLC0415

    bind = op.get_bind()
    entries = shipped_entries()
    version = library_version()
    table = sa.table(
        "library_entry",
        sa.column("campaign_id", sa.Integer()), sa.column("kind", sa.String()),
        sa.column("key", sa.String()), sa.column("data", sa.String()),
        sa.column("shipped_data", sa.String()), sa.column("retired", sa.Boolean()),
    )
    for (campaign_id,) in bind.execute(sa.text("SELECT id FROM campaign")).fetchall():
        op.bulk_insert(table, [
            {"campaign_id": campaign_id, "kind": e.kind, "key": e.key,
             "data": e.canonical(), "shipped_data": e.canonical(), "retired": False}
            for e in entries
        ])
        bind.execute(sa.text("UPDATE campaign SET library_version = :v WHERE id = :id"),
                     {"v": version, "id": campaign_id})


def downgrade() -> None:
    op.drop_table("library_entry")
    op.drop_table("study")
    op.drop_table("character_spell")
    op.drop_table("character_talent")
    with op.batch_alter_table("character") as batch:
        batch.drop_column("memory_bought")
        batch.drop_column("kind")
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("library_version")
        batch.drop_column("week")
