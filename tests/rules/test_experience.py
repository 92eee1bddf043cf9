"""Experience costs, what may be raised, and refused IQ reductions (rules core).

Melee, "IX. EXPERIENCE": "When a figure gets 100 EP, he/she may 'trade them
in' for one additional point" - flat 100, whatever the total.  In the
Labyrinth's rising cost is the Legacy table (../shared/rules/TFT-FACTS.md 1a),
keyed to the ST + DX + IQ total the point brings the character to; the
expansion counts SP "as normal attributes for most purposes including
calculating experience needed" (its "Skill Points" section).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.experience import (
    Attribute,
    WeekPoint,
    XPKind,
    attribute_total,
    entry_refusal,
    lowering_refusal,
    next_cost,
    progress,
    raise_refusal,
    raised,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile, XPCostScheme
from tftmanager.rules.xp_tables import CostStep, CostTables
from tftmanager.shipped import read_toml

pytestmark = pytest.mark.rules

MELEE = RuleProfile(xp_costs=XPCostScheme.MELEE_FLAT)
ITL = RuleProfile(xp_costs=XPCostScheme.ITL_RISING)


@pytest.fixture
def tables(library: RulesLibrary) -> CostTables:
    assert library.xp_costs is not None
    return library.xp_costs


def figure(total: int, *, sp: int = 0, race: str = "human") -> Character:
    """A figure whose ST + DX + IQ + SP is ``total`` (IQ 10 unless the total is small)."""
    iq, dx = (10, 10) if total - sp >= 28 else (6, 6)
    st = total - sp - iq - dx
    assert st >= 1
    return Character(name="Figure", race=race, st=st, dx=dx, iq=iq, sp=sp)


# --- the cost schemes -------------------------------------------------------

# The total a point brings the character to -> its cost (TFT-FACTS 1a).
ITL_TABLE = {
    20: 100, 30: 100, 31: 100, 32: 100, 33: 100, 34: 100,
    35: 200, 36: 300, 37: 600, 38: 1000, 39: 2000, 40: 4000, 41: 8000, 42: 16000,
}


@pytest.mark.parametrize(("reached", "cost"), sorted(ITL_TABLE.items()))
def test_itl_cost_by_the_total_reached(tables: CostTables, reached: int, cost: int) -> None:
    assert tables.itl_cost(reached) == cost
    character = figure(reached - 1)
    assert attribute_total(character) == reached - 1
    assert next_cost(character, tables, ITL) == cost


@pytest.mark.parametrize("total", [18, 24, 30, 32, 33, 34, 37, 41, 60])
def test_melee_cost_is_flat_100(tables: CostTables, total: int) -> None:
    assert next_cost(figure(total), tables, MELEE) == 100


def test_every_attribute_moves_the_total_alike(tables: CostTables) -> None:
    # Both schemes price ST, DX, IQ and SP alike: the cost is keyed to the total,
    # so whichever attribute is bought, the next point costs the same.
    character = Character(name="Sage", race="human", st=11, dx=12, iq=12, sp=0)  # 35
    assert next_cost(character, tables, ITL) == 300
    after = {next_cost(raised(character, a), tables, ITL) for a in Attribute}
    assert after == {600}


def test_a_halfling_at_30_pays_100(tables: CostTables) -> None:
    # Halflings start at 30 (TFT-FACTS 1b/5b): points up to 34 cost 100 each.
    halfling = Character(name="Pip", race="halfling", st=6, dx=14, iq=10)
    assert attribute_total(halfling) == 30
    assert next_cost(halfling, tables, ITL) == 100
    for _ in range(4):
        assert next_cost(halfling, tables, ITL) == 100
        halfling = raised(halfling, Attribute.DX)
    assert attribute_total(halfling) == 34
    assert next_cost(halfling, tables, ITL) == 200


def test_sp_counts_in_the_total(tables: CostTables) -> None:
    # Joe the Barbarian: ST 11, DX 12, IQ 9 (32) plus SP 1 -> total 33.
    joe = Character(name="Joe the Barbarian", race="human", st=11, dx=12, iq=9, sp=1)
    without = replace(joe, sp=0)
    assert attribute_total(joe) == 33
    assert next_cost(without, tables, ITL) == 100   # reaching 33
    assert next_cost(joe, tables, ITL) == 100       # reaching 34
    # One total higher, SP makes the difference between 100 and 200.
    joe_35 = replace(joe, st=12)
    assert next_cost(replace(joe_35, sp=0), tables, ITL) == 100
    assert next_cost(joe_35, tables, ITL) == 200
    # ... and between 1000 and 2000 further up.
    big = Character(name="Big", race="human", st=15, dx=12, iq=9, sp=2)
    assert attribute_total(big) == 38
    assert next_cost(replace(big, sp=1), tables, ITL) == 1000
    assert next_cost(big, tables, ITL) == 2000
    # Melee's flat cost ignores SP.
    assert next_cost(big, tables, MELEE) == next_cost(replace(big, sp=0), tables, MELEE) == 100


def test_cumulative_cost_from_32_matches_the_table(tables: CostTables) -> None:
    # TFT-FACTS 1a, third column: 33: 100, 34: 200, 35: 400 ... 42: 32,300.
    cumulative = {33: 100, 34: 200, 35: 400, 36: 700, 37: 1300, 38: 2300, 39: 4300,
                  40: 8300, 41: 16300, 42: 32300}
    character = Character(name="Hero", race="human", st=12, dx=12, iq=8)
    spent = 0
    for reached in range(33, 43):
        spent += next_cost(character, tables, ITL)
        character = raised(character, Attribute.ST)
        assert attribute_total(character) == reached
        assert spent == cumulative[reached], reached


def test_shipped_table_is_the_one_documented() -> None:
    tables = CostTables.from_data(read_toml("rules", "experience.toml"))
    assert tables.melee_cost == 100
    assert tables.itl_steps == (CostStep(34, 100), CostStep(35, 200), CostStep(36, 300),
                                CostStep(37, 600), CostStep(38, 1000))
    assert tables.double_after_last


def test_without_doubling_the_last_cost_holds() -> None:
    tables = CostTables(100, (CostStep(34, 100), CostStep(38, 1000)), double_after_last=False,
                        memory_cost=500, iq_per_sp=4)
    assert tables.itl_cost(34) == 100
    assert tables.itl_cost(35) == 1000
    assert tables.itl_cost(45) == 1000


def test_steps_are_read_in_any_order() -> None:
    doc = {"melee": {"cost": 100}, "memory": {"cost": 500}, "skill_points": {"iq_per_sp": 4},
           "itl": {"steps": [{"total": 36, "cost": 300}, {"total": 34, "cost": 100}],
                   "double_after_last": True}}
    tables = CostTables.from_data(doc)
    assert [s.total for s in tables.itl_steps] == [34, 36]
    assert tables.itl_cost(35) == 300


def _doc(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"melee": {"cost": 100}, "memory": {"cost": 500},
                           "skill_points": {"iq_per_sp": 4},
                           "itl": {"steps": [{"total": 34, "cost": 100}],
                                   "double_after_last": True}}
    doc.update(changes)
    return doc


@pytest.mark.parametrize("doc", [
    {},
    {"melee": {"cost": 100}},
    {"itl": {"steps": [{"total": 34, "cost": 100}]}},
    _doc(melee={}),
    _doc(melee={"cost": "lots"}),
    _doc(melee={"cost": 0}),
    _doc(melee={"cost": -100}),
    _doc(melee=100),
    _doc(itl={}),
    _doc(itl={"steps": []}),
    _doc(itl={"steps": [{"total": 34}]}),
    _doc(itl={"steps": [{"cost": 100}]}),
    _doc(itl={"steps": [{"total": "x", "cost": 100}]}),
    _doc(itl={"steps": [{"total": 34, "cost": 0}]}),
    _doc(itl={"steps": [{"total": 34, "cost": -5}]}),
    _doc(itl={"steps": [34, 100]}),
    _doc(itl={"steps": None}),
    _doc(itl=[]),
    _doc(memory={}),
    _doc(skill_points={}),
    _doc(skill_points={"iq_per_sp": 0}),
    _doc(itl={"steps": [{"total": 34, "cost": 100}]}),
], ids=repr)
def test_malformed_cost_tables_are_refused(doc: dict[str, Any]) -> None:
    with pytest.raises(RulesDataError):
        CostTables.from_data(doc)


# --- what may be raised -----------------------------------------------------


@pytest.mark.parametrize(("iq", "most_sp"), [(7, 1), (8, 2), (9, 2), (11, 2), (12, 3),
                                             (15, 3), (16, 4)])
def test_sp_cannot_exceed_iq_over_4(tables: CostTables, iq: int, most_sp: int) -> None:
    character = Character(name="Sage", race="human", st=10, dx=10, iq=iq, sp=most_sp - 1)
    assert raise_refusal(character, Attribute.SP, 10_000, tables, MELEE) == ""
    at_cap = replace(character, sp=most_sp)
    message = raise_refusal(at_cap, Attribute.SP, 10_000, tables, MELEE)
    assert message == (f"SP cannot exceed IQ/4 rounded down ({most_sp} for IQ {iq}).")
    # The cap is on SP only; the other attributes are still for sale.
    for attribute in (Attribute.ST, Attribute.DX, Attribute.IQ):
        assert raise_refusal(at_cap, attribute, 10_000, tables, MELEE) == ""


def test_joe_may_buy_his_second_sp_but_not_a_third(tables: CostTables) -> None:
    joe = Character(name="Joe the Barbarian", race="human", st=11, dx=12, iq=9, sp=1)
    assert raise_refusal(joe, Attribute.SP, 100, tables, ITL) == ""
    joe = raised(joe, Attribute.SP)
    assert (joe.sp, joe.bought_points) == (2, 1)
    assert "SP cannot exceed IQ/4" in raise_refusal(joe, Attribute.SP, 10_000, tables, ITL)
    # Raising IQ to 12 makes room for a third.
    smarter = replace(joe, iq=12)
    assert raise_refusal(smarter, Attribute.SP, 10_000, tables, ITL) == ""


def test_not_enough_xp(tables: CostTables) -> None:
    hero = Character(name="Wulf", race="human", st=14, dx=10, iq=8)
    assert raise_refusal(hero, Attribute.ST, 99, tables, MELEE) == "Needs 100 XP; Wulf has 99."
    assert raise_refusal(hero, Attribute.ST, 100, tables, MELEE) == ""
    assert raise_refusal(hero, Attribute.ST, -20, tables, MELEE) == "Needs 100 XP; Wulf has -20."
    rich = replace(hero, st=17)  # total 35: the next point (to 36) costs 300
    assert raise_refusal(rich, Attribute.DX, 299, tables, ITL) == "Needs 300 XP; Wulf has 299."
    assert raise_refusal(rich, Attribute.DX, 300, tables, ITL) == ""


@pytest.mark.parametrize(("attribute", "highest"), [
    (Attribute.ST, 300), (Attribute.DX, 100), (Attribute.IQ, 100),
])
def test_raises_stop_at_the_bounds_a_character_is_stored_within(
        tables: CostTables, attribute: Attribute, highest: int) -> None:
    # A raise must never make a character that editing or importing would refuse.
    values: dict[str, Any] = {attribute.value: highest - 1}
    hero = replace(Character(name="Titan", race="human", st=10, dx=10, iq=10), **values)
    assert raise_refusal(hero, attribute, 1_000_000, tables, MELEE) == ""
    at_top = raised(hero, attribute)
    message = raise_refusal(at_top, attribute, 1_000_000, tables, MELEE)
    assert message == f"{attribute.label} cannot go above {highest}."


def test_sp_tops_out_with_iq() -> None:
    sage = Character(name="Sage", race="human", st=10, dx=10, iq=100, sp=25)
    tables = CostTables(100, (CostStep(34, 100),), double_after_last=True, memory_cost=500,
                        iq_per_sp=4)
    assert "25 for IQ 100" in raise_refusal(sage, Attribute.SP, 10**6, tables, MELEE)


def test_bought_points_stop_at_500(tables: CostTables) -> None:
    veteran = Character(name="Old", race="human", st=40, dx=40, iq=40, bought_points=499)
    assert raise_refusal(veteran, Attribute.ST, 1_000_000, tables, MELEE) == ""
    message = raise_refusal(raised(veteran, Attribute.ST), Attribute.DX, 1_000_000, tables,
                            MELEE)
    assert message == "At most 500 points can be bought with experience."


def test_raised_adds_one_point_and_counts_it(tables: CostTables) -> None:
    hero = Character(name="Wulf", race="human", st=14, dx=10, iq=8, bought_points=2)
    for attribute in Attribute:
        after = raised(hero, attribute)
        assert getattr(after, attribute.value) == getattr(hero, attribute.value) + 1
        assert after.bought_points == 3
        others = [a for a in Attribute if a is not attribute]
        assert all(getattr(after, a.value) == getattr(hero, a.value) for a in others)
    assert [a.label for a in Attribute] == ["ST", "DX", "IQ", "SP"]


# --- refused IQ reductions ------------------------------------------------


def test_lowering_iq_below_four_times_sp(library: RulesLibrary) -> None:
    before = Character(name="Sage", race="human", st=10, dx=12, iq=9, sp=2)
    message = lowering_refusal(before, replace(before, iq=7), library, ITL)
    assert message == "IQ 7 allows at most 1 SP; Sage has 2."
    assert lowering_refusal(before, replace(before, iq=8), library, ITL) == ""


def test_lowering_iq_below_a_talents_iq_level(library: RulesLibrary) -> None:
    assert library.talents["tracking"].iq == 10
    before = Character(name="Scout", race="human", st=11, dx=11, iq=10,
                       talents=(KnownTalent("tracking"),))
    message = lowering_refusal(before, replace(before, iq=9), library, ITL)
    assert message == "IQ 9 is below the IQ level of Tracking."


def test_lowering_iq_below_a_spells_iq_level(library: RulesLibrary) -> None:
    key, spell = next((k, s) for k, s in sorted(library.spells.items()) if s.iq == 9)
    before = Character(name="Mage", race="human", st=10, dx=12, iq=9, spells=(key,))
    message = lowering_refusal(before, replace(before, iq=8), library, ITL)
    assert message == f"IQ 8 is below the IQ level of {spell.name}."


def test_lowering_iq_below_memory_need(library: RulesLibrary) -> None:
    # Ten points of IQ 7-8 talents fill IQ 10's memory exactly.
    talents = tuple(KnownTalent(k) for k in ("sword", "axe_mace", "bow", "pole_weapons",
                                             "shield", "knife"))
    assert sum(library.talents[t.key].cost for t in talents) == 10
    before = Character(name="Mule", race="human", st=12, dx=10, iq=10, talents=talents)
    message = lowering_refusal(before, replace(before, iq=9), library, ITL)
    assert message == "IQ 9 leaves memory for 9 points; talents and spells use 10."


def test_lowering_iq_that_nothing_needs_is_allowed(library: RulesLibrary) -> None:
    before = Character(name="Ragnar", race="human", st=11, dx=13, iq=12, sp=1,
                       talents=(KnownTalent("pole_weapons"), KnownTalent("shield")))
    assert lowering_refusal(before, replace(before, iq=8), library, ITL) == ""
    # Raising IQ, or leaving it, is never refused here.
    odd = Character(name="Odd", race="human", st=10, dx=10, iq=6, sp=3)
    assert lowering_refusal(odd, replace(odd, iq=7), library, ITL) == ""
    assert lowering_refusal(odd, replace(odd, st=9), library, ITL) == ""


# --- ledger entries -------------------------------------------------------


@pytest.mark.parametrize(("amount", "kind", "words"), [
    (0, XPKind.AWARD, "must not be 0"),
    (0, XPKind.CORRECTION, "must not be 0"),
    (-5, XPKind.AWARD, "correction"),
    (-5, XPKind.JOB, "correction"),
    (1_000_001, XPKind.AWARD, "at most 1,000,000"),
    (-1_000_001, XPKind.CORRECTION, "at most 1,000,000"),
    (True, XPKind.AWARD, "whole number"),
    (2.5, XPKind.AWARD, "whole number"),
])
def test_entry_refusals(amount: Any, kind: XPKind, words: str) -> None:
    assert words in entry_refusal(amount, kind)


@pytest.mark.parametrize(("amount", "kind"), [
    (500, XPKind.AWARD), (1_000_000, XPKind.AWARD), (-10, XPKind.COMBAT),
    (-5, XPKind.CORRECTION), (-300, XPKind.SPEND), (40, XPKind.JOB),
])
def test_entries_accepted(amount: int, kind: XPKind) -> None:
    assert entry_refusal(amount, kind) == ""


# --- progress ---------------------------------------------------------------


def test_progress_works_the_totals_back_from_today() -> None:
    # Week 1: +500; week 2: ST bought (-100); week 4: +200, DX and IQ bought;
    # week 5: a correction.  Today's total is 35 (32 + 3 bought).
    entries = [(1, 500, ""), (2, -100, "st"), (4, 200, ""), (4, -100, "dx"),
               (4, -200, "iq"), (5, -50, "")]
    assert progress(35, entries) == [
        WeekPoint(1, 500, 32),
        WeekPoint(2, 400, 33),
        WeekPoint(4, 300, 35),
        WeekPoint(5, 250, 35),
    ]


def test_progress_out_of_order_weeks_and_no_entries() -> None:
    assert progress(32, []) == []
    # Entries are summed by week, whatever order they were recorded in.
    points = progress(33, [(3, 100, ""), (1, 100, ""), (3, -100, "sp")])
    assert points == [WeekPoint(1, 100, 32), WeekPoint(3, 100, 33)]


def test_the_sp_cap_is_the_library_s(tables: CostTables) -> None:
    """A GM who allows IQ/3 SP lets an IQ 9 figure buy a third SP, and says so when refused."""
    house = replace(tables, iq_per_sp=3)
    sage = Character(name="Sage", race="human", st=10, dx=10, iq=9, sp=2)
    assert raise_refusal(sage, Attribute.SP, 10_000, house, MELEE) == ""
    assert raise_refusal(replace(sage, sp=3), Attribute.SP, 10_000, house, MELEE) == (
        "SP cannot exceed IQ/3 rounded down (3 for IQ 9).")
