"""The end of a fight: who won, who is dying, which awards apply and what each item wears.

A pure function over the encounter (as ``resolve_week`` is for a week): the
application loads the fight, calls ``resolve_ending``, turns each character
into what the fight left (``character_after``) and writes it.  Melee's
experience (003, "Experience"): a combat to the death "continues until all
on one side are slain", so only the winning side's figures survive it; the
arena's winners, defeated survivors and those who "ran away unhurt";
practice's figures "still on their feet when one side is eliminated".  A
character at 0 ST or below is dying (the expansion's death and dying): its
award stands if it survives the roll.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tftmanager.rules.awards import Award, AwardTable, CombatType, Outcome, combat_awards
from tftmanager.rules.character import Character, Status
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import EARLIER_ITEM, Condition, Figure
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_weapons import base_of
from tftmanager.rules.items import Item, ItemKind
from tftmanager.rules.records import Record
from tftmanager.rules.settings import ArmorWear


@dataclass(frozen=True, eq=False, repr=False)
class Wear(Record):
    """Hits an armor or shield stopped (blows or points, by the campaign's option)."""

    item_id: str  # the possession's identity (EARLIER_ITEM in fights begun before it had one)
    kind: str  # "armor" or "shield"
    key: str
    name: str
    hits: int


@dataclass(frozen=True, eq=False, repr=False)
class Ending(Record):
    """What the fight did to one party member."""

    character_id: int
    name: str
    condition: Condition
    wounds: int
    fatigue: int
    dying: bool
    wear: tuple[Wear, ...]
    dropped: tuple[tuple[str, str], ...]  # (as the log says it, weapon key)
    missiles: int
    award: Award


@dataclass(frozen=True, eq=False, repr=False)
class FightEnding(Record):
    """The whole ending: the winning side ("" when none has won) and each character's part."""

    combat: CombatType
    winner: str
    endings: tuple[Ending, ...]


def winning_side(enc: Encounter, rules: CombatRules, combat: CombatType) -> str:
    """The one side with a figure still in the fight, or "" while two or more (or none) have.

    In practice a figure is out once its ST is 3 or less (it "drops out").
    """
    sides = [s for s in enc.sides
             if any(f.side == s and _in_fight(f, rules, enc.turn, combat) for f in enc.figures)]
    return sides[0] if len(sides) == 1 else ""


def _in_fight(fig: Figure, rules: CombatRules, turn: int, combat: CombatType) -> bool:
    if fig.fled or fig.condition(rules, turn).out:
        return False
    return combat is not CombatType.PRACTICE or fig.current_st > rules.practice.out_st


def resolve_ending(enc: Encounter, rules: CombatRules, table: AwardTable,
                   combat: CombatType, wear_by: ArmorWear) -> FightEnding:
    """Every party member's ending under Melee's awards and the campaign's wear option."""
    winner = winning_side(enc, rules, combat)
    endings = []
    for fig in enc.figures:
        if fig.character_id is None:
            continue
        state = fig.condition(rules, enc.turn)
        endings.append(Ending(
            fig.character_id, fig.name, state, fig.wounds, fig.fatigue,
            state is Condition.DYING, _wear(fig, wear_by), _dropped(fig), fig.missiles_spent,
            _award(enc, fig, rules, table, combat, winner)))
    return FightEnding(combat, winner, tuple(endings))


def _award(enc: Encounter, fig: Figure, rules: CombatRules, table: AwardTable,
           combat: CombatType, winner: str) -> Award:
    theirs = [f.attribute_total for f in enc.figures if f.side != fig.side]
    if not theirs:
        return Award(fig.name, 0, "no opponents")
    outcome, why = _outcome(fig, rules, enc.turn, combat, winner)
    if outcome is None:
        return Award(fig.name, 0, why)
    ours = [f.attribute_total for f in enc.figures if f.side == fig.side]
    award = combat_awards(combat, [(fig.name, fig.attribute_total, outcome)], theirs, table,
                          ours)[0]
    if fig.condition(rules, enc.turn) is Condition.DYING and award.amount:
        return Award(award.name, award.amount, award.reason + " (if the death-and-dying "
                                                               "roll is made)")
    return award


def _outcome(fig: Figure, rules: CombatRules, turn: int, combat: CombatType,
             winner: str) -> tuple[Outcome | None, str]:
    """Melee's outcome for one figure, or None and why it earns nothing."""
    state = fig.condition(rules, turn)
    if state is Condition.DEAD:
        return None, "died"
    if combat is CombatType.PRACTICE:
        if not winner:
            return None, "no side has been eliminated"
        if _in_fight(fig, rules, turn, combat):
            return Outcome.ON_FEET, ""
        return None, "dropped out of practice combat"
    if combat is CombatType.ARENA and fig.fled:
        return (Outcome.RAN_AWAY_UNHURT if not fig.wounds else Outcome.DEFEATED), ""
    if not winner:
        return None, "no side has won: two or more sides are still fighting"
    if combat is CombatType.DEATH:
        if fig.side != winner or fig.fled:
            return None, "on the losing side of a combat to the death"
        return Outcome.SURVIVED, ""
    return (Outcome.WON if fig.side == winner else Outcome.DEFEATED), ""


def _wear(fig: Figure, wear_by: ArmorWear) -> tuple[Wear, ...]:
    found = []
    for p in fig.protections:
        hits = p.blows if wear_by is ArmorWear.BLOWS else p.stopped
        if p.item_id and hits:
            found.append(Wear(p.item_id, p.kind, p.key, p.name, hits))
    return tuple(found)


def _dropped(fig: Figure) -> tuple[tuple[str, str], ...]:
    keys = {a.held: a.key for a in fig.attacks}
    return tuple((text, keys.get(base_of(text), "")) for text in fig.dropped)


def character_after(before: Character, ending: Ending, lose_dropped: bool) -> Character:
    """The character after the fight: wounds and fatigue, armor wear, lost weapons.

    A character left dying (0 ST or below from wounds) is marked so for the
    expansion's death-and-dying roll; one already dying or dead stays as it is.
    """
    items = list(before.items)
    for wear in ending.wear:
        index = worn_item(items, wear)
        if index is not None:
            items[index] = replace(items[index],
                                   hits_taken=items[index].hits_taken + wear.hits)
    if lose_dropped:
        for _text, key in ending.dropped:
            for i, item in enumerate(items):
                if key and item.kind is ItemKind.WEAPON and item.key == key:
                    del items[i]
                    break
    after = replace(before, items=tuple(items), wounds=before.wounds + ending.wounds,
                    fatigue=ending.fatigue)
    if ending.dying and before.status is Status.ACTIVE:
        after = replace(after, status=Status.DYING)
    return after


def worn_item(items: list[Item], wear: Wear) -> int | None:
    """The possession that stopped the hits, or None once it is gone.

    It is found by its identity; a fight begun before possessions had one
    gives its wear to the same armor or shield.
    """
    if wear.item_id != EARLIER_ITEM:
        return next((i for i, item in enumerate(items) if item.uid == wear.item_id), None)
    kind = ItemKind(wear.kind)
    return next((i for i, item in enumerate(items) if item.kind is kind and item.key == wear.key),
                None)
