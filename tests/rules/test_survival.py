"""Death and dying: the survival roll, each modifier, and its exact chance."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.survival import (
    Helper,
    Situation,
    SurvivalRules,
    can_survive,
    chance,
    modifiers,
    resolve,
)

pytestmark = pytest.mark.rules


@pytest.fixture
def rules(library: RulesLibrary) -> SurvivalRules:
    assert library.jobs is not None and library.jobs.survival is not None
    return library.jobs.survival


def total(situation: Situation, rules: SurvivalRules) -> int:
    return sum(m.amount for m in modifiers(situation, rules))


def exact(modifier: int) -> Fraction:
    """P(2d + modifier >= 8 and 2d != 2), by enumerating the 36 outcomes."""
    wins = sum(1 for a, b in product(range(1, 7), repeat=2)
               if a + b != 2 and a + b + modifier >= 8)
    return Fraction(wins, 36)


BASE = Situation(st_now=0, original_st=10)  # no modifier at all


def test_the_plain_roll(rules: SurvivalRules) -> None:
    assert modifiers(BASE, rules) == []
    assert chance(BASE, rules) == Fraction(15, 36)
    assert resolve((4, 4), BASE, rules).survives
    assert not resolve((3, 4), BASE, rules).survives
    assert resolve((3, 4), BASE, rules).total == 7


@pytest.mark.parametrize(("situation", "modifier"), [
    (replace(BASE, st_now=-1, helper=Helper.FIRST_AID), -1 + 1),
    (replace(BASE, st_now=-3, helper=Helper.PHYSICKER), -3 + 2),
    (replace(BASE, helper=Helper.PHYSICKER), 2),
    (replace(BASE, helper=Helper.MASTER), 3),
    (replace(BASE, helper=Helper.FIRST_AID), 1),
    (replace(BASE, helper=Helper.PHYSICKER, second_helper=Helper.PHYSICKER), 3),
    (replace(BASE, helper=Helper.PHYSICKER, second_helper=Helper.MASTER), 4),
    (replace(BASE, helper=Helper.MASTER, second_helper=Helper.MASTER), 5),
    (replace(BASE, helper=Helper.FIRST_AID, second_helper=Helper.FIRST_AID), 1),
    (replace(BASE, second_helper=Helper.MASTER), 0),  # no second without a first
    (replace(BASE, potions=1), 0),
    (replace(BASE, potions=2), 1),
    (replace(BASE, potions=3), 1),
    (replace(BASE, potions=4), 2),
    (replace(BASE, potions=9), 2),     # at most 4 potions count
    (replace(BASE, minutes_unhelped=1), -1),
    (replace(BASE, minutes_unhelped=4), -4),
    (replace(BASE, original_st=1), -1),
    (replace(BASE, original_st=8), -1),
    (replace(BASE, original_st=9), 0),
    (replace(BASE, original_st=11), 0),
    (replace(BASE, original_st=12), 1),
    (replace(BASE, original_st=14), 1),
    (replace(BASE, original_st=15), 2),
    (replace(BASE, original_st=40), 2),
    (Situation(st_now=-2, original_st=16, helper=Helper.MASTER,
               second_helper=Helper.PHYSICKER, potions=4, minutes_unhelped=3),
     -2 + 3 + 1 + 2 - 3 + 2),
])
def test_each_modifier(rules: SurvivalRules, situation: Situation, modifier: int) -> None:
    assert total(situation, rules) == modifier
    assert all(m.amount and m.reason for m in modifiers(situation, rules))
    assert chance(situation, rules) == exact(modifier)


def test_modifiers_say_why(rules: SurvivalRules) -> None:
    situation = Situation(st_now=-2, original_st=7, helper=Helper.PHYSICKER,
                          second_helper=Helper.MASTER, potions=2, minutes_unhelped=1)
    reasons = [(m.reason, m.amount) for m in modifiers(situation, rules)]
    assert reasons == [("2 ST below 0", -2), ("helped by physicker", 2),
                       ("a second master physicker", 2), ("2 healing potions", 1),
                       ("1 minutes unhelped", -1), ("original ST 7", -1)]


def test_a_natural_two_always_dies(rules: SurvivalRules) -> None:
    blessed = Situation(st_now=0, original_st=20, helper=Helper.MASTER,
                        second_helper=Helper.MASTER, potions=4)
    assert total(blessed, rules) == 3 + 2 + 2 + 2
    outcome = resolve((1, 1), blessed, rules)
    assert outcome.total == 11
    assert not outcome.survives
    assert all(resolve((a, b), blessed, rules).survives
               for a, b in product(range(1, 7), repeat=2) if a + b != 2)
    assert chance(blessed, rules) == Fraction(35, 36)


def test_hopeless_modifiers_never_survive(rules: SurvivalRules) -> None:
    doomed = Situation(st_now=-5, original_st=5, helper=Helper.FIRST_AID,
                       minutes_unhelped=3)
    assert total(doomed, rules) == -5 + 1 - 3 - 1
    assert chance(doomed, rules) == 0
    assert not resolve((6, 6), doomed, rules).survives


def test_below_zero_needs_a_helper(rules: SurvivalRules) -> None:
    alone = Situation(st_now=-1, original_st=15, potions=4)
    assert can_survive(alone)
    assert chance(alone, rules) == 0
    assert not resolve((6, 6), alone, rules).survives
    helped = replace(alone, helper=Helper.FIRST_AID)
    assert can_survive(helped) == ""
    assert chance(helped, rules) == exact(-1 + 1 + 2 + 2)


def test_zero_st_may_survive_alone(rules: SurvivalRules) -> None:
    assert can_survive(BASE) == ""
    assert chance(replace(BASE, original_st=15), rules) == exact(2) == Fraction(26, 36)


def test_not_dying_is_no_roll(rules: SurvivalRules) -> None:
    well = Situation(st_now=3, original_st=10)
    assert "not dying" in can_survive(well)
    assert chance(well, rules) == 0


@pytest.mark.parametrize(("modifier", "fraction"), [
    (0, Fraction(15, 36)), (1, Fraction(21, 36)), (2, Fraction(26, 36)),
    (-1, Fraction(10, 36)), (5, Fraction(35, 36)), (6, Fraction(35, 36)),
    (-4, Fraction(1, 36)), (-5, Fraction(0)),
])
def test_chance_is_exact(rules: SurvivalRules, modifier: int, fraction: Fraction) -> None:
    # Build the modifier from helpers and potions on 0 ST, original ST 10.
    situation = BASE
    if modifier > 0:
        situation = replace(BASE, potions=min(4, 2 * modifier),
                            original_st=15 if modifier > 2 else 10,
                            helper=Helper.MASTER if modifier > 4 else Helper.NONE)
        situation = replace(situation, minutes_unhelped=total(situation, rules) - modifier)
    elif modifier < 0:
        situation = replace(BASE, minutes_unhelped=-modifier)
    assert total(situation, rules) == modifier
    assert chance(situation, rules) == fraction


def test_resolve_agrees_with_chance(rules: SurvivalRules) -> None:
    for situation in (BASE, replace(BASE, helper=Helper.PHYSICKER, minutes_unhelped=3),
                      Situation(st_now=-2, original_st=13, helper=Helper.MASTER)):
        wins = sum(resolve((a, b), situation, rules).survives
                   for a, b in product(range(1, 7), repeat=2))
        assert Fraction(wins, 36) == chance(situation, rules)
