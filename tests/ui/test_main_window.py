from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QLineEdit, QToolBar, QToolButton

from tftmanager.app import campaigns, characters
from tftmanager.store.lock import is_locked
from tftmanager.ui import operations, window_state
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.party_model import COLUMNS

pytestmark = pytest.mark.ui


def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def _visible_names(window: MainWindow) -> list[str]:
    proxy = window.party.proxy
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


def test_opens_with_demo_party_and_title(main_window: MainWindow) -> None:
    assert sorted(_ids(main_window)) == [
        "Flavius Marcellus", "Joe the Barbarian", "Morgaine", "Ragnar", "Wulf"]
    assert "party.tftcampaign" in main_window.windowTitle()
    assert main_window.editor.isEnabled()


def test_create_character_type_bad_st_fix_undo_redo(main_window: MainWindow, qtbot) -> None:
    editor = main_window.editor
    new_id = main_window.add_character()
    assert new_id is not None
    assert main_window.party.selected_id() == new_id
    assert editor.character_id == new_id
    assert editor.name.text() == "New character"
    # A new human has 8 points left to spend: a warning at the attributes.
    assert "left to spend" in editor.field_problem("attributes")

    st = editor.spins["st"]
    st.setFocus()
    st.selectAll()
    qtbot.keyClicks(st, "6")
    assert st.value() == 6
    assert "ST 6 is below the Human minimum of 8" in editor.field_problem("st")
    assert main_window.session is not None
    assert main_window.session.query(characters.get_character,
                                     character_id=new_id).st == 6  # saved as typed

    st.selectAll()
    qtbot.keyClicks(st, "12")
    assert editor.field_problem("st") == ""
    assert main_window.session.query(characters.get_character, character_id=new_id).st == 12

    main_window.act_undo.trigger()  # back to 8: all ST typing is one step
    assert main_window.session.query(characters.get_character, character_id=new_id).st == 8
    assert st.value() == 8
    main_window.act_redo.trigger()
    assert main_window.session.query(characters.get_character, character_id=new_id).st == 12
    assert st.value() == 12


def test_empty_name_is_not_saved_and_says_why(main_window: MainWindow, qtbot) -> None:
    ragnar = _ids(main_window)["Ragnar"]
    main_window.party.select(ragnar)
    editor = main_window.editor
    editor.name.selectAll()
    qtbot.keyClick(editor.name, Qt.Key.Key_Delete)
    qtbot.keyClick(editor.name, Qt.Key.Key_Return)
    assert "needs a name" in editor.field_problem("name")
    assert main_window.session is not None
    assert main_window.session.query(characters.get_character, character_id=ragnar).name == "Ragnar"
    qtbot.keyClicks(editor.name, "Ragnar Hairy-Breeks")
    qtbot.keyClick(editor.name, Qt.Key.Key_Return)
    assert main_window.session.query(characters.get_character,
                                     character_id=ragnar).name == "Ragnar Hairy-Breeks"
    assert editor.field_problem("name") == ""


def test_two_handed_weapon_with_ready_shield_is_flagged(main_window: MainWindow, qtbot) -> None:
    main_window.party.select(_ids(main_window)["Ragnar"])
    editor = main_window.editor
    qtbot.mouseClick(editor.shield_ready, Qt.MouseButton.LeftButton,
                     pos=editor.shield_ready.rect().center())
    assert editor.shield_ready.isChecked()
    assert "two-handed" in editor.field_problem("shield")
    row = main_window.party_model.row_of(_ids(main_window)["Ragnar"])
    assert "error" in main_window.party_model.index(row, COLUMNS.index("Problems")).data()


def test_delete_and_undo_the_delete(main_window: MainWindow) -> None:
    wulf = _ids(main_window)["Wulf"]
    main_window.party.select(wulf)
    main_window.act_delete.trigger()
    assert "Wulf" not in _ids(main_window)
    assert not main_window.editor.isEnabled() or main_window.editor.character_id != wulf
    main_window.act_undo.trigger()
    assert _ids(main_window)["Wulf"] == wulf
    assert main_window.session is not None
    weapons = main_window.session.query(characters.get_character, character_id=wulf).loadout.weapons
    assert [w.key for w in weapons] == ["longbow", "two_handed_sword"]


def test_delete_cancelled_keeps_the_character(main_window: MainWindow, dialog_log) -> None:
    dialog_log.confirm_answer = False
    main_window.party.select(_ids(main_window)["Wulf"])
    main_window.act_delete.trigger()
    assert "Wulf" in _ids(main_window)
    assert main_window.history.lines() == ["No changes yet"]
    assert not main_window.act_undo.isEnabled()


def test_duplicate_and_filter(main_window: MainWindow, qtbot) -> None:
    main_window.party.select(_ids(main_window)["Ragnar"])
    main_window.act_duplicate.trigger()
    assert "Ragnar (copy)" in _ids(main_window)
    qtbot.keyClicks(main_window.party.filter_edit, "ragn")
    assert sorted(_visible_names(main_window)) == ["Ragnar", "Ragnar (copy)"]
    main_window.party.filter_edit.clear()
    assert len(_visible_names(main_window)) == 6  # the demo's five and the copy


def test_history_view_lists_edits(main_window: MainWindow) -> None:
    main_window.party.select(_ids(main_window)["Ragnar"])
    main_window.editor.spins["dx"].setValue(12)
    main_window.editor.spins["dx"].setValue(11)  # typing in one field: one operation
    [line] = main_window.history.lines()
    assert line.endswith("Ragnar: DX 13 -> 11")
    assert main_window.act_undo.text() == "&Undo Ragnar: DX 13 -> 11"


def test_close_and_reopen_finds_everything(main_window: MainWindow, make_window,
                                           tmp_path: Path) -> None:
    ragnar = _ids(main_window)["Ragnar"]
    main_window.party.select(ragnar)
    main_window.editor.spins["st"].setValue(12)
    new_id = main_window.add_character()
    path = main_window.session.path if main_window.session else None
    main_window.close()
    assert path is not None and not is_locked(path)

    again = make_window()  # next start: the last campaign opens
    assert again.open_campaign(Path(again.settings.value("last_campaign")))
    ids = _ids(again)
    assert ids["Ragnar"] == ragnar and "New character" in ids and ids["New character"] == new_id
    assert again.session is not None
    assert again.session.query(characters.get_character, character_id=ragnar).st == 12
    assert window_state.recent_files(again.settings)[0].display == str(path)


def test_damaged_file_gets_a_dialog_and_is_left_alone(make_window, dialog_log,
                                                      tmp_path: Path) -> None:
    window = make_window()
    bad = tmp_path / "bad.tftcampaign"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000)
    before = bad.read_bytes()
    assert not window.open_campaign(bad)
    assert dialog_log.campaign_errors and "bad.tftcampaign" in dialog_log.campaign_errors[0]
    assert bad.read_bytes() == before
    assert window.session is None


def test_refused_file_offers_its_backup(make_window, dialog_log, tmp_path: Path) -> None:
    window = make_window()
    good = tmp_path / "campaign.tftcampaign"
    assert window.new_campaign(good, demo=True)
    window.close_campaign()
    shutil.copy(good, tmp_path / "campaign.tftcampaign.schema1.bak")
    good.write_bytes(b"not a campaign at all")
    dialog_log.backup_choice = True
    assert window.open_campaign(good)
    assert dialog_log.offered_backups[0][0].name == "campaign.tftcampaign.schema1.bak"
    assert window.session is not None
    assert window.session.path.name == "campaign (restored).tftcampaign"
    assert "Ragnar" in _ids(window)
    assert good.read_bytes() == b"not a campaign at all"


def test_campaign_open_elsewhere_is_refused(main_window: MainWindow, make_window,
                                            dialog_log) -> None:
    assert main_window.session is not None
    path = main_window.session.path
    other = make_window()
    assert not other.open_campaign(path)
    assert dialog_log.campaign_errors[-1].startswith(
        f"{path.name} is already open in another window of this TFT Manager. Switch to "
        "that window")
    assert "this window." not in dialog_log.campaign_errors[-1]


def test_opening_the_open_campaign_again_says_so(main_window: MainWindow, dialog_log) -> None:
    assert main_window.session is not None
    path = main_window.session.path
    assert main_window.open_campaign(path)
    assert main_window.session.path == path
    message = main_window.statusBar().currentMessage()
    assert message == f"{path.name} is already open in this window."
    assert dialog_log.campaign_errors == []


def test_settings_change_flags_characters_without_changing_them(main_window: MainWindow) -> None:
    from dataclasses import replace

    from tftmanager.rules.settings import CreationScheme

    session = main_window.session
    assert session is not None
    before = {s.id: s.character for s in session.query(campaigns.party_sheets)}
    # Under Melee, IQ does not count: Ragnar's 24 points are still right, but Joe
    # (32 points with IQ 9, plus an SP bought) now has a point left to spend.
    operations.campaign.set_profile(session, replace(session.query(campaigns.get_profile),
                                    creation=CreationScheme.MELEE))
    model = main_window.party_model
    problems = COLUMNS.index("Problems")
    assert model.index(model.row_of(_ids(main_window)["Ragnar"]), problems).data() == "OK"
    joe = model.row_of(_ids(main_window)["Joe the Barbarian"])
    assert model.index(joe, problems).data() == "1 warning"
    assert {s.id: s.character for s in session.query(campaigns.party_sheets)} == before
    main_window.act_undo.trigger()
    assert model.index(joe, problems).data() == "OK"


def test_settings_dialog_shows_every_option(main_window: MainWindow) -> None:
    from dataclasses import fields

    from tftmanager.rules.settings import RuleProfile
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    assert main_window.session is not None
    dialog = CampaignSettingsDialog(main_window.session.query(campaigns.get_profile), main_window)
    assert set(dialog.fields) == {f.name for f in fields(RuleProfile)}
    assert all(c.accessibleDescription() for c in dialog.fields.values())
    assert dialog.profile() == main_window.session.query(campaigns.get_profile)
    dialog.close()


def test_campaign_rules_mark_the_house_readings_a_new_campaign_plays(
        main_window: MainWindow) -> None:
    """004 line 19: "Whenever double or triple damage is mentioned, treat it in this
    fashion": a campaign on the house injury table shows the house reading of both, each
    marked as the house rules' default (issue 37 item 16)."""
    from tftmanager.ui.settings_dialog import CampaignSettingsDialog

    assert main_window.session is not None
    dialog = CampaignSettingsDialog(main_window.session.query(campaigns.get_profile),
                                    main_window)
    shown = {name: dialog.fields[name].currentText()
             for name in ("injury_reactions", "critical_hits", "pole_charge")}
    assert shown == {
        "injury_reactions": "House rules: table by ST (default)",
        "critical_hits": "House rules: ignore armor, triple adds 1d (default)",
        "pole_charge": "House rules: +1d+1 damage (default)"}
    dialog.close()


def test_standard_shortcuts_and_accessible_buttons(main_window: MainWindow) -> None:
    sk = QKeySequence.StandardKey
    assert main_window.act_undo.shortcuts() == QKeySequence.keyBindings(sk.Undo)
    assert main_window.act_open.shortcuts() == QKeySequence.keyBindings(sk.Open)
    assert main_window.act_quit.shortcuts()  # our fallback where the platform has none
    for button in main_window.findChildren(QAbstractButton):
        if isinstance(button, QToolButton) and button.defaultAction() is None:
            continue  # Qt's own toolbar and menu extension buttons
        if button.objectName().startswith("qt_"):
            continue  # Qt's internal buttons (table corner)
        if isinstance(button.parent(), QLineEdit):
            continue  # the line edit's built-in clear button
        assert button.text() or button.accessibleName(), button
    editor = main_window.editor
    for key in ("st", "dx", "iq", "sp"):
        assert editor.spins[key].accessibleName()


def test_icons_are_bundled(main_window: MainWindow) -> None:
    for action in (main_window.act_new, main_window.act_undo, main_window.act_delete):
        assert not action.icon().isNull()


def test_file_menu_exports_the_party_and_prints_the_selected_card(
        main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        dialog_log) -> None:
    from tftmanager.ui import print_preview

    calls = []
    written = tmp_path / "party.cards.pdf"

    def export(_parent: object, _controller: object, ids: list[int]) -> Path:
        calls.append(("pdf", ids))
        return written
    monkeypatch.setattr(print_preview, "export_pdf_dialog", export)
    monkeypatch.setattr(print_preview, "open_print_preview",
                        lambda _parent, _controller, ids: calls.append(("preview", ids)))
    ragnar = _ids(main_window)["Ragnar"]
    main_window.party.select(ragnar)
    main_window.act_export_pdf.trigger()
    main_window.act_print.trigger()
    assert calls == [("pdf", []), ("preview", [ragnar])]  # [] is the whole party
    assert dialog_log.infos == [("Cards Exported", "Saved the cards of the whole party "
                                 f"(5 characters) to {written}.")]
    # Cancelled in the file dialog: no confirmation.
    monkeypatch.setattr(print_preview, "export_pdf_dialog", lambda *_a: None)
    main_window.act_export_pdf.trigger()
    assert len(dialog_log.infos) == 1


def test_a_refused_open_keeps_the_open_campaign(main_window: MainWindow, tmp_path: Path,
                                                dialog_log) -> None:
    session = main_window.session
    assert session is not None
    junk = tmp_path / "notes.tftcampaign"
    junk.write_text("not a campaign")
    assert not main_window.open_campaign(junk)
    assert dialog_log.campaign_errors
    assert main_window.session is session
    assert main_window.editor.isEnabled()
    assert "Ragnar" in _ids(main_window)


def test_a_new_characters_name_is_typed_straight_after_adding_it(main_window: MainWindow,
                                                                  qtbot) -> None:
    """As at start-up, the party's filter has the focus when the toolbar's Add is clicked;
    the name typed next names the new character, it does not filter the party away."""
    main_window.show()
    qtbot.waitExposed(main_window)
    filter_edit = main_window.party.filter_edit
    qtbot.mouseClick(filter_edit, Qt.MouseButton.LeftButton)
    assert main_window.focusWidget() is filter_edit
    toolbar = main_window.findChild(QToolBar, "main_toolbar")
    qtbot.mouseClick(toolbar.widgetForAction(main_window.act_add), Qt.MouseButton.LeftButton)
    typed_into = main_window.focusWidget()
    assert typed_into is main_window.editor.name
    qtbot.keyClicks(typed_into, "Aldric")
    qtbot.keyClick(typed_into, Qt.Key.Key_Tab)
    assert filter_edit.text() == ""
    assert "Aldric" in _visible_names(main_window) and len(_visible_names(main_window)) == 6
    assert main_window.session is not None
    new_id = main_window.editor.character_id
    assert main_window.session.query(characters.get_character, character_id=new_id).name == "Aldric"

    # Duplicate: the copy's name is ready to be typed over too.
    qtbot.mouseClick(toolbar.widgetForAction(main_window.act_duplicate),
                     Qt.MouseButton.LeftButton)
    assert main_window.focusWidget() is main_window.editor.name
    assert main_window.editor.name.selectedText() == main_window.editor.name.text() != "Aldric"
