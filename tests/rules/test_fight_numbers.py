"""A fight's numbers come from the rules data: an edit of ``injury.toml`` changes the fight."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import Attack
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.library import RulesLibrary
from tftmanager.shipped import read_toml

from .fight_figures import figure
from .test_encounter import Table


def _injury() -> dict[str, Any]:
    return read_toml("rules", "injury.toml")


def test_a_saved_figure_lacking_newer_numbers_reads_them_from_the_data(
        library: RulesLibrary) -> None:
    """003: "If a figure takes 5 hits in a single turn, it is at -2 DX next turn" and the bow's
    "2 shots/turn".  No figure has these as numbers in the code: a fight saved before the -2
    and a bow's shots a turn were stored reads them from the campaign's data, so a GM's edit
    of the data (a -3 house penalty, a bow of 3 shots) reaches the old fight too."""
    from tftmanager.rules.new_figures import saved_defaults

    stored = figure(fid="F1", name="Archer", side="A", st=10, dx=15, attacks=[
        Attack("Longbow", "1d+2", "longbow", missile=True, twice_at_dx=18)]).to_dict()
    del stored["dx_penalty"], stored["attacks"][0]["fast_shots"]
    shipped = Encounter.from_dict({"name": "Old", "figures": [stored]},
                                  saved_defaults(library)).figures[0]
    assert shipped.dx_penalty == library.combat_rules().dx_penalty
    assert shipped.attacks[0].fast_shots == library.weapons["longbow"].fast_shots
    doc = _injury()
    doc["melee"]["dx_penalty"] = -3
    edited = dataclasses.replace(library, combat=CombatRules.from_data(doc), weapons={
        **library.weapons, "longbow": dataclasses.replace(library.weapons["longbow"],
                                                          fast_shots=3)})
    house = Encounter.from_dict({"name": "Old", "figures": [stored]},
                                saved_defaults(edited)).figures[0]
    assert (house.dx_penalty, house.attacks[0].fast_shots) == (-3, 3)


def test_practice_numbers_are_data() -> None:
    """003 line 489: "All weapons are blunted and do 1/2 damage. A figure drops out when its
    ST goes to 3 or less."  A GM's house rule of 1/3 damage and out at ST 5 is an edit."""
    doc = _injury()
    house = copy.deepcopy(doc)
    house["practice"].update(damage_divisor=3, out_st=5)
    for data, hits, out_st in ((doc, 4, 3), (house, 3, 5)):
        rules = CombatRules.from_data(data)
        fight = Encounter("Drill", combat="practice")
        fight.add(figure(fid="", name="A", side="A", st=12, dx=12,
                         attacks=[Attack("Club", "2d")]))
        target = fight.add(figure(fid="", name="B", side="B", st=12, dx=12))
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


def test_a_weapon_without_a_rate_in_its_data_fires_once_a_turn(library: RulesLibrary) -> None:
    """003: a bow fires "2 shots/turn" because its row says so; a weapon whose data gives no
    shots a turn (a GM's new weapon with only a fast DX, or an unknown one in an old save)
    fires once, and the second shot is refused with the reason."""
    from tftmanager.rules.encounter import EncounterRefused
    from tftmanager.rules.new_figures import saved_defaults

    rules = library.combat_rules()
    sling = Attack("Sling", "1d", missile=True, twice_at_dx=12)
    stored = figure(fid="F1", name="Slinger", side="A", st=10, dx=14,
                    attacks=[Attack("Sling", "1d", "gm_sling", missile=True,
                                    twice_at_dx=12)]).to_dict()
    del stored["attacks"][0]["fast_shots"]
    old = Encounter.from_dict({"name": "Old", "figures": [stored]}, saved_defaults(library))
    assert sling.fast_shots == old.figures[0].attacks[0].fast_shots == 1
    fight = Encounter("Range")
    fight.add(figure(fid="", name="Slinger", side="A", st=10, dx=14, attacks=[sling]))
    fight.add(figure(fid="", name="Post", side="B", st=10, dx=8))
    fight.attack("Slinger", "Post", Table([16]), rules)  # a miss
    fight.hit("Slinger", 0, rules, by="Post")
    with pytest.raises(EncounterRefused, match="fires 1 at most"):
        fight.attack("Slinger", "Post", Table([]), rules, second_shot=True)


def test_the_most_hits_a_blow_may_have_is_accepted() -> None:
    """[limits] most_hits bounds a typed blow (our assumption, marked): that many is accepted,
    one more is refused with the number."""
    rules = CombatRules.from_data(_injury())
    most = rules.limits.most_hits
    assert rules.hit_limit_refusal(most) == ""
    assert f"{most + 1} hits is more than any blow" in rules.hit_limit_refusal(most + 1)
