"""A fight's numbers come from the rules data: an edit of ``injury.toml`` changes the fight."""

from __future__ import annotations

import copy
from typing import Any

from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import Attack, Figure
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import read_toml

from .test_encounter import Table


def _injury() -> dict[str, Any]:
    return read_toml("rules", "injury.toml")


def test_a_figures_own_numbers_are_melees(library: RulesLibrary) -> None:
    """003: "If a figure takes 5 hits in a single turn, it is at -2 DX next turn ... 8 hits
    in a single turn, it falls down" and "Any figure whose ST is reduced to 3 or less has an
    extra -3 DX".  A figure built outside a campaign (the tests') starts with the shipped
    [melee] and [low_st]; the application always sets them from the campaign's library."""
    bare = Figure(fid="", name="Bare", side="A", st=10, dx=10)
    melee, injury = library.injury.melee, library.injury
    assert (bare.dx_penalty_hits, bare.knockdown_hits) == (melee.dx_penalty_hits,
                                                           melee.knockdown_hits)
    assert (bare.low_st_max, bare.low_st_dx) == (injury.low_st_max, injury.low_st_dx)
    assert bare.dx_penalty == library.combat_rules().dx_penalty
    assert Attack("Bow", "1d").fast_shots == library.weapons["longbow"].fast_shots


def test_practice_numbers_are_data() -> None:
    """003 line 489: "All weapons are blunted and do 1/2 damage. A figure drops out when its
    ST goes to 3 or less."  A GM's house rule of 1/3 damage and out at ST 5 is an edit."""
    doc = _injury()
    house = copy.deepcopy(doc)
    house["practice"].update(damage_divisor=3, out_st=5)
    for data, hits, out_st in ((doc, 4, 3), (house, 3, 5)):
        rules = CombatRules.from_data(data)
        fight = Encounter("Drill", combat="practice")
        fight.add(Figure(fid="", name="A", side="A", st=12, dx=12,
                         attacks=[Attack("Club", "2d")]))
        target = fight.add(Figure(fid="", name="B", side="B", st=12, dx=12))
        fight.attack("A", "B", Table([8, 9]), rules)  # 2d rolls 9, blunted
        assert target.wounds == 9 // rules.practice.damage_divisor == hits
        assert rules.practice.out_st == out_st


def test_flesh_spells_and_the_horseman_are_data() -> None:
    """004's half-stop for "Stone or Iron Flesh" and 000's "2 Hex Horseman" row are read from
    [flesh_spells], [critical] and [heights]: a GM's Diamond Flesh is one more row."""
    doc = _injury()
    doc["flesh_spells"]["diamond_flesh"] = {"name": "Diamond Flesh", "stops": 10}
    rules = CombatRules.from_data(doc)
    assert rules.flesh_spells["diamond_flesh"].stops == 10
    assert rules.critical.stops("spell", 10) == 10 // rules.critical.halved_divisor
    assert rules.falls.stopped_by.count("spell") == 1
