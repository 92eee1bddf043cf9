"""Where a rule or a library entry comes from, in the reader's terms: a book and a page.

Every library entry keeps the maintainers' ``source`` (the document and line
a value was read from, with notes).  The user sees a **reference** instead:
a book code, the section and the page where they are known, written

    BOOK[ p. PAGE][, SECTION]

for example ``ITL p. 45``, ``Advanced Melee p. 13, Parrying`` or
``TFT Rules Expansion, Jobs: Wizards``.  A book code holds no comma; the
page is a printed page number (or a range, "45-46"), never guessed: a
reference whose page the documents do not give has none.

An entry's own ``reference`` field wins.  Without one, the reference is
derived from ``source`` by the fixed prefixes in ``_DERIVED`` (the form the
shipped data writes its sources in), plus any "BOOK p. N" the source quotes;
a source that matches none of them gives no reference rather than a guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.refusal import Refusal
from tftmanager.rules.records import Record

# Book code -> the title shown to the reader.  A GM may cite any other book:
# its code is then shown as it is.
BOOKS: dict[str, str] = {
    "Melee": "Melee",
    "Wizard": "Wizard",
    "ITL": "In the Labyrinth",
    "Advanced Melee": "Advanced Melee",
    "Advanced Wizard": "Advanced Wizard",
    "TFT Rules Expansion": "TFT Rules Expansion",
    "House Rules: Combat": "TFT House Rules: Combat",
    "3D TFT": "Three Dimensional TFT",
    "Free-for-All": "Free-for-All Rules (Three-Way Battles)",
}

_PATTERN = re.compile(
    r"^(?P<book>[^,]+?)(?:\s+pp?\.\s*(?P<page>\d+(?:\s*[-–]\s*\d+)?))?"
    r"(?:,\s*(?P<section>.+?))?\s*$")
_QUOTED_PAGE = re.compile(r"\b(?P<book>ITL|Melee|Wizard|Advanced Melee|Advanced Wizard)"
                          r"\s+pp?\.\s*(?P<page>\d+(?:-\d+)?)")
# Source prefix -> book code, and whether the text after it names a section.
_DERIVED: tuple[tuple[str, str, bool], ...] = (
    ("Legacy ITL list", "ITL", False),
    ("Original ITL talent", "ITL", False),
    ("Original edition only", "ITL", False),
    ("Legacy Wizard list", "Wizard", False),
    ("TFT-FACTS 6b (Legacy)", "ITL", False),  # Legacy's armor table (cloth, half-plate)
    ("Expansion (001)", "TFT Rules Expansion", True),
    ("Melee (003)", "Melee", True),
    ("Melee", "Melee", True),
    ("TFT House Rules: Combat", "House Rules: Combat", True),
    ("Three Dimensional TFT", "3D TFT", True),
    ("Free-for-All", "Free-for-All", True),
)


class BadReference(Refusal, ValueError):
    """A reference that cannot be read; the message says how to write one."""


@dataclass(frozen=True, eq=False, repr=False)
class Reference(Record):
    """A book code, and the page and section within it where known."""

    book: str
    page: str = ""  # a printed page ("13") or range ("45-46"); "" when not known
    section: str = ""

    @property
    def first_page(self) -> int | None:
        """The page to open the book at (the first of a range), or None."""
        digits = re.match(r"\d+", self.page)
        return int(digits.group()) if digits else None

    @property
    def title(self) -> str:
        """The book's title, or its code for a book this version does not list."""
        return BOOKS.get(self.book, self.book)

    def text(self) -> str:
        """The reference as stored and edited: ``ITL p. 45, Experience``."""
        page = f" p. {self.page}" if self.page else ""
        section = f", {self.section}" if self.section else ""
        return f"{self.book}{page}{section}"

    def shown(self) -> str:
        """The reference as the reader sees it: ``In the Labyrinth p. 45, Experience``."""
        page = f" p. {self.page}" if self.page else ""
        section = f", {self.section}" if self.section else ""
        return f"{self.title}{page}{section}"


def parse_reference(text: str) -> Reference | None:
    """The reference a text names (None for an empty text); BadReference if unreadable."""
    text = " ".join(text.split())
    if not text:
        return None
    match = _PATTERN.match(text)
    if match is None or not match["book"].strip():
        raise BadReference(f"'{text}' is not a reference: write a book, then 'p. PAGE' and "
                             "', SECTION' where known (e.g. 'ITL p. 45, Experience').")
    page = re.sub(r"\s*[-–]\s*", "-", match["page"] or "")
    return Reference(match["book"].strip(), page, (match["section"] or "").strip())


def derive_reference(source: str) -> Reference | None:
    """The reference a maintainers' ``source`` text gives, or None when it names no book."""
    quoted = _QUOTED_PAGE.search(source)
    if quoted:
        return Reference(quoted["book"], quoted["page"])
    for prefix, book, has_section in _DERIVED:
        if source.startswith(prefix):
            rest = source[len(prefix):]
            section = _section(rest) if has_section and rest.startswith(", ") else ""
            return Reference(book, "", section)
    return None


def _section(rest: str) -> str:
    """"Jobs: Wizards" from ", Jobs: Wizards (scan: ...)": up to a note or a second source."""
    section = re.split(r"\s\(|;|: '|: (?=[a-z])", rest[2:], maxsplit=1)[0]
    return section.strip().rstrip(".")


def entry_reference(data: Mapping[str, Any], default_source: str = "") -> Reference | None:
    """An entry's reference: its own ``reference`` field, else the one its ``source`` gives.

    An unreadable ``reference`` of an entry counts as none here (the library
    editor refuses to save one, and a hand-made file's text is still shown by
    ``reference_text``).
    """
    own = data.get("reference")
    if isinstance(own, str) and own.strip():
        try:
            return parse_reference(own)
        except BadReference:
            return None
    source = data.get("source", default_source)
    return derive_reference(source) if isinstance(source, str) else None


def reference_problem(data: Mapping[str, Any]) -> str:
    """Why an entry's own ``reference`` cannot be read ("" when it can, or has none)."""
    own = data.get("reference", "")
    if not isinstance(own, str):
        return "its reference must be text (e.g. 'ITL p. 45')"
    try:
        parse_reference(own)
    except BadReference as exc:
        return str(exc)
    return ""


def reference_text(data: Mapping[str, Any]) -> str:
    """An entry's reference as the reader sees it ("" when it has none)."""
    reference = entry_reference(data)
    if reference is not None:
        return reference.shown()
    own = data.get("reference")
    return own.strip() if isinstance(own, str) else ""


def shown(reference: Reference | None) -> str:
    """A reference as the reader sees it, "" for none."""
    return reference.shown() if reference is not None else ""


def with_reference(message: str, reference: str) -> str:
    """"needs IQ 11 - In the Labyrinth p. 23": a rule's message and where to read it."""
    return f"{message.rstrip('.')} - {reference}" if reference else message
