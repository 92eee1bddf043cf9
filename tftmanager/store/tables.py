"""Table models: the campaign file's rows, and nothing else.

Mapping rows to rules objects lives in ``mapping``; queries in ``queries``.
A campaign row owns its characters so a later server database can hold many
campaigns; a single-file campaign simply has one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Field, SQLModel

SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Timestamps are stored in UTC."""
    return datetime.now(UTC)


class CampaignRow(SQLModel, table=True):
    """A campaign: its name and its rules profile (JSON of RuleProfile values)."""

    __tablename__ = "campaign"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=120)
    rules_profile: str = Field(default="{}")
    created_at: datetime = Field(default_factory=utcnow)


class CharacterRow(SQLModel, table=True):
    """A character; ``uid`` identifies it across files (export, import, sync)."""

    __tablename__ = "character"

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(max_length=36, unique=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=80)
    race: str = Field(max_length=40)
    player: str = Field(default="", max_length=80)
    notes: str = Field(default="")
    st: int
    dx: int
    iq: int
    sp: int = 0
    bought_points: int = 0
    armor: str | None = Field(default=None, max_length=40)
    shield: str | None = Field(default=None, max_length=40)
    shield_ready: bool = False
    ready_weapon: str | None = Field(default=None, max_length=40)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class CharacterWeaponRow(SQLModel, table=True):
    """A weapon a character carries, in the order the player listed them."""

    __tablename__ = "character_weapon"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    position: int
    weapon: str = Field(max_length=40)
