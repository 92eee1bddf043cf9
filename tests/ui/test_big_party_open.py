"""Opening a big party works out only the rows in view, and the columns still fit them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from tftmanager.app import campaigns
from tftmanager.app.sheet import Party
from tftmanager.rules.character import Character
from tftmanager.store import queries
from tftmanager.ui.party_model import COLUMNS

pytestmark = pytest.mark.ui
COUNT = 300


def _big_campaign(path: Path, wounded: str) -> Path:
    """``COUNT`` plain figures; the one named ``wounded`` (last by name) has taken 4 hits."""
    store = campaigns.new_campaign(path=path, name="Big")
    try:
        with store.operation("test", "figures") as op:
            for i in range(COUNT):
                figure = Character(name=f"Figure {i:04d}", race="human", st=11, dx=13, iq=8)
                queries.insert_character(session=op.session, campaign_id=store.campaign_id,
                                         character=figure)
            queries.insert_character(session=op.session, campaign_id=store.campaign_id,
                                     character=Character(name=wounded, race="human", st=11,
                                                         dx=13, iq=8, wounds=4))
    finally:
        store.close()
    return path


def test_opening_a_big_party_works_out_only_the_rows_shown(
        make_window: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: Any) -> None:
    path = _big_campaign(tmp_path / "big.tftcampaign", "Zed the Wounded")
    evaluated: list[int] = []
    real = Party.sheet

    def counted(self: Party, stored: Any) -> Any:
        evaluated.append(stored.id)
        return real(self, stored)

    monkeypatch.setattr(Party, "sheet", counted)
    window = make_window()
    assert window.open_campaign(path)
    qtbot.wait(50)  # the table laid out and painted
    assert window.party_model.rowCount() == COUNT + 1
    shown = window.party.table.viewport().height() // window.party.table.rowHeight(0) + 1
    assert len(set(evaluated)) <= shown + 10, len(set(evaluated))  # not the whole party

    # The wounded figure at the bottom: scrolled into view, its ST is not clipped.
    table = window.party.table
    column = COLUMNS.index("ST")
    narrow = table.columnWidth(column)
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    row = window.party_model.row_of(next(r.id for r in window.party_model.rows()
                                         if r.name == "Zed the Wounded"))
    text = window.party_model.index(row, column).data()
    assert text.endswith("now)")
    assert table.columnWidth(column) > narrow
    assert table.columnWidth(column) >= QFontMetrics(table.font()).horizontalAdvance(text)
