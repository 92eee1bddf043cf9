"""Session notes: add, edit and delete through the open session (each one undoable)."""

from __future__ import annotations

import datetime as dt

from tftmanager.app import session_notes
from tftmanager.ui.session import CampaignSession


def add_note(session: CampaignSession, title: str, text: str, week: int,
             played_on: dt.date) -> bool:
    """Add a session note; a refusal is shown, and False returned."""
    return session.act("Add session note", session_notes.add_note, title=title, text=text,
                       week=week, played_on=played_on).done


def edit_note(session: CampaignSession, note_id: int, title: str, text: str, week: int,
              played_on: dt.date) -> bool:
    """Change a session note; a refusal is shown, and False returned."""
    return session.act("Edit session note", session_notes.edit_note, note_id=note_id,
                       title=title, text=text, week=week, played_on=played_on).done


def delete_note(session: CampaignSession, note_id: int) -> None:
    """Delete a session note (Undo brings it back)."""
    session.act("Delete session note", session_notes.delete_note, note_id=note_id)
