"""Schema 5: weekly activities (jobs and how they are worked), the week log, wounds.

Existing campaigns get the job catalogue and the death-and-dying rules in
their library.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

SCHEMA = 5


def upgrade() -> None:
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("wounds", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
        batch.add_column(sa.Column("recovery_weeks", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
        batch.add_column(sa.Column("status", sa.String(length=10), nullable=False,
                                   server_default="active"))
    op.create_table(
        "assignment",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("activity", sa.String(length=10), nullable=False),
        sa.Column("job", sa.String(length=60), nullable=False),
        sa.Column("officer", sa.String(length=20), nullable=False),
        sa.Column("mounted", sa.Boolean(), nullable=False),
        sa.Column("flying_mount", sa.Boolean(), nullable=False),
        sa.Column("own_lifestyle", sa.Boolean(), nullable=False),
        sa.Column("self_employed", sa.Boolean(), nullable=False),
        sa.Column("found", sa.Boolean(), nullable=False),
        sa.Column("weeks_left", sa.Integer(), nullable=False),
        sa.Column("lifestyle", sa.String(length=30), nullable=False),
        sa.Column("held", sa.String(), nullable=False),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"],
                                name=op.f("fk_assignment_character_id_character"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_assignment")),
        sa.UniqueConstraint("character_id", name=op.f("uq_assignment_character_id")),
    )
    op.create_table(
        "week_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("batch", sa.String(length=36), nullable=False),
        sa.Column("report", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_week_log_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_week_log")),
    )
    op.create_index(op.f("ix_week_log_campaign_id"), "week_log", ["campaign_id"])
    _add_jobs()
    sqlite_pragma(op, "user_version", SCHEMA)


def _add_jobs() -> None:
    """Copy the shipped job entries and job rules into campaigns that lack them."""
    from tftmanager.shipped import shipped_entries  # noqa: PLC0415

    bind = op.get_bind()
    entries = [e for e in shipped_entries() if e.kind in ("job", "job_rules")]
    for (campaign_id,) in bind.execute(sa.text("SELECT id FROM campaign")).fetchall():
        for entry in entries:
            exists = bind.execute(sa.text(
                "SELECT 1 FROM library_entry WHERE campaign_id = :c AND kind = :k "
                "AND key = :key"), {"c": campaign_id, "k": entry.kind, "key": entry.key}).first()
            if exists is None:
                bind.execute(sa.text(
                    "INSERT INTO library_entry (campaign_id, kind, key, data, shipped_data, "
                    "retired) VALUES (:c, :k, :key, :d, :d, 0)"),
                    {"c": campaign_id, "k": entry.kind, "key": entry.key,
                     "d": entry.canonical()})


def downgrade() -> None:
    op.drop_table("week_log")
    op.drop_table("assignment")
    with op.batch_alter_table("character") as batch:
        batch.drop_column("status")
        batch.drop_column("recovery_weeks")
        batch.drop_column("wounds")
