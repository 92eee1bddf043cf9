"""What an application function changed, for views to refresh from."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Changes:
    """A small change-set: which parts of the campaign a use case touched.

    ``characters`` holds the ids whose data changed (or appeared); ``removed``
    the ids that are gone.  ``party`` is set when the list itself changed.
    """

    party: bool = False
    characters: frozenset[int] = field(default_factory=frozenset)
    removed: frozenset[int] = field(default_factory=frozenset)
    settings: bool = False
    campaign: bool = False
    library: bool = False
    week: bool = False
    ledger: bool = False
    encounter: bool = False

    def __or__(self, other: Changes) -> Changes:
        return Changes(
            party=self.party or other.party,
            characters=self.characters | other.characters,
            removed=self.removed | other.removed,
            settings=self.settings or other.settings,
            campaign=self.campaign or other.campaign,
            library=self.library or other.library,
            week=self.week or other.week,
            ledger=self.ledger or other.ledger,
            encounter=self.encounter or other.encounter,
        )

    @property
    def empty(self) -> bool:
        """True when nothing changed."""
        return self == Changes()
