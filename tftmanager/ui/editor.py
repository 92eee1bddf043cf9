"""The character editor: every field saved as it is edited, problems shown in place.

The editor never decides a rule: it builds the edited Character and hands it
to ``ui.operations`` (undoable); a value the app will not store at all (an
empty name, ST 0, a name another character has) comes back as InputError
and is shown at its field, not in a dialog, since it is refused as it is typed.
Derived stats and problems come back from the rules after each change.
The dialogs it opens (picker, shop, money, award, ledger) are imported when
first opened, so none of them delays the editor at start-up.
At start-up it shows the campaign's preview first (``ui.preview_editing``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar, cast

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import editor_reads
from tftmanager.app.changes import Changes
from tftmanager.app.sheet import Sheet
from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.character import (
    ATTRIBUTE_BOUNDS,
    NAME_MAX,
    Character,
    InputError,
)
from tftmanager.rules.experience import Attribute
from tftmanager.rules.loadout import GEAR_FIELDS
from tftmanager.ui import operations, preview_editing
from tftmanager.ui.abilities_panel import AbilitiesPanel
from tftmanager.ui.derived_panel import DerivedPanel
from tftmanager.ui.form_reset import blank
from tftmanager.ui.gear_choice import apply_gear, gear_after
from tftmanager.ui.gear_fields import carried, offer_gear, select, show_gear
from tftmanager.ui.possessions_panel import PossessionsPanel
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.xp_panel import XPPanel

if TYPE_CHECKING:
    from tftmanager.ui.award_dialog import AwardDialog
    from tftmanager.ui.buy_dialog import BuyDialog
    from tftmanager.ui.ledger_dialog import LedgerDialog
    from tftmanager.ui.money_dialog import MoneyDialog
    from tftmanager.ui.picker import PickerDialog
    from tftmanager.ui.preview_session import PreviewSession
    from tftmanager.ui.session import CampaignSession

_D = TypeVar("_D", bound=QDialog)

EMPTY_HINT = ("No characters yet: add one with Edit > Add Character (Ctrl+Shift+N), "
              "or bring them in with File > Import Characters (files saved by "
              "tftmanager export), File > Import Stat Blocks or File > Import from "
              "Foundry VTT.")


class CharacterEditor(QWidget):
    """Edits one character of the open campaign."""

    preview_edited = Signal(object, int)  # a kept edit's sheet and XP balance (ui.preview_editing)

    def __init__(self) -> None:
        super().__init__()
        self.session: CampaignSession | None = None
        self.character_id: int | None = None
        self.stored: Character | None = None
        self._loading = False
        self.problems: dict[str, ProblemLabel] = {}

        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)  # the empty campaign's hint is a sentence
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)

        self.name = QLineEdit()
        self.name.setMaxLength(NAME_MAX + 1)
        self.race = QComboBox()
        self.player = QLineEdit()
        self.spins: dict[str, QSpinBox] = {}
        for attr in ("st", "dx", "iq", "sp", "bought_points"):
            spin = QSpinBox()
            low, high = ATTRIBUTE_BOUNDS[attr]
            spin.setRange(low, high)
            spin.setAccelerated(True)
            spin.setToolTip(f"{low} to {high}")
            spin.setMaximumWidth(110)
            self.spins[attr] = spin
        self.armor = QComboBox()
        self.shield = QComboBox()
        self.shield_ready = QCheckBox("Shield &ready (not slung on the back)")
        self.weapons = QListWidget()
        self.weapons.setMinimumHeight(140)
        self.ready_weapon = QComboBox()
        self.kind = QComboBox()
        self.kind.addItem("Hero", CharacterKind.HERO)
        self.kind.addItem("Wizard", CharacterKind.WIZARD)
        self.abilities = AbilitiesPanel()
        self.xp = XPPanel()
        self.possessions = PossessionsPanel()
        self.notes = QPlainTextEdit()
        self.notes.setMaximumHeight(90)
        self.notes.setTabChangesFocus(True)  # Tab moves on (to the Derived panel), no trap
        self.derived = DerivedPanel()

        self._build_layout()
        self._connect()
        self.setEnabled(False)

    # Layout

    def _row(self, form: QFormLayout, text: str, field: QWidget, key: str) -> None:
        label = QLabel(text)
        label.setBuddy(field)
        field.setAccessibleName(text.replace("&", "").rstrip(":"))
        form.addRow(label, field)
        problem = ProblemLabel(field)
        self.problems[key] = problem
        form.addRow("", problem)

    def _build_layout(self) -> None:
        identity = QGroupBox("Character")
        form = QFormLayout(identity)
        self._row(form, "&Name:", self.name, "name")
        self._row(form, "&Race:", self.race, "race")
        self._row(form, "&Player:", self.player, "player")
        self._row(form, "&Kind:", self.kind, "kind")

        attributes = QGroupBox("Attributes")
        form = QFormLayout(attributes)
        self._row(form, "&ST:", self.spins["st"], "st")
        self._row(form, "&DX:", self.spins["dx"], "dx")
        self._row(form, "&IQ:", self.spins["iq"], "iq")
        self._row(form, "S&P:", self.spins["sp"], "sp")
        self._row(form, "Points &bought with XP:", self.spins["bought_points"], "bought_points")
        self.problems["attributes"] = ProblemLabel()
        form.addRow(self.problems["attributes"])

        gear = QGroupBox("Equipment (kept as possessions)")
        gear.setToolTip("What these choices wear and carry is listed, with its wear, "
                        "on the Possessions tab.")
        form = QFormLayout(gear)
        self._row(form, "&Armor:", self.armor, "armor")
        self._row(form, "S&hield:", self.shield, "shield")
        form.addRow("", self.shield_ready)
        self.shield_ready.setAccessibleName("Shield ready")
        self._row(form, "&Weapons carried:", self.weapons, "weapons")
        self._row(form, "Read&y weapon:", self.ready_weapon, "ready_weapon")

        notes = QGroupBox("Notes")
        notes_layout = QVBoxLayout(notes)
        notes_layout.addWidget(self.notes)
        self.notes.setAccessibleName("Notes")
        self.problems["notes"] = ProblemLabel(self.notes)
        notes_layout.addWidget(self.problems["notes"])

        character_page = QWidget()
        left = QVBoxLayout(character_page)
        for box in (identity, attributes, self.xp, gear, notes):
            left.addWidget(box)
        left.addStretch(1)
        abilities_page = QWidget()
        abilities_layout = QVBoxLayout(abilities_page)
        abilities_layout.addWidget(self.abilities)
        abilities_layout.addStretch(1)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Character sections")
        self.tabs.addTab(character_page, "&Character")
        self.tabs.addTab(abilities_page, "&Talents && Spells")
        self.tabs.addTab(self.possessions, "P&ossessions && Money")
        columns = QHBoxLayout()
        columns.addWidget(self.tabs, 3)
        columns.addWidget(self.derived, 2)

        inner = QWidget()
        inner_layout = QVBoxLayout(inner)
        inner_layout.addWidget(self.title)
        inner_layout.addLayout(columns)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a stop: the fields inside are
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def _connect(self) -> None:
        # A name is one edit, made when the field is left or Enter pressed: saved
        # whole or refused whole, never a keystroke's half of it (issue 34).
        self.name.editingFinished.connect(self._commit_name)
        self.player.textEdited.connect(lambda text: self._edit("player", text))
        self.race.currentIndexChanged.connect(
            lambda _i: self._edit("race", self.race.currentData()))
        for attr, spin in self.spins.items():
            spin.valueChanged.connect(lambda value, a=attr: self._edit(a, value))
        self.armor.currentIndexChanged.connect(
            lambda _i: self._edit("armor", self.armor.currentData()))
        self.shield.currentIndexChanged.connect(
            lambda _i: self._edit("shield", self.shield.currentData()))
        self.kind.currentIndexChanged.connect(lambda _i: self._edit_kind())
        self.abilities.pick_requested.connect(self.open_picker)
        self.xp.raise_requested.connect(self._raise)
        self.possessions.edited.connect(self._edit)
        self.possessions.buy_requested.connect(self.open_buy)
        self.possessions.money_requested.connect(self.open_money)
        self.xp.award_requested.connect(self.open_award)
        self.xp.memory_requested.connect(self._buy_memory)
        self.xp.ledger_requested.connect(self.open_ledger)
        self.abilities.forget_button.clicked.connect(self._forget_selected)
        self.abilities.cancel_study_button.clicked.connect(self._cancel_study)
        self.shield_ready.toggled.connect(lambda on: self._edit("shield_ready", on))
        self.weapons.itemChanged.connect(lambda _item: self._edit("weapons", carried(self.weapons)))
        self.ready_weapon.currentIndexChanged.connect(
            lambda _i: self._edit("ready_weapon", self.ready_weapon.currentData()))
        self._notes_timer = QTimer(self)
        self._notes_timer.setSingleShot(True)
        self._notes_timer.setInterval(400)
        self._notes_timer.timeout.connect(
            lambda: self._edit("notes", self.notes.toPlainText()))
        self.notes.textChanged.connect(self._notes_changed)

    def _commit_name(self) -> None:
        """Save the name typed, once; a refusal is shown at the field."""
        if self.name.isModified():
            self.name.setModified(False)
            self._edit("name", self.name.text())

    def _edit_kind(self) -> None:
        """Qt hands a StrEnum back as a plain str: the Character takes the member."""
        data = self.kind.currentData()
        if data is not None:
            self._edit("kind", CharacterKind(data))

    def _notes_changed(self) -> None:
        if not self._loading:
            self._notes_timer.start()

    # Loading

    def set_session(self, session: CampaignSession | None) -> None:
        """Attach to an open campaign (or detach when it closes)."""
        self._commit_name()  # to the campaign it was typed in
        self.session = session
        self.show_character(None)
        if session is None:
            return
        self._offer(session)
        self.show_character(None)  # the new lists, with nothing chosen

    def _offer(self, session: CampaignSession) -> None:
        """The library's races, armor, shields and weapons to choose from (again after edits)."""
        library = session.library
        self._loading = True
        try:
            self.race.clear()
            for race in library.races.values():
                self.race.addItem(race.name, race.key)
            offer_gear(library, self.armor, self.shield, self.weapons)
        finally:
            self._loading = False

    def show_character(self, character_id: int | None) -> None:
        """Edit this character (None shows an empty, disabled editor)."""
        self._commit_name()  # a name typed and not yet left is kept, as leaving it would
        self.character_id = character_id
        if character_id is None or self.session is None:
            self.stored = None
            self._clear_fields()  # nobody's figures under "No character selected"
            self.title.setText(EMPTY_HINT if self.session is not None
                               and not self.session.query(editor_reads.has_characters)
                               else "No character selected")
            self.derived.show_sheet(None)
            self.abilities.show_sheet(None, None)
            self.xp.show_character(None, None)
            self.possessions.show_sheet(None, None)
            for label in [*self.problems.values(), *self.abilities.problems.values()]:
                label.show_messages([])
            # With a campaign open the title (the empty campaign's hint) stays in
            # the text's colour, not greyed: only the fields are disabled.
            self.setEnabled(self.session is not None)
            self._fields_enabled(False)
            return
        self.setEnabled(True)
        self._fields_enabled(True)
        self.reload()
        self._scroll_to_carried()

    def name_to_type_over(self) -> None:
        """The name focused and selected (a new character's first need), not the party's filter."""
        if self.character_id is None or not self.name.isEnabled():
            return
        self.tabs.setCurrentIndex(0)
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)
        self.name.selectAll()

    def _fields_enabled(self, enabled: bool) -> None:
        self.tabs.setEnabled(enabled)
        self.derived.setEnabled(enabled)

    def _clear_fields(self) -> None:
        self._loading = True
        try:
            blank([self.name, self.player, *self.spins.values(), self.race, self.armor,
                   self.shield, self.ready_weapon, self.kind, self.weapons, self.notes])
        finally:
            self._loading = False

    def _scroll_to_carried(self) -> None:
        """Bring the first carried weapon into view when a character is opened."""
        for i in range(self.weapons.count()):
            item = self.weapons.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                self.weapons.scrollToItem(item)
                return

    def reload(self) -> None:
        """Read the character back from the campaign and show it."""
        if self.session is None or self.character_id is None:
            return
        sheet = self.session.query(editor_reads.sheet, character_id=self.character_id)
        self.stored = sheet.character
        self._fill(sheet.character)
        self.show_sheet(sheet)

    def _fill(self, c: Character) -> None:
        self._loading = True
        try:
            self.title.setText(c.name)
            if self.name.text() != c.name and not self.name.isModified():
                self.name.setText(c.name)  # never over a name being typed
            if self.player.text() != c.player:
                self.player.setText(c.player)
            select(self.race, c.race)
            select(self.kind, c.kind)
            for attr, spin in self.spins.items():
                spin.setValue(getattr(c, attr))
            self._fill_gear(c)
            if self.notes.toPlainText() != c.notes and not self._notes_timer.isActive():
                self.notes.setPlainText(c.notes)  # never over notes about to be saved
        finally:
            self._loading = False

    def _fill_gear(self, c: Character) -> None:
        show_gear(c, self.session.library if self.session else None, self.armor, self.shield,
                  self.shield_ready, self.weapons, self.ready_weapon)

    def show_sheet(self, sheet: Sheet) -> None:
        """Show the derived figures, problems, abilities, XP and possessions of a sheet."""
        by_field: dict[str, list[Any]] = {key: [] for key in self.problems}
        for problem in sheet.problems:
            by_field.setdefault(problem.field, []).append(problem)
        for key, label in self.problems.items():
            label.show_problems(by_field.get(key, []))
        for key, label in self.abilities.problems.items():
            label.show_problems(by_field.get(key, []))
        self.derived.show_sheet(sheet)
        self.abilities.show_sheet(sheet, self.session)
        self.xp.show_character(self.session, sheet.id)
        self.possessions.show_sheet(sheet, self.session)

    # Editing

    def _edit(self, field: str, value: Any) -> None:
        if (self._loading or self.session is None or self.character_id is None
                or self.stored is None):
            return
        if self.session.pending and not preview_editing.kept_or_opened(self, field, value):
            return  # kept for the store, or the store could not be opened
        if field in GEAR_FIELDS:
            items = gear_after(self.stored, field, value, self.shield_ready.isChecked())
            if items != self.stored.items and not apply_gear(
                    self, self.session, self.character_id, self.stored, items):
                self._fill_gear(self.stored)  # cancelled: show what is still worn
            return
        edited = replace(self.stored, **{field: value})
        if edited == self.stored:
            return
        ran = operations.characters.edit(self.session, self.character_id, edited, was=self.stored)
        if isinstance(ran.refusal, InputError):  # a value the app will not store: at its field
            self.show_refusal(ran.refusal)
        elif not ran.done and self.session.last_failure_was_bug:
            self.reload()  # a bug was reported: the fields show what is still stored

    def kept_edits(self) -> int:
        """How many edits wait for the store, a name or notes still being typed included."""
        if self.session is None or not self.session.pending:
            return 0
        self._commit_name()
        if self._notes_timer.isActive():
            self._notes_timer.stop()
            self._edit("notes", self.notes.toPlainText())
        return len(cast("PreviewSession", self.session).edits)

    def show_refusal(self, refusal: InputError) -> None:
        """Say at its field that a value was not saved, and why."""
        self.problems.get(refusal.field, self.problems["attributes"]).show_messages(
            [f"Not saved: {refusal.message}"])

    def _show(self, dialog: Callable[[CampaignSession, Any, QWidget], _D], *,
              needs_character: bool = True) -> _D | None:
        """Open ``dialog`` on this character (on the party when it needs none), if one is open."""
        if self.session is None or (needs_character and self.character_id is None):
            return None
        shown = dialog(self.session, self.character_id, self)
        shown.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        shown.show()
        return shown

    def open_picker(self) -> PickerDialog | None:
        """Show the talent and spell picker for this character."""
        from tftmanager.ui.picker import PickerDialog  # noqa: PLC0415 - when first opened

        return self._show(PickerDialog)

    def _raise(self, attribute: Attribute) -> None:
        if self.session is not None and self.character_id is not None:
            operations.experience.raise_attribute(self.session, self.character_id, attribute)

    def _buy_memory(self) -> None:
        if self.session is not None and self.character_id is not None:
            operations.experience.buy_memory(self.session, self.character_id)

    def open_award(self) -> AwardDialog | None:
        """The award form, with this character ticked."""
        from tftmanager.ui.award_dialog import AwardDialog  # noqa: PLC0415 - when first opened

        return self._show(AwardDialog, needs_character=False)

    def open_ledger(self) -> LedgerDialog | None:
        """Show the character's ledger and progress chart."""
        from tftmanager.ui.ledger_dialog import LedgerDialog  # noqa: PLC0415 - when first opened

        return self._show(LedgerDialog)

    def open_buy(self) -> BuyDialog | None:
        """The shop, for this character."""
        from tftmanager.ui.buy_dialog import BuyDialog  # noqa: PLC0415 - when first opened

        return self._show(BuyDialog)

    def open_money(self) -> MoneyDialog | None:
        """Money entries and the ledger, for this character."""
        from tftmanager.ui.money_dialog import MoneyDialog  # noqa: PLC0415 - when first opened

        return self._show(MoneyDialog)

    def _forget_selected(self) -> None:
        selected = self.abilities.selected_known()
        if selected and self.session is not None and self.character_id is not None:
            operations.abilities.forget(self.session, self.character_id, *selected)

    def _cancel_study(self) -> None:
        study = self.abilities.selected_study()
        if study is not None and self.session is not None:
            operations.abilities.cancel_study(self.session, study)

    def on_changes(self, changes: Changes) -> None:
        """Refresh when this character, or the rules it is judged by, changed."""
        if changes.library and self.session is not None:
            self._offer(self.session)  # a new weapon (or a renamed race) can be chosen at once
            if self.character_id is None:
                self._clear_fields()
        if self.character_id is None:
            return
        if self.character_id in changes.removed:
            self.show_character(None)
        elif (self.character_id in changes.characters or changes.settings
              or changes.library or changes.week):
            self.reload()

    def field_problem(self, key: str) -> str:
        """The problem text shown at a field (for tests and accessibility checks)."""
        label = self.problems[key]
        return label.text_label.text() if not label.isHidden() else ""

