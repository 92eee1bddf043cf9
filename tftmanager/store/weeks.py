"""Weekly assignments and the week log.

Rows map to the rules' one :class:`~tftmanager.rules.assignment.Assignment`;
the activity is stored as its text (the enum is a StrEnum).
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import insert
from sqlmodel import Session, col, select

from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.store.bulk import update_by_id
from tftmanager.store.journal_triggers import insert_recorded
from tftmanager.store.tables import AssignmentRow, CharacterRow, WeekLogRow, utcnow

# The assignment columns, written and read by name (held is stored as JSON).
_COLUMNS = ("job", "officer", "mounted", "flying_mount", "own_lifestyle", "self_employed",
            "found", "weeks_left", "lifestyle")


def _data(row: AssignmentRow) -> Assignment:
    return Assignment(**{name: getattr(row, name) for name in _COLUMNS},
                      activity=Activity(row.activity),
                      held=tuple(json.loads(row.held or "[]")))


def _values(data: Assignment) -> dict[str, object]:
    values: dict[str, object] = {name: getattr(data, name) for name in _COLUMNS}
    values["activity"] = Activity(data.activity).value
    values["held"] = json.dumps(list(data.held))
    return values


def all_assignments(*, session: Session, campaign_id: int) -> dict[int, Assignment]:
    """Every character's assignment in one query (idle ones are absent)."""
    table = AssignmentRow.__table__  # type: ignore[attr-defined]
    rows = session.execute(select(table).join(CharacterRow)
                           .where(CharacterRow.campaign_id == campaign_id)).all()
    return {r.character_id: _data(r) for r in rows}  # type: ignore[arg-type]


def set_assignments(*, session: Session, campaign_id: int,
                    changed: dict[int, Assignment]) -> None:
    """Store several assignments at once (one query to load, one flush to write)."""
    if not changed:
        return
    ids = dict(session.execute(
        select(AssignmentRow.character_id, AssignmentRow.id).join(CharacterRow)
        .where(CharacterRow.campaign_id == campaign_id)).all())
    updates, inserts = [], []
    for cid, data in changed.items():
        values = _values(data)
        if cid in ids:
            updates.append({"id": ids[cid], **values})
        else:
            inserts.append({"character_id": cid, **values})
    update_by_id(session=session, table=AssignmentRow, rows=updates)
    if inserts:
        session.execute(insert(AssignmentRow), inserts)


def get_assignment(*, session: Session, character_id: int) -> Assignment:
    """The character's assignment (idle when none was made)."""
    row = session.exec(select(AssignmentRow).where(
        AssignmentRow.character_id == character_id)).first()
    return Assignment() if row is None else _data(row)


def set_assignment(*, session: Session, character_id: int, data: Assignment) -> None:
    """Store the character's assignment."""
    row = session.exec(select(AssignmentRow).where(
        AssignmentRow.character_id == character_id)).first()
    if row is None:
        row = AssignmentRow(character_id=character_id)
    for name, value in _values(data).items():
        setattr(row, name, value)
    session.add(row)


def log_week(*, session: Session, campaign_id: int, week: int, seed: int, batch: str,
             report: str) -> int:
    """Record a week that was run."""
    row = WeekLogRow(campaign_id=campaign_id, week=week, seed=seed, batch=batch, report=report)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def log_weeks(*, session: Session, campaign_id: int,
              weeks: list[tuple[int, int, str, str]]) -> None:
    """Record several weeks run at once: (week, seed, batch, report) each, one statement.

    In a file the history records them as one range (``insert_recorded``): the
    reports are most of a run's bytes, and a row image each doubled them.
    """
    if not weeks:
        return
    table: Any = WeekLogRow.__table__  # type: ignore[attr-defined]
    dialect = session.get_bind().dialect
    if dialect.name != "sqlite":
        session.execute(insert(table), [
            {"campaign_id": campaign_id, "week": week, "seed": seed, "batch": batch,
             "report": report, "created_at": utcnow()} for week, seed, batch, report in weeks])
        return
    stamp = table.c.created_at.type.dialect_impl(dialect).bind_processor(dialect)
    now = stamp(utcnow()) if stamp else utcnow()  # the text SQLAlchemy itself would store
    insert_recorded(session.connection(), "week_log",
                    "INSERT INTO week_log (campaign_id, week, seed, batch, report, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [(campaign_id, week, seed, batch, report, now)
                     for week, seed, batch, report in weeks], min_rows=1)


def unlog_week(*, session: Session, batch: str) -> None:
    """Remove a week's log entry (undo)."""
    for row in session.exec(select(WeekLogRow).where(WeekLogRow.batch == batch)):
        session.delete(row)


def week_logs(*, session: Session, campaign_id: int) -> list[tuple[int, int, str]]:
    """(week, seed, report JSON) of every week run, oldest first."""
    rows = session.exec(select(WeekLogRow).where(WeekLogRow.campaign_id == campaign_id)
                        .order_by(col(WeekLogRow.id))).all()
    return [(r.week, r.seed, r.report) for r in rows]


def character_ids(*, session: Session, campaign_id: int) -> list[int]:
    """Every character id of a campaign, by name."""
    return [i for i in session.exec(select(CharacterRow.id).where(
        CharacterRow.campaign_id == campaign_id).order_by(col(CharacterRow.name))).all()
        if i is not None]
