"""Property tests: validation and derivation hold up for any character."""

from __future__ import annotations

from dataclasses import fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from tftmanager.rules.abilities import CharacterKind, KnownTalent
from tftmanager.rules.character import Character, Status
from tftmanager.rules.derived import derive
from tftmanager.rules.loadout import GEAR_FIELDS, outfit
from tftmanager.rules.problems import Severity
from tftmanager.rules.settings import CreationScheme, InjuryReactions, LeatherMA, RuleProfile
from tftmanager.rules.validation import validate
from tftmanager.shipped import shipped_library

pytestmark = pytest.mark.rules

LIBRARY = shipped_library()
# Where the editor shows a problem: a field, the attributes' total, the gear, the memory line.
FIELDS = {f.name for f in fields(Character)} | {"attributes", "memory", *GEAR_FIELDS}

RACES = [*sorted(LIBRARY.races), "troll"]
WEAPONS = [*sorted(LIBRARY.weapons), "lightsaber"]
ARMORS = [None, *sorted(LIBRARY.armors), "mithril"]
SHIELDS = [None, *sorted(LIBRARY.shields), "tower"]
TALENTS = [*sorted(LIBRARY.talents), "juggling_chainsaws"]
SPELLS = [*sorted(LIBRARY.spells), "summon_taxi"]


@st.composite
def characters(draw: st.DrawFn) -> Character:
    weapons = tuple(draw(st.lists(st.sampled_from(WEAPONS), max_size=5)))
    ready = draw(st.one_of(st.none(), st.sampled_from(WEAPONS)))
    if weapons and draw(st.booleans()):
        ready = draw(st.sampled_from(weapons))
    talents = draw(st.lists(st.builds(KnownTalent, st.sampled_from(TALENTS),
                                      st.integers(0, 3)),
                            max_size=8, unique_by=lambda t: t.key))
    strength = draw(st.integers(1, 60))
    return Character(
        name=draw(st.text(max_size=12)),
        kind=draw(st.sampled_from(CharacterKind)),
        status=draw(st.sampled_from(Status)),
        talents=tuple(talents),
        spells=tuple(draw(st.lists(st.sampled_from(SPELLS), max_size=8, unique=True))),
        memory_bought=draw(st.integers(0, 6)),
        wounds=draw(st.integers(0, strength + 2)),
        fatigue=draw(st.integers(0, 3)),
        race=draw(st.sampled_from(RACES)),
        st=strength,
        dx=draw(st.integers(1, 30)),
        iq=draw(st.integers(1, 30)),
        sp=draw(st.integers(0, 10)),
        bought_points=draw(st.integers(0, 40)),
        items=outfit(armor=draw(st.sampled_from(ARMORS)),
                     shield=draw(st.sampled_from(SHIELDS)),
                     shield_ready=draw(st.booleans()),
                     weapons=weapons,
                     ready_weapon=ready),
    )


profiles = st.builds(
    RuleProfile,
    creation=st.sampled_from(CreationScheme),
    leather_ma=st.sampled_from(LeatherMA),
    injury_reactions=st.sampled_from(InjuryReactions),
)


@settings(max_examples=examples(300), deadline=None)
@given(character=characters(), profile=profiles)
def test_validate_never_raises_and_names_real_fields(
    character: Character, profile: RuleProfile
) -> None:
    problems = validate(character, LIBRARY, profile)
    for problem in problems:
        assert problem.field in FIELDS
        assert problem.message
        assert problem.item is None or problem.item in {
            *(i.key for i in character.items), *(t.key for t in character.talents),
            *character.spells}
    derived = derive(character, LIBRARY, profile)
    assert derived.ma > 0
    assert derived.adj_dx <= character.dx
    assert derived.hits_stopped >= 0
    usable = {w.weapon.key: w.usable for w in derived.weapons}
    too_heavy = {p.item for p in problems if p.field == "weapons" and "needs ST" in p.message}
    assert too_heavy == {k for k, ok in usable.items() if not ok}


@settings(max_examples=examples(200), deadline=None)
@given(
    race=st.sampled_from(sorted(LIBRARY.races)),
    creation=st.sampled_from(CreationScheme),
    extra=st.lists(st.sampled_from(["st", "dx", "iq"]), max_size=12),
)
def test_figures_at_their_minimums_with_points_spent_are_legal(
    race: str, creation: CreationScheme, extra: list[str]
) -> None:
    limits = LIBRARY.races[race].limits(creation)
    values = {"st": limits.min_st, "dx": limits.min_dx, "iq": limits.min_iq or 8}
    counted = ["st", "dx"] if creation is CreationScheme.MELEE else ["st", "dx", "iq"]
    spare = limits.total - sum(values[k] for k in counted)
    spent = [k for k in extra if k in counted][:spare]
    for key in spent:
        values[key] += 1
    character = Character(name="Prop", race=race, **values)
    problems = validate(character, LIBRARY, RuleProfile(creation=creation))
    assert not [p for p in problems if p.severity is Severity.ERROR]
    left = spare - len(spent)
    if left:
        assert [(p.field, p.severity) for p in problems] == [("attributes", Severity.WARNING)]
        words = "point is" if left == 1 else "points are"
        assert f"{left} {words} left" in problems[0].message
    else:
        assert problems == []
