from __future__ import annotations

import pytest
from person import type_into

from tftmanager.app import journal
from tftmanager.app import library as library_app
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.library_marks import is_marked
from tftmanager.ui.library_editor import LibraryEditor
from tftmanager.ui.library_entry_dialog import EntryDialog
from tftmanager.ui.library_model import ENTRY_ROLE
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


@pytest.fixture
def editor(main_window: MainWindow, qtbot) -> LibraryEditor:
    assert main_window.session is not None
    dialog = LibraryEditor(main_window.session, main_window)
    qtbot.addWidget(dialog)
    return dialog


def _accept_form(editor: LibraryEditor, monkeypatch: pytest.MonkeyPatch, change) -> None:
    """Stand in for the modal form: apply ``change`` to it and save."""
    def open_form(dialog: EntryDialog) -> EntryDialog | None:
        change(dialog)
        assert dialog.validation_error() == "", dialog.validation_error()
        return dialog
    monkeypatch.setattr(editor, "open_form", open_form)


def test_tabs_search_and_sort(editor: LibraryEditor, qtbot) -> None:
    talents = editor.pages["talent"]
    assert talents.proxy.rowCount() > 150
    qtbot.keyClicks(talents.search, "physicker")
    names = {talents.proxy.index(r, 0).data() for r in range(talents.proxy.rowCount())}
    assert {"Physicker", "Master Physicker"} <= names
    assert editor.pages["weapon"].proxy.rowCount() == len(editor.session.library.weapons)


def test_edit_a_talent_cost_changes_memory_and_undoes(editor: LibraryEditor,
                                                      main_window: MainWindow,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    session = editor.session
    talents = editor.pages["talent"]
    assert talents.select("running")
    _accept_form(editor, monkeypatch, lambda d: d.widgets["cost"].setValue(3))
    talents.edit_selected()
    assert session.library.talents["running"].cost == 3
    main_window.act_undo.trigger()
    assert session.library.talents["running"].cost == 2
    assert talents.selected() is not None and talents.selected().data["cost"] == 2


def test_add_a_house_rule_weapon(editor: LibraryEditor, main_window: MainWindow,
                                 monkeypatch: pytest.MonkeyPatch, qtbot) -> None:
    def fill(d: EntryDialog) -> None:
        type_into(qtbot, d.key, "war_bow")
        type_into(qtbot, d.widgets["name"], "War Bow")
        type_into(qtbot, d.widgets["damage"], "2-1")  # Melee's notation, kept as 2d-1
        d.widgets["st"].setValue(14)
        d.widgets["missile"].setChecked(True)
        d.widgets["two_handed"].setChecked(True)
    _accept_form(editor, monkeypatch, fill)
    editor.pages["weapon"].add()
    assert editor.session.library.weapons["war_bow"].st == 14
    assert str(editor.session.library.weapons["war_bow"].damage) == "2d-1"
    assert editor.session.query(journal.history)[0].label == "Library: saved weapon War Bow"
    assert editor.pages["weapon"].select("war_bow")
    # The character editor offers it at once (its choices were filled once per campaign).
    offered = main_window.editor.weapons
    assert "War Bow (2d-1, ST 14)" in [offered.item(i).text() for i in range(offered.count())]
    main_window.act_undo.trigger()
    assert "War Bow (2d-1, ST 14)" not in [offered.item(i).text() for i in range(offered.count())]


def test_a_bad_entry_says_why_and_is_not_saved(editor: LibraryEditor, qtbot) -> None:
    entry = next(e for e in editor.session.query(library_app.entries) if e.key == "fencing")
    dialog = EntryDialog("talent", entry, editor)
    dialog.error_check = lambda e: editor.session.query(library_app.entry_error, entry=e)
    type_into(qtbot, dialog.widgets["requires"], "sword, no_such_talent")
    assert "no_such_talent" in dialog.validation_error()
    dialog.close()
    assert editor.session.library.talents["fencing"].requires == ("sword",)


def test_retire_and_refused_delete_of_a_used_talent(editor: LibraryEditor,
                                                    main_window: MainWindow,
                                                    dialog_log) -> None:
    talents = editor.pages["talent"]
    assert talents.select("running")  # Joe knows Running
    talents.delete_selected()
    assert dialog_log.errors and "Joe the Barbarian" in dialog_log.errors[-1][1]
    assert "running" in editor.session.library.talents
    talents.toggle_retired()
    assert editor.session.library.is_retired("talent", "running")
    assert talents.selected().retired and talents.retire_button.text() == "&Restore"
    main_window.act_undo.trigger()
    assert not editor.session.library.is_retired("talent", "running")


def test_newer_shipped_library_is_offered_not_applied(make_window, tmp_path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    path = tmp_path / "c.tftcampaign"
    assert window.new_campaign(path, demo=True)
    window.close_campaign()
    shipped = library_app.shipped_entries()
    changed = [Entry(e.kind, e.key, {**e.data, "cost": 5}) if e.key == "running" else e
               for e in shipped]
    changed.append(Entry("weapon", "war_bow", {"key": "war_bow", "name": "War Bow",
                                                 "damage": "2d", "st": 14, "missile": True}))
    monkeypatch.setattr(library_app, "shipped_entries", lambda: changed)
    monkeypatch.setattr(library_app, "library_version", lambda: "2099.1")
    seen = []

    def ask(_parent, differences):
        seen.extend(differences)
        accept = [d for d in differences if d.key == "war_bow"]
        return accept, [d for d in differences if d.key != "war_bow"]
    from tftmanager.ui import library_review
    monkeypatch.setattr(library_review, "ask_review", ask)
    assert window.open_campaign(path)
    assert {(d.key, d.change) for d in seen} == {("running", "changed"), ("war_bow", "new")}
    session = window.session
    assert session is not None
    assert "war_bow" in session.library.weapons
    assert session.library.talents["running"].cost == 2  # skipped: unchanged
    assert session.query(library_app.to_review) == []  # not offered again



def test_a_gm_edits_an_assumed_effect(editor: LibraryEditor,
                                      monkeypatch: pytest.MonkeyPatch, qtbot) -> None:
    talents = editor.pages["talent"]
    assert talents.select("running")
    form_text: list[str] = []

    def change(d: EntryDialog) -> None:
        form_text.append(d.widgets["effects"].text())
        type_into(qtbot, d.widgets["effects"], "ma +3")
    _accept_form(editor, monkeypatch, change)
    talents.edit_selected()
    assert form_text == ["ma +2"]
    assert [e.text() for e in editor.session.library.talents["running"].effects] == ["ma +3"]
    assert editor.session.query(journal.history)[0].label == "Library: saved talent Running"


def test_a_bad_effect_says_why(editor: LibraryEditor, qtbot) -> None:
    entry = next(e for e in editor.session.query(library_app.entries) if e.key == "toughness")
    dialog = EntryDialog("talent", entry, editor)
    dialog.error_check = lambda e: editor.session.query(library_app.entry_error, entry=e)
    type_into(qtbot, dialog.widgets["effects"], "armour +1")
    assert "armour +1" in dialog.validation_error()
    dialog.close()


def test_add_a_house_magic_item(editor: LibraryEditor, main_window: MainWindow,
                                monkeypatch: pytest.MonkeyPatch, qtbot) -> None:
    def fill(d: EntryDialog) -> None:
        type_into(qtbot, d.key, "boots_of_running")
        type_into(qtbot, d.widgets["name"], "Boots of Running")
        d.widgets["cost"].setValue(3000)
        d.widgets["weight_kg"].setValue(1.5)
        type_into(qtbot, d.widgets["effects"], "ma +2")
        type_into(qtbot, d.widgets["source"], "House rule")
    _accept_form(editor, monkeypatch, fill)
    editor.pages["magic_item"].add()
    boots = editor.session.library.magic_items["boots_of_running"]
    assert (boots.price(), boots.weight_kg, boots.effects[0].text()) == (3000, 1.5, "ma +2")
    assert (editor.session.query(journal.history)[0].label
            == "Library: saved magic item Boots of Running")
    assert editor.pages["magic_item"].select("boots_of_running")
    main_window.act_undo.trigger()
    assert "boots_of_running" not in editor.session.library.magic_items


def test_assumed_only_filter_and_the_review_tab(editor: LibraryEditor, qtbot,
                                                qtmodeltester) -> None:
    talents = editor.pages["talent"]
    every = talents.proxy.rowCount()
    talents.marked_only.setChecked(True)
    shown = [talents.proxy.index(r, 0).data(ENTRY_ROLE) for r in range(talents.proxy.rowCount())]
    assert 0 < len(shown) < every
    assert all(is_marked(entry) for entry in shown)
    qtbot.keyClicks(talents.search, "physicker")  # the search still applies on top
    assert talents.proxy.rowCount() <= len(shown)
    talents.search.clear()
    talents.marked_only.setChecked(False)
    assert talents.proxy.rowCount() == every
    review = editor.review_model
    qtmodeltester.check(review)
    rows = [[review.index(r, c).data() for c in range(review.columnCount())]
            for r in range(review.rowCount())]
    assert ["Job rules", "", "rest", "assumed"] in [row[:4] for row in rows]
    war = next(row for row in rows if row[1] == "war_1")
    assert war[3] == "uncertain" and "3" in war[4] and war[6].startswith("Expansion")
    assert war[5] == "TFT Rules Expansion, Jobs: Mercenaries"  # the reader's reference
