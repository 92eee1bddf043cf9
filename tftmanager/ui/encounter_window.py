"""The encounter tracker: set up a fight, run it turn by turn, end it into the ledgers.

One window over one saved encounter (the newest in progress, or a new one):
figures join sides from the party, the bestiary or as quick figures; the
table shows each figure's ST, adjusted DX for this turn, hits stopped and
condition; hits are entered or rolled; the log shows every roll and change.
Every button runs one use case (``ui.operations.encounters``), so Edit > Undo
takes back the last change and the window follows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app.bestiary import list_templates
from tftmanager.app.changes import Changes
from tftmanager.cards.encounter_face import st_boxes
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.new_figures import QuickFigure
from tftmanager.ui import dialogs
from tftmanager.ui.operations import encounters as ops
from tftmanager.ui.save_as import ask_save_path
from tftmanager.ui.session import CampaignSession

COLUMNS = ("Figure", "Side", "ST", "adjDX", "Hits stopped", "Condition", "Weapons")


class EncounterWindow(QWidget):
    """The tracker for one encounter (``encounter_id`` None: start one first)."""

    def __init__(self, session: CampaignSession, encounter_id: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.session = session
        self.encounter_id = encounter_id
        self.setWindowTitle("Encounter")
        self.resize(980, 720)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setAccessibleName("Encounter and turn")
        layout.addWidget(self.heading)
        layout.addWidget(self._make_start())
        layout.addWidget(self._make_setup())
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setAccessibleName("Figures")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 2)
        layout.addWidget(self._make_actions())
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setAccessibleName("Encounter log")
        layout.addWidget(self.log, 1)
        session.signals.changes_applied.connect(self._changed)
        self.refresh()

    def _make_start(self) -> QWidget:
        self.start_box = QGroupBox("New encounter")
        row = QHBoxLayout(self.start_box)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Name, e.g. Ambush at the ford")
        self.name_edit.setAccessibleName("Encounter name")
        self.combat = QComboBox()
        for value, text in (("death", "Combat to the death"), ("arena", "Arena combat"),
                            ("practice", "Practice combat")):
            self.combat.addItem(text, value)
        self.start_button = QPushButton("&Start")
        self.start_button.clicked.connect(self.start)
        for widget in (QLabel("Name:"), self.name_edit, self.combat, self.start_button):
            row.addWidget(widget)
        return self.start_box

    def _make_setup(self) -> QWidget:
        self.setup_box = QGroupBox("Figures")
        grid = QGridLayout(self.setup_box)
        self.side = QLineEdit("Party")
        self.side.setAccessibleName("Side")
        self.party_pick = QComboBox()
        self.party_pick.setAccessibleName("Party member")
        self.beast_pick = QComboBox()
        self.beast_pick.setAccessibleName("Bestiary figure")
        for box in (self.party_pick, self.beast_pick):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        add_party = QPushButton("Add &party member")
        add_party.clicked.connect(self.add_party_member)
        add_beast = QPushButton("Add from &bestiary")
        add_beast.clicked.connect(self.add_beast)
        self.quick_name = QLineEdit()
        self.quick_name.setPlaceholderText("Quick figure's name")
        self.quick_st, self.quick_dx = QSpinBox(), QSpinBox()
        for spin, value in ((self.quick_st, 10), (self.quick_dx, 10)):
            spin.setRange(1, 200)
            spin.setValue(value)
        self.quick_weapon = QLineEdit()
        self.quick_weapon.setPlaceholderText("Weapon, e.g. Broadsword")
        add_quick = QPushButton("Add &quick figure")
        add_quick.clicked.connect(self.add_quick)
        grid.addWidget(QLabel("Side:"), 0, 0)
        grid.addWidget(self.side, 0, 1)
        grid.addWidget(self.party_pick, 0, 2)
        grid.addWidget(add_party, 0, 3)
        grid.addWidget(self.beast_pick, 0, 4)
        grid.addWidget(add_beast, 0, 5)
        grid.addWidget(self.quick_name, 1, 0, 1, 2)
        grid.addWidget(QLabel("ST"), 1, 2)
        grid.addWidget(self.quick_st, 1, 3)
        grid.addWidget(QLabel("DX"), 1, 4)
        grid.addWidget(self.quick_dx, 1, 5)
        grid.addWidget(self.quick_weapon, 1, 6)
        grid.addWidget(add_quick, 1, 7)
        return self.setup_box

    def _make_actions(self) -> QWidget:
        box = QGroupBox("This turn")
        grid = QGridLayout(box)
        self.attacker = QComboBox()
        self.attacker.setAccessibleName("Attacker")
        self.target = QComboBox()
        self.target.setAccessibleName("Target")
        self.weapon = QSpinBox()
        self.weapon.setRange(1, 9)
        self.weapon.setPrefix("weapon ")
        self.dice = QComboBox()
        self.dice.setAccessibleName("Dice to hit")
        self.dice.addItem("dice by the target's option", 0)
        for count in self.session.library.combat_rules().to_hit_dice:
            self.dice.addItem(f"{count} dice to hit", count)
        self.option = QComboBox()
        self.option.setAccessibleName("The attacker's option this turn")
        self.option.setToolTip("Melee's options: a figure may attack only with an option "
                               "that includes an attack")
        for key, option in self.session.library.combat_rules().options.items():
            self.option.addItem(f"({', '.join(option.letters)}) {option.name}", key)
        self.damage = QSpinBox()
        self.damage.setRange(0, self.session.library.combat_rules().limits.most_hits)
        self.damage.setAccessibleName("Damage")
        self.rolls = QLineEdit()
        self.rolls.setPlaceholderText("rolls typed at the table, e.g. 9 5 (empty: the app rolls)")
        self.rolls.setAccessibleName("Typed rolls")
        self.tiles = QSpinBox()
        self.tiles.setRange(1, 40)
        self.tiles.setSuffix(" tile heights")
        self.tiles.setAccessibleName("Fall in tile heights")
        self.first = QComboBox()
        self.first.setAccessibleName("Side that moves first")
        self.flesh = QComboBox()
        self.flesh.setAccessibleName("Flesh spell on the target")
        self.flesh.setToolTip("Stone Flesh or Iron Flesh cast on the target: its body stops "
                              "hits (half under the house rules' double damage)")
        self.flesh.addItem("no flesh spell (it ended)", "none")
        for key, spell in self.session.library.combat_rules().flesh_spells.items():
            self.flesh.addItem(f"{spell.name} (stops {spell.stops})", key)
        buttons = {}
        for name, text, slot in (
                ("initiative", "&Initiative", self.roll_initiative),
                ("first", "Moves &first", self.choose_first),
                ("drop", "&Drop weapon", self.drop_weapon),
                ("ready", "&Ready weapon", self.ready_weapon),
                ("option", "Set o&ption", self.choose_option),
                ("flee", "Fl&ees", self.flee),
                ("fall", "Fa&ll (3-D)", self.fall),
                ("flesh", "Set flesh spell on tar&get", self.set_flesh),
                ("mount", "Mounts / dis&mounts", self.toggle_mounted),
                ("order", "Attack &order", self.order_attacks),
                ("attack", "Roll &attack", self.attack),
                ("hit", "Enter &hit", self.enter_hit),
                ("spend", "Spend S&T", self.spend_st),
                ("next", "&Next turn", self.next_turn),
                ("sheet", "Encounter &sheet (PDF)…", self.export_sheet),
                ("end", "&End encounter…", self.end_encounter)):
            buttons[name] = QPushButton(text)
            buttons[name].clicked.connect(slot)
        self.buttons = buttons
        grid.addWidget(self.rolls, 0, 0, 1, 4)
        grid.addWidget(buttons["initiative"], 0, 4)
        grid.addWidget(buttons["order"], 0, 5)
        grid.addWidget(buttons["next"], 0, 6)
        grid.addWidget(QLabel("Attacker:"), 1, 0)
        grid.addWidget(self.attacker, 1, 1)
        grid.addWidget(QLabel("Target:"), 1, 2)
        grid.addWidget(self.target, 1, 3)
        grid.addWidget(self.weapon, 1, 4)
        grid.addWidget(self.dice, 1, 5)
        grid.addWidget(buttons["attack"], 1, 6)
        grid.addWidget(QLabel("Winner's choice:"), 3, 0)
        grid.addWidget(self.first, 3, 1)
        grid.addWidget(buttons["first"], 3, 2)
        grid.addWidget(buttons["drop"], 3, 3)
        grid.addWidget(self.tiles, 3, 4)
        grid.addWidget(buttons["fall"], 3, 5)
        grid.addWidget(QLabel("Damage:"), 2, 0)
        grid.addWidget(self.damage, 2, 1)
        grid.addWidget(buttons["hit"], 2, 2)
        grid.addWidget(buttons["spend"], 2, 3)
        grid.addWidget(buttons["sheet"], 2, 5)
        grid.addWidget(buttons["end"], 2, 6)
        grid.addWidget(QLabel("Option:"), 4, 0)
        grid.addWidget(self.option, 4, 1)
        grid.addWidget(buttons["option"], 4, 2)
        grid.addWidget(buttons["ready"], 4, 3)
        grid.addWidget(buttons["flee"], 4, 4)
        grid.addWidget(QLabel("Target's spell:"), 5, 0)
        grid.addWidget(self.flesh, 5, 1)
        grid.addWidget(buttons["flesh"], 5, 2)
        grid.addWidget(buttons["mount"], 5, 3)
        return box

    # ------------------------------------------------------------ reading
    def encounter(self) -> Encounter | None:
        """The encounter as saved, or None before one is started."""
        if self.encounter_id is None:
            return None
        return self.session.encounter(self.encounter_id).encounter

    def _changed(self, changes: Changes) -> None:
        if changes.encounter or changes.library or changes.party:
            self.refresh()

    def refresh(self) -> None:
        """Show the saved encounter: heading, figures, pickers and the log."""
        enc = self.encounter()
        self.start_box.setVisible(enc is None)
        for widget in (self.setup_box, self.table, self.log):
            widget.setEnabled(enc is not None and not enc.ended)
        for button in self.buttons.values():
            button.setEnabled(enc is not None and not enc.ended)
        if enc is None:
            self.heading.setText("Start an encounter: name it, then add figures to sides.")
            return
        self.buttons["fall"].setVisible(enc.three_d)
        self.tiles.setVisible(enc.three_d)
        self.setWindowTitle(f"Encounter: {enc.name}")
        order = f" · moves: {', '.join(enc.order)}" if enc.order else ""
        attacks = (" · attacks: " + ", ".join(enc.figure(f).name for f in enc.attack_order)
                   if enc.attack_order else "")
        self.heading.setText(f"<b>{enc.name}</b> · turn {enc.turn}"
                             + (" · ended" if enc.ended else "") + order + attacks)
        self._fill_table(enc)
        self._fill_pickers(enc)
        self.log.setPlainText("\n".join(enc.log))
        self.log.verticalScrollBar().setValue(self.log.verticalScrollBar().maximum())

    def _fill_table(self, enc: Encounter) -> None:
        rules = self.session.library.combat_rules()
        self.table.setRowCount(len(enc.figures))
        for row, fig in enumerate(enc.figures):
            notes = fig.dx_notes()
            cells = (fig.name, fig.side, st_boxes(fig.st, fig.st - fig.current_st),
                     f"{fig.adj_dx()}" + (f" ({'; '.join(notes)})" if notes else ""),
                     ", ".join(f"{p.name} {p.stops} [{p.stopped}]" for p in fig.protections),
                     fig.condition(rules, enc.turn).value
                     + (" · fled" if fig.fled else "")
                     + (f" · {rules.options[fig.option].name}" if fig.option in rules.options
                        else "")
                     + (" · mounted" if fig.mounted else "")
                     + (f" · H {fig.height}" if fig.height else ""),
                     ", ".join(f"{i}. {a.name} {a.damage}"
                               for i, a in enumerate(fig.attacks, start=1)))
            for col, text in enumerate(cells):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()

    def _fill_pickers(self, enc: Encounter) -> None:
        for box, items in (
                (self.attacker, [("— (damage only)", "")] + [(f.name, f.fid)
                                                           for f in enc.figures]),
                (self.target, [(f.name, f.fid) for f in enc.figures]),
                (self.first, [(side, side) for side in enc.sides]),
                (self.party_pick, [(s.character.name, s.id) for s in self.session.sheets()
                                   if s.id not in {f.character_id for f in enc.figures}]),
                (self.beast_pick, [(c.name, c.key)
                                   for c in self.session.query(list_templates)])):
            current = box.currentData()
            box.clear()
            for text, data in items:
                box.addItem(text, data)
            index = box.findData(current)
            if index >= 0:
                box.setCurrentIndex(index)

    # ------------------------------------------------------------ actions
    def _typed(self) -> tuple[bool, list[int] | None]:
        """(usable, rolls): the rolls typed at the table, None to let the app roll."""
        text = self.rolls.text().replace(",", " ").split()
        if not text:
            return True, None
        try:
            return True, [int(t) for t in text]
        except ValueError:
            dialogs.error(self, "Typed rolls", "Type the rolls as whole numbers, e.g. 9 5.")
            return False, None

    def start(self) -> None:
        """Start the encounter named in the name field."""
        eid = ops.new(self.session, self.name_edit.text(), self.combat.currentData())
        if eid is not None:
            self.encounter_id = eid
            self.refresh()

    def add_party_member(self) -> None:
        """Add the chosen party member to the side typed."""
        if self.encounter_id is not None and self.party_pick.currentData() is not None:
            ops.add_character(self.session, self.encounter_id, self.party_pick.currentData(),
                              self.side.text())

    def add_beast(self) -> None:
        """Add the chosen bestiary figure to the side typed."""
        if self.encounter_id is not None and self.beast_pick.currentData():
            ops.add_template(self.session, self.encounter_id, self.beast_pick.currentData(),
                             self.side.text())

    def add_quick(self) -> None:
        """Add the quick figure typed in."""
        if self.encounter_id is None:
            return
        weapon = self.quick_weapon.text().strip()
        quick = QuickFigure(self.quick_name.text(), self.quick_st.value(),
                            self.quick_dx.value(), weapon=weapon)
        ops.add_quick(self.session, self.encounter_id, quick, self.side.text())

    def roll_initiative(self) -> None:
        """Initiative (two sides) or the roll-off (three or more)."""
        usable, rolls = self._typed()
        if self.encounter_id is not None and usable:
            ops.initiative(self.session, self.encounter_id, rolls)
            self.rolls.clear()

    def choose_first(self) -> None:
        """The initiative winner's choice of the side that moves first."""
        if self.encounter_id is not None and self.first.currentData():
            ops.choose_first(self.session, self.encounter_id, self.first.currentData())

    def order_attacks(self) -> None:
        """The attack order by adjusted DX."""
        usable, rolls = self._typed()
        if self.encounter_id is not None and usable:
            ops.order(self.session, self.encounter_id, rolls)
            self.rolls.clear()

    def attack(self) -> None:
        """Roll the chosen attacker's attack on the target."""
        usable, rolls = self._typed()
        if self.encounter_id is None or not usable or not self.attacker.currentData():
            return
        ops.attack(self.session, self.encounter_id, self.attacker.currentData(),
                   self.target.currentData(), rolls, self.dice.currentData(),
                   self.weapon.value() - 1)
        self.rolls.clear()

    def enter_hit(self) -> None:
        """Enter the damage typed on the target (from the attacker, if one is chosen)."""
        if self.encounter_id is not None and self.target.currentData():
            ops.hit(self.session, self.encounter_id, self.target.currentData(),
                    self.damage.value(), self.attacker.currentData() or "")

    def spend_st(self) -> None:
        """The chosen attacker spends the ST typed in Damage on a spell (fatigue)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.spend(self.session, self.encounter_id, self.attacker.currentData(),
                      self.damage.value())

    def drop_weapon(self) -> None:
        """The chosen attacker drops its weapon of the number shown."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.drop(self.session, self.encounter_id, self.attacker.currentData(),
                     self.weapon.value() - 1)

    def ready_weapon(self) -> None:
        """The chosen attacker readies (or picks up) its weapon of the number shown."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.ready(self.session, self.encounter_id, self.attacker.currentData(),
                      self.weapon.value() - 1)

    def choose_option(self) -> None:
        """The chosen attacker's option this turn (Melee's list)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.option(self.session, self.encounter_id, self.attacker.currentData(),
                       self.option.currentData())

    def flee(self) -> None:
        """The chosen attacker leaves the fight (the arena's door)."""
        if self.encounter_id is not None and self.attacker.currentData():
            ops.flee(self.session, self.encounter_id, self.attacker.currentData())

    def fall(self) -> None:
        """Three-dimensional play: the target falls so many tile heights."""
        usable, rolls = self._typed()
        if self.encounter_id is not None and usable and self.target.currentData():
            ops.fall(self.session, self.encounter_id, self.target.currentData(),
                     self.tiles.value(), rolls)
            self.rolls.clear()

    def set_flesh(self) -> None:
        """Stone Flesh or Iron Flesh cast on the target (or its end)."""
        if self.encounter_id is not None and self.target.currentData():
            ops.flesh(self.session, self.encounter_id, self.target.currentData(),
                      self.flesh.currentData())

    def toggle_mounted(self) -> None:
        """The target mounts, or dismounts if it rides."""
        enc = self.encounter()
        if enc is not None and self.encounter_id is not None and self.target.currentData():
            figure = enc.figure(self.target.currentData())
            ops.mount(self.session, self.encounter_id, figure.fid, not figure.mounted)

    def next_turn(self) -> None:
        """End the turn."""
        if self.encounter_id is not None:
            ops.next_turn(self.session, self.encounter_id)

    def export_sheet(self, path: Path | None = None) -> Path | None:
        """The one-page encounter sheet as a PDF (the file is asked for unless given)."""
        enc = self.encounter()
        if enc is None:
            return None
        if path is None:
            path = ask_save_path(self, "Encounter Sheet", f"{enc.name}.pdf",
                                 refused="Encounter Sheet")
            if path is None:
                return None
        from tftmanager.cards.encounter_sheet import export_sheet  # noqa: PLC0415
        from tftmanager.cards.errors import CardExportError  # noqa: PLC0415

        try:
            export_sheet(path, enc, self.session.library.combat_rules())
        except CardExportError as exc:
            dialogs.error(self, "Encounter Sheet", str(exc))
            return None
        return path

    def end_encounter(self) -> QWidget | None:
        """The award review; confirming it writes the ending as one operation."""
        if self.encounter_id is None:
            return None
        from tftmanager.ui.encounter_end_dialog import EncounterEndDialog  # noqa: PLC0415

        dialog = EncounterEndDialog(self.session, self.encounter_id, self)
        dialog.show()
        return dialog
