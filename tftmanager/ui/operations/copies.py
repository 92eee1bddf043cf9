"""File > Save a Copy: the same application function as ``tftmanager copy``.

Run through the open session, so a refusal (the campaign itself chosen as
the copy, a folder that cannot be written) is shown in the user's words.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.copies import save_copy as copy_campaign
from tftmanager.ui.session import CampaignSession


def save_copy(session: CampaignSession, target: Path) -> Path | None:
    """Copy the open campaign to ``target`` (the file dialog has asked before replacing)."""
    if session.shared:  # a server campaign: pulled to a new file, as `server pull` does
        return session.run("Save a copy", lambda: _pull(session, target))
    return session.run("Save a copy", lambda: copy_campaign(
        store=session.store, target=target, replace=True))


def _pull(session: CampaignSession, target: Path) -> Path:
    """The server campaign, as the login sees it, written to a new campaign file."""
    from tftmanager.store.server_copy import pull  # noqa: PLC0415 - needs psycopg

    address = getattr(session.store, "address")  # noqa: B009 - only a server store has one
    if target.exists():  # the file dialog asked before replacing it
        target.unlink()
    pull(address, target)
    return target
