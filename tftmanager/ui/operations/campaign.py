"""The campaign's rules profile and the Campaign Rules dialog's choices.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    campaigns,
)
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.ui.session import CampaignSession


def set_profile(session: CampaignSession, profile: RuleProfile) -> None:
    """Change the rules profile (undoable)."""
    if session.query(campaigns.get_profile) != profile:
        session.act("Change campaign rules", campaigns.set_profile, profile=profile)


def change_rules(session: CampaignSession, profile: RuleProfile, entries: list[Entry],
                 undo_limit: int | None = None) -> None:
    """The Campaign Rules dialog's choices, as one operation."""
    session.act("Change campaign rules", campaigns.change_rules, profile=profile, entries=entries,
                undo_limit=undo_limit)
