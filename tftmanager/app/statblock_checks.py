"""A stat block's figures against the library: damage and hits stopped as written.

A block that gives a weapon's damage or an armor's hits stopped is checked
against the library the campaign plays by; a difference is a warning on its
line (the library's figure is the one kept), never a refusal.
"""

from __future__ import annotations

import re

from tftmanager.rules.items import Item, ItemKind
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.statblock import LineNote
from tftmanager.rules.statblock_details import Details


def compare_with_library(note: LineNote, library: RulesLibrary, item: Item,
                         details: Details) -> None:
    """Warn when the block's damage or hits stopped differ from the library's."""
    if details.dice and item.kind is ItemKind.WEAPON:
        weapon = library.weapons[item.key]
        base = weapon.damage.add(item.quality.fine_damage)
        ours = dice_text(base.count, base.plus)
        library_dice = {ours, dice_text(weapon.damage.count, weapon.damage.plus)}
        written = {re.sub(r"[+-]0$", "", d) for d in details.all_dice}  # Melee's "2+0" is 2d
        if not library_dice & written:
            note.warnings.append(f"{weapon.name} does {ours} here, not {details.dice}")
    if details.stops is not None and item.kind in (ItemKind.ARMOR, ItemKind.SHIELD):
        entry = (library.armors if item.kind is ItemKind.ARMOR else library.shields)[item.key]
        if entry.stops != details.stops:
            note.warnings.append(f"{entry.name} stops {entry.stops} here, not {details.stops}")


def dice_text(count: int, plus: int) -> str:
    """"2d", "2d-1": dice as the library writes them."""
    return f"{count}d" + (f"{plus:+d}" if plus else "")
