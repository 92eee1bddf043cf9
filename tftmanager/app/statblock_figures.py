"""A stat block's figure as a character: its names matched to the campaign's library.

``rules.statblock`` reads the text; this module decides what each name is
(``app.library_names``), what the parentheses mean in each list (a talent's
cost, a weapon's damage and where it is, a quantity) and writes what every
line became, or what is wrong with it, on that line's note.  A talent,
spell or possession the library does not hold never refuses the figure: it
goes through ``app.import_unknowns.Resolver`` (kept in the notes by default,
with a warning on its line, or mapped, or added to the library); an unknown
race is a problem.  "Languages:" become the character's languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tftmanager.app.import_unknowns import Resolver
from tftmanager.app.library_names import Match, NameIndex
from tftmanager.app.statblock_checks import compare_with_library
from tftmanager.app.statblock_loose import (
    carried_list,
    hide_of,
    money_of,
    move_of,
    natural_attack,
)
from tftmanager.app.statblock_loose import words as loose_words
from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.statblock import Block, LineNote
from tftmanager.rules.statblock_details import Details, read_details
from tftmanager.rules.statblock_entries import ListEntry, split_entries

DEFAULT_RACE = "human"
# What published lists add after a spell: its type letter or name, its IQ level.
# A spell's parenthesis that is no detail of the figure: its type, IQ or cost as written
# ("Fire (var)", "Light (1)", "Shock Shield (2/turn)").
_SPELL_NOTE = re.compile(r"[mtcs]|missile|thrown|creation|special|iq\s*\d+|var\.?|variable|"
                         r"varies|\d+\s*(?:st\s*)?(?:/|per\s+)\s*(?:turn|hex|hour|minute|day)",
                         re.IGNORECASE)
# Which library kinds a list's names are looked up in, in order.
LOOKUP: dict[str, tuple[str, ...]] = {
    "weapons": ("weapon", "shield"),
    "armor": ("armor", "shield"),
    "shield": ("shield",),
    "gear": ("gear", "magic", "weapon", "armor", "shield"),
    "magic": ("magic", "gear"),
}
_ITEM_KIND = {"weapon": ItemKind.WEAPON, "armor": ItemKind.ARMOR, "shield": ItemKind.SHIELD,
              "gear": ItemKind.GEAR, "magic": ItemKind.MAGIC}
_DEFAULT_STATE = {ItemKind.ARMOR: ItemState.READIED, ItemKind.SHIELD: ItemState.READIED}


@dataclass
class _Build:
    """What is gathered for one figure while its lines are read."""

    block: Block
    notes: dict[int, LineNote]
    resolver: Resolver
    strict: bool = False  # a bestiary template: an unknown talent or weapon is a problem
    touched: set[int] = field(default_factory=set)  # the lines this figure wrote on
    detailed: set[int] = field(default_factory=set)  # items a Details: entry described
    talents: list[KnownTalent] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)
    items: list[tuple[Item, bool]] = field(default_factory=list)  # (item, state was given)
    kept: list[str] = field(default_factory=list)
    money: float = 0.0  # "$75", "carries $35", "20 silver pieces"

    def note(self, line: int) -> LineNote:
        self.touched.add(line)
        return self.notes[line]


@dataclass(frozen=True)
class Figure:
    """A block read as a character, with the money it carries (for the ledger)."""

    character: Character
    money: int | None = None  # whole $, None when the block names no money


def figure_of(block: Block, notes: dict[int, LineNote], library: RulesLibrary,
              index: NameIndex, *, assume_race: bool = True,
              resolver: Resolver | None = None) -> Figure | None:
    """The character a block describes, or None when a line has a problem.

    Without ``assume_race`` (a bestiary template) a block with no race keeps
    none.  ``resolver`` collects the names the library lacks (and the choices).
    """
    build = _Build(block, notes, resolver or Resolver(index, {}, block.name),
                   strict=not assume_race)
    _race_sentence(build, index)
    race = _race(build, index) if (assume_race or block.race
                                   or _race_in_name(block.name, index)) else ""
    kind = _kind(build)
    for entry in block.entries("talents"):
        if not _possession_listed(build, "talent", entry, library, index):
            _talent(build, entry, library, index, kind)
    for entry in block.entries("spells"):
        if not _possession_listed(build, "spell", entry, library, index):
            _spell(build, entry, index)
    for section in LOOKUP:
        for entry in block.entries(section):
            _item(build, section, entry, library, index)
    for entry in block.entries("details"):
        _detail(build, entry, index)
    for entry in block.entries("money"):
        _money(build, entry)
    for line, text, entries in block.loose:
        _loose(build, line, text, entries, library, index)
    if assume_race:
        for name in ("stops", "dx_against"):
            if name in block.bought:
                build.note(block.line).warnings.append(
                    f"{name.replace('_', ' ')} is not kept for a party figure (the bestiary "
                    "keeps it)")
    lines = {block.line, *build.touched, *(e.line for es in block.lists.values() for e in es)}
    if any(notes[n].problems for n in lines) or race is None:
        return None
    notes_text = "\n".join([*block.notes, *build.kept, *build.resolver.kept])
    value = {name: block.attributes[name][0] for name in ("st", "dx") if name in block.attributes}
    money = _whole_money(build, block)
    return Figure(Character(
        name=block.name, race=race, player=block.player, notes=notes_text,
        st=value.get("st", 0), dx=value.get("dx", 0),
        iq=block.attributes.get("iq", (8, 0))[0], sp=block.attributes.get("sp", (0, 0))[0],
        bought_points=block.bought.get("bought_points", 0),
        memory_bought=block.bought.get("memory_bought", 0),
        kind=kind, talents=tuple(build.talents), spells=tuple(build.spells),
        items=_with_states(build.items), languages=tuple(block.languages),
        age=block.age), money)


def _whole_money(build: _Build, block: Block) -> int | None:
    """The block's money in whole $ (the ledger's unit), rounding said on the name line."""
    if not build.money and not any(e for e in block.entries("money")):
        return None
    whole = round(build.money)
    if whole != build.money:
        build.note(block.line).warnings.append(f"money ${build.money:,.2f} kept as ${whole:,}")
    return whole


def _money(build: _Build, entry: ListEntry) -> None:
    """One entry of a "Money:" list: coins or $, else kept in the notes."""
    worth = money_of(entry.text)
    note = build.note(entry.line)
    if worth is None:
        build.kept.append(f"Money: {entry.text}")
        note.warnings.append(f"'{entry.text}' is no sum of money this reads: kept in the notes")
        return
    build.money += worth
    note.became.append(f"money ${worth:,g}")


def _race_sentence(build: _Build, index: NameIndex) -> None:
    """"MA 10. Human wizard.": a sentence naming only race and type is the name line's."""
    block = build.block
    for loose in list(block.loose):
        line, text, entries = loose
        words = text.strip().rstrip(".").split()
        kinds = [w.lower() for w in words if w.lower() in ("hero", "wizard")]
        rest = " ".join(w for w in words if w.lower() not in ("hero", "wizard"))
        is_race = bool(rest) and block.race is None and index.find("race", rest).key
        if len(entries) != 1 or not (is_race or (kinds and not rest)):
            continue
        block.loose.remove(loose)
        if is_race:
            block.race = (rest, line)
        if kinds and block.kind is None:
            block.kind = kinds[0]
            build.note(line).became.append(kinds[0])


def _race(build: _Build, index: NameIndex) -> str | None:
    block = build.block
    named = _race_in_name(block.name, index) if block.race is None else None
    if named is not None:
        build.note(block.line).warnings.append(
            f"no race given: {index.name_of('race', named)}, as the name says")
        return named
    if block.race is None:
        first = build.note(block.line)
        if DEFAULT_RACE not in index.names["race"]:
            first.problems.append("no race given, and this library has no Human to assume")
            return None
        first.warnings.append("no race given: Human (change it in the editor if it is not)")
        return DEFAULT_RACE
    text, line = block.race
    found = index.find("race", text)
    if found.key is None:
        # "Akyra (human female)": one word a race, the others a description kept in the notes
        words = text.split()
        races = [(w, m.key) for w in words if (m := index.find("race", w)).key is not None]
        if len(races) != 1 or len(words) == 1:
            build.note(line).problems.append(found.why)
            return None
        other = " ".join(w for w in words if w != races[0][0])
        build.kept.append(f"Described as: {other}")
        build.note(line).warnings.append(f"'{other}' is not a race: kept in the notes")
        found = Match(races[0][1])
    build.note(line).became.append(f"race: {index.name_of('race', found.key or '')}")
    return found.key


def _possession_listed(build: _Build, kind: str, entry: ListEntry, library: RulesLibrary,
                       index: NameIndex) -> bool:
    """Whether an entry of a talent or spell list is a possession, read as one (and said).

    A list may run on into possessions ("Talents: Bow" then a line "Shortbow
    (1-1), dagger (1-1)"): an entry that is no talent or spell but gives
    damage dice, what it stops or money is read as that.
    """
    if index.find(kind, entry.name).key is not None:
        return False
    found = _loose_kind(entry, index)
    if found is None or (found == "gear" and not entry.details):
        return False
    build.note(entry.line).warnings.append(f"'{entry.text}' is no {kind}: read as written "
                                           "after the list")
    _loose(build, entry.line, entry.text, [entry], library, index)
    return True


def _race_in_name(name: str, index: NameIndex) -> str | None:
    """The race a name begins with ("Goblin Archer", "HOBGOBLIN"), unless it describes.

    "Giant Spider" is no Giant (``not_races`` in resources/statblocks/words.toml).
    """
    first = name.split()[0] if name.split() else ""
    if first.lower() in loose_words().not_races:
        return None
    return index.find("race", first).key if first.isalpha() else None


def _kind(build: _Build) -> CharacterKind:
    block = build.block
    if block.kind:
        return CharacterKind(block.kind)
    if block.entries("spells"):
        build.note(block.line).became.append("wizard (knows spells)")
        return CharacterKind.WIZARD
    return CharacterKind.HERO


def _unknown(build: _Build, entry: ListEntry, details: Details) -> bool:
    if details.unknown:
        build.note(entry.line).problems.append(
            f"'{entry.text}': '{', '.join(details.unknown)}' is not understood")
        return True
    return False


def _talent(build: _Build, entry: ListEntry, library: RulesLibrary, index: NameIndex,
            kind: CharacterKind) -> None:
    note = build.note(entry.line)
    details = read_details(entry.details)
    key = _resolved(build, "talent", entry, quantity=1,
                    data={"cost": details.number} if details.number else {})
    if key is None or _unknown(build, entry, details):
        return
    talent = library.talents[key]
    cost = talent.wizard_cost if kind is CharacterKind.WIZARD and talent.wizard_cost else (
        talent.cost)
    extra = details.extra or 0
    if details.number is not None and details.number != cost:
        if talent.extra_points and details.number > cost:
            extra = details.number - cost
        else:
            note.warnings.append(f"{talent.name} costs {cost} here, not {details.number}")
    if extra and not talent.extra_points:
        note.problems.append(f"{talent.name} cannot take extra points")
        return
    if any(t.key == key for t in build.talents):
        note.problems.append(f"{talent.name} is listed twice")
        return
    build.talents.append(KnownTalent(key, extra))
    note.became.append(f"talent {talent.name}" + (f" (+{extra})" if extra else ""))


def _spell(build: _Build, entry: ListEntry, index: NameIndex) -> None:
    note = build.note(entry.line)
    key = _resolved(build, "spell", entry)
    details = read_details(tuple(d for d in entry.details if not _SPELL_NOTE.fullmatch(d)))
    if key is not None and not _unknown(build, entry, details):
        if key in build.spells:
            note.problems.append(f"{index.name_of('spell', key)} is listed twice")
            return
        build.spells.append(key)
        note.became.append(f"spell {index.name_of('spell', key)}")


def _resolved(build: _Build, kind: str, entry: ListEntry, quantity: int = 1,
              data: dict[str, object] | None = None) -> str | None:
    """The library entry a talent or spell names, or None (kept in the notes, or as chosen)."""
    resolver = build.resolver
    if build.strict and resolver.find((kind,), entry.name) is None:
        build.note(entry.line).problems.append(resolver.index.find(kind, entry.name).why)
        return None
    before = len(resolver.unknowns)
    found = resolver.resolve((kind,), entry.name, quantity=quantity,
                             figures=", ".join(entry.details), data=data,
                             where=f"line {entry.line}")
    if len(resolver.unknowns) > before:
        build.note(entry.line).warnings.append(resolver.said[-1])
    if found is not None and found[1] not in resolver.index.names[kind]:
        if kind == "talent":  # added to the library as the import begins
            build.talents.append(KnownTalent(found[1]))
        else:
            build.spells.append(found[1])
        return None
    return found[1] if found else None


def _loose(build: _Build, line: int, text: str, entries: list[ListEntry],
           library: RulesLibrary, index: NameIndex) -> None:
    """Unlabelled text after the attributes: each entry read as what it is, when each is one.

    Each may be money ("carries $35"), a natural attack ("Bite (2d-1) plus poison"), another
    way to move ("Flies MA 16"), a hide ("Stone Hide stops 3"), or a possession
    (one the library has, or one with damage dice or what it stops); else the
    sentence is kept in the notes as written.
    """
    plain = carried_list(text)
    if plain is not None:  # "Each has a broadsword (2+0) and a small shield."
        entries = split_entries(plain, [(0, line)])[0] or entries
    kinds = [_loose_kind(e, index) for e in entries]
    if not entries or None in kinds:
        build.kept.append(text)
        build.note(line).warnings.append("not read as possessions: kept in the notes")
        return
    for entry, kind in zip(entries, kinds, strict=True):
        note = build.note(entry.line)
        if kind == "money":
            build.money += money_of(entry.text) or 0.0
            note.became.append(f"money ${money_of(entry.text):,g}")
        elif kind in ("attack", "moves", "hide"):
            label = {"attack": "Attack", "moves": "Moves", "hide": "Hide"}[kind]
            build.kept.append(f"{label}: {entry.text}")
            note.became.append(f"{label.lower()}: {entry.text} (kept in the notes)")
        else:
            _item(build, str(kind), entry, library, index)


def _loose_kind(entry: ListEntry, index: NameIndex) -> str | None:
    """What an unlabelled entry is (a list's section for a possession), None if none."""
    if money_of(entry.text) is not None:
        return "money"
    if natural_attack(entry.text) is not None:
        return "attack"
    if move_of(entry.text) is not None:
        return "moves"
    if hide_of(entry.name, entry.text) is not None:
        return "hide"
    name = _quality_name("gear", entry.name, index)[0]
    if not isinstance(_lookup("gear", name, index), str):
        return "gear"
    details = read_details(entry.details)
    if details.dice and not details.unknown:
        return "weapons"
    if details.stops is not None and not details.unknown:
        return "armor"
    return None


def _lookup(section: str, name: str, index: NameIndex) -> tuple[str, str] | str:
    """(library kind, key) for an item's name, or why there is none."""
    why = ""
    for kind in LOOKUP[section]:
        found = index.find(kind, name)
        if found.key is not None:
            return kind, found.key
        why = why or found.why
    return why


def _quality_name(section: str, name: str, index: NameIndex) -> tuple[str, list[str]]:
    """'Silver shortsword' -> ('shortsword', ['silver']) when the full name is unknown."""
    words = name.split()
    taken: list[str] = []
    while len(words) > 1 and words[0].lower() in ("fine", "silver", "good"):
        if not isinstance(_lookup(section, " ".join(words), index), str):
            break
        taken.append(words.pop(0).lower())
    return " ".join(words), taken


def _item(build: _Build, section: str, entry: ListEntry, library: RulesLibrary,
          index: NameIndex) -> None:
    note = build.note(entry.line)
    worth = None if entry.details else money_of(entry.text)
    if worth is not None:  # "Armor: chainmail (stops 3), small shield; $120": its money
        build.money += worth
        note.became.append(f"money ${worth:,g}")
        return
    name, words = _quality_name(section, entry.name, index)
    looked = _lookup(section, name, index)
    found = _unknown_item(build, section, entry) if isinstance(looked, str) else looked
    if found is None:
        return
    kind, key = found
    details = read_details((*entry.details, *words))
    if _unknown(build, entry, details):
        return
    if kind == "weapon" and details.number and not details.dice:
        damage = library.weapons[key].damage
        if damage.plus == 0 and damage.count == details.number:  # Melee's "Broadsword 2"
            details.dice, details.number = str(damage), None
            details.all_dice.append(str(damage))
            note.became.append(f"({damage.count}) read as its damage, {damage}")
    if details.fine and not (details.fine_dx or details.fine_damage):
        note.problems.append(f"'{entry.text}': say how fine (+1 DX, +1 damage)")
        return
    item = Item(kind=_ITEM_KIND[kind], key=key,
                state=details.state or _DEFAULT_STATE.get(_ITEM_KIND[kind], ItemState.CARRIED),
                quality=Quality(details.fine_dx, details.fine_damage, details.silver,
                                details.good),
                hits_taken=details.hits_taken,
                quantity=details.count or (entry.count if entry.count > 1 else 0)
                or details.number or 1)
    compare_with_library(note, library, item, details)
    build.items.append((item, details.state is not None))
    shown = index.name_of(kind, key)
    label = item.quality.label
    note.became.append(f"{kind} {shown}" + (f" ({label})" if label else "")
                       + (f" x{item.quantity}" if item.quantity != 1 else ""))


def _unknown_item(build: _Build, section: str, entry: ListEntry) -> tuple[str, str] | None:
    """A possession the library lacks: to the notes (said on its line), or as chosen."""
    resolver = build.resolver
    details = read_details(entry.details)
    if (build.strict and section in ("weapons", "shield")) or (
            build.strict and section == "armor" and details.stops is None):
        build.note(entry.line).problems.append(str(_lookup(section, entry.name,
                                                           resolver.index)))
        return None
    data = {"damage": details.dice or "1d", "stops": details.stops or 0}
    numbers = [d for d in entry.details if d.strip().isdigit()]  # "Torches (3)": how many
    bare = section not in ("weapons", "armor", "shield") and len(numbers) == 1
    quantity = details.count or (entry.count if entry.count > 1 else 0) or (
        int(numbers[0]) if bare else 1)
    shown = [d for d in entry.details if not (bare and d in numbers)]
    before = len(resolver.unknowns)
    found = resolver.resolve(LOOKUP[section], entry.name, quantity=quantity or 1,
                             figures=", ".join(shown), data=data, where=f"line {entry.line}")
    if len(resolver.unknowns) > before:  # what became of it, on its line
        build.note(entry.line).warnings.append(resolver.said[-1])
    if found is not None and found[1] not in resolver.index.names[found[0]]:
        build.items.append((Item(kind=_ITEM_KIND[found[0]], key=found[1],
                                 state=_DEFAULT_STATE.get(_ITEM_KIND[found[0]],
                                                          ItemState.CARRIED),
                                 quantity=quantity or 1), False))
        return None
    return found


def _detail(build: _Build, entry: ListEntry, index: NameIndex) -> None:
    """Our "Details:" list: where a listed item is, its quality, wear and count."""
    note = build.note(entry.line)
    name, words = _quality_name("gear", entry.name, index)
    found = _lookup("gear", name, index)
    details = read_details((*entry.details, *words))
    kind = _ITEM_KIND[found[0]] if not isinstance(found, str) else None
    done = build.detailed
    at = next((n for n, (item, _) in enumerate(build.items)
               if n not in done and kind is not None and (item.kind, item.key) == (
                   kind, found[1])), None)
    if at is None or _unknown(build, entry, details):
        note.warnings.append(f"'{entry.text}': no such possession listed above; ignored")
        return
    item, given = build.items[at]
    build.items[at] = (replace(item, state=details.state or item.state,
                               quality=Quality(details.fine_dx, details.fine_damage,
                                               details.silver, details.good),
                               hits_taken=details.hits_taken,
                               quantity=details.count or item.quantity),
                       given or details.state is not None)
    done.add(at)
    note.became.append(f"details of {index.name_of(found[0], found[1])}")


def _with_states(items: list[tuple[Item, bool]]) -> tuple[Item, ...]:
    """When no weapon says where it is, the first is in hand and the others carried."""
    weapons = [i for i, (item, _) in enumerate(items) if item.kind is ItemKind.WEAPON]
    if weapons and not any(items[i][1] for i in weapons):
        first = weapons[0]
        items[first] = (replace(items[first][0], state=ItemState.READIED), False)
    return tuple(item for item, _ in items)
