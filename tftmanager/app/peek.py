"""The party at start-up, before the store loads: a read-only look, evaluated on demand.

``ui.launch`` shows the party from this while SQLAlchemy and sqlmodel load;
the campaign is then opened as always (checked, locked, maybe migrated) and
the table is filled again from the store.  Nothing here imports the ORM.
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.library_builds import build_library
from tftmanager.app.sheet import Party
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.peek import Peeked, peek_party


def party_preview(path: Path) -> tuple[Party, dict[int, int]] | None:
    """The party under the campaign's rules and XP balances; None when in any doubt.

    The library is built as the open that follows builds it (``build_library``: the
    campaign's entries, with values they predate from the shipped library).
    """
    peeked = peek_party(path)
    return None if peeked is None else preview_of(peeked)


def preview_of(peeked: Peeked) -> tuple[Party, dict[int, int]] | None:
    """The party and XP balances of a look at a file; None when its rules data is in doubt."""
    try:
        library = build_library(peeked.entries)
        profile = RuleProfile.from_dict(peeked.profile)
    except (RulesDataError, ValueError, KeyError, TypeError):
        return None
    return Party(library, profile, peeked.members), peeked.xp
