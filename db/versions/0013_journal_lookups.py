"""Schema 13: an index for every lookup an edit makes (the same cost at any history).

- ``xp_entry.batch`` and ``money_entry.batch``: an action's ledger lines are
  read back (and undone) by their batch;
- ``operation (author, id)``: each user's undo and redo on a shared campaign
  look at their own operations, newest first; two partial indexes hold only
  the few a new operation looks at whatever the history's length: the
  user's still undoable ones (the undo limit) and their redo tail.

Revision ID: 0013
Revises: 0012_languages
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0013"
down_revision = "0012_languages"
branch_labels = None
depends_on = None

SCHEMA = 13
TAIL = "undone OR label = ''"  # the redo tail, and an operation begun, not finished


def upgrade() -> None:
    op.create_index(op.f("ix_xp_entry_batch"), "xp_entry", ["batch"])
    op.create_index(op.f("ix_money_entry_batch"), "money_entry", ["batch"])
    op.create_index("ix_operation_author_id", "operation", ["author", "id"])
    op.create_index("ix_operation_undoable", "operation", ["author", "id"],
                    sqlite_where=sa.text("undoable"), postgresql_where=sa.text("undoable"))
    op.create_index("ix_operation_redo_tail", "operation", ["author"],
                    sqlite_where=sa.text(TAIL), postgresql_where=sa.text(TAIL))
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_index("ix_operation_redo_tail", table_name="operation")
    op.drop_index("ix_operation_undoable", table_name="operation")
    op.drop_index("ix_operation_author_id", table_name="operation")
    op.drop_index(op.f("ix_money_entry_batch"), table_name="money_entry")
    op.drop_index(op.f("ix_xp_entry_batch"), table_name="xp_entry")
    sqlite_pragma(op, "user_version", 11)
