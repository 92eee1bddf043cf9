"""Each derived-stat rule and each validation check on its own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.derived import derive
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import carry_weapons, outfit, ready_shield, ready_weapon
from tftmanager.rules.problems import Problem, RulesDataError, Severity
from tftmanager.rules.races import AttackMode
from tftmanager.rules.settings import (
    OPTION_INFO,
    CreationScheme,
    CriticalHits,
    InjuryReactions,
    LeatherMA,
    PoleCharge,
    RuleProfile,
    XPCostScheme,
)
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

MELEE = RuleProfile(creation=CreationScheme.MELEE)
HUMAN = Character(name="Bjorn", race="human", st=12, dx=12)  # a legal 24-point Melee human


def problems_of(character: Character, library: RulesLibrary, field: str) -> list[Problem]:
    return [p for p in validate(character, library, MELEE) if p.field == field]


def attacks(character: Character, library: RulesLibrary, key: str) -> dict:
    derived = derive(character, library, MELEE)
    (line,) = [w for w in derived.weapons if w.weapon.key == key]
    return {a.mode: a for a in line.attacks}


# --- Movement ------------------------------------------------------------


@pytest.mark.parametrize(
    ("armor", "ma"),
    [(None, 10), ("leather", 8), ("chainmail", 6), ("plate", 6)],
)
def test_human_ma_by_armor(library: RulesLibrary, armor: str | None, ma: int) -> None:
    # "An unarmored human has an MA of 10 ... leather armor = MA 8, chain mail
    # = MA 6, and plate armor also = MA 6."
    assert derive(replace(HUMAN, items=outfit(armor=armor)), library, MELEE).ma == ma


@pytest.mark.parametrize(
    ("armor", "ma"),
    [(None, 12), ("leather", 10), ("chainmail", 6), ("plate", 6)],
)
def test_elf_ma_by_armor(library: RulesLibrary, armor: str | None, ma: int) -> None:
    elf = Character(name="Elf", race="elf", st=10, dx=14, items=outfit(armor=armor))
    assert derive(elf, library, MELEE).ma == ma


def test_leather_ma_9_under_the_armor_table_reading(library: RulesLibrary) -> None:
    # Melee's armor table: "Leather armor ... wearer's MA = 9".
    profile = RuleProfile(creation=CreationScheme.MELEE, leather_ma=LeatherMA.ARMOR_TABLE)
    assert derive(replace(HUMAN, items=outfit(armor="leather")), library, profile).ma == 9
    # Other armor and the elf's own leather MA do not change.
    assert derive(replace(HUMAN, items=outfit(armor="chainmail")), library, profile).ma == 6
    elf = Character(name="Elf", race="elf", st=10, dx=14, items=outfit(armor="leather"))
    assert derive(elf, library, profile).ma == 10


# --- DX and hits stopped --------------------------------------------------


@pytest.mark.parametrize(
    ("armor", "shield", "adj", "adj_shield", "stops", "stops_shield"),
    [
        (None, None, 12, None, 0, None),
        ("plate", None, 6, None, 5, None),
        ("chainmail", "small_shield", 9, 9, 3, 4),
        ("leather", "large_shield", 10, 9, 2, 4),
        ("plate", "large_shield", 6, 5, 5, 7),
    ],
)
def test_adjusted_dx_and_hits_stopped(
    library: RulesLibrary,
    armor: str | None,
    shield: str | None,
    adj: int,
    adj_shield: int | None,
    stops: int,
    stops_shield: int | None,
) -> None:
    d = derive(replace(HUMAN, items=outfit(armor=armor, shield=shield)), library, MELEE)
    assert (d.adj_dx, d.adj_dx_shield, d.hits_stopped, d.hits_stopped_shield) == (
        adj, adj_shield, stops, stops_shield
    )


# --- Racial modifiers -----------------------------------------------------

DWARF = Character(name="Gimli", race="dwarf", st=14, dx=10)


@pytest.mark.parametrize(
    ("weapon", "base"),
    [("hammer", "1d+1"), ("small_ax", "1d+2"), ("battleaxe", "3d")],
)
def test_dwarf_plus_one_with_axes_and_hammers(
    library: RulesLibrary, weapon: str, base: str
) -> None:
    # "Dwarves do an extra +1 damage when they hit with hammers or axes."
    dwarf = replace(DWARF, st=15, dx=9, items=outfit(weapons=(weapon,)))
    for attack in attacks(dwarf, library, weapon).values():
        assert attack.damage == DamageDice.parse(base).add(1)
        assert attack.adj_dx == 9  # no DX bonus
        assert attack.notes
    # A human with the same weapon does the table's damage.
    human = replace(HUMAN, st=15, dx=9, items=outfit(weapons=(weapon,)))
    for attack in attacks(human, library, weapon).values():
        assert attack.damage == DamageDice.parse(base)
        assert attack.notes == ()


@pytest.mark.parametrize("weapon", ["broadsword", "shortsword", "mace", "dagger"])
def test_dwarf_no_bonus_with_other_weapons(library: RulesLibrary, weapon: str) -> None:
    dwarf = replace(DWARF, items=outfit(weapons=(weapon,)))
    table = library.weapons[weapon].damage
    for attack in attacks(dwarf, library, weapon).values():
        assert attack.damage == table
        assert attack.notes == ()


HALFLING = Character(name="Pip", race="halfling", st=6, dx=14)


def test_halfling_thrown_dagger(library: RulesLibrary) -> None:
    # "Halflings get an extra +3 DX adjustment with missile or thrown weapons,
    # and do an extra +1 damage when they hit with them."
    modes = attacks(replace(HALFLING, items=outfit(weapons=("dagger",))), library, "dagger")
    strike, thrown = modes[AttackMode.STRIKE], modes[AttackMode.THROWN]
    assert (strike.adj_dx, strike.damage) == (14, DamageDice(1, -1))
    assert strike.notes == ()
    assert (thrown.adj_dx, thrown.damage) == (17, DamageDice(1, 0))
    assert len(thrown.notes) == 2


def test_halfling_missile(library: RulesLibrary) -> None:
    halfling = replace(HALFLING, items=outfit(armor="leather", weapons=("sling",)))
    (shot,) = attacks(halfling, library, "sling").values()
    assert shot.mode is AttackMode.MISSILE
    # DX 14, leather -2, halfling +3.
    assert shot.adj_dx == 15
    assert shot.damage == DamageDice(1, -1)  # sling 1-2, +1


def test_halfling_shield_dx_keeps_the_bonus(library: RulesLibrary) -> None:
    halfling = replace(HALFLING, items=outfit(shield="large_shield", weapons=("dagger",)))
    modes = attacks(halfling, library, "dagger")
    assert modes[AttackMode.STRIKE].adj_dx_shield == 13
    assert modes[AttackMode.THROWN].adj_dx_shield == 16


def test_attacks_per_weapon_kind(library: RulesLibrary) -> None:
    figure = replace(HUMAN, st=15, items=outfit(weapons=("broadsword", "javelin", "longbow")))
    assert set(attacks(figure, library, "broadsword")) == {AttackMode.STRIKE}
    assert set(attacks(figure, library, "javelin")) == {AttackMode.STRIKE, AttackMode.THROWN}
    assert set(attacks(figure, library, "longbow")) == {AttackMode.MISSILE}


# --- Weapon checks --------------------------------------------------------


def test_weapon_too_heavy(library: RulesLibrary) -> None:
    # "Only a figure whose strength BEGINS at or above that number can use it."
    figure = replace(HUMAN, items=outfit(weapons=("broadsword", "morningstar")))  # ST 12 and 13
    problems = problems_of(figure, library, "weapons")
    assert [(p.item, p.severity) for p in problems] == [("morningstar", Severity.ERROR)]
    assert "needs ST 13" in problems[0].message
    assert "ST 12" in problems[0].message
    usable = {w.weapon.key: w.usable for w in derive(figure, library, MELEE).weapons}
    assert usable == {"broadsword": True, "morningstar": False}


def test_two_handed_weapon_with_a_ready_shield(library: RulesLibrary) -> None:
    # "If the fighter has a shield, it must be slung on his/her back while
    # the weapon is ready."
    figure = replace(
        HUMAN, st=14, dx=10, items=outfit(shield="small_shield", shield_ready=True,
                                          weapons=("two_handed_sword",),
                                          ready_weapon="two_handed_sword"),
    )
    problems = validate(figure, library, MELEE)
    assert [p.field for p in problems] == ["shield"]
    assert "two-handed" in problems[0].message
    assert validate(replace(figure, items=ready_shield(figure.items, False)), library,
                    MELEE) == []
    # A one-handed ready weapon goes with a ready shield.
    one_handed = replace(figure, items=ready_weapon(
        carry_weapons(figure.items, ("broadsword",)), "broadsword"))
    assert validate(one_handed, library, MELEE) == []
    # Carried but not ready, the two-handed sword does not matter.
    both = replace(figure, items=ready_weapon(
        carry_weapons(figure.items, ("broadsword", "two_handed_sword")), "broadsword"))
    assert problems_of(both, library, "shield") == []


@pytest.mark.parametrize(
    ("weapons", "shield", "ok"),
    [
        (("broadsword", "mace", "dagger"), None, True),  # two plus one dagger
        (("broadsword", "mace", "main_gauche"), None, True),  # or a main-gauche
        (("broadsword", "dagger"), "small_shield", True),  # shield + one + dagger
        (("broadsword", "mace"), "small_shield", False),  # the shield counts as one
        (("broadsword", "mace", "club"), None, False),  # three weapons
        (("broadsword", "mace", "dagger", "dagger"), None, False),  # a second dagger counts
        (("broadsword", "dagger", "main_gauche"), None, True),  # one weapon, two daggers
        (("broadsword", "mace", "dagger", "main_gauche"), None, False),
        (("broadsword", "mace", "dagger", "thrown_rock"), None, True),  # a rock is free
    ],
)
def test_carry_limit(
    library: RulesLibrary, weapons: tuple[str, ...], shield: str | None, ok: bool
) -> None:
    # "A FIGURE MAY CARRY ONE DAGGER OR MAIN-GAUCHE, AND TWO OTHER WEAPONS.
    # A SHIELD COUNTS AS A WEAPON."
    figure = replace(HUMAN, items=outfit(weapons=weapons, shield=shield))
    problems = problems_of(figure, library, "weapons")
    if ok:
        assert problems == []
    else:
        assert len(problems) == 1
        assert problems[0].item is None
        assert "only 2 plus one dagger" in problems[0].message


def test_the_ready_weapon_is_always_one_carried(library: RulesLibrary) -> None:
    # Possessions hold the weapon in hand, so it is always carried: a ready
    # weapon named apart from the list (an old file) joins the weapons carried.
    figure = replace(HUMAN, items=outfit(weapons=("broadsword",), ready_weapon="shortsword"))
    derived = derive(figure, library, MELEE)
    assert [(w.weapon.key, w.ready) for w in derived.weapons] == [
        ("broadsword", False), ("shortsword", True)]
    assert validate(figure, library, MELEE) == []


# --- Unknown keys ---------------------------------------------------------


def test_unknown_race(library: RulesLibrary) -> None:
    figure = replace(HUMAN, race="troll")
    problems = validate(figure, library, MELEE)
    assert [p.field for p in problems] == ["race"]
    assert "troll" in problems[0].message
    d = derive(figure, library, MELEE)
    assert d.start_total is None
    assert d.ma == 10


def test_unknown_armor_shield_and_weapon(library: RulesLibrary) -> None:
    figure = replace(
        HUMAN, items=outfit(armor="mithril", shield="tower_shield", shield_ready=True,
                            weapons=("broadsword", "lightsaber"), ready_weapon="lightsaber"),
    )
    problems = validate(figure, library, MELEE)
    assert [(p.field, p.item) for p in problems] == [
        ("armor", None),
        ("shield", None),
        ("weapons", "lightsaber"),
    ]
    # Kept elsewhere, an unknown key is a problem of the possessions.
    stored = replace(HUMAN, items=(Item(ItemKind.WEAPON, "lightsaber", ItemState.STORED),))
    assert [(p.field, p.item) for p in validate(stored, library, MELEE)] == [
        ("items", "lightsaber")]
    d = derive(figure, library, MELEE)
    assert (d.adj_dx, d.hits_stopped, d.ma, d.adj_dx_shield) == (12, 0, 10, None)
    assert [w.weapon.key for w in d.weapons] == ["broadsword"]


def test_empty_name_is_a_problem(library: RulesLibrary) -> None:
    assert [p.field for p in validate(replace(HUMAN, name="  "), library, MELEE)] == ["name"]


# --- Reactions to injury --------------------------------------------------


@pytest.mark.parametrize("st", [8, 11, 25, 60, 105, 115, 250])
def test_injury_melee_is_the_same_for_everyone(library: RulesLibrary, st: int) -> None:
    # Melee: 5 hits in a turn give -2 DX, 8 knock a figure down.
    profile = RuleProfile(injury_reactions=InjuryReactions.MELEE)
    injury = derive(replace(HUMAN, st=st), library, profile).injury
    assert (injury.dx_penalty_hits, injury.knockdown_hits, injury.assumed) == (5, 8, False)


@pytest.mark.parametrize(
    ("st", "dx_hits", "knockdown", "assumed"),
    [
        (1, 5, 8, False),
        (11, 5, 8, False),
        (19, 5, 8, False),
        (20, 7, 12, False),
        (25, 7, 12, False),
        (39, 10, 16, False),
        (40, 12, 20, False),
        (99, 25, 40, False),
        (105, 27, 44, False),
        (109, 27, 44, False),
        # Beyond the printed table ("..."): the pattern continues, marked assumed.
        (110, 30, 48, True),
        (115, 30, 48, True),
        (120, 32, 52, True),
    ],
)
def test_injury_house_table_by_st(
    library: RulesLibrary, st: int, dx_hits: int, knockdown: int, assumed: bool
) -> None:
    # TFT House Rules: Combat, "Reaction to Injuries" (1-19: 5/8; 20-29: 7/12;
    # ... 100-109: 27/44).
    profile = RuleProfile(injury_reactions=InjuryReactions.HOUSE_BY_ST)
    injury = derive(replace(HUMAN, st=st), library, profile).injury
    assert (injury.dx_penalty_hits, injury.knockdown_hits, injury.assumed) == (
        dx_hits, knockdown, assumed
    )


# --- The rules profile ----------------------------------------------------


def test_profile_defaults() -> None:
    profile = RuleProfile()
    assert profile.creation is CreationScheme.ITL
    assert profile.leather_ma is LeatherMA.MOVEMENT_SECTION  # READING.md: ship 8


def test_profile_round_trip() -> None:
    profile = RuleProfile(
        creation=CreationScheme.MELEE,
        leather_ma=LeatherMA.ARMOR_TABLE,
        critical_hits=CriticalHits.HOUSE_IGNORE_ARMOR,
        pole_charge=PoleCharge.HOUSE_PLUS_1D1,
        injury_reactions=InjuryReactions.MELEE,
        xp_costs=XPCostScheme.MELEE_FLAT,
        three_d=True,
    )
    data = profile.to_dict()
    assert data["creation"] == "melee"
    assert data["leather_ma"] == 9
    assert RuleProfile.from_dict(data) == profile
    assert RuleProfile.from_dict(RuleProfile().to_dict()) == RuleProfile()


def test_profile_ignores_unknown_keys_and_fills_missing_ones() -> None:
    profile = RuleProfile.from_dict({"creation": "melee", "weather": "rain"})
    earlier = {"critical_hits": CriticalHits.MELEE_MULTIPLY,
               "pole_charge": PoleCharge.MELEE_DOUBLE}
    assert profile == replace(RuleProfile(creation=CreationScheme.MELEE), **earlier)
    assert RuleProfile.from_dict({}) == replace(RuleProfile(), **earlier)


def test_a_new_campaign_plays_the_house_reading_of_both() -> None:
    """004 line 19: "Whenever double or triple damage is mentioned, treat it in this
    fashion, unless otherwise noted"; line 11: a pole weapon's charge "does an extra 1d+1
    damage, not double damage" (issue 37 item 16: the house injury table came with Melee's
    multiplied double damage)."""
    new = RuleProfile()
    assert new.injury_reactions is InjuryReactions.HOUSE_BY_ST
    assert new.critical_hits is CriticalHits.HOUSE_IGNORE_ARMOR
    assert new.pole_charge is PoleCharge.HOUSE_PLUS_1D1
    for name, value in (("injury_reactions", new.injury_reactions),
                        ("critical_hits", new.critical_hits), ("pole_charge", new.pole_charge)):
        choice = OPTION_INFO[name].choices[value]
        assert choice.startswith("House rules: ") and "(default" in choice
    assert "Whenever double or triple damage is mentioned" in \
        OPTION_INFO["critical_hits"].explanation


def test_a_campaign_stored_without_the_reading_keeps_the_one_it_played() -> None:
    """A stored choice is never changed; a profile stored without the option (a server
    campaign set up before, stored as {}) played Melee's multiply and keeps it."""
    house = RuleProfile()
    assert RuleProfile.from_dict(house.to_dict()) == house
    chosen = replace(house, injury_reactions=InjuryReactions.MELEE,
                     critical_hits=CriticalHits.MELEE_MULTIPLY)
    assert RuleProfile.from_dict(chosen.to_dict()) == chosen
    old = RuleProfile.from_dict({"injury_reactions": "house"})
    assert (old.critical_hits, old.pole_charge) == (CriticalHits.MELEE_MULTIPLY,
                                                    PoleCharge.MELEE_DOUBLE)


@pytest.mark.parametrize(
    "data",
    [{"creation": "gurps"}, {"leather_ma": 7}, {"injury_reactions": None}, {"xp_costs": [1]}],
)
def test_profile_bad_value(data: dict) -> None:
    with pytest.raises(RulesDataError, match=next(iter(data))):
        RuleProfile.from_dict(data)


# --- Input that can never be stored ---------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "x" * 81}, "name"),
        ({"st": 0}, "st"),
        ({"st": 301}, "st"),
        ({"dx": 0}, "dx"),
        ({"iq": 101}, "iq"),
        ({"sp": -1}, "sp"),
        ({"bought_points": -1}, "bought_points"),
        ({"st": True}, "st"),
        ({"dx": 12.0}, "dx"),
        ({"items": outfit(weapons=("dagger",) * 501)}, "items"),
    ],
)
def test_check_input_refuses(changes: dict, field: str) -> None:
    with pytest.raises(InputError) as info:
        check_input(replace(HUMAN, **changes))
    assert info.value.field == field
    assert info.value.message


def test_check_input_accepts_bounds() -> None:
    check_input(replace(HUMAN, st=1))
    check_input(replace(HUMAN, st=300, name="x" * 80, sp=25))
    # A rules problem (below the race minimum) is not an input error.
    check_input(replace(HUMAN, st=3))


def test_check_input_messages() -> None:
    with pytest.raises(InputError, match="ST must be between 1 and 300, not 301"):
        check_input(replace(HUMAN, st=301))
    with pytest.raises(InputError, match="ST must be a whole number"):
        check_input(replace(HUMAN, st=True))
