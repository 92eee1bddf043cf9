"""Where the library's values come from, and which of them a GM should review.

Every value in ``resources/rules`` carries a ``source`` (the document and
line it was read from).  A value no document states is marked ``assumed``
(``assumed = "why"``, or ``<field>_assumed = true`` / ``"why"``); a value
read from a garbled scan is marked ``uncertain``.  These marks sit at any
depth of an entry (``[rest] assumed`` inside the job rules), so the review
list walks each entry whole; the Rules Library editor shows it, and its tabs
can show only the marked entries, so a GM reviews every reading in one pass.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.library_entries import Entry
from tftmanager.rules.records import Record
from tftmanager.rules.references import reference_text


class MarkLevel(enum.Enum):
    """Why a value needs the GM: no document states it, or the scan is unclear."""

    ASSUMED = "assumed"
    UNCERTAIN = "uncertain"


@dataclass(frozen=True, eq=False, repr=False)
class Mark(Record):
    """One assumed or uncertain value: where it is, why, and the source it sits under."""

    kind: str
    key: str
    field: str  # "" for the entry as a whole, "rest" for a section, "category" for a value
    level: MarkLevel
    text: str
    source: str
    reference: str = ""  # where the reader finds the rule the value belongs to


def _level_of(name: str) -> tuple[MarkLevel, str] | None:
    """("assumed", "") for ``assumed``; (ASSUMED, "category") for ``category_assumed``."""
    for level in MarkLevel:
        if name == level.value:
            return level, ""
        suffix = f"_{level.value}"
        if name.endswith(suffix):
            return level, name.removesuffix(suffix)
    return None


def _walk(data: Mapping[str, Any], path: str, source: str,
          reference: str = "") -> Iterator[tuple[str, MarkLevel, str, str, str]]:
    """(where, level, why, source, reference) of every mark, each under its nearest source."""
    own = data.get("reference") or ("" if data.get("source") else reference)
    source = str(data.get("source") or source)
    reference = reference_text({"reference": own, "source": source})
    for name, value in data.items():
        found = _level_of(str(name))
        if found is not None and value not in (False, "", None):
            level, field = found
            where = ".".join(p for p in (path, field) if p)
            text = (value if isinstance(value, str)
                    else f"{field or 'this value'}: no document states it ({level.value})")
            yield where, level, text, source, reference
        elif isinstance(value, Mapping):
            yield from _walk(value, ".".join(p for p in (path, str(name)) if p), source,
                             reference)
        elif isinstance(value, list):
            for n, item in enumerate(value):
                if isinstance(item, Mapping):
                    yield from _walk(item, f"{path + '.' if path else ''}{name}[{n}]", source,
                                     reference)


def entry_marks(entry: Entry) -> list[Mark]:
    """Every assumed or uncertain value of one entry."""
    return [Mark(entry.kind, entry.key, field, level, text, source, reference)
            for field, level, text, source, reference in _walk(entry.data, "", "")]


def is_marked(entry: Entry, levels: Iterable[MarkLevel] = tuple(MarkLevel)) -> bool:
    """Whether any value of the entry is marked at one of these levels."""
    wanted = set(levels)
    return any(mark.level in wanted for mark in entry_marks(entry))


def review_list(entries: Iterable[Entry]) -> list[Mark]:
    """Every mark of the campaign's library, retired entries left out, assumed first."""
    marks = [m for e in entries if not e.retired for m in entry_marks(e)]
    order = list(MarkLevel)
    return sorted(marks, key=lambda m: (order.index(m.level), m.kind, m.key, m.field))
