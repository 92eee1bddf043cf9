"""Schema 7: the operations journal (undo, redo and history that survive a restart).

Every user action becomes an ``operation`` row; triggers on every other table
record the rows it changed in ``row_change`` (installed after each upgrade by
``tftmanager.store.journal_triggers``, so later schemas are covered too).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

SCHEMA = 7


def upgrade() -> None:
    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("undo_limit", sa.Integer(), nullable=False,
                                   server_default=sa.text("100")))
    op.create_table(
        "operation",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("label", sa.String(length=300), nullable=False),
        sa.Column("week", sa.Integer(), nullable=False),
        sa.Column("characters", sa.String(), nullable=False),
        sa.Column("merge_key", sa.String(length=120), nullable=False),
        sa.Column("meta", sa.String(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("undoable", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"],
                                name=op.f("fk_operation_campaign_id_campaign"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_operation")),
    )
    op.create_index(op.f("ix_operation_campaign_id"), "operation", ["campaign_id"])
    op.create_table(
        "row_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("operation_id", sa.Integer(), nullable=False),
        sa.Column("table_name", sa.String(length=40), nullable=False),
        sa.Column("action", sa.String(length=1), nullable=False),
        sa.Column("row_key", sa.Integer(), nullable=False),
        sa.Column("old", sa.String(), nullable=True),
        sa.Column("new", sa.String(), nullable=True),
        sa.ForeignKeyConstraint(["operation_id"], ["operation.id"],
                                name=op.f("fk_row_change_operation_id_operation"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_row_change")),
    )
    op.create_index(op.f("ix_row_change_operation_id"), "row_change", ["operation_id"])
    op.create_table(
        "journal_state",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("current_op", sa.Integer(), nullable=True),
        sa.Column("replaying", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_journal_state")),
    )
    op.execute("INSERT INTO journal_state (id, current_op, replaying) VALUES (1, NULL, FALSE)")
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_table("journal_state")
    op.drop_table("row_change")
    op.drop_table("operation")
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("undo_limit")
