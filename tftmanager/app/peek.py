"""The party at start-up, before the store loads: a read-only look, evaluated on demand.

``ui.launch`` shows the party from this while SQLAlchemy and sqlmodel load,
and then the editor on the same look (``CampaignPreview``: balances, money
and studies too), which takes input before the store is there; the campaign
is then opened as always (checked, locked, maybe migrated) and the table is
filled again from the store.  Nothing here imports the ORM.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tftmanager.app.library_builds import build_library
from tftmanager.app.sheet import Party
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.peek import Peeked, PeekedStudy, peek_party


@dataclass(frozen=True, eq=False, repr=False)
class CampaignPreview(Record):
    """What the window shows of a campaign before the store loads."""

    party: Party
    xp: dict[int, int]  # each member's experience balance (absent: 0)
    money: dict[int, int]  # each member's money on hand (absent: 0)
    studies: dict[int, list[PeekedStudy]]  # each member's studies, oldest first


def party_preview(path: Path) -> tuple[Party, dict[int, int]] | None:
    """The party under the campaign's rules and XP balances; None when in any doubt.

    The library is built as the open that follows builds it (``build_library``: the
    campaign's entries, with values they predate from the shipped library).
    """
    peeked = peek_party(path)
    return None if peeked is None else preview_of(peeked)


def campaign_preview(path: Path) -> CampaignPreview | None:
    """``party_preview`` with the money and studies the editor shows; None when in any doubt."""
    peeked = peek_party(path)
    found = None if peeked is None else preview_of(peeked)
    if peeked is None or found is None:
        return None
    return CampaignPreview(found[0], found[1], peeked.money, peeked.studies)


def preview_of(peeked: Peeked) -> tuple[Party, dict[int, int]] | None:
    """The party and XP balances of a look at a file; None when its rules data is in doubt."""
    try:
        library = build_library(peeked.entries)
        profile = RuleProfile.from_dict(peeked.profile)
    except (RulesDataError, ValueError, KeyError, TypeError):
        return None
    return Party(library, profile, peeked.members), peeked.xp
