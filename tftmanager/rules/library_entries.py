"""The rules library as a flat list of entries, and back.

A campaign keeps its own copy of the library as one entry per race, weapon,
talent and so on, so the GM can edit, add and retire entries one at a time,
and a newer shipped library can be compared entry by entry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError

# kind -> (document name, table name inside the document)
KINDS: dict[str, tuple[str, str]] = {
    "race": ("races", "race"),
    "weapon": ("weapons", "weapon"),
    "armor": ("armor", "armor"),
    "shield": ("armor", "shield"),
    "talent": ("talents", "talent"),
    "cost_exception": ("talents", "cost_exception"),
    "spell": ("spells", "spell"),
    "gear": ("gear", "gear"),
    "magic_item": ("gear", "magic_item"),
    "job": ("jobs", "job"),
}
# The rest of jobs.toml (lifestyles, bonuses, officers, thieves, survival) is
# held whole as one entry.
JOB_RULES = "job_rules"
INJURY = "injury"
EXPERIENCE = "experience"
EQUIPMENT_RULES = "equipment_rules"
# Documents held whole as one entry each (key "table").
WHOLE = (INJURY, EXPERIENCE, EQUIPMENT_RULES)
DOCUMENTS = ("races", "weapons", "armor", "injury", "talents", "spells",
             "experience", "gear", "equipment_rules", "jobs")  # as in shipped.py


@dataclass(frozen=True)
class Entry:
    """One library entry: its kind, key and data (a TOML/JSON table)."""

    kind: str
    key: str
    data: Mapping[str, Any]
    retired: bool = False

    def canonical(self) -> str:
        """A stable JSON text of the data, for storage and comparison."""
        return json.dumps(self.data, sort_keys=True, ensure_ascii=False)


def entry_key(kind: str, row: Mapping[str, Any]) -> str:
    """The key that identifies a row of a kind."""
    if kind == "cost_exception":
        known = row.get("when_known", [])
        return f"{row.get('talent')}:{'+'.join(str(k) for k in known)}"
    key = row.get("key")
    if not isinstance(key, str) or not key:
        raise RulesDataError(f"A {kind} entry has no key")
    return key


def entries_from_documents(docs: Mapping[str, Mapping[str, Any]]) -> list[Entry]:
    """Flatten the library documents (as read from TOML or JSON) into entries."""
    entries: list[Entry] = []
    for kind, (doc_name, table) in KINDS.items():
        rows = docs.get(doc_name, {}).get(table, [])
        if not isinstance(rows, list):
            raise RulesDataError(f"'{table}' in {doc_name} must be a list of tables")
        for row in rows:
            if not isinstance(row, Mapping):
                raise RulesDataError(f"'{table}' in {doc_name} must be a list of tables")
            entries.append(Entry(kind, entry_key(kind, row), dict(row)))
    for name in WHOLE:
        doc = docs.get(name)
        if doc:
            entries.append(Entry(name, "table", dict(doc)))
    jobs = docs.get("jobs")
    if jobs:
        entries.append(Entry(JOB_RULES, "table", {k: v for k, v in jobs.items() if k != "job"}))
    return entries


def documents_from_entries(entries: Iterable[Entry]) -> dict[str, dict[str, Any]]:
    """Rebuild the documents from entries (retired entries keep ``retired = true``)."""
    docs: dict[str, dict[str, Any]] = {name: {} for name in DOCUMENTS}
    for entry in entries:
        if entry.kind in WHOLE:
            docs[entry.kind] = dict(entry.data)
            continue
        if entry.kind == JOB_RULES:
            docs["jobs"].update(entry.data)
            continue
        if entry.kind not in KINDS:
            raise RulesDataError(f"Unknown library entry kind '{entry.kind}'")
        doc_name, table = KINDS[entry.kind]
        row = dict(entry.data)
        if entry.retired and entry.kind in ("talent", "spell"):
            row["retired"] = True
        docs[doc_name].setdefault(table, []).append(row)
    return docs


def library_from_entries(entries: Iterable[Entry]) -> RulesLibrary:
    """A RulesLibrary built from a campaign's entries."""
    entries = list(entries)
    docs = documents_from_entries(entries)
    library = RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"],
        injury=docs["injury"], talents=docs["talents"], spells=docs["spells"],
        experience=docs["experience"] or None,
        gear=docs["gear"], equipment_rules=docs["equipment_rules"] or None,
        jobs=docs["jobs"] or None,
    )
    retired = frozenset((e.kind, e.key) for e in entries if e.retired)
    return library.with_retired(retired)
