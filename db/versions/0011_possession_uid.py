"""Schema 11: each possession has a stable identity (``possession.uid``).

A fight's armor and shield wear is written to the possession that stopped the
hits; its place in the list changes when something is bought or sold during
the fight, its ``uid`` does not.  Existing possessions get one each now.
(Named for what it adds: another helper's migration may take number 11 at
merge; then this one is renumbered.)

Revision ID: 0011_possession_uid
Revises: 0010
Create Date: 2026-11-25
"""

from __future__ import annotations

import uuid

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0011_possession_uid"
down_revision = "0010"
branch_labels = None
depends_on = None

SCHEMA = 11


def upgrade() -> None:
    with op.batch_alter_table("possession") as batch:
        batch.add_column(sa.Column("uid", sa.String(length=36), nullable=False,
                                   server_default=sa.text("''")))
    bind = op.get_bind()
    table = sa.table("possession", sa.column("id", sa.Integer()), sa.column("uid", sa.String()))
    for (row_id,) in bind.execute(sa.select(table.c.id)).all():
        bind.execute(table.update().where(table.c.id == row_id).values(uid=uuid.uuid4().hex))
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    with op.batch_alter_table("possession") as batch:
        batch.drop_column("uid")
    sqlite_pragma(op, "user_version", 10)
