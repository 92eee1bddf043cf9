"""The reads the character editor shows, named without importing the store.

At start-up the editor appears on the campaign's preview before the store
(sqlmodel and SQLAlchemy) is imported: ``ui.preview_session`` answers these
very functions from what the preview read, and the campaign's session runs
them on the store like any read (``session.query(editor_reads.sheet,
character_id=...)``).  Each is the use case module's own read, imported when
first run on a store: one read, never a second way of working it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tftmanager.app.sheet import Sheet
    from tftmanager.app.study_view import StudyView
    from tftmanager.app.xp_status import XPStatus
    from tftmanager.rules.character import Character
    from tftmanager.rules.settings import RuleProfile
    from tftmanager.store.campaign import CampaignStore

# The store's modules are imported by each read when it runs (PLC0415 below), never at start-up.


def has_characters(*, store: CampaignStore) -> bool:
    """Whether the party has anyone yet (``campaigns.has_characters``)."""
    from tftmanager.app import campaigns  # noqa: PLC0415

    return campaigns.has_characters(store=store)


def sheet(*, store: CampaignStore, character_id: int) -> Sheet:
    """One character evaluated (``campaigns.character_sheet``)."""
    from tftmanager.app import campaigns  # noqa: PLC0415

    return campaigns.character_sheet(store=store, character_id=character_id)


def character(*, store: CampaignStore, character_id: int) -> Character:
    """One character as stored (``characters.get_character``)."""
    from tftmanager.app import characters  # noqa: PLC0415

    return characters.get_character(store=store, character_id=character_id)


def profile(*, store: CampaignStore) -> RuleProfile:
    """The campaign's rules profile (``campaigns.get_profile``)."""
    from tftmanager.app import campaigns  # noqa: PLC0415

    return campaigns.get_profile(store=store)


def money(*, store: CampaignStore, character_id: int) -> int:
    """Money on hand (``equipment.money``)."""
    from tftmanager.app import equipment  # noqa: PLC0415

    return equipment.money(store=store, character_id=character_id)


def studies(*, store: CampaignStore, character_id: int) -> list[StudyView]:
    """A character's studies in progress (``abilities.studies_of``)."""
    from tftmanager.app import abilities  # noqa: PLC0415

    return abilities.studies_of(store=store, character_id=character_id)


def xp_status(*, store: CampaignStore, character_id: int) -> XPStatus:
    """Balance, next cost and why each raise is refused (``experience.status``)."""
    from tftmanager.app import experience  # noqa: PLC0415

    return experience.status(store=store, character_id=character_id)
