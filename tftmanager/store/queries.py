"""Queries over an open campaign; each takes the caller's session (one transaction)."""

from __future__ import annotations

import json
import uuid
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm.util import identity_key
from sqlmodel import Session, col, select

from tftmanager.rules.character import Character
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.mapping import (
    ChildRow,
    ChildRows,
    apply_to_row,
    child_rows,
    scalar_values,
    to_character,
)
from tftmanager.store.tables import (
    CampaignRow,
    CharacterRow,
    CharacterSpellRow,
    CharacterTalentRow,
    PossessionRow,
    utcnow,
)

CHILD_TABLES = (CharacterTalentRow, CharacterSpellRow, PossessionRow)


@dataclass(frozen=True)
class StoredCharacter:
    """A character with its identity in the store."""

    id: int
    uid: str
    character: Character


class NotFound(LookupError):
    """A row the caller named is not in the campaign."""


def campaign_row(*, session: Session, campaign_id: int) -> CampaignRow:
    """The campaign's own row."""
    row = session.get(CampaignRow, campaign_id)
    if row is None:
        raise NotFound(f"campaign {campaign_id}")
    return row


def rule_profile(*, session: Session, campaign_id: int) -> RuleProfile:
    """The campaign's rules profile."""
    raw: dict[str, Any] = json.loads(campaign_row(session=session, campaign_id=campaign_id)
                                     .rules_profile or "{}")
    return RuleProfile.from_dict(raw)


def set_rule_profile(*, session: Session, campaign_id: int, profile: RuleProfile) -> None:
    """Store a new rules profile."""
    row = campaign_row(session=session, campaign_id=campaign_id)
    row.rules_profile = json.dumps(profile.to_dict())
    session.add(row)


def list_characters(*, session: Session, campaign_id: int) -> list[StoredCharacter]:
    """Every character of the campaign, by name; four queries whatever the party size.

    Read as plain rows rather than ORM objects: the party view and a week for
    a large party read everyone often, and nothing here is written back.
    """
    table = CharacterRow.__table__  # type: ignore[attr-defined]
    rows = session.execute(
        select(table).where(table.c.campaign_id == campaign_id)
        .order_by(table.c.name, table.c.id)
    ).all()
    children: dict[int, ChildRows] = defaultdict(ChildRows)
    for model, attr in ((CharacterTalentRow, "talents"), (CharacterSpellRow, "spells"),
                        (PossessionRow, "possessions")):
        child = model.__table__  # type: ignore[union-attr]
        for row in session.execute(
            select(child).join(table, child.c.character_id == table.c.id)
            .where(table.c.campaign_id == campaign_id)
        ).all():
            getattr(children[row.character_id], attr).append(row)
    return [_stored(row, children[row.id]) for row in rows]  # type: ignore[arg-type]


def _stored(row: CharacterRow, children: ChildRows) -> StoredCharacter:
    assert row.id is not None
    return StoredCharacter(row.id, row.uid, to_character(row, children))


def get_character(*, session: Session, character_id: int) -> StoredCharacter:
    """One character by id."""
    row = session.get(CharacterRow, character_id)
    if row is None:
        raise NotFound(f"character {character_id}")
    children = ChildRows(
        talents=list(session.exec(select(CharacterTalentRow).where(
            CharacterTalentRow.character_id == character_id)).all()),
        spells=list(session.exec(select(CharacterSpellRow).where(
            CharacterSpellRow.character_id == character_id)).all()),
        possessions=list(session.exec(select(PossessionRow).where(
            PossessionRow.character_id == character_id)).all()),
    )
    return _stored(row, children)


def find_by_uid(*, session: Session, campaign_id: int, uid: str) -> int | None:
    """The id of the character with this uid, if the campaign has it."""
    return session.exec(
        select(CharacterRow.id).where(
            CharacterRow.campaign_id == campaign_id, CharacterRow.uid == uid
        )
    ).first()


def insert_character(
    *,
    session: Session,
    campaign_id: int,
    character: Character,
    uid: str | None = None,
    character_id: int | None = None,
) -> StoredCharacter:
    """Add a character (``character_id`` lets undo put a deleted one back as it was)."""
    row = CharacterRow(
        id=character_id,
        uid=uid or str(uuid.uuid4()),
        campaign_id=campaign_id,
        name=character.name,
        race=character.race,
        st=character.st,
        dx=character.dx,
        iq=character.iq,
    )
    apply_to_row(row, character)
    session.add(row)
    session.flush()
    assert row.id is not None
    session.add_all(child_rows(row.id, character))
    return StoredCharacter(row.id, row.uid, character)


def update_character(*, session: Session, character_id: int, character: Character) -> None:
    """Replace a character's fields and lists (talents, spells, possessions)."""
    row = session.get(CharacterRow, character_id)
    if row is None:
        raise NotFound(f"character {character_id}")
    apply_to_row(row, character)
    row.updated_at = utcnow()
    session.add(row)
    _sync_children(session, character_id, child_rows(character_id, character))


def _sync_children(session: Session, character_id: int, wanted: list[ChildRow]) -> None:
    """Rewrite only the list rows that differ, position by position.

    An edit then changes (and the journal records) only what it changed,
    rather than every talent and possession of the character.
    """
    for table in CHILD_TABLES:
        existing = list(session.exec(
            select(table).where(col(table.character_id) == character_id)
            .order_by(col(table.position))))
        new = [r for r in wanted if isinstance(r, table)]
        for old_row, new_row in zip(existing, new, strict=False):
            values = new_row.model_dump(exclude={"id"})
            if any(getattr(old_row, name) != value for name, value in values.items()):
                for name, value in values.items():
                    setattr(old_row, name, value)
                session.add(old_row)
        for surplus in existing[len(new):]:
            session.delete(surplus)
        session.add_all(new[len(existing):])


def delete_character(*, session: Session, character_id: int) -> None:
    """Remove a character (its lists go with it by cascade)."""
    row = session.get(CharacterRow, character_id)
    if row is None:
        raise NotFound(f"character {character_id}")
    session.delete(row)


def update_scalars(*, session: Session, changed: dict[int, Character]) -> None:
    """Write characters whose lists (talents, spells, items...) did not change.

    One bulk UPDATE by primary key for the whole set (a run of weeks' wounds
    and statuses for a whole party), no ORM objects loaded; the ones the
    session already holds are expired, so a later read sees the new values.
    """
    if not changed:
        return
    now = utcnow()
    session.execute(update(CharacterRow), [{"id": cid, **scalar_values(character),
                                            "updated_at": now}
                                           for cid, character in changed.items()])
    for cid in changed:
        held = session.identity_map.get(identity_key(CharacterRow, cid))
        if held is not None:
            session.expire(held)
