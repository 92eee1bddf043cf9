"""Stone and Iron Flesh, riding and Acrobatics in a fight, each with the rolls typed."""

from __future__ import annotations

import pytest

from tftmanager.rules.encounter import Encounter, EncounterRefused
from tftmanager.rules.encounter_figure import Attack, Figure, Protection
from tftmanager.rules.encounter_states import (
    SPELL,
    flesh_spell,
    one_flesh_spell,
    set_flesh,
    set_mounted,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import CriticalHits

from .fight_figures import figure
from .test_encounter import Table


def _hero(name: str = "Hero", side: str = "A", *, st: int = 12, dx: int = 12) -> Figure:
    return figure(fid="", name=name, side=side, st=st, dx=dx, attacks=[Attack("Club", "2d")])


def _mailed(library: RulesLibrary, name: str = "Wizard") -> Figure:
    mail = library.armors["chainmail"]
    return figure(fid="", name=name, side="B", st=12, dx=12,
                  protections=[Protection("armor", mail.key, mail.name, mail.stops)])


# ------------------------------------------------------------------ Stone and Iron Flesh
def test_stone_flesh_stops_its_hits_on_top_of_armor(library: RulesLibrary) -> None:
    """004 names "people using the Stone or Iron Flesh spells" among those whose body stops
    hits; the number is Wizard's, read from [flesh_spells].  Chainmail (3) and Stone Flesh
    (4) against a blow of 9: 7 stopped, 2 taken; the spell wears nothing."""
    rules = library.combat_rules()
    stone = rules.flesh_spells["stone_flesh"].stops
    fight = Encounter("Tower")
    fight.add(_hero())
    wizard = fight.add(_mailed(library))
    set_flesh(fight, "Wizard", "Stone Flesh", rules)
    fight.attack("Hero", "Wizard", Table([8, 9]), rules)  # 8 hits; 2d rolls 9
    assert wizard.wounds == 9 - 3 - stone
    spell = flesh_spell(wizard)
    assert spell is not None and spell.stopped == stone and spell.item_id == ""
    assert "Wizard is under Stone Flesh" in " ".join(fight.log)


def test_house_double_halves_stone_flesh(library: RulesLibrary) -> None:
    """004: "ignore armor and shields the foe has ... people using the Stone or Iron Flesh
    spells stop half as much (rounded down)."  Iron Flesh (6) stops 3 of a double blow
    of 9 and the chainmail nothing: 6 taken.  Not "a foe with no armor or shield (or just
    Warrior or Veteran)": the damage dice are rolled together, no 1 rolled again."""
    rules = library.combat_rules()
    iron = rules.flesh_spells["iron_flesh"].stops
    fight = Encounter("Tower", critical_hits=CriticalHits.HOUSE_IGNORE_ARMOR.value)
    fight.add(_hero())
    wizard = fight.add(_mailed(library))
    set_flesh(fight, "Wizard", "iron_flesh", rules)
    table = Table([4, 9])  # a 4: double; 2d rolls 9, one roll of both dice
    fight.attack("Hero", "Wizard", table, rules)
    assert wizard.wounds == 9 - iron // rules.critical.halved_divisor
    assert table.rolls == [] and table.asked[1][0] == 2
    assert wizard.protections[0].stopped == 0


def test_one_flesh_spell_at_a_time_and_its_end(library: RulesLibrary) -> None:
    """Stone Flesh and Iron Flesh do not add up (Wizard; marked in the data): casting one
    ends the other, and "none" records the spell's end."""
    rules = library.combat_rules()
    fight = Encounter("Tower")
    wizard = fight.add(_mailed(library))
    set_flesh(fight, "Wizard", "stone flesh", rules)
    set_flesh(fight, "Wizard", "Iron Flesh", rules)
    assert wizard.stops == 3 + rules.flesh_spells["iron_flesh"].stops
    assert "(Stone Flesh ends)" in fight.log[-1]
    set_flesh(fight, "Wizard", "none", rules)
    assert wizard.stops == 3 and flesh_spell(wizard) is None


def test_bad_flesh_spells_change_nothing(library: RulesLibrary) -> None:
    """One clear line, nothing changed: a spell that stops no hits, the same spell twice,
    ending a spell that is not there, a figure out of the fight or of another encounter."""
    rules = library.combat_rules()
    fight = Encounter("Tower")
    wizard = fight.add(_mailed(library))
    fight.add(_hero())
    with pytest.raises(EncounterRefused, match="'Fireball' is not a spell that stops hits: "
                                               "Stone Flesh, Iron Flesh"):
        set_flesh(fight, "Wizard", "Fireball", rules)
    with pytest.raises(EncounterRefused, match="under no flesh spell"):
        set_flesh(fight, "Wizard", "none", rules)
    set_flesh(fight, "Wizard", "Stone Flesh", rules)
    before = (list(fight.log), wizard.stops)
    with pytest.raises(EncounterRefused, match="already under Stone Flesh"):
        set_flesh(fight, "Wizard", "stone_flesh", rules)
    with pytest.raises(EncounterRefused, match="No figure 'Morgaine' in Tower"):
        set_flesh(fight, "Morgaine", "Stone Flesh", rules)
    fight.hit("Hero", 20, rules)
    with pytest.raises(EncounterRefused, match="Hero is dead"):
        set_flesh(fight, "Hero", "Stone Flesh", rules)
    fight.ended = True
    with pytest.raises(EncounterRefused, match="already ended"):
        set_flesh(fight, "Wizard", "Iron Flesh", rules)
    assert (fight.log[:len(before[0])], wizard.stops) == before


def test_a_flesh_spell_counts_as_armor_in_a_fall(library: RulesLibrary) -> None:
    """000: "Armor, regardless of type, will only stop a maximum of 2 points of this damage"
    (Stone Flesh read as armor, marked in [falls]).  A human falls 5 tile heights: 1d,
    the save of 15 fails, the die rolls 5: 2 stopped, 3 taken."""
    rules = library.combat_rules()
    fight = Encounter("Cliff", three_d=True)
    wizard = fight.add(_hero("Wizard"))
    wizard.height, wizard.falls = "3", ["4-6", "7-9", "10-12"]
    set_flesh(fight, "Wizard", "Iron Flesh", rules)
    assert fight.fall("Wizard", 5, Table([15, 5]), rules) == 5
    assert wizard.wounds == 5 - rules.falls.armor_max


# ------------------------------------------------------------------ riding
def test_a_mounted_figure_falls_on_the_horseman_row(library: RulesLibrary) -> None:
    """000, Height Chart: "2 Hex Horseman 4 (-2)** 3 - 4 tile heights 5 - 6 tile heights 7 - 8
    tile heights" and "Damage from a fall applies to both the horse and the rider."  A human
    rider falling 5 tile heights takes 2d (1d on foot); dismounted, his own row again."""
    rules = library.combat_rules()
    chart = library.heights
    fight = Encounter("Bridge", three_d=True)
    rider = fight.add(_hero("Rider", dx=10))
    rider.race = "human"
    set_mounted(fight, "Rider", True, chart.height_for("human", mounted=True), rules)
    assert (rider.height, rider.falls) == ("4 (-2 to climb)", ["3-4", "5-6", "7-8"])
    table = Table([14, 7])  # 3 dice against adjDX 10: 14 fails, 2d roll 7
    assert fight.fall("Rider", 5, table, rules) == 7
    assert table.asked[1][0] == 2
    assert "Horse and rider both take the fall (000)." in " ".join(fight.log)
    set_mounted(fight, "Rider", False, chart.height_for("human"), rules)
    assert (rider.height, rider.falls, rider.mounted) == ("3", ["4-6", "7-9", "10-12"], False)


def test_riding_refusals(library: RulesLibrary) -> None:
    """A giant (3 hexes) has its own row ("3 or 4 Hex Figure") and does not ride, nor does a
    horse (2); mounting twice, or dismounting on foot, is refused and changes nothing."""
    rules = library.combat_rules()
    fight = Encounter("Bridge", three_d=True)
    giant = fight.add(_hero("Giant", st=30))
    giant.hexes = 3
    fight.add(_hero("Rider"))
    with pytest.raises(EncounterRefused, match="covers 3 hexes and does not ride"):
        set_mounted(fight, "Giant", True, None, rules)
    fight.add(_hero("Horse", st=24)).hexes = 2  # a horse is itself a 2-hex figure
    with pytest.raises(EncounterRefused, match="covers 2 hexes and does not ride"):
        set_mounted(fight, "Horse", True, None, rules)
    with pytest.raises(EncounterRefused, match="already on foot"):
        set_mounted(fight, "Rider", False, None, rules)
    set_mounted(fight, "Rider", True, None, rules)
    with pytest.raises(EncounterRefused, match="already mounted"):
        set_mounted(fight, "Rider", True, None, rules)
    assert not giant.mounted


# ------------------------------------------------------------------ Acrobatics
def test_acrobatics_rolls_a_knockdown_against_adjdx(library: RulesLibrary) -> None:
    """004, Knockdown: "Someone with the Acrobatics talent may choose to make the above two
    rolls against their adjDX instead of their ST if they so choose."  Struck by ST 30 for
    1: 3 dice; a 13 is over ST 11 but within adjDX 14: the acrobat stays standing, the
    knight falls."""
    rules = library.combat_rules()
    fight = Encounter("Cave", house_knockdowns=True)
    fight.add(_hero("Ogre", side="O", st=30))
    acrobat = fight.add(_hero("Acrobat", dx=14))
    acrobat.acrobatics = True
    knight = fight.add(_hero("Knight", dx=14))
    fight.hit("Acrobat", 1, rules, by="Ogre", roll=Table([13]))
    assert acrobat.knocked_down_turn == 0
    assert "against adjDX 14 (Acrobatics) and stays standing" in fight.log[-1]
    fight.next_turn()
    fight.hit("Knight", 1, rules, by="Ogre", roll=Table([13]))
    assert knight.knocked_down_turn == 2


def test_acrobatics_keeps_st_when_higher_and_not_the_eight_hits(library: RulesLibrary) -> None:
    """The choice is the acrobat's: ST 16 above adjDX 11 is kept.  And only "the above two
    rolls": 8 hits in a turn still knock an acrobat down (004: "knocked off its feet")."""
    rules = library.combat_rules()
    fight = Encounter("Cave", house_knockdowns=True)
    fight.add(_hero("Ogre", side="O", st=30))
    strong = fight.add(_hero("Strong", st=17, dx=11))
    strong.acrobatics = True
    fight.hit("Strong", 1, rules, by="Ogre", roll=Table([16]))  # ST 16 after the blow
    assert strong.knocked_down_turn == 0 and "against ST 16" in fight.log[-1]
    fight.next_turn()
    fight.hit("Strong", 8, rules, roll=Table([]))
    assert strong.knocked_down_turn == 2
    even = fight.add(_hero("Even", st=12, dx=11))
    even.acrobatics = True
    fight.hit("Even", 1, rules, by="Ogre", roll=Table([12]))  # ST 11, adjDX 11: no choice
    assert "against ST 11 and is knocked down" in fight.log[-1]


def test_a_fall_is_saved_on_the_figures_own_adjdx(library: RulesLibrary) -> None:
    """000: "roll 3D6 vs adj. DX"; a halfling's +3 DX with missile weapons is the bow's, not
    the body's: a 13 misses adjDX 11 even with a bow of adjDX 14 ready."""
    rules = library.combat_rules()
    fight = Encounter("Shire", three_d=True)
    pip = fight.add(figure(fid="", name="Pip", side="H", st=8, dx=11,
                           attacks=[Attack("Small bow", "1d-1", missile=True, dx=14)]))
    pip.height, pip.falls = "1", ["2", "3", "4"]
    table = Table([13, 2])  # 2 tile heights: 1d; the save fails, 1d rolls 2
    assert fight.fall("Pip", 2, table, rules) == 2
    assert "against adjDX 11: falls prone" in " ".join(fight.log)


def test_a_blow_entered_past_armor_halves_stone_flesh(library: RulesLibrary) -> None:
    """A blow the GM enters as ignoring armor is the house rules' double (004 line 19):
    armor and shield stop nothing, "people using the Stone or Iron Flesh spells stop half as
    much (rounded down)" (issue 37 item 16)."""
    rules = library.combat_rules()
    fight = Encounter("Tower")
    wizard = fight.add(_mailed(library))
    set_flesh(fight, "Wizard", "Stone Flesh", rules)
    fight.hit("Wizard", 6, rules, ignore_armor=True)
    half = rules.flesh_spells["stone_flesh"].stops // 2
    assert wizard.wounds == 6 - half
    assert [p.stopped for p in wizard.protections] == [0] * (len(wizard.protections) - 1) + [half]


def test_two_flesh_items_are_one_spell_the_stronger(library: RulesLibrary) -> None:
    """Stone and Iron Flesh do not add up ("casting one ends the other"): a character with
    both items readied joins the fight under the stronger only."""
    spells = library.combat_rules().flesh_spells
    stone, iron = spells["stone_flesh"], spells["iron_flesh"]
    both = [Protection(SPELL, stone.key, stone.name, stone.stops),
            Protection(SPELL, iron.key, iron.name, iron.stops)]
    stronger = max((stone, iron), key=lambda s: s.stops)
    assert [p.key for p in one_flesh_spell(both)] == [stronger.key]
    assert one_flesh_spell([]) == []
