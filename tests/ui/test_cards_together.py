"""A character's front is printed beside its own back (issue 34, item 11).

Morgaine's front was printed beside Joe's second back, on the same row.
Each character's cards now start a row of their own.
"""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest
from PySide6.QtWidgets import QFileDialog

from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _rows(page: pypdf.PageObject) -> dict[int, set[str]]:
    """The card headers on each row of a page: the names, by their height on it."""
    first_words = ("Flavius", "Joe", "Morgaine", "Ragnar", "Wulf")  # a header's first word
    rows: dict[int, set[str]] = {}

    def visit(text: str, _cm: object, tm: list[float], _font: object, _size: object) -> None:
        words = text.split()
        if words and words[0] in first_words:  # rows of 3-inch cards, at 1,200 dpi
            rows.setdefault(round(tm[5] / 3600), set()).add(words[0])

    page.extract_text(visitor_text=visit)
    return rows


def test_each_character_s_cards_start_a_row_of_their_own(
        main_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        dialog_log) -> None:
    target = tmp_path / "party cards.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
    main_window.act_export_pdf.trigger()
    assert target.is_file()
    assert dialog_log.infos and dialog_log.infos[0][0] == "Cards Exported"
    pages = pypdf.PdfReader(str(target)).pages
    seen: set[str] = set()
    for number, page in enumerate(pages):
        for names in _rows(page).values():
            assert len(names) == 1, (number, names)  # one character to a row
            seen |= names
    assert sorted(seen) == ["Flavius", "Joe", "Morgaine", "Ragnar", "Wulf"]
