from __future__ import annotations

import pytest
from person import type_into
from PySide6.QtCore import Qt

from tftmanager.app.campaigns import party_sheets
from tftmanager.shipped import shipped_library
from tftmanager.ui.party import PartyPanel
from tftmanager.ui.party_model import COLUMNS, ID_ROLE, SORT_ROLE, PartyModel
from tftmanager.ui.party_rows import PartyRow, PendingRow

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


def test_a_wounded_figure_shows_its_st_now(demo_store) -> None:
    """A job week's wounds show in the party table: ST 11, 7 now."""
    from dataclasses import replace

    from tftmanager.app import characters

    ragnar_id = next(s.id for s in party_sheets(store=demo_store) if s.character.name == "Ragnar")
    before = characters.get_character(store=demo_store, character_id=ragnar_id)
    characters.edit_character(store=demo_store, character_id=ragnar_id,
                              character=replace(before, wounds=4))
    model = PartyModel()
    model.set_rows(_rows(demo_store))
    row = model.row_of(ragnar_id)
    assert model.index(row, COLUMNS.index("ST")).data() == "11 (7 now)"
    assert model.index(row, COLUMNS.index("ST")).data(SORT_ROLE) == 11


def test_empty_model_passes_the_model_tester(qtmodeltester) -> None:
    model = PartyModel()
    qtmodeltester.check(model)
    assert model.rowCount() == 0


def test_rows_are_worked_out_only_when_shown(demo_store) -> None:
    """Opening thousands evaluates only the rows drawn: the name needs no evaluation."""
    made: list[str] = []

    def pending(row: PartyRow) -> PendingRow:
        return PendingRow(row.id, row.name, lambda: made.append(row.name) or row)

    model = PartyModel()
    model.set_rows([pending(r) for r in _rows(demo_store)])
    names = [model.index(i, 0).data() for i in range(model.rowCount())]
    assert names == sorted(names, key=str.casefold)
    assert made == []
    assert model.first_by_name() == model.index(0, 0).data(ID_ROLE)
    assert made == []
    model.index(1, COLUMNS.index("ST")).data()
    assert made == [names[1]]


def test_the_model_sorts_on_keys_and_keeps_the_selection(qtbot, demo_store) -> None:
    model = PartyModel()
    panel = PartyPanel(model, [])
    qtbot.addWidget(panel)
    model.set_rows(_rows(demo_store))
    ragnar = next(r.id for r in model.rows() if r.name == "Ragnar")
    panel.select(ragnar)
    st = COLUMNS.index("ST")
    panel.table.sortByColumn(st, Qt.SortOrder.DescendingOrder)
    shown = [panel.proxy.index(i, st).data(SORT_ROLE) for i in range(panel.proxy.rowCount())]
    assert shown == sorted(shown, reverse=True)
    assert panel.selected_id() == ragnar
    panel.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    names = [panel.proxy.index(i, 0).data() for i in range(panel.proxy.rowCount())]
    assert names == sorted(names, key=str.casefold)
    type_into(qtbot, panel.filter_edit, "rag")
    assert [panel.proxy.index(i, 0).data() for i in range(panel.proxy.rowCount())] == ["Ragnar"]
