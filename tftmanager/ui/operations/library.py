"""The campaign's rules library: saving, deleting, reviewing a shipped update.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import library as library_app
from tftmanager.rules.library_entries import Entry
from tftmanager.ui.session import CampaignSession


def save_library_entry(session: CampaignSession, before: Entry | None, after: Entry) -> bool:
    """Add or edit an entry (undoable); False when refused."""
    del before  # the journal keeps what undo needs
    name = after.data.get("name", after.key)
    return session.act(f"Save {name}", library_app.save_entry, entry=after).done


def set_entry_page(session: CampaignSession, kind: str, key: str, book: str,
                   page: int) -> bool:
    """The book viewer's "this entry is on the page shown" (undoable); False when refused."""
    return session.act("Set the entry's page", library_app.set_entry_page, kind=kind, key=key,
                       book=book, page=page).done


def delete_library_entry(session: CampaignSession, entry: Entry) -> bool:
    """Delete an unused entry (undoable); False when refused (someone uses it)."""
    return session.act(f"Delete {entry.data.get('name', entry.key)}", library_app.delete_entry,
                       kind=entry.kind, key=entry.key).done


def review_library(session: CampaignSession, accept: list[library_app.Difference],
                   skip: list[library_app.Difference]) -> None:
    """Apply the GM's choices on shipped changes (undoable)."""
    session.act("Library update", library_app.review_differences, accept=accept, skip=skip)
