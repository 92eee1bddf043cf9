"""A campaign's own rules library: stored entries and the week counter."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlalchemy import select as select_columns
from sqlmodel import Session, col, delete, select

from tftmanager.rules.library_entries import Entry
from tftmanager.store.tables import CampaignRow, LibraryEntryRow


@dataclass(frozen=True)
class StoredEntry:
    """An entry with what was shipped when it was last copied or reviewed."""

    entry: Entry
    shipped: str


def load_entries(*, session: Session, campaign_id: int) -> list[StoredEntry]:
    """Every library entry of a campaign.

    Read as plain columns, not rows: every action reads the whole library (some
    500 entries), and making an ORM object of each took half the time.
    """
    row = LibraryEntryRow
    values = session.execute(  # five columns: more than sqlmodel's select is typed for
        select_columns(col(row.kind), col(row.key), col(row.data), col(row.retired),
                       col(row.shipped_data))
        .where(col(row.campaign_id) == campaign_id).order_by(col(row.id))
    ).all()
    return [StoredEntry(Entry(kind, key, json.loads(data), retired), shipped)
            for kind, key, data, retired, shipped in values]


def stored_entries(*, session: Session, campaign_id: int) -> list[tuple[str, str, str, bool]]:
    """Every entry as stored, unparsed: (kind, key, its data's JSON text, retired).

    What building the campaign's library needs (``app.library_builds``
    compares the text with the last library's before parsing any of it).
    """
    row = LibraryEntryRow
    return [(str(kind), str(key), str(data), bool(retired)) for kind, key, data, retired in
            session.execute(select_columns(col(row.kind), col(row.key), col(row.data),
                                           col(row.retired))
                            .where(col(row.campaign_id) == campaign_id).order_by(col(row.id)))]


def replace_library(
    *, session: Session, campaign_id: int, entries: list[Entry], version: str,
    shipped: bool,
) -> None:
    """Replace the whole library (a new campaign's copy, or an imported library).

    ``shipped`` says whether these entries are the shipped library itself, so
    that later shipped changes can be told from the GM's.
    """
    previous = {
        (s.entry.kind, s.entry.key): s.shipped
        for s in load_entries(session=session, campaign_id=campaign_id)
    }
    session.exec(delete(LibraryEntryRow).where(col(LibraryEntryRow.campaign_id) == campaign_id))
    session.flush()
    for entry in entries:
        text = entry.canonical()
        session.add(LibraryEntryRow(
            campaign_id=campaign_id, kind=entry.kind, key=entry.key, data=text,
            shipped_data=text if shipped else previous.get((entry.kind, entry.key), ""),
            retired=entry.retired,
        ))
    if version:
        row = session.get(CampaignRow, campaign_id)
        if row is not None:
            row.library_version = version
            session.add(row)


def _entry_row(*, session: Session, campaign_id: int, kind: str, key: str
                ) -> LibraryEntryRow | None:
    """One entry's row."""
    return session.exec(select(LibraryEntryRow).where(
        LibraryEntryRow.campaign_id == campaign_id, LibraryEntryRow.kind == kind,
        LibraryEntryRow.key == key)).first()


def put_entry(*, session: Session, campaign_id: int, entry: Entry,
              shipped: str | None = None) -> None:
    """Add or replace one entry (``shipped`` updates the shipped copy too)."""
    row = _entry_row(session=session, campaign_id=campaign_id, kind=entry.kind, key=entry.key)
    if row is None:
        row = LibraryEntryRow(campaign_id=campaign_id, kind=entry.kind, key=entry.key,
                              data="", shipped_data="")
    row.data = entry.canonical()
    row.retired = entry.retired
    if shipped is not None:
        row.shipped_data = shipped
    session.add(row)


def set_shipped(*, session: Session, campaign_id: int, kind: str, key: str,
                shipped: str) -> None:
    """Record that a shipped version of an entry was seen (skipped by the GM)."""
    row = _entry_row(session=session, campaign_id=campaign_id, kind=kind, key=key)
    if row is not None:
        row.shipped_data = shipped
        session.add(row)


def remove_entry(*, session: Session, campaign_id: int, kind: str, key: str) -> None:
    """Delete one entry (callers check that no character uses it)."""
    row = _entry_row(session=session, campaign_id=campaign_id, kind=kind, key=key)
    if row is not None:
        session.delete(row)


def library_version(*, session: Session, campaign_id: int) -> str:
    """The shipped library version the campaign last reviewed."""
    row = session.get(CampaignRow, campaign_id)
    return row.library_version if row else ""


def set_library_version(*, session: Session, campaign_id: int, version: str) -> None:
    """Record the shipped library version reviewed."""
    row = session.get(CampaignRow, campaign_id)
    if row is not None:
        row.library_version = version
        session.add(row)
