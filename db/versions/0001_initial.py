"""Schema 1: campaign, characters and their weapons.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tftmanager.store.schema import APPLICATION_ID, sqlite_pragma

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

SCHEMA = 1


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("rules_profile", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaign")),
    )
    op.create_table(
        "character",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("uid", sa.String(length=36), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("race", sa.String(length=40), nullable=False),
        sa.Column("player", sa.String(length=80), nullable=False),
        sa.Column("notes", sa.String(), nullable=False),
        sa.Column("st", sa.Integer(), nullable=False),
        sa.Column("dx", sa.Integer(), nullable=False),
        sa.Column("iq", sa.Integer(), nullable=False),
        sa.Column("sp", sa.Integer(), nullable=False),
        sa.Column("bought_points", sa.Integer(), nullable=False),
        sa.Column("armor", sa.String(length=40), nullable=True),
        sa.Column("shield", sa.String(length=40), nullable=True),
        sa.Column("shield_ready", sa.Boolean(), nullable=False),
        sa.Column("ready_weapon", sa.String(length=40), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaign.id"],
            name=op.f("fk_character_campaign_id_campaign"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character")),
        sa.UniqueConstraint("uid", name=op.f("uq_character_uid")),
    )
    op.create_index(op.f("ix_character_campaign_id"), "character", ["campaign_id"])
    op.create_table(
        "character_weapon",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("weapon", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character.id"],
            name=op.f("fk_character_weapon_character_id_character"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_weapon")),
    )
    op.create_index(
        op.f("ix_character_weapon_character_id"), "character_weapon", ["character_id"]
    )
    sqlite_pragma(op, "application_id", APPLICATION_ID)
    sqlite_pragma(op, "user_version", SCHEMA)


def downgrade() -> None:
    op.drop_table("character_weapon")
    op.drop_table("character")
    op.drop_table("campaign")
