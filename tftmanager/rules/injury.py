"""Reactions to injury: hits in one turn that cost DX or knock a figure down."""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.rules.records import Record
from tftmanager.rules.settings import InjuryReactions


@dataclass(frozen=True, eq=False, repr=False)
class InjuryBand(Record):
    """One row of the house rules' table by ST."""

    st_min: int
    st_max: int
    dx_penalty_hits: int
    knockdown_hits: int


@dataclass(frozen=True, eq=False, repr=False)
class InjuryThresholds(Record):
    """What a card prints: hits in a turn for -2 DX, and for a knockdown."""

    dx_penalty_hits: int
    knockdown_hits: int
    assumed: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class InjuryTable(Record):
    """Both readings of the rule, as shipped in ``injury.toml``."""

    melee: InjuryThresholds
    bands: tuple[InjuryBand, ...]
    low_st_max: int  # [low_st] st_max: ST reduced to this or less ...
    low_st_dx: int  # [low_st] dx: ... gives this extra DX (Melee: 3 or less, -3 DX)
    # [melee] dx_penalty, as the combat rules read it (None without them): a
    # character's sheet shows it without building the combat rules.
    dx_penalty: int | None = None

    def thresholds(self, st: int, option: InjuryReactions,
                   race: InjuryThresholds | None = None) -> InjuryThresholds:
        """Thresholds for a figure of this (original) ST under the campaign's option.

        ``race`` is a race's own Melee thresholds (a giant: 9 and 16, Melee
        line 439); the house table by ST replaces them as it replaces Melee's.
        Beyond the last printed band the last two steps repeat; that reading is
        an assumption and the result says so.
        """
        if option is InjuryReactions.MELEE or not self.bands:
            return race or self.melee
        for band in self.bands:
            if band.st_min <= st <= band.st_max:
                return InjuryThresholds(band.dx_penalty_hits, band.knockdown_hits)
        if st < self.bands[0].st_min:
            first = self.bands[0]
            return InjuryThresholds(first.dx_penalty_hits, first.knockdown_hits)
        return self._extend(st)

    def weakness_dx(self, current_st: int) -> int:
        """The extra DX of a figure whose ST is reduced to ``low_st_max`` or less (Melee line 441).

        A rule of the fight ("for the remainder of the game"): the card
        prints it beside the injury thresholds, and derived stats between
        adventures leave it out (a survivor's recovery has its own penalty).
        The caller passes ST after wounds.
        """
        return self.low_st_dx if current_st <= self.low_st_max else 0

    def _extend(self, st: int) -> InjuryThresholds:
        last = self.bands[-1]
        if len(self.bands) < 2:
            return InjuryThresholds(last.dx_penalty_hits, last.knockdown_hits, assumed=True)
        before = self.bands[-2]
        width = last.st_max - last.st_min + 1
        steps = (st - last.st_min) // width
        dx_steps = (before.dx_penalty_hits - self.bands[-3].dx_penalty_hits
                    if len(self.bands) > 2 else last.dx_penalty_hits - before.dx_penalty_hits,
                    last.dx_penalty_hits - before.dx_penalty_hits)
        kd_steps = (before.knockdown_hits - self.bands[-3].knockdown_hits
                    if len(self.bands) > 2 else last.knockdown_hits - before.knockdown_hits,
                    last.knockdown_hits - before.knockdown_hits)
        pairs, odd = divmod(steps, 2)  # the two steps alternate: count them, never loop
        dx = last.dx_penalty_hits + pairs * sum(dx_steps) + odd * dx_steps[0]
        kd = last.knockdown_hits + pairs * sum(kd_steps) + odd * kd_steps[0]
        return InjuryThresholds(dx, kd, assumed=True)
