"""Height (H) and falling thresholds for the 3D option, as the card prints them.

The data is the Height Chart of "Heroscape Tiles - Bringing Melee into the 3rd
Dimension" (/work/shared/seeds/000_e03402d2106b5505.txt, "Height Chart"),
copied as the document prints it rather than computed from H, so a reader can
check it line by line.  It lives in the rules (the card and the encounter
tracker both read it), not in resources/rules; move it into the library if
GMs need to edit it.
Races the chart does not name (hobgoblins) get no Height: the card says so
instead of guessing.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

SOURCE = "Three Dimensional TFT (Heroscape tiles), Height Chart"

# Falls are in tile heights; up to the first number the fall is free.
_CHART = """
[human]
height = "3"
falls = ["4-6", "7-9", "10-12"]

[orc]
height = "3"
falls = ["4-6", "7-9", "10-12"]

[elf]
height = "3 (+1 to climb)"
falls = ["5-8", "9-12", "13-16"]

[dwarf]
height = "2"
falls = ["3-4", "5-6", "7-8"]

[goblin]
height = "2"
falls = ["3-4", "5-6", "7-8"]

[halfling]  # the chart's "Hobbits"
height = "1"
falls = ["2", "3", "4"]

# The chart's other rows are by the hexes a figure occupies, not by race.
[hexes_2]  # "2 Hex Horseman": a fall hurts both horse and rider
height = "4 (-2 to climb)"
falls = ["3-4", "5-6", "7-8"]

[hexes_3]  # "3 or 4 Hex Figure" (a guideline: 'should be determined by your actual miniature')
height = "4 (+)"
falls = ["5-8", "9-12", "13-16"]

[hexes_4]
height = "4 (+)"
falls = ["5-8", "9-12", "13-16"]

[hexes_7]  # "7 Hex Figure"
height = "5 (+)"
falls = ["6-10", "11-15", "16-20"]
"""


@dataclass(frozen=True)
class Height:
    """A race's H and the fall (in tile heights) that costs 1d, 2d and 3d damage."""

    height: str
    falls: tuple[str, str, str]

    def card_text(self) -> str:
        """One line for the card: "H 3 · falls 1d 4-6, 2d 7-9, 3d 10-12 tiles"."""
        one, two, three = self.falls
        return f"H {self.height} · falls 1d {one}, 2d {two}, 3d {three} tiles"


@cache
def _chart() -> dict[str, Height]:
    data = tomllib.loads(_CHART)
    chart = {}
    for race, row in data.items():
        one, two, three = (str(f) for f in row["falls"])
        chart[race] = Height(str(row["height"]), (one, two, three))
    return chart


def height_for(race: str, hexes: int = 1) -> Height | None:
    """The chart's row for a race key (or a figure of several hexes), None when it gives none.

    A figure of 2 hexes is the chart's horseman, 3 or 4 and 7 hexes its
    larger figures; a one-hex figure's row is its race's.
    """
    return _chart().get(race if hexes <= 1 else f"hexes_{hexes}")
