"""Melee's options and a figure's states as the documents give them (issue 37 items 7-18).

Each test quotes the line it plays; the rolls are typed as at the table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_blows import pole_charge
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, Protection
from tftmanager.rules.encounter_rules import HitResult
from tftmanager.rules.encounter_states import SPELL, set_flesh
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import InjuryReactions

from .fight_figures import figure
from .test_encounter import Table


def test_the_house_chart_past_its_last_band_is_counted_not_looped(
        library: RulesLibrary) -> None:
    """004 line 137-138: "100-109 27 44 / ... ... ..."; the chart goes on by its last two
    steps (our reading), worked out at once for any ST (issue 37 item 18: ST 10^11 hung)."""
    table = library.injury
    house = InjuryReactions.HOUSE_BY_ST
    assert (table.thresholds(105, house).dx_penalty_hits,
            table.thresholds(105, house).knockdown_hits) == (27, 44)
    # 110-119: +3 and +4; 120-129: +2 and +4; 130-139: +3 and +4 again
    assert [(t.dx_penalty_hits, t.knockdown_hits) for t in
            (table.thresholds(st, house) for st in (115, 125, 135))] == [
        (30, 48), (32, 52), (35, 56)]
    huge = table.thresholds(10**20, house)
    steps = (10**20 - 100) // 10
    assert huge.assumed and huge.knockdown_hits == 44 + 4 * steps
    assert huge.dx_penalty_hits == 27 + 5 * (steps // 2) + 3 * (steps % 2)


def _man(name: str, side: str, *, st: int = 12, dx: int = 12, arm: Attack | None = None,
         **values: Any) -> Figure:
    return figure(fid="", name=name, side=side, st=st, dx=dx,
                  attacks=[arm or Attack("Broadsword", "2d", "broadsword", weapon="Broadsword")],
                  **values)


def test_the_arena_spares_the_unconscious(library: RulesLibrary) -> None:
    """003 line 487: "ARENA COMBAT. ... Unconscious figures may not be slain." (item 8)"""
    rules = library.combat_rules()
    for combat, spared in (("arena", True), ("death", False)):
        fight = Encounter("Pit", combat=combat)
        fight.add(_man("Ann", "A"))
        bob = fight.add(_man("Bob", "B"))
        fight.hit("Bob", 11, rules)
        assert bob.condition(rules, 1) is Condition.UNCONSCIOUS
        if spared:
            with pytest.raises(EncounterRefused, match="may not be slain"):
                fight.hit("Bob", 3, rules, by="Ann")
            with pytest.raises(EncounterRefused, match="may not be slain"):
                fight.hit("Bob", 3, rules)
            with pytest.raises(EncounterRefused, match="may not be slain"):
                fight.attack("Ann", "Bob", Table([5, 3]), rules)
            assert bob.wounds == 11
        else:
            fight.hit("Bob", 3, rules, by="Ann")
            assert bob.condition(rules, 1) is Condition.DEAD


def test_a_fallen_figure_stays_down_until_it_stands_up(library: RulesLibrary) -> None:
    """003 line 128: "(g) STAND UP ... A figure MUST take a turn to stand up before attacking"
    (item 9: a figure that never stood up attacked two turns later)."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    ann = fight.add(_man("Ann", "A"))
    fight.add(_man("Ogre", "B", st=30))
    fight.hit("Ann", 8, rules, by="Ogre")
    for _turn in range(3):
        fight.next_turn()
        assert ann.condition(rules, fight.turn) is Condition.DOWN
        with pytest.raises(EncounterRefused, match="stand up"):
            fight.attack("Ann", "Ogre", Table([5, 3]), rules)
        with pytest.raises(EncounterRefused, match="stand up"):
            fight.choose_option("Ann", "attack", rules)
    fight.choose_option("Ann", "g", rules)  # the turn she stands: no attack
    assert ann.condition(rules, fight.turn) is Condition.FIGHTING
    assert fight.log[-1] == f"Turn {fight.turn}: Ann stands up; no other action this turn."
    fight.choose_option("Ogre", "g", rules)  # a figure on its feet stands up from nothing
    assert fight.log[-1] == f"Turn {fight.turn}: Ogre chooses Stand up (g, n)."
    with pytest.raises(EncounterRefused, match="no attack this turn"):
        fight.attack("Ann", "Ogre", Table([5, 3]), rules)
    fight.next_turn()
    assert fight.attack("Ann", "Ogre", Table([5, 3]), rules) is HitResult.HIT


def test_a_pole_weapon_doubles_in_a_charge(library: RulesLibrary) -> None:
    """003 line 256: "A figure which chargeattacks (option b) with a pole weapon does double
    damage if it hits. A figure which uses a pole weapon against a charge-attacking enemy also
    does double damage"; 004 line 11: the house rules add "an extra 1d+1" (item 10)."""
    rules = library.combat_rules()
    spear = library.weapons["spear"]
    pole = Attack(spear.name, str(spear.damage), spear.key, weapon=spear.name, pole=True)
    fight = Encounter("Ford")
    ragnar = fight.add(_man("Ragnar", "Vikings", arm=pole))
    fight.add(_man("Monk", "Saxons", st=30))
    fight.choose_option("Ragnar", "charge", rules)
    fight.attack("Ragnar", "Monk", Table([8, 2]), rules)  # 1d+1 rolls 2: 3, x2 = 6
    assert fight.figure("Monk").wounds == 6
    fight.next_turn()
    fight.choose_option("Monk", "b", rules)  # the monk charges; Ragnar receives it
    fight.attack("Ragnar", "Monk", Table([8, 1]), rules)  # 1d+1 rolls 1: 2, x2 = 4
    assert fight.figure("Monk").wounds == 10
    fight.next_turn()
    fight.choose_option("Ragnar", "h", rules)  # shift and attack: no charge, 2
    fight.attack("Ragnar", "Monk", Table([8, 1]), rules)
    assert fight.figure("Monk").wounds == 12
    house = Encounter("Ford", pole_charge="house")
    house.add(_man("Ragnar", "Vikings", arm=pole))
    house.add(_man("Monk", "Saxons", st=30))
    house.choose_option("Ragnar", "charge", rules)
    house.attack("Ragnar", "Monk", Table([8, 3, 4]), rules)  # 3+1, then +1d+1 rolls 4: 9
    assert house.figure("Monk").wounds == 9
    assert ragnar.attacks[0].pole


def test_fleeing_gives_each_foe_one_free_attack_at_plus_4(library: RulesLibrary) -> None:
    """004 line 184: "A person who is engaged may choose to flee during movement. This allows
    all foes adjacent to the person one free atack at +4 DX in addition to whatever other
    combat options they may take." (item 11)."""
    rules = library.combat_rules()
    fight = Encounter("Door", combat="arena")
    fight.add(_man("Ann", "A", dx=8))
    bob = fight.add(_man("Bob", "B"))
    fight.choose_option("Bob", "defend", rules)
    fight.flee("Bob", rules)
    assert bob.option == ""  # gone: no defence's fourth die
    assert fight.attack("Ann", "Bob", Table([12, 3]), rules) is HitResult.HIT  # 12 <= 8 + 4
    with pytest.raises(EncounterRefused, match="free attack"):
        fight.attack("Ann", "Bob", Table([5, 3]), rules)
    assert fight.figure("Ann").attacked_turn == 0  # free: her own attack is still to come
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="has fled"):
        fight.attack("Ann", "Bob", Table([5, 3]), rules)


def test_bladeturn_and_a_defence_roll_six_dice(library: RulesLibrary) -> None:
    """001 line 304: Bladeturn: attackers "must roll 5d/adjDX to hit"; 004 line 115: while
    defending "all attackers ... must roll an additional die" (item 12)."""
    rules = library.combat_rules()
    assert rules.dice_refusal(6) == ""
    fight = Encounter("Tower")
    fight.add(_man("Ann", "A", dx=14))
    fight.add(_man("Wiz", "B"))
    fight.choose_option("Wiz", "defend", rules)
    with pytest.raises(EncounterRefused, match="up to 6"):
        fight.attack("Ann", "Wiz", Table([14]), rules, dice=7)
    assert fight.attack("Ann", "Wiz", Table([14, 3]), rules, dice=6) is HitResult.HIT


def test_the_readied_flesh_item_outlasts_a_cast_spell(library: RulesLibrary) -> None:
    """Stone and Iron Flesh do not add up (our reading, Wizard); a readied Stone Flesh item
    (001's magic item) is the figure's own: when the cast Iron Flesh ends, it stops again
    (item 13)."""
    rules = library.combat_rules()
    stone = rules.flesh_spells["stone_flesh"]
    fight = Encounter("Tower")
    stoney = fight.add(_man("Stoney", "A", protections=[
        Protection(SPELL, stone.key, stone.name, stone.stops, lasting=True)]))
    set_flesh(fight, "Stoney", "iron_flesh", rules)
    assert stoney.stops == rules.flesh_spells["iron_flesh"].stops
    set_flesh(fight, "Stoney", "none", rules)
    assert stoney.stops == stone.stops
    with pytest.raises(EncounterRefused, match="no flesh spell cast"):
        set_flesh(fight, "Stoney", "none", rules)


def test_a_failed_fall_save_leaves_the_figure_down(library: RulesLibrary) -> None:
    """000: failing the roll vs adj. DX, the figure "falls prone"; 003 line 128: it must
    take a turn to stand up before attacking (item 14)."""
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    ann = fight.add(_man("Ann", "A", dx=10))
    fight.add(_man("Bob", "B"))
    ann.height, ann.falls = "3", ["4-6", "7-9", "10-12"]
    fight.fall("Ann", 4, Table([15, 2]), rules)
    assert ann.condition(rules, 1) is Condition.DOWN
    with pytest.raises(EncounterRefused, match="stand up"):
        fight.attack("Ann", "Bob", Table([5, 3]), rules)


def test_figures_that_are_out_do_nothing(library: RulesLibrary) -> None:
    """003 line 441: "Any figure whose ST is reduced to 1 falls unconscious, and any figure
    whose ST is reduced to 0 dies" (item 15: an unconscious figure fled, dead ones readied
    and dropped)."""
    rules = library.combat_rules()
    fight = Encounter("Pit", combat="arena")
    fight.add(_man("Ann", "A"))
    fight.add(_man("Bob", "B", arm=None))
    fight.figure("Bob").attacks.append(Attack("Dagger", "1d-1", "dagger", weapon="Dagger"))
    fight.hit("Bob", 11, rules)
    for act in (lambda: fight.flee("Bob", rules), lambda: fight.drop("Bob", 0, rules),
                lambda: fight.ready("Bob", 1, rules)):
        with pytest.raises(EncounterRefused, match="unconscious"):
            act()
    assert not fight.figure("Bob").fled


def test_a_blow_past_armor_keeps_warrior_and_veteran(library: RulesLibrary) -> None:
    """004 line 19: "ignore armor and shields the foe has ... The Warrior and Veteran talents
    have their normal full effect" (item 16: hit --ignore-armor stripped the talents)."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    vet = fight.add(_man("Vet", "A", protections=[
        Protection("armor", "leather", "Leather", 2), Protection("natural", "", "Talents", 2)]))
    fight.hit("Vet", 3, rules, ignore_armor=True)
    assert vet.wounds == 1 and vet.protections[0].stopped == 0


def test_five_and_six_dice_miss_on_20_as_a_reading(library: RulesLibrary) -> None:
    """003 line 425: "roll its adjDX on FOUR dice ... a roll of 20 or better is a miss": the
    documents say it for four dice; the same for five and six is our reading, marked in the
    data (item 17)."""
    rules = library.combat_rules()
    assert [rules.judge(20, 30, n) for n in (4, 5, 6)] == [HitResult.MISS] * 3
    assert "our reading" in rules.many_dice_assumed


def _dagger_hand(library: RulesLibrary, name: str, side: str, **values: Any) -> Figure:
    """A swordsman with a small shield ready."""
    sword, shield = library.weapons["broadsword"], library.shields["small_shield"]
    return _man(name, side, arm=Attack(sword.name, str(sword.damage), sword.key,
                                       weapon=sword.name),
                protections=[Protection("shield", shield.key, shield.name, shield.stops)],
                **values)


def test_hand_to_hand_by_the_book(library: RulesLibrary) -> None:
    """003 line 379: "If the attacker had his dagger ready already, he may use it in HTH
    combat. Otherwise, he drops his ready weapon and shield"; 381-385: the defender's die;
    393: "they always get the +4 'rear hex' DX adjustment"; 395: "A dagger gets 1+2 ... bare
    hands against an enemy of the same strength get 1-3" (item 7: a broadsword was accepted,
    the dagger did 1d-1, no +4 and no defender's roll)."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    ann = fight.add(_dagger_hand(library, "Ann", "A", dx=8))
    bob = fight.add(_dagger_hand(library, "Bob", "B"))
    bob.attacks.append(Attack("Dagger", "1d-1", "dagger", weapon="Dagger"))
    fight.choose_option("Ann", "m", rules)
    with pytest.raises(EncounterRefused, match="bare hands or a ready dagger, not the Broadsword"):
        fight.attack("Ann", "Bob", Table([1, 12, 5]), rules, weapon=0)
    # Bob's die: 3, drops sword and shield and readies his dagger; Ann drops hers too;
    # 12 hits adjDX 8 + 4; bare hands against the same ST: 1d-3 rolls 5: 2 hits
    assert fight.attack("Ann", "Bob", Table([3, 12, 5]), rules) is HitResult.HIT
    assert (bob.wounds, ann.in_hth, bob.in_hth) == (2, True, True)
    assert ann.dropped == ["Broadsword"] and "Broadsword" in bob.dropped
    assert bob.stops == 0 and ann.stops == 0
    assert bob.attacks[bob.ready].held == "Dagger"
    fight.next_turn()
    fight.choose_option("Bob", "p", rules)  # already in HTH: no die; the dagger's 1+2
    assert fight.attack("Bob", "Ann", Table([12, 4]), rules) is HitResult.HIT
    assert ann.wounds == 6


def test_the_defenders_five_and_six(library: RulesLibrary) -> None:
    """003 lines 387-391: "On a roll of 5 ... HTH combat does not take place"; "On a roll of
    6, the defender ... AUTOMATICALLY gets a hit on the attacker"."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    ann = fight.add(_dagger_hand(library, "Ann", "A"))
    bob = fight.add(_dagger_hand(library, "Bob", "B"))
    fight.choose_option("Ann", "hth", rules)
    assert fight.attack("Ann", "Bob", Table([5]), rules) is HitResult.MISS
    assert not (ann.in_hth or bob.in_hth) and bob.wounds == 0
    fight.next_turn()
    fight.choose_option("Ann", "hth", rules)
    fight.attack("Ann", "Bob", Table([6, 9]), rules)  # Bob's broadsword: 2d rolls 9
    assert ann.wounds == 9 - ann.stops and not ann.in_hth


# Melee's options (003 lines 116-156), each with its effect on the attacks; (b) pole charge,
# (e) (k) (o) readying, (g) (n) standing up, (j) one last shot and (m) (p) HTH have tests of
# their own above and in test_encounter_weapons.py.
@pytest.mark.parametrize(("letter", "line", "missile_ok", "strike_ok"), [
    ("a", "(a) MOVE up to its full MA.", False, False),
    ("b", "(b) CHARGE ATTACK ... attack with any weapon except a missile weapon.", False, True),
    ("c", "(c) DODGE. Move up to 1/2 its MA while dodging.", False, False),
    ("d", "(d) DROP. Move up to 1/2 its MA and drop to a prone or kneeling position.", False,
     False),
    ("e", "(e) READY NEW WEAPON.", False, False),
    ("f", "(f) MISSILE WEAPON ATTACK. Move up to 1 hex and fire a missile weapon.", True, False),
    ("h", "(h) SHIFT AND ATTACK ... attack with any nonmissile weapon.", False, True),
    ("i", "(i) SHIFT AND DEFEND. Shift one hex (or stand still) and defend.", False, False),
    ("j", "(j) ONE-LAST-SHOT MISSILE ATTACK.", True, False),
    ("l", "(1) DISENGAGE.", False, False),
    ("q", "(q) ATTEMPT TO DRAW DAGGER.", False, False),
    ("r", "(r) ATTEMPT TO DISENGAGE.", False, False),
])
def test_each_option_allows_its_attacks(library: RulesLibrary, letter: str, line: str,
                                        missile_ok: bool, strike_ok: bool) -> None:
    """003 line 200: "A figure may not attack during a given turn unless it chose one of the
    options whose title includes the word 'attack.'"."""
    rules = library.combat_rules()
    bow = library.weapons["longbow"]
    for missile in (True, False):
        arm = (Attack(bow.name, str(bow.damage), bow.key, missile=True, weapon=bow.name)
               if missile else None)
        fight = Encounter("Arena")
        fight.add(_man("Ann", "A", arm=arm))
        fight.add(_man("Bob", "B"))
        allowed = missile_ok if missile else strike_ok
        try:
            fight.choose_option("Ann", letter, rules)
        except EncounterRefused as refused:  # (f) and (j) need a missile weapon, (i) another;
            # (q) is taken only in HTH
            assert not allowed and ("needs" in str(refused) or "hand-to-hand" in str(refused)), \
                line
            continue
        if allowed:
            assert fight.attack("Ann", "Bob", Table([16]), rules) is HitResult.MISS, line
        else:
            with pytest.raises(EncounterRefused, match="chose"):
                fight.attack("Ann", "Bob", Table([16]), rules)


@pytest.mark.parametrize(("letter", "missile", "line"), [
    ("c", True, "(c) DODGE ... a figure attempting to hit a dodging figure (with a missile or "
                "thrown weapon) ... must roll its adjDX on FOUR dice"),
    ("i", False, "(i) SHIFT AND DEFEND ... a defending figure (with any other type of attack)"),
])
def test_dodge_and_defend_add_a_die(library: RulesLibrary, letter: str, missile: bool,
                                    line: str) -> None:
    """003 line 425: dodging and defending "have exactly the same effect"; 4 dice, and "a
    roll of 20 or better is a miss"."""
    rules = library.combat_rules()
    bow = library.weapons["longbow"]
    arm = Attack(bow.name, str(bow.damage), bow.key, missile=True, weapon=bow.name) \
        if missile else None
    fight = Encounter("Arena")
    fight.add(_man("Ann", "A", dx=30, arm=arm))
    fight.add(_man("Bob", "B"))
    fight.choose_option("Bob", letter, rules)
    table = Table([20])
    assert fight.attack("Ann", "Bob", table, rules) is HitResult.MISS, line
    assert table.asked[0][0] == 4


def test_a_newcomer_to_a_brawl_rolls_the_defence_die(library: RulesLibrary) -> None:
    """003 line 381: "When a figure is attacked HTH, it immediately rolls one die": the
    attacker being in HTH with another does not spare a new foe its die."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    ann = fight.add(_dagger_hand(library, "Ann", "A"))
    fight.add(_dagger_hand(library, "Bob", "B"))
    cid = fight.add(_dagger_hand(library, "Cid", "B"))
    ann.in_hth = True
    fight.choose_option("Ann", "p", rules)
    assert fight.attack("Ann", "Cid", Table([5]), rules) is HitResult.MISS  # backed off
    assert cid.wounds == 0 and not cid.in_hth


def test_one_st_may_be_spent(library: RulesLibrary) -> None:
    """001: spells cost ST; the least a spell costs is 1 ("Costs 4 ST to cast, plus 1 ST per
    turn to maintain", Bladeturn, line 305)."""
    rules = library.combat_rules()
    fight = Encounter("Tower")
    wiz = fight.add(_man("Wiz", "A"))
    fight.spend_st("Wiz", 1, rules)
    assert wiz.fatigue == 1
    with pytest.raises(EncounterRefused, match="1 or more"):
        fight.spend_st("Wiz", 0, rules)


def test_the_house_extra_never_takes_damage_off(library: RulesLibrary) -> None:
    """004 line 11: "an extra 1d+1 damage": an extra that rolls below nothing adds nothing
    (a GM's data of 1d-3 rolling 1)."""
    rules = replace(library.combat_rules(), pole_house_extra="1d-3")
    assert pole_charge(5, "house", Table([1]), rules, "Ragnar")[0] == 5
    assert pole_charge(5, "house", Table([6]), rules, "Ragnar")[0] == 8


def test_ready_and_a_changed_mind_still_wait_for_next_turn(library: RulesLibrary) -> None:
    """003 line 198: the new weapon "can be used on the NEXT turn", whatever option the
    figure changes to after readying it (line 110: a player may change his mind)."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    sword = library.weapons["broadsword"]
    fight.add(_man("Ann", "A", arm=Attack("Club", "1d", "club", weapon="Club")))
    fight.figure("Ann").attacks.append(Attack(sword.name, "2d", sword.key, weapon=sword.name))
    fight.add(_man("Bob", "B"))
    fight.ready("Ann", 1, rules)
    with pytest.raises(EncounterRefused, match="readied the Broadsword this turn"):
        fight.choose_option("Ann", "h", rules)
    with pytest.raises(EncounterRefused, match="chose Ready a weapon, which has no attack"):
        fight.attack("Ann", "Bob", Table([5, 3]), rules)


def test_weakness_at_st_3_and_not_4(library: RulesLibrary) -> None:
    """003 line 441: "Any figure whose ST is reduced to 3 or less has an extra -3 DX"."""
    table = library.injury
    assert (table.weakness_dx(3), table.weakness_dx(4)) == (table.low_st_dx, 0)
