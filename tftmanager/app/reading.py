"""The command line's reading commands, answered without loading the store when they can.

``list``, ``export`` and ``library show`` only read.  Importing the store
(SQLAlchemy and sqlmodel) takes many times longer than the read itself, so a
campaign file that passes a real open's checks (``store.peek.peek_checked``)
is read with the standard library, as the window's party preview reads it.
In any doubt (a server campaign, an older file to upgrade, a crash's
unfinished write, a damaged file) the campaign is opened for reading as
always, which upgrades, rolls back or refuses it with the usual message.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.location import CampaignLocation
from tftmanager.app.names import find_by_name
from tftmanager.app.peek import preview_of
from tftmanager.app.sheet import Party
from tftmanager.rules.library_entries import Entry
from tftmanager.store.peek import Peeked, peek_checked


def _peek(path: CampaignLocation | Path | str) -> Peeked | None:
    where = CampaignLocation.parse(path)
    return None if where.file is None else peek_checked(where.file.resolve())


def party(*, path: CampaignLocation | Path | str) -> Party:
    """Every character, sorted by name, with the campaign's rules (``campaigns.party``)."""
    peeked = _peek(path)
    preview = None if peeked is None else preview_of(peeked)
    if preview is not None:
        return preview[0]
    from tftmanager.app import campaigns  # noqa: PLC0415 - the store, only when needed

    with campaigns.open_for_reading(path=path) as store:
        return campaigns.party(store=store)


def library_entries(*, path: CampaignLocation | Path | str) -> list[Entry]:
    """Every entry of the campaign's library (``app.library.entries``)."""
    peeked = _peek(path)
    if peeked is not None:
        return peeked.entries
    from tftmanager.app import campaigns, library  # noqa: PLC0415 - the store, only when needed

    with campaigns.open_for_reading(path=path) as store:
        return library.entries(store=store)


def export_by_name(*, path: CampaignLocation | Path | str, name: str) -> str:
    """A character document for the character with this name (``transfer.export_by_name``)."""
    peeked = _peek(path)
    if peeked is None:
        from tftmanager.app import campaigns, transfer  # noqa: PLC0415 - the store, when needed

        with campaigns.open_for_reading(path=path) as store:
            return transfer.export_by_name(store=store, name=name)
    from tftmanager.app.interchange import dump_character  # noqa: PLC0415 - pydantic: export only

    found = find_by_name(peeked.members, name, lambda s: s.character.name)  # a Refusal if none
    return dump_character(found.character, found.uid)
