from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tftmanager.app.campaigns import party_sheets
from tftmanager.shipped import shipped_library
from tftmanager.ui.party_model import COLUMNS, SORT_ROLE, PartyModel
from tftmanager.ui.party_rows import PartyRow

pytestmark = pytest.mark.ui


def _rows(store) -> list[PartyRow]:
    races = shipped_library().races
    return [PartyRow.from_sheet(s, races[s.character.race].name) for s in party_sheets(store=store)]


def test_model_passes_the_model_tester(qtmodeltester, demo_store) -> None:
    model = PartyModel()
    model.set_rows(_rows(demo_store))
    qtmodeltester.check(model)
    assert model.rowCount() == 5
    assert model.columnCount() == len(COLUMNS)


def test_model_shows_adjusted_dx_and_problems(demo_store) -> None:
    model = PartyModel()
    model.set_rows(_rows(demo_store))
    ragnar = model.row_of(next(r.id for r in model.rows() if r.name == "Ragnar"))
    assert model.index(ragnar, COLUMNS.index("DX (adj)")).data() == "13 (11)"
    assert model.index(ragnar, COLUMNS.index("MA")).data() == "8"
    assert model.index(ragnar, COLUMNS.index("Problems")).data() == "OK"
    assert model.index(ragnar, COLUMNS.index("ST")).data(SORT_ROLE) == 11
    tooltip = model.index(ragnar, COLUMNS.index("Problems")).data(Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "No problems"


def test_empty_model_passes_the_model_tester(qtmodeltester) -> None:
    model = PartyModel()
    qtmodeltester.check(model)
    assert model.rowCount() == 0
