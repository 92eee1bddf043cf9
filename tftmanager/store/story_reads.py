"""What the campaign's story and the party's charts read, in a few bulk queries.

The story (``app.campaign_journal``) tells every done operation and each
week's report; the charts (``app.party_progress``) add up the ledgers week
by week.  Both read thousands of rows at once, so these select columns, not
row objects, and hand back plain tuples.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select as select_columns
from sqlmodel import Session, col, select

from tftmanager.store.tables import (
    CharacterRow,
    MoneyEntryRow,
    OperationRow,
    WeekLogRow,
    XPEntryRow,
)


@dataclass(frozen=True)
class DoneOperation:
    """One operation that stands (not undone), as the story tells it."""

    id: int
    kind: str
    label: str
    week: int
    created_at: datetime
    characters: tuple[int, ...]  # the characters it touched
    deed: dict[str, Any]  # what it did, as data ({} for one told as its label)


def done_operations(*, session: Session, campaign_id: int) -> list[DoneOperation]:
    """Every done operation of a campaign, oldest first."""
    rows = session.execute(  # seven columns: more than sqlmodel's select is typed for
        select_columns(col(OperationRow.id), col(OperationRow.kind), col(OperationRow.label),
                       col(OperationRow.week), col(OperationRow.created_at),
                       col(OperationRow.characters), col(OperationRow.deed))
        .where(col(OperationRow.campaign_id) == campaign_id, col(OperationRow.undone).is_(False))
        .order_by(col(OperationRow.id))).all()
    return [DoneOperation(int(op_id or 0), kind, label, int(week), created,
                          tuple(int(c) for c in json.loads(characters or "[]")),
                          json.loads(deed or "{}"))
            for op_id, kind, label, week, created, characters, deed in rows]


def week_reports(*, session: Session, campaign_id: int
                 ) -> dict[int, tuple[dict[str, Any], datetime]]:
    """Each week run: its report (read from JSON) and when it was run; a week run again wins."""
    rows = session.exec(
        select(WeekLogRow.week, WeekLogRow.report, WeekLogRow.created_at)
        .where(WeekLogRow.campaign_id == campaign_id).order_by(col(WeekLogRow.id))).all()
    return {int(week): (_report(report), created) for week, report, created in rows}


def _report(text: str) -> dict[str, Any]:
    """A week log's report with each character's part as an object, in either format.

    Since schema 17 a part is a row of values named once in ``fields``;
    earlier logs named the fields in every part.
    """
    report: dict[str, Any] = json.loads(text)
    fields = report.pop("fields", None)
    if fields is not None:
        report["characters"] = [dict(zip(fields, row, strict=True))
                                for row in report.pop("rows")]
    return report


def character_names(*, session: Session, campaign_id: int) -> list[tuple[int, str]]:
    """(id, name) of every character of a campaign, in no order."""
    rows = session.exec(select(CharacterRow.id, CharacterRow.name)
                        .where(CharacterRow.campaign_id == campaign_id)).all()
    return [(int(i or 0), str(n)) for i, n in rows]


def xp_by_week(*, session: Session, campaign_id: int) -> list[tuple[int, int, str]]:
    """(week, amount, attribute raised or "") of every experience entry of the party."""
    rows = session.exec(
        select(XPEntryRow.week, XPEntryRow.amount, XPEntryRow.attribute)
        .join(CharacterRow).where(CharacterRow.campaign_id == campaign_id)).all()
    return [(int(w), int(a), str(t or "")) for w, a, t in rows]


def money_by_week(*, session: Session, campaign_id: int) -> list[tuple[int, int]]:
    """(week, amount) of every money entry of the party."""
    rows = session.exec(
        select(MoneyEntryRow.week, MoneyEntryRow.amount)
        .join(CharacterRow).where(CharacterRow.campaign_id == campaign_id)).all()
    return [(int(w), int(a)) for w, a in rows]
