"""The open campaign in the GUI: its store, its undo stack and the app signals.

Widgets never touch the store: they ask the controller, which calls the
application functions (reads) or pushes undo commands (writes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtGui import QUndoStack

from tftmanager.app import abilities, campaigns, characters, equipment, experience, weeks
from tftmanager.app import library as library_app
from tftmanager.app.abilities import StudyView
from tftmanager.app.library import library_for
from tftmanager.app.sheet import Sheet
from tftmanager.app.weeks import AssignmentData
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
from tftmanager.store.errors import CampaignError
from tftmanager.store.failures import user_message
from tftmanager.store.ledger import LedgerLine
from tftmanager.ui import commands
from tftmanager.ui.signals import AppSignals


class Controller:
    """Everything the windows need to read and change one open campaign."""

    def __init__(self, store: CampaignStore, signals: AppSignals, stack: QUndoStack) -> None:
        self.store = store
        self.signals = signals
        self.stack = stack

    @classmethod
    def open(cls, path: Path, signals: AppSignals, stack: QUndoStack) -> Controller:
        """Open a campaign file (raises CampaignError with a message for the user)."""
        return cls(campaigns.open_existing(path=path), signals, stack)

    @classmethod
    def create(
        cls, path: Path, signals: AppSignals, stack: QUndoStack, *, demo: bool = False
    ) -> Controller:
        """Create a campaign file and open it."""
        return cls(campaigns.new_campaign(path=path, demo=demo), signals, stack)

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

    def edit(self, character_id: int, before: Character, after: Character, field: str) -> None:
        """Save an edit of one field."""
        self.stack.push(commands.EditCharacter(self, character_id, before, after, field))

    def add(self, character: Character) -> int | None:
        """Add a character; returns its id (None if it failed)."""
        command = commands.AddCharacter(self, character)
        self.stack.push(command)
        return command.created_id

    def duplicate(self, character_id: int, name: str) -> int | None:
        """Duplicate a character; returns the copy's id."""
        command = commands.AddCharacter(self, Character(name=name, race="", st=0, dx=0),
                                        duplicate_of=character_id)
        self.stack.push(command)
        return command.created_id

    def delete(self, character_id: int, name: str) -> None:
        """Delete a character (undoable)."""
        self.stack.push(commands.DeleteCharacter(self, character_id, name))

    def set_profile(self, profile: RuleProfile) -> None:
        """Change the rules profile (undoable)."""
        before = self.profile()
        if before != profile:
            self.stack.push(commands.ChangeProfile(self, before, profile))

    def learn(self, character_id: int, kind: str, key: str, name: str) -> bool:
        """Learn a talent or spell (undoable); False when the rules refused it."""
        command = commands.LearnAbility(self, character_id, kind, key, name)
        self.stack.push(command)
        return not command.failed

    def forget(self, character_id: int, kind: str, key: str) -> None:
        """Forget a talent or spell (an undoable edit)."""
        before = self.character(character_id)
        if kind == "talent":
            after = replace(before, talents=tuple(t for t in before.talents if t.key != key))
        else:
            after = replace(before, spells=tuple(s for s in before.spells if s != key))
        self.edit(character_id, before, after, f"forget {key}")

    def start_study(self, character_id: int, key: str, name: str, *, teacher: bool,
                    on_the_job: bool) -> bool:
        """Begin a study (undoable); False when the rules refused it."""
        command = commands.StartStudy(self, character_id, key, name, teacher, on_the_job)
        self.stack.push(command)
        return not command.failed

    def studies(self, character_id: int) -> list[StudyView]:
        """A character's studies in progress."""
        return abilities.studies_of(store=self.store, character_id=character_id)

    def cancel_study(self, study_id: int) -> None:
        """Stop a study (not undoable: its progress is gone)."""
        self.signals.changes_applied.emit(
            abilities.cancel_study(store=self.store, study_id=study_id))

    def week(self) -> int:
        """The campaign's current week."""
        return campaigns.current_week(store=self.store)

    def advance_week(self) -> abilities.WeekReport:
        """Move the campaign a week on (studies progress)."""
        report = abilities.advance_week(store=self.store)
        self.stack.clear()  # earlier edits' inverses no longer fit the new week
        self.signals.changes_applied.emit(report.changes)
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
        name = after.data.get("name", after.key)
        if before is None:
            text = f"Add {name} to the library"
        elif before.retired != after.retired:
            text = f"{'Retire' if after.retired else 'Restore'} {name}"
        else:
            text = f"Edit {name} in the library"
        command = commands.SaveLibraryEntry(self, before, after, text)
        self.stack.push(command)
        return not command.failed

    def delete_library_entry(self, entry: Entry) -> bool:
        """Delete an unused entry (undoable); False when refused (someone uses it)."""
        command = commands.DeleteLibraryEntry(self, entry)
        self.stack.push(command)
        return not command.failed

    def library_differences(self) -> list[library_app.Difference]:
        """Shipped library changes to review, if a newer library shipped."""
        if not library_app.update_available(store=self.store):
            return []
        return library_app.differences(store=self.store)

    def review_library(self, accept: list[library_app.Difference],
                       skip: list[library_app.Difference]) -> None:
        """Apply the GM's choices on shipped changes (a review cannot be undone)."""
        changes = library_app.review_differences(store=self.store, accept=accept, skip=skip)
        self.stack.clear()
        self.signals.changes_applied.emit(changes)

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
        command = commands.LedgerAction(self, text, action)
        self.stack.push(command)
        return None if command.failed else command.written

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
        command = commands.DealAction(self, text, action)
        self.stack.push(command)
        return None if command.failed else command.deal

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

    def assignment(self, character_id: int) -> AssignmentData:
        """A character's weekly activity."""
        return weeks.get_assignment(store=self.store, character_id=character_id)

    def assign(self, character_id: int, data: AssignmentData) -> bool:
        """Set a character's weekly activity (saved at once; not an undo step)."""
        try:
            changes = weeks.assign(store=self.store, character_id=character_id, data=data)
        except weeks.WeekRefused as exc:
            self.report_failure("Assign", exc)
            return False
        self.signals.changes_applied.emit(changes)
        return True

    def missing_job_values(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """Assigned jobs whose lost values the GM must supply."""
        return weeks.missing_values(store=self.store)

    def set_job_value(self, job: str, field_name: str, value: int | str) -> None:
        """Remember a value the GM supplied (in the campaign's library)."""
        self.signals.changes_applied.emit(weeks.set_job_value(
            store=self.store, job=job, field_name=field_name, value=value))

    def run_weeks(self, count: int, seed: int,
                  progress: Callable[[int, int], bool] | None = None
                  ) -> list[weeks.AppliedWeek]:
        """Run weeks as one undo step; stops early on injury, arrest or a dying figure."""
        results: list[weeks.AppliedWeek] = []
        self.stack.beginMacro(f"Run {count} week{'s' if count > 1 else ''}")
        try:
            for i in range(count):
                command = commands.WeekAction(self, seed + i)
                self.stack.push(command)
                if command.failed or command.applied is None:
                    break
                results.append(command.applied)
                if progress is not None and progress(i + 1, count) is False:
                    break
                if command.applied.report.stop:
                    break
        finally:
            self.stack.endMacro()
        return results

    def dry_run_week(self, seed: int) -> weeks.AppliedWeek:
        """Roll a week and write nothing."""
        return weeks.run_week(store=self.store, seed=seed, dry_run=True)

    def survival_roll(self, character_id: int, situation: Situation,
                      seed: int | None = None) -> weeks.SurvivalResult | None:
        """Roll for a dying character (undoable)."""
        try:
            result = weeks.survival_roll(store=self.store, character_id=character_id,
                                         situation=situation, seed=seed)
        except weeks.WeekRefused as exc:
            self.report_failure("Survival roll", exc)
            return None
        self.stack.push(commands.CharacterStateAction(
            self, "Survival roll", character_id, result.before, result.after))
        return result

    def report_failure(self, action: str, exc: Exception) -> None:
        """Tell the user an action failed, in their terms (a full disk, not SQLite's words)."""
        message = (user_message(exc) or getattr(exc, "message", None) or str(exc)
                   or type(exc).__name__)
        self.signals.action_failed.emit(f"{action} failed: {message}")

    def take_backup(self, root: Path) -> None:
        """A rolling backup of the campaign just opened; a failure is only reported."""
        try:
            campaigns.take_backup(store=self.store, root=root)
        except (OSError, CampaignError) as exc:
            self.report_failure("Backup", exc)

    def close(self) -> None:
        """Forget the undo history and release the campaign file."""
        self.stack.clear()
        self.store.close()
