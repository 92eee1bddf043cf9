"""What reading stat blocks yields: each figure as written (a Block) and a note for every line.

``rules.statblock`` fills these while it walks the text; the application
matches a Block's names to the library and shows each LineNote in the
preview (what the line became, what is wrong, what was assumed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tftmanager.rules.statblock_entries import ListEntry


@dataclass
class LineNote:
    """One line of the text, what it became and what is wrong with it (for the preview)."""

    number: int
    text: str
    became: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Block:
    """One figure as written: raw names, not yet matched to a library."""

    line: int
    name: str = ""
    kind: str | None = None
    race: tuple[str, int] | None = None
    player: str = ""
    attributes: dict[str, tuple[int, int]] = field(default_factory=dict)
    adjusted: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[ListEntry]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    loose: list[tuple[int, str, list[ListEntry]]] = field(default_factory=list)
    bought: dict[str, int] = field(default_factory=dict)  # points bought, stops, DX against
    role: str = ""  # "creature" or "npc" when the header says so (for the bestiary)
    languages: list[str] = field(default_factory=list)
    age: int = 0
    count: int = 1  # "6 goblins": a group of alike figures (rules.statblock_groups)

    def entries(self, section: str) -> list[ListEntry]:
        """The entries of one list section (talents, spells, weapons...)."""
        return self.lists.get(section, [])


@dataclass
class Reading:
    """The figures found in a text and a note for every line."""

    blocks: list[Block]
    lines: list[LineNote]

    @property
    def problems(self) -> list[str]:
        """Every problem as "line N: what is wrong", in line order."""
        return [f"line {n.number}: {p}" for n in self.lines for p in n.problems]
