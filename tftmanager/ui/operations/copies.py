"""File > Save a Copy: the same application function as ``tftmanager copy``.

Run through the open session, so a refusal (the campaign itself chosen as
the copy, a folder that cannot be written) is shown in the user's words.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.copies import save_copy as copy_campaign
from tftmanager.ui.session import CampaignSession


def save_copy(session: CampaignSession, target: Path) -> Path | None:
    """Copy the open campaign to ``target`` (the file dialog has asked before replacing).

    A server campaign is pulled into the new file by the same function.
    """
    return session.act("Save a copy", copy_campaign, target=target, replace=True).value
