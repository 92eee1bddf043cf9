from __future__ import annotations

import pytest
from person import type_into

from tftmanager.app import campaigns, characters, journal
from tftmanager.app import library as library_app
from tftmanager.rules.awards import Outcome
from tftmanager.rules.experience import Attribute
from tftmanager.ui import menu_windows, operations
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.ledger_dialog import LedgerDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.party_model import COLUMNS

pytestmark = pytest.mark.ui


def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def _xp_column(window: MainWindow, name: str) -> str:
    model = window.party_model
    return model.index(model.row_of(_ids(window)[name]), COLUMNS.index("XP")).data()


def test_award_party_raise_st_and_undo_both(main_window: MainWindow, qtbot) -> None:
    dialog = AwardDialog(main_window.session, None, main_window)
    qtbot.addWidget(dialog)
    dialog.amount.setValue(500)
    qtbot.keyClicks(dialog.reason, "Cleared the goblin warren")
    assert "Each of 5 gets 500 XP" in dialog.gm_preview.text()
    assert dialog.submit()
    assert all(_xp_column(main_window, n) == "500" for n in _ids(main_window))

    ragnar = _ids(main_window)["Ragnar"]
    main_window.party.select(ragnar)
    panel = main_window.editor.xp
    assert panel.balance.text() == "500 XP"
    assert panel.next_cost.text() == "Next point costs 100 XP"
    panel.buttons[Attribute.ST].click()
    session = main_window.session
    assert session is not None
    assert session.query(characters.get_character, character_id=ragnar).st == 12
    assert panel.balance.text() == "400 XP"
    assert main_window.editor.spins["st"].value() == 12
    # 11+13+8 = 32 -> ST 12 makes 33; the next point (to 34) still costs 100, then 200.
    panel.buttons[Attribute.DX].click()
    assert panel.next_cost.text() == "Next point costs 200 XP"

    main_window.act_undo.trigger()  # the DX purchase
    main_window.act_undo.trigger()  # the ST purchase
    assert session.query(characters.get_character, character_id=ragnar).st == 11
    assert panel.balance.text() == "500 XP"
    main_window.act_undo.trigger()  # the party award
    assert panel.balance.text() == "0 XP"
    assert all(_xp_column(main_window, n) == "0" for n in _ids(main_window))
    main_window.act_redo.trigger()
    assert panel.balance.text() == "500 XP"


def test_raise_buttons_say_why_they_are_disabled(main_window: MainWindow) -> None:
    joe = _ids(main_window)["Joe the Barbarian"]
    main_window.party.select(joe)
    panel = main_window.editor.xp
    assert not panel.buttons[Attribute.ST].isEnabled()
    assert "Needs 100 XP" in panel.buttons[Attribute.ST].toolTip()
    assert main_window.session is not None
    operations.experience.award(main_window.session, [joe], 1000, "test")
    assert panel.buttons[Attribute.ST].isEnabled()
    panel.buttons[Attribute.SP].click()  # SP 1 -> 2 (IQ 9 allows 2)
    assert not panel.buttons[Attribute.SP].isEnabled()
    assert "SP cannot exceed IQ/4" in panel.buttons[Attribute.SP].toolTip()


def test_bad_award_input_writes_nothing(main_window: MainWindow, qtbot) -> None:
    dialog = AwardDialog(main_window.session, None, main_window)
    qtbot.addWidget(dialog)
    assert not dialog.submit()  # no reason
    assert "reason" in dialog.problem.text_label.text()
    qtbot.keyClicks(dialog.reason, "x")
    for i in range(dialog.recipients.count()):
        dialog.recipients.item(i).setCheckState(dialog.recipients.item(i).checkState().Unchecked)
    assert not dialog.submit()
    assert "Nobody to award" in dialog.problem.text_label.text()
    assert main_window.history.lines() == ["No changes yet"]
    assert all(_xp_column(main_window, n) == "0" for n in _ids(main_window))


def test_melee_combat_form_computes_averages(main_window: MainWindow, qtbot) -> None:
    ids = _ids(main_window)
    dialog = AwardDialog(main_window.session, None, main_window)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(1)
    dialog.combat.setCurrentIndex(dialog.combat.findData(dialog.combat.itemData(0)))  # death
    dialog.set_fought(ids["Flavius Marcellus"], Outcome.SURVIVED)  # ST+DX 24
    dialog.set_fought(ids["Wulf"], Outcome.DOWN)                    # 24
    qtbot.keyClicks(dialog.enemies, "28, 29")  # averages 28.5: more than 3 superior
    assert "party 24.0, enemy 28.5" in dialog.combat_preview.text()
    assert dialog.submit()
    assert _xp_column(main_window, "Flavius Marcellus") == "70"
    assert _xp_column(main_window, "Wulf") == "0"


def test_ledger_view_filters_and_charts(main_window: MainWindow, qtbot) -> None:
    ragnar = _ids(main_window)["Ragnar"]
    session = main_window.session
    assert session is not None
    operations.experience.award(session, [ragnar], 300, "Week one")
    operations.experience.raise_attribute(session, ragnar, Attribute.ST)
    dialog = LedgerDialog(session, ragnar, main_window)
    qtbot.addWidget(dialog)
    rows = dialog.rows()
    assert [r[3] for r in rows] == ["+300", "-100"]
    assert rows[-1][4] == "200"
    dialog.kind.setCurrentIndex(dialog.kind.findData("spend"))
    assert [r[5] for r in dialog.rows()] == ["ST 11 → 12"]
    assert dialog.chart.points[-1].xp_balance == 200
    assert dialog.chart.points[-1].attribute_total == 33


def test_gm_edits_the_cost_table_in_campaign_settings(main_window: MainWindow,
                                                      qtbot) -> None:
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    session = main_window.session
    assert session is not None
    joe = _ids(main_window)["Joe the Barbarian"]
    main_window.party.select(joe)
    assert main_window.editor.xp.next_cost.text() == "Next point costs 100 XP"  # total 33 -> 34
    xp = next(e for e in session.query(library_app.entries) if e.kind == "experience")
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, xp)
    type_into(qtbot, dialog.itl_steps, "30:100, 33:150, 34:250")
    menu_windows.apply_settings(main_window.session, dialog)
    assert main_window.editor.xp.next_cost.text() == "Next point costs 250 XP"
    type_into(qtbot, dialog.itl_steps, "34:100, banana")
    with pytest.raises(ValueError, match="banana"):
        dialog.xp_entry()
    dialog.close()
    main_window.act_undo.trigger()
    assert main_window.editor.xp.next_cost.text() == "Next point costs 100 XP"


def test_legacy_memory_purchase_only_under_the_setting(main_window: MainWindow) -> None:
    from dataclasses import replace

    session = main_window.session
    assert session is not None
    joe = _ids(main_window)["Joe the Barbarian"]
    main_window.party.select(joe)
    panel = main_window.editor.xp
    assert not panel.memory_button.isVisibleTo(main_window)
    operations.campaign.set_profile(session, replace(session.query(campaigns.get_profile),
                                                     legacy_memory_xp=True))
    operations.experience.award(session, [joe], 600, "Legacy test")
    assert panel.memory_button.isVisibleTo(main_window)
    assert panel.memory_button.text() == "Buy &Memory (500 XP)"
    panel.memory_button.click()
    assert session.query(characters.get_character, character_id=joe).memory_bought == 1
    assert panel.balance.text() == "100 XP"
    assert main_window.editor.abilities.memory_label.text().startswith("Memory: 11 of 12")
    main_window.act_undo.trigger()
    assert session.query(characters.get_character, character_id=joe).memory_bought == 0


def test_an_award_to_one_names_them(main_window: MainWindow, qtbot) -> None:
    """Issue 34: the preview said "Each of 1 gets 250 XP" for one recipient."""
    ragnar = _ids(main_window)["Ragnar"]
    dialog = AwardDialog(main_window.session, ragnar, main_window)
    qtbot.addWidget(dialog)
    dialog.amount.selectAll()
    qtbot.keyClicks(dialog.amount, "250")
    assert dialog.gm_preview.text() == "Ragnar gets 250 XP."
    qtbot.keyClicks(dialog.reason, "Slew the troll")
    assert dialog.submit()
    assert _xp_column(main_window, "Ragnar") == "250"
    assert main_window.session.query(journal.history)[0].label.startswith("Ragnar")
