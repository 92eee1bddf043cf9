"""Every menu action, toolbar button and editor field, driven as a person drives them.

Issue 34: changing Kind crashed, a refused rename was half saved, and no test
saw either, because none set every field through its widget and looked at
the journal.  Here, on each character of the demo party, each field of the
editor is changed with keystrokes or clicks; each change must be exactly one
operation in the journal, naming that character, with no refusal and no
crash (the conftest fails a test on any crash report), and the toolbar's
Undo must give back the campaign exactly as it was (so nothing else changed).
Then every menu action is triggered, and its dialog or window answered
through its own buttons: an action that only opens something must change
nothing; Add, Duplicate and Delete change one thing each, taken back by Undo.
One window serves every check (it is the same window a person keeps open).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from person import (
    answering,
    click,
    click_index,
    close_new_windows,
    open_windows,
    select_character,
    step_combo,
    toggle_item,
    toolbar_click,
    type_into,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import QApplication, QMenu, QSpinBox, QWidget

from tftmanager.app import journal
from tftmanager.rules.abilities import CharacterKind
from tftmanager.ui import dock_sizes
from tftmanager.ui.abilities_panel import AbilitiesPanel
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.buy_dialog import BuyDialog
from tftmanager.ui.derived_panel import DerivedPanel
from tftmanager.ui.editor import CharacterEditor
from tftmanager.ui.history_panel import HistoryPanel
from tftmanager.ui.ledger_dialog import LedgerDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.money_dialog import MoneyDialog
from tftmanager.ui.picker import PickerDialog
from tftmanager.ui.possessions_panel import PossessionsPanel
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.session_reads import CampaignReads
from tftmanager.ui.story_menu import StoryDocks
from tftmanager.ui.xp_panel import XPPanel

pytestmark = pytest.mark.ui


class Watch:
    """The campaign before an action, to say what the action changed."""

    def __init__(self, window: MainWindow, dump: Callable[[Path], object], dialog_log) -> None:
        self.window = window
        self.dump = dump
        self.dialog_log = dialog_log

    @property
    def session(self) -> CampaignReads:
        session = self.window.session
        assert session is not None
        return session

    def _done_ids(self) -> set[int]:
        return {op.id for op in self.session.query(journal.history) if not op.undone}

    def _refusals(self) -> list[str]:
        shown = [m for t, m in self.dialog_log.errors]
        labels = self.window.editor.findChildren(ProblemLabel)  # the abilities' ones too
        assert labels, "the editor shows its problems in ProblemLabels"
        shown += [label.text_label.text() for label in labels
                  if label.text_label.text().startswith("Not saved")]
        return shown

    def one_change(self, what: str, act: Callable[[], None], *, naming: str,
                   wait: bool = False) -> str:
        """``act`` is one operation naming ``naming``; Undo then gives the campaign back."""
        before, done = self.dump(self.session.path), self._done_ids()
        act()
        if wait:  # a field saved when the typing pauses (Notes)
            self.window_wait(lambda: self._done_ids() != done)
        assert self._refusals() == [], f"{what}: refused"
        new = [op for op in self.session.query(journal.history)
               if not op.undone and op.id not in done]
        assert len(new) == 1, f"{what}: {[op.label for op in new]} (one operation expected)"
        assert naming in new[0].label, f"{what}: {new[0].label!r} does not name {naming}"
        self.toolbar_click(self.window.act_undo)
        assert self.dump(self.session.path) == before, f"{what}: Undo left a difference"
        return new[0].label

    def no_change(self, what: str, act: Callable[[], object]) -> None:
        """``act`` opens or shows something and changes nothing."""
        before, ops = self.dump(self.session.path), len(self.session.query(journal.history))
        act()
        assert self._refusals() == [], f"{what}: refused"
        history = self.session.query(journal.history)
        assert len(history) == ops, f"{what}: wrote {history[0]}"
        assert self.dump(self.session.path) == before, f"{what}: changed the campaign"

    def toolbar_click(self, action: QAction) -> None:
        toolbar_click(self.qtbot, self.window, action)

    def window_wait(self, until: Callable[[], bool]) -> None:
        self.qtbot.waitUntil(until, timeout=3000)


@pytest.fixture
def watch(main_window: MainWindow, campaign_dump, dialog_log, qtbot,
          monkeypatch: pytest.MonkeyPatch) -> Watch:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    w = Watch(main_window, campaign_dump, dialog_log)
    w.qtbot = qtbot
    main_window.resize(1400, 900)
    return w


def _spin_step(qtbot, spin: QSpinBox) -> None:
    """One arrow key on a spin box: up, or down when it is at its top."""
    spin.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(spin, Qt.Key.Key_Up if spin.value() < spin.maximum() else Qt.Key.Key_Down)


def _combo_step(qtbot, combo) -> None:
    step_combo(qtbot, combo, 1 if combo.currentIndex() < combo.count() - 1 else -1)


def _names(window: MainWindow) -> list[str]:
    return [row.name for row in window.party_model.rows()]


def test_every_editor_field_on_every_demo_character(watch: Watch, qtbot) -> None:
    window, editor = watch.window, watch.window.editor
    kinds_changed: set[tuple[str, str]] = set()
    for name in _names(window):
        select_character(qtbot, window, name)
        assert editor.name.text() == name
        editor.tabs.setCurrentIndex(0)
        label = watch.one_change("Name", lambda: type_into(qtbot, editor.name, "Zed Newname",
                                                           enter=True), naming="Zed Newname")
        assert label == f"Zed Newname: renamed from {name}"
        watch.one_change("Player", lambda: type_into(qtbot, editor.player, "Sam", enter=True),
                         naming=name)
        for field in ("race", "kind", "armor", "shield"):
            combo = getattr(editor, field)
            was = combo.currentText()

            def change(c=combo, f=field, was=was) -> None:
                _combo_step(qtbot, c)
                if f == "kind":
                    kinds_changed.add((was, c.currentText()))
            watch.one_change(field, change, naming=name)
            assert combo.currentText() == was  # Undo shows the value back
        for attr, spin in editor.spins.items():
            watch.one_change(attr, lambda s=spin: _spin_step(qtbot, s), naming=name)
        if editor.shield_ready.isEnabled():
            watch.one_change("Shield ready", lambda: click(qtbot, editor.shield_ready),
                             naming=name)
        watch.one_change("Weapons carried", lambda: toggle_item(qtbot, editor.weapons, 0),
                         naming=name)
        if editor.ready_weapon.count() > 1:
            watch.one_change("Ready weapon", lambda: _combo_step(qtbot, editor.ready_weapon),
                             naming=name)
        watch.one_change("Notes", lambda: type_into(qtbot, editor.notes, "Owes Wulf a drink."),
                         naming=name, wait=True)
    # Kind both ways: Hero -> Wizard and Wizard -> Hero (Morgaine)
    assert {("Hero", "Wizard"), ("Wizard", "Hero")} <= kinds_changed
    assert {CharacterKind.HERO, CharacterKind.WIZARD} == {
        editor.kind.itemData(i) for i in range(editor.kind.count())}


def test_every_panel_button_on_every_demo_character(watch: Watch, qtbot) -> None:
    window, editor = watch.window, watch.window.editor
    assert isinstance(editor, CharacterEditor)
    abilities, xp, things = editor.abilities, editor.xp, editor.possessions
    assert (type(abilities), type(xp), type(things), type(editor.derived)) == (
        AbilitiesPanel, XPPanel, PossessionsPanel, DerivedPanel)
    for name in _names(window):
        select_character(qtbot, window, name)
        editor.tabs.setCurrentIndex(1)
        if abilities.known.count():
            def forget() -> None:
                click_index(qtbot, abilities.known, abilities.known.model().index(0, 0))
                click(qtbot, abilities.forget_button)
            watch.one_change("Forget", forget, naming=name)
        if abilities.studies.count():
            def cancel_study() -> None:
                click_index(qtbot, abilities.studies, abilities.studies.model().index(0, 0))
                click(qtbot, abilities.cancel_study_button)
            watch.one_change("Cancel Study", cancel_study, naming=name)
        _opens(watch, qtbot, abilities.add_button, PickerDialog)
        editor.tabs.setCurrentIndex(0)
        for button in xp.findChildren(type(xp.memory_button)):
            if not (button.isVisible() and button.isEnabled()):
                continue  # as for a person: Buy Memory shows only under the Legacy rule
            if button in (xp.award_button, xp.ledger_button):
                _opens(watch, qtbot, button,
                       AwardDialog if button is xp.award_button else LedgerDialog)
            else:  # Raise ST/DX/IQ, Buy Memory: one operation, when the XP is there
                watch.one_change(button.text(), lambda b=button: click(qtbot, b), naming=name)
        editor.tabs.setCurrentIndex(2)
        _opens(watch, qtbot, things.buy_button, BuyDialog)
        _opens(watch, qtbot, things.money_button, MoneyDialog)
        if things.table.rowCount():
            click_index(qtbot, things.table, things.table.model().index(0, 0))
            if things.state.isEnabled() and things.state.count() > 1:
                watch.one_change("Item state", lambda: _combo_step(qtbot, things.state),
                                 naming=name)
            for button in (things.sell_button, things.hits_button):
                if button.isEnabled():
                    with answering() as met:
                        watch.no_change(button.text(), lambda b=button: click(qtbot, b))
                    assert met, f"{button.text()} asked nothing"


def _opens(watch: Watch, qtbot, button, kind: type[QWidget]) -> None:
    """The button opens a window of ``kind`` and changes nothing; closed again."""
    before = open_windows()
    watch.no_change(button.text(), lambda: click(qtbot, button))
    opened = [w for w in QApplication.topLevelWidgets()
              if id(w) not in before and w.isVisible()]
    assert [type(w) for w in opened] == [kind], f"{button.text()} opened {opened}"
    close_new_windows(before)


def _menu_actions(window: MainWindow) -> list[QAction]:
    found: list[QAction] = []

    def walk(menu: QMenu) -> None:
        menu.aboutToShow.emit()  # as opening the menu does (Open Recent fills itself)
        for action in menu.actions():
            if action.menu() is not None:
                walk(action.menu())
            elif not action.isSeparator():
                found.append(action)
    for top in window.menuBar().actions():
        walk(top.menu())
    return found


# Actions whose purpose is to change the campaign, or to leave it for another:
# each has its own check below.
CHANGES = {"Add Character", "Duplicate Character", "Delete Character…"}
ELSEWHERE = {"New Campaign…", "Open Campaign…", "Open Server Campaign…", "Close Campaign",
             "Quit", "Open the Demo, Twelve Weeks Played"}


def test_every_menu_action_and_toolbar_button(watch: Watch, qtbot, dialog_log,
                                              tmp_path: Path) -> None:
    window = watch.window
    morgaine = select_character(qtbot, window, "Morgaine")
    seen = set()
    for action in _menu_actions(window):
        text = action.text().replace("&", "")
        seen.add(text)
        if text in CHANGES | ELSEWHERE or not action.isEnabled():
            continue
        if text == window.recent_menu.title().replace("&", "") or action.parent() is \
                window.recent_menu:
            continue
        before = open_windows()
        with answering():
            watch.no_change(text, action.trigger)
        close_new_windows(before)
        if window.party.selected_id() != morgaine:  # Find Character, say
            select_character(qtbot, window, "Morgaine")
    assert {"Undo", "Redo", "Find Character", "Campaign Rules…", "Rules Library…",
            "Award Experience…", "Plan and Run Weeks…", "Survival Roll…", "History",
            "About TFT Manager", "Print Cards…", "Export Cards to PDF…"} <= seen
    assert not (CHANGES | ELSEWHERE) - seen

    # View > History: a side dock, given a window of its own beside a narrow main window
    # (dock_sizes), listing the journal newest first
    history = window.history_dock
    if not history.isVisible():
        history.toggleViewAction().trigger()
    assert history.isVisible() and history.isFloating()
    assert history.width() == dock_sizes.SIDE_WIDTH
    panel = history.widget()
    assert isinstance(panel, HistoryPanel)
    # View > Party Board: a bottom dock given a share of the window's height, still more
    # than a row or two after Party Charts opened beside it (issue 34, item 13)
    [board] = [a for a in window.menuBar().actions()[3].menu().actions()
               if a.text() == "Party &Board"]
    if not window.story.board_dock.isVisible():
        board.trigger()
    assert isinstance(window.story, StoryDocks) and window.story.board_dock.isVisible()
    assert window.story.board_dock.height() >= window.height() * dock_sizes.BOTTOM_SHARE / 2

    # Find: the filter takes the keyboard; what is typed filters the party
    window.act_find.trigger()
    assert window.focusWidget() is window.party.filter_edit  # the window's keyboard goes there
    qtbot.keyClicks(window.party.filter_edit, "mor")
    assert window.party.proxy.rowCount() == 1
    type_into(qtbot, window.party.filter_edit, "")
    assert window.party.proxy.rowCount() == len(_names(window))

    # The toolbar's Add, Duplicate and Delete: one operation each, Undo takes it back
    added = watch.one_change("Add Character", lambda: watch.toolbar_click(window.act_add),
                             naming="")
    assert any(added in line for line in panel.lines()), "History shows the addition"
    select_character(qtbot, window, "Morgaine")
    watch.one_change("Duplicate", lambda: watch.toolbar_click(window.act_duplicate),
                     naming="Morgaine")
    select_character(qtbot, window, "Morgaine")
    dialog_log.confirm_answer = False
    watch.no_change("Delete, then No", lambda: watch.toolbar_click(window.act_delete))
    dialog_log.confirm_answer = True
    watch.one_change("Delete", lambda: watch.toolbar_click(window.act_delete),
                     naming="Morgaine")
    assert "Morgaine" in _names(window)
    watch.toolbar_click(window.act_redo)  # Redo deletes her again, Undo brings her back
    assert "Morgaine" not in _names(window)
    watch.toolbar_click(window.act_undo)
    assert "Morgaine" in _names(window)

    # New and Open, cancelled, keep the campaign; Close, then Open Recent, come back to it
    path = watch.session.path
    for action in (window.act_new, window.act_open):
        with answering() as met:
            watch.no_change(action.text(), lambda a=action: watch.toolbar_click(a))
        assert met, f"{action.text()} asked nothing"
        assert watch.session.path == path
    window.act_close.trigger()
    assert window.session is None and not window.editor.isEnabled()
    assert window.editor.name.text() == "" and panel.lines() == ["No changes yet"]
    window.recent_menu.aboutToShow.emit()
    [recent] = [a for a in window.recent_menu.actions() if a.isEnabled()
                and Path(path).name in a.text()][:1]
    recent.trigger()
    assert window.session is not None and window.session.path == path
    assert "Morgaine" in _names(window)
    window.act_quit.trigger()
    assert not window.isVisible()
