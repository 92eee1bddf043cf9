"""The editor takes input before the store is loaded, and nothing typed then is lost.

At start-up the editor shows the campaign's preview (``ui.preview_session``);
the campaign is opened after the editor's first paint.  Here the test holds
that moment: it shows the preview and the editor as the start-up does, types,
and only then lets the store arrive (``open_preview_now``, which the start-up
calls from a timer), or closes the window first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tests.ui.person import step_combo, type_into
from tftmanager.app import campaigns, journal, reading
from tftmanager.ui import main_panels
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _previewed(make_window: Any, path: Path) -> MainWindow:
    """A window as start-up leaves it before the store loads: party and editor from the preview."""
    window = make_window()
    assert main_panels.show_preview(window, path)
    assert main_panels.show_preview_editor(window)
    assert window.session is None  # nothing opened (nor locked) yet
    return window


def _start(make_window: Any, tmp_path: Path, templates: Any, qtbot: Any,
           name: str) -> tuple[Path, list[str], MainWindow]:
    """The demo's file, its history, and a window showing ``name`` from the preview."""
    path = templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)
    before = _labels(path)
    window = _previewed(make_window, path)
    _select(qtbot, window, name)
    return path, before, window


def _stored(path: Path, name: str) -> Any:
    return next(s.character for s in reading.party(path=path).characters
                if s.character.name == name)


def _labels(path: Path) -> list[str]:
    with campaigns.open_for_reading(path=path) as store:
        return [op.label for op in journal.history(store=store)]


def _select(qtbot: Any, window: MainWindow, name: str) -> None:
    """Click the character's row in the party table."""
    row = window.party_model.row_of(next(r.id for r in window.party_model.rows()
                                         if r.name == name))
    index = window.party.proxy.mapFromSource(window.party_model.index(row, 0))
    rect = window.party.table.visualRect(index)
    qtbot.mouseClick(window.party.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=rect.center())
    assert window.editor.title.text() == name


def test_edits_typed_before_the_store_land_once_when_it_arrives(
        make_window: Any, tmp_path: Path, campaign_templates: Any, qtbot: Any) -> None:
    path, before, window = _start(make_window, tmp_path, campaign_templates, qtbot,
                                  "Ragnar")
    editor = window.editor
    assert editor.isEnabled() and editor.tabs.isEnabled()  # takes input at once
    old_st = _stored(path, "Ragnar").st
    type_into(qtbot, editor.player, "Bob")
    st = editor.spins["st"]
    st.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(st, Qt.Key.Key_Up)
    type_into(qtbot, editor.player, "Bobby")  # the same field again, after another
    assert editor.derived.isEnabled()
    assert _stored(path, "Ragnar").player == ""  # kept, not yet written
    assert _labels(path) == before
    row = next(r for r in window.party_model.rows() if r.name == "Ragnar")
    assert (row.player, row.st) == ("Bobby", old_st + 1)  # the party's row follows at once

    editor.player.setFocus(Qt.FocusReason.MouseFocusReason)
    assert window.focusWidget() is editor.player
    assert main_panels.open_preview_now(window) is not None  # the store arrives
    assert window.session is not None and editor.session is window.session
    ragnar = _stored(path, "Ragnar")
    assert (ragnar.player, ragnar.st) == ("Bobby", old_st + 1)
    new = _labels(path)[: len(_labels(path)) - len(before)]
    assert len(new) == 3, new  # player, ST, player again: each once, in order
    assert sum("Bobby" in label for label in new) == 1
    shown = [window.history.list.item(i).text() for i in range(window.history.list.count())]
    assert sum("Bobby" in text for text in shown) == 1  # the History panel, once
    # The editor stayed as it was: same character, same text, focus kept.
    assert editor.title.text() == "Ragnar"
    assert editor.player.text() == "Bobby" and window.focusWidget() is editor.player
    assert editor.spins["st"].value() == old_st + 1


def test_a_kept_edit_refused_when_applied_is_shown_and_changes_nothing(
        make_window: Any, tmp_path: Path, campaign_templates: Any, qtbot: Any,
        dialog_log: Any) -> None:
    path, before, window = _start(make_window, tmp_path, campaign_templates, qtbot,
                                  "Ragnar")
    editor = window.editor
    type_into(qtbot, editor.name, "Wulf", enter=True)  # another character's name
    assert _stored(path, "Ragnar").name == "Ragnar"
    assert main_panels.open_preview_now(window) is not None
    assert "Not saved" in editor.field_problem("name")
    assert "Wulf" in editor.field_problem("name")
    assert _labels(path) == before  # nothing written
    assert {r.name for r in window.party_model.rows()} >= {"Ragnar", "Wulf"}
    assert editor.title.text() == "Ragnar"


def test_a_value_the_rules_refuse_is_refused_at_once_and_never_kept(
        make_window: Any, tmp_path: Path, campaign_templates: Any, qtbot: Any) -> None:
    path, before, window = _start(make_window, tmp_path, campaign_templates, qtbot,
                                  "Ragnar")
    editor = window.editor
    type_into(qtbot, editor.name, "", enter=True)
    assert "Not saved" in editor.field_problem("name")
    assert editor.kept_edits() == 0
    assert main_panels.open_preview_now(window) is not None
    assert _labels(path) == before


def test_closing_before_the_store_arrives_saves_what_was_typed(
        make_window: Any, tmp_path: Path, campaign_templates: Any, qtbot: Any) -> None:
    path, before, window = _start(make_window, tmp_path, campaign_templates, qtbot,
                                  "Wulf")
    editor = window.editor
    type_into(qtbot, editor.player, "Ann")
    editor.notes.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.keyClick(editor.notes, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(editor.notes, " Owes Ragnar a horse.")  # still waiting for its timer
    window.close()
    wulf = _stored(path, "Wulf")
    assert wulf.player == "Ann"
    assert wulf.notes.endswith(" Owes Ragnar a horse.")
    assert len(_labels(path)) == len(before) + 2
    assert window.session is None  # closed, the lock released


def test_a_gear_choice_before_the_store_opens_the_campaign_then_is_made(
        make_window: Any, tmp_path: Path, campaign_templates: Any, qtbot: Any) -> None:
    """Gear may ask how to pay, so it does not wait in line: the campaign opens at once."""
    path, before, window = _start(make_window, tmp_path, campaign_templates, qtbot,
                                  "Flavius Marcellus")
    editor = window.editor
    type_into(qtbot, editor.player, "Cato")  # kept first, so applied first
    assert editor.armor.currentData() is not None
    step_combo(qtbot, editor.armor, -editor.armor.currentIndex())  # up to "no armor"
    assert window.session is not None  # opened by the choice
    flavius = _stored(path, "Flavius Marcellus")
    assert flavius.player == "Cato"
    assert not any(i.kind.value == "armor" and i.state.value == "worn" for i in flavius.items)
    new = _labels(path)[: len(_labels(path)) - len(before)]  # newest first
    assert "Cato" in new[-1] and len(new) > 1, new  # the kept edit first, the armor after
    assert sum("Cato" in label for label in new) == 1

