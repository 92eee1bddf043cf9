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
from tftmanager.rules.records import Record

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
    "creature": ("bestiary", "creature"),
}
# The rest of jobs.toml (lifestyles, bonuses, officers, thieves, survival) is
# held whole as one entry.
JOB_RULES = "job_rules"
INJURY = "injury"
EXPERIENCE = "experience"
EQUIPMENT_RULES = "equipment_rules"
# Fields per-entry kinds gained after campaigns were made with them (issue 13):
# a campaign's entry without them takes the shipped entry's values.
_EFFECTS = ("effects", "effects_source", "effects_assumed")
NEW_FIELDS: dict[str, tuple[str, ...]] = {
    "talent": _EFFECTS,
    "magic_item": (*_EFFECTS, "weight_kg", "assumed"),
    "weapon": ("fast_shots", "fast_st", "turns_per_shot", "fast_turns_per_shot"),
    "creature": ("hide", "hexes", "dx_against"),
}
# A reader's reference (issue 30): an entry without its own takes the shipped
# one (Advanced Melee p. 13 for the main-gauche), else the one its source gives.
for _kind in KINDS:
    NEW_FIELDS[_kind] = (*NEW_FIELDS.get(_kind, ()), "reference")
# Documents held whole as one entry each (key "table").
WHOLE = (INJURY, EXPERIENCE, EQUIPMENT_RULES)
DOCUMENTS = ("races", "weapons", "armor", "injury", "talents", "spells",
             "experience", "gear", "equipment_rules", "jobs", "bestiary")  # as in shipped.py


@dataclass(frozen=True, eq=False, repr=False)
class Entry(Record):
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
        talent, known = row.get("talent"), row.get("when_known", [])
        if not isinstance(talent, str) or not talent:
            raise RulesDataError("A cost exception names no talent")
        if not isinstance(known, list) or not all(isinstance(k, str) for k in known):
            raise RulesDataError(f"The cost exception for '{talent}': when_known must be a "
                                 "list of talent keys")
        return f"{talent}:{'+'.join(known)}"
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


def with_shipped_values(entries: Iterable[Entry], shipped: Iterable[Entry]) -> list[Entry]:
    """A campaign's entries, with rules values it predates taken from the shipped library.

    A campaign keeps its own copy of the library, made when it was created.
    When a later release moves a rule value out of the code and into the data
    (``recovery_dx`` was always there; ``[job_week]``, ``[memory_costs]`` and
    ``[movement]`` were added later), an older campaign's whole-document
    entries (job rules, experience, equipment rules, injury) lack it.  Such a
    value is read from the shipped entry until the GM reviews the shipped
    library update; every value the campaign has, the GM's edits included,
    always wins, and nothing is written to the campaign.  Per-entry kinds
    (a job, a talent) are never filled in: a missing one stays missing, but a
    field added to a kind later (``NEW_FIELDS``: a talent's effects, a magic
    item's weight) is read from the shipped entry of the same key when the
    campaign's entry lacks it.  A GM who cleared the effects keeps an empty list.
    """
    shipped = list(shipped)
    fallback = {(e.kind, e.key): e for e in shipped if e.kind in (*WHOLE, JOB_RULES)}
    with_fields = {(e.kind, e.key): e for e in shipped if e.kind in NEW_FIELDS}
    result = []
    seen = set()
    for entry in entries:
        base = fallback.get((entry.kind, entry.key))
        newer = with_fields.get((entry.kind, entry.key))
        if newer is not None:
            added = {f: newer.data[f] for f in NEW_FIELDS[entry.kind]
                     if f in newer.data and f not in entry.data}
            if added:
                entry = Entry(entry.kind, entry.key, {**entry.data, **added}, entry.retired)
        if base is not None:
            seen.add((entry.kind, entry.key))
            entry = Entry(entry.kind, entry.key, _filled(entry.data, base.data), entry.retired)
        result.append(entry)
    result += [e for k, e in fallback.items() if k not in seen]
    return result


def _filled(own: Mapping[str, Any], shipped: Mapping[str, Any],
            depth: int = 2) -> dict[str, Any]:
    """``own`` with the sections, and the values in a section, it lacks taken from ``shipped``.

    Only two levels are filled (``[job_week]``, ``[merchant] pay_percent``):
    a table inside a section (the mercenaries' ``races``) is a value of its
    own, so a key the GM removed from it stays removed.
    """
    merged = dict(own)
    for name, value in shipped.items():
        if name not in merged:
            merged[name] = value
        elif depth > 1 and isinstance(merged[name], Mapping) and isinstance(value, Mapping):
            merged[name] = _filled(merged[name], value, depth - 1)
    return merged


def library_from_entries(entries: Iterable[Entry],
                         shipped: Iterable[Entry] = ()) -> RulesLibrary:
    """A RulesLibrary built from a campaign's entries (see with_shipped_values for ``shipped``)."""
    return _build(tuple(entries), tuple(shipped))


def _build(entries: Iterable[Entry], shipped: Iterable[Entry]) -> RulesLibrary:
    entries = with_shipped_values(entries, shipped)
    docs = documents_from_entries(entries)
    library = RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"],
        injury=docs["injury"], talents=docs["talents"], spells=docs["spells"],
        experience=docs["experience"] or None,
        gear=docs["gear"], equipment_rules=docs["equipment_rules"] or None,
        jobs=docs["jobs"] or None, bestiary=docs["bestiary"],
    )
    retired = frozenset((e.kind, e.key) for e in entries if e.retired)
    return library.with_retired(retired)
