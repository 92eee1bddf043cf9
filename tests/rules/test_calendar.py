"""Weekly activities: rest heals and recovers, an idle week costs the lifestyle's upkeep."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.assignment import Activity
from tftmanager.rules.calendar import rest, weekly_upkeep
from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.job_data import JobCatalogue
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile

pytestmark = pytest.mark.rules

HERO = Character(name="Hero", race="human", st=12, dx=11, iq=9)


@pytest.fixture
def catalogue(library: RulesLibrary) -> JobCatalogue:
    assert library.jobs is not None
    return library.jobs


def test_activities_and_labels() -> None:
    assert [a.value for a in Activity] == ["job", "study", "rest", "adventure", "idle"]
    assert Activity("rest").label == "Rest and recovery"
    assert all(a.label for a in Activity)
    with pytest.raises(ValueError):
        Activity("sleep")


def test_rest_heals_wounds(catalogue: JobCatalogue) -> None:
    assert catalogue.survival is not None
    wounds, recovery, lines = rest(replace(HERO, wounds=7), catalogue.survival,
                                   catalogue.rest_heals_all)
    assert (wounds, recovery) == (0, 0)
    assert lines == ["Rested: 7 hits healed (assumed: a week of rest heals all wounds)."]
    # A campaign whose rest heals nothing keeps the wounds, and says so.
    wounds, _recovery, lines = rest(replace(HERO, wounds=7), catalogue.survival, False)
    assert wounds == 7 and "7 hits remain" in lines[0]


@pytest.mark.parametrize(("weeks", "after"), [(5, 4), (1, 0), (0, 0)])
def test_rest_reduces_recovery_weeks(catalogue: JobCatalogue, weeks: int, after: int) -> None:
    assert catalogue.survival is not None
    _wounds, recovery, lines = rest(replace(HERO, recovery_weeks=weeks), catalogue.survival,
                                   catalogue.rest_heals_all)
    assert recovery == after
    if weeks:
        assert lines == [f"Recovering: DX penalty {-weeks} → {-after}."]
    else:
        assert lines == ["Rested."]


def test_a_survivor_recovers_over_five_weeks_of_rest(library: RulesLibrary,
                                                      catalogue: JobCatalogue) -> None:
    # Wakes at 0 ST (wounds = ST) and -5 DX; each week of rest takes 1 off.
    assert catalogue.survival is not None
    survivor = replace(HERO, wounds=HERO.st, recovery_weeks=5)
    assert derive(survivor, library, RuleProfile()).adj_dx == HERO.dx - 5
    penalties = []
    for _ in range(6):
        wounds, recovery, _lines = rest(survivor, catalogue.survival, catalogue.rest_heals_all)
        survivor = replace(survivor, wounds=wounds, recovery_weeks=recovery)
        penalties.append(derive(survivor, library, RuleProfile()).adj_dx - HERO.dx)
    assert penalties == [-4, -3, -2, -1, 0, 0]
    assert survivor.current_st == HERO.st


def test_a_gm_s_recovery_dx_is_the_penalty_on_the_figure(library: RulesLibrary,
                                                         catalogue: JobCatalogue) -> None:
    """A GM who makes survivors wake at -3 DX (over the same 5 weeks) sees -3, not -5."""
    assert catalogue.survival is not None
    gentler = replace(catalogue.survival, recovery_dx=-3)
    house = replace(library, jobs=replace(catalogue, survival=gentler))
    survivor = replace(HERO, wounds=HERO.st, recovery_weeks=gentler.recovery_weeks)
    penalties, reports = [], []
    for _ in range(6):
        penalties.append(derive(survivor, house, RuleProfile()).adj_dx - HERO.dx)
        wounds, recovery, lines = rest(survivor, gentler, heals_all=True)
        reports.append(lines)
        survivor = replace(survivor, wounds=wounds, recovery_weeks=recovery)
    assert penalties == [-3, -2, -1, 0, 0, 0]
    assert "Recovering: DX penalty -3 → -2." in reports[0]
    assert derive(survivor, house, RuleProfile()).recovery_dx == 0


@pytest.mark.parametrize(("key", "weeks"), [
    # worked by hand from the lifestyle table: each week's whole dollars, in weeks 1 to 4
    ("bare_subsistence", [3, 4, 4, 4]), ("poor", [7, 8, 7, 8]), ("low_middle", [11, 11, 11, 12]),
    ("middle", [16, 16, 16, 17]), ("high_middle", [25, 25, 25, 25]),
    ("high", [35, 35, 35, 35]), ("very_high", [50, 50, 50, 50]),
])
def test_weekly_upkeep_spreads_the_period_cost(catalogue: JobCatalogue, key: str,
                                               weeks: list[int]) -> None:
    """$30 per 4 weeks is $30 over those 4 weeks (it was $8 a week, $32)."""
    total = catalogue.lifestyles[key].total
    paid = [weekly_upkeep(key, catalogue, week)[0] for week in range(1, 9)]
    assert paid == weeks + weeks  # the next period as the first
    assert sum(weeks) == total
    text = weekly_upkeep(key, catalogue, 2)[1]
    assert f"${total} per 4 weeks, ${weeks[1]} this week" in text


def test_upkeep_follows_the_lifestyle_period(catalogue: JobCatalogue) -> None:
    assert weekly_upkeep("poor", replace(catalogue, lifestyle_weeks=1), 5)[0] == 30
    seven = [weekly_upkeep("poor", replace(catalogue, lifestyle_weeks=7), w)[0]
             for w in range(1, 8)]
    assert seven == [4, 4, 4, 5, 4, 4, 5] and sum(seven) == 30
    assert weekly_upkeep("poor", replace(catalogue, lifestyle_weeks=0), 3)[0] == 30


def test_an_unknown_lifestyle_costs_nothing_and_says_so(catalogue: JobCatalogue) -> None:
    paid, text = weekly_upkeep("palace", catalogue, 1)
    assert paid == 0
    assert "'palace' is not a lifestyle" in text
