from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.app import campaigns, characters
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.ui import operations
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.picker import PickerDialog

pytestmark = pytest.mark.ui

JOE_TALENTS = ("sword", "axe_mace", "shield", "horsemanship", "alertness", "swimming")


@pytest.fixture
def joe(main_window: MainWindow) -> int:
    """Joe the Barbarian as the expansion first builds him: 9 of 9 memory used."""
    session = main_window.session
    assert session is not None
    new_id = operations.characters.add(session, Character(
        name="Joe at creation", race="human", st=11, dx=12, iq=9,
        talents=tuple(KnownTalent(k) for k in JOE_TALENTS)))
    assert new_id is not None
    main_window.party.select(new_id)
    return new_id


def _picker(main_window: MainWindow, character_id: int, qtbot) -> PickerDialog:
    dialog = main_window.editor.open_picker()
    assert dialog is not None and dialog.character_id == character_id
    qtbot.addWidget(dialog)
    return dialog


def test_editor_shows_memory_at_a_glance(main_window: MainWindow, joe: int) -> None:
    assert main_window.editor.abilities.memory_label.text().startswith("Memory: 9 of 9 used")
    assert main_window.editor.abilities.known.count() == 6


def test_filter_and_see_why_running_is_refused(main_window: MainWindow, joe: int,
                                               qtbot) -> None:
    dialog = _picker(main_window, joe, qtbot)
    qtbot.keyClicks(dialog.search, "runn")
    rows = dialog.visible_rows()
    assert "Running" in [r.name for r in rows]
    assert all("runn" in (r.name + r.summary).casefold() for r in rows)
    assert dialog.select("talent", "running")
    assert not dialog.learn_button.isEnabled()
    assert "memory full by 2 points" in dialog.detail.text()
    assert not dialog.learn_selected()
    dialog.available_only.setChecked(True)
    assert dialog.visible_rows() == []
    dialog.close()


def test_buy_sp_then_learn_running_and_undo(main_window: MainWindow, joe: int,
                                            qtbot) -> None:
    session = main_window.session
    assert session is not None
    before = session.query(characters.get_character, character_id=joe)
    operations.characters.edit(session, joe, replace(before, sp=1, bought_points=1))
    dialog = _picker(main_window, joe, qtbot)
    assert "memory 9 of 11 used" in dialog.memory_label.text()
    qtbot.keyClicks(dialog.search, "running")
    assert dialog.select("talent", "running")
    assert dialog.learn_button.isEnabled()
    dialog.learn_button.click()
    assert session.query(characters.get_character, character_id=joe).knows("running")
    assert "memory 11 of 11 used" in dialog.memory_label.text()
    assert main_window.editor.abilities.memory_label.text().startswith("Memory: 11 of 11")
    main_window.act_undo.trigger()
    assert not session.query(characters.get_character, character_id=joe).knows("running")
    assert "memory 9 of 11 used" in dialog.memory_label.text()
    dialog.close()


def test_unavailable_prerequisite_and_iq_filters(main_window: MainWindow, joe: int,
                                                 qtbot) -> None:
    dialog = _picker(main_window, joe, qtbot)
    dialog.kind.setCurrentIndex(dialog.kind.findData("talent"))
    dialog.max_iq.setValue(9)
    rows = dialog.visible_rows()
    assert rows and all(r.kind == "talent" and r.iq <= 9 for r in rows)
    dialog.max_iq.setValue(dialog.max_iq.minimum())
    qtbot.keyClicks(dialog.search, "Remove Traps")
    assert dialog.select("talent", "remove_traps")
    assert "needs Detect Traps first" in dialog.detail.text()
    dialog.category.setCurrentIndex(dialog.category.findData(5))
    assert all(r.category == 5 for r in dialog.visible_rows())
    dialog.close()


def test_study_from_the_picker_shows_in_the_editor(main_window: MainWindow, joe: int,
                                                   qtbot) -> None:
    session = main_window.session
    assert session is not None
    sheet = session.query(campaigns.character_sheet, character_id=joe)
    operations.characters.edit(session, joe, replace(sheet.character, sp=1, bought_points=1))
    dialog = _picker(main_window, joe, qtbot)
    qtbot.keyClicks(dialog.search, "climbing")
    assert dialog.select("talent", "climbing")
    assert dialog.study_selected()
    studies = main_window.editor.abilities.studies
    assert studies.count() == 1 and studies.item(0).text() == "Climbing: week 0 of 4"
    main_window.act_undo.trigger()
    assert studies.count() == 0
    dialog.close()


def test_a_study_that_would_not_fit_is_refused_with_the_reason(
        main_window: MainWindow, joe: int, qtbot, dialog_log) -> None:
    failures: list[str] = []
    assert main_window.session is not None
    main_window.session.signals.action_failed.connect(failures.append)
    dialog = _picker(main_window, joe, qtbot)
    qtbot.keyClicks(dialog.search, "climbing")
    assert dialog.select("talent", "climbing")
    assert not dialog.study_selected()
    assert main_window.editor.abilities.studies.count() == 0
    [failure] = failures
    assert "would not fit in memory (9 of 9 used; Climbing would need 1 point" in failure
    dialog.close()


def test_a_search_lists_the_names_that_match_first(main_window: MainWindow, joe: int,
                                                   qtbot) -> None:
    """Issue 34: "fencing" listed Axeplay (fencing in its description) above Fencing."""
    dialog = _picker(main_window, joe, qtbot)
    qtbot.keyClicks(dialog.search, "fencing")
    names = [r.name for r in dialog.visible_rows()]
    in_name = [n for n in names if "fencing" in n.casefold()]
    assert in_name and len(names) > len(in_name)  # some match by their description only
    assert names[:len(in_name)] == in_name
    dialog.close()
