"""A rulebook's PDF and a library entry's page in it: plain data for the settings and the viewer.

Apart from ``ui.books`` (the settings, and opening the viewer on use) so the
viewer can name them without importing the module that imports it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BookPdf:
    """A book code's PDF and the PDF page (from 1) its printed page 1 is on."""

    path: Path
    first_page: int = 1

    def index_of(self, page: int) -> int:
        """The PDF's page index (from 0) of a printed page."""
        return max(page - 1 + self.first_page - 1, 0)

    def page_of(self, index: int) -> int:
        """The printed page a PDF page index (from 0) shows (0 before printed page 1)."""
        return max(index + 2 - self.first_page, 0)


@dataclass(frozen=True)
class EntryPage:
    """The library entry a reference is of, and how to record the page it is on."""

    name: str
    set_page: Callable[[int], bool]  # the printed page; False when refused


# A word broken at a line's end ("LABY-" then "RINTH"), and any run of line breaks
# or spaces (a PDF's text has line and paragraph separators, shown as "⏎").
_BROKEN_WORD = re.compile(r"(\w)-[ \t]*[\r\n\u2028\u2029\u23ce]+\s*(\w)")
_SPACES = re.compile(r"[\s\u2028\u2029\u23ce]+")


def snippet(text: str) -> str:
    """A search result's words as one line: hyphenated words joined, line breaks as spaces.

    Results once read "RINTH⏎page 17⏎" (issue 34).
    """
    return _SPACES.sub(" ", _BROKEN_WORD.sub(r"\1\2", text)).strip()


def result_line(title: str, pdf: BookPdf | None, index: int, text: str) -> str:
    """"In the Labyrinth, page 17: words around the match" (the PDF page before page 1)."""
    printed = pdf.page_of(index) if pdf is not None else 0
    where = f"page {printed}" if printed else f"PDF page {index + 1}"
    return f"{title}, {where}: {snippet(text)}"
