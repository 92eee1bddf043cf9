"""Undo commands: each maps to one application function and its inverse.

A command keeps ids and plain values, never ORM objects.  If its application
call fails, the command marks itself obsolete (the stack drops it) and the
failure is reported through the app signals; nothing half-done is left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from tftmanager.app import (
    abilities,
    campaigns,
    characters,
    equipment,
    experience,
    library,
    weeks,
)
from tftmanager.app.changes import Changes
from tftmanager.rules.character import Character
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.settings import RuleProfile

if TYPE_CHECKING:
    from tftmanager.ui.controller import Controller

EDIT_COMMAND_ID = 1001


class _Command(QUndoCommand):
    def __init__(self, controller: Controller, text: str) -> None:
        super().__init__(text)
        self.controller = controller
        # Plain Python state: the stack deletes an obsolete command's C++ side.
        self.failed = False

    def _run(self, action: Callable[[], Changes]) -> None:
        try:
            changes = action()
        except Exception as exc:  # noqa: BLE001 - every failure is shown, never swallowed
            self.failed = True
            self.setObsolete(True)
            self.controller.report_failure(self.text(), exc)
            return
        self.controller.signals.changes_applied.emit(changes)


class EditCharacter(_Command):
    """One edit of one character; consecutive edits of the same field merge."""

    def __init__(
        self, controller: Controller, character_id: int, before: Character, after: Character,
        field: str,
    ) -> None:
        super().__init__(controller, f"Edit {after.name or before.name}: {field}")
        self.character_id = character_id
        self.before = before
        self.after = after
        self.field = field

    def id(self) -> int:
        """Edits share an id so typing in one field becomes one undo step."""
        return EDIT_COMMAND_ID

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt API
        """Merge a following edit of the same field of the same character."""
        if not isinstance(other, EditCharacter):
            return False
        if other.character_id != self.character_id or other.field != self.field:
            return False
        self.after = other.after
        return True

    def redo(self) -> None:
        """Write the edited character."""
        self._run(lambda: characters.edit_character(
            store=self.controller.store, character_id=self.character_id, character=self.after))

    def undo(self) -> None:
        """Write it back as it was."""
        self._run(lambda: characters.edit_character(
            store=self.controller.store, character_id=self.character_id, character=self.before))


class AddCharacter(_Command):
    """Create (or duplicate) a character; redo after undo restores the same identity."""

    def __init__(
        self, controller: Controller, character: Character | None = None,
        duplicate_of: int | None = None,
    ) -> None:
        name = character.name if character else "character"
        super().__init__(controller, f"Duplicate {name}" if duplicate_of else f"Add {name}")
        self.character = character
        self.duplicate_of = duplicate_of
        self.removed: characters.Removed | None = None
        self.created_id: int | None = None

    def redo(self) -> None:
        """Create the first time; put the same character back after an undo."""
        def action() -> Changes:
            store = self.controller.store
            if self.removed is not None:
                return characters.restore_character(store=store, removed=self.removed)
            if self.duplicate_of is not None:
                created = characters.duplicate_character(
                    store=store, character_id=self.duplicate_of)
            else:
                assert self.character is not None
                created = characters.create_character(store=store, character=self.character)
            self.created_id = created.id
            return created.changes
        self._run(action)

    def undo(self) -> None:
        """Remove the character again, keeping what is needed to redo."""
        assert self.created_id is not None

        def action() -> Changes:
            self.removed = characters.delete_character(
                store=self.controller.store, character_id=self.created_id or 0)
            return self.removed.changes
        self._run(action)


class DeleteCharacter(_Command):
    """Delete a character; undo puts it back with the same id, uid and gear."""

    def __init__(self, controller: Controller, character_id: int, name: str) -> None:
        super().__init__(controller, f"Delete {name}")
        self.character_id = character_id
        self.removed: characters.Removed | None = None

    def redo(self) -> None:
        """Delete, remembering everything about the character."""
        def action() -> Changes:
            self.removed = characters.delete_character(
                store=self.controller.store, character_id=self.character_id)
            return self.removed.changes
        self._run(action)

    def undo(self) -> None:
        """Restore it."""
        removed = self.removed
        assert removed is not None
        self._run(lambda: characters.restore_character(
            store=self.controller.store, removed=removed))


class ChangeProfile(_Command):
    """Change the campaign's rules profile."""

    def __init__(self, controller: Controller, before: RuleProfile, after: RuleProfile) -> None:
        super().__init__(controller, "Change campaign rules")
        self.before = before
        self.after = after

    def redo(self) -> None:
        """Apply the new profile."""
        self._run(lambda: campaigns.set_profile(store=self.controller.store, profile=self.after))

    def undo(self) -> None:
        """Restore the old profile."""
        self._run(lambda: campaigns.set_profile(store=self.controller.store, profile=self.before))


class LearnAbility(_Command):
    """Learn a talent or spell through the rules' checks; undo forgets it."""

    def __init__(self, controller: Controller, character_id: int, kind: str, key: str,
                 name: str) -> None:
        super().__init__(controller, f"Learn {name}")
        self.character_id = character_id
        self.kind = kind
        self.key = key

    def redo(self) -> None:
        """Learn it (refused with the reasons when not allowed)."""
        learn = abilities.learn_talent if self.kind == "talent" else abilities.learn_spell
        self._run(lambda: learn(store=self.controller.store, character_id=self.character_id,
                                key=self.key))

    def undo(self) -> None:
        """Forget it again."""
        forget = abilities.forget_talent if self.kind == "talent" else abilities.forget_spell
        self._run(lambda: forget(store=self.controller.store, character_id=self.character_id,
                                 key=self.key))


class StartStudy(_Command):
    """Begin studying a talent; undo cancels the study."""

    def __init__(self, controller: Controller, character_id: int, key: str, name: str,
                 teacher: bool, on_the_job: bool) -> None:
        super().__init__(controller, f"Study {name}")
        self.character_id = character_id
        self.key = key
        self.teacher = teacher
        self.on_the_job = on_the_job
        self.study_id: int | None = None

    def redo(self) -> None:
        """Start the study."""
        def action() -> Changes:
            started = abilities.start_study(
                store=self.controller.store, character_id=self.character_id, key=self.key,
                teacher=self.teacher, on_the_job=self.on_the_job)
            self.study_id = started.id
            return started.changes
        self._run(action)

    def undo(self) -> None:
        """Cancel it."""
        study_id = self.study_id
        assert study_id is not None
        self._run(lambda: abilities.cancel_study(store=self.controller.store,
                                                 study_id=study_id))


class SaveLibraryEntry(_Command):
    """Add or edit a library entry (retiring is an edit); undo puts the old one back."""

    def __init__(self, controller: Controller, before: Entry | None, after: Entry,
                 text: str) -> None:
        super().__init__(controller, text)
        self.before = before
        self.after = after

    def redo(self) -> None:
        """Save the new entry."""
        self._run(lambda: library.save_entry(store=self.controller.store, entry=self.after))

    def undo(self) -> None:
        """Restore the old entry, or remove an added one."""
        before = self.before
        if before is None:
            self._run(lambda: library.delete_entry(store=self.controller.store,
                                                   kind=self.after.kind, key=self.after.key))
        else:
            self._run(lambda: library.save_entry(store=self.controller.store, entry=before))


class DeleteLibraryEntry(_Command):
    """Delete an unused library entry; undo adds it back."""

    def __init__(self, controller: Controller, entry: Entry) -> None:
        super().__init__(controller, f"Delete {entry.data.get('name', entry.key)}")
        self.entry = entry

    def redo(self) -> None:
        """Delete (refused while a character uses it)."""
        self._run(lambda: library.delete_entry(store=self.controller.store,
                                               kind=self.entry.kind, key=self.entry.key))

    def undo(self) -> None:
        """Add it back."""
        self._run(lambda: library.save_entry(store=self.controller.store, entry=self.entry))


class LedgerAction(_Command):
    """An award or a purchase: the first redo runs it; undo takes its entries back."""

    def __init__(self, controller: Controller, text: str,
                 action: Callable[[], experience.Written]) -> None:
        super().__init__(controller, text)
        self.action = action
        self.written: experience.Written | None = None

    def redo(self) -> None:
        """Run the action once; after an undo, put the same entries back."""
        def run() -> Changes:
            if self.written is None:
                self.written = self.action()
                return self.written.changes
            return experience.put_back(store=self.controller.store, written=self.written)
        self._run(run)

    def undo(self) -> None:
        """Remove exactly the entries the action wrote."""
        written = self.written
        assert written is not None
        self._run(lambda: experience.take_back(store=self.controller.store, written=written))


class DealAction(_Command):
    """A purchase, sale, repair or money entry: run once, then undo/redo exactly."""

    def __init__(self, controller: Controller, text: str,
                 action: Callable[[], equipment.Deal]) -> None:
        super().__init__(controller, text)
        self.action = action
        self.deal: equipment.Deal | None = None

    def redo(self) -> None:
        """Run the action the first time; afterwards put its result back."""
        def run() -> Changes:
            if self.deal is None:
                self.deal = self.action()
                return self.deal.changes
            return equipment.put_back(store=self.controller.store, deal=self.deal)
        self._run(run)

    def undo(self) -> None:
        """The character as it was and its money entries removed."""
        deal = self.deal
        assert deal is not None
        self._run(lambda: equipment.take_back(store=self.controller.store, deal=deal))


class WeekAction(_Command):
    """One campaign week: run once with its seed, then undo/redo exactly."""

    def __init__(self, controller: Controller, seed: int) -> None:
        super().__init__(controller, "Run week")
        self.seed = seed
        self.applied: weeks.AppliedWeek | None = None

    def redo(self) -> None:
        """Run the week the first time; afterwards put the same results back."""
        def run() -> Changes:
            if self.applied is None:
                self.applied = weeks.run_week(store=self.controller.store, seed=self.seed)
                self.setText(f"Run week {self.applied.report.week}")
                return self.applied.changes
            return weeks.put_back(store=self.controller.store, applied=self.applied)
        self._run(run)

    def undo(self) -> None:
        """Take the whole week back."""
        applied = self.applied
        assert applied is not None
        self._run(lambda: weeks.take_back(store=self.controller.store, applied=applied))


class CharacterStateAction(_Command):
    """A change computed by the rules (a survival roll): before/after, undone exactly."""

    def __init__(self, controller: Controller, text: str, character_id: int,
                 before: Character, after: Character) -> None:
        super().__init__(controller, text)
        self.character_id = character_id
        self.before = before
        self.after = after
        self.first = True

    def redo(self) -> None:
        """Already written the first time; written again on redo."""
        if self.first:
            self.first = False
            self.controller.signals.changes_applied.emit(
                Changes(characters=frozenset({self.character_id})))
            return
        self._run(lambda: characters.edit_character(
            store=self.controller.store, character_id=self.character_id,
            character=self.after))

    def undo(self) -> None:
        """Put the character back as it was before the roll."""
        self._run(lambda: characters.edit_character(
            store=self.controller.store, character_id=self.character_id,
            character=self.before))
