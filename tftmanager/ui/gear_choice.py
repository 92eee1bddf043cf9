"""The Character tab's armor, shield and weapon choices, by the shop's money rule.

A choice edits the possessions (``rules.loadout`` decides how).  Putting on
something owned is a swap; a piece not owned is bought or taken free, as the
user says, never added for nothing without a word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from tftmanager.app import equipment
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item
from tftmanager.rules.loadout import (
    added_items,
    carry_weapons,
    ready_shield,
    ready_weapon,
    take_shield,
    wear_armor,
)
from tftmanager.ui import dialogs, operations
from tftmanager.ui.runner import free_query

if TYPE_CHECKING:
    from tftmanager.ui.session import CampaignSession


def gear_after(character: Character, field: str, value: Any,
               shield_ready: bool) -> tuple[Item, ...]:
    """The possessions after an armor, shield or weapon choice."""
    items = character.items
    if field == "armor":
        return wear_armor(items, value)
    if field == "shield":
        return take_shield(items, value, shield_ready)
    if field == "shield_ready":
        return ready_shield(items, value)
    if field == "weapons":
        return carry_weapons(items, value)
    return ready_weapon(items, value)


def apply_gear(parent: QWidget, session: CampaignSession, character_id: int,
               before: Character, items: tuple[Item, ...]) -> bool:
    """Make the choice one operation, asking how to pay for a new piece; False if cancelled."""
    added = added_items(before.items, items)
    if not added:
        operations.equipment.change_outfit(session, character_id, items, pay=False)
        return True
    library = session.library
    what = ", ".join(free_query(equipment.entry_name, library=library, kind=i.kind, key=i.key)
                     for i in added)
    price = free_query(equipment.outfit_price, library=library, before=before, items=items)
    pay = dialogs.ask_gear_payment(parent, before.name, what, price,
                                   session.query(equipment.money,
                                                 character_id=character_id)) if price else False
    if pay is None:
        return False
    operations.equipment.change_outfit(session, character_id, items, pay=pay)
    return True
