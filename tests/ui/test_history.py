"""The History panel and Edit > Undo read the campaign's journal: every action, plain words."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import campaigns, characters, journal
from tftmanager.app import library as library_app
from tftmanager.rules.character import Status
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind, Quality
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.money import MoneyKind
from tftmanager.ui import menu_windows, operations
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.survival_dialog import SurvivalDialog
from tftmanager.ui.week_planner import WeekPlanner

pytestmark = pytest.mark.ui




def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def test_every_action_is_listed_in_plain_words_and_undone_back_to_the_start(
        main_window: MainWindow, qtbot, campaign_dump: Any) -> None:
    session = main_window.session
    assert session is not None
    start = campaign_dump(session.path)
    ids = _ids(main_window)
    main_window.history_dock.show()

    # Edit: typing in a spin box, three steps, is one operation.
    main_window.party.select(ids["Ragnar"])
    for dx in (12, 11, 10):
        main_window.editor.spins["dx"].setValue(dx)
    # Award, from the dialog.
    dialog = AwardDialog(session, None, main_window)
    qtbot.addWidget(dialog)
    dialog.amount.setValue(500)
    qtbot.keyClicks(dialog.reason, "Cleared the warren")
    assert dialog.submit()
    # Raise, from the XP panel.
    main_window.editor.xp.buttons[Attribute.ST].click()
    # Buy.
    operations.equipment.record_money(session, ids["Ragnar"], 100, MoneyKind.FOUND, "Loot")
    assert operations.equipment.buy(session, ids["Ragnar"], ItemKind.WEAPON, "dagger",
                                    Quality()) is not None
    # Assign a job and run three weeks in the planner.
    planner = menu_windows.plan_weeks(main_window, main_window.session)
    assert isinstance(planner, WeekPlanner)
    qtbot.addWidget(planner)
    rows = {planner.table.item(r, 0).text(): r for r in range(planner.table.rowCount())}
    planner.set_row(rows["Wulf"], activity="rest")
    planner.run(3, seed=7)
    # A survival roll.
    wulf = session.query(characters.get_character, character_id=ids["Wulf"])
    operations.characters.edit(session, ids["Wulf"],
                               replace(wulf, wounds=wulf.st, status=Status.DYING))
    survival = SurvivalDialog(session, ids["Wulf"], main_window)
    qtbot.addWidget(survival)
    assert survival.roll(seed=1) is not None
    # A library edit.
    [running] = [e for e in session.query(library_app.entries) if (e.kind, e.key) == ("talent",
                                                                                 "running")]
    assert operations.library.save_library_entry(session, running, Entry(
        "talent", "running", {**running.data, "cost": 3}, running.retired))

    labels = [line.split(" — ", 1)[1] for line in main_window.history.lines()]
    assert labels[-1] == "Ragnar: DX 13 -> 10"
    assert labels[-2] == "Party award: +500 XP, Cleared the warren"
    assert labels[-3] == "Ragnar: ST 11 -> 12 (100 XP)"
    assert labels[-4] == "Ragnar: +$100, Loot"
    assert labels[-5] == "Ragnar: bought Dagger ($10)"
    assert labels[-6] == "Wulf: assigned to rest"
    assert labels[-7].startswith("Ran weeks ") and labels[-7].endswith("(seed 7)")
    assert labels[-8] == "Wulf: wounds 0 -> 14; status active -> dying"
    assert labels[-9].startswith("Wulf: survival roll")
    assert labels[0] == "Library: saved talent Running"
    assert len(labels) == 10
    assert main_window.act_undo.text() == "&Undo Library: saved talent Running"

    while main_window.act_undo.isEnabled():
        main_window.act_undo.trigger()
    assert campaign_dump(session.path) == start
    assert all(line.endswith("(undone)") for line in main_window.history.lines())
    assert main_window.act_redo.text() == "&Redo Ragnar: DX 13 -> 10"
    planner.close()


def test_undo_reaches_a_change_made_before_the_campaign_was_closed(
        main_window: MainWindow, make_window) -> None:
    session = main_window.session
    assert session is not None
    path = session.path
    ragnar = _ids(main_window)["Ragnar"]
    main_window.party.select(ragnar)
    main_window.editor.spins["st"].setValue(12)
    main_window.close_campaign()
    again = make_window()
    assert again.open_campaign(path)
    assert again.act_undo.isEnabled()
    assert again.act_undo.text() == "&Undo Ragnar: ST 11 -> 12"
    again.act_undo.trigger()
    assert again.session is not None and again.session.query(characters.get_character,
                                                             character_id=ragnar).st == 11


def test_campaign_rules_set_how_far_undo_reaches(main_window: MainWindow) -> None:
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, None, None,
                                    session.query(journal.undo_limit))
    assert dialog.undo_limit.value() == 100
    dialog.undo_limit.setValue(50)
    menu_windows.apply_settings(main_window.session, dialog)
    assert session.query(journal.undo_limit) == 50
    assert main_window.history.lines()[0].endswith("Undo limit: 100 -> 50 operations")
    main_window.act_undo.trigger()
    assert session.query(journal.undo_limit) == 100
    dialog.close()
