"""The documents' own figures, checked against the numbers the documents print.

Ragnar: Melee, "III. Creating a Figure" (the record card).  Flavius and Wulf:
Melee, "X. Combat Example".  Joe the Barbarian: TFT Rules Expansion, "Skill
Points".  The demo party (resources/demo/party.json) must match them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.app.demo import demo_entries
from tftmanager.rules.character import Character
from tftmanager.rules.derived import Derived, WeaponLine, derive
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit, ready_shield
from tftmanager.rules.problems import Severity
from tftmanager.rules.races import AttackMode
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
ITL = RuleProfile(creation=CreationScheme.ITL)

RAGNAR = Character(
    name="Ragnar", race="human", st=11, dx=13, iq=8,
    items=outfit(armor="leather", shield="large_shield", shield_ready=False,
                 weapons=("spear",), ready_weapon="spear"),
)
FLAVIUS = Character(
    name="Flavius Marcellus", race="human", st=12, dx=12, iq=8,
    items=outfit(armor="chainmail", shield="large_shield", shield_ready=True,
                 weapons=("shortsword",), ready_weapon="shortsword"),
)
WULF = Character(
    name="Wulf", race="human", st=14, dx=10, iq=8,
    items=outfit(weapons=("longbow", "two_handed_sword"), ready_weapon="longbow"),
)
JOE = Character(
    name="Joe the Barbarian", race="human", st=11, dx=12, iq=9, sp=1, bought_points=1,
)


def weapon_line(derived: Derived, key: str) -> WeaponLine:
    (line,) = [w for w in derived.weapons if w.weapon.key == key]
    return line


# --- Ragnar ---------------------------------------------------------------


@pytest.mark.parametrize("profile", [MELEE, ITL], ids=["melee", "itl"])
def test_ragnar_card(library: RulesLibrary, profile: RuleProfile) -> None:
    d = derive(RAGNAR, library, profile)
    # "The first is 11, which is his adjusted DX without the shield; the
    # second is 10, which is his DX when he uses the shield."
    assert d.adj_dx == 11
    assert d.adj_dx_shield == 10
    # "He can withstand 2 hits per attack ... when he uses the shield he can
    # take 4 hits/attack."
    assert d.hits_stopped == 2
    assert d.hits_stopped_shield == 4
    # Movement section: "leather armor = MA 8" (the default reading).
    assert d.ma == 8
    assert validate(RAGNAR, library, profile) == []


def test_ragnar_adjusted_dx_reasons(library: RulesLibrary) -> None:
    """Melee's card: DX 13, leather armor -2 gives 11, the large shield -1 more gives 10."""
    d = derive(RAGNAR, library, MELEE)
    armor, shield = d.armor, d.shield
    assert armor is not None and shield is not None
    assert d.dx_reasons(RAGNAR.dx) == (
        f"DX 13, {armor.name} {armor.dx:+d} = {13 + armor.dx}; "
        f"with {shield.name} {shield.dx:+d} = {13 + armor.dx + shield.dx}")
    assert (d.adj_dx, d.adj_dx_shield) == (11, 10)
    unarmored = derive(replace(RAGNAR, items=()), library, MELEE)
    assert unarmored.dx_reasons(13) == "DX 13, nothing changes it"


def test_ragnar_spear(library: RulesLibrary) -> None:
    d = derive(RAGNAR, library, MELEE)
    spear = weapon_line(d, "spear")
    # "His ST is 11, which is just enough to let him carry the spear."
    assert spear.usable
    assert spear.ready
    assert spear.weapon.st == 11
    modes = {a.mode: a for a in spear.attacks}
    assert set(modes) == {AttackMode.STRIKE, AttackMode.THROWN}  # Spear* may be thrown
    strike = modes[AttackMode.STRIKE]
    assert strike.damage == DamageDice(1, 1)
    assert strike.adj_dx == 11
    # Two-handed: the shield cannot be ready with it, so no "with shield" DX.
    assert strike.adj_dx_shield is None
    # One point less ST and the spear is too heavy.
    weak = replace(RAGNAR, st=10, dx=14)
    assert not weapon_line(derive(weak, library, MELEE), "spear").usable
    assert [p.field for p in validate(weak, library, MELEE)] == ["weapons"]


def test_ragnar_cannot_ready_the_shield_with_the_spear(library: RulesLibrary) -> None:
    # "usually slung on his back because he needs both hands for his spear"
    problems = validate(replace(RAGNAR, items=ready_shield(RAGNAR.items, True)), library, MELEE)
    assert [p.field for p in problems] == ["shield"]


# --- Flavius --------------------------------------------------------------


def test_flavius(library: RulesLibrary) -> None:
    d = derive(FLAVIUS, library, MELEE)
    # "The armor and large shield adjust his DX to 8, and stop 5 hits/attack."
    assert d.adj_dx_shield == 8
    assert d.hits_stopped_shield == 5
    assert d.adj_dx == 9
    assert d.hits_stopped == 3
    # "he runs toward him his full MA - 6 hexes"
    assert d.ma == 6
    sword = weapon_line(d, "shortsword")
    # "His shortsword does 2-1 damage"; "He needs an 8 or under on 3 dice."
    (strike,) = sword.attacks
    assert strike.damage == DamageDice(2, -1)
    assert strike.adj_dx_shield == 8
    assert sword.usable
    # "Both Flavius and Wulf are beginning figures, with ST and DX totaling 24"
    assert d.attribute_total == 24
    assert validate(FLAVIUS, library, MELEE) == []
    assert validate(FLAVIUS, library, ITL) == []


# --- Wulf -----------------------------------------------------------------


def test_wulf(library: RulesLibrary) -> None:
    d = derive(WULF, library, MELEE)
    # "he wears no armor, so his basic and adjusted DX are the same"
    assert d.adj_dx == 10
    assert d.adj_dx_shield is None
    assert d.hits_stopped == 0
    assert d.hits_stopped_shield is None
    assert d.ma == 10
    assert d.attribute_total == 24
    bow = weapon_line(d, "longbow")
    sword = weapon_line(d, "two_handed_sword")
    assert bow.usable and sword.usable
    assert bow.ready and not sword.ready
    # "A longbow does 1+2 damage"; "His sword is a 3-1 weapon"
    (shot,) = bow.attacks
    assert shot.mode is AttackMode.MISSILE
    assert shot.damage == DamageDice(1, 2)
    assert shot.adj_dx == 10
    assert sword.attacks[0].damage == DamageDice(3, -1)
    # The two-handed sword needs ST 14: Wulf has exactly that.
    assert sword.weapon.st == 14
    assert validate(WULF, library, MELEE) == []
    weaker = replace(WULF, st=13, dx=11)
    problems = validate(weaker, library, MELEE)
    assert [(p.field, p.item) for p in problems] == [("weapons", "two_handed_sword")]
    assert "needs ST 14" in problems[0].message


def test_wulf_reactions_to_injury(library: RulesLibrary) -> None:
    # Turn 5 he takes 6 hits; turn 6 "Wulf's DX is -2 this turn, because of
    # the injury last turn": 5 hits cost -2 DX, 8 knock down (Melee).
    injury = derive(WULF, library, MELEE).injury
    assert (injury.dx_penalty_hits, injury.knockdown_hits) == (5, 8)
    assert injury.dx_penalty_hits <= 6  # Wulf's 6 hits were enough


# --- Joe the Barbarian ----------------------------------------------------


def test_joe_the_barbarian(library: RulesLibrary) -> None:
    # "Joe the Barbarian (32 points) buys ST 11, DX 12, and IQ 9" ... then one
    # point of experience becomes a Skill Point: "ST 11, DX 12, IQ 9, and SP 1".
    start = replace(JOE, sp=0, bought_points=0)
    assert validate(start, library, ITL) == []
    assert validate(JOE, library, ITL) == []
    d = derive(JOE, library, ITL)
    assert d.attribute_total == 33  # SP count as attributes
    assert d.start_total == 32


def test_joe_sp_cap(library: RulesLibrary) -> None:
    # SP "no more than IQ/4 rounded down": IQ 9 allows 2.
    assert validate(replace(JOE, sp=2, bought_points=2), library, ITL) == []
    problems = validate(replace(JOE, sp=3, bought_points=3), library, ITL)
    assert [p.field for p in problems] == ["sp"]
    assert problems[0].severity is Severity.ERROR
    assert "(2 for IQ 9)" in problems[0].message


# --- The demo party -------------------------------------------------------


MELEE_FIELDS = (
    "name", "race", "st", "dx", "iq", "sp", "bought_points",
    "items",  # armor, shield and weapons, with where each is
)


def melee_view(character: Character) -> dict[str, object]:
    return {name: getattr(character, name) for name in MELEE_FIELDS}


def demo() -> dict[str, Character]:
    return {e.character.name: e.character for e in demo_entries()}


def test_demo_party_is_the_documents_figures() -> None:
    party = demo()
    assert sorted(party) == sorted(["Ragnar", "Flavius Marcellus", "Wulf", "Joe the Barbarian",
                                    "Morgaine"])
    for expected in (RAGNAR, FLAVIUS, WULF):
        # What the documents give: attributes and gear (talents and notes are ours,
        # and so are the extras the demo gives Flavius after his document's gear).
        shipped = party[expected.name]
        shipped = replace(shipped, items=shipped.items[:len(expected.items)])
        assert melee_view(shipped) == melee_view(expected), expected.name
    extras = party["Flavius Marcellus"].items[len(FLAVIUS.items):]
    assert [(i.key, i.quality.fine_dx) for i in extras] == [("dagger", 1),
                                                            ("heavy_wool_blanket", 0)]
    joe = party["Joe the Barbarian"]
    assert (joe.race, joe.st, joe.dx, joe.iq, joe.sp, joe.bought_points) == (
        "human", 11, 12, 9, 1, 1
    )


def test_demo_party_numbers(library: RulesLibrary) -> None:
    party = demo()
    ragnar = derive(party["Ragnar"], library, ITL)
    assert (ragnar.adj_dx, ragnar.adj_dx_shield, ragnar.hits_stopped,
            ragnar.hits_stopped_shield, ragnar.ma) == (11, 10, 2, 4, 8)
    flavius = derive(party["Flavius Marcellus"], library, ITL)
    assert (flavius.adj_dx_shield, flavius.hits_stopped_shield, flavius.ma) == (8, 5, 6)
    wulf = derive(party["Wulf"], library, ITL)
    assert (wulf.adj_dx, wulf.adj_dx_shield, wulf.ma) == (10, None, 10)
    assert all(w.usable for w in wulf.weapons)
    for name, character in party.items():
        problems = validate(character, library, ITL)
        assert not [p for p in problems if p.severity is Severity.ERROR], name


def test_demo_wizard_is_a_legal_starting_wizard(library: RulesLibrary) -> None:
    """Morgaine: 32 points on ST, DX, IQ (8 each and 8 more), memory = IQ, spells her IQ allows.

    Each spell costs a wizard 1 memory point, a talent double unless the
    library says otherwise (Literacy: 1), so nine spells and Literacy use 10
    of her 11.  She knows Aid, which the wizards' ranks above Probationer ask.
    """
    from tftmanager.rules.abilities import CharacterKind
    from tftmanager.rules.memory import memory

    morgaine = demo()["Morgaine"]
    assert morgaine.kind is CharacterKind.WIZARD
    assert min(morgaine.st, morgaine.dx, morgaine.iq) >= 8
    assert morgaine.st + morgaine.dx + morgaine.iq == 32
    assert (morgaine.sp, morgaine.bought_points) == (0, 0)
    assert all(library.spells[k].iq <= morgaine.iq for k in morgaine.spells)
    assert "aid" in morgaine.spells
    used = memory(morgaine, library, ITL)
    assert (used.used, used.capacity) == (len(morgaine.spells) + 1, morgaine.iq) == (10, 11)
    assert not validate(morgaine, library, ITL)
