"""The Possessions tab: money, what the character owns (quality, wear, where), the mount."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import editor_reads
from tftmanager.app.item_names import entry_name
from tftmanager.app.sheet import Sheet
from tftmanager.rules.derived import item_weight
from tftmanager.rules.items import ItemKind, ItemState, Mount
from tftmanager.rules.loadout import where_text
from tftmanager.rules.settings import show_weight
from tftmanager.rules.text import dollars
from tftmanager.ui import operations
from tftmanager.ui.runner import free_query

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

HEADERS = ("Item", "Workmanship", "Where", "Qty", "Weight", "Condition")


class PossessionsPanel(QWidget):
    """Money and possessions; every change is an undoable command."""

    # the mount or body weight as edited: (field name, value)
    edited = Signal(str, object)
    buy_requested = Signal()
    money_requested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.session: CampaignSession | None = None
        self.character_id: int | None = None
        self.sheet: Sheet | None = None
        self.money = QLabel()
        self.money.setAccessibleName("Money on hand")
        font = self.money.font()
        font.setBold(True)
        self.money.setFont(font)
        self.weight = QLabel()
        self.weight.setAccessibleName("Weight carried")
        self.buy_button = QPushButton("&Buy…")
        self.money_button = QPushButton("&Money…")
        self.money_button.setToolTip("Record starting money, pay, finds, upkeep or a correction")
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.setAccessibleName("Possessions")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        header = self.table.horizontalHeader()
        for column, width in enumerate((118, 92, 68, 32, 58)):  # never narrower than its title
            self.table.setColumnWidth(column, max(width, header.sectionSizeHint(column)))
        self.table.setMinimumHeight(180)
        self.state = QComboBox()
        self.state.setAccessibleName("Where the item is")
        for state in ItemState:
            self.state.addItem(where_text(ItemKind.GEAR, state), state)
        self.hits_button = QPushButton("Record &Hits…")
        self.repair_button = QPushButton("&Repair")
        self.sell_button = QPushButton("&Sell or Drop…")
        self.mount_group = self._mount_box()

        top = QHBoxLayout()
        top.addWidget(self.money)
        top.addStretch(1)
        top.addWidget(self.weight)
        money_row = QHBoxLayout()
        money_row.addWidget(self.buy_button)
        money_row.addWidget(self.money_button)
        money_row.addStretch(1)
        item_row = QHBoxLayout()
        where = QLabel("&Where:")
        where.setBuddy(self.state)
        item_row.addWidget(where)
        item_row.addWidget(self.state)
        item_row.addStretch(1)
        # The item's buttons under its place: the editor then fits a 1024-pixel screen.
        button_row = QHBoxLayout()
        button_row.addWidget(self.hits_button)
        button_row.addWidget(self.repair_button)
        button_row.addWidget(self.sell_button)
        button_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(money_row)
        layout.addWidget(self.table)
        layout.addLayout(item_row)
        layout.addLayout(button_row)
        layout.addWidget(self.mount_group)
        layout.addStretch(1)

        self.buy_button.clicked.connect(self.buy_requested)
        self.money_button.clicked.connect(self.money_requested)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.state.activated.connect(lambda _i: self._move())
        self.hits_button.clicked.connect(self._ask_hits)
        self.repair_button.clicked.connect(self.repair_selected)
        self.sell_button.clicked.connect(self._ask_sell)
        self._update_buttons()

    def _mount_box(self) -> QGroupBox:
        box = QGroupBox("Mount")
        self.body = QDoubleSpinBox()
        self.body.setRange(0, 2000)
        self.body.setDecimals(1)
        self.body.setSuffix(" kg")
        self.body.setAccessibleName("Rider's body weight")
        self.mount_name = QLineEdit()
        self.mount_name.setPlaceholderText("no mount")
        self.mount_name.setAccessibleName("Mount's name")
        self.mount_st, self.mount_dx, self.mount_ma = QSpinBox(), QSpinBox(), QSpinBox()
        for spin, name, high in ((self.mount_st, "Mount ST", 300),
                                 (self.mount_dx, "Mount DX", 100),
                                 (self.mount_ma, "Mount MA", 100)):
            spin.setRange(1, high)
            spin.setAccessibleName(name)
        self.mount_extra = QDoubleSpinBox()
        self.mount_extra.setRange(0, 10000)
        self.mount_extra.setSuffix(" kg")
        self.mount_extra.setAccessibleName("Extra load on the mount")
        self.mount_result = QLabel()
        self.mount_result.setWordWrap(True)
        self.mount_result.setAccessibleName("Mount movement")
        form = QFormLayout(box)
        for text, widget in (("Rider's &body weight:", self.body),
                             ("Mount &name:", self.mount_name),
                             ("Mount S&T:", self.mount_st), ("Mount D&X:", self.mount_dx),
                             ("Mount M&A:", self.mount_ma), ("E&xtra load:", self.mount_extra)):
            label = QLabel(text)
            label.setBuddy(widget)
            form.addRow(label, widget)
        form.addRow(self.mount_result)
        self.body.editingFinished.connect(lambda: self.edited.emit("body_kg", self.body.value()))
        for widget in (self.mount_name, self.mount_st, self.mount_dx, self.mount_ma,
                       self.mount_extra):
            widget.editingFinished.connect(self._mount_edited)
        return box

    def _mount_edited(self) -> None:
        name = self.mount_name.text().strip()
        mount = None if not name else Mount(name, self.mount_st.value(), self.mount_dx.value(),
                                            self.mount_ma.value(), self.mount_extra.value())
        self.edited.emit("mount", mount)

    # Showing

    def show_sheet(self, sheet: Sheet | None, session: CampaignSession | None) -> None:
        """Fill in for a character (None clears)."""
        self.sheet, self.session = sheet, session
        self.character_id = sheet.id if sheet else None
        self.table.setRowCount(0)
        if sheet is None or session is None or sheet.id is None:
            self.money.setText("")
            self.weight.setText("")
            self._update_buttons()
            return
        library = session.library
        unit = session.query(editor_reads.profile).weight_unit
        self.money.setText(
            f"{dollars(session.query(editor_reads.money, character_id=sheet.id))} on hand")
        self.weight.setText(f"Carrying {show_weight(sheet.derived.carried_kg, unit)}")
        rules = library.equipment_rules
        items = sheet.character.items
        self.table.setRowCount(len(items))
        for row, item in enumerate(items):
            condition = ""
            if rules is not None:
                armor = library.armors.get(item.key) if item.kind is ItemKind.ARMOR else None
                shield = library.shields.get(item.key) if item.kind is ItemKind.SHIELD else None
                if armor is not None:
                    c = rules.armor_condition(armor, item.hits_taken)
                    condition = f"{c.state}: stops {c.stops}"
                elif shield is not None:
                    c = rules.shield_condition(shield, item.hits_taken)
                    condition = f"{c.state}: stops {c.stops}"
            magic = library.magic_items.get(item.key) if item.kind is ItemKind.MAGIC else None
            if magic is not None:  # what it does (in force while readied)
                condition = ", ".join(e.label() for e in magic.effects)
            quality = "magic" if magic is not None else item.quality.label or "ordinary"
            cells = (free_query(entry_name, library=library, kind=item.kind, key=item.key), quality,
                     where_text(item.kind, item.state), str(item.quantity),
                     show_weight(item_weight(item, library), unit), condition)
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if column == 5 and condition:
                    cell.setToolTip(f"{item.hits_taken} hits taken since new or repaired")
                self.table.setItem(row, column, cell)
        self._show_mount(sheet)
        self._update_buttons()

    def _show_mount(self, sheet: Sheet) -> None:
        c = sheet.character
        for widget in (self.body, self.mount_name, self.mount_st, self.mount_dx, self.mount_ma,
                       self.mount_extra):
            widget.blockSignals(True)
        self.body.setValue(c.body_kg)
        self.mount_name.setText(c.mount.name if c.mount else "")
        self.mount_st.setValue(c.mount.st if c.mount else 20)
        self.mount_dx.setValue(c.mount.dx if c.mount else 12)
        self.mount_ma.setValue(c.mount.ma if c.mount else 24)
        self.mount_extra.setValue(c.mount.extra_kg if c.mount else 0.0)
        for widget in (self.body, self.mount_name, self.mount_st, self.mount_dx, self.mount_ma,
                       self.mount_extra):
            widget.blockSignals(False)
        m = sheet.derived.mount
        if m is None or c.mount is None:
            self.mount_result.setText("Name a mount to see how its load slows it.")
            return
        text = (f"Carrying {m.load_kg:.1f} kg ({m.times:.1f} x ST): MA {m.ma}, adjDX {m.adj_dx}"
                + (f", {m.fatigue} fatigue a turn" if m.fatigue else "")
                + f". Pushed: MA {m.half_ma} at {m.half_fatigue} fatigue a turn.")
        if m.walk_only:
            text += f" Overloaded: only a walk (MA {m.walk_ma}) is free of fatigue."
        self.mount_result.setText(text)

    # Actions

    def selected_index(self) -> int | None:
        """Index of the selected possession."""
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def selected_uid(self) -> str | None:
        """The selected possession's identity (what an action names it by)."""
        index = self.selected_index()
        if index is None or self.sheet is None or index >= len(self.sheet.character.items):
            return None
        return self.sheet.character.items[index].uid

    def select(self, index: int) -> None:
        """Select a possession by index."""
        self.table.selectRow(index)

    def _update_buttons(self) -> None:
        index = self.selected_index()
        item = None
        if index is not None and self.sheet is not None \
                and index < len(self.sheet.character.items):
            item = self.sheet.character.items[index]
        for widget in (self.state, self.sell_button):
            widget.setEnabled(item is not None)
        wearable = item is not None and item.kind in (ItemKind.ARMOR, ItemKind.SHIELD)
        self.hits_button.setEnabled(wearable)
        self.hits_button.setToolTip("" if wearable else "Only armor and shields wear.")
        if item is None or self.session is None:
            self.repair_button.setEnabled(False)
            self.repair_button.setToolTip("")
            return
        for row, state in enumerate(ItemState):  # worn, ready or in hand, as fits the item
            self.state.setItemText(row, where_text(item.kind, state))
        self.state.setCurrentIndex(self.state.findData(item.state))
        from tftmanager.app.equipment import repair_quote  # noqa: PLC0415 - the store: not at start-up

        cost, refusal = free_query(repair_quote, library=self.session.library, item=item)
        self.repair_button.setEnabled(not refusal)
        self.repair_button.setText(f"&Repair (${cost:,})" if not refusal else "&Repair")
        self.repair_button.setToolTip(refusal or f"Repair for ${cost:,}")

    def _move(self) -> None:
        uid = self.selected_uid()
        if uid is not None and self.session and self.character_id is not None:
            operations.equipment.move_item(self.session, self.character_id, uid,
                                           self.state.currentData())

    def record_hits(self, hits: int) -> None:
        """Add hits to the selected armor or shield."""
        index, uid = self.selected_index(), self.selected_uid()
        if index is not None and uid is not None and self.session \
                and self.character_id is not None:
            operations.equipment.record_hits(self.session, self.character_id, uid, hits)
            self.select(index)

    def _ask_hits(self) -> None:
        hits, ok = QInputDialog.getInt(self, "Record Hits",
                                       "Hits this armor or shield stopped in the fight:",
                                       1, 1, 10000)
        if ok:
            self.record_hits(hits)

    def repair_selected(self) -> None:
        """Repair the selected armor or shield (pays from the money ledger)."""
        index, uid = self.selected_index(), self.selected_uid()
        if index is not None and uid is not None and self.session \
                and self.character_id is not None:
            operations.equipment.repair(self.session, self.character_id, uid)
            self.select(index)

    def sell(self, price: int) -> None:
        """Sell the selected item for a price (0 drops it)."""
        uid = self.selected_uid()
        if uid is not None and self.session and self.character_id is not None:
            operations.equipment.sell(self.session, self.character_id, uid, price)

    def _ask_sell(self) -> None:
        price, ok = QInputDialog.getInt(self, "Sell or Drop",
                                        "Price agreed ($; 0 simply drops the item):",
                                        0, 0, 10_000_000)
        if ok:
            self.sell(price)
