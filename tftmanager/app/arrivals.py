"""Characters arriving from outside (Foundry actors, stat blocks): added, updated or copied.

One operation of the journal holds a whole import: the new library entries
the user chose to add, each character inserted (or, for one whose identity
the campaign already holds, updated field by field when the user asks), and
its XP and money written to the ledgers, so one Undo takes it all back.
"""

from __future__ import annotations

import enum
import uuid
from dataclasses import dataclass, field

from tftmanager.app.changes import Changes
from tftmanager.app.library import check_replacements, forget_library
from tftmanager.app.opkind import OpKind
from tftmanager.app.transfer import Imported, TransferError
from tftmanager.rules.character import Character
from tftmanager.rules.describe import changed_fields, edit_label
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.text import count
from tftmanager.store import ledger, queries
from tftmanager.store import library as stored_library
from tftmanager.store.campaign import CampaignStore


class Already(enum.StrEnum):
    """What to do with a character whose identity the campaign already holds."""

    REFUSE = "refuse"
    UPDATE = "update"
    COPY = "copy"


@dataclass(frozen=True)
class Arrival:
    """One character read from outside, with its XP and money (None: not said)."""

    uid: str | None
    character: Character
    xp: int | None = None
    money: int | None = None


@dataclass(frozen=True)
class Existing:
    """A character of the campaign an arrival is the same as, and what differs."""

    character_id: int
    name: str
    differences: dict[str, tuple[str, str]]


@dataclass(frozen=True)
class Landed(Imported):
    """What an import did: ids (added or updated), and a line for each thing to know."""

    report: tuple[str, ...] = ()
    updated: tuple[int, ...] = field(default=())


def existing(*, store: CampaignStore, arrivals: list[Arrival]) -> list[Existing | None]:
    """For each arrival, the character with its uid already in the campaign (and what differs)."""
    found: list[Existing | None] = []
    with store.transaction() as session:
        for arrival in arrivals:
            cid = arrival.uid and queries.find_by_uid(session=session,
                                                     campaign_id=store.campaign_id,
                                                     uid=arrival.uid)
            if not cid:
                found.append(None)
                continue
            before = queries.get_character(session=session, character_id=cid).character
            differs = changed_fields(before, arrival.character)
            for table, amount, what in ((ledger.XP, arrival.xp, "XP"),
                                        (ledger.MONEY, arrival.money, "money")):
                have = ledger.balance(session=session, character_id=cid, table=table)
                if amount is not None and amount != have:
                    differs[what] = (f"{have:,}", f"{amount:,}")
            found.append(Existing(cid, before.name, differs))
    return found


def same_names(*, store: CampaignStore, arrivals: list[Arrival]) -> list[str]:
    """Names of arrivals the party already has a character of (a warning, not a refusal)."""
    with store.transaction() as session:
        names = {s.character.name.casefold()
                 for s in queries.list_characters(session=session, campaign_id=store.campaign_id)}
    return [a.character.name for a in arrivals if a.character.name.casefold() in names]


def _ledgers(session: object, cid: int, arrival: Arrival, week: int, batch: str,
             label: str) -> list[str]:
    """XP and money brought to what the arrival says (a new entry for any difference)."""
    said = []
    for table, amount, kind in ((ledger.XP, arrival.xp, "correction"),
                                (ledger.MONEY, arrival.money, MoneyKind.FOUND.value)):
        if amount is None:
            continue
        have = ledger.balance(session=session, character_id=cid, table=table)  # type: ignore[arg-type]
        if amount != have:
            ledger.append(session=session, table=table, character_id=cid,  # type: ignore[arg-type]
                          amount=amount - have, kind=kind, reason=label, week=week,
                          batch=batch)
            what = "XP" if table is ledger.XP else "money $"
            said.append(f"{arrival.character.name}: {what}{amount:,} (was {have:,})")
    return said


def land(*, store: CampaignStore, arrivals: list[Arrival], already: Already = Already.REFUSE,
         new_entries: list[Entry] | None = None, source: str = "import",
         report: list[str] | None = None) -> Landed:
    """Add (or update) every arrival in one operation: all of it or nothing."""
    new_entries = new_entries or []
    already = Already(already)  # a window's combo box hands back the plain text
    if new_entries:
        check_replacements(store=store, new=new_entries)
    same = existing(store=store, arrivals=arrivals)
    lines = list(report or [])
    names = [a.character.name for a in arrivals]
    label = (f"Imported {names[0]}" if len(names) == 1
             else f"Imported {count(len(names), 'character')}") + f" ({source})"
    ids, updated = [], []
    with store.operation(OpKind.IMPORT, label) as op:
        session = op.session
        for entry in new_entries:
            stored_library.put_entry(session=session, campaign_id=store.campaign_id, entry=entry)
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
        batch = str(uuid.uuid4())
        for arrival, match in zip(arrivals, same, strict=True):
            if match is not None and already is Already.REFUSE:
                also = f" as {match.name}" if match.name != arrival.character.name else ""
                raise TransferError(
                    f"{arrival.character.name} is already in this campaign{also}; "
                    "import it with --update to bring it up to date or --copy to add it "
                    "as a new character.")
            if match is not None and already is Already.UPDATE:
                queries.update_character(session=session, character_id=match.character_id,
                                         character=arrival.character)
                cid = match.character_id
                updated.append(cid)
                lines.append("Updated " + edit_label(arrival.character.name,
                                                     match.differences))
            else:
                uid = None if match is not None else arrival.uid
                cid = queries.insert_character(session=session, campaign_id=store.campaign_id,
                                               character=arrival.character, uid=uid).id
            ids.append(cid)
            lines += _ledgers(session, cid, arrival, week, batch, label)
        if updated and len(arrivals) == 1:
            op.label = f"Updated {names[0]} ({source})"
    if new_entries:
        forget_library(store)
    changes = Changes(party=True, characters=frozenset(ids), ledger=True,
                      library=bool(new_entries), settings=bool(new_entries))
    return Landed(tuple(ids), changes, tuple(lines), tuple(updated))
