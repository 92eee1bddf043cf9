"""Figures for an encounter: from a party character, a bestiary template, or typed in quickly.

A character's figure is its derived stats under the campaign's rules (adjusted
DX with the ready shield, armor and shield with their wear, the talents'
stops, every usable weapon, its reactions to injury) and remembers which
possessions wear, so ending the fight can add the hits they stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.rules.bestiary import Creature
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.dice_expr import written_damage
from tftmanager.rules.effects import Stat
from tftmanager.rules.encounter import EncounterRefused
from tftmanager.rules.encounter_figure import (
    Attack,
    Figure,
    Protection,
    Reactions,
    SavedDefaults,
)
from tftmanager.rules.encounter_states import SPELL, one_flesh_spell
from tftmanager.rules.equipment import Weapon
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.races import AttackMode
from tftmanager.rules.records import Record
from tftmanager.rules.settings import RuleProfile


@dataclass(frozen=True, eq=False, repr=False)
class QuickFigure(Record):
    """A figure typed in at the table: name, ST, DX, IQ, MA, armor, shield, weapon."""

    name: str
    st: int
    dx: int
    iq: int = 8
    ma: int = 10
    armor: str = ""
    shield: str = ""
    weapon: str = ""
    damage: str = ""  # the weapon's dice when it is not a library weapon
    race: str = "human"  # its row of the Height Chart ("An ORC is just like a human figure")


def reactions(library: RulesLibrary) -> Reactions:
    """Every new figure's reactions before its race and ST refine them (``_finish``).

    Melee's 5 and 8 hits, its -2 DX and the -3 DX at ST 3 or less, all from injury.toml.
    """
    injury = library.injury
    return Reactions(dx_penalty_hits=injury.melee.dx_penalty_hits,
                     knockdown_hits=injury.melee.knockdown_hits,
                     dx_penalty=library.combat_rules().dx_penalty,
                     low_st_max=injury.low_st_max, low_st_dx=injury.low_st_dx)


def saved_defaults(library: RulesLibrary) -> SavedDefaults:
    """The campaign data's values for what a figure saved by an older version lacks."""
    return SavedDefaults(reactions(library),
                         {key: w.fast_shots for key, w in library.weapons.items()})


def _finish(figure: Figure, race: str, *, library: RulesLibrary,
            profile: RuleProfile, hexes: int = 1) -> Figure:
    """Reactions to injury under the campaign's option, race, size, and Height with 3-D play."""
    own = library.races.get(race)
    limits = library.injury.thresholds(figure.st, profile.injury_reactions,
                                       own.injury if own else None)
    figure.dx_penalty_hits, figure.knockdown_hits = limits.dx_penalty_hits, limits.knockdown_hits
    figure.race, figure.hexes = race, hexes
    row = library.heights.height_for(race, hexes) if profile.three_d else None
    if row is not None:
        figure.height, figure.falls = row.height, list(row.falls)
    return figure


def from_character(character: Character, derived: Derived, side: str, *, character_id: int,
                   library: RulesLibrary, profile: RuleProfile) -> Figure:
    """A party member as it stands: wounds it carries count from the start."""
    gear = character.loadout
    protections = []
    armor_stops = shield_stops = 0
    if derived.armor is not None and gear.armor is not None:
        armor_stops = (derived.armor_condition.stops if derived.armor_condition
                       else derived.armor.stops)
        protections.append(Protection("armor", derived.armor.key, derived.armor.name,
                                      armor_stops, item_id=gear.armor.uid))
    ready_shield = derived.shield is not None and derived.shield_ready and gear.shield
    if ready_shield and derived.shield is not None and gear.shield is not None:
        shield_stops = (derived.shield_condition.stops if derived.shield_condition
                        else derived.shield.stops)
        shield_dx = (derived.adj_dx_shield - derived.adj_dx
                     if derived.adj_dx_shield is not None else 0)
        protections.append(Protection("shield", derived.shield.key, derived.shield.name,
                                      shield_stops, item_id=gear.shield.uid, dx=shield_dx))
    flesh = _flesh_items(character, library)
    talents = derived.hits_stopped - armor_stops - sum(p.stops for p in flesh)
    if talents > 0:
        protections.append(Protection("natural", "", "Talents", talents))
    protections += one_flesh_spell(flesh)  # both items' stops leave the talents' share
    dx = derived.adj_dx_shield if ready_shield and derived.adj_dx_shield is not None \
        else derived.adj_dx
    attacks = [_attack(line.weapon, a.mode, str(a.damage),
                       a.adj_dx_shield if ready_shield and a.adj_dx_shield is not None
                       else a.adj_dx,
                       suffix="" if a.mode is AttackMode.STRIKE else f" ({a.mode.value})")
               for line in derived.weapons if line.usable for a in line.attacks]
    figure = Figure(fid="", name=character.name, side=side, st=character.st, dx=dx,
                    base_dx=character.dx, iq=character.iq, ma=derived.ma,
                    protections=protections, attacks=attacks, character_id=character_id,
                    wounds_before=character.wounds, fatigue=character.fatigue,
                    acrobatics=any(character.knows(key) for key in
                                   library.combat_rules().knockdown.against_dx_talents),
                    **reactions(library))
    return _finish(figure, character.race, library=library, profile=profile)


def _flesh_items(character: Character, library: RulesLibrary) -> list[Protection]:
    """Readied Stone or Iron Flesh items: their stops are the spell's (004 halves them).

    The item's own hits-stopped effect (in the character's derived stops) is
    taken out of the talents' share and becomes a spell on the figure.
    """
    spells = library.combat_rules().flesh_spells
    found = []
    for item in character.items:
        magic = library.magic_items.get(item.key) if item.key in spells else None
        if magic is None or item.kind is not ItemKind.MAGIC \
                or item.state is not ItemState.READIED:
            continue
        stops = sum(e.amount for e in magic.effects if e.stat is Stat.HITS_STOPPED
                    and not (e.multiply or e.weapon_tag or e.situational))
        if stops > 0:
            found.append(Protection(SPELL, magic.key, magic.name, stops, lasting=True))
    return found


def from_template(creature: Creature, side: str, name: str, *, library: RulesLibrary,
                  profile: RuleProfile) -> Figure:
    """A bestiary template on a side, under a name of its own (Wolf 2)."""
    armor = library.armors.get(creature.armor) if creature.armor else None
    shield = library.shields.get(creature.shield) if creature.shield else None
    protections = []
    if armor:
        protections.append(Protection("armor", armor.key, armor.name, armor.stops))
    if shield:
        protections.append(Protection("shield", shield.key, shield.name, shield.stops,
                                      dx=shield.dx))
    if creature.stops:
        protections.append(Protection("hide", "", "Hide", creature.stops) if creature.hide
                           else Protection("natural", "", "Talents", creature.stops))
    attacks = [_attack(w, AttackMode.MISSILE if w.missile else AttackMode.STRIKE,
                       str(w.damage), None)
               for key in creature.weapons if (w := library.weapons.get(key))]
    if creature.attack and creature.damage:
        attacks.append(Attack(creature.attack, str(creature.damage), natural=True))
    dx = creature.dx + (armor.dx if armor else 0) + (shield.dx if shield else 0)
    figure = Figure(fid="", name=name, side=side, st=creature.st, dx=dx, base_dx=creature.dx,
                    iq=creature.iq, ma=armor.ma if armor and armor.ma else creature.ma,
                    protections=protections, attacks=attacks, template=creature.key,
                    dx_against=creature.dx_against, **reactions(library))
    return _finish(figure, creature.race, library=library, profile=profile, hexes=creature.hexes)


def _attack(weapon: Weapon, mode: AttackMode, damage: str, dx: int | None, *,
            suffix: str = "") -> Attack:
    """A weapon as a figure strikes with it: its own adjDX and, for a missile, its rates."""
    missile = mode is AttackMode.MISSILE
    return Attack(weapon.name + suffix, damage, weapon.key, missile=missile,
                  twice_at_dx=weapon.second_shot_dx if missile else None, dx=dx,
                  fast_shots=weapon.fast_shots, twice_at_st=weapon.fast_st,
                  turns_per_shot=weapon.turns_per_shot if missile else 1,
                  fast_turns_per_shot=weapon.fast_turns_per_shot if missile else None,
                  fast_dx=weapon.fast_dx if missile else None,
                  thrown=mode is AttackMode.THROWN, weapon=weapon.name,
                  two_handed=weapon.two_handed, pole=weapon.pole)


def from_quick(quick: QuickFigure, side: str, *, library: RulesLibrary,
               profile: RuleProfile) -> Figure:
    """A figure typed in at the table: armor and shield by key, the weapon by name or key."""
    if not quick.name.strip():
        raise EncounterRefused("A figure needs a name.")
    limits = library.combat_rules().limits
    for label, value in (("ST", quick.st), ("DX", quick.dx), ("IQ", quick.iq),
                         ("MA", quick.ma)):
        why = limits.attribute_refusal(label, value)
        if why:
            raise EncounterRefused(why)
    missing = [f"no {kind} '{key}'" for kind, key, table in
               (("armor", quick.armor, library.armors), ("shield", quick.shield, library.shields))
               if key and key not in table]
    weapon = _weapon_named(library, quick.weapon) if quick.weapon else None
    if quick.weapon and weapon is None and not quick.damage:
        missing.append(f"no weapon '{quick.weapon}' (give its damage dice instead)")
    if missing:
        raise EncounterRefused("The library has " + ", ".join(missing) + ".")
    if weapon is not None and quick.st < weapon.st:
        raise EncounterRefused(f"{quick.name.strip()} (ST {quick.st}) cannot use the "
                               f"{weapon.name}: it needs ST {weapon.st}.")
    creature = Creature(key="", name=quick.name.strip(), kind="npc", st=quick.st, dx=quick.dx,
                        iq=quick.iq, ma=quick.ma, armor=quick.armor, shield=quick.shield,
                        race=quick.race,
                        weapons=(weapon.key,) if weapon else ())
    figure = from_template(creature, side, creature.name, library=library, profile=profile)
    if quick.damage:
        try:
            dice = DamageDice.parse(written_damage(quick.damage))
        except RulesDataError as exc:
            raise EncounterRefused(str(exc)) from exc
        if dice.maximum > limits.most_hits or dice.plus < -limits.most_hits:
            raise EncounterRefused(f"{dice} does up to {dice.maximum} hits: more than any blow "
                                   f"({limits.most_hits} at most); check the dice.")
        figure.attacks.append(Attack(quick.weapon or "Weapon", str(dice)))
    return figure


def _weapon_named(library: RulesLibrary, text: str) -> Weapon | None:
    """The weapon a GM typed: its name ("Broadsword") or its key, in any case."""
    wanted = " ".join(text.split()).casefold()
    return next((w for w in library.weapons.values()
                 if wanted in (w.key.casefold(), w.name.casefold())), None)

