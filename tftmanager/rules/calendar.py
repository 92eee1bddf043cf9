"""What rest and idleness do with a week between adventures."""

from __future__ import annotations

import math

from tftmanager.rules.character import Character
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.survival import SurvivalRules, recovery_penalty

# The documents give no healing rate between adventures: a full week of rest
# heals every wound (our assumption, stated in the report).
REST_HEALS_ALL = True


def rest(character: Character, survival: SurvivalRules) -> tuple[int, int, list[str]]:
    """(wounds, recovery weeks) after a week of rest, with what happened in words.

    The DX penalty shown is the survival rules' (a GM's ``recovery_dx`` counts).
    """
    lines = []
    wounds = 0 if REST_HEALS_ALL else character.wounds
    if character.wounds:
        lines.append(f"Rested: {character.wounds} hits healed (assumed: a week of rest "
                     "heals all wounds).")
    recovery = max(0, character.recovery_weeks - 1)
    if character.recovery_weeks:
        before = recovery_penalty(character.recovery_weeks, survival)
        lines.append(f"Recovering: DX penalty {before} → {recovery_penalty(recovery, survival)}.")
    if not lines:
        lines.append("Rested.")
    return wounds, recovery, lines


def weekly_upkeep(lifestyle_key: str, catalogue: JobCatalogue) -> tuple[int, str]:
    """What an idle week costs in the chosen lifestyle (its period cost spread by week)."""
    lifestyle = catalogue.lifestyles.get(lifestyle_key)
    if lifestyle is None:
        return 0, f"'{lifestyle_key}' is not a lifestyle in this campaign"
    cost = math.ceil(lifestyle.total / max(1, catalogue.lifestyle_weeks))
    return cost, (f"{lifestyle.name} lifestyle: ${lifestyle.total} per "
                  f"{catalogue.lifestyle_weeks} weeks, ${cost} this week")
