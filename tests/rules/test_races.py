"""Races: minimums and starting totals as the documents give them.

Melee numbers come from Melee, "III. Creating a Figure" (humans) and
"VIII. Nonhuman Figures" (the others).  In the Labyrinth numbers (32-point
creation) come from ../shared/rules/TFT-FACTS.md section 5b (Legacy race table).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.rules.character import Character
from tftmanager.rules.derived import derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.problems import Severity
from tftmanager.rules.settings import CreationScheme, RuleProfile
from tftmanager.rules.validation import validate

pytestmark = pytest.mark.rules

MELEE_PROFILE = RuleProfile(creation=CreationScheme.MELEE)
ITL_PROFILE = RuleProfile(creation=CreationScheme.ITL)

# race: (min ST, min DX, starting ST + DX), as Melee states them.
MELEE = {
    "human": (8, 8, 24),  # "Neither ST nor DX may begin at less than 8"; total 24
    "elf": (6, 10, 24),  # "Minimum ST = 6; minimum DX = 10; total = 24"
    "dwarf": (10, 6, 24),  # "min DX = 6, min ST = 10; total = 24"
    "halfling": (4, 12, 20),  # "ST and DX adding to 20. Min ST = 4; min DX = 12"
    "orc": (8, 8, 24),  # "just like a human figure - except evil"
    "hobgoblin": (6, 6, 20),  # "total to only 20, with a minimum of only 6 each"
    "goblin": (4, 4, 18),  # "minimum ST and DX 4 each, totaling only 18"
    "giant": (24, 6, 33),  # "ST will be AT LEAST 24"; DX "rarely more than 9" (assumed)
}

# race: (min ST, min DX, min IQ, starting ST + DX + IQ), TFT-FACTS 5b.
ITL = {
    "human": (8, 8, 8, 32),
    "elf": (6, 10, 8, 32),
    "dwarf": (10, 6, 8, 32),
    "halfling": (4, 12, 8, 30),
    "orc": (8, 8, 8, 32),
    "hobgoblin": (7, 6, 7, 28),
    "goblin": (6, 8, 10, 32),
    "giant": (25, 9, 7, 41),
}

# Unarmored MA: "An unarmored human has an MA of 10"; an elf's "MA without
# armor is 12"; the others "fight like a man".
UNARMORED_MA = {
    "human": 10, "elf": 12, "dwarf": 10, "halfling": 10, "orc": 10, "hobgoblin": 10, "goblin": 10,
    "giant": 10,
}

RACES = sorted(MELEE)


def melee_figure(race: str, **changes: object) -> Character:
    """A legal Melee figure: the minimums, with the spare points on ST."""
    _min_st, min_dx, total = MELEE[race]
    base = Character(name="Test", race=race, st=total - min_dx, dx=min_dx)
    return replace(base, **changes)  # type: ignore[arg-type]


def itl_figure(race: str, **changes: object) -> Character:
    """A legal In the Labyrinth figure: the minimums, with the spare points on ST."""
    _min_st, min_dx, min_iq, total = ITL[race]
    base = Character(name="Test", race=race, st=total - min_dx - min_iq, dx=min_dx, iq=min_iq)
    return replace(base, **changes)  # type: ignore[arg-type]


def fields_of(problems: list) -> list[str]:
    return [p.field for p in problems]


def test_shipped_races_are_the_documents_races(library: RulesLibrary) -> None:
    assert set(library.races) == set(MELEE)


@pytest.mark.parametrize("race", RACES)
def test_melee_minimums_and_total(library: RulesLibrary, race: str) -> None:
    limits = library.races[race].limits(CreationScheme.MELEE)
    assert (limits.min_st, limits.min_dx, limits.total) == MELEE[race]
    assert limits.min_iq is None  # Melee has no IQ


@pytest.mark.parametrize("race", RACES)
def test_itl_minimums_and_total(library: RulesLibrary, race: str) -> None:
    limits = library.races[race].limits(CreationScheme.ITL)
    assert (limits.min_st, limits.min_dx, limits.min_iq, limits.total) == ITL[race]


@pytest.mark.parametrize("race", RACES)
def test_unarmored_ma(library: RulesLibrary, race: str) -> None:
    figure = melee_figure(race)
    assert library.races[race].ma == UNARMORED_MA[race]
    assert derive(figure, library, MELEE_PROFILE).ma == UNARMORED_MA[race]


def test_elf_moves_10_in_leather_and_like_a_man_in_other_armor(library: RulesLibrary) -> None:
    # "In leather, he moves 10. His movement in other armor is the same as a man's."
    elf = melee_figure("elf")
    assert derive(replace(elf, items=outfit(armor="leather")), library, MELEE_PROFILE).ma == 10
    assert derive(replace(elf, items=outfit(armor="chainmail")), library, MELEE_PROFILE).ma == 6
    assert derive(replace(elf, items=outfit(armor="plate")), library, MELEE_PROFILE).ma == 6


@pytest.mark.parametrize("race", RACES)
def test_minimum_figure_is_legal(library: RulesLibrary, race: str) -> None:
    assert validate(melee_figure(race), library, MELEE_PROFILE) == []
    assert validate(itl_figure(race), library, ITL_PROFILE) == []


@pytest.mark.parametrize("race", RACES)
def test_melee_st_below_minimum(library: RulesLibrary, race: str) -> None:
    min_st, _min_dx, total = MELEE[race]
    # Keep the total right so only the minimum is wrong.
    figure = melee_figure(race, st=min_st - 1, dx=total - min_st + 1)
    problems = validate(figure, library, MELEE_PROFILE)
    assert fields_of(problems) == ["st"]
    assert problems[0].severity is Severity.ERROR
    assert f"minimum of {min_st}" in problems[0].message
    assert library.races[race].name in problems[0].message


@pytest.mark.parametrize("race", RACES)
def test_melee_dx_below_minimum(library: RulesLibrary, race: str) -> None:
    _min_st, min_dx, total = MELEE[race]
    figure = melee_figure(race, dx=min_dx - 1, st=total - min_dx + 1)
    problems = validate(figure, library, MELEE_PROFILE)
    assert fields_of(problems) == ["dx"]
    assert f"minimum of {min_dx}" in problems[0].message


@pytest.mark.parametrize("race", RACES)
def test_itl_below_minimums(library: RulesLibrary, race: str) -> None:
    min_st, min_dx, min_iq, total = ITL[race]
    spare = total - min_st - min_dx - min_iq
    cases = {
        "st": Character("T", race, st=min_st - 1, dx=min_dx + spare + 1, iq=min_iq),
        "dx": Character("T", race, st=min_st + spare + 1, dx=min_dx - 1, iq=min_iq),
        "iq": Character("T", race, st=min_st + spare + 1, dx=min_dx, iq=min_iq - 1),
    }
    for field, figure in cases.items():
        problems = validate(figure, library, ITL_PROFILE)
        assert fields_of(problems) == [field], (field, problems)
        assert problems[0].severity is Severity.ERROR


@pytest.mark.parametrize("race", RACES)
def test_too_many_points(library: RulesLibrary, race: str) -> None:
    figure = melee_figure(race)
    problems = validate(replace(figure, st=figure.st + 2), library, MELEE_PROFILE)
    assert fields_of(problems) == ["attributes"]
    assert problems[0].severity is Severity.ERROR
    assert "2 points too many" in problems[0].message
    assert f"starts with {MELEE[race][2]}" in problems[0].message


@pytest.mark.parametrize("race", [r for r in RACES if sum(ITL[r][:3]) < ITL[r][3]])
def test_points_left_to_spend_is_a_warning(library: RulesLibrary, race: str) -> None:
    figure = itl_figure(race)
    problems = validate(replace(figure, st=figure.st - 1), library, ITL_PROFILE)
    assert fields_of(problems) == ["attributes"]
    assert problems[0].severity is Severity.WARNING
    assert "1 point is left to spend" in problems[0].message


@pytest.mark.parametrize("race", RACES)
def test_bought_points_allow_a_larger_total(library: RulesLibrary, race: str) -> None:
    # Melee, Experience: 100 EP buy one more point of ST or DX, without limit.
    figure = melee_figure(race)
    grown = replace(figure, st=figure.st + 3, dx=figure.dx + 2, bought_points=5)
    assert validate(grown, library, MELEE_PROFILE) == []
    # More than was bought is still too many.
    over = replace(grown, bought_points=4)
    problems = validate(over, library, MELEE_PROFILE)
    assert fields_of(problems) == ["attributes"]
    assert "1 point too many" in problems[0].message


def test_melee_counts_st_and_dx_only(library: RulesLibrary) -> None:
    # A 24-point Melee human is legal whatever its IQ: Melee has no IQ.
    figure = Character("Bjorn", "human", st=13, dx=11, iq=14)
    assert validate(figure, library, MELEE_PROFILE) == []
    derived = derive(figure, library, MELEE_PROFILE)
    assert (derived.attribute_total, derived.start_total) == (24, 24)
    derived_itl = derive(figure, library, ITL_PROFILE)
    assert (derived_itl.attribute_total, derived_itl.start_total) == (38, 32)
