"""A fight's rules as the documents give them, each with the rolls typed as at the table."""

from __future__ import annotations

import pytest

from tftmanager.rules.awards import CombatType
from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_ending import resolve_ending
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, Protection
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.equipment import Weapon
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import ArmorWear, CriticalHits, ManySides

from .fight_figures import figure
from .test_encounter import Table, flavius, wulf


def _bow(weapon: Weapon, dx: int | None = None) -> Attack:
    return Attack(weapon.name, str(weapon.damage), weapon.key, missile=True,
                  twice_at_dx=weapon.second_shot_dx, dx=dx, fast_shots=weapon.fast_shots,
                  twice_at_st=weapon.fast_st, turns_per_shot=weapon.turns_per_shot,
                  fast_turns_per_shot=weapon.fast_turns_per_shot, fast_dx=weapon.fast_dx)


def _archer(library: RulesLibrary, key: str, *, st: int = 12, dx: int = 18,
            name: str = "Archer") -> Figure:
    return figure(fid="", name=name, side="Elves", st=st, dx=dx,
                  attacks=[_bow(library.weapons[key])])


def _knight(name: str = "Knight", side: str = "Men", st: int = 12, dx: int = 12) -> Figure:
    return figure(fid="", name=name, side=side, st=st, dx=dx,
                  attacks=[Attack("Broadsword", "2d", "broadsword")])


# ------------------------------------------------------------------ second shots, rates
def test_two_arrows_and_no_more(library: RulesLibrary) -> None:
    """003 line 100: "When figures are firing two arrows per turn, they fire their second
    arrows ... AFTER all figures have made their first attack."  Two, not five."""
    rules = library.combat_rules()
    fight = Encounter("Butts")
    fight.add(_archer(library, "longbow"))
    fight.add(_knight())
    table = Table([16, 16])
    fight.attack("Archer", "Knight", table, rules)
    fight.hit("Archer", 0, rules, by="Knight")
    fight.attack("Archer", "Knight", table, rules, second_shot=True)
    with pytest.raises(EncounterRefused, match="fired 2 shots this turn; the Longbow fires 2"):
        fight.attack("Archer", "Knight", Table([5]), rules, second_shot=True)
    fight.next_turn()
    fight.attack("Archer", "Knight", Table([16]), rules)  # a new turn, a new first shot


def test_a_defender_does_not_hold_back_a_second_shot(library: RulesLibrary) -> None:
    """003: "No figure may attack unless it chose an option including the word 'attack'";
    a figure that defends never attacks, so the second arrows need not wait for it."""
    rules = library.combat_rules()
    fight = Encounter("Butts")
    fight.add(_archer(library, "longbow"))
    fight.add(_knight())
    fight.add(_knight("Squire"))
    fight.attack("Archer", "Knight", Table([16]), rules)
    with pytest.raises(EncounterRefused, match="still to attack: Knight, Squire"):
        fight.attack("Archer", "Knight", Table([16]), rules, second_shot=True)
    fight.choose_option("Knight", "defend", rules)
    fight.choose_option("Squire", "(i)", rules)
    assert fight.attack("Archer", "Knight", Table([19]), rules, second_shot=True) \
        is HitResult.MISS  # four dice against a defender: 19 is over adjDX 18


def test_the_great_bow_needs_st_16_for_two_shots(library: RulesLibrary) -> None:
    """001, Great Bow: "It fires every turn or twice a turn if the archer has 18+ adjDX and
    ST 16."."""
    rules = library.combat_rules()
    bow = library.weapons["great_bow"]
    assert (bow.second_shot_dx, bow.fast_st) == (18, 16)
    fight = Encounter("Butts")
    fight.add(_archer(library, "great_bow", st=15))
    fight.add(_archer(library, "great_bow", st=16, name="Strong archer"))
    fight.add(_knight())
    fight.attack("Archer", "Knight", Table([16]), rules)
    fight.attack("Strong archer", "Knight", Table([16]), rules)
    fight.hit("Archer", 0, rules, by="Knight")
    with pytest.raises(EncounterRefused, match="ST 16\\+; Archer's ST is 15"):
        fight.attack("Archer", "Knight", Table([16]), rules, second_shot=True)
    fight.attack("Strong archer", "Knight", Table([16]), rules, second_shot=True)


@pytest.mark.parametrize(("key", "dx", "fires_in"), [
    ("light_crossbow", 13, [1, 3, 5]),   # "Fires every other turn,
    ("light_crossbow", 14, [1, 2, 3, 4, 5]),   #  or every turn if adjDX = 14+"
    ("heavy_crossbow", 15, [1, 4]),      # "Fires every 3rd turn,
    ("heavy_crossbow", 16, [1, 3, 5]),   #  or every other turn if adjDX = 16+"
])
def test_crossbow_rates(library: RulesLibrary, key: str, dx: int, fires_in: list[int]) -> None:
    """003, weapon table: "Light crossbow ... Fires every other turn, or every turn if adjDX =
    14+"; "Heavy crossbow ... Fires every 3rd turn, or every other turn if adjDX = 16+"."""
    rules = library.combat_rules()
    fight = Encounter("Walls")
    fight.add(_archer(library, key, dx=dx, name="Crossbowman"))
    fight.add(_knight())
    fired = []
    for turn in range(1, 6):
        try:
            fight.attack("Crossbowman", "Knight", Table([16]), rules)
            fired.append(turn)
        except EncounterRefused as exc:
            assert "fires every" in str(exc)
        fight.next_turn()
    assert fired == fires_in


# ------------------------------------------------------------------ double and triple damage
def _house(library: RulesLibrary, target: Figure) -> tuple[Encounter, Figure, CombatRules]:
    fight = Encounter("House", critical_hits=CriticalHits.HOUSE_IGNORE_ARMOR.value)
    fight.add(figure(fid="", name="Hero", side="A", st=12, dx=12,
                     attacks=[Attack("Broadsword", "2d", "broadsword")]))
    return fight, fight.add(target), library.combat_rules()


def test_house_double_keeps_warrior_and_veteran(library: RulesLibrary) -> None:
    """004: "ignore armor and shields ... The Warrior and Veteran talents have their normal
    full effect."  A summoned veteran (chainmail, large shield, 2 from its talents) hit for
    7: armor and shield count nothing, the talents stop 2: 5 taken."""
    veteran = library.creatures["summoned_veteran"]
    fig = figure(fid="", name="Veteran", side="B", st=veteran.st, dx=veteran.dx, protections=[
        Protection("armor", "chainmail", "Chainmail", 3),
        Protection("shield", "large_shield", "Large shield", 2),
        Protection("natural" if not veteran.hide else "hide", "", "Talents", veteran.stops)])
    fight, target, rules = _house(library, fig)
    fight.attack("Hero", "Veteran", Table([4, 7]), rules)  # a 4: double; 2d rolls 7
    assert target.wounds == 5


def test_house_double_halves_a_hide_and_rerolls_ones(library: RulesLibrary) -> None:
    """004: "Creatures with natural armor ... stop half as much (rounded down)" and "When
    striking a foe with no armor or shield (or just Warrior or Veteran) ... reroll all 1s
    rolled for damage."  The bear's fur stops 2, half is 1: 7 hits, 6 taken."""
    bear = library.creatures["bear"]
    assert bear.hide
    fight, target, rules = _house(library, figure(
        fid="", name="Bear", side="B", st=bear.st, dx=bear.dx,
        protections=[Protection("hide", "", "Fur", bear.stops)]))
    fight.attack("Hero", "Bear", Table([4, 7]), rules)
    assert target.wounds == 6
    fight2, naked, rules = _house(library, figure(fid="", name="Peasant", side="B", st=10,
                                                  dx=10))
    # Unarmored: each die alone; the 1 is rolled again (a 1 again, then a 5): 3 + 5.
    table = Table([4, 3, 1, 1, 5])
    fight2.attack("Hero", "Peasant", table, rules)
    assert naked.wounds == 8 and table.rolls == []
    assert "2 1s rolled again" in " ".join(fight2.log)


# ------------------------------------------------------------------ DX in a fight
def test_a_weapons_own_adjdx_counts(library: RulesLibrary) -> None:
    """Melee: "To hit, a figure must roll its ADJUSTED DX or LESS"; a halfling's bow is at
    DX +3 ("Halflings get +3 DX with missile and thrown weapons"): 14, not the figure's 11."""
    rules = library.combat_rules()
    fight = Encounter("Shire")
    fight.add(figure(fid="", name="Pip", side="H", st=8, dx=11,
                     attacks=[_bow(library.weapons["small_bow"], dx=14)]))
    fight.add(_knight())
    assert fight.attack("Pip", "Knight", Table([13, 1]), rules) is HitResult.HIT


def test_a_giant_snake_is_hard_to_hit(library: RulesLibrary) -> None:
    """003: "It is very hard to hit; -3 off your DX for any attack on it."  adjDX 12: an 11
    misses, a 9 hits."""
    rules = library.combat_rules()
    snake = library.creatures["giant_snake"]
    fight = Encounter("Pit")
    fight.add(_knight())
    fight.add(figure(fid="", name="Snake", side="S", st=snake.st, dx=snake.dx,
                     dx_against=snake.dx_against))
    assert fight.attack("Knight", "Snake", Table([11]), rules) is HitResult.MISS
    fight.next_turn()
    assert fight.attack("Knight", "Snake", Table([9, 3]), rules) is HitResult.HIT


def test_four_dice_have_no_automatic_hits(library: RulesLibrary) -> None:
    """003 line 425: "There are no automatic hits; a roll of 20 or better is a miss."."""
    rules = library.combat_rules()
    assert rules.judge(20, 21, dice=4) is HitResult.MISS
    assert rules.judge(19, 21, dice=4) is HitResult.HIT
    assert rules.judge(4, 3, dice=4) is HitResult.MISS
    assert rules.judge(22, 25, dice=5) is HitResult.MISS
    assert rules.dice_refusal(7) and rules.dice_refusal(2) and not rules.dice_refusal(5)


# ------------------------------------------------------------------ knockdowns
def test_a_strong_attacker_calls_for_a_roll_against_st(library: RulesLibrary) -> None:
    """004: "If a creature is struck by an attacker with a ST of 30 or greater, no matter how
    much damage is done, that creature must make a 3d/ST roll to avoid being knocked down."."""
    rules = library.combat_rules()
    fight = Encounter("Cave", house_knockdowns=True)
    fight.add(figure(fid="", name="Bear", side="B", st=30, dx=11))
    knight = fight.add(_knight())
    table = Table([12])  # 3 dice against ST 11 after the blow: 12 fails
    fight.hit("Knight", 1, rules, by="Bear", roll=table)
    assert knight.knocked_down_turn == 1 and table.asked[0][0] == 3
    assert knight.may_attack(rules, 1)


def test_a_blow_above_st_calls_for_more_dice(library: RulesLibrary) -> None:
    """004: "does more damage before armor than the creature's ST, a 3d/ST roll ... 4d/ST if
    more than 14 points of damage is done, 5d/ST if more than 18 points"."""
    knock = library.combat_rules().knockdown
    assert [knock.for_blow(d, 6) for d in (6, 7, 14, 15, 18, 19, 22, 23)] == [
        0, 3, 3, 4, 4, 5, 5, 6]
    assert [knock.for_attacker(st) for st in (29, 30, 50, 80)] == [0, 3, 4, 5]
    rules = library.combat_rules()
    fight = Encounter("Cave", house_knockdowns=True)
    fight.add(_knight("Ogre", st=20))
    knight = fight.add(_knight(side="B"))
    knight.protections = [Protection("armor", "plate", "Plate", 6)]
    table = Table([6])  # 13 hits on ST 12: 6 stopped, 7 taken (ST 5); 3d rolls 6: down
    fight.hit("Knight", 13, rules, by="Ogre", roll=table)
    assert knight.knocked_down_turn == 1 and table.asked[0][0] == 3 and table.rolls == []
    melee = Encounter("Cave")  # Melee's reactions: no such roll
    melee.add(_knight("Ogre", st=20))
    melee.add(_knight(side="B")).protections = [Protection("armor", "plate", "Plate", 6)]
    melee.hit("Knight", 13, rules, by="Ogre", roll=Table([]))


# ------------------------------------------------------------------ falls
def test_a_fall_save_takes_a_die_off_and_armor_stops_two(library: RulesLibrary) -> None:
    """000: "If you make your roll then you jump down successfully and can take away one of
    the D6's" and "Armor, regardless of type, will only stop a maximum of 2 points"."""
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    roman = fight.add(flavius(library))
    roman.height, roman.falls = "3", ["4-6", "7-9", "10-12"]
    table = Table([7, 5])  # 10 tiles: 3d; the roll of 7 against adjDX 8 saves: 2d roll 5
    assert fight.fall("Flavius", 10, table, rules) == 5
    assert table.asked[1][0] == 2 and roman.wounds == 3
    assert roman.protections[0].stopped == 2 and roman.protections[1].stopped == 0
    with pytest.raises(EncounterRefused, match="20 at most"):
        fight.fall("Flavius", 100, Table([]), rules)


# ------------------------------------------------------------------ ST 0 and below
def test_a_character_at_zero_st_is_dying_a_creature_dead(library: RulesLibrary) -> None:
    """001: "A character who has 0 ST left is unconscious and badly wounded. But the character
    may survive"; Melee: "any figure whose ST is reduced to 0 dies"."""
    rules = library.combat_rules()
    hero = figure(fid="F1", name="Hero", side="A", st=10, dx=10, character_id=7)
    wolf = figure(fid="F2", name="Wolf", side="B", st=10, dx=14)
    for fig in (hero, wolf):
        fig.take(10, rules, 1)
    assert hero.condition(rules, 1) is Condition.DYING
    assert wolf.condition(rules, 1) is Condition.DEAD


@pytest.mark.parametrize(("kills", "state"), [(False, Condition.UNCONSCIOUS),
                                              (True, Condition.DYING)])
def test_fatigue_at_zero_follows_the_option(library: RulesLibrary, kills: bool,
                                            state: Condition) -> None:
    """001 says a character at 0 ST is "unconscious"; the documents never say fatigue kills:
    the campaign's option decides (unconscious by default, our reading)."""
    rules = library.combat_rules()
    fight = Encounter("Magic", fatigue_kills=kills)
    wizard = fight.add(figure(fid="", name="Wizard", side="A", st=10, dx=12, character_id=3))
    fight.spend_st("Wizard", 10, rules)
    assert wizard.condition(rules, 1) is state


# ------------------------------------------------------------------ awards
def test_an_unconscious_loser_in_a_combat_to_the_death_gets_nothing(
        library: RulesLibrary) -> None:
    """003: "COMBAT TO THE DEATH. Continues until all on one side are slain. 50 experience
    points (EP) to each survivor"; the loser is not a survivor."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Glade")
    roman = fight.add(flavius(library))
    german = fight.add(wulf(library))
    roman.character_id, german.character_id = 1, 2
    fight.hit("Wulf", 13, rules)  # ST 1: unconscious
    ending = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    awards = {e.name: e.award.amount for e in ending.endings}
    assert ending.winner == "Romans" and awards == {"Flavius": 50, "Wulf": 0}


def test_arena_early_end_and_running_away(library: RulesLibrary) -> None:
    """003: "Winners get 30 EP; defeated survivors get 20 EP (unless they ran away unhurt,
    in which case they lose 10 EP)."  Two sides still fighting: nobody has won."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Arena", combat="arena")
    a = fight.add(_knight("Alpha", side="A"))
    b = fight.add(_knight("Beta", side="B"))
    a.character_id, b.character_id = 1, 2
    early = resolve_ending(fight, rules, table, CombatType.ARENA, ArmorWear.BLOWS)
    assert early.winner == "" and [e.award.amount for e in early.endings] == [0, 0]
    fight.flee("Beta", rules)
    ran = resolve_ending(fight, rules, table, CombatType.ARENA, ArmorWear.BLOWS)
    assert ran.winner == "A"
    assert [e.award.amount for e in ran.endings] == [30, -10]


def test_wear_counts_blows_or_points(library: RulesLibrary) -> None:
    """001: "When armor has taken (20 + 10x hits stopped) hits ... Extremely powerful or
    otherwise special blows may count as multiple hits": by default a blow is a hit."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Glade")
    roman = fight.add(flavius(library))
    fight.add(wulf(library))
    roman.character_id, roman.protections[0].item_id = 1, "mail"
    fight.hit("Flavius", 7, rules)
    by_blows = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    by_points = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.POINTS)
    assert [w.hits for w in by_blows.endings[0].wear] == [1]
    assert [w.hits for w in by_points.endings[0].wear] == [3]


# ------------------------------------------------------------------ initiative, order, options
def test_a_side_with_nobody_standing_does_not_roll(library: RulesLibrary) -> None:
    """002: "the players start every turn by rolling the dice" — a side with no figure left
    has no player in the fight; and no side chooses in a roll-off."""
    rules = library.combat_rules()
    fight = Encounter("Brawl")
    for side in ("Red", "Blue", "Green"):
        fight.add(_knight(f"{side} knight", side=side))
    fight.hit("Green knight", 12, rules)
    assert fight.roll_initiative(Table([2, 5]), rules) == ["Blue", "Red"]
    with pytest.raises(EncounterRefused, match="has no figure standing"):
        fight.roll_initiative(Table([2, 5]), rules, first="Green")


def test_first_cannot_override_a_roll_off(library: RulesLibrary) -> None:
    """002: "Whoever goes highest conducts his first turn."  With the Melee option for three
    sides, the winner chooses (003: "The winner may choose")."""
    rules = library.combat_rules()
    fight = Encounter("Brawl")
    for side in ("Red", "Blue", "Green"):
        fight.add(_knight(f"{side} knight", side=side))
    with pytest.raises(EncounterRefused, match="roll-off decides"):
        fight.roll_initiative(Table([1, 2, 3]), rules, first="Red")
    assert fight.rolls_made == 0 and not fight.order
    melee = Encounter("Brawl", many_sides=ManySides.MELEE.value)
    for side in ("Red", "Blue", "Green"):
        melee.add(_knight(f"{side} knight", side=side))
    assert melee.roll_initiative(Table([1, 2, 3]), rules, first="Red") == [
        "Red", "Green", "Blue"]


def test_the_log_cites_where_the_campaigns_reading_is_written(library: RulesLibrary) -> None:
    """A rule line says which reading is in play and where it is written (issue 30)."""
    rules = library.combat_rules()
    brawl = Encounter("Brawl")
    for side in ("Red", "Blue", "Green"):
        brawl.add(_knight(f"{side} knight", side=side))
    brawl.roll_initiative(Table([1, 2, 3, 4, 5, 6]), rules)
    assert brawl.log[-1].endswith("Initiative for three or more sides: the free-for-all "
                                  "roll-off (Free-for-All Rules (Three-Way Battles)).")
    fight, _target, rules = _house(library, figure(
        fid="", name="Knight", side="B", st=12, dx=10,
        protections=[Protection("armor", "leather", "Leather", 2)]))
    fight.attack("Hero", "Knight", Table([4, 7]), rules)  # a 4: double damage
    assert any("(TFT House Rules: Combat, Double or Triple Damage)" in line
               for line in fight.log)


def test_an_attack_out_of_dx_order_is_warned(library: RulesLibrary) -> None:
    """003: "Figures attack in the order of their ADJUSTED DX, highest first"."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_knight("Slow", dx=9))
    fight.add(_knight("Quick", side="B", dx=14))
    fight.attack("Slow", "Quick", Table([16]), rules)
    assert "Out of order: Slow (adjDX 9) attacks before Quick (14)" in fight.log[-2]


def test_an_option_limits_the_attack(library: RulesLibrary) -> None:
    """003: "No figure may attack unless it chose an option including the word 'attack'" and
    "A figure may NOT defend without a non-missile weapon ready"."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_knight())
    fight.add(_archer(library, "longbow"))
    fight.choose_option("Knight", "move", rules)
    with pytest.raises(EncounterRefused, match="chose Move, which has no attack"):
        fight.attack("Knight", "Archer", Table([5]), rules)
    with pytest.raises(EncounterRefused, match="needs a non-missile weapon ready"):
        fight.choose_option("Archer", "defend", rules)
    # (b) "attack with any weapon except a missile weapon": refused as it is chosen
    with pytest.raises(EncounterRefused, match="Charge attack needs a non-missile weapon "
                                               "ready; Archer's ready weapon is Longbow"):
        fight.choose_option("Archer", "charge", rules)
    fight.figure("Archer").attacks.append(Attack("Dagger", "1d-1", "dagger"))
    fight.choose_option("Archer", "missile", rules)
    with pytest.raises(EncounterRefused, match="does not attack with a weapon that is not"):
        fight.attack("Archer", "Knight", Table([5]), rules, weapon=1)
    with pytest.raises(EncounterRefused, match="not one of Melee's options"):
        fight.choose_option("Knight", "fly", rules)
