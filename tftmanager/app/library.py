"""The campaign's rules library: read it, house-rule it, review shipped updates.

A campaign owns a copy of the library, so the GM's edits belong to that
campaign and a newer shipped library never changes a campaign in play: its
differences are offered entry by entry, to accept or skip.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import tomli_w
from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Event, deed
from tftmanager.app.documents import DocumentError, parse_json, parse_toml
from tftmanager.app.library_builds import build_library, library_from_stored
from tftmanager.app.opkind import OpKind
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import (
    JOB_RULES,
    KINDS,
    WHOLE,
    Entry,
    entry_key,
    with_shipped_values,
)
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.references import Reference, entry_reference, reference_problem
from tftmanager.rules.text import first_control
from tftmanager.shipped import library_version, shipped_entries
from tftmanager.store import library as stored
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

LIBRARY_FORMAT = "tftmanager.library"
# Entries held whole (one table each in an exported library).
SINGLE = (*WHOLE, JOB_RULES)
LIBRARY_FORMAT_VERSION = 1
# Sanity, not rules: no price, weight or table value comes near it, and it keeps
# every number far inside SQLite's 64-bit integers and exact in a float.
LIBRARY_NUMBER_MAX = 10**12
# kind -> the top-level table name used in exported files
TABLES = {kind: table for kind, (_doc, table) in KINDS.items()}


class LibraryError(Refusal, ValueError):
    """A library change or file that cannot be accepted; the message says why."""


def in_effect(campaign_entries: list[Entry]) -> list[Entry]:
    """The campaign's entries with the rule values they predate filled from the shipped library.

    What a dialog editing a whole rules table (the job rules in Campaign
    Rules) should show: the values the campaign actually plays by.
    """
    return with_shipped_values(campaign_entries, shipped_entries())


def library_for(store: CampaignStore, *, session: Session | None = None) -> RulesLibrary:
    """The rules library a campaign plays by (built once, rebuilt after changes).

    Read in ``session`` when given (an operation that needs the rules reads
    them in its own transaction), else in a transaction of its own.
    """
    cached = store.library_cache
    if isinstance(cached, RulesLibrary):
        return cached
    if session is None:
        with store.transaction() as own:
            rows = stored.stored_entries(session=own, campaign_id=store.campaign_id)
    else:
        rows = stored.stored_entries(session=session, campaign_id=store.campaign_id)
    library = library_from_stored(rows).check_all()  # a bad part refuses the open
    store.library_cache = library
    return library


def forget_library(store: CampaignStore) -> None:
    """Drop the cached library after its entries changed (an edit, an undo)."""
    store.library_cache = None


def _changed(store: CampaignStore) -> Changes:
    forget_library(store)
    return Changes(library=True, party=True, settings=True)


def initial_library() -> tuple[list[Entry], str]:
    """What a new campaign copies: the shipped entries and their version."""
    return shipped_entries(), library_version()


def entries(*, store: CampaignStore) -> list[Entry]:
    """Every entry of the campaign's library."""
    with store.transaction() as session:
        return [s.entry for s in stored.load_entries(session=session,
                                                     campaign_id=store.campaign_id)]


def _check(candidate: list[Entry]) -> None:
    for entry in candidate:
        problem = reference_problem(entry.data)
        if problem:
            raise LibraryError(f"{_entry_name(entry)}: {problem}")
    try:
        build_library(candidate).check_all()
    except RulesDataError as exc:
        raise LibraryError(str(exc)) from exc


def _replacing(store: CampaignStore, entry: Entry) -> list[Entry]:
    """The library as it would be with this entry added or replaced."""
    current = entries(store=store)
    return [e for e in current if (e.kind, e.key) != (entry.kind, entry.key)] + [entry]


def check_replacements(*, store: CampaignStore, new: list[Entry]) -> None:
    """Refuse (LibraryError) entries that would leave the library unusable."""
    keys = {(e.kind, e.key) for e in new}
    _check([e for e in entries(store=store) if (e.kind, e.key) not in keys] + new)


def entry_error(*, store: CampaignStore, entry: Entry) -> str:
    """Why saving this entry would break the library ("" when it would not)."""
    try:
        _check(_replacing(store, entry))
    except LibraryError as exc:
        return str(exc)
    return ""


def save_entry(*, store: CampaignStore, entry: Entry) -> Changes:
    """Add or edit one entry; the result must still be a usable library."""
    _check(_replacing(store, entry))
    with store.operation(OpKind.LIBRARY) as op:
        record(op, deed(Event.ENTRY_SAVED, what=_entry_name(entry)))
        stored.put_entry(session=op.session, campaign_id=store.campaign_id, entry=entry)
    return _changed(store)


def set_entry_page(*, store: CampaignStore, kind: str, key: str, book: str,
                   page: int) -> Changes:
    """Record the printed page of a book an entry is written on, keeping its section.

    The book viewer's "this entry is on the page shown". The entry's own
    ``reference`` is set, so the campaign's library keeps it (and undo takes
    it back); the shipped data has no pages to give.
    """
    entry = next((e for e in entries(store=store) if (e.kind, e.key) == (kind, key)), None)
    if entry is None:
        raise LibraryError(f"The library has no {kind.replace('_', ' ')} '{key}'.")
    if page < 1:
        raise LibraryError("A printed page is numbered from 1.")
    before = entry_reference(entry.data)
    section = before.section if before is not None and before.book == book else ""
    reference = Reference(book, str(page), section)
    edited = Entry(entry.kind, entry.key, {**entry.data, "reference": reference.text()},
                   entry.retired)
    _check(_replacing(store, edited))
    with store.operation(OpKind.LIBRARY, f"Library: {_entry_name(entry)} is on "
                         f"{reference.shown()}") as op:
        stored.put_entry(session=op.session, campaign_id=store.campaign_id, entry=edited)
    return _changed(store)


def _entry_name(entry: Entry) -> str:
    return f"{entry.kind.replace('_', ' ')} {entry.data.get('name', entry.key)}"


def users_of(*, store: CampaignStore, kind: str, key: str) -> list[str]:
    """Names of the characters that use an entry."""
    return _users(_party(store), kind, key)


def _party(store: CampaignStore) -> list[Character]:
    with store.transaction() as session:
        return [s.character for s in
                queries.list_characters(session=session, campaign_id=store.campaign_id)]


def _users(party: list[Character], kind: str, key: str) -> list[str]:
    return [c.name for c in party if c.uses(kind, key)]


def delete_entry(*, store: CampaignStore, kind: str, key: str) -> Changes:
    """Delete an entry no character uses; one in use can only be retired."""
    users = users_of(store=store, kind=kind, key=key)
    if users:
        raise LibraryError(
            f"{', '.join(users)} use{'s' if len(users) == 1 else ''} it: it can be retired, "
            "not deleted.")
    candidate = [e for e in entries(store=store) if (e.kind, e.key) != (kind, key)]
    _check(candidate)
    with store.operation(OpKind.LIBRARY) as op:
        record(op, deed(Event.ENTRY_DELETED, what=f"{kind} {key}"))
        stored.remove_entry(session=op.session, campaign_id=store.campaign_id, kind=kind,
                            key=key)
    return _changed(store)


# Shipped updates

@dataclass(frozen=True)
class Difference:
    """One way the shipped library differs from what the campaign last reviewed."""

    kind: str
    key: str
    change: str  # "new" or "changed"
    shipped: Entry
    current: Entry | None
    house_ruled: bool  # the GM changed this entry since it was shipped

    @property
    def label(self) -> str:
        """Short description for the review list."""
        name = self.shipped.data.get("name", self.key)
        what = "new" if self.change == "new" else "changed"
        ruled = " (you house-ruled it)" if self.house_ruled else ""
        return f"{self.kind.replace('_', ' ')} {name}: {what}{ruled}"


def differences(*, store: CampaignStore) -> list[Difference]:
    """Shipped entries that are new, or changed since the campaign last reviewed them."""
    with store.transaction() as session:
        current = {(s.entry.kind, s.entry.key): s for s in stored.load_entries(
            session=session, campaign_id=store.campaign_id)}
    found = []
    for entry in shipped_entries():
        mine = current.get((entry.kind, entry.key))
        if mine is None:
            found.append(Difference(entry.kind, entry.key, "new", entry, None, False))
        elif mine.shipped != entry.canonical():
            house_ruled = bool(mine.shipped) and mine.entry.canonical() != mine.shipped
            found.append(Difference(entry.kind, entry.key, "changed", entry, mine.entry,
                                    house_ruled))
    return found


def review_differences(*, store: CampaignStore, accept: list[Difference],
                       skip: list[Difference]) -> Changes:
    """Take the accepted differences; remember the skipped ones so they are not asked again."""
    current = entries(store=store)
    accepted = {(d.kind, d.key): d.shipped for d in accept}
    candidate = [accepted.pop((e.kind, e.key), e) for e in current] + list(accepted.values())
    candidate += [Entry(d.kind, d.key, d.shipped.data, retired=True)
                  for d in skip if d.current is None]
    _check(candidate)
    label = f"Library update: took {len(accept)}, skipped {len(skip)}"
    with store.operation(OpKind.LIBRARY, label) as op:
        session = op.session
        for d in accept:
            stored.put_entry(session=session, campaign_id=store.campaign_id, entry=d.shipped,
                             shipped=d.shipped.canonical())
        for d in skip:
            if d.current is not None:
                stored.set_shipped(session=session, campaign_id=store.campaign_id,
                                   kind=d.kind, key=d.key, shipped=d.shipped.canonical())
            else:  # a skipped new entry is kept retired, so it is not offered again
                stored.put_entry(session=session, campaign_id=store.campaign_id,
                                 entry=Entry(d.kind, d.key, d.shipped.data, retired=True),
                                 shipped=d.shipped.canonical())
        stored.set_library_version(session=session, campaign_id=store.campaign_id,
                                   version=library_version())
    return _changed(store)


def to_review(*, store: CampaignStore) -> list[Difference]:
    """The differences offered to the GM: none unless a newer library shipped since the review."""
    with store.transaction() as session:
        seen = stored.library_version(session=session, campaign_id=store.campaign_id)
    return differences(store=store) if seen != library_version() else []


def update_available(*, store: CampaignStore) -> bool:
    """True when a newer shipped library has differences to review."""
    return bool(to_review(store=store))


# Export and import

def export_library(*, store: CampaignStore, fmt: str = "toml") -> str:
    """The campaign's library as one TOML or JSON document."""
    doc: dict[str, Any] = {"format": LIBRARY_FORMAT, "version": LIBRARY_FORMAT_VERSION}
    for entry in entries(store=store):
        if entry.kind in SINGLE:
            doc[entry.kind] = dict(entry.data)
            continue
        row = dict(entry.data)
        if entry.retired:
            row["retired"] = True
        doc.setdefault(TABLES[entry.kind], []).append(row)
    if fmt == "json":
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return tomli_w.dumps(doc)


def parse_library(text: str, fmt: str) -> list[Entry]:
    """Entries from an exported library document; LibraryError says what is wrong."""
    try:
        doc = parse_json(text) if fmt == "json" else parse_toml(text)
    except DocumentError as exc:
        raise LibraryError(str(exc)) from exc
    if not isinstance(doc, dict) or doc.get("format") != LIBRARY_FORMAT:
        raise LibraryError(f"not a TFT Manager library (no format = \"{LIBRARY_FORMAT}\")")
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise LibraryError("the library has no valid version")
    if version > LIBRARY_FORMAT_VERSION:
        raise LibraryError(f"written by a newer TFT Manager (library format {version})")
    known = {"format", "version", *SINGLE, *TABLES.values()}
    unknown = sorted(set(doc) - known)
    if unknown:
        sections = "section" if len(unknown) == 1 else "sections"
        raise LibraryError(f"unknown {sections}: {', '.join(unknown)}")
    _plain(doc, "")
    result = []
    try:
        for kind, table in TABLES.items():
            rows = doc.get(table, [])
            if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
                raise LibraryError(f"'{table}' must be a list of tables")
            for row in rows:
                data = dict(row)
                retired = data.pop("retired", False)
                if not isinstance(retired, bool):
                    raise LibraryError(f"'{table}' entry '{data.get('key')}': retired must be "
                                       "true or false")
                result.append(Entry(kind, entry_key(kind, data), data, retired))
        for name in SINGLE:
            if name in doc:
                if not isinstance(doc[name], dict):
                    raise LibraryError(f"'{name}' must be a table")
                result.append(Entry(name, "table", dict(doc[name])))
    except RulesDataError as exc:
        raise LibraryError(str(exc)) from exc
    _check(result)
    return result


def _plain(value: Any, where: str) -> None:
    """Refuse values only one format can hold (JSON null; TOML dates and times)."""
    if isinstance(value, dict):
        for name, item in value.items():
            _plain(item, f"{where}.{name}" if where else str(name))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _plain(item, f"{where}[{i}]")
    elif isinstance(value, str):
        bad = first_control(value, multiline=True)
        if bad is not None:
            raise LibraryError(f"'{where}' holds a control character ({bad})")
    elif not isinstance(value, int | float):  # bool is an int
        what = "null" if value is None else "a date or time"
        raise LibraryError(f"'{where}' is {what}: a library holds only text, numbers, "
                           "true/false, lists and tables")
    elif not (-LIBRARY_NUMBER_MAX <= value <= LIBRARY_NUMBER_MAX):  # NaN fails this too
        raise LibraryError(f"'{where}' is out of range ({value}; numbers in a library are "
                           f"at most {LIBRARY_NUMBER_MAX:,} either way)")


def import_library(*, store: CampaignStore, text: str, fmt: str) -> Changes:
    """Replace the campaign's library with a document (all or nothing).

    Refused when it lacks an entry a character uses.
    """
    new = parse_library(text, fmt)
    present = {(e.kind, e.key) for e in new}
    party = _party(store)
    missing = [f"{e.kind} '{e.key}'" for e in entries(store=store)
               if (e.kind, e.key) not in present and _users(party, e.kind, e.key)]
    if missing:
        raise LibraryError(f"it lacks entries characters use: {', '.join(missing[:5])}")
    with store.operation(OpKind.LIBRARY) as op:
        record(op, deed(Event.LIBRARY_IMPORTED, count=len(new)))
        stored.replace_library(session=op.session, campaign_id=store.campaign_id, entries=new,
                               version="", shipped=False)
    return _changed(store)
