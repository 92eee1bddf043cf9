"""The tracker's lead through a turn: Melee's stages in order, the next figure, its actions."""

from __future__ import annotations

import pytest

from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_figure import Attack
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_tracker import Do, Offer, Phase, next_step
from tftmanager.rules.library import RulesLibrary

from .fight_figures import figure
from .test_encounter import Table, flavius, wulf


def _play(fight: Encounter, offer: Offer, rolls: list[int], rules: CombatRules) -> None:
    """Carry out an offer as the application's use case would."""
    table = Table(rolls)
    actions = {
        Do.INITIATIVE: lambda: fight.roll_initiative(table, rules),
        Do.OPTION: lambda: fight.choose_option(offer.figure, offer.option, rules),
        Do.READY: lambda: fight.ready(offer.figure, offer.weapon, rules),
        Do.ORDER: lambda: fight.order_attacks(table, rules),
        Do.ATTACK: lambda: fight.attack(offer.figure, offer.target, table, rules),
        Do.SECOND_SHOT: lambda: fight.attack(offer.figure, offer.target, table, rules,
                                             second_shot=True),
        Do.HOLD: lambda: fight.hold(offer.figure, rules),
        Do.NEXT_TURN: fight.next_turn,
    }
    actions[offer.do]()
    assert table.rolls == []


def _offer(fight: Encounter, rules: CombatRules, label: str) -> Offer:
    step = next_step(fight, rules)
    found = [o for o in step.offers if o.label.startswith(label)]
    assert found, (label, [o.label for o in step.offers])
    return found[0]


def test_the_glade_by_the_trackers_lead(library: RulesLibrary) -> None:
    """003 lines 93-106: initiative, options and movement side by side, attacks by adjDX,
    then the next turn; each figure offered only what it may do now."""
    rules = library.combat_rules()
    fight = Encounter("The glade")
    roman, german = fight.add(flavius(library)), fight.add(wulf(library))
    step = next_step(fight, rules)
    assert (step.phase, [o.do for o in step.offers]) == (Phase.INITIATIVE, [Do.INITIATIVE])
    assert step.offers[0].rolls.startswith("2 dice")
    _play(fight, step.offers[0], [5, 2], rules)  # Romans move first
    step = next_step(fight, rules)
    assert (step.phase, step.figure) == (Phase.OPTIONS, roman.fid)
    labels = [o.label for o in step.offers]
    assert "(a) Move" in labels and "(h) Shift and attack" in labels
    assert not any("Missile" in text or "Stand up" in text for text in labels)
    _play(fight, _offer(fight, rules, "(a) Move"), [], rules)  # he runs his full MA
    step = next_step(fight, rules)
    assert step.figure == german.fid
    assert not any("defend" in o.label for o in step.offers)  # his bow is no parrying weapon
    _play(fight, _offer(fight, rules, "(f) Missile"), [], rules)
    step = next_step(fight, rules)
    assert (step.phase, [o.do for o in step.offers]) == (Phase.ATTACKS, [Do.ORDER])
    _play(fight, step.offers[0], [], rules)
    step = next_step(fight, rules)
    assert step.figure == german.fid  # Flavius moved: no attack for him to wait for
    shot = _offer(fight, rules, "Longbow at Flavius")
    assert shot.rolls == "3 dice to hit, then 1d+2 damage if it hits"
    _play(fight, shot, [9, 5], rules)
    assert roman.wounds == 2
    assert next_step(fight, rules).phase is Phase.END_OF_TURN
    _play(fight, _offer(fight, rules, "Next turn"), [], rules)
    # Turn 2: a dodge makes the bow's roll 4 dice; the initiative comes first again
    assert next_step(fight, rules).phase is Phase.INITIATIVE
    _play(fight, _offer(fight, rules, "Roll"), [5, 2], rules)
    _play(fight, _offer(fight, rules, "(c) Dodge"), [], rules)
    _play(fight, _offer(fight, rules, "(f) Missile"), [], rules)
    _play(fight, _offer(fight, rules, "Attack order"), [], rules)
    assert _offer(fight, rules, "Longbow").rolls.startswith("4 dice to hit against Dodge")
    _play(fight, _offer(fight, rules, "No attack"), [], rules)
    _play(fight, _offer(fight, rules, "Next turn"), [], rules)
    # Turn 3: Wulf drops the bow: it is not offered again, the sword is to ready
    fight.drop("Wulf", 0, rules)
    _play(fight, _offer(fight, rules, "Roll"), [2, 5], rules)
    step = next_step(fight, rules)
    assert step.figure == german.fid
    assert not any("Missile" in o.label for o in step.offers)
    _play(fight, _offer(fight, rules, "(e, k, o) Ready the 2-handed sword"), [], rules)
    _play(fight, _offer(fight, rules, "(h) Shift"), [], rules)
    _play(fight, _offer(fight, rules, "Attack order"), [], rules)
    _play(fight, _offer(fight, rules, "Shortsword at Wulf"), [8, 6], rules)
    _play(fight, _offer(fight, rules, "Next turn"), [], rules)
    fight.hit("Wulf", 14, rules, by="Flavius")  # a GM's blow: Wulf is out
    step = next_step(fight, rules)
    assert (step.phase, [o.do for o in step.offers]) == (Phase.OVER, [Do.END])


@pytest.mark.parametrize("combat", ["arena", "death"])
def test_an_unconscious_figure_is_offered_nothing(library: RulesLibrary, combat: str) -> None:
    """003 line 441: "reduced to 1 falls unconscious"; line 487: in the arena "Unconscious
    figures may not be slain"; elsewhere a blow may still land on it."""
    rules = library.combat_rules()
    fight = Encounter("Pit", combat=combat)
    fight.add(flavius(library))
    fight.add(wulf(library))
    third = fight.add(wulf(library).__class__(**{**wulf(library).__dict__, "name": "Hrolf"}))
    fight.hit("Wulf", 13, rules)
    _play(fight, _offer(fight, rules, "Roll"), [5, 2], rules)
    _play(fight, _offer(fight, rules, "(h)"), [], rules)
    assert next_step(fight, rules).figure == third.fid  # Wulf, unconscious, is skipped
    _play(fight, _offer(fight, rules, "(a)"), [], rules)
    _play(fight, _offer(fight, rules, "Attack order"), [], rules)
    targets = [o.label for o in next_step(fight, rules).offers if o.do is Do.ATTACK]
    assert ("Shortsword at Wulf" in targets) is (combat != "arena")


def _labels(fight: Encounter, rules: CombatRules) -> list[str]:
    return [o.label for o in next_step(fight, rules).offers]


def test_what_each_figure_is_offered(library: RulesLibrary) -> None:
    """003 line 128: a fallen figure may only stand up; (e) readies another weapon than the
    one in hand, never a broken one."""
    rules = library.combat_rules()
    fight = Encounter("Glade")
    fight.add(flavius(library))
    german = fight.add(wulf(library))
    german.attacks.append(Attack("Club", "1d", "club", weapon="Club"))
    _play(fight, _offer(fight, rules, "Roll"), [2, 5], rules)  # Germans first
    labels = _labels(fight, rules)
    assert "(e, k, o) Ready the 2-handed sword (used next turn)" in labels
    assert not any("Ready the Longbow" in text for text in labels)
    german.dropped.append("Club (broken)")
    assert not any("Club" in text for text in _labels(fight, rules))
    german.down = True
    assert _labels(fight, rules) == ["(g, n) Stand up"]


def test_second_arrows_as_the_bow_allows(library: RulesLibrary) -> None:
    """003 line 100: second arrows "AFTER all figures have made their first attack", two at
    most; 001 line 381: the Great Bow twice only with ST 16."""
    rules = library.combat_rules()
    for key, st, seconds in (("longbow", 12, 1), ("great_bow", 15, 0), ("great_bow", 16, 1)):
        bow = library.weapons[key]
        fight = Encounter("Butts")
        fight.add(figure(fid="", name="Archer", side="Elves", st=st, dx=18, attacks=[
            Attack(bow.name, str(bow.damage), bow.key, missile=True, weapon=bow.name,
                   twice_at_dx=bow.second_shot_dx, fast_shots=bow.fast_shots,
                   twice_at_st=bow.fast_st)]))
        fight.add(flavius(library))
        _play(fight, _offer(fight, rules, "Roll"), [5, 2], rules)
        _play(fight, _offer(fight, rules, "(f)"), [], rules)
        _play(fight, _offer(fight, rules, "(a)"), [], rules)
        _play(fight, _offer(fight, rules, "Attack order"), [], rules)
        _play(fight, _offer(fight, rules, f"{bow.name} at"), [16], rules)
        shots = 0
        while next_step(fight, rules).phase is Phase.ATTACKS:
            _play(fight, _offer(fight, rules, "Second arrow"), [16], rules)
            shots += 1
        assert shots == seconds, key


def test_hand_to_hand_offers_the_defence_die_only_to_begin(library: RulesLibrary) -> None:
    """003 line 381: the defender's die when "a figure is attacked HTH"; once both are in it,
    a blow is rolled as any other."""
    rules = library.combat_rules()
    fight = Encounter("Tavern")
    roman, german = fight.add(flavius(library)), fight.add(wulf(library))
    _play(fight, _offer(fight, rules, "Roll"), [5, 2], rules)
    _play(fight, _offer(fight, rules, "(m, p)"), [], rules)
    _play(fight, _offer(fight, rules, "(a)"), [], rules)
    _play(fight, _offer(fight, rules, "Attack order"), [], rules)
    assert _offer(fight, rules, "Hand-to-hand on Wulf").rolls.startswith("1 die for Wulf's")
    roman.in_hth = True  # in a brawl with another: Wulf still rolls his die
    assert _offer(fight, rules, "Hand-to-hand on Wulf").rolls.startswith("1 die for Wulf's")
    german.in_hth = True
    assert _offer(fight, rules, "Hand-to-hand on Wulf").rolls.startswith("3 dice to hit (+4")
