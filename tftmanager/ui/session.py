"""The open campaign in the GUI: its store, the app signals, and what windows read.

Widgets never touch the store: they read through the session (which calls
the application functions) and change the campaign through
``tftmanager.ui.operations``, one small module per feature.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

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
from tftmanager.app.changes import Changes
from tftmanager.app.library import library_for
from tftmanager.app.sheet import Party, Sheet
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import CampaignError, ConnectionLost, EditConflict
from tftmanager.store.failures import user_message
from tftmanager.store.ledger import LedgerLine
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from tftmanager.store.server_address import ServerAddress

T = TypeVar("T")
RECONNECTED = "Reconnected to the server after the connection dropped; the change is saved."
RETRY_FAILED = ("The server cannot be reached, even on a new connection. What you typed "
                "is still in its field; try again when the connection is back.")


class CampaignSession:
    """One open campaign: reads for the windows, and ``run`` for the operations."""

    def __init__(self, store: CampaignStore, signals: AppSignals) -> None:
        self.store = store
        self.signals = signals
        self._retried = False  # the last action needed a second connection

    @classmethod
    def open(cls, path: Path, signals: AppSignals) -> CampaignSession:
        """Open a campaign file (raises CampaignError with a message for the user)."""
        return cls(campaigns.open_existing(path=path), signals)

    @classmethod
    def create(cls, path: Path, signals: AppSignals, *, demo: bool = False,
               history: bool = False) -> CampaignSession:
        """Create a campaign file and open it (the demo with twelve weeks played, if asked)."""
        return cls(campaigns.new_campaign(path=path, demo=demo, history=history), signals)

    @classmethod
    def open_address(cls, address: ServerAddress, signals: AppSignals) -> CampaignSession:
        """Open a server campaign (the address may carry a password typed for this time)."""
        from tftmanager.app import server_campaigns  # noqa: PLC0415 - psycopg

        return cls(server_campaigns.open_campaign(address=address), signals)

    def assigned(self) -> set[int] | None:
        """The characters this login may change; None when it may change every one."""
        if not self.store.shared:
            return None
        from tftmanager.app import server_campaigns  # noqa: PLC0415

        return server_campaigns.assigned(store=self.store)

    @property
    def is_player(self) -> bool:
        """A player's login on a server campaign (the GM's tools are not theirs)."""
        return self.store.shared and getattr(self.store, "role", "gm") == "player"

    def run(self, action_name: str, action: Callable[[], T]) -> T | None:
        """Run one operation: its changes are signalled, a refusal is reported, not raised.

        On a server campaign a dropped connection is retried once on a new one
        (the pool reconnects), so the edit being made is not lost; a conflict
        with another user's change is explained, then the view shows theirs.
        """
        try:
            result = self._attempt(action)
        except Exception as exc:  # noqa: BLE001 - every failure is shown, never swallowed
            self.report_failure(action_name, exc)
            if isinstance(exc, EditConflict):
                self.refresh_all()  # the other user's change appears
                self.signals.status_noted.emit(exc.message)
            return None
        changes = result if isinstance(result, Changes) else getattr(result, "changes", None)
        if isinstance(changes, Changes):
            self.signals.changes_applied.emit(changes)
        self.signals.journal_changed.emit()
        if self._retried:
            self.signals.status_noted.emit(RECONNECTED)
        return result

    def _attempt(self, action: Callable[[], T]) -> T:
        """The action, tried again once if the server connection dropped under it."""
        self._retried = False
        try:
            return action()
        except ConnectionLost as lost:
            if lost.saved:  # it committed as the line dropped: doing it again would be twice
                self.refresh_all()
                self.signals.status_noted.emit(lost.message)
                return None  # type: ignore[return-value]
            self.signals.status_noted.emit("Lost the connection to the server; trying again "
                                           "on a new connection…")
        self._retried = True
        try:
            return action()
        except ConnectionLost as exc:
            raise ConnectionLost(exc.path, RETRY_FAILED) from exc

    def refresh_all(self) -> None:
        """Look at the server again and redraw everything (after a conflict, say)."""
        ids = frozenset(self.look())
        self.signals.changes_applied.emit(Changes(party=True, characters=ids, ledger=True,
                                                  week=True))
        self.signals.journal_changed.emit()

    def look(self) -> set[int]:
        """Read what other users changed since the last look (a file has no one else)."""
        look = getattr(self.store, "look", None)
        return set(look()) if callable(look) else set()

    def next_undo(self) -> journal.Operation | None:
        """What Undo would take back."""
        return journal.next_undo(store=self.store)

    def next_redo(self) -> journal.Operation | None:
        """What Redo would do again."""
        return journal.next_redo(store=self.store)

    def history(self, limit: int | None = None) -> list[journal.Operation]:
        """The journal, newest first."""
        return journal.history(store=self.store, limit=limit)

    @property
    def path(self) -> Path:
        """The campaign file (a server campaign has none: use ``location``)."""
        return self.store.path

    @property
    def shared(self) -> bool:
        """Whether the campaign lives on a server, shared with a group."""
        return self.store.shared

    @property
    def location(self) -> str:
        """The file's path or the server URL (never with a password): what is remembered."""
        return self.store.location

    @property
    def beside(self) -> Path:
        """Where files made from the campaign are suggested (copies, PDFs).

        Beside the file; a server campaign has none, so a file named after it
        in the user's documents.
        """
        if not self.store.shared:
            return self.store.path
        from PySide6.QtCore import QStandardPaths  # noqa: PLC0415

        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        name = "".join(c for c in self.name() if c not in '<>:"/\\|?*').strip() or "campaign"
        return Path(documents) / f"{name}.tftcampaign"

    @property
    def place(self) -> str:
        """A short name of where it is, for the title bar."""
        address = getattr(self.store, "address", None)
        return str(address.display) if address is not None else self.store.path.name

    @property
    def backup_path(self) -> Path | None:
        """The copy made before this campaign was upgraded, if it was."""
        return self.store.backup_path

    @property
    def library(self) -> RulesLibrary:
        """The rules library the campaign plays by."""
        return library_for(self.store)

    def name(self) -> str:
        """The campaign's name."""
        return campaigns.campaign_name(store=self.store)

    def profile(self) -> RuleProfile:
        """The campaign's rules profile."""
        return campaigns.get_profile(store=self.store)

    def party(self) -> Party:
        """The whole party, each member evaluated when asked."""
        return campaigns.party(store=self.store)

    def sheets(self) -> list[Sheet]:
        """The whole party, evaluated."""
        return campaigns.party_sheets(store=self.store)

    def sheet(self, character_id: int) -> Sheet:
        """One character, evaluated."""
        return campaigns.character_sheet(store=self.store, character_id=character_id)

    def character(self, character_id: int) -> Character:
        """One character's stored data."""
        return characters.get_character(store=self.store, character_id=character_id)

    def undo_limit(self) -> int:
        """How many changes Undo reaches back."""
        return journal.undo_limit(store=self.store)

    def studies(self, character_id: int) -> list[StudyView]:
        """A character's studies in progress."""
        return abilities.studies_of(store=self.store, character_id=character_id)

    def week(self) -> int:
        """The campaign's current week."""
        return campaigns.current_week(store=self.store)

    def library_entries(self) -> list[Entry]:
        """Every entry of the campaign's library."""
        return library_app.entries(store=self.store)

    def library_in_effect(self) -> list[Entry]:
        """The entries as played: values an older campaign lacks come from the shipped library."""
        return library_app.in_effect(self.library_entries())

    def library_entry_error(self, entry: Entry) -> str:
        """Why an entry cannot be saved ("" when it can)."""
        return library_app.entry_error(store=self.store, entry=entry)

    def library_differences(self) -> list[library_app.Difference]:
        """Shipped library changes to review, if a newer library shipped."""
        if not library_app.update_available(store=self.store):
            return []
        return library_app.differences(store=self.store)

    def balances(self) -> dict[int, int]:
        """Every character's XP balance."""
        return experience.balances(store=self.store)

    def xp_status(self, character_id: int) -> experience.XPStatus:
        """Balance, next cost, and why a raise is refused."""
        return experience.status(store=self.store, character_id=character_id)

    def ledger(self, character_id: int) -> list[LedgerLine]:
        """A character's ledger."""
        return experience.ledger_lines(store=self.store, character_id=character_id)

    def money(self, character_id: int) -> int:
        """Money on hand."""
        return equipment.money(store=self.store, character_id=character_id)

    def money_lines(self, character_id: int) -> list[LedgerLine]:
        """The money ledger."""
        return equipment.money_lines(store=self.store, character_id=character_id)

    def assignment(self, character_id: int) -> Assignment:
        """A character's weekly activity (the week planner's module, loaded when it opens)."""
        from tftmanager.app import assignments  # noqa: PLC0415 - not needed to start

        return assignments.get_assignment(store=self.store, character_id=character_id)

    def report_failure(self, action: str, exc: Exception) -> None:
        """Tell the user an action failed, in their terms (a full disk, not SQLite's words)."""
        message = (user_message(exc) or getattr(exc, "message", None) or str(exc)
                   or type(exc).__name__)
        self.signals.action_failed.emit(f"{action} failed: {message}")

    def take_backup(self, root: Path) -> None:
        """A rolling backup of the campaign just opened; a failure is only reported.

        A server campaign is backed up by its server (and File > Save a Copy).
        """
        if self.store.shared:
            return
        try:
            campaigns.take_backup(store=self.store, root=root)
        except (OSError, CampaignError) as exc:
            self.report_failure("Backup", exc)

    def close(self) -> None:
        """Release the campaign file (its journal stays in it for next time)."""
        self.store.close()
