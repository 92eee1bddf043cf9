"""Where each campaign rule option's readings are written, for the reader.

Each option of ``rules.settings`` is a reading the documents leave open; its
references name the book and section of every reading, in the order of the
option's choices when there is one per choice (Melee's, then the house
rules').  ``reading_reference`` gives the one in play, for a line of an
encounter's log or a week's report ("double damage - Melee, Rolling for a Hit").
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tftmanager.rules.references import Reference, parse_reference
from tftmanager.rules.settings import OPTION_INFO

OPTION_REFERENCES: dict[str, tuple[str, ...]] = {
    "creation": ("Melee, Creating a Figure", "ITL"),
    "leather_ma": ("Melee, Movement", "Melee, Armor"),
    "critical_hits": ("Melee, Rolling for a Hit", "House Rules: Combat, Double or Triple Damage"),
    "pole_charge": ("Melee, Pole Weapons", "House Rules: Combat, Pole Weapons"),
    "injury_reactions": ("Melee, Reactions to Injury",
                         "House Rules: Combat, Reaction to Injuries"),
    "xp_costs": ("Melee, Experience", "ITL p. 45"),
    "three_d": ("3D TFT",),
    "wizard_talents_double": ("ITL",),
    "hero_spells_triple": ("ITL",),
    "legacy_memory_xp": ("ITL",),
    "weight_unit": ("TFT Rules Expansion, Miscellaneous Equipment",),
    "starting_sp": ("TFT Rules Expansion, Skill Points",),
    "study_weeks_per_point": ("TFT Rules Expansion, Learning New Talents",),
    "disaster_week_xp": ("TFT Rules Expansion, Jobs: XP/Week",),
    "thief_fractions": ("TFT Rules Expansion, Jobs: Thieves",),
    "thief_spells": ("TFT Rules Expansion, Jobs: Wizards",),
    "upkeep": ("TFT Rules Expansion, Jobs: Lifestyle",),
    # One per choice: rest only (the expansion's "every week the person rests"), then
    # Melee's "he will take time to recover before another fight" (the record card).
    "week_healing": ("TFT Rules Expansion, Death and Dying", "Melee, Creating a Figure"),
    "job_readings": ("TFT Rules Expansion, Jobs: Mercenaries",),
    # One per choice, in the order of the choices: roll-off, then Melee's die each.
    "many_sides": ("Free-for-All", "Melee, Sequence of Play"),
    "fatigue_at_zero": ("TFT Rules Expansion, Death and Dying",),
    "armor_wear": ("TFT Rules Expansion, Armor and Shield Wear",),
    "stopped_first": ("Melee, Armor and Shields",),
}


@cache  # the table is fixed: a run of weeks cites the same reading in every wounded line
def option_references(name: str) -> tuple[Reference, ...]:
    """Every reference of an option (none for an option this table does not list)."""
    found = (parse_reference(text) for text in OPTION_REFERENCES.get(name, ()))
    return tuple(r for r in found if r is not None)


def reading_reference(name: str, value: Any) -> Reference | None:
    """The reference of the reading in play: the choice's own, else the option's first."""
    references = option_references(name)
    if not references:
        return None
    choices = list(OPTION_INFO[name].choices) if name in OPTION_INFO else []
    if len(references) == len(choices) and value in choices:
        return references[choices.index(value)]
    return references[0]


def cited(option: str, value: Any) -> str:
    """" (House Rules: Combat, Double or Triple Damage)": a log line's source, or ""."""
    reference = reading_reference(option, value)
    return f" ({reference.shown()})" if reference is not None else ""

