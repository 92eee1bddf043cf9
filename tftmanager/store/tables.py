"""Table models: the campaign file's rows, and nothing else.

Mapping rows to rules objects lives in ``mapping``; queries in ``queries``.
A campaign row owns its characters so a later server database can hold many
campaigns; a single-file campaign simply has one.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from tftmanager.rules.text import REASON_MAX

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
    week: int = 1
    library_version: str = Field(default="", max_length=40)
    undo_limit: int = 100


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
    kind: str = Field(default="hero", max_length=10)
    memory_bought: int = 0
    body_kg: float = 0.0
    mount: str = Field(default="")  # JSON of the rules' Mount, "" for none
    wounds: int = 0
    recovery_weeks: int = 0
    status: str = Field(default="active", max_length=10)
    fatigue: int = 0  # ST spent on spells in a fight (schema 9); gone by the next week
    languages: str = Field(default="")  # one a line (schema 12)
    age: int = 0  # years, 0 unknown (schema 12)
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class CharacterTalentRow(SQLModel, table=True):
    """A talent a character knows (with extra points, for Sign Language)."""

    __tablename__ = "character_talent"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    position: int
    talent: str = Field(max_length=60)
    extra_points: int = 0


class CharacterSpellRow(SQLModel, table=True):
    """A spell a character knows."""

    __tablename__ = "character_spell"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    position: int
    spell: str = Field(max_length=60)


class StudyRow(SQLModel, table=True):
    """A talent a character is studying, week by week."""

    __tablename__ = "study"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    talent: str = Field(max_length=60)
    weeks_needed: int
    weeks_done: int = 0
    teacher: bool = False
    started_week: int = 1


class LibraryEntryRow(SQLModel, table=True):
    """One entry of a campaign's own rules library, as JSON.

    ``data`` is the campaign's (perhaps house-ruled) entry; ``shipped_data``
    is what TFT Manager shipped when it was last copied or reviewed, so a
    newer shipped library can be compared without mistaking the GM's edits
    for changes.  ``kind`` is race, weapon, armor, shield, talent, spell,
    cost_exception or injury.
    """

    __tablename__ = "library_entry"
    __table_args__ = (UniqueConstraint("campaign_id", "kind", "key"),)

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    kind: str = Field(max_length=20)
    key: str = Field(max_length=120)
    data: str
    shipped_data: str = ""
    retired: bool = False


class XPEntryRow(SQLModel, table=True):
    """One line of a character's experience ledger (append-only; balance = sum).

    ``kind`` is award, combat, spend, correction or job; ``attribute`` names
    what a spend bought.  ``batch`` groups the entries one action wrote (a
    party award), so undo and the session log can treat them as one.
    """

    __tablename__ = "xp_entry"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    amount: int
    kind: str = Field(max_length=20)
    reason: str = Field(default="", max_length=REASON_MAX)
    week: int = 1
    played_on: str = Field(default="", max_length=10)
    attribute: str = Field(default="", max_length=4)
    batch: str = Field(default="", max_length=36, index=True)
    created_at: datetime = Field(default_factory=utcnow)


class PossessionRow(SQLModel, table=True):
    """An item a character owns, with its quality, wear and where it is.

    The only record of equipment: worn armor, a ready or slung shield and the
    weapons carried are possessions in the matching ``state`` (schema 6).
    """

    __tablename__ = "possession"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    position: int
    kind: str = Field(max_length=10)
    key: str = Field(max_length=60)
    state: str = Field(default="carried", max_length=10)
    fine_dx: int = 0
    fine_damage: int = 0
    silver: bool = False
    good: bool = False
    hits_taken: int = 0
    quantity: int = 1
    note: str = Field(default="", max_length=200)
    uid: str = Field(default="", max_length=36)  # stable identity (schema 11)


class MoneyEntryRow(SQLModel, table=True):
    """One line of a character's money ledger (in $; balance = sum)."""

    __tablename__ = "money_entry"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", index=True)
    amount: int
    kind: str = Field(max_length=20)
    reason: str = Field(default="", max_length=REASON_MAX)
    week: int = 1
    batch: str = Field(default="", max_length=36, index=True)
    created_at: datetime = Field(default_factory=utcnow)


class AssignmentRow(SQLModel, table=True):
    """What a character does each week: a job (and how), study, rest, adventure or idle."""

    __tablename__ = "assignment"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", unique=True)
    activity: str = Field(default="idle", max_length=10)
    job: str = Field(default="", max_length=60)
    officer: str = Field(default="", max_length=20)
    mounted: bool = False
    flying_mount: bool = False
    own_lifestyle: bool = False
    self_employed: bool = False
    found: bool = False
    weeks_left: int = 0
    lifestyle: str = Field(default="poor", max_length=30)
    held: str = Field(default="[]")  # JSON list of jobs and ranks worked


class WeekLogRow(SQLModel, table=True):
    """A week that was run: its seed and the full report (JSON), for history and replay."""

    __tablename__ = "week_log"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    week: int
    seed: int
    batch: str = Field(max_length=36)
    report: str
    created_at: datetime = Field(default_factory=utcnow)


# The redo tail, and an operation begun but not finished (a server's, mid-transaction).
TAIL = "undone OR label = ''"


class OperationRow(SQLModel, table=True):
    """One user action, as the journal records it (undo, redo, history, the story).

    ``characters`` is a JSON list of the character ids the action touched;
    ``meta`` is JSON the application keeps for merging (the first values of
    fields typed into).  ``undone`` operations form the redo tail; an
    operation whose row changes were dropped past the undo limit keeps its
    line in the history but is no longer ``undoable``.
    """

    __tablename__ = "operation"
    # Each user's own operations, newest first (undo, redo); the still undoable ones
    # (the undo limit) and the redo tail, whatever the history's length (schema 13).
    __table_args__ = (
        Index("ix_operation_author_id", "author", "id"),
        Index("ix_operation_undoable", "author", "id", sqlite_where=text("undoable"),
              postgresql_where=text("undoable")),
        Index("ix_operation_redo_tail", "author", sqlite_where=text(TAIL),
              postgresql_where=text(TAIL)),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    kind: str = Field(max_length=20)
    label: str = Field(default="", max_length=300)
    week: int = 1
    characters: str = Field(default="[]")
    merge_key: str = Field(default="", max_length=120)
    meta: str = Field(default="{}")
    # What the operation did, as JSON data (``app.deeds``: event, characters by uid,
    # amounts, weeks); the story is told from it (schema 15).
    deed: str = Field(default="{}")
    undone: bool = False
    undoable: bool = True
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    # Who did it: the database login on a server campaign, "" in a file (schema 10).
    author: str = Field(default="", max_length=63)


class RowChangeRow(SQLModel, table=True):
    """One row an operation inserted (I), updated (U) or deleted (D), before and after.

    Written by the journal triggers, never by Python, so no write can slip
    past the journal.  ``old`` and ``new`` are JSON objects of every column.
    """

    __tablename__ = "row_change"

    id: int | None = Field(default=None, primary_key=True)
    operation_id: int = Field(foreign_key="operation.id", ondelete="CASCADE", index=True)
    table_name: str = Field(max_length=40)
    action: str = Field(max_length=1)
    row_key: int
    old: str | None = None
    new: str | None = None


class JournalStateRow(SQLModel, table=True):
    """The journal's one-row switchboard, read by the triggers.

    ``current_op`` is set only inside an operation's transaction; ``replaying``
    only while undo or redo (or a migration) rewrites rows, which are then
    not recorded again.  A write with neither set is refused by the triggers.
    """

    __tablename__ = "journal_state"

    id: int | None = Field(default=None, primary_key=True)
    current_op: int | None = None
    replaying: bool = False


class EncounterRow(SQLModel, table=True):
    """A fight at the table (schema 9): the whole encounter as JSON, saved after every change.

    ``state`` is ``rules.encounter.Encounter.to_dict()``: figures, sides,
    turn, order and the log; one row per encounter, so resuming one is one
    read and every change is one journalled update.
    """

    __tablename__ = "encounter"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    name: str = Field(max_length=120)
    state: str = Field(default="{}")
    ended: bool = False
    week: int = 1
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class SessionNoteRow(SQLModel, table=True):
    """The GM's note of one play session: when it was played, its campaign week, its text.

    ``played_on`` is an ISO date ("" when the GM gave none); ``text`` is plain
    text or Markdown, shown beside the campaign's story of that week.
    """

    __tablename__ = "session_note"

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE", index=True)
    week: int = 1
    played_on: str = Field(default="", max_length=10)
    title: str = Field(default="", max_length=120)
    text: str = Field(default="")
    created_at: datetime = Field(default_factory=utcnow)


class CharacterVersionRow(SQLModel, table=True):
    """How many operations have changed a character, and the last one (schema 10).

    On a server each operation raises the count of every character it
    touched; a client whose last look saw an older count is told who changed
    the character, rather than writing over their change.  Not journalled:
    undo changes a character too, so it raises the count like any change.
    """

    __tablename__ = "character_version"

    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE",
                              primary_key=True)
    version: int = 0
    operation_id: int | None = None
    author: str = Field(default="", max_length=63)


class PlayerCharacterRow(SQLModel, table=True):
    """Which database login plays which character (schema 10).

    On a server campaign the row-level security policies read this table: a
    player's login may change only the characters listed for it here.
    """

    __tablename__ = "player_character"
    __table_args__ = (UniqueConstraint("login", "character_id"),)

    id: int | None = Field(default=None, primary_key=True)
    login: str = Field(max_length=63, index=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE")


class PlayerLinkRow(SQLModel, table=True):
    """A player's invitation to the table server: a secret bound to one character (schema 14).

    The secret is kept so the GM can show the link (and its QR code) again;
    renewing replaces it and revoking deletes the row.  The journal does not
    record this table: a revoked link must never come back with an undo, and
    secrets stay out of the row images.
    """

    __tablename__ = "player_link"

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE", unique=True)
    secret: str = Field(max_length=100)
    created_at: datetime = Field(default_factory=utcnow)


class TableRequestRow(SQLModel, table=True):
    """A player's request the table server has done, by its nonce (schema 16).

    Written in the transaction of the operation the request made, so a
    request is recorded exactly when it is done, and a page re-sending it
    (even after the server restarted) is answered "already received".  Not
    journalled, like ``player_link``; the newest ``REQUESTS_KEPT`` per
    character are kept (``store.player_links``).
    """

    __tablename__ = "table_request"
    __table_args__ = (Index("ix_table_request_character_id_id", "character_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    character_id: int = Field(foreign_key="character.id", ondelete="CASCADE")
    nonce: str = Field(max_length=64, unique=True)
    received_at: datetime = Field(default_factory=utcnow)
