"""The main window's two panels, built in two steps so the party can show first.

The party table needs no store: it is built as soon as the window is up and
can show the start-up preview (``app.peek``).  The editor (and the history
panel) bring in the store and SQLAlchemy; they replace a placeholder of the
same place once the campaign is really open, so nothing moves on screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QWidget

from tftmanager.ui import window_state

# The MainWindow, which imports this module (so it is not imported back here).
MainWindow = Any


def build_party(window: MainWindow) -> None:
    """The party table, and a placeholder where the editor will be."""
    from tftmanager.ui.party import PartyPanel  # noqa: PLC0415 - after first paint
    from tftmanager.ui.party_model import PartyModel  # noqa: PLC0415

    window.party_model = PartyModel()
    window.party = PartyPanel(
        window.party_model, [window.act_add, window.act_duplicate, window.act_delete])
    window.splitter.addWidget(window.party)
    window.splitter.addWidget(QWidget())
    window_state.restore_splitter(window.splitter, window.settings)


def build_editor(window: MainWindow) -> None:
    """The editor in its place beside the party, and the history panel."""
    from tftmanager.ui.editor import CharacterEditor  # noqa: PLC0415 - imports the store
    from tftmanager.ui.history_panel import HistoryPanel  # noqa: PLC0415

    window.history = HistoryPanel()
    window.history_dock.setWidget(window.history)
    window.editor = CharacterEditor()
    placeholder = window.splitter.replaceWidget(1, window.editor)
    if placeholder is not None:
        placeholder.deleteLater()


def show_preview(window: MainWindow, path: Path) -> bool:
    """The campaign's party from a read-only look, before the store loads; False if none.

    Only shown in an empty window; the open that follows fills the table from
    the store (or empties it if the campaign cannot be opened).
    """
    from tftmanager.app.peek import party_preview  # noqa: PLC0415 - no ORM in this chain
    from tftmanager.ui.party_rows import pending_rows  # noqa: PLC0415
    from tftmanager.ui.runner import free_query  # noqa: PLC0415

    if window.session is not None:
        return False
    preview = free_query(party_preview, path=path)
    if preview is None:
        return False
    window.ensure_party()
    window.party_model.set_rows(pending_rows(*preview))
    return True
