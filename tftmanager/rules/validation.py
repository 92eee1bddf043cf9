"""Validation: every problem with a character, each with its field and reason."""

from __future__ import annotations

from tftmanager.rules.character import Character
from tftmanager.rules.derived import counted_total
from tftmanager.rules.equipment import CarryFree, Weapon
from tftmanager.rules.items import ORDINARY, Item
from tftmanager.rules.learning import ability_problems
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import Problem, Severity
from tftmanager.rules.races import Race
from tftmanager.rules.references import shown
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.text import article, count

CARRY_LIMIT = 2  # Melee: two weapons (a shield counts as one) plus a dagger


def validate(character: Character, library: RulesLibrary, profile: RuleProfile) -> list[Problem]:
    """All problems, in editor order; an empty list means the figure is legal."""
    problems: list[Problem] = []
    if not character.name.strip():
        problems.append(Problem("name", "The character needs a name."))
    race = library.races.get(character.race)
    if race is None:
        problems.append(Problem("race", f"'{character.race}' is not a race in this campaign."))
    else:
        problems += _attributes(character, race, profile)
    problems += _skill_points(character, library, profile)
    problems += _gear(character, library)
    problems += _items(character, library)
    problems += ability_problems(character, library, profile)
    return problems


def _items(character: Character, library: RulesLibrary) -> list[Problem]:
    """Possessions must exist in the library and be legal workmanship.

    An unknown key worn or carried is reported at its gear field by ``_gear``.
    """
    gear = character.loadout
    on_figure = {id(i) for i in (gear.armor, gear.shield, *gear.weapons) if i is not None}
    problems = []
    for item in character.items:
        entry = library.item_entry(item.kind, item.key)
        if entry is None:
            if id(item) not in on_figure:
                problems.append(Problem("items", f"'{item.key}' is not {item.kind.value} in "
                                        "this campaign.", item=item.key))
            continue
        if isinstance(entry, Weapon) and library.equipment_rules is not None:
            refusal = library.equipment_rules.quality_refusal(entry, item.quality)
            if refusal:
                problems.append(Problem("items", refusal, item=item.key))
        elif item.quality != ORDINARY:
            problems.append(Problem("items", f"{entry.name}: only weapons come in fine or "
                                    "good quality.", item=item.key))
    return problems


def _attributes(character: Character, race: Race, profile: RuleProfile) -> list[Problem]:
    limits = race.limits(profile.creation)
    problems = []
    minimums = [("st", "ST", limits.min_st), ("dx", "DX", limits.min_dx)]
    if limits.min_iq is not None:
        minimums.append(("iq", "IQ", limits.min_iq))
    for field, label, minimum in minimums:
        value = getattr(character, field)
        if value < minimum:
            problems.append(
                Problem(field, f"{label} {value} is below the {race.name} minimum of {minimum}.",
                        reference=shown(race.reference))
            )
    counted = "ST + DX" if profile.creation is CreationScheme.MELEE else "ST + DX + IQ"
    if character.sp:
        counted += " + SP"
    total = counted_total(character, profile.creation)
    allowed = limits.total + character.bought_points
    bought = (
        f" plus {character.bought_points} bought with experience"
        if character.bought_points
        else ""
    )
    if total > allowed:
        problems.append(
            Problem(
                "attributes",
                f"{counted} is {total}: {article(race.name)} starts with {limits.total}{bought}, "
                f"so {count(total - allowed, 'point')} too many.",
            )
        )
    elif total < allowed:
        problems.append(
            Problem(
                "attributes",
                f"{counted} is {total}: {article(race.name)} starts with {limits.total}{bought}, "
                f"so {count(allowed - total, 'point')} "
                f"{'is' if allowed - total == 1 else 'are'} left to spend.",
                Severity.WARNING,
            )
        )
    return problems


def _skill_points(character: Character, library: RulesLibrary,
                  profile: RuleProfile) -> list[Problem]:
    """SP are capped at IQ/4 and, in the expansion, only bought with experience.

    "All people start with no SP" (001): a point of SP is one of the points
    bought with experience, so SP above ``bought_points`` were given at
    creation.  The ``starting_sp`` option lets a GM allow that.
    """
    tables = library.cost_tables()
    cap = tables.sp_cap(character.iq)
    problems = []
    if character.sp > cap:
        problems.append(Problem(
            "sp",
            f"SP {character.sp} is above IQ/{tables.iq_per_sp} rounded down ({cap} for IQ "
            f"{character.iq}).",
        ))
    if not profile.starting_sp and character.sp > character.bought_points:
        bought = character.bought_points
        problems.append(Problem(
            "sp",
            f"SP {character.sp}, but only {count(bought, 'point')} bought with experience: "
            "everyone starts with no SP and buys them with experience (expansion). "
            "Campaign Rules can allow SP at creation.",
        ))
    return problems


def _gear(character: Character, library: RulesLibrary) -> list[Problem]:
    """What is worn and carried: known gear, one armor, weapons the figure can lift and carry."""
    gear = character.loadout
    problems = [Problem("armor", f"Only one armor can be worn; take off the "
                        f"{_name(library, i)}.", item=i.key) for i in gear.extra_armor]
    if gear.armor and gear.armor.key not in library.armors:
        problems.append(Problem("armor", f"'{gear.armor.key}' is not armor in this campaign."))
    shield = library.shields.get(gear.shield.key) if gear.shield else None
    if gear.shield and shield is None:
        problems.append(Problem("shield",
                                f"'{gear.shield.key}' is not a shield in this campaign."))
    counted = 1 if shield else 0
    free_dagger_used = False
    for item in gear.weapons:
        weapon = library.weapons.get(item.key)
        if weapon is None:
            problems.append(Problem("weapons", f"'{item.key}' is not a weapon in this "
                                    "campaign.", item=item.key))
            continue
        if character.st < weapon.st:
            problems.append(Problem(
                "weapons", f"{weapon.name} needs ST {weapon.st}; "
                f"{character.name or 'this figure'} has ST {character.st}.", item=item.key,
                reference=shown(weapon.reference)))
        if weapon.carry_free is CarryFree.ALWAYS:
            continue
        if weapon.carry_free is CarryFree.DAGGER and not free_dagger_used:
            free_dagger_used = True
            continue
        counted += 1
    if counted > CARRY_LIMIT:
        problems.append(Problem(
            "weapons",
            f"Carrying {counted} weapons{' (the shield counts as one)' if shield else ''}: "
            f"a figure may carry only {CARRY_LIMIT} plus one dagger or main-gauche."))
    two_handed = [w for w in (library.weapons.get(i.key) for i in gear.ready_weapons)
                  if w is not None and w.two_handed]
    if two_handed and shield and gear.shield_ready:
        problems.append(Problem(
            "shield", f"{two_handed[0].name} is two-handed: the {shield.name.lower()} must "
            "be slung on the back while it is ready."))
    return problems


def _name(library: RulesLibrary, item: Item) -> str:
    entry = library.item_entry(item.kind, item.key)
    return entry.name.lower() if entry else item.key
