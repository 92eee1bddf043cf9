"""The fight's rules at the points a seeded sample of mutants changed without a failing test.

``scripts/mutants.py --fight`` (run by ``make soak``) changes one token of the
fight's modules at a time; each test here pins down a behaviour of the
documents that one of its survivors changed unnoticed (issue 27 asks for 90%
of the non-equivalent mutants killed).  The mutants that change nothing at all
are listed, with the reason, in ``scripts/mutants-equivalent.toml``.
"""

from __future__ import annotations

import copy

import pytest

from tftmanager.rules.awards import CombatType
from tftmanager.rules.bestiary import Creature, creature_from_data
from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_blows import knockdown_dice
from tftmanager.rules.encounter_ending import resolve_ending
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, Protection
from tftmanager.rules.encounter_options import FightOption
from tftmanager.rules.encounter_order import attack_order, roll_off, two_side_initiative
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.injury import InjuryBand, InjuryTable, InjuryThresholds
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.new_figures import from_template
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import ArmorWear, CriticalHits, InjuryReactions, RuleProfile
from tftmanager.shipped import rules_documents

from .fight_figures import figure, saved
from .test_encounter import Table

pytestmark = pytest.mark.rules


def _swordsman(name: str, side: str, st: int = 12, dx: int = 12,
               protections: list[Protection] | None = None) -> Figure:
    return figure(fid="", name=name, side=side, st=st, dx=dx, protections=protections or [],
                  attacks=[Attack("Broadsword", "2d", "broadsword")])


def _duel(critical_hits: CriticalHits = CriticalHits.MELEE_MULTIPLY,
          target: Figure | None = None) -> tuple[Encounter, Figure]:
    fight = Encounter("Duel", critical_hits=critical_hits.value)
    fight.add(_swordsman("Hero", "A"))
    return fight, fight.add(target or _swordsman("Orc", "B", st=20))


# ------------------------------------------------------------------ the bestiary
def test_a_template_without_hexes_is_one_hex() -> None:
    """000's Height Chart gives a one-hex figure its race's row and keeps rows for "2 Hex
    Horseman", "3 or 4 Hex Figure" and "7 Hex Figure": a template that does not say how many
    hexes it fills (a quick NPC) is one hex, whether read from data or made directly."""
    made = Creature(key="", name="Bandit", kind="npc", st=11, dx=11, iq=9, ma=10)
    read = creature_from_data({"key": "bandit", "name": "Bandit", "kind": "npc",
                               "st": 11, "dx": 11, "iq": 9, "ma": 10})
    assert made.hexes == read.hexes == 1


def test_a_template_without_a_modifier_is_hit_as_its_dx_says() -> None:
    """003's giant snake is the exception ("-3 off your DX for any attack on it"): a
    template that names no such modifier, read from data or made directly (a quick NPC),
    changes nobody's roll to hit it."""
    made = Creature(key="", name="Bandit", kind="npc", st=11, dx=11, iq=9, ma=10)
    read = creature_from_data({"key": "bandit", "name": "Bandit", "st": 11, "dx": 11,
                               "iq": 9, "ma": 10})
    assert made.dx_against == read.dx_against == 0


def test_a_template_without_stops_stops_nothing() -> None:
    """003: "No armor: MA = 10, no hits stopped"; a template that names no armor, shield or
    natural stops (a bandit) stops nothing."""
    read = creature_from_data({"key": "bandit", "name": "Bandit", "st": 11, "dx": 11,
                               "iq": 9, "ma": 10})
    assert read.stops == 0


@pytest.mark.parametrize(("field", "value", "message"), [
    ("st", 0, "ST and DX must be 1 or more"),
    ("dx", 0, "ST and DX must be 1 or more"),
    ("ma", -1, "MA 0 or more"),
])
def test_a_template_below_the_least_values_is_refused(field: str, value: int,
                                                      message: str) -> None:
    """003: "any figure whose ST is reduced to 0 dies": a template of ST 0 (or DX 0, or a
    negative MA) is refused by name, each of the three on its own."""
    row = {"key": "rat", "name": "Rat", "st": 1, "dx": 1, "iq": 1, "ma": 0, field: value}
    with pytest.raises(RulesDataError, match=f"Creature 'rat': .*{message}"):
        creature_from_data(row)


def test_a_weapon_that_is_not_a_key_is_refused() -> None:
    """A template names its weapons by library key (bestiary.toml): a number among them is a
    data error naming the entry, not a weapon nobody can find."""
    with pytest.raises(RulesDataError, match="Creature 'wolf': weapons must be a list"):
        creature_from_data({"key": "wolf", "name": "Wolf", "st": 10, "dx": 14, "iq": 6,
                            "ma": 12, "weapons": [3]})


# ------------------------------------------------------------------ the words of a blow
def test_a_plain_hit_is_not_multiplied(library: RulesLibrary) -> None:
    """003: "When an attacker rolls his DX or less on 3 dice, he hits the enemy ... a
    broadsword gets 2 dice."  A roll of 9 at adjDX 12 hits; the 2 dice roll 7: 7 hits, said
    as rolled (only a 3 or a 4 multiplies, Melee's "x2"/"x3")."""
    fight, target = _duel()
    fight.attack("Hero", "Orc", Table([9, 7]), library.combat_rules())
    assert target.wounds == 7
    assert "Turn 1: 2d rolls 7: 7." in fight.log


def test_the_house_reading_is_cited_only_on_a_double_or_triple(library: RulesLibrary) -> None:
    """004, Double or Triple Damage: "Instead of actually doubling damage, ignore armor and
    shields the foe has."  The reading concerns a 3 or a 4 only: a plain hit (a 9) is
    Melee's in any campaign, its line names no house rule and the armor stops its 2."""
    leather = Protection("armor", "leather", "Leather", 2)
    fight, target = _duel(CriticalHits.HOUSE_IGNORE_ARMOR,
                          _swordsman("Orc", "B", st=20, protections=[leather]))
    fight.attack("Hero", "Orc", Table([9, 7]), library.combat_rules())
    assert target.wounds == 5
    assert "Turn 1: 2d rolls 7: 7." in fight.log


def test_five_hits_in_a_turn_are_noted_for_next_turn(library: RulesLibrary) -> None:
    """003: "A figure which takes 5 or more hits in one turn has its DX adjusted -2 for the
    NEXT turn ONLY."  Exactly 5 hits (a 2d roll of 5, no armor) are enough for the note."""
    rules = library.combat_rules()
    fight, target = _duel()
    fight.attack("Hero", "Orc", Table([9, 5]), rules)
    assert target.hits_this_turn == target.dx_penalty_hits == 5
    assert "Turn 1: Orc has taken 5 hits this turn: DX -2 next turn." in fight.log


def test_a_blow_entered_as_ignoring_armor_passes_every_protection(
        library: RulesLibrary) -> None:
    """003: "plate armor takes 5 hits/attack" - unless the blow is one that ignores armor (a
    house-rules double entered by hand): then armor and shield stop nothing of its 6 hits."""
    rules: CombatRules = library.combat_rules()
    fight, target = _duel(target=_swordsman("Knight", "B", st=20, protections=[
        Protection("armor", "plate", "Plate", 5), Protection("shield", "small", "Small", 1)]))
    fight.hit("Knight", 6, rules, ignore_armor=True)
    assert target.wounds == 6
    assert [p.stopped for p in target.protections] == [0, 0]


# ------------------------------------------------------------------ the end of a fight
def test_an_ally_who_earns_nothing_counts_in_the_sides_average(library: RulesLibrary) -> None:
    """003, Experience: "In multi-figure combats, the AVERAGE superiority is considered" and
    "50 experience points (EP) to each survivor, or 70 if the enemy averaged more than 3
    superior in ST + DX."  A hero (ST + DX 24) and a summoned warrior (20, no character)
    average 22; the slain ogre had 27, 5 more: the hero earns 70 (24 alone would be 3)."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Cave")
    hero = fight.add(_swordsman("Hero", "Party", st=12, dx=12))
    fight.add(_swordsman("Warrior", "Party", st=10, dx=10))
    fight.add(_swordsman("Ogre", "Cave", st=15, dx=12))
    hero.character_id = 1
    fight.hit("Ogre", 15, rules)  # ST 0: a creature dies
    ending = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    assert ending.winner == "Party"
    assert [(e.name, e.award.amount) for e in ending.endings] == [("Hero", 70)]


# ------------------------------------------------------------------ a figure's ST
def test_earlier_wounds_count_towards_death(library: RulesLibrary) -> None:
    """003: "any figure whose ST is reduced to 0 dies."  An orc of ST 12 that comes into the
    fight with 5 hits from an earlier one dies of 7 more (not merely unconscious)."""
    rules = library.combat_rules()
    orc = _swordsman("Orc", "B", st=12)
    orc.wounds_before = 5
    orc.take(7, rules, 1)
    assert orc.wounded_st == 0
    assert orc.condition(rules, 1) is Condition.DEAD


def test_armor_a_double_ignores_does_not_wear(library: RulesLibrary) -> None:
    """004: "ignore armor and shields the foe has" on a double; 001: "When armor has taken
    (20 + 10x hits stopped) hits, it will begin to fall apart."  Leather that stops nothing
    of the blow has taken no hit of it: no wear, and the log names nothing as stopping."""
    leather = Protection("armor", "leather", "Leather", 2, item_id="leather")
    fight, target = _duel(CriticalHits.HOUSE_IGNORE_ARMOR,
                          _swordsman("Orc", "B", st=20, protections=[leather]))
    fight.attack("Hero", "Orc", Table([4, 7]), library.combat_rules())  # a 4: double
    assert target.wounds == 7
    assert (leather.stopped, leather.blows) == (0, 0)
    assert "Turn 1: Hero's Broadsword: 7 hits on Orc; 7 taken, ST 13 of 20." in fight.log


# ------------------------------------------------------------------ who goes first
def test_the_roll_off_names_each_place() -> None:
    """002: "Whoever goes highest conducts his first turn. The remaining players then roll
    off, with the highest going next."  Red 2, Blue 5, Green 5, the tie Blue 6, Green 1;
    then for second place Red 4, Green 3."""
    table = Table([2, 5, 5, 6, 1, 4, 3])
    result = roll_off(["Red", "Blue", "Green"], table, None)
    assert result.order == ("Blue", "Red", "Green")
    assert [line for line in result.log if " goes " in line] == [
        "Blue goes first.", "Red goes second.", "Green goes third."]
    assert [what for _dice, what in table.asked[-2:]] == [
        "Roll-off for place 2: Red", "Roll-off for place 2: Green"]


def test_the_initiative_is_a_die_a_side() -> None:
    """003: "Roll for initiative. Each player rolls a die."  Two sides, one die each; a tie
    (3 and 3) is rolled again, one die each (5 and 2)."""
    table = Table([3, 3, 5, 2])
    assert two_side_initiative(["Men", "Orcs"], table).order == ("Men", "Orcs")
    assert [dice for dice, _what in table.asked] == [1, 1, 1, 1]


def test_a_side_alone_rolls_no_initiative() -> None:
    """003: "Roll for initiative. Each player rolls a die."  Against nobody there is nothing
    to roll for: a lone side is first without a die (the tracker refuses such a fight)."""
    table = Table([])
    assert two_side_initiative(["Men"], table).order == ("Men",)
    assert table.asked == []


# ------------------------------------------------------------------ numbers typed at the table
def test_a_fraction_of_a_hit_is_refused(library: RulesLibrary) -> None:
    """003: "The result is the number of hits the enemy takes": whole hits.  2.5 typed as a
    blow's damage is refused in one line and changes nothing."""
    fight, target = _duel()
    with pytest.raises(EncounterRefused, match=r"whole number of hits, not '2\.5'"):
        fight.hit("Orc", 2.5, library.combat_rules())  # type: ignore[arg-type]
    assert target.wounds == 0


# ------------------------------------------------------------------ reactions to injury by ST
def _beyond(table: InjuryTable, *strengths: int) -> list[tuple[int, int, bool]]:
    found = [table.thresholds(st, InjuryReactions.HOUSE_BY_ST) for st in strengths]
    return [(t.dx_penalty_hits, t.knockdown_hits, t.assumed) for t in found]


def test_the_house_chart_goes_on_by_its_own_steps(library: RulesLibrary) -> None:
    """004, Reaction to Injuries: the chart runs 5, 7, 10, 12, 15 ... 27 hits for -2 DX
    (+2 and +3 in turn) and 8, 12, 16 ... 44 to knock down (+4), and stops at ST 109; our
    reading (marked assumed) goes on the same way, 10 ST a row: ST 110-119 is 30 and 48,
    120 is 32 and 52, 130 is 35 and 56."""
    assert _beyond(library.injury, 110, 119, 120, 130) == [
        (30, 48, True), (30, 48, True), (32, 52, True), (35, 56, True)]


def test_a_two_band_chart_repeats_its_one_step() -> None:
    """004's chart as a GM may cut it down to its first two rows, "1-19 5 8" and "20-29 7
    12": past them the one step there is (+2, +4) repeats for every 10 ST."""
    table = InjuryTable(InjuryThresholds(5, 8),
                        (InjuryBand(1, 19, 5, 8), InjuryBand(20, 29, 7, 12)), 3, -3)
    assert _beyond(table, 30, 40) == [(9, 16, True), (11, 20, True)]


# ------------------------------------------------------------------ joining, initiative, options
def test_a_new_figure_takes_the_next_free_id() -> None:
    """Figures are F1, F2 ... and no two share an id: a saved fight whose figures are F1 and
    F3 gives the next to join F4, the next number not taken."""
    fight = Encounter.from_dict(Encounter("Saved", figures=[
        _swordsman("Hero", "A"), _swordsman("Orc", "B")]).to_dict(), saved())
    fight.figures[0].fid, fight.figures[1].fid = "F1", "F3"
    assert fight.add(_swordsman("Goblin", "B")).fid == "F4"


def test_two_sides_name_no_reading_of_three(library: RulesLibrary) -> None:
    """003: "Each player rolls a die. The winner may choose..."  With two sides that is the
    whole rule: the log names the campaign's reading for three or more sides only then."""
    fight, _target = _duel()
    fight.roll_initiative(Table([5, 2]), library.combat_rules())
    assert not any("three or more sides" in line for line in fight.log)
    assert fight.order == ["A", "B"]


def test_a_knocked_down_figure_acts_again_the_turn_after_next(library: RulesLibrary) -> None:
    """003: "A figure which takes 8 or more hits in one turn IMMEDIATELY falls down ... It may
    do nothing NEXT turn except stand up": down in turn 1, only stand up in turn 2, and in
    turn 3 it may choose to attack."""
    rules = library.combat_rules()
    fight, _target = _duel()
    fight.hit("Orc", 8, rules, by="Hero")
    fight.next_turn()
    assert fight.choose_option("Orc", "stand_up", rules) == "Stand up"
    fight.next_turn()
    assert fight.choose_option("Orc", "attack", rules) == "Shift and attack"


def test_a_fight_saved_before_the_fatigue_option_keeps_the_default(
        library: RulesLibrary) -> None:
    """001 marks a character at 0 ST or below as dying from wounds; the documents never say
    fatigue kills, so by default a wizard who spends his last ST is unconscious.  A figure
    saved before the option existed (no ``fatigue_kills``) reads with that default."""
    rules = library.combat_rules()
    stored = _swordsman("Wizard", "A", st=10).to_dict()
    del stored["fatigue_kills"]
    wizard = Figure.from_dict({**stored, "fatigue": 10, "character_id": 1}, saved())
    assert wizard.condition(rules, 1) is Condition.UNCONSCIOUS


def test_a_blow_of_no_hits_is_entered(library: RulesLibrary) -> None:
    """003: "A dagger gets 1-1; if you roll a 3, the enemy only takes 2 hits" - and on a 1,
    none: 0 hits is a blow the table may enter, and it changes no ST."""
    fight, target = _duel()
    fight.hit("Orc", 0, library.combat_rules())
    assert target.wounds == 0
    assert "Turn 1: a blow: 0 hits on Orc; 0 taken, ST 20 of 20." in fight.log


def test_a_figure_falls_once_a_turn(library: RulesLibrary) -> None:
    """003: "A figure which takes 8 or more hits in one turn IMMEDIATELY falls down."  A
    second blow in the same turn (3 more) finds it already down: it does not fall again."""
    rules = library.combat_rules()
    fight, _target = _duel()
    fight.hit("Orc", 8, rules)
    fight.hit("Orc", 3, rules)
    assert [line for line in fight.log if "falls down" in line] == [
        "Turn 1: Orc falls down (8 hits this turn)."]


def test_melee_reactions_are_the_races_own(library: RulesLibrary) -> None:
    """003: "A figure which takes 5 or more hits in one turn has its DX adjusted -2" and
    "8 or more hits ... falls down"; "A giant loses 2 DX for 9 hits in one turn, and falls
    down on 16."  Under Melee's reading a human has 5 and 8, a giant its own 9 and 16."""
    giant = library.races["giant"].injury
    assert giant is not None
    found = [library.injury.thresholds(30, InjuryReactions.MELEE, race)
             for race in (None, giant)]
    assert [(t.dx_penalty_hits, t.knockdown_hits) for t in found] == [(5, 8), (9, 16)]


def test_below_the_first_row_its_numbers_hold() -> None:
    """004's chart starts at "1-19 5 8"; a GM's chart that starts higher ("10-19 5 8",
    "20-29 7 12") gives a figure below its first row that row's numbers, as printed."""
    table = InjuryTable(InjuryThresholds(5, 8),
                        (InjuryBand(10, 19, 5, 8), InjuryBand(20, 29, 7, 12)), 3, -3)
    assert _beyond(table, 8, 10) == [(5, 8, False), (5, 8, False)]


def test_a_one_row_chart_holds_beyond_and_says_so() -> None:
    """004's chart cut down to its first row, "1-19 5 8": past ST 19 there is no step to
    repeat, so the row holds, marked as our assumption."""
    table = InjuryTable(InjuryThresholds(5, 8), (InjuryBand(1, 19, 5, 8),), 3, -3)
    assert _beyond(table, 19, 25) == [(5, 8, False), (5, 8, True)]



# ------------------------------------------------------------------ more of a turn
def _bowman(library: RulesLibrary, key: str, dx: int = 12) -> Figure:
    bow = library.weapons[key]
    return figure(fid="", name="Bowman", side="A", st=12, dx=dx, attacks=[Attack(
        bow.name, str(bow.damage), bow.key, missile=True, twice_at_dx=bow.second_shot_dx,
        fast_shots=bow.fast_shots, turns_per_shot=bow.turns_per_shot,
        fast_turns_per_shot=bow.fast_turns_per_shot, fast_dx=bow.fast_dx)])


def test_two_arrows_again_the_next_turn(library: RulesLibrary) -> None:
    """003: "When figures are firing two arrows per turn, they fire their second arrows ...
    AFTER all figures have made their first attack": each turn, so turn 2 has its two as
    turn 1 had (003: "Longbow ... 2 shots/turn if adjDX = 18+")."""
    rules = library.combat_rules()
    fight = Encounter("Butts")
    twice = library.weapons["longbow"].second_shot_dx
    assert twice is not None
    fight.add(_bowman(library, "longbow", dx=twice))
    fight.add(_swordsman("Knight", "B"))
    for _turn in (1, 2):
        fight.attack("Bowman", "Knight", Table([16]), rules)
        fight.hit("Bowman", 0, rules, by="Knight")
        fight.attack("Bowman", "Knight", Table([16]), rules, second_shot=True)
        fight.next_turn()
    assert fight.figures[0].missiles_spent == 4


def test_a_light_crossbow_names_every_2nd_turn(library: RulesLibrary) -> None:
    """003's weapon table: "Light crossbow ... Fires every other turn" (every turn at adjDX
    14+): at adjDX 12 the refusal in turn 2 says every 2nd turn, next in turn 3."""
    rules = library.combat_rules()
    fight = Encounter("Walls")
    fight.add(_bowman(library, "light_crossbow"))
    fight.add(_swordsman("Orc", "B"))
    fight.attack("Bowman", "Orc", Table([16]), rules)
    fight.next_turn()
    with pytest.raises(EncounterRefused, match=r"fires every 2nd turn .*next in turn 3\.$"):
        fight.attack("Bowman", "Orc", Table([16]), rules)


def test_one_blow_a_turn_entered_by_hand(library: RulesLibrary) -> None:
    """003: "A figure may execute ONE option each turn": a blow entered as the hero's is
    its attack, and a second one in the same turn is refused and changes nothing."""
    rules = library.combat_rules()
    fight, target = _duel()
    fight.hit("Orc", 3, rules, by="Hero")
    with pytest.raises(EncounterRefused, match="Hero has already attacked this turn"):
        fight.hit("Orc", 3, rules, by="Hero")
    assert target.wounds == 3


def test_no_knockdown_roll_for_a_blow_from_nobody_below_st(library: RulesLibrary) -> None:
    """004, Knockdown: the roll is called for by "an attacker with a ST of 30 or greater" or
    a blow that "does more damage before armor than the creature's ST".  A blow of 5 with no
    attacker named (a falling rock) on ST 12 calls for none; one of 13 for 3 dice."""
    rules = library.combat_rules()
    assert knockdown_dice(None, 5, 12, rules) == 0
    assert knockdown_dice(None, 13, 12, rules) == rules.knockdown.heavy_blow_dice


@pytest.mark.parametrize("amount", [2.5, 0])
def test_st_spent_is_whole_and_positive(library: RulesLibrary, amount: float) -> None:
    """Wizard: spells cost whole points of ST; 2.5 (or nothing) is refused in one line and
    the wizard's fatigue does not change."""
    fight = Encounter("Magic")
    wizard = fight.add(_swordsman("Wizard", "A", st=10))
    with pytest.raises(EncounterRefused, match="ST spent must be 1 or more"):
        fight.spend_st("Wizard", amount, library.combat_rules())  # type: ignore[arg-type]
    assert wizard.fatigue == 0


def test_st_spent_up_to_the_limit_is_accepted(library: RulesLibrary) -> None:
    """The limit against typing slips ([limits] most_st_spent, ours) is the most accepted:
    that much is spent, one more is refused."""
    rules = library.combat_rules()
    most = rules.limits.most_st_spent
    fight = Encounter("Magic")
    giant = fight.add(_swordsman("Titan", "A", st=2 * most))
    with pytest.raises(EncounterRefused, match=f"{most} at most"):
        fight.spend_st("Titan", most + 1, rules)
    fight.spend_st("Titan", most, rules)
    assert giant.fatigue == most


def test_a_shield_stops_nothing_of_a_fall(library: RulesLibrary) -> None:
    """000: "Armor, regardless of type, will only stop a maximum of 2 points of this
    damage" - armor, not a shield (our reading, [falls] stopped_by).  A human with only a
    large shield falls 4 tiles (1d), misses the roll (a 15) and takes all 4 of the die."""
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    fig = fight.add(_swordsman("Guard", "A", protections=[
        Protection("shield", "large_shield", "Large shield", 2)]))
    fig.height, fig.falls = "3", ["4-6", "7-9", "10-12"]
    assert fight.fall("Guard", 4, Table([15, 4]), rules) == 4
    assert fig.wounds == 4 and fig.protections[0].stopped == 0


def test_the_attribute_total_is_st_and_dx(library: RulesLibrary) -> None:
    """003, Experience: "whether the enemy was superior or inferior in total attributes
    (ST + DX)": a figure with no basic DX recorded apart (a bestiary NPC) counts its DX."""
    assert _swordsman("Bandit", "B", st=11, dx=13).attribute_total == 24


def test_equal_dx_and_those_who_struck_are_not_ahead(library: RulesLibrary) -> None:
    """003: "Figures attack in the order of their ADJUSTED DX, highest first; ties are
    resolved each turn by a die roll."  With no order rolled, a figure of equal adjDX is not
    ahead, and a quicker one that has struck already is not waited for."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_swordsman("Quick", "A", dx=14))
    fight.add(_swordsman("Twin", "A", dx=12))
    fight.add(_swordsman("Slow", "B", dx=12))
    fight.attack("Quick", "Slow", Table([16]), rules)
    fight.attack("Slow", "Quick", Table([16]), rules)
    assert not any("Out of order" in line for line in fight.log)


def test_earlier_wounds_count_in_the_st_left(library: RulesLibrary) -> None:
    """003: "Any figure whose ST is reduced to 1 falls unconscious": an orc of ST 12 that
    comes into the fight with 5 hits from an earlier one is unconscious after 6 more, and
    the log says ST 1 of 12."""
    rules = library.combat_rules()
    fight = Encounter("Second bout")
    fight.add(_swordsman("Hero", "A"))
    orc = _swordsman("Orc", "B", st=12)
    orc.wounds_before = 5
    fight.add(orc)
    fight.hit("Orc", 6, rules)
    assert orc.current_st == 1
    assert orc.condition(rules, 1) is Condition.UNCONSCIOUS
    assert "Turn 1: a blow: 6 hits on Orc; 6 taken, ST 1 of 12." in fight.log


def test_no_hits_last_turn_in_the_first_turn() -> None:
    """003: "A figure which takes 5 or more hits in one turn has its DX adjusted -2 for the
    NEXT turn ONLY."  Before the first turn nobody has taken a hit: even a figure that reels
    from a single hit (a GM's threshold of 1) has its full adjDX in turn 1."""
    fig = _swordsman("Sprite", "B", st=4, dx=14)
    fig.dx_penalty_hits = 1
    assert fig.adj_dx() == 14 and fig.dx_notes() == []


def test_the_ending_names_each_dropped_weapons_key(library: RulesLibrary) -> None:
    """003: "The counter for a dead or unconscious figure is assumed to include a dropped
    weapon counter for each weapon it was carrying"; a 17 drops the weapon and an 18 breaks
    it.  The ending gives each dropped or broken weapon with its library key, to take off
    the character's possessions or mark broken."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Glade")
    hero = fight.add(figure(fid="", name="Hero", side="A", st=12, dx=12, attacks=[
        Attack("Broadsword", "2d", "broadsword"), Attack("Dagger", "1d-1", "dagger")]))
    fight.add(_swordsman("Orc", "B"))
    hero.character_id = 1
    fight.attack("Hero", "Orc", Table([17]), rules)  # a 17: dropped
    fight.next_turn()
    fight.ready("Hero", 1, rules)  # the dagger, used next turn (003 line 198)
    fight.next_turn()
    fight.attack("Hero", "Orc", Table([18]), rules, weapon=1)  # an 18: broken
    ending = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    assert ending.endings[0].dropped == (("Broadsword (dropped)", "broadsword"),
                                         ("Dagger (broken)", "dagger"))



# ------------------------------------------------------------------ options and orders
def test_an_option_with_an_attack_allows_it(library: RulesLibrary) -> None:
    """003: "No figure may attack unless it chose an option including the word 'attack'":
    a knight who chose (h) "Shift and attack" strikes with his sword, an archer who chose (j)
    "One-last-shot missile attack" shoots; an option of any attack allows either."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_swordsman("Knight", "A"))
    fight.add(_bowman(library, "longbow"))
    fight.choose_option("Knight", "h", rules)
    fight.choose_option("Bowman", "j", rules)
    assert fight.attack("Knight", "Bowman", Table([16]), rules).value == "miss"
    assert fight.attack("Bowman", "Knight", Table([16]), rules).value == "miss"
    anything = FightOption("any", ("z",), "Anything", "any")
    assert anything.allows(missile=True) and anything.allows(missile=False)


def test_the_attack_order_is_logged_with_each_adjdx() -> None:
    """003: "Figures attack in the order of their ADJUSTED DX, highest first": the log gives
    the order with each figure's adjDX."""
    result = attack_order([("F1", "Slow", 9), ("F2", "Quick", 14)], Table([]))
    assert result.order == ("F2", "F1")
    assert result.log[-1] == "Attack order: Quick (14), Slow (9)"


def test_four_sides_each_have_a_place() -> None:
    """002: "The remaining players then roll off, with the highest going next. This
    progresses until everyone has a turn."  Four sides: the last of them goes fourth."""
    result = roll_off(["A", "B", "C", "D"], Table([6, 5, 4, 3, 6, 5, 4, 6, 5]), None)
    assert result.order == ("A", "B", "C", "D")
    assert result.log[-1] == "D goes fourth."


def test_two_sides_both_roll_whoever_went_last() -> None:
    """002 sits out the side that went last "to prevent someone from effectively having two
    un-interrupted turns in a row"; with two sides nobody sits out, so the side that went
    last (A) rolls too, and may win (A 5, B 2)."""
    table = Table([5, 2])
    assert roll_off(["A", "B"], table, "A").order == ("A", "B")
    assert len(table.asked) == 2


def test_no_opponents_no_award(library: RulesLibrary) -> None:
    """003, Experience: "Figures which survive combat gain experience ... whether the enemy
    was superior or inferior": with no enemy there was no combat, and no award."""
    rules, table = library.combat_rules(), library.awards
    assert table is not None
    fight = Encounter("Empty glade")
    hero = fight.add(_swordsman("Hero", "A"))
    hero.character_id = 1
    ending = resolve_ending(fight, rules, table, CombatType.DEATH, ArmorWear.BLOWS)
    assert [(e.award.amount, e.award.reason) for e in ending.endings] == [(0, "no opponents")]


def test_a_row_that_ends_before_it_begins_is_refused() -> None:
    """004's rows run from low ST to high ("20-29 7 12"); a row typed backwards (29-20) is
    a data error naming the row, not a row no ST falls in."""
    docs = copy.deepcopy(rules_documents())
    docs["injury"]["house"]["bands"][1] = {"st_min": 29, "st_max": 20, "dx_penalty_hits": 7,
                                           "knockdown_hits": 12}
    with pytest.raises(RulesDataError, match="row ST 29-20 ends before it begins"):
        RulesLibrary.from_data(races=docs["races"], weapons=docs["weapons"],
                               armor=docs["armor"], injury=docs["injury"])


def test_a_template_comes_one_at_a_time_on_its_own_feet_unless_it_says() -> None:
    """A template's count ("6 goblins") and other MA ("Flies MA 16") default to one figure
    and none: a row without them is one creature that only walks; a count of 0 or a
    negative MA is refused (survivors of the fight's sample, seed 13)."""
    row = {"key": "x", "name": "X", "st": 10, "dx": 10, "iq": 6, "ma": 10}
    plain = creature_from_data(row)
    assert (plain.count, plain.other_ma, plain.other_move) == (1, 0, "")
    flier = creature_from_data({**row, "count": 6, "other_ma": 16, "other_move": "flies"})
    assert (flier.count, flier.other_ma, flier.other_move) == (6, 16, "flies")
    for bad in ({"count": 0}, {"other_ma": -1}):
        with pytest.raises(RulesDataError, match="count must be 1 or more, the other MA"):
            creature_from_data({**row, **bad})


def test_a_figure_not_in_the_rolled_order_is_measured_by_adjdx(library: RulesLibrary) -> None:
    """003: "Figures attack in the order of their ADJUSTED DX, highest first": a figure that
    joined after the order was rolled is not in it, and is warned of by adjDX (survivor of
    the fight's sample: 'and' -> 'or' looked it up in the order and failed)."""
    rules = library.combat_rules()
    fight = Encounter("Yard")
    fight.add(_swordsman("Ann", "A", dx=14))
    fight.add(_swordsman("Bob", "B", dx=9))
    fight.order_attacks(Table([]), rules)
    fight.add(_swordsman("Cid", "B", dx=10))
    fight.attack("Cid", "Ann", Table([16]), rules)
    assert "Out of order: Cid (adjDX 10) attacks before Ann (14)" in " ".join(fight.log)


def test_a_templates_stops_are_its_hide_unless_it_says(library: RulesLibrary) -> None:
    """003 line 457: a bear's "fur acts as armor, taking 2 hits/attack": a template's stops
    are natural armor (a hide, halved by the house rules' double) unless it says they are
    not (survivor of the fight's sample, seed 5: the default True -> False)."""
    bear = Creature(key="bear", name="Bear", kind="animal", st=30, dx=11, iq=6, ma=8, stops=2)
    fig = from_template(bear, "Beasts", "Bear", library=library, profile=RuleProfile())
    assert [(p.kind, p.stops) for p in fig.protections] == [("hide", 2)]


def test_an_encounters_seed_may_be_0_and_no_less(library: RulesLibrary) -> None:
    """[limits] of injury.toml: "An encounter's seed is one the generator draws (0 to 2^31 -
    1)": 0 is a seed like any other, -1 is refused, in one line."""
    limits = library.combat_rules().limits
    assert limits.seed_refusal(0) == "" and limits.seed_refusal(limits.most_seed) == ""
    for bad in (-1, limits.most_seed + 1, True):
        assert limits.seed_refusal(bad) == (f"The seed must be a whole number from 0 to "
                                            f"{limits.most_seed}.")


def test_a_template_missing_a_number_or_giving_true_is_refused() -> None:
    """A bestiary row is rules data: a missing ST is named as missing, and true/false where
    a whole number belongs (a count of true) is refused rather than read as 1."""
    row = {"key": "bandit", "name": "Bandit", "st": 11, "dx": 11, "iq": 9, "ma": 10}
    without = {k: v for k, v in row.items() if k != "st"}
    with pytest.raises(RulesDataError, match="Creature 'bandit': ST is missing"):
        creature_from_data(without)
    with pytest.raises(RulesDataError, match="Creature 'bandit': count"):
        creature_from_data({**row, "count": True})


def _fighter(name: str, side: str, arm: Attack | None = None) -> Figure:
    return figure(fid="", name=name, side=side, st=12, dx=12,
                  attacks=[arm or Attack("Broadsword", "2d", "broadsword")])


def test_two_figures_a_prefix_could_be_are_both_named() -> None:
    """A figure is named by a unique prefix; "Wo" for Wolf and Wolf 2 is refused in one line
    naming both."""
    fight = Encounter("Den")
    fight.add(_fighter("Wolf", "Wolves"))
    fight.add(_fighter("Wolf 2", "Wolves"))
    with pytest.raises(EncounterRefused, match=r"^'Wo' could be Wolf or Wolf 2\.$"):
        fight.figure("Wo")


def test_a_charge_with_a_weapon_not_a_pole_weapon_does_its_damage(
        library: RulesLibrary) -> None:
    """003 line 256: "The javelin, spear, halberd, and pike axe are 'pole weapons.' A figure
    which charge-attacks (option b) with a pole weapon does double damage": a broadsword's
    charge does its own 2d."""
    rules = library.combat_rules()
    fight = Encounter("Field", pole_charge="melee")
    fight.add(_fighter("Ann", "A"))
    bob = fight.add(_fighter("Bob", "B"))
    fight.choose_option("Ann", "b", rules)
    fight.attack("Ann", "Bob", Table([10, 7]), rules)
    assert bob.wounds == 7


def test_a_weapon_number_past_the_last_in_hth_is_refused(library: RulesLibrary) -> None:
    """003 line 379: in HTH a figure fights with bare hands or its ready dagger: weapon 2 of
    a figure with one is refused in one line."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    fight.add(_fighter("Ann", "A"))
    fight.add(_fighter("Bob", "B"))
    fight.choose_option("Ann", "m", rules)
    with pytest.raises(EncounterRefused, match="not the weapon 2"):
        fight.attack("Ann", "Bob", Table([1, 10, 3]), rules, weapon=1)


def test_a_fled_figure_saved_without_its_turn_gets_no_free_attack(
        library: RulesLibrary) -> None:
    """004 line 184: the free attacks are on the turn the figure flees; a fight saved before
    that turn was kept (a fled figure without it) leaves its fled figures alone."""
    rules = library.combat_rules()
    fight = Encounter("Gate")
    fight.add(_fighter("Ann", "A"))
    fight.add(_fighter("Bob", "B"))
    state = fight.to_dict()
    for saved_figure in state["figures"]:
        if saved_figure["name"] == "Bob":
            saved_figure["fled"] = True
            del saved_figure["fled_turn"]
    again = Encounter.from_dict(state, saved())
    with pytest.raises(EncounterRefused, match="Bob has fled the fight"):
        again.attack("Ann", "Bob", Table([10, 7]), rules)


def test_a_typed_in_figures_attributes_are_bounded_at_both_ends(library: RulesLibrary) -> None:
    """[limits] of injury.toml: "ST, DX and IQ from 1, MA from 0 (a figure that cannot
    move), none above most_attribute" (issue 37 item 19: --dx 99999999999999999999 was
    saved)."""
    limits = library.combat_rules().limits
    most = limits.most_attribute
    for label, fine in (("ST", 1), ("MA", 0), ("DX", most)):
        assert limits.attribute_refusal(label, fine) == ""
    for label, bad in (("ST", 0), ("MA", -1), ("DX", most + 1), ("IQ", 10**20), ("ST", True),
                       ("ST", "12")):
        low = limits.least[label.lower()]
        assert limits.attribute_refusal(label, bad) == (
            f"{label} must be a whole number from {low} to {most}.")
