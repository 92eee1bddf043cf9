"""Derived stats: what a figure's attributes and gear make of it in a fight."""

from __future__ import annotations

from dataclasses import dataclass, fields

from tftmanager.rules.character import Character
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.effects import Active, Adjusted, Stat, adjusted, situational
from tftmanager.rules.equipment import Armor, MagicItem, Shield, Weapon
from tftmanager.rules.equipment_rules import Condition, EquipmentRules, MountMove
from tftmanager.rules.injury import InjuryThresholds
from tftmanager.rules.items import ORDINARY, Item, ItemKind, ItemState, Quality
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.races import AttackMode, Effect, Race
from tftmanager.rules.records import Record
from tftmanager.rules.settings import CreationScheme, RuleProfile

LEATHER = "leather"


@dataclass(frozen=True, eq=False, repr=False)
class AttackLine(Record):
    """One way of attacking with one weapon: to-hit and damage.

    ``adj_dx_shield`` is None when the shield cannot stay ready with this
    weapon (a two-handed weapon) or the figure has no shield.
    """

    mode: AttackMode
    adj_dx: int
    adj_dx_shield: int | None
    damage: DamageDice
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False, repr=False)
class WeaponLine(Record):
    """A carried weapon with its attacks, and whether the figure may use it."""

    weapon: Weapon
    attacks: tuple[AttackLine, ...]
    usable: bool
    ready: bool
    item: Item | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Derived(Record):
    """Stats that follow from a character, its race, its gear and the profile.

    ``armor`` and ``shield`` are the library entries of the armor worn and the
    shield on the figure (ready or slung, ``shield_ready`` says which).
    """

    ma: int
    adj_dx: int
    adj_dx_shield: int | None
    hits_stopped: int
    hits_stopped_shield: int | None
    attribute_total: int
    start_total: int | None
    weapons: tuple[WeaponLine, ...]
    injury: InjuryThresholds
    dx_penalty: int | None  # what injury.dx_penalty_hits cost (Melee: -2; None: no fight data)
    armor_condition: Condition | None = None
    shield_condition: Condition | None = None
    carried_kg: float = 0.0
    mount: MountMove | None = None
    armor: Armor | None = None
    shield: Shield | None = None
    shield_ready: bool = False
    recovery_dx: int = 0  # a death-roll survivor's DX penalty (already in adj_dx)
    # What the talents and readied magic items did to MA, DX and hits stopped
    # (``rules.effects``): base, total and each contribution, for display.
    ma_detail: Adjusted | None = None
    adj_dx_detail: Adjusted | None = None
    stops_detail: Adjusted | None = None
    situational: tuple[str, ...] = ()

    def reactions_text(self) -> str:
        """Reactions to injury as the editor and ``tftmanager show`` say them.

        Melee's "-2 DX at 5 hits in a turn, knocked down at 8", with the data's own numbers.
        """
        penalty = f"{self.dx_penalty} DX" if self.dx_penalty is not None else "DX penalty"
        return (f"{penalty} at {self.injury.dx_penalty_hits} hits in a turn, knocked down at "
                f"{self.injury.knockdown_hits}" + (" (assumed)" if self.injury.assumed else ""))

    def why(self, stat: Stat) -> str:
        """"10, Running +2": where MA, adjDX or hits stopped comes from ("" if unchanged)."""
        detail = {Stat.MA: self.ma_detail, Stat.ADJ_DX: self.adj_dx_detail,
                  Stat.HITS_STOPPED: self.stops_detail}.get(stat)
        return detail.why() if detail is not None else ""

    def dx_reasons(self, dx: int) -> str:
        """How adjusted DX comes about, term by term, for a player's page.

        "DX 13, Leather armor -2 = 11; with Large shield -1 = 10": the armor,
        a death-roll survivor's penalty, each talent's and magic item's part,
        then the shield (when it can be readied).
        """
        parts = [f"DX {dx}"]
        if self.armor is not None and self.armor.dx:
            parts.append(f"{self.armor.name} {self.armor.dx:+d}")
        if self.recovery_dx:
            parts.append(f"recovering {self.recovery_dx:+d}")
        if self.adj_dx_detail is not None:
            parts += [part.text() for part in self.adj_dx_detail.parts]
        text = ", ".join(parts) + f" = {self.adj_dx}" if len(parts) > 1 \
            else f"DX {dx}, nothing changes it"
        if self.adj_dx_shield is not None and self.shield is not None:
            text += f"; with {self.shield.name} {self.shield.dx:+d} = {self.adj_dx_shield}"
        return text

    def explain(self, stat: Stat) -> str:
        """"12 (10, Running +2)" for MA, adjDX or hits stopped; the bare number if unchanged."""
        detail = {Stat.MA: self.ma_detail, Stat.ADJ_DX: self.adj_dx_detail,
                  Stat.HITS_STOPPED: self.stops_detail}.get(stat)
        if detail is None:
            value = {Stat.MA: self.ma, Stat.ADJ_DX: self.adj_dx}.get(stat, self.hits_stopped)
            return str(value)
        return detail.explain()


def active_effects(character: Character, library: RulesLibrary) -> tuple[Active, ...]:
    """Every effect in force: the known talents', and the readied magic items'.

    A magic item works while it is readied (worn or in hand); carried or
    stored it is only weight.  This is the one place effects are gathered.
    """
    found = []
    for known in character.talents:
        talent = library.talents.get(known.key)
        if talent is not None:
            found += [Active(talent.name, e) for e in talent.effects]
    for item in character.items:
        if item.kind is not ItemKind.MAGIC or item.state is not ItemState.READIED:
            continue
        magic = library.magic_items.get(item.key)
        if magic is not None:
            found += [Active(magic.name, e) for e in magic.effects]
    return tuple(found)


def counted_total(character: Character, scheme: CreationScheme) -> int:
    """The attribute total the creation scheme and XP costs count (SP included)."""
    base = character.st + character.dx + character.sp
    return base if scheme is CreationScheme.MELEE else base + character.iq


def movement(race: Race | None, armor: Armor | None, profile: RuleProfile,
             unknown_race_ma: int) -> int:
    """MA: the race's own unarmored, else the armor's (or the race's reading of it).

    ``unknown_race_ma`` is the library's unarmored MA for a race it lacks
    (validation reports the race; the figure still moves meanwhile).  Fine
    armor gives its MA relative to the wearer's ("-2 MA", 001 lines 410-416),
    so an elf in fine chainmail keeps its higher MA.
    """
    base = race.ma if race else unknown_race_ma
    if armor is None:
        return base
    if race and armor.key in race.armor_ma:
        return race.armor_ma[armor.key]
    if armor.ma_penalty is not None:
        return base + armor.ma_penalty
    if armor.key == LEATHER and armor.ma_alternative is not None:
        chosen = profile.leather_ma.value
        return chosen if chosen in (armor.ma, armor.ma_alternative) else armor.ma
    return armor.ma


def _modes(weapon: Weapon) -> list[AttackMode]:
    if weapon.missile:
        return [AttackMode.MISSILE]
    modes = [AttackMode.STRIKE]
    if weapon.throwable:
        modes.append(AttackMode.THROWN)
    return modes


def _attack(
    weapon: Weapon,
    mode: AttackMode,
    race: Race | None,
    adj_dx: int,
    shield: Shield | None,
    quality: Quality = ORDINARY,
    active: tuple[Active, ...] = (),
) -> AttackLine:
    """One attack; effects limited to a class of weapon count here (``with sword``)."""
    tags = weapon.tags
    dx_effect = adjusted(0, Stat.ADJ_DX, [a for a in active if a.effect.weapon_tag], tags)
    dmg_effect = adjusted(0, Stat.DAMAGE, active, tags)
    dx_bonus = quality.fine_dx + dx_effect.value
    damage = weapon.damage.add(quality.fine_damage + dmg_effect.value)
    notes: list[str] = [quality.label] if quality.label else []
    notes += [p.text() for p in (*dx_effect.parts, *dmg_effect.parts)]
    for mod in race.modifiers if race else ():
        if not mod.applies(weapon.tags, mode):
            continue
        if mod.effect is Effect.DX:
            dx_bonus += mod.amount
        else:
            damage = damage.add(mod.amount)
        if mod.note:
            notes.append(mod.note)
    with_shield = None
    if shield is not None and not weapon.two_handed:
        with_shield = adj_dx + shield.dx + dx_bonus
    return AttackLine(mode, adj_dx + dx_bonus, with_shield, damage, tuple(notes))


# Derived figures of characters already worked out, by the identity of the
# (immutable) character, library and profile: a week run or a party view asks
# again for characters that did not change.  The entry keeps the three objects,
# so an id is never reused while its entry lives.
_DERIVED: dict[tuple[int, int, int], tuple[Character, RulesLibrary, RuleProfile, Derived]] = {}
_DERIVED_MAX = 8192


def derive(character: Character, library: RulesLibrary, profile: RuleProfile) -> Derived:
    """Work out MA, adjusted DX, hits stopped and each weapon's attacks (memoised).

    Characters, libraries and profiles are frozen, so the same three objects
    always give the same figures.
    """
    key = (id(character), id(library), id(profile))
    known = _DERIVED.get(key)
    if known is not None and known[0] is character and known[1] is library \
            and known[2] is profile:
        return known[3]
    derived = _derive(character, library, profile)
    if len(_DERIVED) >= _DERIVED_MAX:
        _DERIVED.clear()
    _DERIVED[key] = (character, library, profile, derived)
    return derived


# Fields of a character no derived figure reads: a week changes them (hits taken, dying,
# spent fatigue back), and the figures of the character before hold for the one after.
UNDERIVED = frozenset({"wounds", "status", "fatigue"})
_READ = tuple(f.name for f in fields(Character) if f.name not in UNDERIVED)


def carry_figures(before: Character, after: Character, library: RulesLibrary,
                  profile: RuleProfile) -> None:
    """Let ``after`` have ``before``'s derived figures when only ``UNDERIVED`` fields differ.

    A wounded soldier's next week asks for figures of a new (immutable)
    character whose gear, attributes and talents are the ones before: working
    them out again was a tenth of a year of weeks for a party.  ``before``
    is forgotten (asked again, it is worked out again).
    """
    key = (id(before), id(library), id(profile))
    known = _DERIVED.get(key)
    if known is None or known[0] is not before or known[1] is not library \
            or known[2] is not profile:
        return
    for name in _READ:
        mine, theirs = getattr(before, name), getattr(after, name)
        if mine is not theirs and mine != theirs:
            return
    # The figure before is replaced: its entry goes, so a year of a wounded party's weeks
    # does not fill the memo (and empty it, every figure then worked out again).
    del _DERIVED[key]
    _DERIVED[(id(after), id(library), id(profile))] = (after, library, profile, known[3])


def _derive(character: Character, library: RulesLibrary, profile: RuleProfile) -> Derived:
    """Work out MA, adjusted DX, hits stopped and each weapon's attacks.

    Everything comes from the possessions: the worn armor and the shield on
    the figure with their wear, and each weapon carried with its quality.
    Unknown race or gear keys are skipped here; validation reports them.
    """
    race = library.races.get(character.race)
    gear = character.loadout
    armor = library.armors.get(gear.armor.key) if gear.armor else None
    shield = library.shields.get(gear.shield.key) if gear.shield else None
    rules = library.equipment_rules
    active = active_effects(character, library)
    recovering = recovery_dx(character, library)
    untagged = [a for a in active if not a.effect.weapon_tag]
    dx_detail = adjusted(character.dx + (armor.dx if armor else 0) + recovering,
                         Stat.ADJ_DX, untagged)
    adj_dx = dx_detail.value
    armor_condition, shield_condition, armor_stops, shield_stops = _protection(
        character, armor, shield, rules)
    stops_detail = adjusted(armor_stops, Stat.HITS_STOPPED, active)
    stops = stops_detail.value
    ma_detail = adjusted(movement(race, armor, profile, _unknown_race_ma(race, library)),
                         Stat.MA, active)
    lines = _weapon_lines(character, library, race, adj_dx, shield, active)
    carried = carried_weight(character, library)
    mount = None
    if character.mount is not None and rules is not None:
        load = character.body_kg + carried + character.mount.extra_kg
        mount = rules.mount_movement(character.mount, load)
    return Derived(
        ma=ma_detail.value,
        adj_dx=adj_dx,
        adj_dx_shield=adj_dx + shield.dx if shield else None,
        hits_stopped=stops,
        hits_stopped_shield=stops + shield_stops if shield else None,
        attribute_total=counted_total(character, profile.creation),
        start_total=race.limits(profile.creation).total if race else None,
        weapons=lines,
        injury=library.injury.thresholds(character.st, profile.injury_reactions,
                                         race.injury if race else None),
        dx_penalty=library.injury.dx_penalty,
        armor_condition=armor_condition,
        shield_condition=shield_condition,
        carried_kg=carried,
        mount=mount,
        armor=armor,
        shield=shield,
        shield_ready=gear.shield_ready,
        recovery_dx=recovering,
        ma_detail=ma_detail,
        adj_dx_detail=dx_detail,
        stops_detail=stops_detail,
        situational=situational(active),
    )


def _weapon_lines(character: Character, library: RulesLibrary, race: Race | None,
                  adj_dx: int, shield: Shield | None,
                  active: tuple[Active, ...]) -> tuple[WeaponLine, ...]:
    """Each carried weapon the library knows, with its attacks."""
    lines = []
    for item in character.loadout.weapons:
        weapon = library.weapons.get(item.key)
        if weapon is None:
            continue
        attacks = tuple(_attack(weapon, m, race, adj_dx, shield, item.quality, active)
                        for m in _modes(weapon))
        lines.append(WeaponLine(weapon, attacks, character.st >= weapon.st,
                                item.state is ItemState.READIED, item))
    return tuple(lines)


def _protection(character: Character, armor: Armor | None, shield: Shield | None,
                rules: EquipmentRules | None,
                ) -> tuple[Condition | None, Condition | None, int, int]:
    """Armor's and shield's condition after wear, and the hits each stops now."""
    gear = character.loadout
    armor_condition = shield_condition = None
    stops = armor.stops if armor else 0
    if armor and gear.armor and rules:
        armor_condition = rules.armor_condition(armor, gear.armor.hits_taken)
        stops = armor_condition.stops
    shield_stops = shield.stops if shield else 0
    if shield and gear.shield and rules:
        shield_condition = rules.shield_condition(shield, gear.shield.hits_taken)
        shield_stops = shield_condition.stops
    return armor_condition, shield_condition, stops, shield_stops


def recovery_dx(character: Character, library: RulesLibrary) -> int:
    """The DX penalty of a survivor of the death roll still recovering (0 otherwise).

    Read from the library's survival rules, so a GM's ``recovery_dx`` counts.
    """
    if character.recovery_weeks <= 0:
        return 0
    from tftmanager.rules.survival import recovery_penalty  # noqa: PLC0415 - only if recovering

    survival = library.jobs.survival if library.jobs else None
    if survival is None:
        raise RulesDataError(f"{character.name} is recovering, but the rules library has no "
                             "survival rules ([survival] in jobs.toml).")
    return recovery_penalty(character.recovery_weeks, survival)


def _unknown_race_ma(race: Race | None, library: RulesLibrary) -> int:
    if race is not None:
        return race.ma
    if library.equipment_rules is None:
        raise RulesDataError("The rules library has no unarmored MA for an unknown race "
                             "([movement] in equipment_rules.toml).")
    return library.equipment_rules.unarmored_ma


def item_weight(item: Item, library: RulesLibrary) -> float:
    """Weight of one item (times its quantity), from the library."""
    entry = library.item_entry(item.kind, item.key)
    if isinstance(entry, MagicItem) and entry.cost_per_point is not None:
        return entry.weight_kg  # a rod's quantity is its points, not a count of rods
    return (entry.weight_kg if entry else 0.0) * item.quantity


def carried_weight(character: Character, library: RulesLibrary) -> float:
    """Kilograms on the figure: every possession not stored elsewhere."""
    total = sum(item_weight(i, library) for i in character.items
                if i.state is not ItemState.STORED)
    return round(total, 2)
