"""Schema 17: the history may record rows inserted at once as one range.

A run of job weeks writes thousands of ledger lines and a report per week;
the history recorded a JSON image of every one, which cost about as much as
writing them.  From this schema a bulk insert inside an operation is one
``row_change`` entry (action ``R``: the first rowid, the last, the
characters the rows name), and undo keeps the rows' images in that entry as
it deletes them, so redo puts back exactly those rows.  No table changes;
the number changes so that a version that does not know the ``R`` entry
refuses the file instead of undoing a run wrongly, and the upgrade keeps
the history's row images (``KEEPS_HISTORY``): the campaign's last changes
can still be undone after it.

Revision ID: 0017_ranges
Revises: 0016_requests
Create Date: 2026-11-28
"""

from __future__ import annotations

from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0017_ranges"
down_revision = "0016_requests"
branch_labels = None
depends_on = None

SCHEMA = 17
# No row of a recorded table changes: the history's row images recorded before still fit.
KEEPS_HISTORY = True


def upgrade() -> None:
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    sqlite_pragma(op, "user_version", 16)
