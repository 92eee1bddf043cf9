"""Row data for the party table: plain values, no Qt.

Importing it imports no rule: at start-up the rows may come from the copy
kept from the last run (``app.kept_party``), before the rules are loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tftmanager.rules.records import Record

if TYPE_CHECKING:  # neither the rules nor the store for the rows themselves
    from tftmanager.app.sheet import Member, Party, Sheet


@dataclass(frozen=True, eq=False, repr=False)
class PartyRow(Record):
    """One character as the party table shows it."""

    id: int
    name: str
    race: str
    player: str
    st: int
    dx: int
    adj_dx: int
    iq: int
    sp: int
    ma: int
    xp: int
    errors: int
    warnings: int
    problem_text: str
    ma_text: str = ""  # "12 (10, Running +2)": MA with what changed it
    st_text: str = ""  # "11 (7 now)" for a wounded or tired figure

    @classmethod
    def from_sheet(cls, sheet: Sheet, race_name: str, xp: int = 0) -> PartyRow:
        """Flatten a sheet into the table's columns."""
        from tftmanager.rules.effects import Stat  # noqa: PLC0415 - rows kept need no rule
        from tftmanager.rules.references import with_reference  # noqa: PLC0415

        c, d = sheet.character, sheet.derived
        assert sheet.id is not None
        return cls(
            id=sheet.id,
            name=c.name,
            race=race_name,
            player=c.player,
            st=c.st,
            dx=c.dx,
            adj_dx=d.adj_dx,
            iq=c.iq,
            sp=c.sp,
            ma=d.ma,
            ma_text=d.explain(Stat.MA),
            st_text=f"{c.st} ({c.current_st} now)" if c.current_st != c.st else "",
            xp=xp,
            errors=len(sheet.errors),
            warnings=len(sheet.problems) - len(sheet.errors),
            problem_text="\n".join(with_reference(p.message, p.reference)
                                   for p in sheet.problems),
        )


@dataclass(frozen=True, eq=False, repr=False)
class PendingRow(Record):
    """A member known by name whose figures are worked out when first shown.

    Opening a campaign of thousands evaluates only the rows the table draws
    (or sorts on, for a column other than the name).
    """

    id: int
    name: str
    make: Callable[[], PartyRow]


def pending_rows(party: Party, balances: dict[int, int]) -> list[PendingRow]:
    """The party table's rows, each evaluated on demand."""
    def maker(stored: Member) -> Callable[[], PartyRow]:
        def make() -> PartyRow:
            sheet = party.sheet(stored)
            return PartyRow.from_sheet(sheet, sheet.race_name, balances.get(stored.id, 0))
        return make

    return [PendingRow(s.id, s.character.name, maker(s)) for s in party.characters]
