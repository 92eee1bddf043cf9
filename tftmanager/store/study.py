"""Studies in progress."""

from __future__ import annotations

from sqlmodel import Session, col, select

from tftmanager.store.tables import CharacterRow, StudyRow


def studies(*, session: Session, character_id: int) -> list[StudyRow]:
    """A character's studies, oldest first."""
    return list(session.exec(select(StudyRow).where(StudyRow.character_id == character_id)
                             .order_by(col(StudyRow.id))).all())


def campaign_studies(*, session: Session, campaign_id: int) -> list[StudyRow]:
    """Every study in the campaign."""
    return list(session.exec(select(StudyRow).join(CharacterRow)
                             .where(CharacterRow.campaign_id == campaign_id)
                             .order_by(col(StudyRow.id))).all())


def add_study(*, session: Session, character_id: int, talent: str, weeks_needed: int,
              teacher: bool, started_week: int) -> int:
    """Begin a study; returns its id."""
    row = StudyRow(character_id=character_id, talent=talent, weeks_needed=weeks_needed,
                   teacher=teacher, started_week=started_week)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def remove_study(*, session: Session, study_id: int) -> int:
    """End a study; returns its character's id."""
    row = session.get(StudyRow, study_id)
    if row is None:
        raise LookupError(f"study {study_id}")
    session.delete(row)
    return row.character_id
