"""Encounter use cases: set up a fight, run it turn by turn, look at it.

Each change is one journalled operation that reads the saved encounter,
applies one rules action (``rules.encounter``) and saves it back, so Edit >
Undo takes back a hit and a fight resumes after the app is closed.  Rolls are
either typed by the GM (``rolls``, in the order the rules ask for them) or
made by the campaign's seeded generator: the encounter's seed and the number
of rolls made so far give the next die, so a resumed fight rolls on.  Every
roll and change is written to the encounter's log.  Ending a fight is in
``app.encounter_end``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.encounter_rolls import Roller, TypedRollsRefused, readings
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.rules.awards import CombatType
from tftmanager.rules.derived import derive
from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_figure import Figure, SavedDefaults
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_states import set_flesh, set_mounted
from tftmanager.rules.new_figures import (
    QuickFigure,
    from_character,
    from_quick,
    from_template,
    saved_defaults,
)
from tftmanager.rules.settings import FatigueAtZero, InjuryReactions, StoppedFirst
from tftmanager.rules.text import agreeing
from tftmanager.store import encounters as stored
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

__all__ = ["EncounterRefused", "EncounterView", "add_character", "add_quick", "add_template",
           "attack", "choose_first", "choose_option", "current_id", "disengage", "draw_dagger",
           "drop", "fall", "flee",
           "flesh", "hit", "hold", "list_encounters", "mount", "new_encounter", "next_turn",
           "order_attacks", "ready", "roll_initiative", "show", "spend_st"]

Action = Callable[[Encounter, Roller, CombatRules], str]
MOST_PER_DIE = 8  # typed rolls tried one number per die: 2^8 readings at most


@dataclass(frozen=True)
class EncounterView:
    """An encounter as saved: its id and the rules' state."""

    id: int
    encounter: Encounter
    week: int = 1


def _load(store: CampaignStore, session: Session, encounter_id: int
          ) -> stored.StoredEncounter:
    found = stored.get_encounter(session=session, campaign_id=store.campaign_id,
                                 encounter_id=encounter_id)
    if found is None:
        raise EncounterRefused(f"There is no encounter {encounter_id} in this campaign.")
    return found


def _change(store: CampaignStore, encounter_id: int, action: Action,
            rolls: Sequence[int] | None = None) -> Changes:
    """Run one rules action on the saved encounter as one operation."""
    rules = library_for(store).combat_rules()
    with store.operation(OpKind.ENCOUNTER) as op:
        found = _load(store, op.session, encounter_id)
        enc, label = _fitting(found.state, _saved(store), action, rules, rolls)
        stored.save_encounter(session=op.session, encounter_id=encounter_id,
                              state=enc.to_dict(), ended=enc.ended)
        op.label = f"{enc.name}, turn {enc.turn}: {label}"
    return Changes(encounter=True)


def _fitting(state: dict[str, Any], saved: SavedDefaults, action: Action, rules: CombatRules,
             rolls: Sequence[int] | None) -> tuple[Encounter, str]:
    """The action done with the typed rolls read as they fit it (totals first, then per die)."""
    first: TypedRollsRefused | None = None
    for per_die in readings(rolls[:MOST_PER_DIE] if rolls else rolls):
        enc = Encounter.from_dict(copy.deepcopy(state), saved)  # each try from the saved fight
        roller = Roller(enc, rolls, per_die)
        try:
            label = action(enc, roller, rules)
            roller.finish()
        except TypedRollsRefused as exc:
            first = first or exc
            continue
        return enc, label
    assert first is not None
    raise first


def new_encounter(*, store: CampaignStore, name: str, combat: str = "death",
                  seed: int | None = None) -> int:
    """Start an encounter under the campaign's options; returns its id."""
    name = name.strip()
    if not name:
        raise EncounterRefused("An encounter needs a name.")
    if combat not in {c.value for c in CombatType}:
        raise EncounterRefused("The kind of combat is death, arena or practice.")
    if seed is not None and (why := library_for(store).combat_rules().limits.seed_refusal(seed)):
        raise EncounterRefused(why)
    with store.operation(OpKind.ENCOUNTER, f"New encounter: {name}") as op:
        profile = queries.rule_profile(session=op.session, campaign_id=store.campaign_id)
        week = queries.campaign(session=op.session, campaign_id=store.campaign_id).week
        enc = Encounter(name, critical_hits=profile.critical_hits.value,
                        three_d=profile.three_d, combat=combat,
                        seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
                        shield_first=profile.stopped_first is StoppedFirst.SHIELD,
                        fatigue_kills=profile.fatigue_at_zero is FatigueAtZero.AS_WOUNDS,
                        many_sides=profile.many_sides.value,
                        pole_charge=profile.pole_charge.value,
                        house_knockdowns=profile.injury_reactions is InjuryReactions.HOUSE_BY_ST)
        enc.note(f"{name} begins ({combat} combat, seed {enc.seed}).")
        return stored.add_encounter(session=op.session, campaign_id=store.campaign_id,
                                    name=name, week=week, state=enc.to_dict())


def _saved(store: CampaignStore) -> SavedDefaults:
    """The campaign data's values for what a fight saved by an older version lacks."""
    return saved_defaults(library_for(store))


def list_encounters(*, store: CampaignStore) -> list[EncounterView]:
    """Every encounter of the campaign, newest first."""
    saved = _saved(store)
    with store.transaction() as session:
        return [EncounterView(s.id, Encounter.from_dict(s.state, saved), s.week) for s in
                stored.list_encounters(session=session, campaign_id=store.campaign_id)]


def in_progress_id(*, store: CampaignStore) -> int | None:
    """The newest encounter in progress, or None: one indexed lookup, nothing parsed.

    For a view that shows the fight when there is one (a player's card, read
    after every change); ``current_id`` also says why there is none.
    """
    with store.transaction() as session:
        return stored.newest_in_progress(session=session, campaign_id=store.campaign_id)


def current_id(*, store: CampaignStore) -> int:
    """The newest encounter still in progress.

    One indexed lookup; the fights are read (each state parsed) only to say
    why there is none.
    """
    with store.transaction() as session:
        found = stored.newest_in_progress(session=session, campaign_id=store.campaign_id)
    if found is not None:
        return found
    views = list_encounters(store=store)
    for view in views:
        if not view.encounter.ended:
            return view.id
    if views:
        raise EncounterRefused(f"No encounter is in progress: {views[0].encounter.name} has "
                               f"already ended. Start one with 'new'.")
    raise EncounterRefused("No encounter is in progress; start one with 'new'.")


def show(*, store: CampaignStore, encounter_id: int) -> EncounterView:
    """One encounter as saved."""
    with store.transaction() as session:
        found = _load(store, session, encounter_id)
    return EncounterView(found.id, Encounter.from_dict(found.state, _saved(store)), found.week)


def _adding(figure: Figure) -> Action:
    def action(enc: Encounter, _roll: Roller, _rules: CombatRules) -> str:
        enc.add(figure)
        return f"{figure.name} joins {figure.side}"
    return action


def add_character(*, store: CampaignStore, encounter_id: int, character_id: int,
                  side: str) -> Changes:
    """Add a party member as it stands (wounds, armor wear and all)."""
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
        character = queries.get_character(session=session, character_id=character_id).character
    if any(f.character_id == character_id
           for f in show(store=store, encounter_id=encounter_id).encounter.figures):
        raise EncounterRefused(f"{character.name} is already in this fight.")
    figure = from_character(character, derive(character, library, profile), side.strip(),
                            character_id=character_id, library=library, profile=profile)
    return _change(store, encounter_id, _adding(figure))


def add_template(*, store: CampaignStore, encounter_id: int, key: str, side: str,
                 name: str = "") -> Changes:
    """Add a bestiary figure; a second wolf is named "Wolf 2" unless named."""
    library = library_for(store)
    creature = library.creatures.get(key)
    if creature is None:
        raise EncounterRefused(f"The bestiary has no '{key}'.")
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    taken = {f.name for f in show(store=store, encounter_id=encounter_id).encounter.figures}
    label, n = name.strip() or creature.name, 2
    while not name.strip() and label in taken:
        label, n = f"{creature.name} {n}", n + 1
    figure = from_template(creature, side.strip(), label, library=library, profile=profile)
    return _change(store, encounter_id, _adding(figure))


def add_quick(*, store: CampaignStore, encounter_id: int, quick: QuickFigure,
              side: str) -> Changes:
    """Add a figure typed in at the table."""
    library = library_for(store)
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    figure = from_quick(quick, side.strip(), library=library, profile=profile)
    return _change(store, encounter_id, _adding(figure))


def roll_initiative(*, store: CampaignStore, encounter_id: int,
                    rolls: Sequence[int] | None = None, first: str = "") -> Changes:
    """Stage (1): a die per side, or the free-for-all roll-off with three or more sides.

    ``first`` is the winner's choice, made in the same change: a choice that
    cannot be made refuses the whole action, rolls and all.
    """
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        return "initiative: " + ", ".join(enc.roll_initiative(roll, rules, first))
    return _change(store, encounter_id, action, rolls)


def choose_first(*, store: CampaignStore, encounter_id: int, side: str) -> Changes:
    """The initiative winner's choice of the side that moves first."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.choose_first(side, rules)
        return agreeing(side, "moves first", "move first")
    return _change(store, encounter_id, action)


def choose_option(*, store: CampaignStore, encounter_id: int, figure: str,
                  option: str) -> Changes:
    """Record a figure's option this turn (Melee's list: move, charge, dodge, defend...)."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        name = enc.choose_option(figure, option, rules)
        return f"{enc.figure(figure).name} chooses {name}"
    return _change(store, encounter_id, action)


def ready(*, store: CampaignStore, encounter_id: int, figure: str, weapon: int) -> Changes:
    """Ready a weapon (a dropped one is picked up)."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.ready(figure, weapon, rules)
        return f"{enc.figure(figure).name} readies a weapon"
    return _change(store, encounter_id, action)


def flee(*, store: CampaignStore, encounter_id: int, figure: str) -> Changes:
    """A figure leaves the fight (through the arena's door)."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.flee(figure, rules)
        return f"{enc.figure(figure).name} flees"
    return _change(store, encounter_id, action)


def disengage(*, store: CampaignStore, encounter_id: int, figure: str,
              rolls: Sequence[int] | None = None) -> Changes:
    """Options (l) and (r) in the figure's place in the attack order.

    It moves one hex instead of attacking, or from HTH combat rolls a die to get free.
    """
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        enc.act(figure, "disengage", roll, rules)
        return f"{enc.figure(figure).name} disengages"
    return _change(store, encounter_id, action, rolls)


def draw_dagger(*, store: CampaignStore, encounter_id: int, figure: str,
                rolls: Sequence[int] | None = None) -> Changes:
    """Option (q) in HTH combat: a die to draw and ready the figure's dagger."""
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        enc.act(figure, "draw_dagger", roll, rules)
        return f"{enc.figure(figure).name} tries to draw a dagger"
    return _change(store, encounter_id, action, rolls)


def order_attacks(*, store: CampaignStore, encounter_id: int,
                  rolls: Sequence[int] | None = None) -> Changes:
    """Stage (4): the attack order by adjusted DX, ties by a die."""
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        order = enc.order_attacks(roll, rules)
        return "attack order " + ", ".join(enc.figure(f).name for f in order)
    return _change(store, encounter_id, action, rolls)


def attack(*, store: CampaignStore, encounter_id: int, attacker: str, target: str,
           rolls: Sequence[int] | None = None, dice: int = 0, weapon: int | None = None,
           second_shot: bool = False) -> Changes:
    """Roll to hit and, on a hit, the weapon's damage, through armor and shield.

    ``dice`` 0: 3, or 4 against a figure that dodges or defends; ``weapon``
    None: the ready weapon.
    """
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        result = enc.attack(attacker, target, roll, rules, dice=dice, weapon=weapon,
                            second_shot=second_shot)
        if not result.hits:
            roll.spare_ok = "the attack missed, so no damage was rolled"
        who, whom = enc.figure(attacker).name, enc.figure(target).name
        return f"{who} attacks {whom}: {result.value}"
    return _change(store, encounter_id, action, rolls)


def hit(*, store: CampaignStore, encounter_id: int, target: str, damage: int,
        by: str = "", ignore_armor: bool = False,
        rolls: Sequence[int] | None = None) -> Changes:
    """Damage a blow did, as the table rolled it; armor and shield stop their share.

    ``rolls``: a knockdown roll the house rules call for, if any.
    """
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        enc.hit(target, damage, rules, by=by, ignore_armor=ignore_armor, roll=roll)
        return f"{damage} hits on {enc.figure(target).name}"
    return _change(store, encounter_id, action, rolls)


def spend_st(*, store: CampaignStore, encounter_id: int, figure: str, amount: int | None = None,
             spell: str = "") -> Changes:
    """ST spent on a spell (fatigue); with a library spell and no amount, its cost."""
    library = library_for(store)
    what = "a spell"
    if spell:
        entry = library.spells.get(spell) or next(
            (s for s in library.spells.values() if s.name.lower() == spell.lower()), None)
        if entry is None:
            raise EncounterRefused(f"The library has no spell '{spell}'.")
        what = entry.name
        if amount is None:
            amount = _first_number(str(entry.st_cost))
    if amount is None:
        raise EncounterRefused("Say how much ST was spent.")
    spent = amount

    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.spend_st(figure, spent, rules, what)
        return f"{enc.figure(figure).name} spends {spent} ST on {what}"
    return _change(store, encounter_id, action)


def _first_number(text: str) -> int:
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        elif digits:
            break
    if not digits:
        raise EncounterRefused(f"The spell's cost '{text}' has no number; say the ST spent.")
    return int(digits)


def fall(*, store: CampaignStore, encounter_id: int, figure: str, tiles: int,
         rolls: Sequence[int] | None = None) -> Changes:
    """Three-dimensional play: a fall of so many tile heights, damage by the Height Chart."""
    def action(enc: Encounter, roll: Roller, rules: CombatRules) -> str:
        damage = enc.fall(figure, tiles, roll, rules)
        return f"{enc.figure(figure).name} falls {tiles} tiles ({damage} hits)"
    return _change(store, encounter_id, action, rolls)


def flesh(*, store: CampaignStore, encounter_id: int, figure: str, spell: str) -> Changes:
    """Stone Flesh or Iron Flesh cast on a figure, or "none" when it ends."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        return set_flesh(enc, figure, spell, rules)
    return _change(store, encounter_id, action)


def mount(*, store: CampaignStore, encounter_id: int, figure: str,
          mounted: bool = True) -> Changes:
    """A figure mounts (or dismounts): with 3-D play it falls on the chart's horseman row."""
    heights = library_for(store).heights

    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        fig = enc.figure(figure)
        row = heights.height_for(fig.race, fig.hexes, mounted=mounted) if enc.three_d else None
        return set_mounted(enc, figure, mounted, row, rules)
    return _change(store, encounter_id, action)


def hold(*, store: CampaignStore, encounter_id: int, figure: str) -> Changes:
    """A figure makes no attack this turn (its place in the attack order passes)."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.hold(figure, rules)
        return f"{enc.figure(figure).name} makes no attack"
    return _change(store, encounter_id, action)


def drop(*, store: CampaignStore, encounter_id: int, figure: str, weapon: int) -> Changes:
    """A weapon dropped (to ready another, or lost)."""
    def action(enc: Encounter, _roll: Roller, rules: CombatRules) -> str:
        enc.drop(figure, weapon, rules)
        return f"{enc.figure(figure).name} drops a weapon"
    return _change(store, encounter_id, action)


def next_turn(*, store: CampaignStore, encounter_id: int) -> Changes:
    """End the turn and begin the next."""
    def action(enc: Encounter, _roll: Roller, _rules: CombatRules) -> str:
        enc.next_turn()
        return "next turn"
    return _change(store, encounter_id, action)
