"""A week's wounds, status and fatigue change no derived figure, so they are carried, not redone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules import derived
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import carry_figures, derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile

pytestmark = pytest.mark.rules

FIGHTER = Character(name="Fighter", race="human", st=12, dx=13, iq=9,
                    items=outfit(armor="chainmail", shield="small_shield",
                                 weapons=("broadsword", "dagger"), ready_weapon="broadsword"),
                    talents=(KnownTalent("sword"), KnownTalent("running")))


@pytest.mark.parametrize("change", [{"wounds": 5}, {"status": Status.DYING},
                                    {"fatigue": 3}, {"wounds": 9, "status": Status.ARRESTED}])
def test_the_fields_a_week_changes_leave_the_figures_as_they_were(
        library: RulesLibrary, change: dict[str, object]) -> None:
    profile = RuleProfile()
    after = replace(FIGHTER, **change)
    assert derived._derive(after, library, profile) == derived._derive(FIGHTER, library, profile)
    before = derive(FIGHTER, library, profile)
    carry_figures(FIGHTER, after, library, profile)
    assert derive(after, library, profile) is before


@pytest.mark.parametrize("change", [{"dx": 14}, {"recovery_weeks": 2},
                                    {"talents": (KnownTalent("sword"),)}])
def test_a_change_the_figures_read_is_worked_out_again(
        library: RulesLibrary, change: dict[str, object]) -> None:
    profile = RuleProfile()
    after = replace(FIGHTER, **change)
    derive(FIGHTER, library, profile)
    carry_figures(FIGHTER, after, library, profile)
    assert derive(after, library, profile) == derived._derive(after, library, profile)
    assert derive(after, library, profile) != derive(FIGHTER, library, profile)
