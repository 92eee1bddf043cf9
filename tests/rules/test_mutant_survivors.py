"""Behaviour a seeded sample of mutants of the rules core changed without a failing test.

``scripts/mutants.py`` (run by ``make soak``) changes one token of
``tftmanager/rules`` at a time; each test here pins down a behaviour that one
of the survivors the issue lists changed unnoticed.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.derived import derive
from tftmanager.rules.dice_expr import Dice
from tftmanager.rules.experience import WeekPoint, lowering_refusal
from tftmanager.rules.injury import InjuryBand, InjuryTable, InjuryThresholds
from tftmanager.rules.items import Item, ItemKind, ItemState, Mount
from tftmanager.rules.job_week import JobWeek, weekly_pay
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.money import EARNING, SPENDING, MoneyKind, signed_amount
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import CreationScheme, InjuryReactions, RuleProfile
from tftmanager.rules.validation import validate
from tftmanager.rules.xp_tables import MemoryCosts
from tftmanager.shipped import rules_documents, shipped_library

pytestmark = pytest.mark.rules

LIBRARY = shipped_library()
assert LIBRARY.jobs is not None
CATALOGUE = LIBRARY.jobs
ITL = RuleProfile(creation=CreationScheme.ITL)


# --- money.signed_amount ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(EARNING, key=lambda k: k.value))
def test_earnings_keep_their_sign(kind: MoneyKind) -> None:
    assert signed_amount(40, kind) == 40


@pytest.mark.parametrize("kind", sorted(SPENDING, key=lambda k: k.value))
def test_spending_takes_money_away_whatever_sign_was_typed(kind: MoneyKind) -> None:
    assert signed_amount(40, kind) == -40
    assert signed_amount(-40, kind) == -40


def test_a_correction_keeps_the_sign_typed() -> None:
    assert signed_amount(-15, MoneyKind.CORRECTION) == -15
    assert signed_amount(15, MoneyKind.CORRECTION) == 15


# --- an officer's raise of base and maximum pay -----------------------------------------------


def _pay(job_pay: int, pay_max: int | None, officer: str, **values: Any) -> int:
    job = replace(CATALOGUE.jobs["garrison"], pay=job_pay, pay_max=pay_max)
    character = Character(name="Sarge", race="human", **({"st": 11, "dx": 11, "iq": 10}
                                                         | values))
    week = JobWeek(character.name, job.name)
    return weekly_pay(character, derive(character, LIBRARY, ITL), job,
                      Assignment("garrison", officer=officer, found=True), CATALOGUE,
                      Dice(random.Random(1)), week)


@pytest.mark.parametrize(("officer", "percent"), [("sergeant", 25), ("lieutenant", 50),
                                                  ("captain", 75)])
def test_an_officer_raises_base_and_cap_by_exactly_their_percent(officer: str,
                                                                 percent: int) -> None:
    assert CATALOGUE.officers[officer].pay_percent == percent
    # No bonuses: the raised base is exactly +percent of 100.
    assert _pay(100, None, officer) == 100 + percent
    # A strong figure's bonuses are capped at the raised maximum, to the dollar.
    assert _pay(100, 100, officer, st=20, dx=16) == 100 + percent


# --- the injury table past its last band -------------------------------------------------------


def test_two_bands_extend_by_their_own_step() -> None:
    table = InjuryTable(InjuryThresholds(5, 8), (InjuryBand(1, 19, 5, 8),
                                                  InjuryBand(20, 29, 7, 12)), 3, -3)
    house = InjuryReactions.HOUSE_BY_ST
    assert table.thresholds(25, house) == InjuryThresholds(7, 12)
    assert table.thresholds(35, house) == InjuryThresholds(9, 16, assumed=True)
    assert table.thresholds(45, house) == InjuryThresholds(11, 20, assumed=True)


def test_one_band_repeats_past_its_end() -> None:
    table = InjuryTable(InjuryThresholds(5, 8), (InjuryBand(1, 19, 5, 8),), 3, -3)
    assert table.thresholds(40, InjuryReactions.HOUSE_BY_ST) == InjuryThresholds(
        5, 8, assumed=True)


# --- lowering IQ ----------------------------------------------------------------------------


def test_lowering_iq_to_leave_memory_exactly_full_is_allowed() -> None:
    talents = tuple(KnownTalent(k) for k in ("sword", "axe_mace", "bow", "pole_weapons",
                                             "knife"))
    used = sum(LIBRARY.talents[t.key].cost for t in talents)
    before = Character(name="Full", race="human", st=12, dx=10, iq=used + 1, talents=talents)
    assert lowering_refusal(before, replace(before, iq=used), LIBRARY, ITL) == ""
    assert lowering_refusal(before, replace(before, iq=used - 1), LIBRARY, ITL) != ""


# --- values the library and the editor refuse --------------------------------------------------


def _build(docs: dict[str, Any]) -> RulesLibrary:
    return RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"],
        injury=docs["injury"], talents=docs["talents"], spells=docs["spells"])


@pytest.mark.parametrize("weight", [True, False, -1, -0.5, "3"])
def test_a_weight_that_is_not_a_number_of_kg_is_refused(weight: object) -> None:
    docs = copy.deepcopy(rules_documents())
    docs["weapons"]["weapon"][0]["weight_kg"] = weight
    with pytest.raises(RulesDataError, match="weight_kg"):
        _build(docs)


@pytest.mark.parametrize(("category", "ok"), [(0, False), (1, True), (5, True), (6, False)])
def test_learning_categories_run_from_1_to_5(category: int, ok: bool) -> None:
    docs = copy.deepcopy(rules_documents())
    docs["talents"]["talent"][0]["category"] = category
    if ok:
        _build(docs)
    else:
        with pytest.raises(RulesDataError, match="category must be 1 to 5"):
            _build(docs)


HERO = Character(name="Hero", race="human", st=12, dx=12, iq=8)


@pytest.mark.parametrize(("weeks", "ok"), [(0, True), (52, True), (53, False), (-1, False)])
def test_recovery_weeks_run_from_0_to_52(weeks: int, ok: bool) -> None:
    character = replace(HERO, recovery_weeks=weeks)
    if ok:
        check_input(character)
    else:
        with pytest.raises(InputError, match="recovery 0-52"):
            check_input(character)


@pytest.mark.parametrize(("st", "dx", "ma", "ok"), [
    (300, 100, 100, True), (1, 1, 1, True), (301, 10, 10, False), (30, 101, 10, False),
    (30, 0, 10, False), (30, 10, 101, False), (0, 10, 10, False)])
def test_a_mount_needs_st_dx_and_ma_in_range(st: int, dx: int, ma: int, ok: bool) -> None:
    character = replace(HERO, mount=Mount("Bess", st, dx, ma))
    if ok:
        check_input(character)
    else:
        with pytest.raises(InputError, match="ST 1-300, DX 1-100 and MA 1-100"):
            check_input(character)


def test_a_magic_item_priced_per_point_has_no_fixed_cost() -> None:
    rods = [m for m in LIBRARY.magic_items.values() if m.cost_per_point is not None]
    assert rods, "the expansion's rods are priced per point"
    assert all(m.cost is None for m in rods)
    fixed = [m for m in LIBRARY.magic_items.values() if m.cost_per_point is None]
    assert all(m.cost is not None and m.cost >= 1000 for m in fixed)


# --- found by `make soak`'s sample (seed 13) ----------------------------------------------------


def test_memory_costs_of_zero_are_allowed_and_negative_ones_refused() -> None:
    base = {"spell": 1, "hero_spell": 3, "wizard_talent_times": 2, "capacity_per_sp": 2}
    assert MemoryCosts.from_data({**base, "capacity_per_sp": 0}).capacity_per_sp == 0
    assert MemoryCosts.from_data({**base, "spell": 0}).spell == 0
    with pytest.raises(RulesDataError, match="must not be negative"):
        MemoryCosts.from_data({**base, "hero_spell": -1})


def test_a_week_point_is_a_value() -> None:
    point = WeekPoint(week=1, xp_balance=10, attribute_total=32)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.week = 2  # type: ignore[misc]
    assert point == WeekPoint(1, 10, 32) and len({point, WeekPoint(1, 10, 32)}) == 1


# --- worn armor with no record in the library ---------------------------------------------------


def test_unknown_armor_worn_is_reported_once_at_the_armor_field() -> None:
    worn = replace(HERO, items=outfit(armor="mithril_coat"))
    problems = validate(worn, LIBRARY, ITL)
    assert [(p.field, p.message) for p in problems if p.field in ("armor", "items")] == [
        ("armor", "'mithril_coat' is not armor in this campaign.")]
    assert derive(worn, LIBRARY, ITL).hits_stopped == 0


def test_unknown_armor_in_storage_is_reported_as_a_possession() -> None:
    stored = replace(HERO, items=(Item(ItemKind.ARMOR, "mithril_coat", ItemState.STORED),))
    problems = validate(stored, LIBRARY, ITL)
    assert [(p.field, p.item) for p in problems if p.field in ("armor", "items")] == [
        ("items", "mithril_coat")]


def test_worn_armor_without_wear_rules_still_stops_its_hits() -> None:
    worn = replace(HERO, items=outfit(armor="chainmail"))
    bare = replace(LIBRARY, equipment_rules=None)
    shown = derive(worn, bare, ITL)
    assert (shown.hits_stopped, shown.armor_condition) == (LIBRARY.armors["chainmail"].stops,
                                                           None)
