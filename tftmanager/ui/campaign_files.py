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
from tftmanager.ui.runner import Runner, free_query
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


def create(parent: QWidget, signals: AppSignals, path: Path, *,
           demo: bool = False, history: bool = False) -> CampaignSession | None:
    """A new campaign file (the demo party in it, if asked); None after a refusal (said)."""
    from tftmanager.ui.session import CampaignSession  # noqa: PLC0415 - after first paint

    del parent  # the runner says a refusal, in the window's dialog
    return Runner(signals).free("Create campaign", CampaignSession.create, writes=False,
                                refused_as="Cannot Create Campaign", path=path,
                                signals=signals, demo=demo, history=history).value


def open_or_offer_backup(parent: QWidget, signals: AppSignals, path: Path,
                         backup_root: Path | None = None) -> CampaignSession | None:
    """Open a campaign; when refused, say why and offer to open a copy of its newest backup.

    A campaign that cannot be written here (a read-only folder) is opened to
    be looked at instead: the window says so and disables every edit.
    """
    from tftmanager.app.campaigns import backups_of, copy_of_backup  # noqa: PLC0415
    from tftmanager.app.errors import CampaignError, ReadOnlyCampaign  # noqa: PLC0415
    from tftmanager.ui.session import CampaignSession  # noqa: PLC0415

    runner = Runner(signals)
    ran = runner.free("Open campaign", CampaignSession.open, answers=(CampaignError,),
                      writes=False, path=path, signals=signals)
    if isinstance(ran.refusal, ReadOnlyCampaign):
        ran = runner.free("Open campaign to read", CampaignSession.open_read_only,
                          answers=(CampaignError,), writes=False, path=path, signals=signals)
        if ran.value is not None:
            return ran.value
    if ran.refusal is None:
        if ran.value is not None and backup_root is not None:  # a rolling backup of each
            ran.value.take_backup(backup_root)
        return ran.value
    backup = dialogs.campaign_error(parent, "Cannot Open Campaign", ran.refusal.message,
                                    free_query(backups_of, path=path, root=backup_root))
    if backup is None:
        return None
    copy = runner.free("Restore from backup", copy_of_backup, writes=False, path=path,
                       backup=backup).value
    return None if copy is None else open_or_offer_backup(parent, signals, copy, backup_root)
