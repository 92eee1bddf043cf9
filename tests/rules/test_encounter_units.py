"""The fight's smaller rules one at a time: the words of the log, the edges of each number."""

from __future__ import annotations

import pytest

from tftmanager.rules.awards import CombatType
from tftmanager.rules.bestiary import creature_from_data
from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_ending import resolve_ending, winning_side
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, Protection
from tftmanager.rules.encounter_options import find_option
from tftmanager.rules.encounter_rules import HitResult
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import ArmorWear

from .fight_figures import figure
from .test_encounter import Table


def _fig(name: str, side: str, st: int = 12, dx: int = 12, **kw: object) -> Figure:
    return figure(fid="", name=name, side=side, st=st, dx=dx,
                  attacks=[Attack("Club", "1d+2", "club")], **kw)  # type: ignore[arg-type]


def test_critical_stops_by_kind(library: RulesLibrary) -> None:
    """004: armor and shields ignored, Warrior and Veteran in full, natural armor half
    (rounded down)."""
    critical = library.combat_rules().critical
    assert [critical.stops(k, 3) for k in ("armor", "shield", "natural", "hide")] == [
        0, 0, 3, 1]
    assert critical.rerolls(["natural"]) and critical.rerolls([])
    assert not critical.rerolls(["natural", "hide"]) and not critical.rerolls(["shield"])


def test_a_triple_adds_a_die_under_the_house_rules(library: RulesLibrary) -> None:
    """004: "Treat triple damage the same way, but also add an extra 1d of damage."."""
    rules = library.combat_rules()
    fight = Encounter("House", critical_hits="house")
    fight.add(_fig("Hero", "A"))
    target = fight.add(_fig("Orc", "B", st=20, protections=[
        Protection("armor", "leather", "Leather", 2)]))
    table = Table([3, 4, 5])  # a 3: triple; 1d+2 rolls 4: 6; +1d rolls 5: 11, armor ignored
    assert fight.attack("Hero", "Orc", table, rules) is HitResult.TRIPLE
    assert target.wounds == 11 and target.protections[0].stopped == 0
    assert ("Turn 1: 1d+2 rolls 4: 6, armor and shield ignored, +1d rolls 5: 11 "
            "(TFT House Rules: Combat, Double or Triple Damage).") in fight.log


def test_melee_multiplies_a_triple(library: RulesLibrary) -> None:
    """003: "A roll of 3 always hits, regardless of DX, and does triple damage"."""
    rules = library.combat_rules()
    fight = Encounter("Melee")
    fight.add(_fig("Hero", "A"))
    target = fight.add(_fig("Orc", "B", st=30))
    fight.attack("Hero", "Orc", Table([3, 4]), rules)
    assert target.wounds == 18 and "Turn 1: 1d+2 rolls 4: 6 x3 = 18." in fight.log


def test_conditions_at_their_edges(library: RulesLibrary) -> None:
    """003: "Any figure whose ST is reduced to 1 falls unconscious ... 0 dies"."""
    rules = library.combat_rules()
    fig = _fig("Orc", "B", st=5)
    fig.take(3, rules, 1)
    assert fig.condition(rules, 1) is Condition.FIGHTING
    fig.take(1, rules, 1)
    assert fig.condition(rules, 1) is Condition.UNCONSCIOUS and fig.current_st == 1
    fig.take(1, rules, 1)
    assert fig.condition(rules, 1) is Condition.DEAD
    assert fig.may_attack(rules, 1) == "Orc is dead (ST 0) and cannot attack."


def test_a_knockdown_lasts_this_turn_and_the_next(library: RulesLibrary) -> None:
    """003: "It may do nothing NEXT turn except stand up"; line 128: "A figure MUST take a
    turn to stand up before attacking": it is down until it does."""
    rules = library.combat_rules()
    fig = _fig("Orc", "B", st=20)
    fig.take(8, rules, 2)
    assert [fig.condition(rules, t) for t in (2, 3, 4)] == [Condition.DOWN] * 3


def test_dx_penalties_and_their_notes() -> None:
    """003: "5 or more hits last turn is DX -2. A figure reduced to ST 3 or less is DX -3."."""
    fig = _fig("Orc", "B", st=10, dx=12)
    fig.hits_last_turn, fig.wounds = 4, 6
    assert (fig.adj_dx(), fig.dx_notes()) == (12, [])
    fig.hits_last_turn, fig.wounds = 5, 7
    assert fig.adj_dx() == 7
    assert fig.dx_notes() == ["-2 for 5 hits last turn", "-3 for ST 3"]


def test_the_shield_first_option(library: RulesLibrary) -> None:
    """Armor or shield first: the campaign's option decides which takes a partial hit."""
    rules = library.combat_rules()
    for first, stopped in ((False, [3, 1]), (True, [2, 2])):
        fight = Encounter("Wall", shield_first=first)
        fight.add(_fig("Hero", "A"))
        fig = fight.add(_fig("Roman", "B", protections=[
            Protection("armor", "chainmail", "Chainmail", 3),
            Protection("shield", "large_shield", "Large shield", 2)]))
        fight.hit("Roman", 4, rules)
        assert [p.stopped for p in fig.protections] == stopped


def test_options_by_letter_and_name(library: RulesLibrary) -> None:
    options = library.combat_rules().options
    found = [find_option(options, ref) for ref in ("(h)", "Shift and defend", "k", "DODGE")]
    assert [o.key if o else None for o in found] == ["attack", "defend", "ready", "dodge"]
    assert find_option(options, "z") is None
    assert options["defend"].guarded(False) and not options["defend"].guarded(True)
    assert options["dodge"].guarded(True) and not options["dodge"].guarded(False)
    assert not options["move"].guarded(True)


def test_ready_and_drop(library: RulesLibrary) -> None:
    """003: "a figure ... drop its weapon" and "(o) PICK UP DROPPED WEAPON"; a broken one
    is gone."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    hero = fight.add(figure(fid="", name="Hero", side="A", st=12, dx=12, attacks=[
        Attack("Club", "1d+2"), Attack("Dagger", "1d-1")]))
    fight.add(_fig("Orc", "B"))
    fight.drop("Hero", 0, rules)
    with pytest.raises(EncounterRefused, match="already dropped"):
        fight.drop("Hero", 0, rules)
    with pytest.raises(EncounterRefused, match="dropped the Club; ready it first"):
        fight.attack("Hero", "Orc", Table([9, 3]), rules)
    fight.ready("Hero", 1, rules)
    assert hero.ready == 1 and hero.dropped == ["Club"]
    fight.next_turn()
    fight.attack("Hero", "Orc", Table([18]), rules)
    assert hero.dropped == ["Club", "Dagger (broken)"]
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="Dagger is broken"):
        fight.ready("Hero", 1, rules)
    fight.ready("Hero", 0, rules)
    assert hero.dropped == ["Dagger (broken)"] and hero.ready == 0


def test_a_knocked_down_figure_may_only_stand_up(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_fig("Hero", "A"))
    fight.add(_fig("Orc", "B", st=20))
    fight.hit("Orc", 8, rules, by="Hero")
    fight.next_turn()
    with pytest.raises(EncounterRefused, match="nothing but stand up"):
        fight.choose_option("Orc", "attack", rules)
    assert fight.choose_option("Orc", "g", rules) == "Stand up"


def test_winning_side_in_practice(library: RulesLibrary) -> None:
    """003: "A figure drops out when its ST goes to 3 or less ... Those still on their feet
    when one side is eliminated get 10 EP each."."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Drill", combat="practice")
    a = fight.add(_fig("Alpha", "A"))
    b = fight.add(_fig("Beta", "B", st=6))
    a.character_id, b.character_id = 1, 2
    assert winning_side(fight, rules, CombatType.PRACTICE) == ""
    fight.hit("Beta", 6, rules)  # halved: 3 hits, ST 3: out
    assert winning_side(fight, rules, CombatType.PRACTICE) == "A"
    ending = resolve_ending(fight, rules, table, CombatType.PRACTICE, ArmorWear.BLOWS)
    assert [(e.award.amount, e.award.reason) for e in ending.endings] == [
        (10, "on their feet at the end of practice combat"),
        (0, "dropped out of practice combat")]


def test_a_dying_winner_keeps_the_award_if_the_roll_is_made(library: RulesLibrary) -> None:
    """001: someone at 0 ST "must roll an 8 or better on 2d in order to survive"."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Glade")
    a = fight.add(_fig("Alpha", "A"))
    fight.add(_fig("Orc", "B"))
    fight.add(_fig("Beta", "A", character_id=2))
    a.character_id = 1
    fight.hit("Beta", 12, rules)
    fight.hit("Orc", 12, rules)
    ending = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    beta = ending.endings[1]
    assert beta.dying and beta.condition is Condition.DYING
    assert (beta.award.amount, beta.award.reason) == (
        50, "survived a combat to the death (if the death-and-dying roll is made)")
    assert ending.endings[0].award.amount == 50


def test_a_bestiary_entry_with_bad_hexes_or_hide() -> None:
    row = {"key": "x", "name": "X", "st": 10, "dx": 10, "iq": 6, "ma": 10}
    assert creature_from_data(row).hexes == 1 and creature_from_data(row).hide
    with pytest.raises(RulesDataError, match="hexes must be 1 or more"):
        creature_from_data({**row, "hexes": 0})
    with pytest.raises(RulesDataError, match="hide must be true or false"):
        creature_from_data({**row, "hide": "yes"})


def test_a_fall_within_height_and_the_save_to_nothing(library: RulesLibrary) -> None:
    """000: "Any figure can jump down a number of hex tiles equal to or less than its Height
    number with no penalty"; a made roll on a 1-die fall leaves no die to roll."""
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    fig = fight.add(_fig("Hero", "A", dx=12))
    fig.height, fig.falls = "3", ["4-6", "7-9", "10-12"]
    assert fight.fall("Hero", 3, Table([]), rules) == 0
    assert fight.fall("Hero", 5, Table([12]), rules) == 0
    assert "lands standing, 0d" in fight.log[-1]
    assert fight.fall("Hero", 5, Table([13, 4]), rules) == 4
    assert fig.wounds == 4
    with pytest.raises(EncounterRefused, match="whole number of tile heights"):
        fight.fall("Hero", -1, Table([]), rules)


def test_a_dodge_guards_against_thrown_weapons_too(library: RulesLibrary) -> None:
    """003: "a figure attempting to hit a dodging figure (with a missile or thrown weapon)
    ... must roll its adjDX on FOUR dice"; a blow with a sword is not slowed by a dodge."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(figure(fid="", name="Thrower", side="A", st=12, dx=12, attacks=[
        Attack("Spear (thrown)", "1d+1", "spear", thrown=True), Attack("Club", "1d+2")]))
    fight.add(figure(fid="", name="Thrower 2", side="A", st=12, dx=12, attacks=[
        Attack("Club", "1d+2")]))
    fight.add(_fig("Runner", "B"))
    fight.choose_option("Runner", "dodge", rules)
    table = Table([13])
    fight.attack("Thrower", "Runner", table, rules)
    fight.attack("Thrower 2", "Runner", table.feed(16), rules)
    assert [dice for dice, _what in table.asked] == [4, 3]


def test_a_bestiary_entry_at_the_smallest_values() -> None:
    """A creature of ST 1 and DX 1 is allowed; a two-letter field is named in capitals."""
    row = {"key": "rat", "name": "Rat", "st": 1, "dx": 1, "iq": 1, "ma": 0}
    assert (creature_from_data(row).st, creature_from_data(row).ma) == (1, 0)
    with pytest.raises(RulesDataError, match="Creature 'rat': IQ must be a whole number, not "
                                             "'x'"):
        creature_from_data({**row, "iq": "x"})
    with pytest.raises(RulesDataError, match="stops must be a whole number"):
        creature_from_data({**row, "stops": "x"})


def test_no_such_weapon_and_a_shot_before_the_first(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_fig("Hero", "A"))
    fight.add(_fig("Orc", "B"))
    with pytest.raises(EncounterRefused, match=r"Hero has no weapon number 2\."):
        fight.attack("Hero", "Orc", Table([]), rules, weapon=1)
    with pytest.raises(EncounterRefused, match="has not fired Club yet"):
        fight.attack("Hero", "Orc", Table([]), rules, second_shot=True)


def test_the_rate_names_the_next_turn(library: RulesLibrary) -> None:
    """003: "Fires every 3rd turn"."""
    rules = library.combat_rules()
    fight = Encounter("Walls")
    fight.add(figure(fid="", name="Xbow", side="A", st=15, dx=12, attacks=[
        Attack("Heavy crossbow", "3d", missile=True, turns_per_shot=3,
               fast_turns_per_shot=2, fast_dx=16)]))
    fight.add(_fig("Orc", "B"))
    fight.attack("Xbow", "Orc", Table([16]), rules)
    fight.next_turn()
    with pytest.raises(EncounterRefused, match=r"^The Heavy crossbow fires every 3rd turn "
                       r"\(Xbow's adjDX 12\); it fired in turn 1, so next in turn 4\.$"):
        fight.attack("Xbow", "Orc", Table([16]), rules)


def test_rerolled_dice_are_single_dice(library: RulesLibrary) -> None:
    """004: "reroll all 1s rolled for damage": each die is rolled (and typed) on its own."""
    rules = library.combat_rules()
    fight = Encounter("House", critical_hits="house")
    fight.add(figure(fid="", name="Hero", side="A", st=12, dx=12,
                     attacks=[Attack("Broadsword", "2d")]))
    fight.add(_fig("Peasant", "B"))
    table = Table([4, 1, 2, 6])
    fight.attack("Hero", "Peasant", table, rules)
    assert [dice for dice, _what in table.asked] == [3, 1, 1, 1]
    assert [what for _dice, what in table.asked][1:] == [
        "Hero's damage (2d), die 1", "Hero's damage (2d), die 1 again",
        "Hero's damage (2d), die 2"]


def test_a_roll_off_of_two_sides_leaves_nobody_out() -> None:
    """002's sit-out keeps a side from two turns in a row; with two sides nobody sits out."""
    from tftmanager.rules.encounter_order import roll_off

    result = roll_off(["A", "B"], Table([2, 5]), "A")
    assert result.order == ("B", "A")
    assert not any("sits out" in line for line in result.log)
    three = roll_off(["A", "B", "C"], Table([2, 5, 3, 4]), "A")  # B 2, C 5; then A 3, B 4
    assert three.order == ("C", "B", "A")
    assert three.log[0] == "A went last and sits out the first roll-off."


def test_a_fall_of_no_height(library: RulesLibrary) -> None:
    rules = library.combat_rules()
    fight = Encounter("Step", three_d=True)
    fig = fight.add(_fig("Hero", "A"))
    fig.height, fig.falls = "3", ["4-6", "7-9", "10-12"]
    assert fight.fall("Hero", 0, Table([]), rules) == 0


def test_true_is_not_a_number_of_anything(library: RulesLibrary) -> None:
    """A flag typed where a number belongs is refused, not read as 1."""
    rules = library.combat_rules()
    fight = Encounter("Step", three_d=True)
    fig = fight.add(_fig("Hero", "A"))
    fig.height, fig.falls = "1", ["2", "3", "4"]
    with pytest.raises(EncounterRefused, match="whole number of tile heights, not 'True'"):
        fight.fall("Hero", True, Table([]), rules)
    with pytest.raises(EncounterRefused, match="whole number of hits, not 'True'"):
        fight.hit("Hero", True, rules)
    with pytest.raises(EncounterRefused, match="ST spent must be 1 or more"):
        fight.spend_st("Hero", True, rules)
    with pytest.raises(EncounterRefused, match="no weapon number 2"):
        fight.drop("Hero", True, rules)


def test_a_second_shot_is_the_same_bows(library: RulesLibrary) -> None:
    """003: "they fire their second arrows": the bow that shot this turn, not another weapon."""
    rules = library.combat_rules()
    fight = Encounter("Butts")
    long, small = library.weapons["longbow"], library.weapons["small_bow"]
    fight.add(figure(fid="", name="Archer", side="A", st=12, dx=18, attacks=[
        Attack("Longbow", "1d+2", missile=True, twice_at_dx=long.second_shot_dx,
               fast_shots=long.fast_shots), Attack("Club", "1d+2"),
        Attack("Small bow", "1d-1", missile=True, twice_at_dx=small.second_shot_dx,
               fast_shots=small.fast_shots)]))
    fight.add(_fig("Orc", "B"))
    fight.attack("Archer", "Orc", Table([16]), rules)
    fight.hit("Archer", 0, rules, by="Orc")
    for number, name in ((1, "Club"), (2, "Small bow")):
        with pytest.raises(EncounterRefused, match=f"has not fired {name} yet"):
            fight.attack("Archer", "Orc", Table([]), rules, weapon=number, second_shot=True)
    fight.attack("Archer", "Orc", Table([16]), rules, weapon=0, second_shot=True)


def test_out_of_order_against_the_rolled_attack_order(library: RulesLibrary) -> None:
    """003: "Figures attack in the order of their ADJUSTED DX, highest first; ties are
    resolved each turn by a die roll": once rolled, the order itself is the measure."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    a = fight.add(_fig("Ann", "A", dx=12))
    b = fight.add(_fig("Bob", "B", dx=12))
    assert fight.order_attacks(Table([2, 5]), rules) == [b.fid, a.fid]  # Bob won the tie
    fight.attack("Ann", "Bob", Table([16]), rules)
    assert fight.log[-2] == ("Turn 1: Out of order: Ann (adjDX 12) attacks before Bob (12); "
                             "Melee: attacks go highest adjDX first.")
    fight.next_turn()
    fight.order_attacks(Table([6, 1]), rules)  # Ann first this time
    fight.attack("Ann", "Bob", Table([16]), rules)
    assert not any("Out of order" in line for line in fight.log[-3:])


def test_heavy_blows_step_by_the_data() -> None:
    """004's "etc.": the step is data; a step of 1 adds a die for every further point."""
    from tftmanager.rules.encounter_rules import KnockdownRules

    knock = KnockdownRules(((30, 3),), 3, (14,), 1)
    assert [knock.for_blow(d, 5) for d in (14, 15, 16, 17)] == [3, 4, 5, 6]
    assert KnockdownRules(((30, 3),), 3, (14,), 0).for_blow(40, 5) == 4


def test_a_three_band_injury_table_extends_by_its_own_steps() -> None:
    """004's table "..." beyond the last band: the last two steps repeat (our reading)."""
    from tftmanager.rules.injury import InjuryBand, InjuryTable, InjuryThresholds
    from tftmanager.rules.settings import InjuryReactions

    table = InjuryTable(InjuryThresholds(5, 8), (
        InjuryBand(1, 19, 5, 8), InjuryBand(20, 29, 7, 12), InjuryBand(30, 39, 10, 17)),
        3, -3)
    beyond = [table.thresholds(st, InjuryReactions.HOUSE_BY_ST) for st in (40, 50)]
    assert [(t.dx_penalty_hits, t.knockdown_hits, t.assumed) for t in beyond] == [
        (12, 21, True), (15, 26, True)]
