"""One library entry as a reader asks for it: ``tftmanager library show CAMPAIGN NAME``.

The entry is found by its name as characters are (``app.names``: the full
name, else a unique prefix, else "did you mean"), among the entries a user
meets (talents, spells, weapons... not the whole rules tables), and is shown
with its reference first, then every value it holds.
"""

from __future__ import annotations

import json

from tftmanager.app.names import find_by_name
from tftmanager.rules.library_entries import KINDS, Entry
from tftmanager.rules.references import reference_text


def entry_name(entry: Entry) -> str:
    """The name a user knows the entry by (its key when it has none)."""
    name = entry.data.get("name")
    return name if isinstance(name, str) and name.strip() else entry.key


def find_entry(entries: list[Entry], name: str, kind: str | None = None) -> Entry:
    """The entry named so (of one kind when given); NameNotFound says whom it could be."""
    candidates = [e for e in entries if e.kind in KINDS and (kind is None or e.kind == kind)]
    return find_by_name(candidates, name, entry_name, what="library entry")


def entry_lines(entry: Entry) -> list[str]:
    """The entry as text: its name and kind, where to read it, then each value."""
    kind = entry.kind.replace("_", " ")
    retired = " (retired)" if entry.retired else ""
    lines = [f"{entry_name(entry)}: {kind} '{entry.key}'{retired}",
             f"  Reference: {reference_text(entry.data) or 'no book known'}"]
    for field, value in entry.data.items():
        if field in ("key", "name", "reference"):
            continue
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        lines.append(f"  {field}: {text}")
    return lines
