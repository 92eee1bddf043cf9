"""Melee's example of play (Flavius against Wulf) and the free-for-all roll-off, roll by roll."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, Protection, fall_dice
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import CriticalHits
from tftmanager.shipped import shipped_library

from .fight_figures import figure, saved


class Table:
    """The dice rolled at the table, in order; each call takes the next."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self.rolls = list(rolls)
        self.asked: list[tuple[int, str]] = []

    def __call__(self, dice: int, what: str) -> int:
        self.asked.append((dice, what))
        return self.rolls.pop(0)

    def feed(self, *rolls: int) -> Table:
        self.rolls.extend(rolls)
        return self


def flavius(library: RulesLibrary) -> Figure:
    """Melee: ST + DX 24, chainmail and large shield adjust DX to 8 and stop 5 (003 line 499)."""
    mail, shield = library.armors["chainmail"], library.shields["large_shield"]
    sword = library.weapons["shortsword"]
    return figure(fid="", name="Flavius", side="Romans", st=12, dx=12 + mail.dx + shield.dx,
                  base_dx=12,
                  protections=[Protection("armor", mail.key, mail.name, mail.stops),
                               Protection("shield", shield.key, shield.name, shield.stops)],
                  attacks=[Attack(sword.name, str(sword.damage), sword.key)])


def wulf(library: RulesLibrary) -> Figure:
    """Melee: an unarmored tribesman, ST 14, DX 10, longbow and two-handed sword."""
    bow, sword = library.weapons["longbow"], library.weapons["two_handed_sword"]
    return figure(fid="", name="Wulf", side="Germans", st=14, dx=10,
                  attacks=[Attack(bow.name, str(bow.damage), bow.key, missile=True,
                                  twice_at_dx=bow.second_shot_dx, fast_shots=bow.fast_shots),
                           Attack(sword.name, str(sword.damage), sword.key)])


def test_flavius_against_wulf(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("The glade", critical_hits=CriticalHits.MELEE_MULTIPLY.value)
    roman, german = fight.add(flavius(library)), fight.add(wulf(library))
    assert roman.dx == 8 and roman.stops == 5
    table = Table([])
    # Turn 1: Flavius wins the initiative; Wulf's longbow hits (9) for 1+2 with a 5: 7 hits.
    assert fight.roll_initiative(table.feed(5, 2), _rules()) == ["Romans", "Germans"]
    assert fight.attack("Wulf", "Flavius", table.feed(9, 5), rules) is HitResult.HIT
    assert (roman.wounds, roman.current_st) == (2, 10)
    assert [(p.name, p.stopped) for p in roman.protections] == [("Chainmail", 3),
                                                                  ("Large shield", 2)]
    # Turn 2: Wulf wins and tells Flavius to go first; Flavius dodged: 4 dice, 16 misses.
    fight.next_turn()
    fight.roll_initiative(table.feed(1, 4), _rules())
    fight.choose_first("Romans", rules)
    assert fight.order == ["Romans", "Germans"]
    assert fight.attack("Wulf", "Flavius", table.feed(16), rules, dice=4) is HitResult.MISS
    # Turn 3: an 8 hits, a 2 for 4 hits: the armor stops it all.
    fight.next_turn()
    assert fight.attack("Wulf", "Flavius", table.feed(8, 2), rules) is HitResult.HIT
    assert roman.wounds == 2
    # Turn 4: "Wulf shifts again, drops the bow (he has to) and readies his two-handed sword.
    # This time Wulf cannot attack"; Flavius rolls 16 and misses.
    fight.next_turn()
    fight.drop("Wulf", 0, rules)
    fight.ready("Wulf", 1, rules)
    assert fight.attack("Flavius", "Wulf", table.feed(16), rules) is HitResult.MISS
    # Turn 5: Wulf (adjDX 10) hacks first and misses; Flavius hits, 2-1 rolls 7: 6 hits.
    fight.next_turn()
    assert fight.order_attacks(table, rules) == [german.fid, roman.fid]
    fight.attack("Wulf", "Flavius", table.feed(13), rules, weapon=1)
    fight.attack("Flavius", "Wulf", table.feed(8, 7), rules)
    assert german.wounds == 6
    # Turn 6: Wulf's DX is -2 (adjDX 8, as Flavius); a die each, Wulf wins; his 4 doubles 3-1.
    fight.next_turn()
    assert german.adj_dx() == 8
    # (a die each in the order the figures joined: Flavius 2, Wulf 5)
    assert fight.order_attacks(table.feed(2, 5), rules) == [german.fid, roman.fid]
    assert fight.attack("Wulf", "Flavius", table.feed(4, 6), rules, weapon=1) is HitResult.DOUBLE
    assert (roman.hits_this_turn, roman.wounds) == (5, 7)
    assert "3d-1 rolls 6: 5 x2 = 10" in " ".join(fight.log)
    # Turn 7: Flavius is -2 (6); he defends: Wulf rolls on four dice and fails.
    fight.next_turn()
    assert (german.adj_dx(), roman.adj_dx()) == (10, 6)
    fight.attack("Wulf", "Flavius", table.feed(14), rules, dice=4, weapon=1)
    # Turn 8: both back to normal; Wulf misses (13), Flavius hits (6) for 6 more.
    fight.next_turn()
    assert (german.adj_dx(), roman.adj_dx()) == (10, 8)
    fight.attack("Wulf", "Flavius", table.feed(13), rules, weapon=1)
    fight.attack("Flavius", "Wulf", table.feed(6, 7), rules)
    assert german.wounds == 12 and german.current_st == 2
    # "13 will knock him out, and 14 will kill."
    assert german.st - rules.unconscious_st == 13 and german.st - rules.dead_st == 14
    # Turn 9: -2 for the hits last turn and -3 for ST 2: adjDX 5.  A 7 hits; he is a goner.
    fight.next_turn()
    assert german.adj_dx() == 5
    fight.attack("Flavius", "Wulf", table.feed(7, 3), rules)
    assert german.condition(rules, fight.turn) is Condition.DEAD
    assert [(p.name, p.stopped) for p in roman.protections] == [("Chainmail", 9),
                                                                  ("Large shield", 5)]
    assert german.missiles_spent == 3 and german.dropped == ["Longbow"]
    with pytest.raises(EncounterRefused, match="dead"):
        fight.hit("Flavius", 3, rules, by="Wulf")
    assert table.rolls == []


def test_thirteen_hits_knock_out() -> None:
    rules = _rules()
    fig = figure(fid="F1", name="Wulf", side="G", st=14, dx=10)
    fig.take(13, rules, 1)
    assert fig.condition(rules, 1) is Condition.UNCONSCIOUS


def test_eight_hits_knock_down_and_stop_the_attack(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Knock-down")
    fight.add(wulf(library))
    fight.add(figure(fid="", name="Ogre", side="Ogres", st=30, dx=8))
    fight.hit("Wulf", 8, rules, by="Ogre")
    with pytest.raises(EncounterRefused, match="fell"):
        fight.hit("Ogre", 3, rules, by="Wulf")
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="stand up"):
        fight.hit("Ogre", 3, rules, by="Wulf")
    fight.choose_option("Wulf", "stand_up", rules)
    fight.next_turn()
    fight.hit("Ogre", 3, rules, by="Wulf")


def test_house_critical_ignores_armor_and_triple_adds_a_die(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("House", critical_hits=CriticalHits.HOUSE_IGNORE_ARMOR.value)
    fight.add(wulf(library)).ready = 1  # he enters with the sword ready (003 line 198)
    roman = fight.add(flavius(library))
    fight.attack("Wulf", "Flavius", Table([3, 6, 2]), rules, weapon=1)
    assert (roman.wounds, roman.stops, roman.protections[0].stopped) == (7, 5, 0)


def test_spent_st_is_fatigue_kept_apart(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Magic")
    fig = fight.add(figure(fid="", name="Wizard", side="A", st=10, dx=12))
    fight.spend_st("Wiz", 3, rules, "Fire")
    assert (fig.fatigue, fig.wounds, fig.current_st) == (3, 0, 7)


def test_three_sides_roll_off_over_several_turns() -> None:
    """002: highest first, the rest roll off; whoever went last sits out the first roll-off."""
    fight = Encounter("Brawl")
    for side in ("Red", "Blue", "Green"):
        fight.add(figure(fid="", name=f"{side} knight", side=side, st=12, dx=12))
    table = Table([])
    # Turn 1: all three roll (Red 2, Blue 5, Green 5): Blue and Green tie and roll again
    # (Blue 6, Green 1): Blue first; then Red and Green roll off (Red 4, Green 3).
    assert fight.roll_initiative(table.feed(2, 5, 5, 6, 1, 4, 3), _rules()) == [
        "Blue", "Red", "Green"]
    # Turn 2: Green went last and sits out the first roll-off: only Red and Blue roll.
    fight.next_turn()
    assert fight.went_last == "Green"
    # (Red 3, Blue 6: Blue first; then Red 2, Green 6)
    assert fight.roll_initiative(table.feed(3, 6, 2, 6), _rules()) == ["Blue", "Green", "Red"]
    assert [what for _dice, what in table.asked[-4:-2]] == [
        "Roll-off for place 1: Red", "Roll-off for place 1: Blue"]
    assert "Green went last and sits out the first roll-off." in " ".join(fight.log)
    # Turn 3: Red went last; Blue and Green roll for first place, Green wins.
    fight.next_turn()
    assert fight.roll_initiative(table.feed(1, 4, 5, 2), _rules()) == ["Green", "Red", "Blue"]
    assert table.rolls == []


def test_saved_and_resumed(library: RulesLibrary) -> None:
    fight = Encounter("Saved")
    fight.add(flavius(library))
    fight.add(wulf(library))
    fight.hit("Flavius", 7, library.combat_rules(), by="Wulf")
    again = Encounter.from_dict(fight.to_dict(), saved())
    assert again == fight


def test_a_fall_with_the_three_d_option(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    roman = fight.add(flavius(library))
    with pytest.raises(EncounterRefused, match="no Height"):
        fight.fall("Flavius", 7, Table([]), rules)
    roman.height, roman.falls = "3", ["4-6", "7-9", "10-12"]
    assert fight.fall("Flavius", 3, Table([]), rules) == 0
    # 7 tiles is 2d; the roll against adjDX 8 fails (12): 2d rolls 8, chainmail stops 2.
    assert fight.fall("Flavius", 7, Table([12, 8]), rules) == 8
    assert roman.wounds == 6 and roman.protections[0].stopped == 2
    flat = Encounter("Flat")
    flat.add(flavius(library))
    with pytest.raises(EncounterRefused, match="three-dimensional"):
        flat.fall("Flavius", 7, Table([8]), rules)


def test_fall_dice_by_height_chart() -> None:
    """000: "Up to three times your height you would take 3D6 damage and so on."."""
    human = ["4-6", "7-9", "10-12"]
    assert [fall_dice(human, t) for t in (3, 4, 7, 12, 13, 15, 16)] == [0, 1, 2, 3, 4, 4, 5]


def test_automatic_results_only_on_three_dice() -> None:
    rules = _rules()
    assert rules.judge(4, 6) is HitResult.DOUBLE
    assert rules.judge(5, 3) is HitResult.HIT
    assert rules.judge(16, 20) is HitResult.MISS
    assert rules.judge(17, 20) is HitResult.DROPPED
    assert rules.judge(4, 3, dice=4) is HitResult.MISS


def _rules() -> CombatRules:
    return shipped_library().combat_rules()


def test_second_shot_after_every_first_attack(library: RulesLibrary) -> None:
    """003: a small bow fires twice at adjDX 15+, the second shot after all first attacks."""
    rules = library.combat_rules()
    bow = library.weapons["small_bow"]
    assert bow.second_shot_dx == 15
    assert library.weapons["light_crossbow"].second_shot_dx is None  # "every turn" only
    fight = Encounter("Butts")
    archer = fight.add(figure(fid="", name="Archer", side="Elves", st=10, dx=15, attacks=[
        Attack(bow.name, str(bow.damage), bow.key, missile=True,
               twice_at_dx=bow.second_shot_dx, fast_shots=bow.fast_shots)]))
    fight.add(wulf(library))
    table = Table([])
    fight.roll_initiative(table.feed(5, 2), _rules())
    assert fight.order_attacks(table, rules) == [archer.fid, "F2"]
    fight.attack("Archer", "Wulf", table.feed(16), rules)  # a miss
    with pytest.raises(EncounterRefused, match="after every first attack; still to attack: Wulf"):
        fight.attack("Archer", "Wulf", table.feed(5), rules, second_shot=True)
    assert table.rolls == [5]  # refused before any die was rolled
    table.rolls.clear()
    fight.attack("Wulf", "Archer", table.feed(16), rules)
    assert fight.attack("Archer", "Wulf", table.feed(16), rules,
                        second_shot=True) is HitResult.MISS
    with pytest.raises(EncounterRefused, match="already"):
        fight.attack("Archer", "Wulf", table.feed(5), rules)


def test_no_second_shot_below_the_bows_dx(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Glade")
    fight.add(wulf(library))
    fight.add(flavius(library))
    table = Table([])
    fight.attack("Wulf", "Flavius", table.feed(16), rules)
    with pytest.raises(EncounterRefused, match=r"only at adjDX 18\+; Wulf's adjDX is 10"):
        fight.attack("Wulf", "Flavius", table.feed(5), rules, second_shot=True)


def test_practice_combat_blunts_weapons_bars_missiles_and_drops_out_at_st_3(
        library: RulesLibrary) -> None:
    """003: practice weapons do 1/2 damage, no missile weapons, out when ST goes to 3 or less."""
    rules = library.combat_rules()
    fight = Encounter("Drill", combat="practice")
    fight.add(wulf(library)).ready = 1  # the sword: a bow has no place in practice
    roman = fight.add(flavius(library))
    with pytest.raises(EncounterRefused, match="no missile weapons"):
        fight.attack("Wulf", "Flavius", Table([9, 5]), rules, weapon=0)
    table = Table([9, 12])  # the two-handed sword hits: 3d-1 rolls 12, 11 hits, halved to 5
    assert fight.attack("Wulf", "Flavius", table, rules, weapon=1) is HitResult.HIT
    assert (roman.protections[0].stopped + roman.protections[1].stopped, roman.wounds) == (5, 0)
    assert "11 hits become 5 (1/2 damage)" in " ".join(fight.log)
    fight.next_turn()
    fight.hit("Flavius", 28, rules, by="Wulf")  # halved to 14: 5 stopped, 9 taken: ST 3
    assert roman.current_st == 3
    fight.next_turn()
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="dropped out of practice"):
        fight.hit("Wulf", 4, rules, by="Flavius")
