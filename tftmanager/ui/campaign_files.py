"""Creating and opening campaign files for the main window, with the user's answers.

A file that cannot be opened is explained in a dialog (with the newest backup
offered when it is damaged) and changes nothing: the campaign already open
stays open.  The store is imported only here, after the first paint.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from tftmanager.ui import dialogs
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


def create(parent: QWidget, signals: AppSignals, path: Path, *,
           demo: bool = False, history: bool = False) -> CampaignSession | None:
    """A new campaign file (the demo party in it, if asked); None after a refusal."""
    from tftmanager.app.errors import CampaignError  # noqa: PLC0415 - after first paint
    from tftmanager.ui.session import CampaignSession  # noqa: PLC0415

    try:
        return CampaignSession.create(path, signals, demo=demo, history=history)
    except CampaignError as exc:
        dialogs.error(parent, "Cannot Create Campaign", exc.message)
        return None


def open_or_offer_backup(parent: QWidget, signals: AppSignals, path: Path,
                         backup_root: Path | None = None) -> CampaignSession | None:
    """Open a campaign; when refused, say why and offer to open a copy of its newest backup.

    A campaign that cannot be written here (a read-only folder) is opened to
    be looked at instead: the window says so and disables every edit.
    """
    from tftmanager.app.campaigns import backups_of, copy_of_backup  # noqa: PLC0415
    from tftmanager.app.errors import CampaignError, ReadOnlyCampaign  # noqa: PLC0415
    from tftmanager.ui.session import CampaignSession  # noqa: PLC0415

    try:
        try:
            session = CampaignSession.open(path, signals)
        except ReadOnlyCampaign:
            return CampaignSession.open_read_only(path, signals)
    except CampaignError as exc:
        backup = dialogs.campaign_error(parent, "Cannot Open Campaign", exc.message,
                                        backups_of(path=path, root=backup_root))
    else:
        if backup_root is not None:  # a rolling backup of every campaign opened
            session.take_backup(backup_root)
        return session
    if backup is None:
        return None
    return open_or_offer_backup(parent, signals, copy_of_backup(path=path, backup=backup),
                                backup_root)
