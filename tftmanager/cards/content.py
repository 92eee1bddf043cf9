"""What a character card says, as plain text in plain dataclasses (no Qt).

Keeping the words apart from the drawing lets the rules-facing part be tested
without a display, and lets the one painter draw any face (front, back or a
continuation card) the same way.  Figures come from the Sheet (derived under
the campaign's rules); notes that depend on a rule option (pole weapons in a
charge, critical hits) are chosen here from the campaign's profile.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from tftmanager.app.sheet import Sheet
from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.character import Status
from tftmanager.rules.derived import AttackLine, Derived, WeaponLine, recovery_dx
from tftmanager.rules.effects import Stat as Effected
from tftmanager.rules.equipment import MagicItem
from tftmanager.rules.equipment_rules import Condition
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import memory, spell_cost, talent_costs
from tftmanager.rules.races import AttackMode
from tftmanager.rules.settings import (
    CriticalHits,
    PoleCharge,
    RuleProfile,
    WeightUnit,
    show_weight,
)
from tftmanager.rules.text import count, dollars

POLE_CHARGE = {
    PoleCharge.MELEE_DOUBLE: "x2 in a charge",
    PoleCharge.HOUSE_PLUS_1D1: "+1d+1 in a charge",
}
CRITICALS = {
    CriticalHits.MELEE_MULTIPLY: "3: x3, 4: x2",
    CriticalHits.HOUSE_IGNORE_ARMOR: "3/4: ignore armor (3: +1d)",
}
WRITE_IN = "________"


class Side(enum.Enum):
    """Which face of a character's card; continuation cards keep their side."""

    FRONT = "front"
    BACK = "back"


class SectionKind(enum.Enum):
    """How a section's rows are laid out (and where it may be split)."""

    PROSE = "prose"  # each row is one paragraph, wrapped to the card's width
    TABLE = "table"  # cells under column headings; the last cell wraps


@dataclass(frozen=True)
class Stat:
    """A boxed attribute: "ST 11", with a small caption under it."""

    label: str
    value: str
    caption: str = ""

    @property
    def text(self) -> str:
        """Label and value as one string, so extracted PDF text reads "ST 11"."""
        return f"{self.label} {self.value}"


@dataclass(frozen=True)
class Section:
    """A titled block of rows; a long one continues on the next card."""

    title: str
    kind: SectionKind
    rows: tuple[tuple[str, ...], ...]
    columns: tuple[str, ...] = ()
    optional: bool = False  # printed only where there is room (``typeset.fit``)
    shorter: tuple[tuple[str, ...], ...] = ()  # an optional section's rows in less room

    def __hash__(self) -> int:
        """Worked out once: setting cards looks each section up thousands of times."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash((self.title, self.kind, self.rows, self.columns, self.optional,
                          self.shorter))
            object.__setattr__(self, "_hash", found)
        return found


@dataclass(frozen=True)
class CardFace:
    """One face of one card: a header, (on fronts) the stat boxes, then sections."""

    name: str
    subtitle: str
    side: Side
    stats: tuple[Stat, ...] = ()
    tally: int = 0  # hit boxes beside ST (Melee tallies hits there)
    sections: tuple[Section, ...] = ()
    part: int = 1  # 2, 3, ... on continuation cards
    unit: str = "card"  # what a continuation is called: a card, or a sheet's page
    ticked: int = 0  # tally boxes crossed out: hits the campaign keeps (a job week's, a fight's)

    def continued(self, sections: tuple[Section, ...]) -> CardFace:
        """The continuation card holding what did not fit on this one."""
        return replace(self, stats=(), tally=0, ticked=0, sections=sections,
                       part=self.part + 1)


@dataclass(frozen=True)
class CardExtras:
    """What a card shows that the Sheet does not know (ledgers, studies)."""

    xp_balance: int | None = None
    next_cost: int | None = None
    memory_cost: int | None = None  # only where the campaign buys memory with XP
    money: int | None = None
    studies: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class CardContent:
    """A character's card: its front and its back, each before fitting."""

    front: CardFace
    back: CardFace


def dx_text(derived: Derived, dx: int) -> tuple[str, str]:
    """Melee's notation "13 (11, 10)": DX, then adjDX without and with the shield."""
    if derived.adj_dx_shield is not None:
        return f"{dx} ({derived.adj_dx}, {derived.adj_dx_shield})", "adjDX, with shield"
    if derived.adj_dx != dx:
        return f"{dx} ({derived.adj_dx})", "adjDX"
    return str(dx), ""


def _stops_text(derived: Derived) -> str:
    why = derived.why(Effected.HITS_STOPPED)
    why = f" ({why})" if why else ""
    if derived.hits_stopped_shield is None:
        return f"Stops {count(derived.hits_stopped, 'hit')} per attack{why}"
    return (f"Stops {count(derived.hits_stopped, 'hit')} per attack{why}, "
            f"{derived.hits_stopped_shield} with shield")


def _condition(condition: Condition | None) -> str:
    return f", {condition.state}" if condition else ""


def protection_rows(sheet: Sheet, library: RulesLibrary) -> list[tuple[str, ...]]:
    """Hits stopped (with and without shield), then each piece with its worn state."""
    gear, d = sheet.character.loadout, sheet.derived
    if gear.armor is None and gear.shield is None:
        return [("No armor or shield: stops 0 hits",)]
    rows: list[tuple[str, ...]] = [(_stops_text(d),)]
    armor = library.armors.get(gear.armor.key) if gear.armor else None
    if armor is not None:
        stops = d.armor_condition.stops if d.armor_condition else armor.stops
        rows.append((f"{armor.name}: stops {stops}{_condition(d.armor_condition)}",))
    shield = library.shields.get(gear.shield.key) if gear.shield else None
    if shield is not None:
        stops = d.shield_condition.stops if d.shield_condition else shield.stops
        held = "ready" if gear.shield_ready else "slung"
        state = _condition(d.shield_condition)
        rows.append((f"{shield.name}: stops {stops}, {shield.dx:+d} DX{state}; {held}",))
    return rows


def _adj(attack: AttackLine) -> str:
    if attack.adj_dx_shield is None:
        return str(attack.adj_dx)
    return f"{attack.adj_dx} ({attack.adj_dx_shield})"


def weapon_rows(sheet: Sheet, profile: RuleProfile) -> list[tuple[str, ...]]:
    """One row per weapon (or per attack mode when the modes differ in figures)."""
    rows: list[tuple[str, ...]] = []
    for line in sheet.derived.weapons:
        rows.extend(_weapon(line, profile))
    return rows


def _weapon(line: WeaponLine, profile: RuleProfile) -> list[tuple[str, ...]]:
    weapon = line.weapon
    common: list[str] = []
    if line.ready:
        common.append("ready")
    if not line.usable:
        common.append(f"needs ST {weapon.st}")
    if weapon.two_handed:
        common.append("2-handed")
    if weapon.pole:
        common.append(f"pole: {POLE_CHARGE[profile.pole_charge]}")
    if weapon.rate:
        common.append(weapon.rate)
    if weapon.fast_dx is not None and weapon.fast_rate:
        common.append(f"{weapon.fast_rate} at adjDX {weapon.fast_dx}+")
    if weapon.note:
        common.append(weapon.note)
    first, *others = line.attacks
    same = [a for a in others if (a.adj_dx, a.adj_dx_shield, a.damage, a.notes)
            == (first.adj_dx, first.adj_dx_shield, first.damage, first.notes)]
    if any(a.mode is AttackMode.THROWN for a in same):
        common.append("can be thrown")
    st = str(weapon.st or "-")
    rows: list[tuple[str, ...]] = [
        (weapon.name, str(first.damage), st, _adj(first), "; ".join([*common, *first.notes]))]
    for attack in others:
        if attack in same:
            continue
        rows.append((f"{weapon.name}, {attack.mode.value}", str(attack.damage), st,
                     _adj(attack), "; ".join(attack.notes)))
    return rows


def combat_rows(sheet: Sheet, profile: RuleProfile,
                library: RulesLibrary) -> list[tuple[str, ...]]:
    """Reactions to injury, critical hits and (with 3D play) Height and falls."""
    injury = sheet.derived.injury
    assumed = " (assumed beyond the table)" if injury.assumed else ""
    rows: list[tuple[str, ...]] = [
        (f"Hits in one turn: {injury.dx_penalty_hits}+ gives "
         f"{sheet.derived.dx_penalty if sheet.derived.dx_penalty is not None else 'lower'} DX, "
         f"{injury.knockdown_hits}+ knocks down{assumed}",),
        (f"To-hit roll {CRITICALS[profile.critical_hits]}",),
    ]
    if profile.three_d:
        height = library.heights.height_for(sheet.character.race)
        rows.append((f"3D: {height.card_text()}" if height
                     else "3D: no Height for this race in the 3D document",))
    mount = sheet.character.mount
    if mount is not None:
        moves = sheet.derived.mount
        loaded = f"; loaded MA {moves.ma}, adjDX {moves.adj_dx}" if moves else ""
        rows.append((f"Mount {mount.name}: ST {mount.st}, DX {mount.dx}, "
                     f"MA {mount.ma}{loaded}",))
    rows += [(line,) for line in sheet.derived.situational]
    if sheet.errors:
        rows.append((f"Rules problems: {len(sheet.errors)} (see TFT Manager)",))
    return rows


def build_front(sheet: Sheet, library: RulesLibrary, profile: RuleProfile) -> CardFace:
    """The fighting side: everything needed at the table during a combat."""
    c, d = sheet.character, sheet.derived
    dx_value, dx_caption = dx_text(d, c.dx)
    stats = (
        Stat("ST", str(c.st)),
        Stat("DX", dx_value, dx_caption),
        Stat("IQ", str(c.iq)),
        Stat("SP", str(c.sp)),
        Stat("MA", str(d.ma), d.why(Effected.MA)),
    )
    sections = [Section("Armor and shield", SectionKind.PROSE,
                        tuple(protection_rows(sheet, library)))]
    weapons = weapon_rows(sheet, profile)
    if weapons:
        sections.append(Section("Weapons", SectionKind.TABLE, tuple(weapons),
                                ("Weapon", "Damage", "ST", "adjDX", "Notes")))
    sections.append(Section("In combat", SectionKind.PROSE,
                            tuple(combat_rows(sheet, profile, library))))
    return CardFace(c.name, subtitle(sheet, library), Side.FRONT, stats, c.st, tuple(sections),
                    ticked=min(c.wounds, c.st))


def subtitle(sheet: Sheet, library: RulesLibrary) -> str:
    """Race and kind, and the player when one is named: "Human hero, player Ann"."""
    c = sheet.character
    race = library.races.get(c.race)
    kind = "wizard" if c.kind is CharacterKind.WIZARD else "hero"
    text = f"{race.name if race else c.race} {kind}"
    return f"{text}, player {c.player}" if c.player.strip() else text


def talent_rows(sheet: Sheet, library: RulesLibrary,
                profile: RuleProfile) -> list[tuple[str, ...]]:
    """Each known talent, the memory it costs this character, and what it does.

    In learning order, since a cost can depend on what was known before.
    """
    rows: list[tuple[str, ...]] = []
    for known, talent, cost in talent_costs(sheet.character, library, profile):
        if talent is None:
            rows.append((known.key, "?", "not in this campaign's library"))
        else:
            extra = f" +{known.extra_points}" if known.extra_points else ""
            rows.append((f"{talent.name}{extra}", str(cost), talent.summary))
    return rows


def spell_rows(sheet: Sheet, library: RulesLibrary,
               profile: RuleProfile) -> list[tuple[str, ...]]:
    """Each known spell: ST cost (as the documents write it), memory cost, what it does."""
    rows: list[tuple[str, ...]] = []
    for key in sheet.character.spells:
        spell = library.spells.get(key)
        if spell is None:
            rows.append((key, "?", "?", "not in this campaign's library"))
        else:
            rows.append((spell.name, spell.st_cost,
                         str(spell_cost(sheet.character, library, profile)), spell.summary))
    return rows


def item_text(item: Item, library: RulesLibrary) -> str:
    entry = library.item_entry(item.kind, item.key)
    text = entry.name if entry else item.key
    rod = isinstance(entry, MagicItem) and entry.cost_per_point is not None
    if rod:
        text = f"{text}, {count(item.quantity, 'point')}"
    elif item.quantity > 1:
        text = f"{item.quantity} x {text}"
    details = [d for d in (item.quality.label, "; ".join(item.note.splitlines()),
                           "stored" if item.state is ItemState.STORED else "") if d]
    if isinstance(entry, MagicItem):
        in_use = item.state is ItemState.READIED
        details.insert(0, "magic, readied" if in_use else "magic")
        if in_use:
            details += [e.label() for e in entry.effects]
    return f"{text} ({', '.join(details)})" if details else text


def possession_rows(sheet: Sheet, library: RulesLibrary,
                    unit: WeightUnit) -> list[tuple[str, ...]]:
    """What the character owns beyond the loadout on the front, and the weight carried."""
    c = sheet.character
    gear = c.loadout
    on_front = {id(i) for i in (gear.armor, gear.shield, *gear.weapons) if i is not None}
    # Magic items first: what they do matters more at the table than rope.
    items = sorted(c.items, key=lambda i: i.kind is not ItemKind.MAGIC)
    notable = [item_text(i, library) for i in items
               if id(i) not in on_front or i.quality.label or i.note or i.quantity > 1]
    rows: list[tuple[str, ...]] = [(", ".join(notable),)] if notable else []
    rows.append((f"Carrying {show_weight(sheet.derived.carried_kg, unit)}",))
    return rows


def recovery_rows(sheet: Sheet, library: RulesLibrary) -> list[tuple[str, ...]]:
    """Wounds and recovery kept by the calendar, wear on armor and shield, write-in lines.

    The campaign keeps wounds from job weeks and a survivor's weeks of
    recovery (the survival rules' DX penalty, 1 better per week of rest); a
    fight's own tally is written on the card.
    """
    c, d = sheet.character, sheet.derived
    rows: list[tuple[str, ...]] = []
    if c.status is not Status.ACTIVE:
        rows.append((f"Status: {c.status.value}",))
    if c.wounds:
        rows.append((f"Wounded: {count(c.wounds, 'hit')}, ST {c.current_st} now",))
    if c.recovery_weeks:
        rest = count(c.recovery_weeks, "more week")
        rows.append((f"Recovering: {recovery_dx(c, library)} DX; {rest} of rest",))
    gear = c.loadout
    for item, condition, names in ((gear.armor, d.armor_condition, library.armors),
                                   (gear.shield, d.shield_condition, library.shields)):
        entry = names.get(item.key) if item else None
        if entry is not None and condition is not None:
            rows.append((f"{entry.name}: {condition.state}, {condition.detail}",))
    rows.append((f"Hits to recover {WRITE_IN}   Fatigue {WRITE_IN}",))
    return rows


def build_back(sheet: Sheet, library: RulesLibrary, profile: RuleProfile,
               extras: CardExtras) -> CardFace:
    """The campaign side: what the character knows, owns and is working on."""
    c = sheet.character
    mem = memory(c, library, profile)
    standing = [(f"Memory {mem.used} of {mem.capacity} used",)]
    if c.languages:
        standing.append(("Languages: " + ", ".join(c.languages),))
    if c.age:
        standing.append((f"Age {c.age}",))
    if extras.xp_balance is not None:
        cost = f"; next point of ST, DX, IQ or SP costs {extras.next_cost}" \
            if extras.next_cost is not None else ""
        standing.append((f"XP {extras.xp_balance:,}{cost}",))
        if extras.memory_cost is not None:
            standing.append((f"A memory point costs {extras.memory_cost} XP",))
    if extras.money is not None:
        standing.append((f"Money {dollars(extras.money)}",))
    standing.extend((f"Studying {s}",) for s in extras.studies)
    sections = [Section("Memory, experience and money", SectionKind.PROSE, tuple(standing))]
    talents = talent_rows(sheet, library, profile)
    if talents:
        sections.append(Section("Talents", SectionKind.TABLE, tuple(talents),
                                ("Talent", "Mem.", "What it gives")))
    spells = spell_rows(sheet, library, profile)
    if spells:
        sections.append(Section("Spells", SectionKind.TABLE, tuple(spells),
                                ("Spell", "ST", "Mem.", "Effect")))
    sections.append(Section("Possessions", SectionKind.PROSE,
                            tuple(possession_rows(sheet, library, profile.weight_unit))))
    sections.append(Section("Recovery", SectionKind.PROSE, tuple(recovery_rows(sheet, library))))
    references = reference_rows(sheet, library)
    if references:
        sections.append(Section("Read it in", SectionKind.PROSE, tuple(references),
                                optional=True, shorter=tuple(reference_rows(
                                    sheet, library, names=False))))
    return CardFace(c.name, subtitle(sheet, library), Side.BACK, sections=tuple(sections))


def reference_rows(sheet: Sheet, library: RulesLibrary,
                   names: bool = True) -> list[tuple[str, ...]]:
    """Where the character's talents, spells and possessions are written, in one line.

    "ITL: Axe/Mace, Shield; Melee: Dagger": the book and page (a card has no
    room for sections), each book in the order first met.  Without ``names``
    (less room) only the books, and by name only what has a page:
    "ITL; Melee; Advanced Melee p. 13: Main-gauche".
    """
    c = sheet.character
    entries = [*(library.talents.get(k.key) for k in c.talents),
               *(library.spells.get(k) for k in c.spells),
               *(library.item_entry(i.kind, i.key) for i in c.items)]
    found_in: dict[str, list[str]] = {}
    for entry in entries:
        reference = entry.reference if entry is not None else None
        if entry is not None and reference is not None:
            listed = found_in.setdefault(replace(reference, section="").text(), [])
            if entry.name not in listed and (names or reference.page):
                listed.append(entry.name)
    line = "; ".join(f"{where}: {', '.join(what)}" if what else where
                     for where, what in found_in.items())
    return [(line,)] if line else []


def build_card(sheet: Sheet, library: RulesLibrary, profile: RuleProfile,
               extras: CardExtras | None = None) -> CardContent:
    """Both faces of a character's card under the campaign's rules."""
    return CardContent(build_front(sheet, library, profile),
                       build_back(sheet, library, profile, extras or CardExtras()))
