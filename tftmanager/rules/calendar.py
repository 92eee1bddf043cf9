"""What rest and idleness do with a week between adventures."""

from __future__ import annotations

from tftmanager.rules.character import Character
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.survival import SurvivalRules, recovery_penalty
from tftmanager.rules.text import count


def rest(character: Character, survival: SurvivalRules,
         heals_all: bool) -> tuple[int, int, list[str]]:
    """(wounds, recovery weeks) after a week of rest, with what happened in words.

    ``heals_all`` is the catalogue's ``[rest]`` rule (the documents give no
    healing rate: a week of rest healing every wound is our assumption, said
    in the report).  The DX penalty shown is the survival rules' (a GM's
    ``recovery_dx`` counts).
    """
    lines = []
    wounds = 0 if heals_all else character.wounds
    if character.wounds and heals_all:
        lines.append(f"Rested: {count(character.wounds, 'hit')} healed (assumed: a week of rest "
                     "heals all wounds).")
    elif character.wounds:
        lines.append(f"Rested: {count(character.wounds, 'hit')} remain (this campaign heals no "
                     "wounds by rest alone).")
    recovery = max(0, character.recovery_weeks - 1)
    if character.recovery_weeks:
        before = recovery_penalty(character.recovery_weeks, survival)
        lines.append(f"Recovering: DX penalty {before} → {recovery_penalty(recovery, survival)}.")
    if not lines:
        lines.append("Rested.")
    return wounds, recovery, lines


def weekly_upkeep(lifestyle_key: str, catalogue: JobCatalogue, week: int) -> tuple[int, str]:
    """What an idle week costs in the chosen lifestyle: its part of the period's cost.

    The period's cost is spread over its weeks in whole dollars so that they
    add up to it exactly: "$30 per 4 weeks" is $7, $8, $7 and $8 in the
    campaign's weeks 1 to 4 (then again from week 5), never 4 x $8 = $32.
    ``week`` is the campaign's week number (1 for the first).
    """
    lifestyle = catalogue.lifestyles.get(lifestyle_key)
    if lifestyle is None:
        return 0, f"'{lifestyle_key}' is not a lifestyle in this campaign"
    period = max(1, catalogue.lifestyle_weeks)
    into = (week - 1) % period + 1  # this week's place in its period, 1 to ``period``
    cost = lifestyle.total * into // period - lifestyle.total * (into - 1) // period
    return cost, (f"{lifestyle.name} lifestyle: ${lifestyle.total} per "
                  f"{count(catalogue.lifestyle_weeks, 'week')}, ${cost} this week")
