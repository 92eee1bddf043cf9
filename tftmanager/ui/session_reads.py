"""Everything a window reads from the open campaign: one typed place.

Widgets read only through these methods (the session is a
:class:`CampaignReads`), never by calling ``tftmanager.app`` themselves: each
is one read use case named in the window's terms, so the windows depend on
this one surface (and a test can stand in for it), and the application's
keyword-only functions, which take the store, stay behind it.  Changes go
the other way, through ``ui.operations`` and ``CampaignSession.run``.
Modules not needed to start the editor are imported when first read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from tftmanager.app import (
    abilities,
    campaigns,
    characters,
    equipment,
    experience,
    journal,
)
from tftmanager.app import library as library_app
from tftmanager.app.abilities import StudyView
from tftmanager.app.experience import LedgerLine
from tftmanager.app.library import library_for
from tftmanager.app.sheet import Party, Sheet
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile

if TYPE_CHECKING:
    from tftmanager.app.campaign_journal import CampaignJournal, JournalFilter
    from tftmanager.app.encounter_end import Review
    from tftmanager.app.encounters import EncounterView
    from tftmanager.app.party_board import BoardRow
    from tftmanager.app.session_notes import SessionNote
    from tftmanager.rules.awards import CombatType


T = TypeVar("T")


class CampaignReads:
    """The reads of one open campaign, for the windows."""

    store: campaigns.Campaign

    def query(self, read: Callable[..., T], /, **arguments: Any) -> T:
        """Run a read of ``tftmanager.app`` on the open campaign: ``read(store=, **arguments)``.

        The query runner beside ``CampaignSession.act``: a read changes
        nothing and signals nothing; what it raises is the caller's (a bug
        reaches the window's crash hook).
        """
        return read(store=self.store, **arguments)

    def next_undo(self) -> journal.Operation | None:
        """What Undo would take back."""
        return self.query(journal.next_undo)

    def next_redo(self) -> journal.Operation | None:
        """What Redo would do again."""
        return self.query(journal.next_redo)

    def history(self, limit: int | None = None) -> list[journal.Operation]:
        """The journal, newest first."""
        return self.query(journal.history, limit=limit)

    @property
    def library(self) -> RulesLibrary:
        """The rules library the campaign plays by."""
        return library_for(self.store)

    def name(self) -> str:
        """The campaign's name."""
        return self.query(campaigns.campaign_name)

    def profile(self) -> RuleProfile:
        """The campaign's rules profile."""
        return self.query(campaigns.get_profile)

    def party(self) -> Party:
        """The whole party, each member evaluated when asked."""
        return self.query(campaigns.party)

    def has_characters(self) -> bool:
        """Whether the party has anyone yet (the whole party is not read for this)."""
        return self.query(campaigns.has_characters)

    def sheets(self) -> list[Sheet]:
        """The whole party, evaluated."""
        return self.query(campaigns.party_sheets)

    def sheet(self, character_id: int) -> Sheet:
        """One character, evaluated."""
        return self.query(campaigns.character_sheet, character_id=character_id)

    def character(self, character_id: int) -> Character:
        """One character's stored data."""
        return self.query(characters.get_character, character_id=character_id)

    def undo_limit(self) -> int:
        """How many changes Undo reaches back."""
        return self.query(journal.undo_limit)

    def studies(self, character_id: int) -> list[StudyView]:
        """A character's studies in progress."""
        return self.query(abilities.studies_of, character_id=character_id)

    def week(self) -> int:
        """The campaign's current week."""
        return self.query(campaigns.current_week)

    def library_entries(self) -> list[Entry]:
        """Every entry of the campaign's library."""
        return self.query(library_app.entries)


    def library_differences(self) -> list[library_app.Difference]:
        """Shipped library changes to review, if a newer library shipped."""
        if not self.query(library_app.update_available):
            return []
        return self.query(library_app.differences)

    def xp_status(self, character_id: int) -> experience.XPStatus:
        """Balance, next cost and why each raise is refused (the editor's experience box)."""
        return self.query(experience.status, character_id=character_id)

    def balances(self) -> dict[int, int]:
        """Every character's XP balance."""
        return self.query(experience.balances)


    def ledger(self, character_id: int) -> list[LedgerLine]:
        """A character's ledger."""
        return self.query(experience.ledger_lines, character_id=character_id)

    def money(self, character_id: int) -> int:
        """Money on hand."""
        return self.query(equipment.money, character_id=character_id)

    def money_lines(self, character_id: int) -> list[LedgerLine]:
        """The money ledger."""
        return self.query(equipment.money_lines, character_id=character_id)

    def assignment(self, character_id: int) -> Assignment:
        """A character's weekly activity (the week planner's module, loaded when it opens)."""
        from tftmanager.app import assignments  # noqa: PLC0415 - not needed to start

        return self.query(assignments.get_assignment, character_id=character_id)

    # Read when their window opens (imported then, not at start-up)

    def encounter(self, encounter_id: int) -> EncounterView:
        """One encounter as saved."""
        from tftmanager.app import encounters  # noqa: PLC0415 - on demand

        return self.query(encounters.show, encounter_id=encounter_id)


    def encounter_review(self, encounter_id: int, combat: CombatType | None = None) -> Review:
        """What ending a fight would write (awards, wounds, wear), before it is written."""
        from tftmanager.app.encounter_end import review_end  # noqa: PLC0415 - on demand

        return self.query(review_end, encounter_id=encounter_id, combat=combat)


    def party_board(self, only: set[int] | None = None) -> list[BoardRow]:
        """The party board's rows (only those characters' when ``only`` is given)."""
        from tftmanager.app.party_board import party_board  # noqa: PLC0415 - on demand

        return self.query(party_board, only=only)


    def campaign_journal(self, where: JournalFilter | None = None) -> CampaignJournal:
        """The campaign's story, filtered, week by week."""
        from tftmanager.app.campaign_journal import campaign_journal  # noqa: PLC0415

        return self.query(campaign_journal, where=where)

    def note(self, note_id: int) -> SessionNote | None:
        """One of the GM's session notes."""
        from tftmanager.app.session_notes import note  # noqa: PLC0415 - on demand

        return self.query(note, note_id=note_id)


