"""Hand-to-hand combat's brawls: whom a figure in HTH may attack (issue 37, options (p)-(r))."""

from __future__ import annotations

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_tracker import Do, Offer, next_step
from tftmanager.rules.library import RulesLibrary

from .test_encounter import Table
from .test_encounter_options_37 import _man


def test_a_figure_in_hth_attacks_only_its_brawls_foes(library: RulesLibrary) -> None:
    """003 line 403: "Figures on the ground in HTH combat can ONLY attack the enemies they
    are in HTH combat with."."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    for name, side in (("Ann", "A"), ("Bob", "B"), ("Dan", "A"), ("Cid", "B")):
        fight.add(_man(library, name, side))
    for attacker, target in (("Ann", "Bob"), ("Dan", "Cid")):  # two brawls
        fight.choose_option(attacker, "m", rules)
        fight.attack(attacker, target, Table([1, 16]), rules)
    fight.next_turn()
    fight.roll_initiative(Table([2, 5]), rules)  # side B moves first
    fight.choose_option("Bob", "p", rules)
    fight.choose_option("Cid", "p", rules)
    with pytest.raises(EncounterRefused, match="Cid is in HTH combat with Dan and can only "
                                               "attack them, not Ann"):
        fight.attack("Cid", "Ann", Table([10, 3]), rules)
    fight.choose_option("Ann", "p", rules)
    fight.choose_option("Dan", "p", rules)
    fight.order_attacks(Table([1, 2, 3, 6]), rules)  # all at 12: Cid's 6 first
    assert {(o.figure, o.target) for o in _offers_of(fight, rules, "F4")} == {("F4", "F3")}
    # the tracker offers Cid its own brawl's foe, Dan, alone
    fight.hit("Dan", 30, rules)  # Dan is dead: Cid's brawl is over
    fight.attack("Cid", "Ann", Table([10, 6]), rules)  # bare hands, same ST: 1d-3
    assert fight.figure("Ann").wounds == 3


def _offers_of(fight: Encounter, rules: CombatRules, fid: str) -> list[Offer]:
    """The attacks the tracker offers ``fid`` when its turn to attack comes."""
    step = next_step(fight, rules)
    assert step.figure == fid, step
    return [o for o in step.offers if o.do is Do.ATTACK]


def test_disengaging_counts_only_its_own_brawls_foes(library: RulesLibrary) -> None:
    """003 line 421: "If its DX is superior to the enemy's, it needs a 1, 2, or 3; if ...
    there are more than one enemies, it needs a 1": the enemies it is in HTH with, not
    those of a brawl beside it."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    for name, side in (("Ann", "A"), ("Bob", "B"), ("Dan", "A"), ("Cid", "B")):
        fight.add(_man(library, name, side))
    for attacker, target in (("Ann", "Bob"), ("Dan", "Cid")):
        fight.choose_option(attacker, "m", rules)
        fight.attack(attacker, target, Table([1, 16]), rules)
    fight.next_turn()
    fight.figure("Ann").dx = 13  # above Bob's 12
    fight.act("Ann", "r", Table([3]), rules)
    assert not fight.figure("Ann").in_hth and not fight.figure("Bob").in_hth
    assert fight.figure("Cid").in_hth and fight.figure("Dan").in_hth
