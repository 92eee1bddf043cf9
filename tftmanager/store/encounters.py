"""Encounter rows: a fight's saved state, read and written as the rules' plain data."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from tftmanager.store.tables import EncounterRow, utcnow


@dataclass(frozen=True)
class StoredEncounter:
    """One encounter row: its id, name, whether it ended, and its state."""

    id: int
    name: str
    ended: bool
    week: int
    state: dict[str, Any]


def _stored(row: EncounterRow) -> StoredEncounter:
    assert row.id is not None
    return StoredEncounter(row.id, row.name, row.ended, row.week, json.loads(row.state))


def list_encounters(*, session: Session, campaign_id: int) -> list[StoredEncounter]:
    """The campaign's encounters, newest first."""
    rows = session.exec(select(EncounterRow).where(EncounterRow.campaign_id == campaign_id)
                        .order_by(col(EncounterRow.id).desc())).all()
    return [_stored(r) for r in rows]


def _newest_in_progress_query() -> Any:
    table: Any = EncounterRow.__table__  # type: ignore[attr-defined]
    return (sa_select(table.c.id)
            .where(table.c.campaign_id == bindparam("campaign"), table.c.ended.is_(False))
            .order_by(table.c.id.desc()).limit(1))


_NEWEST_IN_PROGRESS = _newest_in_progress_query()  # built once: asked with every card


def newest_in_progress(*, session: Session, campaign_id: int) -> int | None:
    """The newest encounter not ended (its id), by the ``ended`` column: no state is read."""
    session.flush()  # (a Core statement writes nothing pending by itself)
    found = session.execute(_NEWEST_IN_PROGRESS, {"campaign": campaign_id}).scalar()
    return int(found) if found is not None else None


def get_encounter(*, session: Session, campaign_id: int, encounter_id: int
                  ) -> StoredEncounter | None:
    """One encounter of this campaign, or None."""
    row = session.get(EncounterRow, encounter_id)
    if row is None or row.campaign_id != campaign_id:
        return None
    return _stored(row)


def add_encounter(*, session: Session, campaign_id: int, name: str, week: int,
                  state: dict[str, Any]) -> int:
    """Insert a new encounter; returns its id."""
    row = EncounterRow(campaign_id=campaign_id, name=name, week=week,
                       state=json.dumps(state, ensure_ascii=False))
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def save_encounter(*, session: Session, encounter_id: int, state: dict[str, Any],
                   ended: bool) -> None:
    """Write an encounter's new state."""
    row = session.get(EncounterRow, encounter_id)
    if row is None:
        raise LookupError(f"No encounter {encounter_id}")
    row.state = json.dumps(state, ensure_ascii=False)
    row.ended = ended
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
