"""The open campaign in the GUI: its store, its undo stack and the app signals.

Widgets never touch the store: they ask the controller, which calls the
application functions (reads) or pushes undo commands (writes).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tftmanager.app import (
    abilities,
    assignments,
    campaigns,
    characters,
    equipment,
    experience,
    journal,
    survival,
    weeks,
)
from tftmanager.app import library as library_app
from tftmanager.app.abilities import StudyView
from tftmanager.app.changes import Changes
from tftmanager.app.library import library_for
from tftmanager.app.sheet import Sheet
from tftmanager.app.week_report import AppliedWeek
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.awards import Award
from tftmanager.rules.character import Character
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.survival import Situation
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.ledger import LedgerLine
from tftmanager.ui.signals import AppSignals

T = TypeVar("T")


class Controller:
    """Everything the windows need to read and change one open campaign."""

    def __init__(self, store: CampaignStore, signals: AppSignals) -> None:
        self.store = store
        self.signals = signals

    @classmethod
    def open(cls, path: Path, signals: AppSignals) -> Controller:
        """Open a campaign file (raises CampaignError with a message for the user)."""
        return cls(campaigns.open_existing(path=path), signals)

    @classmethod
    def create(cls, path: Path, signals: AppSignals, *, demo: bool = False) -> Controller:
        """Create a campaign file and open it."""
        return cls(campaigns.new_campaign(path=path, demo=demo), signals)

    def _do(self, action_name: str, action: Callable[[], T]) -> T | None:
        """Run one operation: its changes are signalled, a refusal is reported, not raised."""
        try:
            result = action()
        except Exception as exc:  # noqa: BLE001 - every failure is shown, never swallowed
            self.report_failure(action_name, exc)
            return None
        changes = result if isinstance(result, Changes) else getattr(result, "changes", None)
        if isinstance(changes, Changes):
            self.signals.changes_applied.emit(changes)
        self.signals.journal_changed.emit()
        return result

    # Undo and redo read the campaign's journal, so they survive a restart.

    def undo(self) -> None:
        """Take back the newest operation."""
        self._do("Undo", lambda: journal.undo(store=self.store))

    def redo(self) -> None:
        """Do the newest undone operation again."""
        self._do("Redo", lambda: journal.redo(store=self.store))

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
        """The campaign file."""
        return self.store.path

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

    def sheets(self) -> list[Sheet]:
        """The whole party, evaluated."""
        return campaigns.party_sheets(store=self.store)

    def sheet(self, character_id: int) -> Sheet:
        """One character, evaluated."""
        return campaigns.character_sheet(store=self.store, character_id=character_id)

    def character(self, character_id: int) -> Character:
        """One character's stored data."""
        return characters.get_character(store=self.store, character_id=character_id)

    # Writes: each is an undo command.

    def edit(self, character_id: int, after: Character) -> None:
        """Save an edit; typing in one field merges into one operation in the journal."""
        self._do(f"Edit {after.name}", lambda: characters.edit_character(
            store=self.store, character_id=character_id, character=after))

    def add(self, character: Character) -> int | None:
        """Add a character; returns its id (None if it failed)."""
        created = self._do(f"Add {character.name}", lambda: characters.create_character(
            store=self.store, character=character))
        return created.id if created else None

    def add_new(self) -> int | None:
        """Add a figure at the race minimums; returns its id (None if it failed)."""
        created = self._do("Add character", lambda: characters.add_new_character(
            store=self.store))
        return created.id if created else None

    def duplicate(self, character_id: int, name: str) -> int | None:
        """Duplicate a character; returns the copy's id."""
        created = self._do(f"Duplicate {name}", lambda: characters.duplicate_character(
            store=self.store, character_id=character_id))
        return created.id if created else None

    def delete(self, character_id: int, name: str) -> None:
        """Delete a character (undoable)."""
        self._do(f"Delete {name}", lambda: characters.delete_character(
            store=self.store, character_id=character_id))

    def set_profile(self, profile: RuleProfile) -> None:
        """Change the rules profile (undoable)."""
        if self.profile() != profile:
            self._do("Change campaign rules", lambda: campaigns.set_profile(
                store=self.store, profile=profile))

    def change_rules(self, profile: RuleProfile, entries: list[Entry],
                     undo_limit: int | None = None) -> None:
        """The Campaign Rules dialog's choices, as one operation."""
        self._do("Change campaign rules", lambda: campaigns.change_rules(
            store=self.store, profile=profile, entries=entries, undo_limit=undo_limit))

    def undo_limit(self) -> int:
        """How many changes Undo reaches back."""
        return journal.undo_limit(store=self.store)

    def learn(self, character_id: int, kind: str, key: str, name: str) -> bool:
        """Learn a talent or spell (undoable); False when the rules refused it."""
        learn = abilities.learn_talent if kind == "talent" else abilities.learn_spell
        return self._do(f"Learn {name}", lambda: learn(
            store=self.store, character_id=character_id, key=key)) is not None

    def forget(self, character_id: int, kind: str, key: str) -> None:
        """Forget a talent or spell (undoable)."""
        forget = abilities.forget_talent if kind == "talent" else abilities.forget_spell
        self._do("Forget", lambda: forget(store=self.store, character_id=character_id,
                                          key=key))

    def start_study(self, character_id: int, key: str, name: str, *, teacher: bool,
                    on_the_job: bool) -> bool:
        """Begin a study (undoable); False when the rules refused it."""
        return self._do(f"Study {name}", lambda: abilities.start_study(
            store=self.store, character_id=character_id, key=key, teacher=teacher,
            on_the_job=on_the_job)) is not None

    def studies(self, character_id: int) -> list[StudyView]:
        """A character's studies in progress."""
        return abilities.studies_of(store=self.store, character_id=character_id)

    def cancel_study(self, study_id: int) -> None:
        """Stop a study (undoable: its progress comes back)."""
        self._do("Cancel study", lambda: abilities.cancel_study(
            store=self.store, study_id=study_id))

    def week(self) -> int:
        """The campaign's current week."""
        return campaigns.current_week(store=self.store)

    def advance_week(self) -> abilities.WeekReport:
        """Move the campaign a week on (studies progress)."""
        report = abilities.advance_week(store=self.store)
        self.signals.changes_applied.emit(report.changes)
        self.signals.journal_changed.emit()
        return report

    # The campaign's rules library

    def library_entries(self) -> list[Entry]:
        """Every entry of the campaign's library."""
        return library_app.entries(store=self.store)

    def library_entry_error(self, entry: Entry) -> str:
        """Why an entry cannot be saved ("" when it can)."""
        return library_app.entry_error(store=self.store, entry=entry)

    def save_library_entry(self, before: Entry | None, after: Entry) -> bool:
        """Add or edit an entry (undoable); False when refused."""
        del before  # the journal keeps what undo needs
        name = after.data.get("name", after.key)
        return self._do(f"Save {name}", lambda: library_app.save_entry(
            store=self.store, entry=after)) is not None

    def delete_library_entry(self, entry: Entry) -> bool:
        """Delete an unused entry (undoable); False when refused (someone uses it)."""
        return self._do(f"Delete {entry.data.get('name', entry.key)}", lambda:
                        library_app.delete_entry(store=self.store, kind=entry.kind,
                                                 key=entry.key)) is not None

    def library_differences(self) -> list[library_app.Difference]:
        """Shipped library changes to review, if a newer library shipped."""
        if not library_app.update_available(store=self.store):
            return []
        return library_app.differences(store=self.store)

    def review_library(self, accept: list[library_app.Difference],
                       skip: list[library_app.Difference]) -> None:
        """Apply the GM's choices on shipped changes (undoable)."""
        self._do("Library update", lambda: library_app.review_differences(
            store=self.store, accept=accept, skip=skip))

    # Experience

    def balances(self) -> dict[int, int]:
        """Every character's XP balance."""
        return experience.balances(store=self.store)

    def xp_status(self, character_id: int) -> experience.XPStatus:
        """Balance, next cost, and why a raise is refused."""
        return experience.status(store=self.store, character_id=character_id)

    def ledger(self, character_id: int) -> list[LedgerLine]:
        """A character's ledger."""
        return experience.ledger_lines(store=self.store, character_id=character_id)

    def _ledger_action(self, text: str,
                       action: Callable[[], experience.Written]) -> experience.Written | None:
        return self._do(text, action)

    def award(self, character_ids: list[int], amount: int, reason: str, *,
              split: bool = False) -> experience.Written | None:
        """A GM award (undoable); None when refused."""
        who = "the party" if len(character_ids) > 1 else "one character"
        return self._ledger_action(
            f"Award {amount} XP to {who}",
            lambda: experience.award(store=self.store, character_ids=character_ids,
                                     amount=amount, reason=reason, split=split))

    def award_combat(self, awards: list[tuple[int, Award]]) -> experience.Written | None:
        """Melee's combat awards (undoable)."""
        return self._ledger_action(
            "Combat experience",
            lambda: experience.award_each(store=self.store, awards=awards))

    def buy_memory(self, character_id: int) -> experience.Written | None:
        """Legacy rule: a memory point for XP (undoable)."""
        return self._ledger_action("Buy memory", lambda: experience.buy_memory(
            store=self.store, character_id=character_id))

    def raise_attribute(self, character_id: int,
                        attribute: Attribute) -> experience.Written | None:
        """Spend XP on a point (undoable); None when refused."""
        return self._ledger_action(
            f"Raise {attribute.label}",
            lambda: experience.raise_attribute(store=self.store, character_id=character_id,
                                               attribute=attribute))

    # Possessions and money

    def money(self, character_id: int) -> int:
        """Money on hand."""
        return equipment.money(store=self.store, character_id=character_id)

    def money_lines(self, character_id: int) -> list[LedgerLine]:
        """The money ledger."""
        return equipment.money_lines(store=self.store, character_id=character_id)

    def _deal(self, text: str, action: Callable[[], equipment.Deal]) -> equipment.Deal | None:
        return self._do(text, action)

    def buy(self, character_id: int, kind: ItemKind, key: str, quality: Quality,
            quantity: int = 1) -> equipment.Deal | None:
        """Buy an item (undoable); None when refused."""
        name = equipment.entry_name(self.library, kind, key)
        return self._deal(f"Buy {name}", lambda: equipment.buy(
            store=self.store, character_id=character_id, kind=kind, key=key, quality=quality,
            quantity=quantity))

    def sell(self, character_id: int, index: int, price: int) -> equipment.Deal | None:
        """Sell (or drop, at $0) an item (undoable)."""
        return self._deal("Sell" if price else "Drop", lambda: equipment.sell(
            store=self.store, character_id=character_id, index=index, price=price))

    def move_item(self, character_id: int, index: int,
                  state: ItemState) -> equipment.Deal | None:
        """Ready, carry or store an item (undoable)."""
        return self._deal(f"Move to {state.value}", lambda: equipment.move(
            store=self.store, character_id=character_id, index=index, state=state))

    def record_hits(self, character_id: int, index: int, hits: int) -> equipment.Deal | None:
        """Record hits an armor or shield stopped (undoable)."""
        return self._deal(f"Record {hits} hits", lambda: equipment.record_hits(
            store=self.store, character_id=character_id, index=index, hits=hits))

    def repair(self, character_id: int, index: int) -> equipment.Deal | None:
        """Repair a metal armor or shield (undoable)."""
        return self._deal("Repair", lambda: equipment.repair(
            store=self.store, character_id=character_id, index=index))

    def record_money(self, character_id: int, amount: int, kind: MoneyKind,
                     reason: str) -> equipment.Deal | None:
        """A money entry (undoable)."""
        return self._deal(f"{kind.label} ${abs(amount)}", lambda: equipment.record_money(
            store=self.store, character_id=character_id, amount=amount, kind=kind,
            reason=reason))

    # Job weeks

    def assignment(self, character_id: int) -> Assignment:
        """A character's weekly activity."""
        return assignments.get_assignment(store=self.store, character_id=character_id)

    def assign(self, character_id: int, data: Assignment) -> bool:
        """Set a character's weekly activity (undoable)."""
        return self._do("Assign", lambda: assignments.assign(
            store=self.store, character_id=character_id, data=data)) is not None

    def set_job_value(self, job: str, field_name: str, value: int | str) -> None:
        """Remember a value the GM supplied (in the campaign's library)."""
        self._do("Set job value", lambda: assignments.set_job_value(
            store=self.store, job=job, field_name=field_name, value=value))

    def run_weeks(self, count: int, seed: int | None = None,
                  progress: Callable[[int, int], bool] | None = None, *,
                  dry_run: bool = False) -> list[AppliedWeek]:
        """Run (or dry-run) weeks through the one use case, ``weeks.run_weeks``.

        Its refusals (NeedsValues, WeekRefused) reach the caller, which may ask
        for the missing values and try again.  A real run is one operation.
        """
        results = weeks.run_weeks(store=self.store, weeks=count, seed=seed, dry_run=dry_run,
                                  progress=progress)
        if not dry_run:
            for applied in results:
                self.signals.changes_applied.emit(applied.changes)
            self.signals.journal_changed.emit()
        return results

    def survival_roll(self, character_id: int, situation: Situation,
                      seed: int | None = None) -> survival.SurvivalResult | None:
        """Roll for a dying character (undoable)."""
        result = self._do("Survival roll", lambda: survival.survival_roll(
            store=self.store, character_id=character_id, situation=situation, seed=seed))
        if result is not None:
            self.signals.changes_applied.emit(Changes(characters=frozenset({character_id})))
        return result

    def report_failure(self, action: str, exc: Exception) -> None:
        """Tell the user an action failed, in their terms."""
        message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
        self.signals.action_failed.emit(f"{action} failed: {message}")

    def close(self) -> None:
        """Release the campaign file (its journal stays in it for next time)."""
        self.store.close()
