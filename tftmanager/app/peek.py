"""The party at start-up, before the store loads: a read-only look, evaluated on demand.

``ui.launch`` shows the party from this while SQLAlchemy and sqlmodel load;
the campaign is then opened as always (checked, locked, maybe migrated) and
the table is filled again from the store.  Nothing here imports the ORM.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.sheet import Party
from tftmanager.rules.library_entries import library_from_entries
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile
from tftmanager.shipped import shipped_entries
from tftmanager.store.peek import Peeked, peek_party


def party_preview(path: Path) -> tuple[Party, dict[int, int]] | None:
    """The party under the campaign's rules and XP balances; None when in any doubt.

    The library is built as ``app.library.build_library`` builds it (the
    campaign's entries, with values they predate from the shipped library).
    """
    peeked = peek_party(path)
    return None if peeked is None else preview_of(peeked)


def preview_of(peeked: Peeked) -> tuple[Party, dict[int, int]] | None:
    """The party and XP balances of a look at a file; None when its rules data is in doubt."""
    try:
        library = library_from_entries(peeked.entries, shipped_entries())
        profile = RuleProfile.from_dict(peeked.profile)
    except (RulesDataError, ValueError, KeyError, TypeError):
        return None
    return Party(library, profile, peeked.members), peeked.xp
