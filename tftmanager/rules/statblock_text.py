"""Writing a character as a stat block, in the form ``rules.statblock`` reads back.

The form is the one TFT adventures print and Foundry's Fantasy Trip system
reads and writes as its "standard text" (``transfer.mjs``): a name line with
the type and age, ST, DX, IQ and the race's MA first on the attribute line,
weapons with nothing but their dice in parentheses, armor and shields on the
``Armor:`` line with what they stop, equipment quantities as "(3)", magic
items as a bullet list, one ``Notes:`` list.  What Foundry has no place for
(where an item is, its quality and wear, a weapon's count) goes on our own
``Details:`` line, which Foundry's importer skips, so reading the text back
here gives the same figure.  Derived values (MA, adjusted DX) are written for
the reader and ignored when read.
"""

from __future__ import annotations

from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.equipment import Armor, Shield, Weapon
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary

_DEFAULT = {ItemKind.ARMOR: ItemState.READIED, ItemKind.SHIELD: ItemState.READIED,
            ItemKind.GEAR: ItemState.CARRIED, ItemKind.MAGIC: ItemState.CARRIED}
_STATE_WORD = {
    ItemKind.SHIELD: {ItemState.READIED: "ready", ItemState.CARRIED: "slung",
                      ItemState.STORED: "stored"},
    ItemKind.ARMOR: {ItemState.READIED: "worn", ItemState.CARRIED: "carried",
                     ItemState.STORED: "stored"},
}
_PLAIN_WORD = {ItemState.READIED: "ready", ItemState.CARRIED: "carried",
               ItemState.STORED: "stored"}
DETAILS_LABEL = "Details"  # ours: Foundry's importer skips a list it does not know


def _item_name(library: RulesLibrary, item: Item) -> str:
    entry = library.item_entry(item.kind, item.key)
    return entry.name if entry is not None else item.key


def _weapons_by_default(items: list[Item]) -> bool:
    """Whether the weapons are as a reader assumes: the first in hand, the rest carried."""
    return all(item.state is (ItemState.READIED if i == 0 else ItemState.CARRIED)
               for i, item in enumerate(items))


def _extras(item: Item, say_state: bool) -> list[str]:
    """What a reader would not assume of an item: where it is, its quality, wear, count."""
    details: list[str] = []
    if say_state:
        details.append(_STATE_WORD.get(item.kind, _PLAIN_WORD)[item.state])
    q = item.quality
    if q.fine_dx:
        details.append(f"fine +{q.fine_dx} DX")
    if q.fine_damage:
        details.append(f"{'' if q.fine_dx else 'fine '}+{q.fine_damage} damage")
    if q.silver:
        details.append("silver")
    if q.good:
        details.append("good")
    if item.hits_taken:
        details.append(f"{item.hits_taken} hits taken")
    if item.quantity != 1 and item.kind in (ItemKind.WEAPON, ItemKind.ARMOR, ItemKind.SHIELD):
        details.append(f"x{item.quantity}")
    return details


def _entry(library: RulesLibrary, item: Item) -> str:
    """An item as Foundry's importer reads it: "Shortsword (2d-1)", "Torches (3)".

    Armor and shields say what they stop ("Chainmail stops 3"); nothing else
    goes inside the parentheses.
    """
    entry = library.item_entry(item.kind, item.key)
    text = _item_name(library, item)
    if isinstance(entry, Weapon):
        return f"{text} ({entry.damage.add(item.quality.fine_damage)})"
    if isinstance(entry, Armor | Shield):
        return f"{text} stops {entry.stops}"
    return text + (f" ({item.quantity})" if item.quantity != 1 else "")


def _item_lines(character: Character, library: RulesLibrary) -> list[str]:
    """Weapons, Armor (shields too), Equipment, Magic Items, then our Details line."""
    lines, details = [], []
    weapons = [i for i in character.items if i.kind is ItemKind.WEAPON]
    say_weapons = not _weapons_by_default(weapons)
    for kinds, label in (((ItemKind.WEAPON,), "Weapons"),
                         ((ItemKind.ARMOR, ItemKind.SHIELD), "Armor"),
                         ((ItemKind.GEAR,), "Equipment")):
        items = [i for i in character.items if i.kind in kinds]
        if items:
            lines.append(f"{label}: {', '.join(_entry(library, i) for i in items)}")
    magic = [i for i in character.items if i.kind is ItemKind.MAGIC]
    if magic:
        lines += ["Magic Items:", *(f"• {_entry(library, i)}" for i in magic)]
    for item in character.items:
        say = say_weapons if item.kind is ItemKind.WEAPON else (
            item.state is not _DEFAULT[item.kind])
        extras = _extras(item, say)
        if extras:
            details.append(f"{_item_name(library, item)} ({'; '.join(extras)})")
    if details:
        lines.append(f"{DETAILS_LABEL}: {', '.join(details)}")
    return lines


def _attributes(character: Character, library: RulesLibrary, derived: Derived | None) -> str:
    """"ST 12, DX 12, IQ 8, MA 10 (6), adjDX 9": Foundry reads the race's MA as the base."""
    parts = [f"ST {character.st}", f"DX {character.dx}", f"IQ {character.iq}"]
    race = library.races.get(character.race)
    if derived is not None:
        base = race.ma if race else derived.ma
        parts.append(f"MA {base}" + (f" ({derived.ma})" if derived.ma != base else ""))
    if character.sp:
        parts.append(f"SP {character.sp}")
    if derived is not None and derived.adj_dx != character.dx:
        parts.append(f"adjDX {derived.adj_dx}")
    return ", ".join(parts)


def header(name: str, what: str) -> str:
    """The name line: "Ragnar, Human hero"; a dash when the name holds a comma or parenthesis."""
    return f"{name}{' - ' if any(c in name for c in ',()') else ', '}{what}"


def statblock(character: Character, library: RulesLibrary, derived: Derived | None = None
              ) -> str:
    """One figure as a stat block (no trailing blank line)."""
    race = library.races.get(character.race)
    kind = "wizard" if character.kind is CharacterKind.WIZARD else "hero"
    what = kind + (f", age {character.age}" if character.age else "")
    lines = [header(character.name, what), _attributes(character, library, derived),
             f"Race: {race.name if race else character.race}"]
    if character.player:
        lines.append(f"Player: {character.player}")
    if character.bought_points:
        lines.append(f"Points bought: {character.bought_points}")
    if character.memory_bought:
        lines.append(f"Memory bought: {character.memory_bought}")
    if character.talents:
        lines.append("Talents: " + ", ".join(
            (library.talents[t.key].name if t.key in library.talents else t.key)
            + (f" (+{t.extra_points})" if t.extra_points else "") for t in character.talents))
    if character.languages:
        lines.append("Languages: " + ", ".join(character.languages))
    if character.spells:
        lines.append("Spells: " + ", ".join(
            library.spells[s].name if s in library.spells else s for s in character.spells))
    lines += _item_lines(character, library)
    notes = [line.strip() for line in character.notes.splitlines() if line.strip()]
    if notes:
        lines += [f"Notes: {notes[0]}", *notes[1:]]  # one Notes: list, as Foundry reads it
    return "\n".join(lines)
