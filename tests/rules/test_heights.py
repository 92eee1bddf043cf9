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
