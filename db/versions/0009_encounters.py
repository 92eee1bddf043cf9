"""Schema 9: encounters (a fight in progress is saved in the campaign and resumes).

A character gains ``fatigue``: ST spent on spells, kept apart from wounds.

One ``encounter`` row holds a fight as JSON; the journal triggers, reinstalled
after every upgrade, record its changes like any other table's.

Revision ID: 0009
Revises: 0008_notes
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0009"
down_revision = "0008_notes"
branch_labels = None
depends_on = None

SCHEMA = 9


def upgrade() -> None:
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("fatigue", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
    op.create_table(
        "encounter",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("state", sa.String(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_encounter_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_encounter")),
    )
    op.create_index(op.f("ix_encounter_campaign_id"), "encounter", ["campaign_id"])
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_index(op.f("ix_encounter_campaign_id"), table_name="encounter")
    op.drop_table("encounter")
    with op.batch_alter_table("character") as batch:
        batch.drop_column("fatigue")
