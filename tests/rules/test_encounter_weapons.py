"""One weapon model in a fight: ready, readying, dropped, thrown, slung, in two hands (issue 37).

Each test quotes the line of Melee (003) or the expansion (001) it plays.
"""

from __future__ import annotations

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_ending import _dropped
from tftmanager.rules.encounter_figure import Attack, Figure, Protection
from tftmanager.rules.encounter_rules import HitResult
from tftmanager.rules.equipment import Weapon
from tftmanager.rules.library import RulesLibrary

from .fight_figures import figure, saved
from .test_encounter import Table, wulf


def _arm(weapon: Weapon, *, mode: str = "") -> Attack:
    """A weapon as a party character's figure strikes with it (a mode is a suffix)."""
    missile, thrown = mode == "missile", mode == "thrown"
    return Attack(weapon.name + (f" ({mode})" if mode else ""), str(weapon.damage), weapon.key,
                  missile=missile, thrown=thrown, weapon=weapon.name,
                  twice_at_dx=weapon.second_shot_dx if missile else None,
                  fast_shots=weapon.fast_shots, two_handed=weapon.two_handed)


def _robin(library: RulesLibrary) -> Figure:
    """A party archer: her longbow is 'Longbow (missile)', a mode of the Longbow."""
    return figure(fid="", name="Robin", side="Outlaws", st=12, dx=18, character_id=1,
                  attacks=[_arm(library.weapons["longbow"], mode="missile"),
                           _arm(library.weapons["shortsword"])])


def _goon(name: str = "Goon") -> Figure:
    return figure(fid="", name=name, side="Sheriff", st=12, dx=9,
                  attacks=[Attack("Club", "1d", "club", weapon="Club")])


def _fight(*figures: Figure) -> Encounter:
    fight = Encounter("Sherwood")
    for fig in figures:
        fight.add(fig)
    return fight


def test_a_dropped_party_bow_does_not_fire(library: RulesLibrary) -> None:
    """003 line 198: "A weapon stays ready after an attack, unless it is thrown or dropped";
    issue 37 item 1: 'Longbow' was compared with 'Longbow (missile)'."""
    rules = library.combat_rules()
    fight = _fight(_robin(library), _goon())
    fight.drop("Robin", 0, rules)
    with pytest.raises(EncounterRefused, match="dropped the Longbow"):
        fight.attack("Robin", "Goon", Table([5, 3]), rules)
    robin = fight.figure("Robin")
    assert _dropped(robin) == (("Longbow", "longbow"),)  # end --lose-dropped finds its key


def test_no_second_arrow_from_a_bow_readied_this_turn(library: RulesLibrary) -> None:
    """003 line 198: readying "takes up a turn; the new weapon can be used on the NEXT turn"
    (issue 37 item 2: drop, ready, then a second shot in one turn)."""
    rules = library.combat_rules()
    fight = _fight(_robin(library), _goon())
    fight.attack("Robin", "Goon", Table([16]), rules)
    fight.drop("Robin", 0, rules)
    with pytest.raises(EncounterRefused, match="already acted this turn"):
        fight.ready("Robin", 0, rules)
    with pytest.raises(EncounterRefused, match="dropped the Longbow"):
        fight.attack("Robin", "Goon", Table([16]), rules, second_shot=True)


def test_one_last_shot_is_one_and_the_bow_is_dropped_next_turn(library: RulesLibrary) -> None:
    """003 line 138: "(j) ONE-LAST-SHOT ... it may get off one last shot. The missile weapon
    MUST be dropped next turn."."""
    rules = library.combat_rules()
    fight = _fight(_robin(library), _goon())
    fight.choose_option("Robin", "j", rules)
    fight.attack("Robin", "Goon", Table([16]), rules)
    with pytest.raises(EncounterRefused, match="one last shot"):
        fight.attack("Robin", "Goon", Table([16]), rules, second_shot=True)
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="must drop the Longbow"):
        fight.attack("Robin", "Goon", Table([16]), rules)
    fight.next_turn()  # not dropped by hand: it was dropped all the same
    robin = fight.figure("Robin")
    assert "Longbow" in robin.dropped
    assert any("MUST be dropped" in line for line in fight.log)


def test_a_weapon_readied_is_used_next_turn(library: RulesLibrary) -> None:
    """003 line 198: "This takes up a turn; the new weapon can be used on the NEXT turn"
    (issue 37 item 3: ready and attack in one turn; attack --weapon 2 readied silently)."""
    rules = library.combat_rules()
    fight = _fight(wulf(library), _goon())
    with pytest.raises(EncounterRefused, match="ready weapon is the Longbow"):
        fight.attack("Wulf", "Goon", Table([5, 3]), rules, weapon=1)
    fight.ready("Wulf", 1, rules)
    with pytest.raises(EncounterRefused, match="Ready a weapon, which has no attack"):
        fight.attack("Wulf", "Goon", Table([5, 3]), rules, weapon=1)
    assert fight.figure("Wulf").option == "ready"
    fight.next_turn()
    assert fight.attack("Wulf", "Goon", Table([5, 3]), rules, weapon=1) is HitResult.HIT


def test_a_thrown_weapon_leaves_the_hand(library: RulesLibrary) -> None:
    """003 line 198: a weapon stays ready "unless it is thrown"; line 333: "When a thrown
    weapon hits, it falls to the ground in that hex" (issue 37 item 4)."""
    rules = library.combat_rules()
    dagger = library.weapons["dagger"]
    morgaine = figure(fid="", name="Morgaine", side="Witches", st=9, dx=14, character_id=2,
                      attacks=[_arm(dagger), _arm(dagger, mode="thrown")])
    fight = _fight(morgaine, _goon())
    fight.attack("Morgaine", "Goon", Table([5, 3]), rules, weapon=1)
    assert morgaine.dropped == ["Dagger (thrown)"]
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="threw the Dagger"):
        fight.attack("Morgaine", "Goon", Table([5, 3]), rules, weapon=1)
    with pytest.raises(EncounterRefused, match="threw the Dagger"):
        fight.attack("Morgaine", "Goon", Table([5, 3]), rules)


def test_a_two_handed_weapon_slings_the_shield(library: RulesLibrary) -> None:
    """003 line 307: "† This is a two-handed weapon. If the fighter has a shield, it must be
    slung on his/her back while the weapon is ready"; line 250: a shield not ready "does not
    subtract from your DX" (issue 37 item 5)."""
    rules = library.combat_rules()
    shield = library.shields["large_shield"]
    shieldy = figure(fid="", name="Shieldy", side="Men", st=14, dx=12 + shield.dx,
                     protections=[Protection("shield", shield.key, shield.name, shield.stops,
                                             dx=shield.dx)],
                     attacks=[_arm(library.weapons["broadsword"]),
                              _arm(library.weapons["two_handed_sword"])])
    fight = _fight(shieldy, _goon())
    assert (shieldy.stops, shieldy.adj_dx()) == (2, 11)
    fight.ready("Shieldy", 1, rules)
    assert (shieldy.stops, shieldy.adj_dx()) == (0, 12)
    fight.hit("Shieldy", 3, rules)
    assert shieldy.wounds == 3
    fight.next_turn()
    fight.ready("Shieldy", 0, rules)  # the broadsword: "ready a new weapon and/or shield"
    assert (shieldy.stops, shieldy.adj_dx()) == (2, 11)
    assert fight.to_dict() == Encounter.from_dict(fight.to_dict(), saved()).to_dict()



def test_dropping_another_weapon_keeps_the_ready_one(library: RulesLibrary) -> None:
    """003 line 81: a figure "may pick up or drop weapons": dropping the one it does not hold
    leaves the ready weapon in its hand."""
    rules = library.combat_rules()
    fight = _fight(_robin(library), _goon())
    fight.drop("Robin", 1, rules)  # the shortsword
    robin = fight.figure("Robin")
    assert robin.ready == 0
    assert fight.attack("Robin", "Goon", Table([16]), rules) is HitResult.MISS


def test_two_hands_sling_the_shield_not_the_armor(library: RulesLibrary) -> None:
    """003 line 307: "If the fighter has a shield, it must be slung": the armor stays on."""
    shield, leather = library.shields["large_shield"], library.armors["leather"]
    viking = figure(fid="", name="Ragnar", side="Vikings", st=14, dx=12,
                    protections=[Protection("armor", leather.key, leather.name, leather.stops),
                                 Protection("shield", shield.key, shield.name, shield.stops,
                                            dx=shield.dx)],
                    attacks=[_arm(library.weapons["two_handed_sword"])])
    fight = _fight(viking)
    assert viking.stops == leather.stops
    assert [p.slung for p in viking.protections] == [False, True]
    assert "slung" in fight.log[-1]
