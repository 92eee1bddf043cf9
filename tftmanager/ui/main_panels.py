"""The main window's two panels, built in two steps so the party can show first.

The party table needs no store: it is built as soon as the window is up and
can show the start-up preview (``app.peek``).  The editor (and the history
panel) bring in the store and SQLAlchemy; they replace a placeholder of the
same place once the campaign is really open, so nothing moves on screen.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtWidgets import QWidget

from tftmanager.ui import dialogs, window_state

if TYPE_CHECKING:
    from tftmanager.app.sheet import Sheet
    from tftmanager.ui.session import CampaignSession

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


def show_kept_party(window: MainWindow, path: Path) -> bool:
    """The party as kept from the last run on this very file, before any rule loads; or False.

    ``ui.kept_rows`` trusts the copy only while the file is provably the one
    it was made from; the look at the file that follows (``show_preview``)
    replaces any row that differs.  Why a copy was not used goes to the log.
    """
    from tftmanager.ui.kept_rows import shown_rows  # noqa: PLC0415 - after first paint

    if window.session is not None:
        return False
    rows, reason = shown_rows(path)
    if reason:
        window.start_notes.append(reason)
    if rows is None:
        return False
    window.ensure_party()
    window.party_model.set_rows(rows)
    window.kept_rows = rows
    return True


def show_preview(window: MainWindow, path: Path) -> bool:
    """The campaign's party from a read-only look, before the store loads; False if none.

    Only shown in an empty window, or over the rows kept from the last run,
    which it replaces (each worked out again as it is drawn): whatever the
    copy said, what the file holds is shown.  The open that follows fills the
    table from the store (or empties it if the campaign cannot be opened).
    """
    from tftmanager.app.peek import campaign_preview  # noqa: PLC0415 - no ORM in this chain
    from tftmanager.ui.party_rows import pending_rows  # noqa: PLC0415
    from tftmanager.ui.runner import free_query  # noqa: PLC0415

    if window.session is not None:
        return False
    window.kept_rows = None
    preview = free_query(campaign_preview, path=path)
    if preview is None:
        return False
    window.ensure_party()
    window.party_model.set_rows(pending_rows(preview.party, preview.xp))
    window.preview = (path, preview)
    return True


def show_preview_editor(window: MainWindow) -> bool:
    """The editor on the preview shown, its first character chosen; False if none is shown.

    The editor takes input at once: what is edited is kept until the campaign
    is opened (``MainWindow.open_preview_now``), which applies it.
    """
    from tftmanager.ui.preview_session import PreviewSession  # noqa: PLC0415

    if window.session is not None or window.preview is None:
        return False
    path, preview = window.preview
    window.ensure_panels()
    # The preview answers the editor's reads, and opens the campaign for anything else.
    window.editor.set_session(cast("CampaignSession", PreviewSession(
        path, preview, partial(open_preview_now, window))))
    window.party.select(window.party_model.first_by_name())
    return True


def open_preview_now(window: MainWindow) -> CampaignSession | None:
    """Open the campaign shown from its preview now, applying the edits kept; None if not.

    Start-up calls it after the editor's first paint; an action that needs
    the store before then, and closing the window, call it sooner.
    """
    if window.session is None and window.preview is not None and not window.opening_preview:
        window.opening_preview = True
        try:
            if not window.open_campaign(window.preview[0]):
                drop_preview(window)
        finally:
            window.opening_preview = False
    session: CampaignSession | None = window.session
    return session


def drop_preview(window: MainWindow) -> None:
    """The previewed campaign did not open: empty the table and editor, say what was lost."""
    window.preview = window.kept_rows = None
    if window.session is not None:
        return
    built = window.panels_built
    kept = window.editor.kept_edits() if built else 0
    if built:
        window.editor.set_session(None)
    if window.party_built:
        window.party_model.set_rows([])
    if kept:
        dialogs.error(window, "Not saved", f"{kept} change(s) made while the campaign "
                      "loaded were not saved: it could not be opened.")


def show_kept_edit(window: MainWindow, sheet: Sheet, balance: int) -> None:
    """The party's row follows an edit kept before the store is loaded."""
    from tftmanager.ui.party_rows import PartyRow  # noqa: PLC0415

    window.party_model.update_row(PartyRow.from_sheet(sheet, sheet.race_name, balance))
