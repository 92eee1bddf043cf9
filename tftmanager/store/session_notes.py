"""The GM's session notes as rows: one per play session, in the ``session_note`` table.

Every function finds a note only within its campaign (a note id of another
campaign on the same server is as good as gone) and hands back the plain
``SessionNote`` the use cases and windows read.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, select

from tftmanager.store.tables import SessionNoteRow


@dataclass(frozen=True)
class SessionNote:
    """One play session's note."""

    id: int
    week: int
    played_on: str  # an ISO date, or "" when the GM gave none
    title: str
    text: str

    @property
    def heading(self) -> str:
        """"Session of 2026-11-20: The warren" (what the journal prints above the text)."""
        when = f"Session of {self.played_on}" if self.played_on else "Session"
        return f"{when}: {self.title}" if self.title else when


def _note(row: SessionNoteRow) -> SessionNote:
    return SessionNote(row.id or 0, row.week, row.played_on, row.title, row.text)


def _row(session: Session, campaign_id: int, note_id: int) -> SessionNoteRow | None:
    row = session.get(SessionNoteRow, note_id)
    return row if row is not None and row.campaign_id == campaign_id else None


def add_note(*, session: Session, campaign_id: int, week: int, played_on: str, title: str,
             text: str) -> SessionNote:
    """Write a new note."""
    row = SessionNoteRow(campaign_id=campaign_id, week=week, played_on=played_on,
                         title=title, text=text)
    session.add(row)
    session.flush()
    return _note(row)


def update_note(*, session: Session, campaign_id: int, note_id: int, title: str, text: str,
                week: int | None, played_on: str | None) -> SessionNote | None:
    """Change a note (its week and date only when given); None when it is gone."""
    row = _row(session, campaign_id, note_id)
    if row is None:
        return None
    row.title, row.text = title, text
    row.week = week or row.week
    row.played_on = played_on or row.played_on
    session.add(row)
    return _note(row)


def delete_note(*, session: Session, campaign_id: int, note_id: int) -> SessionNote | None:
    """Remove a note; the note removed, or None when it was already gone."""
    row = _row(session, campaign_id, note_id)
    if row is None:
        return None
    session.delete(row)
    return _note(row)


def get_note(*, session: Session, campaign_id: int, note_id: int) -> SessionNote | None:
    """One note, or None when it is gone (undone, deleted)."""
    row = _row(session, campaign_id, note_id)
    return _note(row) if row is not None else None


def all_notes(*, session: Session, campaign_id: int) -> list[SessionNote]:
    """Every note, by week then in the order written."""
    rows = session.exec(select(SessionNoteRow)
                        .where(SessionNoteRow.campaign_id == campaign_id)
                        .order_by(col(SessionNoteRow.week), col(SessionNoteRow.id))).all()
    return [_note(r) for r in rows]
