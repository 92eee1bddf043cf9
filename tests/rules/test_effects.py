"""Effects of talents and magic items on MA, adjusted DX, hits stopped and memory.

Cases worked by hand from the rules: Running adds 2 to MA (a ST 12 DX 10 IQ
10 human with Running moves 12), Toughness stops 1 hit and Toughness II one
more, on top of armor and shield; a readied magic item works, a carried one
is only weight.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.derived import active_effects, carried_weight, derive
from tftmanager.rules.effects import Active, Stat, StatEffect, adjusted, parse_effect
from tftmanager.rules.items import Item, ItemKind, ItemState
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.memory import capacity
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import RuleProfile

PROFILE = RuleProfile()


def human(*talents: str, items: tuple[Item, ...] = (), **gear: object) -> Character:
    """The issue's human: ST 12, DX 10, IQ 10, with talents and gear."""
    return Character(name="Test", race="human", st=12, dx=10, iq=10,
                     talents=tuple(KnownTalent(k) for k in talents),
                     items=outfit(items, **gear))  # type: ignore[arg-type]


def magic(key: str, state: ItemState = ItemState.READIED, quantity: int = 1) -> Item:
    return Item(ItemKind.MAGIC, key, state, quantity=quantity)


def with_talent(library: RulesLibrary, key: str, *effects: str) -> RulesLibrary:
    """A library with a house talent carrying the given effect lines."""
    talent = replace(library.talents["running"], key=key, name=key.title(),
                     effects=tuple(parse_effect(e) for e in effects))
    return replace(library, talents={**library.talents, key: talent})


# --- the notation ----------------------------------------------------------

def test_effect_lines_read_and_write_back() -> None:
    for line in ("ma +2", "hits_stopped +1", "adj_dx +1 with sword", "damage -1 with axe",
                 "memory +3", "ma x2", "ma +4 when on level snow with skis"):
        assert parse_effect(line).text() == line
    effect = parse_effect("adj_dx +1 with sword when charging")
    assert (effect.stat, effect.amount, effect.weapon_tag, effect.when) == (
        Stat.ADJ_DX, 1, "sword", "charging")


@pytest.mark.parametrize("line", ["speed +2", "ma 2", "ma +", "ma x0", "ma +500", ""])
def test_bad_effect_lines_are_refused(line: str) -> None:
    with pytest.raises(RulesDataError):
        parse_effect(line, "house_talent")


def test_adjusted_adds_before_multiplying_and_explains() -> None:
    active = [Active("Speed", StatEffect(Stat.MA, 2, multiply=True)),
              Active("Running", StatEffect(Stat.MA, 2))]
    result = adjusted(10, Stat.MA, active)
    assert result.value == 24
    assert result.explain() == "24 (10, Running +2, Speed x2)"
    assert adjusted(10, Stat.MA, []).explain() == "10"


# --- talents alone ---------------------------------------------------------

def test_running_gives_the_published_ma_12(library: RulesLibrary) -> None:
    derived = derive(human("running"), library, PROFILE)
    assert derived.ma == 12
    assert derived.explain(Stat.MA) == "12 (10, Running +2)"
    assert derive(human(), library, PROFILE).explain(Stat.MA) == "10"


def test_toughness_stops_one_hit_and_toughness_ii_another(library: RulesLibrary) -> None:
    assert derive(human("toughness"), library, PROFILE).hits_stopped == 1
    both = derive(human("toughness", "toughness_ii"), library, PROFILE)
    assert both.hits_stopped == 2
    assert both.explain(Stat.HITS_STOPPED) == "2 (0, Toughness +1, Toughness II +1)"


def test_warrior_and_veteran_stop_a_hit_each(library: RulesLibrary) -> None:
    assert derive(human("warrior"), library, PROFILE).hits_stopped == 1
    assert derive(human("warrior", "veteran"), library, PROFILE).hits_stopped == 2


def test_issue_figure_running_and_toughness(library: RulesLibrary) -> None:
    derived = derive(human("running", "toughness"), library, PROFILE)
    assert (derived.ma, derived.hits_stopped, derived.adj_dx) == (12, 1, 10)


def test_situational_effects_are_shown_not_added(library: RulesLibrary) -> None:
    derived = derive(human("skiing", "snowshoe"), library, PROFILE)
    assert (derived.ma, derived.adj_dx) == (10, 10)
    assert "Skiing: MA +4 when on level snow with skis" in derived.situational
    assert any(line.startswith("Snowshoe: adjDX +2 when") for line in derived.situational)


# --- combined with armor and shields ---------------------------------------

def test_toughness_adds_to_armor_and_shield(library: RulesLibrary) -> None:
    derived = derive(human("toughness", armor="leather", shield="small_shield",
                           shield_ready=True), library, PROFILE)
    assert derived.hits_stopped == 3                  # leather 2 + Toughness 1
    assert derived.hits_stopped_shield == 4           # + small shield 1
    assert derived.explain(Stat.HITS_STOPPED) == "3 (2, Toughness +1)"


def test_toughness_adds_to_worn_armor_after_wear(library: RulesLibrary) -> None:
    worn = (Item(ItemKind.ARMOR, "chainmail", ItemState.READIED, hits_taken=10_000),)
    derived = derive(human("toughness", items=worn, armor="chainmail"), library, PROFILE)
    assert derived.armor_condition is not None
    assert derived.hits_stopped == derived.armor_condition.stops + 1


def test_running_adds_to_armors_ma(library: RulesLibrary) -> None:
    derived = derive(human("running", armor="chainmail"), library, PROFILE)
    assert derived.ma == 8
    assert derived.explain(Stat.MA) == "8 (6, Running +2)"
    assert derived.adj_dx == 7                        # chainmail's -3 DX is untouched


def test_running_adds_to_the_races_own_ma(library: RulesLibrary) -> None:
    for key, race in library.races.items():
        figure = replace(human("running"), race=key, st=race.limits(PROFILE.creation).min_st)
        assert derive(figure, library, PROFILE).ma == race.ma + 2


# --- magic items, and an item with a talent --------------------------------

def test_readied_magic_item_works_carried_one_does_not(library: RulesLibrary) -> None:
    readied = derive(human(items=(magic("stone_flesh"),)), library, PROFILE)
    assert readied.hits_stopped == 4
    carried = derive(human(items=(magic("stone_flesh", ItemState.CARRIED),)), library, PROFILE)
    assert carried.hits_stopped == 0


def test_magic_item_and_talent_together(library: RulesLibrary) -> None:
    derived = derive(human("toughness", items=(magic("iron_flesh"),), armor="leather"),
                     library, PROFILE)
    assert derived.hits_stopped == 2 + 1 + 6
    assert derived.explain(Stat.HITS_STOPPED) == "9 (2, Toughness +1, Iron Flesh +6)"
    fast = derive(human("running", items=(magic("speed_movement"),)), library, PROFILE)
    assert fast.explain(Stat.MA) == "24 (10, Running +2, Speed Movement x2)"


def test_magic_items_weigh_once_per_rod(library: RulesLibrary) -> None:
    rod = library.magic_items["fireball_rod"]
    figure = human(items=(magic("fireball_rod", ItemState.CARRIED, quantity=5),))
    assert carried_weight(figure, library) == rod.weight_kg
    assert rod.price(5) == 5 * 600
    stored = human(items=(magic("fireball_rod", ItemState.STORED, quantity=5),))
    assert carried_weight(stored, library) == 0


# --- weapon classes and memory ---------------------------------------------

def test_effect_with_a_class_of_weapon_counts_only_with_it(library: RulesLibrary) -> None:
    house = with_talent(library, "sword_drill", "adj_dx +1 with sword", "damage +2 with axe")
    figure = human("sword_drill", weapons=["broadsword", "battleaxe"])
    derived = derive(figure, house, PROFILE)
    assert derived.adj_dx == 10
    sword, axe = derived.weapons
    assert sword.attacks[0].adj_dx == 11 and axe.attacks[0].adj_dx == 10
    assert axe.attacks[0].damage == axe.weapon.damage.add(2)
    assert sword.attacks[0].damage == sword.weapon.damage
    assert "Sword_Drill +1" in sword.attacks[0].notes


def test_untagged_dx_effect_counts_once(library: RulesLibrary) -> None:
    house = with_talent(library, "keen", "adj_dx +1")
    derived = derive(human("keen", weapons=["broadsword"]), house, PROFILE)
    assert derived.adj_dx == 11
    assert derived.weapons[0].attacks[0].adj_dx == 11


def test_memory_effect_adds_to_capacity(library: RulesLibrary) -> None:
    house = with_talent(library, "mnemonist", "memory +3")
    assert capacity(human("mnemonist"), house, PROFILE) == 13
    assert capacity(human(), house, PROFILE) == 10


def test_unknown_talents_and_items_have_no_effect(library: RulesLibrary) -> None:
    figure = human("no_such_talent", items=(magic("no_such_item"),))
    assert active_effects(figure, library) == ()


def test_every_shipped_effect_has_a_source(library: RulesLibrary) -> None:
    owners = [*library.talents.values(), *library.magic_items.values()]
    with_effects = [o for o in owners if o.effects]
    assert len(with_effects) >= 10
    for owner in with_effects:
        assert owner.effects_source, owner.key


def test_effects_in_the_players_words() -> None:
    assert parse_effect("hits_stopped +4").label() == "hits stopped +4"
    assert parse_effect("adj_dx +2 with sword when charging").label() == (
        "adjDX +2 with sword when charging")


@given(stat=st.sampled_from(list(Stat)), amount=st.integers(-100, 100), multiply=st.booleans(),
       tag=st.sampled_from(["", "sword", "pole"]),
       when=st.sampled_from(["", "on level snow", "charging with a lance"]))
def test_any_effect_reads_back_as_written(stat: Stat, amount: int, multiply: bool, tag: str,
                                          when: str) -> None:
    amount = max(abs(amount), 1) if multiply else amount
    effect = StatEffect(stat, amount, multiply, tag, when)
    assert parse_effect(effect.text()) == effect


@given(st.text(max_size=40))
def test_any_text_is_read_or_refused_with_a_reason(line: str) -> None:
    try:
        parse_effect(line, "house")
    except RulesDataError as exc:
        assert "house" in str(exc)
