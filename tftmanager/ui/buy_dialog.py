"""Buying: pick from the campaign's library, choose the workmanship, see the price."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tftmanager.app import campaigns, characters, equipment
from tftmanager.app.equipment import EquipmentRefused, price_of, purchase_problems
from tftmanager.rules.equipment import Armor, Gear, MagicItem, Shield, Weapon
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.money import purchase_refusal
from tftmanager.rules.settings import show_weight
from tftmanager.rules.shelves import armor_shelf, weapon_shelf
from tftmanager.rules.text import dollars
from tftmanager.shipped import rules_documents
from tftmanager.ui import operations
from tftmanager.ui.problem_label import ProblemLabel
from tftmanager.ui.runner import free_check

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession

KINDS = ((ItemKind.WEAPON, "Weapons"), (ItemKind.ARMOR, "Armor"),
         (ItemKind.SHIELD, "Shields"), (ItemKind.GEAR, "Other equipment"),
         (ItemKind.MAGIC, "Magic items"))
# The library's entry kind for each kind of possession (retired entries are not offered).
LIBRARY_KIND = {ItemKind.MAGIC: "magic_item"}



def _shelves() -> list[str]:
    """The shop's weapon shelves, as the shipped weapon data orders them."""
    return list(rules_documents()["weapons"].get("shelves", []))

class BuyDialog(QDialog):
    """Everything for sale, its price for the chosen quality, and whether it is affordable."""

    def __init__(self, session: CampaignSession, character_id: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.character_id = character_id
        self.name = session.query(characters.get_character, character_id=character_id).name
        self.setWindowTitle("Buy")
        self.library = session.library
        self.unit = session.query(campaigns.get_profile).weight_unit
        self.kind = QComboBox()
        self.kind.setAccessibleName("What to buy")
        for kind, text in KINDS:
            self.kind.addItem(text, kind)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search")
        self.search.setAccessibleName("Search items")
        self.search.setClearButtonEnabled(True)
        self.items = QListWidget()
        self.items.setAccessibleName("Items for sale")
        self.fine_dx = QCheckBox("Fine: +1 &DX")
        self.fine_damage = QComboBox()
        self.fine_damage.setAccessibleName("Fine: extra damage")
        for n in range(3):
            self.fine_damage.addItem("no extra damage" if n == 0 else f"+{n} damage", n)
        self.silver = QCheckBox("&Silver")
        self.good = QCheckBox("&Good (not fine)")
        self.quantity = QSpinBox()
        self.quantity.setRange(1, 1000)
        self.quantity.setAccessibleName("Quantity")
        self.price = QLabel()
        self.price.setAccessibleName("Price")
        font = self.price.font()
        font.setBold(True)
        self.price.setFont(font)
        self.problem = ProblemLabel()
        buttons = QDialogButtonBox()
        self.buy_button = buttons.addButton("&Buy", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.money_button = buttons.addButton("&Money…", QDialogButtonBox.ButtonRole.ActionRole)
        self.money_button.setToolTip("Record starting money, pay or a find for "
                                     f"{self.name}")
        self.money_button.clicked.connect(self.open_money)
        buttons.accepted.connect(self.buy)
        buttons.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(self.kind)
        top.addWidget(self.search, 1)
        quality = QHBoxLayout()
        for widget in (self.fine_dx, self.fine_damage, self.silver, self.good):
            quality.addWidget(widget)
        quality.addStretch(1)
        form = QFormLayout()
        form.addRow("Workmanship:", quality)
        quantity_label = QLabel("&Quantity:")
        quantity_label.setBuddy(self.quantity)
        form.addRow(quantity_label, self.quantity)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.items, 1)
        layout.addLayout(form)
        layout.addWidget(self.price)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self.resize(560, 560)

        self.kind.currentIndexChanged.connect(lambda _i: self._fill())
        self.search.textChanged.connect(lambda _t: self._fill())
        self.items.currentItemChanged.connect(lambda *_a: self.update_price())
        for signal in (self.fine_dx.toggled, self.silver.toggled, self.good.toggled,
                       self.fine_damage.currentIndexChanged, self.quantity.valueChanged):
            signal.connect(lambda *_a: self.update_price())
        session.signals.changes_applied.connect(self._on_changes)
        self._fill()

    def _entries(self) -> list[tuple[str, str, str, float]]:
        """(key, name, price text, weight) of each entry on sale of the chosen kind."""
        kind: ItemKind = self.kind.currentData()
        library = self.library
        if kind is ItemKind.MAGIC:
            return [(e.key, e.name, _magic_price(e), e.weight_kg)
                    for e in sorted(library.magic_items.values(), key=lambda m: m.name.casefold())
                    if not library.is_retired(LIBRARY_KIND[kind], e.key)]
        entries: list[Weapon | Armor | Shield | Gear]
        if kind is ItemKind.WEAPON:
            shelves = _shelves()
            weapons = sorted(library.weapons.values(), key=lambda w: weapon_shelf(w, shelves))
            entries = [*weapons]
        elif kind in (ItemKind.ARMOR, ItemKind.SHIELD):
            protection: list[Armor | Shield] = list(
                library.armors.values() if kind is ItemKind.ARMOR else library.shields.values())
            entries = [*sorted(protection, key=armor_shelf)]
        else:
            entries = [*sorted(library.gear.values(), key=lambda g: g.name.casefold())]
        # An entry the documents give no price for waits for the GM's price.
        return [(e.key, e.name, f"${e.cost:,}", e.weight_kg) for e in entries
                if not library.is_retired(kind.value, e.key) and e.priced]

    def _fill(self) -> None:
        text = self.search.text().strip().casefold()
        self.items.clear()
        for key, name, cost, weight in self._entries():
            if text and text not in name.casefold():
                continue
            item = QListWidgetItem(f"{name} — {cost}, {show_weight(weight, self.unit)}")
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.items.addItem(item)
        weapons = self.kind.currentData() is ItemKind.WEAPON
        for widget in (self.fine_dx, self.fine_damage, self.silver, self.good):
            widget.setEnabled(weapons)
        self.items.setCurrentRow(0)
        self.update_price()

    def select(self, key: str) -> bool:
        """Pick an entry by key (after choosing the kind)."""
        for i in range(self.items.count()):
            if self.items.item(i).data(Qt.ItemDataRole.UserRole) == key:
                self.items.setCurrentRow(i)
                return True
        return False

    def quality(self) -> Quality:
        """The workmanship the form describes (ordinary for non-weapons)."""
        if self.kind.currentData() is not ItemKind.WEAPON:
            return Quality()
        return Quality(int(self.fine_dx.isChecked()), int(self.fine_damage.currentData()),
                       self.silver.isChecked(), self.good.isChecked())

    def current_key(self) -> str | None:
        """The selected entry's key."""
        item = self.items.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else None

    def update_price(self) -> str:
        """Show the price and whether it can be bought; returns the refusal ("" if none)."""
        key = self.current_key()
        balance = self.session.query(equipment.money, character_id=self.character_id)
        if key is None:
            self.price.setText(f"{dollars(balance)} on hand")
            self.buy_button.setEnabled(False)
            return "Pick something to buy."
        priced = free_check(price_of, answers=(EquipmentRefused,), library=self.library,
                            kind=self.kind.currentData(), key=key, quality=self.quality(),
                            quantity=self.quantity.value())
        if priced.refusal is not None:
            refusal = str(priced.refusal)
            self.price.setText(f"{dollars(balance)} on hand")
        else:
            price = priced.value or 0
            self.price.setText(f"Price ${price:,} — {dollars(balance)} on hand")
            refusal = purchase_refusal(price, balance, "It")
            if refusal and balance <= 0:
                refusal += (" Record the character's starting money (or pay, or a find) "
                            "with Money… first.")
        # Said before buying, not refused: a GM may mean the character to sort it out.
        warnings = [] if refusal else [
            f"Buying it makes {self.name} illegal: {problem}"
            for problem in self._problems_after(key)]
        self.problem.show_messages([refusal] if refusal else warnings)
        self.buy_button.setEnabled(not refusal)
        self.buy_button.setToolTip(refusal)
        return refusal

    def _on_changes(self, _changes: object) -> None:
        """Money recorded meanwhile (from Money…) changes what can be bought."""
        self.update_price()

    def open_money(self) -> QDialog:
        """The money form, to record starting money before the first purchase."""
        from tftmanager.ui.money_dialog import MoneyDialog  # noqa: PLC0415 - when first opened

        dialog = MoneyDialog(self.session, self.character_id, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _problems_after(self, key: str) -> list[str]:
        item = Item(self.kind.currentData(), key, ItemState.CARRIED, self.quality(),
                    quantity=self.quantity.value())
        return self.session.query(purchase_problems, character_id=self.character_id, item=item)

    def buy(self) -> bool:
        """Buy the selected entry (one undoable step); stays open to buy more."""
        key = self.current_key()
        if key is None or self.update_price():
            return False
        deal = operations.equipment.buy(self.session, self.character_id, self.kind.currentData(),
                                        key,
                                   self.quality(), self.quantity.value())
        self.update_price()
        return deal is not None


def _magic_price(item: MagicItem) -> str:
    """"$3,000", "$450 a point" (a rod: Quantity is its points), or "no price"."""
    if item.cost_per_point is not None:
        return f"${item.cost_per_point:,} a point"
    return f"${item.cost:,}" if item.cost is not None else "no price"
