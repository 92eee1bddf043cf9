"""Height (H) and falling thresholds for the 3D option, as the card prints them.

The data is the Height Chart of Three Dimensional TFT (000, "Height Chart"),
copied into ``[heights]`` of ``injury.toml`` as the document prints it rather
than computed from H, so a reader can check it line by line (and a GM can edit
it in the rules library).  The card and the encounter tracker both read it.
Races the chart does not name (hobgoblins) get no Height: the card says so
instead of guessing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record

SOURCE = "Three Dimensional TFT (Heroscape tiles), Height Chart"


@dataclass(frozen=True, eq=False, repr=False)
class Height(Record):
    """A race's H and the fall (in tile heights) that costs 1d, 2d and 3d damage."""

    height: str
    falls: tuple[str, str, str]

    def card_text(self) -> str:
        """One line for the card: "H 3 · falls 1d 4-6, 2d 7-9, 3d 10-12 tiles"."""
        one, two, three = self.falls
        return f"H {self.height} · falls 1d {one}, 2d {two}, 3d {three} tiles"


@dataclass(frozen=True, eq=False, repr=False)
class HeightChart(Record):
    """The chart's rows, by race key and by ``hexes_N`` for figures of several hexes."""

    rows: dict[str, Height] = field(default_factory=dict)
    horseman: str = ""  # the row a mounted figure falls on ("2 Hex Horseman")

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> HeightChart:
        """Read ``[heights]``; the ``source`` line is not a row, ``horseman`` names one."""
        rows = {}
        try:
            for key, row in doc.items():
                if isinstance(row, Mapping):
                    one, two, three = (str(f) for f in row["falls"])
                    rows[key] = Height(str(row["height"]), (one, two, three))
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"The Height Chart ([heights] in injury) is malformed: "
                                 f"{exc}") from exc
        return cls(rows, str(doc.get("horseman", "")))

    def height_for(self, race: str, hexes: int = 1, *, mounted: bool = False) -> Height | None:
        """The row for a race key (or a figure of several hexes), None when there is none.

        A figure of 2 hexes is the chart's horseman, 3 or 4 and 7 hexes its
        larger figures; a one-hex figure's row is its race's, and a mounted
        one's the horseman's ("2 Hex Horseman"), whatever its race.
        """
        if mounted:
            return self.rows.get(self.horseman)
        return self.rows.get(race if hexes <= 1 else f"hexes_{hexes}")
