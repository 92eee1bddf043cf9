"""Row data for the party table: plain values, no Qt."""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.app.sheet import Sheet
from tftmanager.rules.effects import Stat


@dataclass(frozen=True)
class PartyRow:
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

    @classmethod
    def from_sheet(cls, sheet: Sheet, race_name: str, xp: int = 0) -> PartyRow:
        """Flatten a sheet into the table's columns."""
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
            xp=xp,
            errors=len(sheet.errors),
            warnings=len(sheet.problems) - len(sheet.errors),
            problem_text="\n".join(p.message for p in sheet.problems),
        )
