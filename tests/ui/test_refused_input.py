"""What the window refuses as it is typed, by the same app functions the command line calls.

Issue 26's leftovers: a name another character has is refused in the editor
as ``tftmanager rename`` refuses it; the New Campaign dialog adds
``.tftcampaign`` by the rule ``tftmanager new`` follows; and the award and
Campaign Rules forms show only their own refusals, so a ``ValueError`` from
a bug is raised on (to the crash report), not shown as if it were a reason;
so does Export to Foundry VTT.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from person import type_into
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from tftmanager.app import campaigns, journal, location
from tftmanager.app import library as library_app
from tftmanager.app.experience import XPRefused
from tftmanager.app.transfer import TransferError
from tftmanager.rules.awards import Outcome
from tftmanager.ui import award_dialog, interop_menu, settings_dialog, window_state
from tftmanager.ui.award_dialog import AwardDialog
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.operations import interop
from tftmanager.ui.settings_dialog import CampaignSettingsDialog


def _ids(window: MainWindow) -> dict[str, int]:
    return {row.name: row.id for row in window.party_model.rows()}


def _type_name(window: MainWindow, qtbot, text: str) -> None:
    """What a person does: click in the Name field, select it all, type, press Enter."""
    field = window.editor.name
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def _labels(window: MainWindow) -> list[str]:
    session = window.session
    assert session is not None
    return [op.label for op in session.query(journal.history)]


def test_the_editor_refuses_a_name_another_character_has_at_the_field(
        main_window: MainWindow, dialog_log, qtbot) -> None:
    """``rename Ragnar wulf`` says "already called"; typing it in the editor says the same.

    The name is one edit, refused as a whole: no keystroke before it ("w",
    "wu", "wul") is saved on its way (issue 34: typing "Ragnar" over Wulf left
    "Ragna" in the file).
    """
    ids = _ids(main_window)
    main_window.party.select(ids["Ragnar"])
    before = _labels(main_window)
    _type_name(main_window, qtbot, "  wulf")
    problem = main_window.editor.problems["name"]
    assert problem.isVisibleTo(main_window.editor)
    assert problem.text_label.text() == ("Not saved: Another character is already called "
                                         "wulf; choose a name nobody has.")
    assert dialog_log.errors == []  # said at the field, not in a dialog per keystroke
    assert _labels(main_window) == before
    assert _ids(main_window)["Ragnar"] == ids["Ragnar"]
    _type_name(main_window, qtbot, "Ragnar the Red")  # a free name is saved, and the line goes
    assert "Ragnar the Red" in _ids(main_window)
    assert not problem.isVisibleTo(main_window.editor)
    assert _labels(main_window) == ["Ragnar the Red: renamed from Ragnar", *before]


def test_the_new_campaign_dialog_adds_the_ending_by_the_command_lines_rule(
        main_window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    answers = iter([str(tmp_path / "Dragons"), str(tmp_path / "Dragons.db"),
                    str(tmp_path / "Old")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *_a, **_k: (next(answers), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *_a, **_k: (next(answers), ""))
    asked = [window_state.ask_campaign_path(main_window, new=True),
             window_state.ask_campaign_path(main_window, new=True),
             window_state.ask_campaign_path(main_window, new=False)]
    assert asked == [location.new_campaign_path(str(tmp_path / "Dragons")),
                     tmp_path / "Dragons.db", tmp_path / "Old"]
    assert asked[0] == tmp_path / "Dragons.tftcampaign"


def _combat_form(window: MainWindow, qtbot) -> AwardDialog:
    dialog = AwardDialog(window.session, None, window)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(1)
    dialog.set_fought(_ids(window)["Wulf"], Outcome.SURVIVED)
    return dialog


def test_the_award_form_shows_its_refusals_and_raises_a_bug(
        main_window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    dialog = _combat_form(main_window, qtbot)
    type_into(qtbot, dialog.enemies, "24, x")
    assert dialog.combat_preview.text() == ("'x' is not an ST + DX total (a whole number, "
                                            "1 to 500).")
    assert not dialog.submit()
    type_into(qtbot, dialog.enemies, "24, 26")
    assert "enemy 25.0" in dialog.combat_preview.text()

    def broken(*_args: object) -> list[object]:
        raise ValueError("a bug in the awards")

    monkeypatch.setattr(award_dialog, "combat_awards", broken)
    with pytest.raises(ValueError, match="a bug in the awards"):
        dialog.update_preview()
    with pytest.raises(ValueError, match="a bug in the awards"):
        dialog.submit()
    dialog.close()


def test_campaign_rules_show_a_bad_cost_table_and_raise_a_bug(
        main_window: MainWindow, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    session = main_window.session
    assert session is not None
    xp = next(e for e in session.query(library_app.entries) if e.kind == "experience")
    dialog = CampaignSettingsDialog(session.query(campaigns.get_profile), main_window, xp)
    type_into(qtbot, dialog.itl_steps, "34:100, banana")
    dialog.accept()
    assert dialog.xp_problem.text_label.text() == "'banana' is not total:cost (e.g. 35:200)."
    with pytest.raises(XPRefused, match="banana"):
        dialog.xp_entry()

    def broken(text: str) -> list[dict[str, int]]:
        raise ValueError(f"a bug in the cost table {text}")

    monkeypatch.setattr(settings_dialog, "parse_cost_steps", broken)
    with pytest.raises(ValueError, match="a bug in the cost table"):
        dialog.accept()
    dialog.close()


@pytest.mark.provokes_bug
def test_a_foundry_export_shows_a_refusal_and_reports_a_bug(
        main_window: MainWindow, dialog_log, monkeypatch: pytest.MonkeyPatch) -> None:
    """Export to Foundry caught every ValueError as "Not exported"; now only refusals."""
    def refused(**_arguments: object) -> list[tuple[str, str]]:
        raise TransferError("The campaign has no characters to export.")

    def broken(**_arguments: object) -> list[tuple[str, str]]:
        raise ValueError("a bug in the export")

    monkeypatch.setattr(interop.foundry, "export_actors", refused)
    interop_menu.export_foundry(main_window, selected=False)
    assert dialog_log.errors == [("Not exported", "The campaign has no characters to export.")]
    monkeypatch.setattr(interop.foundry, "export_actors", broken)
    interop_menu.export_foundry(main_window, selected=False)
    title, message = dialog_log.errors[-1]
    assert title == "Unexpected Error" and "(ValueError)" in message
