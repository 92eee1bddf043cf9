"""Memory: IQ + 2 x SP, what each talent and spell costs, and the cost exceptions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.learning import talent_availability
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import capacity, memory, spell_cost, talent_cost, with_talent
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.validation import validate
from tftmanager.rules.xp_tables import MemoryCosts

pytestmark = pytest.mark.rules

PROFILE = RuleProfile()
JOE_TALENTS = ("sword", "axe_mace", "shield", "horsemanship", "alertness", "swimming")

# The expansion's example: 32 points as ST 11, DX 12, IQ 9, and six talents.
JOE = Character(
    name="Joe the Barbarian", race="human", st=11, dx=12, iq=9,
    talents=tuple(KnownTalent(k) for k in JOE_TALENTS),
)


def knowing(*keys: str, **fields: object) -> Character:
    """A human hero (or whatever ``fields`` say) knowing these talents, in this order."""
    base = Character(name="Test", race="human", st=10, dx=10, iq=12,
                     talents=tuple(KnownTalent(k) for k in keys))
    return replace(base, **fields)  # type: ignore[arg-type]


def cost_of(key: str, character: Character, library: RulesLibrary,
            profile: RuleProfile = PROFILE) -> int:
    return talent_cost(library.talents[key], character, library, profile)


# --- Joe the Barbarian ------------------------------------------------------


def test_joe_fills_his_memory_exactly(library: RulesLibrary) -> None:
    mem = memory(JOE, library, PROFILE)
    assert (mem.used, mem.capacity, mem.free) == (9, 9, 0)
    assert validate(JOE, library, PROFILE) == []


def test_joe_cannot_learn_running_without_more_memory(library: RulesLibrary) -> None:
    running = talent_availability(library.talents["running"], JOE, library, PROFILE)
    assert not running.available
    assert running.cost == 2
    assert any("memory full by 2" in reason for reason in running.reasons), running.reasons
    # Nothing else stands in the way: IQ 9 is enough for Running (IQ 8).
    assert len(running.reasons) == 1


def test_joe_with_a_skill_point_learns_running(library: RulesLibrary) -> None:
    joe = replace(JOE, sp=1, bought_points=1)
    assert talent_availability(library.talents["running"], joe, library, PROFILE).available
    joe = with_talent(joe, "running")
    mem = memory(joe, library, PROFILE)
    assert (mem.used, mem.capacity) == (11, 11)
    assert validate(joe, library, PROFILE) == []


def test_joe_may_have_two_skill_points_but_not_three(library: RulesLibrary) -> None:
    two = replace(JOE, sp=2, bought_points=2)
    assert [p for p in validate(two, library, PROFILE) if p.field == "sp"] == []
    assert capacity(two, library, PROFILE) == 13
    three = replace(JOE, sp=3, bought_points=3)
    sp_problems = [p for p in validate(three, library, PROFILE) if p.field == "sp"]
    assert len(sp_problems) == 1
    assert "IQ/4" in sp_problems[0].message


def test_joe_over_memory_is_a_validation_problem(library: RulesLibrary) -> None:
    joe = with_talent(JOE, "running")
    problems = [p for p in validate(joe, library, PROFILE) if p.field == "memory"]
    assert len(problems) == 1
    assert "11" in problems[0].message and "allows 9" in problems[0].message
    assert "2 too many" in problems[0].message


# --- cost exceptions -----------------------------------------------------------


def test_every_cost_exception_applies_only_with_its_talents(library: RulesLibrary) -> None:
    assert library.cost_exceptions, "the shipped data has cost exceptions"
    for exc in library.cost_exceptions:
        talent = library.talents[exc.talent]
        assert exc.cost < talent.cost, exc
        without = knowing()
        with_them = knowing(*exc.when_known)
        assert cost_of(exc.talent, without, library) == talent.cost, exc
        assert cost_of(exc.talent, with_them, library) == exc.cost, exc
        if len(exc.when_known) > 1:  # every listed talent is needed
            partial = knowing(*exc.when_known[:-1])
            assert cost_of(exc.talent, partial, library) == talent.cost, exc


def test_the_expansion_exceptions_are_shipped(library: RulesLibrary) -> None:
    found = {(e.talent, e.when_known, e.cost) for e in library.cost_exceptions}
    assert ("physicker", ("first_aid",), 1) in found
    assert ("master_vet", ("master_physicker",), 1) in found
    assert ("master_physicker", ("master_vet",), 1) in found
    assert ("snowshoe", ("woodsman",), 0) in found


def test_physicker_with_and_without_first_aid(library: RulesLibrary) -> None:
    assert cost_of("physicker", knowing(), library) == library.talents["physicker"].cost == 2
    assert cost_of("physicker", knowing("first_aid"), library) == 1


def test_master_vet_and_master_physicker_each_cheap_with_the_other(
    library: RulesLibrary,
) -> None:
    assert cost_of("master_vet", knowing(), library) == 2
    assert cost_of("master_physicker", knowing(), library) == 2
    assert cost_of("master_vet", knowing("master_physicker"), library) == 1
    assert cost_of("master_physicker", knowing("master_vet"), library) == 1


@pytest.mark.parametrize("order", [("master_physicker", "master_vet"),
                                   ("master_vet", "master_physicker")])
def test_exception_counts_only_for_the_talent_learned_second(
    library: RulesLibrary, order: tuple[str, str],
) -> None:
    # Whichever came first was bought at full price: 2 + 1, never 1 + 1.
    character = knowing(*order, iq=14)
    assert memory(character, library, PROFILE).used == 3
    first, second = (library.talents[k] for k in order)
    assert talent_cost(first, character, library, PROFILE, known_before=frozenset()) == 2
    assert talent_cost(second, character, library, PROFILE,
                       known_before=frozenset({first.key})) == 1


def test_physicker_learned_before_first_aid_pays_full(library: RulesLibrary) -> None:
    assert memory(knowing("physicker", "first_aid"), library, PROFILE).used == 3
    assert memory(knowing("first_aid", "physicker"), library, PROFILE).used == 2


def test_snowshoe_is_free_for_a_woodsman(library: RulesLibrary) -> None:
    assert cost_of("snowshoe", knowing(), library) == 1
    assert cost_of("snowshoe", knowing("naturalist", "woodsman"), library) == 0
    before = memory(knowing("naturalist", "woodsman"), library, PROFILE).used
    after = memory(knowing("naturalist", "woodsman", "snowshoe"), library, PROFILE).used
    assert after == before


# --- wizards and heroes ------------------------------------------------------------


def test_wizard_pays_double_for_talents(library: RulesLibrary) -> None:
    wizard = knowing(kind=CharacterKind.WIZARD)
    hero = knowing()
    for key in ("sword", "running", "swimming", "physicker", "two_weapons"):
        assert cost_of(key, wizard, library) == 2 * cost_of(key, hero, library), key


def test_wizard_cost_talents_are_not_doubled(library: RulesLibrary) -> None:
    wizard = knowing(kind=CharacterKind.WIZARD)
    with_wizard_cost = {k: t for k, t in library.talents.items() if t.wizard_cost is not None}
    assert {"literacy", "willpower"} <= set(with_wizard_cost)
    assert library.talents["literacy"].wizard_cost == 1
    assert library.talents["willpower"].wizard_cost == 1
    for key, talent in with_wizard_cost.items():
        assert cost_of(key, wizard, library) == talent.wizard_cost, key
    assert cost_of("literacy", wizard, library) == 1
    assert cost_of("willpower", wizard, library) == 1


def test_wizard_exception_cost_is_doubled_too(library: RulesLibrary) -> None:
    wizard = knowing("first_aid", kind=CharacterKind.WIZARD)
    assert cost_of("physicker", wizard, library) == 2


def test_spells_cost_a_wizard_one_and_a_hero_three(library: RulesLibrary) -> None:
    assert spell_cost(knowing(kind=CharacterKind.WIZARD), library, PROFILE) == 1
    assert spell_cost(knowing(), library, PROFILE) == 3
    hero = knowing(spells=("flame_shield", "blur"))
    wizard = replace(hero, kind=CharacterKind.WIZARD)
    assert memory(hero, library, PROFILE).used == 6
    assert memory(wizard, library, PROFILE).used == 2


def test_profile_without_the_kind_rules_charges_everyone_the_same(
    library: RulesLibrary,
) -> None:
    flat = RuleProfile(wizard_talents_double=False, hero_spells_triple=False)
    wizard = knowing("sword", spells=("blur",), kind=CharacterKind.WIZARD)
    hero = replace(wizard, kind=CharacterKind.HERO)
    assert cost_of("sword", wizard, library, flat) == 2
    assert cost_of("literacy", wizard, library, flat) == 1
    assert spell_cost(hero, library, flat) == 1
    assert memory(wizard, library, flat).used == memory(hero, library, flat).used == 3
    # Each setting is independent of the other.
    only_double = RuleProfile(hero_spells_triple=False)
    assert memory(wizard, library, only_double).used == 5
    assert memory(hero, library, only_double).used == 3


def test_extra_points_add_to_the_cost(library: RulesLibrary) -> None:
    sign = library.talents["sign_language"]
    assert sign.extra_points
    character = knowing(talents=(KnownTalent("sign_language", 2),))
    assert memory(character, library, PROFILE).used == 3
    assert not [p for p in validate(character, library, PROFILE) if p.field == "talents"]
    sword = knowing(talents=(KnownTalent("sword", 1),))
    problems = [p for p in validate(sword, library, PROFILE) if p.field == "talents"]
    assert problems and "extra points" in problems[0].message


# --- capacity ------------------------------------------------------------------------


def test_capacity_is_iq_plus_twice_sp(library: RulesLibrary) -> None:
    assert capacity(knowing(iq=12), library, PROFILE) == 12
    assert capacity(knowing(iq=12, sp=3), library, PROFILE) == 18


def test_legacy_memory_only_counts_when_the_rule_is_on(library: RulesLibrary) -> None:
    character = knowing(iq=12, sp=1, memory_bought=3)
    assert capacity(character, library, PROFILE) == 14
    assert capacity(character, library, RuleProfile(legacy_memory_xp=False)) == 14
    assert capacity(character, library, RuleProfile(legacy_memory_xp=True)) == 17


def test_legacy_memory_makes_room(library: RulesLibrary) -> None:
    joe = replace(with_talent(JOE, "running"), memory_bought=2)
    assert memory(joe, library, PROFILE).free == -2
    assert memory(joe, library, RuleProfile(legacy_memory_xp=True)).free == 0
    assert validate(joe, library, RuleProfile(legacy_memory_xp=True)) == []


def test_unknown_keys_cost_nothing_but_are_problems(library: RulesLibrary) -> None:
    character = knowing("no_such_talent", spells=("no_such_spell",))
    assert memory(character, library, PROFILE).used == 0
    fields = {(p.field, p.item) for p in validate(character, library, PROFILE)}
    assert ("talents", "no_such_talent") in fields
    assert ("spells", "no_such_spell") in fields


def test_memory_costs_are_the_library_s(library: RulesLibrary) -> None:
    """A GM who edits [memory_costs] changes what spells and wizards' talents cost."""
    costs = MemoryCosts(spell=2, hero_spell=5, wizard_talent_times=3, capacity_per_sp=3)
    house = replace(library, memory_costs=costs)
    hero = knowing(spells=("blur",))
    wizard = knowing("sword", spells=("blur",), kind=CharacterKind.WIZARD)
    assert spell_cost(hero, house, PROFILE) == 5
    assert spell_cost(wizard, house, PROFILE) == 2
    sword = library.talents["sword"].cost
    assert cost_of("sword", wizard, house) == 3 * sword
    assert memory(wizard, house, PROFILE).used == 3 * sword + 2
    assert capacity(knowing(iq=12, sp=2), house, PROFILE) == 12 + 3 * 2


def test_a_library_without_memory_costs_says_so(library: RulesLibrary) -> None:
    with pytest.raises(RulesDataError, match="memory costs"):
        spell_cost(knowing(), replace(library, memory_costs=None), PROFILE)
