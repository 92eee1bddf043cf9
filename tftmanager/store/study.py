"""Studies in progress, read and written as plain values (the use cases hold no row)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select, update

from tftmanager.store.tables import CharacterRow, StudyRow


@dataclass(frozen=True)
class StudyData:
    """A study's stored values."""

    id: int
    talent: str
    weeks_needed: int
    weeks_done: int
    teacher: bool
    started_week: int


def _data(row: StudyRow | Any) -> StudyData:
    return StudyData(row.id or 0, row.talent, row.weeks_needed, row.weeks_done, row.teacher,
                     row.started_week)


def studies(*, session: Session, character_id: int) -> tuple[StudyData, ...]:
    """A character's studies, oldest first."""
    rows = session.exec(select(StudyRow).where(StudyRow.character_id == character_id)
                        .order_by(col(StudyRow.id))).all()
    return tuple(_data(row) for row in rows)


def _campaign_studies_query() -> Any:
    studies: Any = StudyRow.__table__  # type: ignore[attr-defined]
    characters: Any = CharacterRow.__table__  # type: ignore[attr-defined]
    return (sa_select(studies)
            .join_from(studies, characters, studies.c.character_id == characters.c.id)
            .where(characters.c.campaign_id == bindparam("campaign"))
            .order_by(studies.c.id))


_CAMPAIGN_STUDIES = _campaign_studies_query()  # built once: read with every player's card


def campaign_studies(*, session: Session, campaign_id: int) -> dict[int, tuple[StudyData, ...]]:
    """Every character's studies in one query (plain rows), each character's oldest first."""
    session.flush()  # (a Core statement writes nothing pending by itself)
    rows = session.execute(_CAMPAIGN_STUDIES, {"campaign": campaign_id}).all()
    found: dict[int, list[StudyData]] = {}
    for row in rows:
        found.setdefault(row.character_id, []).append(_data(row))
    return {cid: tuple(items) for cid, items in found.items()}


def add_study(*, session: Session, character_id: int, talent: str, weeks_needed: int,
              teacher: bool, started_week: int) -> int:
    """Begin a study; returns its id."""
    row = StudyRow(character_id=character_id, talent=talent, weeks_needed=weeks_needed,
                   teacher=teacher, started_week=started_week)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def _row(session: Session, study_id: int) -> StudyRow:
    row = session.get(StudyRow, study_id)
    if row is None:
        raise LookupError(f"study {study_id}")
    return row


def set_weeks_done(*, session: Session, study_id: int, weeks_done: int) -> None:
    """Record a study's progress (written at once, so a read in the same run sees it).

    One UPDATE, not a row read and written back: a run of weeks records every
    student's progress each week, and the row it would read is not kept.
    """
    session.flush()  # anything pending for the row goes first, as it would have
    done = session.execute(update(StudyRow).where(col(StudyRow.id) == study_id)
                           .values(weeks_done=weeks_done)
                           .execution_options(synchronize_session="evaluate"))
    if done.rowcount != 1:  # type: ignore[attr-defined]
        raise LookupError(f"study {study_id}")


def remove_study(*, session: Session, study_id: int) -> int:
    """End a study; returns its character's id."""
    row = _row(session, study_id)
    session.delete(row)
    session.flush()
    return row.character_id
