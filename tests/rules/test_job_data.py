"""The shipped job catalogue: the documents' tables as data, every value usable."""

from __future__ import annotations

import tomllib
from dataclasses import fields
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest

from tftmanager.rules.dice_expr import parse_check, parse_formula, parse_roll
from tftmanager.rules.job_data import Job, JobCatalogue, JobFamily
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.shipped import resource

pytestmark = pytest.mark.rules


@pytest.fixture
def doc() -> dict[str, Any]:
    return tomllib.loads(resource("rules", "jobs.toml").read_text(encoding="utf-8"))


@pytest.fixture
def catalogue(library: RulesLibrary) -> JobCatalogue:
    assert library.jobs is not None
    return library.jobs


def test_every_family_is_shipped(catalogue: JobCatalogue) -> None:
    families: dict[str, list[str]] = {}
    for job in catalogue.jobs.values():
        families.setdefault(job.family, []).append(job.key)
    assert set(families) == {"mercenary", "thief", "wizard", "misc"}
    assert families["mercenary"] == ["garrison", "guard_1", "guard_2", "active", "caravan",
                                     "war_1", "war_2"]
    assert len(families["thief"]) == 6
    assert len(families["wizard"]) == 15
    assert len(families["misc"]) == 11
    assert set(catalogue.officers) == {"sergeant", "lieutenant", "captain"}


@pytest.mark.parametrize(("key", "risk", "pay", "pay_max", "find", "min_weeks", "st_dx"), [
    ("garrison", (4, 17), 5, 8, "2d/IQ", "1d", 22),
    ("guard_1", (4, 17), 8, 12, "3d/IQ", "1d+1", 24),
    ("guard_2", (5, 16), 10, 15, "3d/IQ", "1d+2", 26),
    ("active", (5, 15), 15, 20, "3d/IQ-1", "1d+2", 27),
    ("caravan", (6, 14), 20, 25, "3d/IQ", "1d+4", 28),
    ("war_1", (11, 9), 15, 25, "2d/IQ", "2d", 22),
    ("war_2", (12, 8), 25, 35, "2d/IQ-1", "2d", 24),
])
def test_mercenary_rows_follow_the_reading(catalogue: JobCatalogue, key: str,
                                           risk: tuple[int, int], pay: int, pay_max: int,
                                           find: str, min_weeks: str, st_dx: int) -> None:
    job = catalogue.jobs[key]
    assert (job.risk, job.pay, job.pay_max, job.find, job.min_weeks) == (
        risk, pay, pay_max, find, min_weeks)
    assert job.requires["st_dx"] == st_dx
    assert job.lifestyle == "poor"


def test_the_bonus_xp_table_at_every_roll(catalogue: JobCatalogue) -> None:
    expected = {3: 5, 4: 4, 5: 3, 6: 2, 7: 2, 8: 2, 9: 1, 10: 1}
    for roll in range(3, 19):
        assert catalogue.bonus_times(roll) == Fraction(expected.get(roll, Fraction(1, 2))), roll


def test_officer_ranks(catalogue: JobCatalogue) -> None:
    sergeant, lieutenant, captain = (catalogue.officers[k]
                                     for k in ("sergeant", "lieutenant", "captain"))
    assert (sergeant.pay_percent, sergeant.find_iq, sergeant.find_dice,
            sergeant.min_attributes_bonus, sergeant.lifestyle) == (25, -1, 0, 4, "low_middle")
    assert (lieutenant.pay_percent, lieutenant.find_iq, lieutenant.find_dice,
            lieutenant.min_attributes_bonus, lieutenant.requires_talents) == (
        50, -2, 0, 6, ("tactics",))
    assert (captain.pay_percent, captain.find_iq, captain.find_dice,
            captain.min_attributes_bonus, captain.requires_talents, captain.lifestyle) == (
        75, 0, 1, 7, ("literacy",), "middle")


def test_thief_factors_and_caps(catalogue: JobCatalogue) -> None:
    by_talent = {f.talent: f for f in catalogue.thief_factors if f.talent}
    assert by_talent["master_thief"].reduction == Fraction(3, 4)
    assert by_talent["master_thief"].pay == 3
    assert by_talent["assess_value"].reduction == 0
    assert by_talent["assess_value"].pay == 2
    ma_rows = [(f.ma_min, f.ma_max, f.reduction) for f in catalogue.thief_factors
               if not f.talent]
    assert ma_rows == [(14, None, 1), (12, 12, Fraction(1, 2)), (8, 8, Fraction(-1, 4)),
                       (None, 6, Fraction(-3, 4))]
    assert catalogue.thief_pay_cap == Fraction(1, 2)
    assert catalogue.thief_spell_reduction == Fraction(1, 4)
    caps = [catalogue.jobs[f"thief_{i}"].risk_cap for i in range(1, 7)]
    assert caps == [11, 12, 14, 15, 17, 18]


def test_wizard_ranks_chain(catalogue: JobCatalogue) -> None:
    ranks = sorted((j for j in catalogue.jobs.values() if j.family == "wizard"),
                   key=lambda j: j.rank)
    assert [j.rank for j in ranks] == list(range(1, 16))
    assert ranks[0].previous_rank == ""
    for before, after in pairwise(ranks):
        assert after.previous_rank == before.key
        assert after.requires["iq"] >= before.requires["iq"]
        assert after.requires["attributes"] > before.requires["attributes"]
    aid = [j.key for j in ranks if "aid" in j.requires.get("spells", [])]
    assert aid == ["neophyte", "zelator", "practicus", "philosophus", "dominus_liminus"]
    assert all(j.risk == (4, 17) and j.xp_week == 2 and j.damage_fail == "2x(2d+1)"
               and j.damage_save == "2d" and j.find == "" for j in ranks)


def test_every_dice_value_parses(catalogue: JobCatalogue) -> None:
    for job in catalogue.jobs.values():
        if job.find:
            parse_check(job.find)
        for text in (job.min_weeks, job.damage_fail, job.damage_save):
            if text:
                parse_roll(text)
        if job.pay_formula:
            parse_formula(job.pay_formula)


def test_every_reference_exists(catalogue: JobCatalogue, library: RulesLibrary) -> None:
    for job in catalogue.jobs.values():
        assert job.lifestyle in catalogue.lifestyles, job.key
        for key in job.requires.get("talents", []):
            assert key in library.talents, (job.key, key)
        for key in job.requires.get("spells", []):
            assert key in library.spells, (job.key, key)
        for bonus in job.pay_bonuses:
            assert bonus.talent in library.talents, (job.key, bonus.talent)
        if job.previous_rank:
            assert job.previous_rank in catalogue.jobs
    for officer in catalogue.officers.values():
        assert officer.lifestyle in catalogue.lifestyles
        assert all(t in library.talents for t in officer.requires_talents)
    for factor in catalogue.thief_factors:
        assert not factor.talent or factor.talent in library.talents, factor.talent
    for group in catalogue.talent_groups.values():
        assert all(t in library.talents for t in group)


def test_unset_values_are_missing_until_supplied(catalogue: JobCatalogue) -> None:
    field_names = {f.name for f in fields(Job)}
    for job in catalogue.jobs.values():
        assert set(job.unset) <= field_names, job.key
    assert catalogue.jobs["garrison"].missing == ("xp_week",)
    assert catalogue.jobs["war_1"].missing == ()
    assert catalogue.jobs["healer"].missing == ("pay_formula", "min_weeks")
    # requires is a mapping: an empty one is "no requirements", never "missing".
    assert "requires" not in catalogue.jobs["thief_1"].missing
    assert set(catalogue.jobs["thief_1"].missing) == {"risk", "damage_fail", "find",
                                                      "min_weeks", "pay"}


def test_lifestyles_and_their_period(catalogue: JobCatalogue) -> None:
    totals = {k: (ls.total, ls.level) for k, ls in catalogue.lifestyles.items()}
    assert totals == {"bare_subsistence": (15, 1), "poor": (30, 2), "low_middle": (45, 3),
                      "middle": (65, 4), "high_middle": (100, 5), "high": (140, 6),
                      "very_high": (200, 7)}
    assert catalogue.lifestyle_weeks == 4


def test_misc_pay(catalogue: JobCatalogue) -> None:
    assert catalogue.jobs["scribe"].pay_formula == "IQ/2"
    assert catalogue.jobs["sage"].pay_formula == "IQ*2"
    assert catalogue.jobs["chemist"].pay_formula == "15+DX"
    assert catalogue.jobs["master_healer"].pay_formula == "12+4d"
    assert [(b.talent, b.pay) for b in catalogue.jobs["chemist"].pay_bonuses] == [
        ("alchemy", 5)]
    assert catalogue.merchant["pay_percent"] == 25
    assert catalogue.merchant["pay_min_increase"] == 5


def test_the_survival_rules_are_read(catalogue: JobCatalogue) -> None:
    rules = catalogue.survival
    assert rules is not None
    assert (rules.target, rules.always_dies_on, rules.recovery_weeks,
            rules.recovery_dx) == (8, 2, 5, -5)
    assert rules.original_st == ((8, -1), (11, 0), (14, 1), (999, 2))


@pytest.mark.parametrize("breakage", [
    lambda d: d.pop("bonus_xp"),
    lambda d: d["bonus_xp"]["table"].append({"max_roll": "x", "times": 1}),
    lambda d: d["job"].append({"name": "No key"}),
    lambda d: d["job"][0].__setitem__("pay", "lots"),
    lambda d: d["job"][0].__setitem__("pay", True),
    lambda d: d["lifestyle"][0].pop("total"),
    lambda d: d["officer"].append({"name": "Major"}),
    lambda d: d["survival"].pop("target"),
    lambda d: d["job"][0].__setitem__("family", "pirate"),
])
def test_malformed_catalogue_is_refused(doc: dict[str, Any], breakage: Any) -> None:
    JobCatalogue.from_data(doc)  # the shipped document reads
    breakage(doc)
    with pytest.raises(RulesDataError):
        JobCatalogue.from_data(doc)


@pytest.mark.parametrize(("breakage", "named"), [
    (lambda d: d["merchant"].pop("pay_percent"), "pay_percent"),
    (lambda d: d["merchant"].pop("pay_min_increase"), "pay_min_increase"),
    (lambda d: d["mercenary_bonuses"].pop("wizard_spells_per_skill"),
     "wizard_spells_per_skill"),
    (lambda d: d["mercenary_bonuses"]["mounted"].pop("find_iq"), "mounted.find_iq"),
    (lambda d: d["mercenary_bonuses"]["flying_mount"].pop("find_dice"),
     "flying_mount.find_dice"),
    (lambda d: d.pop("own_lodging"), "own_lodging"),
    (lambda d: d["lifestyle_period"].pop("weeks"), "weeks"),
    (lambda d: d["thief_factors"].pop("pay_cap_fraction"), "pay_cap_fraction"),
    (lambda d: d["thief_factors"].pop("arrest_roll"), "arrest_roll"),
    (lambda d: d["job_week"].pop("risk_roll"), "risk_roll"),
    (lambda d: d.pop("rest"), "rest"),
])
def test_a_missing_table_value_is_a_data_error_naming_it(doc: dict[str, Any], breakage: Any,
                                                         named: str) -> None:
    """No table value is supplied by the code: leaving one out is reported, by name."""
    breakage(doc)
    with pytest.raises(RulesDataError, match=named):
        JobCatalogue.from_data(doc)


def test_the_week_s_rolls_and_lodging_are_data(catalogue: JobCatalogue) -> None:
    assert (catalogue.rolls.risk, catalogue.rolls.disaster) == ("3d", "3d")
    assert catalogue.rolls.disaster_attributes == ("ST", "DX", "IQ")
    assert catalogue.arrest_roll == "3d/IQ"
    assert catalogue.own_lodging_fraction == Fraction(1, 3)
    assert {j.family for j in catalogue.jobs.values()} == set(JobFamily)
