"""Moving characters between campaigns as JSON documents."""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.app.changes import Changes
from tftmanager.app.interchange import Entry, FormatError, dump_character, loads
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.opkind import OpKind
from tftmanager.refusal import Refusal
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore


class TransferError(Refusal, ValueError):
    """An import or export the user asked for that cannot be done as asked."""


@dataclass(frozen=True)
class Imported:
    """Ids of the imported characters, in document order."""

    ids: tuple[int, ...]
    changes: Changes


def import_entries(
    *, store: CampaignStore, entries: list[Entry], as_copies: bool = False
) -> Imported:
    """Add every entry in one transaction: all are imported or none.

    An entry whose uid the campaign already holds is refused unless
    ``as_copies`` gives each a new identity.
    """
    ids = []
    names = [e.character.name for e in entries]
    label = f"Imported {names[0]}" if len(names) == 1 else f"Imported {len(names)} characters"
    with store.operation(OpKind.IMPORT, label) as op:
        session = op.session
        for entry in entries:
            uid = None if as_copies else entry.uid
            if uid and queries.find_by_uid(session=session, campaign_id=store.campaign_id,
                                           uid=uid):
                raise TransferError(
                    f"{entry.character.name} is already in this campaign (same uid); "
                    "import it with --copy to add it as a new character."
                )
            stored = queries.insert_character(
                session=session, campaign_id=store.campaign_id, character=entry.character,
                uid=uid,
            )
            ids.append(stored.id)
    return Imported(tuple(ids), Changes(party=True, characters=frozenset(ids)))


def import_documents(*, store: CampaignStore, documents: dict[str, str],
                     as_copies: bool = False) -> Imported:
    """Read character files (name -> text) and add every character, all or none.

    The window's File > Import Characters; a file that is not a character
    file is refused naming it, and nothing is added.
    """
    entries: list[Entry] = []
    for name, text in documents.items():
        try:
            entries.extend(loads(text))
        except FormatError as exc:
            raise FormatError(f"{name}: {exc}") from None
    if not entries:
        raise TransferError("The files hold no character.")
    return import_entries(store=store, entries=entries, as_copies=as_copies)


def export_by_name(*, store: CampaignStore, name: str) -> str:
    """A character document for the character with this name."""
    with store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    try:
        found = find_by_name(stored, name, lambda s: s.character.name)
    except NameNotFound as exc:
        raise TransferError(str(exc)) from None
    return dump_character(found.character, found.uid)
