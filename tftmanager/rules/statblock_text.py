"""Writing a character as a stat block, in the form ``rules.statblock`` reads back.

The form is the one TFT adventures print and Foundry's Fantasy Trip system
reads and writes as its "standard text" (a name line with the type, ST, DX,
IQ and MA first on the attribute line, weapons with their damage, armor
with what it stops), then the race and labelled lists.  Every entry uses the library's name, and
the parentheses say only what differs from what a reader would assume
(a slung shield, a fine weapon, extra points on a talent), so reading the
text back gives the same figure.  Derived values (MA, adjusted DX) are
written for the reader and ignored when read.
"""

from __future__ import annotations

from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.equipment import Armor, Shield, Weapon
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary

_SECTIONS = ((ItemKind.WEAPON, "Weapons"), (ItemKind.ARMOR, "Armor"),
             (ItemKind.SHIELD, "Shield"), (ItemKind.GEAR, "Equipment"),
             (ItemKind.MAGIC, "Magic items"))
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


def _item_name(library: RulesLibrary, item: Item) -> str:
    entry = library.item_entry(item.kind, item.key)
    return entry.name if entry is not None else item.key


def _weapons_by_default(items: list[Item]) -> bool:
    """Whether the weapons are as a reader assumes: the first in hand, the rest carried."""
    return all(item.state is (ItemState.READIED if i == 0 else ItemState.CARRIED)
               for i, item in enumerate(items))


def _entry(library: RulesLibrary, item: Item, say_state: bool) -> str:
    details: list[str] = []
    entry = library.item_entry(item.kind, item.key)
    if isinstance(entry, Weapon):  # "Shortsword (2d-1)", as adventures print weapons
        details.append(str(entry.damage.add(item.quality.fine_damage)))
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
    text = _item_name(library, item)
    if isinstance(entry, Armor | Shield):  # "Chainmail stops 3" (Foundry's text needs it)
        text += f" stops {entry.stops}"
    if item.quantity != 1:
        text += f" x{item.quantity}"
    return text + (f" ({'; '.join(details)})" if details else "")  # Foundry cuts at commas


def _item_lines(character: Character, library: RulesLibrary) -> list[str]:
    lines = []
    for kind, label in _SECTIONS:
        items = [i for i in character.items if i.kind is kind]
        if not items:
            continue
        if kind is ItemKind.WEAPON:
            say = not _weapons_by_default(items)
            entries = [_entry(library, i, say) for i in items]
        else:
            entries = [_entry(library, i, i.state is not _DEFAULT[kind]) for i in items]
        lines.append(f"{label}: {', '.join(entries)}")
    return lines


def _attributes(character: Character, derived: Derived | None) -> str:
    """"ST 12, DX 12, IQ 8, MA 6, adjDX 9": ST, DX, IQ and MA first, as Foundry reads them."""
    parts = [f"ST {character.st}", f"DX {character.dx}", f"IQ {character.iq}"]
    if derived is not None:
        parts.append(f"MA {derived.ma}")
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
    lines = [header(character.name, kind), _attributes(character, derived),
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
    if character.spells:
        lines.append("Spells: " + ", ".join(
            library.spells[s].name if s in library.spells else s for s in character.spells))
    lines += _item_lines(character, library)
    lines += [f"Notes: {line.strip()}" for line in character.notes.splitlines() if line.strip()]
    return "\n".join(lines)
