"""Undo and redo: the campaign's journal, the same as the command line's.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    journal,
)
from tftmanager.ui.session import CampaignSession


def undo(session: CampaignSession) -> None:
    """Take back the newest operation."""
    session.act("Undo", journal.undo)


def redo(session: CampaignSession) -> None:
    """Do the newest undone operation again."""
    session.act("Redo", journal.redo)
