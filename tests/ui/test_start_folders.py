"""File dialogs start where the user keeps campaigns, and exports say so (issue 34, item 10).

The demo campaign lives in the app's hidden data folder, and every Save,
Open and New Campaign dialog started there; Export PDF in Print Cards said
nothing when done.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from tftmanager.ui import window_state
from tftmanager.ui.main_window import MainWindow
from tftmanager.ui.print_preview import CardPreviewDialog

pytestmark = pytest.mark.ui


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder of the test's own, with a ~/Campaigns folder."""
    home = tmp_path / "home"
    (home / "Campaigns").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    return home


def test_dialogs_start_in_the_users_folder_not_the_hidden_data_folder(
        make_window, home: Path, campaign_templates, monkeypatch: pytest.MonkeyPatch,
        dialog_log, qtbot) -> None:
    demo = campaign_templates.file(window_state.data_folder() / "demo.tftcampaign", demo=True)
    assert ".local" in demo.parts
    window: MainWindow = make_window()
    assert window.open_campaign(demo)
    asked: list[str] = []

    def open_name(_parent: object, _title: str, folder: str, _filter: str) -> tuple[str, str]:
        asked.append(folder)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_name)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", open_name)
    window.act_open.trigger()
    window.act_new.trigger()
    assert asked == [str(home / "Campaigns")] * 2

    # Print Cards' Export PDF suggests the user's folder, and says where the file went.
    session = window.session
    assert session is not None
    dialog = CardPreviewDialog(session, [], window)
    qtbot.addWidget(dialog)
    target = home / "Campaigns" / "party cards.pdf"

    def save_name(_parent: object, _title: str, suggested: str, _f: str) -> tuple[str, str]:
        asked.append(suggested)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    dialog.export_action.trigger()
    assert Path(asked[-1]).parent == home / "Campaigns"
    assert target.is_file()
    assert dialog_log.infos == [("Exported", f"Saved the cards (whole party) to {target}.")]
    dialog.close()


def test_the_folder_last_chosen_is_where_the_next_dialog_starts(
        make_window, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window: MainWindow = make_window()
    chosen = tmp_path / "table" / "games"
    chosen.mkdir(parents=True)
    asked: list[str] = []

    def open_name(_parent: object, _title: str, folder: str, _filter: str) -> tuple[str, str]:
        asked.append(folder)
        return str(chosen / "missing.tftcampaign"), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_name)
    window.act_open.trigger()
    window.act_open.trigger()
    assert asked == [str(home / "Campaigns"), str(chosen)]
