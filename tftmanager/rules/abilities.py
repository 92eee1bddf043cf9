"""Talents and spells as rules data, and what a character knows of them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.rules.effects import StatEffect
from tftmanager.rules.records import Record
from tftmanager.rules.references import Reference


class SpellType(enum.Enum):
    """Wizard's four kinds of spell."""

    MISSILE = "missile"
    THROWN = "thrown"
    CREATION = "creation"
    SPECIAL = "special"


class CharacterKind(enum.StrEnum):
    """Heroes pay triple for spells; wizards pay double for talents.

    A StrEnum so the stored text ("hero", "wizard") is the member itself.
    """

    HERO = "hero"
    WIZARD = "wizard"


@dataclass(frozen=True, eq=False, repr=False)
class Talent(Record):
    """A talent from the library.

    ``cost`` is a hero's memory cost; ``wizard_cost`` is set only where a
    document says wizards do not pay double.  Attribute thresholds of 0 mean
    none.  ``category`` is the expansion's learning category (1-5).
    """

    key: str
    name: str
    iq: int
    cost: int
    category: int
    wizard_cost: int | None = None
    requires: tuple[str, ...] = ()
    min_st: int = 0
    min_dx: int = 0
    min_adj_dx: int = 0
    category_assumed: bool = False
    extra_points: str = ""
    summary: str = ""  # for players: printed on cards and sheets
    gm_note: str = ""  # for the GM only (editions, filing); never printed for players
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    assumed: str = ""
    uncertain: str = ""
    retired: bool = False
    effects: tuple[StatEffect, ...] = ()
    effects_source: str = ""
    effects_assumed: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Spell(Record):
    """A spell from the library (ST costs kept as the documents write them)."""

    key: str
    name: str
    iq: int
    type: SpellType
    st_cost: str
    category: int = 2
    maintain: str = ""
    requires: tuple[str, ...] = ()
    category_assumed: bool = True
    summary: str = ""  # for players: printed on cards and sheets
    gm_note: str = ""  # for the GM only; never printed for players
    source: str = ""
    reference: Reference | None = None  # for the reader (rules.references)
    assumed: str = ""
    uncertain: str = ""
    retired: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class CostException(Record):
    """A talent that costs less when the character already knows others."""

    talent: str
    cost: int
    when_known: tuple[str, ...]
    note: str = ""
    # A fixed study time that replaces the usual one (a Woodsman's winter).
    study_weeks: int | None = None


@dataclass(frozen=True, eq=False, repr=False)
class KnownTalent(Record):
    """A talent a character knows; ``extra_points`` buys more of it (Sign Language)."""

    key: str
    extra_points: int = 0
