"""Session notes: add, edit and delete through the open session (each one undoable)."""

from __future__ import annotations

import datetime as dt

from tftmanager.app import session_notes
from tftmanager.ui.session import CampaignSession


def add_note(session: CampaignSession, title: str, text: str, week: int,
             played_on: dt.date) -> bool:
    """Add a session note; a refusal is shown, and False returned."""
    done = session.run("Add session note", lambda: session_notes.add_note(
        store=session.store, title=title, text=text, week=week, played_on=played_on))
    return done is not None


def edit_note(session: CampaignSession, note_id: int, title: str, text: str, week: int,
              played_on: dt.date) -> bool:
    """Change a session note; a refusal is shown, and False returned."""
    done = session.run("Edit session note", lambda: session_notes.edit_note(
        store=session.store, note_id=note_id, title=title, text=text, week=week,
        played_on=played_on))
    return done is not None


def delete_note(session: CampaignSession, note_id: int) -> None:
    """Delete a session note (Undo brings it back)."""
    session.run("Delete session note",
                lambda: session_notes.delete_note(store=session.store, note_id=note_id))
