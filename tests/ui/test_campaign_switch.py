"""What one campaign leaves behind when another is opened (issue 34, item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _shown(window: MainWindow) -> list[str]:
    proxy = window.party.proxy
    return [proxy.index(r, 0).data() for r in range(proxy.rowCount())]


def test_the_name_filter_is_cleared_when_another_campaign_opens(
        main_window: MainWindow, tmp_path: Path, campaign_templates, qtbot) -> None:
    main_window.act_find.trigger()
    qtbot.keyClicks(main_window.party.filter_edit, "mor")
    assert _shown(main_window) == ["Morgaine"]
    other = campaign_templates.file(tmp_path / "other.tftcampaign", demo=True)
    assert main_window.open_campaign(other)
    assert main_window.party.filter_edit.text() == ""
    assert len(_shown(main_window)) == 5
    assert main_window.editor.character_id is not None  # the first by name, not nobody
