"""The parts of the library built on first use: same objects, same refusals, when asked.

The jobs, combat rules, bestiary, awards and height chart are built when
first read (rules.library_parts), so a listing never loads them; whatever
accepts a library calls ``check_all`` so bad data there is still refused up
front, in the same words as before.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tftmanager.rules.library import LAZY_PARTS, RulesLibrary
from tftmanager.rules.problems import RulesDataError
from tftmanager.shipped import rules_documents, shipped_library

pytestmark = pytest.mark.rules

Docs = dict[str, Any]


def _whole(docs: Docs) -> RulesLibrary:
    return RulesLibrary.from_data(
        races=docs["races"], weapons=docs["weapons"], armor=docs["armor"],
        injury=docs["injury"], talents=docs["talents"], spells=docs["spells"],
        experience=docs["experience"], gear=docs["gear"],
        equipment_rules=docs["equipment_rules"], jobs=docs["jobs"], bestiary=docs["bestiary"])


def _unbuilt(library: RulesLibrary) -> list[str]:
    return [name for name in LAZY_PARTS
            if type(getattr(RulesLibrary, name).stored(library)).__name__ == "Pending"]


def test_the_shipped_library_passes_the_whole_check() -> None:
    library = shipped_library().check_all()
    assert _unbuilt(library) == []
    assert library.jobs is not None and library.combat is not None and library.awards
    assert "wolf" in library.creatures and library.heights.rows


def test_nothing_is_built_until_read_and_then_kept() -> None:
    library = _whole(copy.deepcopy(rules_documents()))
    assert _unbuilt(library) == list(LAZY_PARTS)
    retired = library.with_retired(frozenset({("talent", "running")}))
    assert _unbuilt(retired) == list(LAZY_PARTS)  # marking retired entries builds nothing
    assert library.combat_rules() is library.combat
    assert _unbuilt(library) == [p for p in LAZY_PARTS if p != "combat"]
    assert retired.check_all().creatures == library.creatures


def _creature_with_unknown_weapon(d: Docs) -> None:
    d["bestiary"]["creature"][0]["weapons"] = ["no_such_weapon"]


def _combat_value_in_words(d: Docs) -> None:
    d["injury"]["to_hit"]["triple_on"] = "three"


def _height_without_falls(d: Docs) -> None:
    del next(r for r in d["injury"]["heights"].values() if isinstance(r, dict))["falls"]


def _job_rules_not_a_table(d: Docs) -> None:
    d["jobs"]["bonus_xp"] = 3


def _awards_not_a_table(d: Docs) -> None:
    d["experience"]["awards"] = 3


BREAKAGES: dict[str, tuple[Callable[[Docs], None], str, str]] = {
    "creature": (_creature_with_unknown_weapon, "creatures", "Creature '"),
    "combat": (_combat_value_in_words, "combat", "Combat rules ([to_hit]"),
    "heights": (_height_without_falls, "heights", "The Height Chart ([heights] in injury)"),
    "jobs": (_job_rules_not_a_table, "jobs", "job catalogue"),
    "awards": (_awards_not_a_table, "awards", "Award table is malformed"),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_a_bad_part_is_refused_when_read_and_by_the_whole_check(name: str) -> None:
    breakage, part, message = BREAKAGES[name]
    docs = copy.deepcopy(rules_documents())
    breakage(docs)
    with pytest.raises(RulesDataError) as read:
        getattr(_whole(docs), part)
    with pytest.raises(RulesDataError) as checked:
        _whole(docs).check_all()
    assert message in str(read.value)
    assert str(checked.value) == str(read.value)
    assert "\n" not in str(checked.value)
