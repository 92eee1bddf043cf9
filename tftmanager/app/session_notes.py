"""The GM's session notes: one per play session, shown beside the campaign's story.

Each change is an operation in the journal, so adding, editing or deleting a
note is undone like any other action.
"""

from __future__ import annotations

import datetime as dt

from tftmanager.app.changes import Changes
from tftmanager.app.opkind import OpKind
from tftmanager.refusal import Refusal
from tftmanager.store import queries
from tftmanager.store import session_notes as stored
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.session_notes import SessionNote

__all__ = ["NoteRefused", "SessionNote", "add_note", "delete_note", "edit_note", "note",
           "notes"]
GONE = "That session note is no longer in the campaign."
TITLE_MAX = 120
TEXT_MAX = 50_000


class NoteRefused(Refusal, ValueError):
    """A note that cannot be saved; the message says why in the GM's words."""


def _check(title: str, text: str, week: int | None) -> None:
    if not title.strip() and not text.strip():
        raise NoteRefused("A session note needs a title or some text.")
    if len(title) > TITLE_MAX:
        raise NoteRefused(f"A note's title is at most {TITLE_MAX} characters.")
    if len(text) > TEXT_MAX:
        raise NoteRefused(f"A note is at most {TEXT_MAX:,} characters.")
    if week is not None and (isinstance(week, bool) or week < 1):
        raise NoteRefused("Campaign weeks start at week 1.")


def _label(title: str, text: str) -> str:
    first = title.strip() or text.strip().splitlines()[0]
    return first if len(first) <= 60 else first[:59] + "\u2026"


def add_note(*, store: CampaignStore, title: str, text: str, week: int | None = None,
             played_on: dt.date | None = None) -> Changes:
    """Add a session note (at the campaign's current week unless another is given)."""
    _check(title, text, week)
    with store.operation(OpKind.NOTES) as op:
        campaign = queries.campaign(session=op.session, campaign_id=store.campaign_id)
        added = stored.add_note(session=op.session, campaign_id=store.campaign_id,
                                week=week or campaign.week,
                                played_on=(played_on or dt.date.today()).isoformat(),
                                title=title.strip(), text=text.rstrip())
        op.label = f"Session note, week {added.week}: {_label(title, text)}"
    return Changes(campaign=True)


def edit_note(*, store: CampaignStore, note_id: int, title: str, text: str,
              week: int | None = None, played_on: dt.date | None = None) -> Changes:
    """Change a note's title, text, week or date."""
    _check(title, text, week)
    with store.operation(OpKind.NOTES) as op:
        edited = stored.update_note(session=op.session, campaign_id=store.campaign_id,
                                    note_id=note_id, title=title.strip(), text=text.rstrip(),
                                    week=week,
                                    played_on=played_on.isoformat() if played_on else None)
        if edited is None:
            raise NoteRefused(GONE)
        op.label = f"Edited session note: {_label(title, text)}"
    return Changes(campaign=True)


def delete_note(*, store: CampaignStore, note_id: int) -> Changes:
    """Delete a note (undo brings it back)."""
    with store.operation(OpKind.NOTES) as op:
        deleted = stored.delete_note(session=op.session, campaign_id=store.campaign_id,
                                     note_id=note_id)
        if deleted is None:
            raise NoteRefused(GONE)
        op.label = f"Deleted session note: {_label(deleted.title, deleted.text)}"
    return Changes(campaign=True)


def note(*, store: CampaignStore, note_id: int) -> SessionNote | None:
    """One note, or None when it is gone (undone, deleted)."""
    with store.transaction() as session:
        return stored.get_note(session=session, campaign_id=store.campaign_id, note_id=note_id)


def notes(*, store: CampaignStore) -> list[SessionNote]:
    """Every note, by week then in the order written."""
    with store.transaction() as session:
        return stored.all_notes(session=session, campaign_id=store.campaign_id)
