"""Schema 12: a character's languages and age (from Foundry actors and stat blocks).

- ``character.languages``: the languages the character speaks, one a line,
  whatever the rules library holds ("Common", "Goblin", "Sorcerers' Tongue").
- ``character.age``: in years, 0 when not known.

Revision ID: 0012_languages
Revises: 0011_possession_uid
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import sqlite_pragma

revision = "0012_languages"
down_revision = "0011_possession_uid"
branch_labels = None
depends_on = None

SCHEMA = 12


def upgrade() -> None:
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("languages", sa.String(), nullable=False,
                                   server_default=sa.text("''")))
        batch.add_column(sa.Column("age", sa.Integer(), nullable=False,
                                   server_default=sa.text("0")))
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    with op.batch_alter_table("character") as batch:
        batch.drop_column("age")
        batch.drop_column("languages")
    sqlite_pragma(op, "user_version", 10)
