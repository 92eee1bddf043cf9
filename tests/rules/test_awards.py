"""Melee's experience awards for surviving combat, and splitting a GM award.

Melee, "IX. EXPERIENCE" (../shared/seeds/003_0accd3236da11b58.txt):

* COMBAT TO THE DEATH: "50 experience points (EP) to each survivor, or 70 if
  the enemy averaged more than 3 superior in ST + DX."
* ARENA COMBAT: "Winners get 30 EP; defeated survivors get 20 EP (unless they
  ran away unhurt, in which case they lose 10 EP). If one side averaged 3 or
  more weaker in total attributes, survivors on that side get 10 extra EP each."
* PRACTICE COMBAT: "Those still on their feet when one side is eliminated get
  10 EP each. Others get nothing but bruises."
* "In multi-figure combats, the AVERAGE superiority is considered."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tftmanager.rules.awards import (
    Award,
    AwardTable,
    CombatType,
    Outcome,
    Split,
    average,
    combat_awards,
    split_evenly,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.shipped import read_toml

pytestmark = pytest.mark.rules

DEATH, ARENA, PRACTICE = CombatType.DEATH, CombatType.ARENA, CombatType.PRACTICE


@pytest.fixture
def table(library: RulesLibrary) -> AwardTable:
    assert library.awards is not None
    return library.awards


def amounts(awards: list[Award]) -> dict[str, int]:
    return {a.name: a.amount for a in awards}


def one(combat: CombatType, outcome: Outcome, ours: int, theirs: int,
        table: AwardTable) -> int:
    """The award of a lone figure with ST + DX ``ours`` against one enemy."""
    [award] = combat_awards(combat, [("Hero", ours, outcome)], [theirs], table)
    assert award.name == "Hero"
    assert award.reason
    return award.amount


def test_shipped_amounts_are_melees(table: AwardTable) -> None:
    assert table == AwardTable(
        death_survivor=50, death_survivor_vs_superior=70, death_superior_margin=3,
        arena_winner=30, arena_defeated=20, arena_ran_away_unhurt=-10,
        arena_weaker_side_bonus=10, arena_weaker_margin=3, practice_on_feet=10,
    )


# --- combat to the death ----------------------------------------------------


@pytest.mark.parametrize(("enemy", "expected"), [
    (20, 50),   # weaker enemy
    (24, 50),   # equal
    (26, 50),   # 2 superior
    (27, 50),   # exactly 3 superior: not MORE than 3
    (28, 70),   # 4 superior
    (40, 70),
])
def test_death_survivor(table: AwardTable, enemy: int, expected: int) -> None:
    assert one(DEATH, Outcome.SURVIVED, 24, enemy, table) == expected


def test_death_with_averages_over_several_figures(table: AwardTable) -> None:
    # Party averages 25; enemies (27 + 29 + 30) / 3 = 28 2/3: 3 2/3 superior -> 70.
    party = [("Ann", 24, Outcome.SURVIVED), ("Bob", 26, Outcome.SURVIVED)]
    assert average([24, 26]) == 25
    assert average([27, 29, 30]) == Fraction(86, 3)
    assert amounts(combat_awards(DEATH, party, [27, 29, 30], table)) == {"Ann": 70, "Bob": 70}
    # Enemies averaging exactly 28 (3 superior) -> 50; 28.5 (3.5 superior) -> 70.
    assert amounts(combat_awards(DEATH, party, [27, 29], table)) == {"Ann": 50, "Bob": 50}
    assert amounts(combat_awards(DEATH, party, [28, 29], table)) == {"Ann": 70, "Bob": 70}
    # Averages are exact: 3 + 1/3 superior is more than 3.
    assert amounts(combat_awards(DEATH, party, [28, 28, 29], table))["Ann"] == 70
    # ... and 3 - 1/3 is not (no rounding up to 3 either way).
    assert amounts(combat_awards(DEATH, party, [27, 28, 28], table))["Ann"] == 50


def test_allies_who_earn_nothing_still_count_in_their_sides_average(table: AwardTable) -> None:
    """Ragnar (24) beside a summoned veteran (32) against a gargoyle (31): the side averages
    28, 3 weaker, which is not "more than 3"; Ragnar alone would be 7 weaker."""
    ragnar = [("Ragnar", 24, Outcome.SURVIVED)]
    assert amounts(combat_awards(DEATH, ragnar, [31], table)) == {"Ragnar": 70}
    assert amounts(combat_awards(DEATH, ragnar, [31], table, [24, 32])) == {"Ragnar": 50}


def test_death_half_point_margins(table: AwardTable) -> None:
    # Party (24 + 25) / 2 = 24.5: enemies at 27.5 are exactly 3 superior, 28 is 3.5.
    party = [("Ann", 24, Outcome.SURVIVED), ("Bob", 25, Outcome.SURVIVED)]
    assert amounts(combat_awards(DEATH, party, [27, 28], table))["Ann"] == 50
    assert amounts(combat_awards(DEATH, party, [28], table))["Ann"] == 70


def test_the_dead_get_nothing(table: AwardTable) -> None:
    party = [("Ann", 24, Outcome.SURVIVED), ("Bob", 24, Outcome.DOWN)]
    awards = combat_awards(DEATH, party, [30], table)
    assert amounts(awards) == {"Ann": 70, "Bob": 0}
    assert [a.name for a in awards] == ["Ann", "Bob"]  # the party's order, dead listed too
    # The dead still count in the side's average: (24 + 24) / 2 = 24 vs 27 -> 50.
    dead_strong = [("Ann", 24, Outcome.SURVIVED), ("Bob", 30, Outcome.DOWN)]
    assert amounts(combat_awards(DEATH, dead_strong, [30], table))["Ann"] == 50


@pytest.mark.parametrize("outcome", [Outcome.WON, Outcome.DEFEATED, Outcome.RAN_AWAY_UNHURT,
                                     Outcome.ON_FEET])
def test_death_refuses_other_outcomes(table: AwardTable, outcome: Outcome) -> None:
    with pytest.raises(ValueError, match="combat to the death"):
        one(DEATH, outcome, 24, 24, table)


# --- arena combat -------------------------------------------------------------


@pytest.mark.parametrize(("outcome", "expected"), [
    (Outcome.WON, 30), (Outcome.DEFEATED, 20), (Outcome.RAN_AWAY_UNHURT, -10),
    (Outcome.DOWN, 0),
])
def test_arena_even_sides(table: AwardTable, outcome: Outcome, expected: int) -> None:
    assert one(ARENA, outcome, 24, 24, table) == expected
    # The enemy being weaker gives the party no bonus.
    assert one(ARENA, outcome, 30, 20, table) == expected


@pytest.mark.parametrize(("outcome", "expected"), [
    (Outcome.WON, 40), (Outcome.DEFEATED, 30), (Outcome.RAN_AWAY_UNHURT, 0),
    (Outcome.DOWN, 0),
])
def test_arena_weaker_side_bonus(table: AwardTable, outcome: Outcome, expected: int) -> None:
    # Exactly 3 weaker gets the bonus ("3 or more"); so does more.
    assert one(ARENA, outcome, 24, 27, table) == expected
    assert one(ARENA, outcome, 20, 30, table) == expected


def test_arena_bonus_margins_are_averages(table: AwardTable) -> None:
    party = [("Ann", 24, Outcome.WON), ("Bob", 25, Outcome.DEFEATED),
             ("Cid", 23, Outcome.RAN_AWAY_UNHURT), ("Dan", 24, Outcome.DOWN)]
    # Party averages 24; enemies averaging 26.5 (2.5 stronger): no bonus.
    assert amounts(combat_awards(ARENA, party, [26, 27], table)) == {
        "Ann": 30, "Bob": 20, "Cid": -10, "Dan": 0}
    # Enemies averaging 27 (exactly 3 stronger): bonus for every survivor.
    awards = combat_awards(ARENA, party, [26, 28], table)
    assert amounts(awards) == {"Ann": 40, "Bob": 30, "Cid": 0, "Dan": 0}
    assert "+10" in awards[0].reason
    # 2 + 2/3 stronger is not 3.
    assert amounts(combat_awards(ARENA, party, [26, 27, 27], table))["Ann"] == 30


@pytest.mark.parametrize("outcome", [Outcome.SURVIVED, Outcome.ON_FEET])
def test_arena_refuses_other_outcomes(table: AwardTable, outcome: Outcome) -> None:
    with pytest.raises(ValueError, match="arena"):
        one(ARENA, outcome, 24, 24, table)


# --- practice combat ------------------------------------------------------


def test_practice(table: AwardTable) -> None:
    party = [("Ann", 24, Outcome.ON_FEET), ("Bob", 24, Outcome.DOWN)]
    # No bonus for superiority in practice, either way.
    for enemy in ([18], [24], [40, 40]):
        assert amounts(combat_awards(PRACTICE, party, enemy, table)) == {"Ann": 10, "Bob": 0}


@pytest.mark.parametrize("outcome", [Outcome.SURVIVED, Outcome.WON, Outcome.DEFEATED,
                                     Outcome.RAN_AWAY_UNHURT])
def test_practice_refuses_other_outcomes(table: AwardTable, outcome: Outcome) -> None:
    with pytest.raises(ValueError, match="practice"):
        one(PRACTICE, outcome, 24, 24, table)


# --- sides --------------------------------------------------------------------


@pytest.mark.parametrize("combat", list(CombatType))
def test_empty_sides_are_refused(table: AwardTable, combat: CombatType) -> None:
    with pytest.raises(ValueError, match="at least one figure"):
        combat_awards(combat, [], [24], table)
    with pytest.raises(ValueError, match="at least one figure"):
        combat_awards(combat, [("Ann", 24, Outcome.DOWN)], [], table)


def test_average_is_exact() -> None:
    assert average([24]) == 24
    assert average([1, 2]) == Fraction(3, 2)
    with pytest.raises(ValueError):
        average([])


# --- the award table as data --------------------------------------------------


def test_award_table_from_the_shipped_file(table: AwardTable) -> None:
    assert AwardTable.from_data(read_toml("rules", "experience.toml")["awards"]) == table


@pytest.mark.parametrize("change", [
    {"death_survivor": None},
    {"practice_on_feet": "ten"},
    {"arena_winner": [30]},
])
def test_malformed_award_table_is_refused(change: dict[str, Any]) -> None:
    doc: dict[str, Any] = dict(read_toml("rules", "experience.toml")["awards"])
    for key, value in change.items():
        doc[key] = value
    with pytest.raises(RulesDataError):
        AwardTable.from_data(doc)
    doc = dict(read_toml("rules", "experience.toml")["awards"])
    del doc[next(iter(change))]
    with pytest.raises(RulesDataError):
        AwardTable.from_data(doc)


# --- splitting a GM award -------------------------------------------------------


@pytest.mark.parametrize(("amount", "people", "expected"), [
    (10, 4, Split(2, 2)),
    (500, 4, Split(125, 0)),
    (100, 3, Split(33, 1)),
    (3, 4, Split(0, 3)),
    (7, 1, Split(7, 0)),
])
def test_split_evenly(amount: int, people: int, expected: Split) -> None:
    share = split_evenly(amount, people)
    assert share == expected
    assert share.each * people + share.remainder == amount


@pytest.mark.parametrize("people", [0, -1])
def test_split_among_nobody(people: int) -> None:
    with pytest.raises(ValueError, match="nobody"):
        split_evenly(10, people)
