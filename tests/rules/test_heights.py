"""The Height Chart of Three Dimensional TFT (000), row by row."""

from __future__ import annotations

import pytest

from tftmanager.rules.encounter_figure import fall_dice
from tftmanager.rules.heights import HeightChart
from tftmanager.rules.problems import RulesDataError
from tftmanager.shipped import shipped_library

CHART_DATA: HeightChart = shipped_library().heights
height_for = CHART_DATA.height_for

# The chart as 000 prints it (lines 49-63): row, H, then the 1d, 2d and 3d falls.
CHART = {
    ("halfling", 1): ("1", ["2", "3", "4"]),            # "Hobbits 1 2 tile heights ..."
    ("dwarf", 1): ("2", ["3-4", "5-6", "7-8"]),         # "Dwarves and Goblins 2"
    ("goblin", 1): ("2", ["3-4", "5-6", "7-8"]),
    ("human", 1): ("3", ["4-6", "7-9", "10-12"]),       # "Humans and Orcs 3"
    ("orc", 1): ("3", ["4-6", "7-9", "10-12"]),
    ("elf", 1): ("3 (+1 to climb)", ["5-8", "9-12", "13-16"]),  # "Elves 3 (+1)*"
    ("", 2): ("4 (-2 to climb)", ["3-4", "5-6", "7-8"]),  # "2 Hex Horseman 4 (-2)**"
    ("giant", 3): ("4 (+)", ["5-8", "9-12", "13-16"]),    # "3 or 4 Hex Figure 4 (+)"
    ("", 4): ("4 (+)", ["5-8", "9-12", "13-16"]),
    ("", 7): ("5 (+)", ["6-10", "11-15", "16-20"]),       # "7 Hex Figure 5 (+)"
}


@pytest.mark.parametrize(("row", "printed"), CHART.items())
def test_every_row_as_printed(row: tuple[str, int], printed: tuple[str, list[str]]) -> None:
    """000, Height Chart: "H 1D6 Falling Damage 2D6 Falling Damage 3D6 Falling Damage"."""
    found = height_for(*row)
    assert found is not None
    assert (found.height, list(found.falls)) == printed


@pytest.mark.parametrize(("row", "printed"), CHART.items())
def test_fall_dice_give_every_printed_range(row: tuple[str, int],
                                           printed: tuple[str, list[str]]) -> None:
    """Each printed range gives its dice, the drop below the first gives none."""
    falls = printed[1]
    for dice, text in enumerate(falls, start=1):
        parts = text.split("-")
        low, high = int(parts[0]), int(parts[-1])
        assert [fall_dice(falls, t) for t in range(low, high + 1)] == [dice] * (high - low + 1)
    first = int(falls[0].split("-")[0])
    assert fall_dice(falls, first - 1) == 0


def test_beyond_the_chart_and_so_on() -> None:
    """000: "Up to three times your height you would take 3D6 damage and so on."  A human
    (H 3) falling 13-15 tile heights takes 4 dice, 16-18 five."""
    human = ["4-6", "7-9", "10-12"]
    assert [fall_dice(human, t) for t in (13, 15, 16, 18, 19)] == [4, 4, 5, 5, 6]


def test_races_the_chart_does_not_name() -> None:
    """000 names hobbits, dwarves, goblins, humans, orcs and elves: no Height for others."""
    assert height_for("hobgoblin") is None
    assert height_for("human", 5) is None


def test_a_malformed_chart_is_named() -> None:
    """The chart is rules data a GM may edit: a row without its falls is refused by name."""
    with pytest.raises(RulesDataError, match="Height Chart"):
        HeightChart.from_data({"human": {"height": "3"}})


@pytest.mark.parametrize("race", ["halfling", "dwarf", "human", "elf"])
def test_a_rider_of_any_race_is_a_horseman(race: str) -> None:
    """000: "2 Hex Horseman 4 (-2)** 3 - 4 tile heights 5 - 6 tile heights 7 - 8 tile
    heights": a mounted figure's row whatever its race; on foot, its race's row."""
    mounted = height_for(race, mounted=True)
    assert mounted is not None
    assert (mounted.height, list(mounted.falls)) == CHART[("", 2)]
    assert height_for(race) == height_for(race, 1, mounted=False) != mounted


def test_multi_hex_figures_by_their_size() -> None:
    """000: "The H (height) of larger hex figures should be determined by your actual
    miniature figure. The below numbers are only guidelines." "3 or 4 Hex Figure 4 (+)" and
    "7 Hex Figure 5 (+)": a giant of 3 hexes falling 12 tile heights takes 2d, a human 3d;
    a figure of 7 hexes falling 21 tile heights 4d ("and so on")."""
    giant, human = height_for("giant", 3), height_for("human")
    assert giant is not None and human is not None
    assert fall_dice(giant.falls, 12) == 2 and fall_dice(human.falls, 12) == 3
    seven = height_for("", 7)
    assert seven is not None and fall_dice(seven.falls, 21) == 4


def test_a_chart_without_a_horseman_row() -> None:
    """A GM's chart that names no horseman row gives a rider no Height (the card says so)."""
    chart = HeightChart.from_data({"human": {"height": "3", "falls": ["4-6", "7-9", "10-12"]}})
    assert chart.height_for("human", mounted=True) is None
