"""Melee's options taken only when the figure may take them, and (l), (q), (r) played.

Issue 37, second pass: an option the figure cannot carry out is refused as it
is chosen, with the reason in one line (not at the attack); drawing a dagger
and disengaging are played with their rolls.  Each test quotes the line of
Melee (003) it plays; the rolls are typed as at the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_figure import Attack, Figure, Protection
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.encounter_tracker import Do, Phase, next_step
from tftmanager.rules.library import RulesLibrary

from .fight_figures import figure
from .test_encounter import Table
from .test_encounter_book import _archer


def _man(library: RulesLibrary, name: str, side: str, *, dagger: bool = True,
         **values: Any) -> Figure:
    """A swordsman with a small shield ready, and a dagger carried."""
    sword, shield = library.weapons["broadsword"], library.shields["small_shield"]
    attacks = [Attack(sword.name, str(sword.damage), sword.key, weapon=sword.name)]
    if dagger:
        attacks.append(Attack("Dagger", "1d-1", "dagger", weapon="Dagger"))
    return figure(fid="", name=name, side=side, st=values.pop("st", 12),
                  dx=values.pop("dx", 12), attacks=attacks,
                  protections=[Protection("shield", shield.key, shield.name, shield.stops)],
                  **values)


def _brawl(library: RulesLibrary, **bob: Any) -> tuple[Encounter, CombatRules]:
    """Ann (adjDX 12) attacks Bob HTH; his die of 1 takes both to the ground, weaponless.

    Then turn 2 begins, side A moving first.
    """
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    fight.add(_man(library, "Ann", "A"))
    fight.add(_man(library, "Bob", "B", **bob))
    fight.choose_option("Ann", "m", rules)
    fight.attack("Ann", "Bob", Table([1, 16]), rules)  # both down in HTH; Ann misses
    fight.next_turn()
    fight.roll_initiative(Table([5, 2]), rules)
    return fight, rules


# ------------------------------------------------------------------ (q) draw dagger
def test_drawing_a_dagger_in_hth(library: RulesLibrary) -> None:
    """003 line 397: "A figure engaged in HTH combat may try to draw and ready its dagger (if
    it has one) by picking option (q). On a roll of 1, 2, or 3, the dagger was drawn and
    readied; otherwise, nothing happened."; line 395: "A dagger gets 1+2"."""
    fight, rules = _brawl(library)
    bob = fight.figure("Bob")
    assert bob.in_hth and bob.dropped == ["Broadsword"]
    fight.choose_option("Ann", "p", rules)
    fight.choose_option("Bob", "q", rules)
    fight.order_attacks(Table([1, 2]), rules)  # tied at 12: Bob's 2 goes first
    step = next_step(fight, rules)  # Bob's draw comes in his place in the attack order
    assert step.phase is Phase.ATTACKS and [o.do for o in step.offers] == [Do.ACT]
    assert step.offers[0].rolls == "1 die: 1-3 draws it"
    with pytest.raises(EncounterRefused, match="chose Draw dagger, which has no attack"):
        fight.attack("Bob", "Ann", Table([5]), rules)
    fight.act("Bob", "q", Table([4]), rules)
    assert bob.ready == -1 and "nothing happens" in fight.log[-1]
    with pytest.raises(EncounterRefused, match="already acted"):
        fight.act("Bob", "q", Table([1]), rules)
    fight.next_turn()
    fight.act("Bob", "draw_dagger", Table([3]), rules)  # no option recorded: takes (q)
    assert bob.attacks[bob.ready].held == "Dagger" and "drawn and readied" in fight.log[-1]
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="Bob's Dagger is already ready"):
        fight.choose_option("Bob", "q", rules)
    fight.choose_option("Bob", "p", rules)
    assert fight.attack("Bob", "Ann", Table([12, 4]), rules) is HitResult.HIT
    assert fight.figure("Ann").wounds == 6  # the dagger's 1+2 in HTH


def test_drawing_a_dagger_is_for_hth_and_a_dagger(library: RulesLibrary) -> None:
    """003 line 397: "A figure engaged in HTH combat may try to draw ... its dagger (if it has
    one)"; line 150: (p)-(r) are the "OPTIONS FOR FIGURES IN HAND-TO-HAND COMBAT"."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_man(library, "Ann", "A"))
    with pytest.raises(EncounterRefused, match="for a figure in hand-to-hand combat; Ann is "
                                               r"not in HTH \(ready a dagger with option"):
        fight.choose_option("Ann", "q", rules)
    fight, rules = _brawl(library, dagger=False)
    with pytest.raises(EncounterRefused, match="Bob has no dagger to draw"):
        fight.choose_option("Bob", "q", rules)
    assert any(o.option == "draw_dagger" for o in next_step(fight, rules).offers)  # Ann's
    fight.choose_option("Ann", "p", rules)
    step = next_step(fight, rules)
    assert step.figure == "F2" and all(o.option != "draw_dagger" for o in step.offers)


# ------------------------------------------------------------------ (r), (l) disengage
@pytest.mark.parametrize(("ann_dx", "rolls", "free"), [
    (13, [3], True),    # "If its DX is superior to the enemy's, it needs a 1, 2, or 3"
    (13, [4], False),
    (12, [2], False),   # "if its DX is the same or less ... it needs a 1"
    (12, [1], True),
])
def test_disengaging_from_hth(library: RulesLibrary, ann_dx: int, rolls: list[int],
                              free: bool) -> None:
    """003 line 421: "During its attack phase, it does not attack, but rolls 1 die instead.
    If its DX is superior to the enemy's, it needs a 1, 2, or 3; if its DX is the same or
    less, or if there are more than one enemies, it needs a 1. A figure which disengages
    from HTH combat immediately stands up and moves to any adjacent, empty hex."."""
    fight, rules = _brawl(library)
    ann, bob = fight.figure("Ann"), fight.figure("Bob")
    ann.dx = ann_dx
    fight.choose_option("Ann", "r", rules)
    fight.choose_option("Bob", "q", rules)
    fight.order_attacks(Table([2, 1]), rules)  # Ann first (higher adjDX, or her die)
    step = next_step(fight, rules)
    assert step.figure == ann.fid
    assert [(o.do, o.label) for o in step.offers] == [(Do.ACT, "Try to disengage from HTH")]
    table = Table(rolls)
    fight.act("Ann", "r", table, rules)
    assert table.asked == [(1, "Ann tries to disengage from HTH")]
    assert (ann.in_hth, bob.in_hth) == (not free, not free)
    fight.next_turn()
    if free:  # out of HTH: it may move again
        fight.choose_option("Ann", "a", rules)
    else:
        with pytest.raises(EncounterRefused, match="in hand-to-hand combat: it may attack "
                                                   r"\(p\), try to draw"):
            fight.choose_option("Ann", "a", rules)


def test_more_than_one_enemy_needs_a_1(library: RulesLibrary) -> None:
    """003 line 421: "if there are more than one enemies, it needs a 1", whatever its DX; a
    figure in HTH "may not move at all until they successfully disengage" (line 166)."""
    fight, rules = _brawl(library)
    cid = fight.add(_man(library, "Cid", "B"))
    fight.choose_option("Cid", "m", rules)
    fight.attack("Cid", "Ann", Table([2, 16]), rules)  # joins the brawl
    fight.next_turn()
    ann = fight.figure("Ann")
    ann.dx = 18
    with pytest.raises(EncounterRefused, match="cannot flee"):
        fight.flee("Ann", rules)
    assert all(o.do is not Do.FLEE for o in next_step(fight, rules).offers)
    fight.act("Ann", "disengage", Table([2]), rules)
    assert ann.in_hth and "1 needed" in fight.log[-1]
    fight.next_turn()
    fight.act("Ann", "disengage", Table([1]), rules)
    assert not ann.in_hth and not fight.figure("Bob").in_hth and not cid.in_hth


def test_disengaging_outside_hth_moves_instead_of_attacking(library: RulesLibrary) -> None:
    """003 line 411: "When its turn to attack comes, instead of attacking, it moves one hex in
    any direction ... an enemy with a DX higher than yours will be able to strike at you on
    the turn you disengage, since his attack phase comes before yours"; line 415: it "may
    NEVER attack on the turn it disengages"."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_man(library, "Ann", "A", dx=10))
    fight.add(_man(library, "Bob", "B", dx=13))
    fight.roll_initiative(Table([5, 2]), rules)
    fight.choose_option("Ann", "l", rules)
    fight.choose_option("Bob", "h", rules)
    assert fight.order_attacks(Table([]), rules) == ["F2", "F1"]
    assert next_step(fight, rules).figure == "F2"  # Bob strikes first
    fight.attack("Bob", "Ann", Table([16]), rules)
    step = next_step(fight, rules)
    assert (step.figure, [o.label for o in step.offers]) == ("F1", ["Disengage: move one hex"])
    with pytest.raises(EncounterRefused, match="chose Disengage, which has no attack"):
        fight.attack("Ann", "Bob", Table([5]), rules)
    table = Table([])
    fight.act("Ann", "l", table, rules)
    assert table.asked == [] and "instead of attacking it moves one hex" in fight.log[-1]
    assert next_step(fight, rules).phase is Phase.END_OF_TURN


# ------------------------------------------------------------------ refused as chosen
def test_a_missile_option_with_a_dropped_bow_is_refused_as_chosen(
        library: RulesLibrary) -> None:
    """003 line 126: "(f) MISSILE WEAPON ATTACK. Move up to 1 hex and fire a missile weapon";
    line 198: "In order to attack (except HTH), a figure must have a READY WEAPON" (issue 37:
    (f) with a dropped bow was taken, and only the shot refused)."""
    rules = library.combat_rules()
    fight = Encounter("Range")
    robin = fight.add(_archer(library, "longbow", name="Robin"))
    robin.attacks.append(Attack("Shortsword", "2d-1", "shortsword", weapon="Shortsword"))
    fight.add(_man(library, "Goon", "B"))
    fight.drop("Robin", 0, rules)
    for letter in ("f", "j"):
        with pytest.raises(EncounterRefused, match="needs a missile weapon ready; Robin's "
                                                   "ready weapon is none"):
            fight.choose_option("Robin", letter, rules)
    assert robin.option == ""
    fight.ready("Robin", 0, rules)  # picked up: usable next turn
    with pytest.raises(EncounterRefused, match="readied the Longbow this turn; it can be "
                                               "used on the NEXT turn"):
        fight.choose_option("Robin", "f", rules)
    fight.next_turn()
    assert fight.choose_option("Robin", "f", rules) == "Missile weapon attack"


def test_one_last_shot_leaves_no_missile_option_next_turn(library: RulesLibrary) -> None:
    """003 line 138: "(j) ... it may get off one last shot. The missile weapon MUST be dropped
    next turn."."""
    rules = library.combat_rules()
    fight = Encounter("Range")
    fight.add(_archer(library, "longbow", name="Robin"))
    fight.add(_man(library, "Goon", "B"))
    fight.choose_option("Robin", "j", rules)
    fight.attack("Robin", "Goon", Table([16]), rules)
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="must drop the Longbow this turn"):
        fight.choose_option("Robin", "f", rules)


def test_a_crossbow_not_loaded_takes_no_missile_option(library: RulesLibrary) -> None:
    """003, weapon table: "Light crossbow ... Fires every other turn, or every turn if adjDX =
    14+"; line 198: "A weapon stays ready after an attack ... (except a crossbow, which
    takes time to reload)"."""
    rules = library.combat_rules()
    fight = Encounter("Walls")
    fight.add(_archer(library, "light_crossbow", dx=13, name="Bolt"))
    fight.add(_man(library, "Goon", "B"))
    fight.choose_option("Bolt", "f", rules)
    fight.attack("Bolt", "Goon", Table([16]), rules)
    fight.next_turn()
    fight.roll_initiative(Table([5, 2]), rules)
    with pytest.raises(EncounterRefused, match="Missile weapon attack cannot be taken: The "
                                               "Light crossbow fires every 2nd turn"):
        fight.choose_option("Bolt", "f", rules)
    assert all(o.option != "missile" for o in next_step(fight, rules).offers)


@pytest.mark.parametrize(("letter", "line"), [
    ("b", "(b) CHARGE ATTACK. Move up to 1/2 its MA and attack with any weapon except a "
          "missile weapon."),
    ("h", "(h) SHIFT AND ATTACK. Shift one hex (or stand still) and attack with any "
          "nonmissile weapon."),
    ("i", "A figure may NOT defend without a non-missile weapon ready, to parry with."),
])
def test_a_strike_or_parry_needs_a_weapon_in_hand(library: RulesLibrary, letter: str,
                                                  line: str) -> None:
    """003 line 198: "In order to attack (except HTH), a figure must have a READY WEAPON";
    a sword dropped (line 445) leaves nothing to strike or parry with until one is readied."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_man(library, "Ann", "A", dagger=False))
    fight.add(_man(library, "Bob", "B"))
    fight.roll_initiative(Table([5, 2]), rules)
    fight.drop("Ann", 0, rules)
    with pytest.raises(EncounterRefused, match="needs a non-missile weapon ready; Ann's "
                                               "ready weapon is none"):
        fight.choose_option("Ann", letter, rules)
    offered = {o.option for o in next_step(fight, rules).offers if o.figure == "F1"}
    assert offered.isdisjoint({"charge", "attack", "defend"}), line
    assert "hth" in offered  # bare hands are always to hand (line 144)


def test_in_hth_only_p_q_and_r(library: RulesLibrary) -> None:
    """003 line 150: "OPTIONS FOR FIGURES IN HAND-TO-HAND COMBAT (p) HTH ATTACK ... (q)
    ATTEMPT TO DRAW DAGGER. (r) ATTEMPT TO DISENGAGE."; line 166: "Figures in HTH combat may
    not move at all until they successfully disengage"."""
    fight, rules = _brawl(library)
    for letter in ("a", "b", "c", "d", "e", "f", "h", "i", "j"):
        with pytest.raises(EncounterRefused, match="in hand-to-hand combat"):
            fight.choose_option("Bob", letter, rules)
    with pytest.raises(EncounterRefused, match="in hand-to-hand combat"):
        fight.ready("Bob", 1, rules)
    offered = sorted(o.label for o in next_step(fight, rules).offers)
    assert offered == ["(l, r) Disengage", "(m, p) Hand-to-hand attack", "(q) Draw dagger"]


def test_acting_in_the_attack_phase_is_for_its_own_option(library: RulesLibrary) -> None:
    """003 line 110: "A figure may execute ONE option each turn, and MAY NOT mix actions
    from different options"; line 100: a figure that "takes 8 or more hits in one turn
    BEFORE its time to attack comes ... does not get to attack that turn"."""
    fight, rules = _brawl(library)
    with pytest.raises(EncounterRefused, match="'move' is not an option acted on in the "
                                               "attack phase"):
        fight.act("Ann", "move", Table([]), rules)
    fight.choose_option("Ann", "r", rules)
    with pytest.raises(EncounterRefused, match="Ann chose Disengage this turn, not Draw "
                                               "dagger"):
        fight.act("Ann", "q", Table([1]), rules)
    fight.hit("Ann", 8, rules)  # down before its turn comes
    with pytest.raises(EncounterRefused, match="took 8 hits this turn and fell"):
        fight.act("Ann", "r", Table([1]), rules)


def test_a_brawl_whose_foes_are_out_is_left_without_a_roll(library: RulesLibrary) -> None:
    """003 line 421: the die is rolled against "the enemy" in HTH; with every foe of the
    brawl out of the fight there is nobody to get free of."""
    fight, rules = _brawl(library)
    fight.hit("Bob", 20, rules)
    table = Table([])
    fight.act("Ann", "disengage", table, rules)
    assert table.asked == [] and not fight.figure("Ann").in_hth
    assert "no foe left in its HTH combat" in fight.log[-1]
