"""Campaign > Players' View: the table server inside the window, over the window's store.

A player's action through the real server (HTTP on its socket) shows in the
window's editor and History within a second; the GM invites and revokes
links from the dialog, each with its QR code.
"""

from __future__ import annotations

import re
import secrets

import httpx
import pytest
from PySide6.QtCore import Qt

from tftmanager.app import campaigns, experience, journal, player_links
from tftmanager.ui.main_window import MainWindow

pytestmark = pytest.mark.ui


def _ragnar(window: MainWindow) -> int:
    session = window.session
    assert session is not None
    return next(s.id for s in session.query(campaigns.party_sheets) if s.character.name == "Ragnar")


def _menu_action(window: MainWindow, name: str):
    campaign = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Campaign")
    campaign.aboutToShow.emit()
    return next(a for a in campaign.actions() if a.objectName() == name)


def test_players_view_serves_the_windows_campaign_and_a_players_raise_reaches_the_editor(
        main_window: MainWindow, qtbot) -> None:
    session = main_window.session
    assert session is not None
    ragnar = _ragnar(main_window)
    experience.award(store=session.store, character_ids=[ragnar], amount=300, reason="Cave")
    main_window.party.select(ragnar)
    dx_before = main_window.editor.spins["dx"].value()

    _menu_action(main_window, "act_players_view").trigger()
    dialog = main_window.players_view.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"invite_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.start_button, Qt.MouseButton.LeftButton)
    assert dialog.running
    assert "this computer only" in dialog.where.text()
    code = dialog.findChild(type(dialog.where), f"qr_{ragnar}")
    assert code is not None and not code.pixmap().isNull()

    link = next(k for k in player_links.links(store=session.store) if k.character_id == ragnar)
    url = dialog.server.address.player_url(link)
    assert code.toolTip() == url and url.startswith("http://127.0.0.1:")
    with httpx.Client(timeout=10) as client:
        page = client.get(url)
        assert page.status_code == 200 and "Ragnar" in page.text
        token = re.search(r'name="tft-csrf" content="([^"]+)"', page.text).group(1)
        answer = client.post(url + "/act", headers={"X-CSRF-Token": token},
                             json={"action": "raise", "attribute": "dx",
                                   "nonce": secrets.token_hex(12)})
    assert answer.json()["ok"], answer.text
    qtbot.waitUntil(lambda: main_window.editor.spins["dx"].value() == dx_before + 1,
                    timeout=1000)
    newest = session.query(journal.history, limit=1)[0]
    assert newest.author == "Ragnar's player" and "DX" in newest.label

    # Revoked from the dialog: the link opens nothing at once.
    qtbot.mouseClick(dialog.findChild(type(dialog.start_button), f"revoke_{ragnar}"),
                     Qt.MouseButton.LeftButton)
    with httpx.Client(timeout=10) as client:
        assert client.get(url).status_code == 404

    # Closing the campaign stops the server before the store closes.
    main_window.close_campaign()
    assert not dialog.running
