"""The encounter tracker: set up a fight, run it turn by turn, end it into the ledgers.

One window over one saved encounter (the newest in progress, or a new one).
The *Next* panel leads through Melee's turn: its stages in order, the figure
whose action comes next (highlighted in the table), and a button for each
action the rules allow it now, with the rolls it needs.  The table shows each
figure's ST, adjusted DX for this turn, hits stopped and condition.  Below,
tabs hold the log, the setting up of figures (from the party, the bestiary
or typed in) and the other actions a GM may need at any time (hits typed in,
spells, falls, any figure's option or weapon).  Every button runs one use
case (``ui.operations.encounters``), so Edit > Undo takes back the last
change and the window follows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, encounters
from tftmanager.app.bestiary import list_templates
from tftmanager.app.changes import Changes
from tftmanager.cards.encounter_face import st_boxes
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_tracker import next_step
from tftmanager.rules.encounter_weapons import ready_arm
from tftmanager.rules.new_figures import QuickFigure
from tftmanager.ui import dialogs, screen_fit
from tftmanager.ui.encounter_actions import FightActions
from tftmanager.ui.encounter_next import NextPanel
from tftmanager.ui.operations import encounters as ops
from tftmanager.ui.save_as import ask_save_path
from tftmanager.ui.session import CampaignSession

COLUMNS = ("Figure", "Side", "ST", "adjDX", "Hits stopped", "Condition", "Weapons")
ADJ_DX_MOST = 160  # px: the adjDX column's widest; its reasons are in the tooltip
LEAST_COMBO_LETTERS = 10  # a narrow choice shows this many letters; its popup shows them all


def fit_narrow_screens(window: QWidget) -> None:
    """Choices may narrow to a few words (the popup shows them whole), so it fits 1024 x 700."""
    for combo in window.findChildren(QComboBox):
        combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(LEAST_COMBO_LETTERS)
    screen_fit.fit(window, QSize(980, 680))


class EncounterWindow(FightActions, QWidget):
    """The tracker for one encounter (``encounter_id`` None: start one first)."""

    def __init__(self, session: CampaignSession, encounter_id: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.session = session
        self.encounter_id = encounter_id
        self.setWindowTitle("Encounter")
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setAccessibleName("Encounter and turn")
        layout.addWidget(self.heading)
        layout.addWidget(self._make_start())
        actions = self._make_actions()  # makes the rolls field the Next panel shows
        self.next_panel = NextPanel(self.rolls)
        self.next_panel.chosen.connect(self._offer_chosen)
        layout.addWidget(self.next_panel)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setAccessibleName("Figures")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 3)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setAccessibleName("Encounter log")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.log, "&Log")
        self.tabs.addTab(_scrolled(self._make_setup()), "Add &figures")
        self.tabs.addTab(_scrolled(actions), "Other a&ctions")
        layout.addWidget(self.tabs, 2)
        session.signals.changes_applied.connect(self._changed)
        self.refresh()
        fit_narrow_screens(self)

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
        grid.addWidget(self.quick_weapon, 1, 2)
        grid.addWidget(add_quick, 1, 3)
        stats = QHBoxLayout()
        for widget in (QLabel("ST"), self.quick_st, QLabel("DX"), self.quick_dx):
            stats.addWidget(widget)
        stats.addStretch(1)
        grid.addLayout(stats, 2, 0, 1, 4)
        return self.setup_box

    def _make_actions(self) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        self.attacker = QComboBox()
        self.attacker.setAccessibleName("Attacker")
        self.target = QComboBox()
        self.target.setAccessibleName("Target")
        self.weapon = QSpinBox()
        self.weapon.setRange(1, 9)
        self.weapon.setPrefix("weapon ")
        self.weapon.setAccessibleName("Weapon number")
        self.weapon_warning = QLabel()
        self.weapon_warning.setAccessibleName("Weapon warning")
        self.weapon_warning.setWordWrap(True)
        self.weapon.valueChanged.connect(self._warn_weapon)
        self.attacker.currentIndexChanged.connect(self._warn_weapon)
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
        self.rolls.setPlaceholderText("Rolls typed at the table, in order: e.g. 9 4 (to hit, "
                                      "then damage); empty: the app rolls")
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
        rows: tuple[tuple[QWidget, ...], ...] = (
            (QLabel("Attacker:"), self.attacker, QLabel("Target:"), self.target),
            (self.weapon, self.dice, buttons["attack"], buttons["drop"], buttons["ready"]),
            (QLabel("Damage:"), self.damage, buttons["hit"], buttons["spend"]),
            (QLabel("Option:"), self.option, buttons["option"], buttons["flee"]),
            (QLabel("Winner's choice:"), self.first, buttons["first"], buttons["initiative"],
             buttons["order"]),
            (QLabel("Target's spell:"), self.flesh, buttons["flesh"], buttons["mount"]),
            (self.tiles, buttons["fall"], buttons["next"], buttons["sheet"], buttons["end"]))
        for row, widgets in enumerate(rows, start=1):
            for col, widget in enumerate(widgets):
                grid.addWidget(widget, row, col)
        grid.addWidget(self.weapon_warning, 0, 0, 1, 5)
        return box

    # ------------------------------------------------------------ reading
    def encounter(self) -> Encounter | None:
        """The encounter as saved, or None before one is started."""
        if self.encounter_id is None:
            return None
        return self.session.query(encounters.show, encounter_id=self.encounter_id).encounter

    def _changed(self, changes: Changes) -> None:
        if changes.encounter or changes.library or changes.party:
            self.refresh()

    def refresh(self) -> None:
        """Show the saved encounter: heading, figures, pickers and the log."""
        enc = self.encounter()
        self.start_box.setVisible(enc is None)
        for widget in (self.setup_box, self.table, self.log, self.next_panel):
            widget.setEnabled(enc is not None and not enc.ended)
        self.next_panel.setVisible(enc is not None)
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
        step = next_step(enc, self.session.library.combat_rules())
        self.next_panel.show_step(step)
        self._fill_table(enc)
        self._highlight(enc, step.figure)
        self._fill_pickers(enc)
        self._warn_weapon()
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
                item = QTableWidgetItem(text)
                item.setToolTip(text)  # whole, where the column cuts it short
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        # adjDX's reasons ("-4 hand-to-hand; -2 two hits") once made the table
        # wider than the window: the column stops at a width and cuts them.
        dx = COLUMNS.index("adjDX")
        self.table.setColumnWidth(dx, min(self.table.columnWidth(dx), ADJ_DX_MOST))

    def _highlight(self, enc: Encounter, fid: str) -> None:
        """The figure whose action comes next: its row selected and in bold."""
        self.table.clearSelection()
        for row, fig in enumerate(enc.figures):
            bold = fig.fid == fid
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                if item is not None:
                    font = item.font()
                    font.setBold(bold)
                    item.setFont(font)
                if item is not None and bold:
                    item.setBackground(self.palette().highlight())
                    item.setForeground(self.palette().highlightedText())
            if bold:
                self.table.selectRow(row)

    def highlighted(self) -> str:
        """The name of the figure the table highlights as next ("" for none)."""
        rows = {i.row() for i in self.table.selectedItems()}
        item = self.table.item(rows.pop(), 0) if rows else None
        return item.text() if item is not None else ""

    def _warn_weapon(self) -> None:
        """A weapon that is not the ready one: say so before the attack is tried."""
        enc = self.encounter()
        ref = self.attacker.currentData()
        if enc is None or not ref:
            self.weapon_warning.clear()
            return
        fig = enc.figure(ref)
        number = self.weapon.value() - 1
        held = ready_arm(fig)
        if number >= len(fig.attacks) or (held is not None
                                          and held.held == fig.attacks[number].held):
            self.weapon_warning.clear()
            return
        self.weapon_warning.setText(
            f"⚠ Weapon {number + 1} ({fig.attacks[number].held}) is not {fig.name}'s ready "
            f"weapon ({held.held if held else 'none'}): ready it first; it can be used the "
            f"turn after (Melee).")

    def _fill_pickers(self, enc: Encounter) -> None:
        for box, items in (
                (self.attacker, [("— (damage only)", "")] + [(f.name, f.fid)
                                                           for f in enc.figures]),
                (self.target, [(f.name, f.fid) for f in enc.figures]),
                (self.first, [(side, side) for side in enc.sides]),
                (self.party_pick, [(s.character.name,
                                    s.id) for s in self.session.query(campaigns.party_sheets)
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

        ran = self.session.free("Encounter sheet", export_sheet, writes=False,
                                refused_as="Encounter Sheet", path=path, enc=enc,
                                rules=self.session.library.combat_rules())
        return path if ran.done else None

    def end_encounter(self) -> QWidget | None:
        """The award review; confirming it writes the ending as one operation."""
        if self.encounter_id is None:
            return None
        from tftmanager.ui.encounter_end_dialog import EncounterEndDialog  # noqa: PLC0415

        dialog = EncounterEndDialog(self.session, self.encounter_id, self)
        dialog.show()
        return dialog


def _scrolled(widget: QWidget) -> QScrollArea:
    """A tab's controls, scrolled rather than widening the window past a small screen."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    return area
