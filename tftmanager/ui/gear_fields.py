"""The editor's gear fields shown from a character's possessions, and read back.

Armor, shield, the weapons carried and the ready weapon are views of one
list of possessions (schema 6); these functions offer the campaign's
library in them, fill them from the possessions and read the weapons
ticked, so the editor itself only wires them to edits.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QListWidget, QListWidgetItem

from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary

NO_ITEM = "(none)"


def offer_gear(library: RulesLibrary, armor: QComboBox, shield: QComboBox,
               weapons: QListWidget) -> None:
    """List the library's armor, shields and weapons (each with what it stops or deals)."""
    armor.clear()
    armor.addItem(NO_ITEM, None)
    for worn in library.armors.values():
        armor.addItem(f"{worn.name} (stops {worn.stops}, DX {worn.dx:+d})", worn.key)
    shield.clear()
    shield.addItem(NO_ITEM, None)
    for held in library.shields.values():
        shield.addItem(f"{held.name} (stops {held.stops}, DX {held.dx:+d})", held.key)
    weapons.clear()
    for weapon in library.weapons.values():
        st = f", ST {weapon.st}" if weapon.st else ""
        item = QListWidgetItem(f"{weapon.name} ({weapon.damage}{st})")
        item.setData(Qt.ItemDataRole.UserRole, weapon.key)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Unchecked)
        weapons.addItem(item)


def select(combo: QComboBox, data: object) -> None:
    """Show ``data`` in ``combo``; a value the library lacks is added and said so."""
    index = combo.findData(data)
    if index < 0 and data is not None:
        combo.addItem(f"{data} (not in library)", data)
        index = combo.count() - 1
    combo.setCurrentIndex(max(index, 0))


def show_gear(c: Character, library: RulesLibrary | None, armor: QComboBox, shield: QComboBox,
              shield_ready: QCheckBox, weapons: QListWidget, ready_weapon: QComboBox) -> None:
    """Show the worn armor, the shield and the weapons carried, read from the possessions."""
    gear = c.loadout
    select(armor, gear.armor.key if gear.armor else None)
    select(shield, gear.shield.key if gear.shield else None)
    shield_ready.setChecked(gear.shield_ready)
    shield_ready.setEnabled(gear.shield is not None)
    carried = list(dict.fromkeys(w.key for w in gear.weapons))
    for i in range(weapons.count()):
        item = weapons.item(i)
        key = item.data(Qt.ItemDataRole.UserRole)
        item.setCheckState(Qt.CheckState.Checked if key in carried else Qt.CheckState.Unchecked)
    ready_weapon.clear()
    ready_weapon.addItem(NO_ITEM, None)
    for key in carried:
        weapon = library.weapons.get(key) if library else None
        ready_weapon.addItem(weapon.name if weapon else key, key)
    ready = gear.ready_weapon
    select(ready_weapon, ready.key if ready else None)


def carried(weapons: QListWidget) -> tuple[str, ...]:
    """The keys of the weapons ticked as carried."""
    return tuple(str(weapons.item(i).data(Qt.ItemDataRole.UserRole))
                 for i in range(weapons.count())
                 if weapons.item(i).checkState() == Qt.CheckState.Checked)
