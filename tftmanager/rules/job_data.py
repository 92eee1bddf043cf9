"""The job catalogue as data: jobs, lifestyles, bonuses, thieves' factors, officer ranks.

Every number the job week uses is read here from ``jobs.toml`` (or the
campaign's copy of it); a table value that is missing is a RulesDataError
naming it, never a number quietly supplied by the code.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record
from tftmanager.rules.survival import SurvivalRules


class JobFamily(enum.StrEnum):
    """The kinds of job the expansion lists (stored as their text in ``family``)."""

    MERCENARY = "mercenary"
    THIEF = "thief"
    WIZARD = "wizard"
    MISC = "misc"


# Table values the job week reads, by table: each must be present.
MERCENARY_KEYS = ("per_2_extra_combat_talents", "st_dx_over_min", "rapid_fire_missile",
                  "races", "armor_stops", "mounted", "flying_mount",
                  "wizard_spells_per_skill", "wizard_pay")
MOUNT_KEYS = {"mounted": ("pay_percent", "find_iq"),
              "flying_mount": ("pay_percent", "find_dice")}
MERCHANT_KEYS = ("pay_percent", "pay_min_increase", "lifestyle_levels")


@dataclass(frozen=True, eq=False, repr=False)
class WeekRolls(Record):
    """The dice of every job week ([job_week]): the risk roll and the disaster roll."""

    risk: str
    disaster: str
    disaster_attributes: tuple[str, ...]


@dataclass(frozen=True, eq=False, repr=False)
class Lifestyle(Record):
    """A standard of living and its cost per lifestyle period."""

    key: str
    name: str
    total: int
    level: int


@dataclass(frozen=True, eq=False, repr=False)
class PayBonus(Record):
    """+$N for knowing a talent (a chemist who is also an alchemist)."""

    talent: str
    pay: int


@dataclass(frozen=True, eq=False, repr=False)
class Job(Record):
    """One job (or wizard rank); ``unset`` lists values the GM must supply first."""

    key: str
    name: str
    family: JobFamily
    risk: tuple[int, int] | None
    damage_fail: str
    damage_save: str
    find: str
    min_weeks: str
    pay: int | None
    pay_formula: str
    pay_max: int | None
    xp_week: int | None
    lifestyle: str
    requires: Mapping[str, Any]
    unset: tuple[str, ...] = ()
    uncertain: str = ""
    note: str = ""
    source: str = ""
    pay_bonuses: tuple[PayBonus, ...] = ()
    risk_cap: int | None = None
    rank: int = 0
    previous_rank: str = ""
    title: str = ""
    alternatives: Mapping[str, Any] = field(default_factory=dict)

    @property
    def missing(self) -> tuple[str, ...]:
        """Values still unset (the GM is asked for them before a week is run)."""
        return tuple(name for name in self.unset if getattr(self, name, None) in (None, ""))

    @property
    def missing_words(self) -> str:
        """The unset values as a GM reads them: "risk number, roll to find the job"."""
        return ", ".join(FIELD_WORDS.get(name, name.replace("_", " ")) for name in self.missing)

    @property
    def listed_name(self) -> str:
        """The name with its family, unless the name says it already: "Guard (merc)"."""
        family = self.family.value
        return self.name if family.casefold() in self.name.casefold() else (
            f"{self.name} ({family})")


# A job's values in the GM's words, where the planner and the week ask for them.
FIELD_WORDS = {
    "risk": "risk number", "damage_fail": "damage when the risk roll fails",
    "find": "roll to find the job", "min_weeks": "minimum weeks", "pay": "pay",
    "requires": "requirements", "xp_week": "XP per week", "damage_save": "damage saved",
}


@dataclass(frozen=True, eq=False, repr=False)
class Officer(Record):
    """A mercenary officer rank."""

    key: str
    name: str
    pay_percent: int
    find_iq: int
    find_dice: int
    min_attributes_bonus: int
    requires_talents: tuple[str, ...]
    requires_text: str
    lifestyle: str


@dataclass(frozen=True, eq=False, repr=False)
class ThiefFactor(Record):
    """A talent or MA band that lowers a thief's risk and/or raises the pay."""

    talent: str
    ma_min: int | None
    ma_max: int | None
    reduction: Fraction
    pay: int


@dataclass(frozen=True, eq=False, repr=False)
class JobCatalogue(Record):
    """Everything the job engine reads.

    ``merc`` and ``merchant`` keep their tables as written (the GM edits them
    whole); every key the job week reads is checked to be there on loading.
    """

    jobs: dict[str, Job]
    lifestyles: dict[str, Lifestyle]
    bonus_xp: tuple[tuple[int, Fraction], ...]
    merc: Mapping[str, Any]
    officers: dict[str, Officer]
    thief_factors: tuple[ThiefFactor, ...]
    thief_pay_cap: Fraction
    thief_spell_reduction: Fraction
    thief_spells: frozenset[str]  # [thief_factors] wizard_spells: the "appropriate" ones
    merchant: Mapping[str, Any]
    lifestyle_weeks: int
    survival: SurvivalRules | None
    own_lodging_fraction: Fraction  # [own_lodging] pay_fraction
    arrest_roll: str  # [thief_factors] arrest_roll
    rolls: WeekRolls  # [job_week]
    rest_heals_all: bool  # [rest] heals_all_wounds
    talent_groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> JobCatalogue:
        """Read ``jobs.toml``; RulesDataError says what is malformed or missing."""
        try:
            thief = doc["thief_factors"]
            week = doc["job_week"]
            return cls(
                jobs={j["key"]: _job(j) for j in doc.get("job", [])},
                lifestyles={ls["key"]: Lifestyle(ls["key"], ls["name"], int(ls["total"]),
                                                 int(ls["level"]))
                            for ls in doc.get("lifestyle", [])},
                bonus_xp=tuple(sorted((int(r["max_roll"]), Fraction(str(r["times"])))
                                      for r in doc["bonus_xp"]["table"])),
                merc=_checked(doc, "mercenary_bonuses", MERCENARY_KEYS),
                officers={o["key"]: _officer(o) for o in doc.get("officer", [])},
                thief_factors=tuple(_factor(f) for f in thief["factors"]),
                thief_pay_cap=Fraction(str(thief["pay_cap_fraction"])),
                thief_spell_reduction=Fraction(str(thief["wizard_spell_reduction"])),
                thief_spells=frozenset(str(k) for k in thief["wizard_spells"]),
                merchant=_checked(doc, "merchant", MERCHANT_KEYS),
                lifestyle_weeks=int(doc["lifestyle_period"]["weeks"]),
                survival=(SurvivalRules.from_data(doc["survival"]) if "survival" in doc
                          else None),
                talent_groups={k: tuple(v) for k, v in doc.get("talent_groups", {}).items()
                               if isinstance(v, list)},
                own_lodging_fraction=Fraction(str(doc["own_lodging"]["pay_fraction"])),
                arrest_roll=str(thief["arrest_roll"]),
                rolls=WeekRolls(str(week["risk_roll"]), str(week["disaster_roll"]),
                                tuple(str(a) for a in week["disaster_attributes"])),
                rest_heals_all=_flag(doc["rest"]["heals_all_wounds"]),
            )
        except KeyError as exc:
            raise RulesDataError(f"The job catalogue has no {exc} (jobs.toml)") from exc
        except (TypeError, ValueError, ZeroDivisionError) as exc:
            raise RulesDataError(f"The job catalogue is malformed: {exc}") from exc

    def bonus_times(self, roll: int) -> Fraction:
        """The bonus-XP multiplier for a risk roll at or under x."""
        for max_roll, times in self.bonus_xp:
            if roll <= max_roll:
                return times
        return self.bonus_xp[-1][1]


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"true or false was expected, not {value!r}")
    return value


def _checked(doc: Mapping[str, Any], table: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """A table whose every listed key (and each mount's keys) must be present."""
    values = dict(doc[table])
    missing = [k for k in keys if k not in values]
    missing += [f"{mount}.{k}" for mount, names in MOUNT_KEYS.items() if mount in values
                for k in names if k not in values[mount]]
    if missing:
        raise RulesDataError(f"The job catalogue's [{table}] has no {', '.join(missing)} "
                             "(jobs.toml)")
    return values


def _opt_int(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError("a whole number was expected")
    return int(value)


def _job(row: Mapping[str, Any]) -> Job:
    risk = row.get("risk")
    return Job(
        key=row["key"], name=row.get("name", row["key"]),
        family=JobFamily(row.get("family", JobFamily.MISC)),
        risk=(int(risk[0]), int(risk[1])) if isinstance(risk, list) and len(risk) == 2
        else None,
        damage_fail=str(row.get("damage_fail", "")), damage_save=str(row.get("damage_save", "")),
        find=str(row.get("find", "")), min_weeks=str(row.get("min_weeks", "")),
        pay=_opt_int(row.get("pay")), pay_formula=str(row.get("pay_formula", "")),
        pay_max=_opt_int(row.get("pay_max")), xp_week=_opt_int(row.get("xp_week")),
        lifestyle=str(row.get("lifestyle", "")), requires=dict(row.get("requires", {})),
        unset=tuple(row.get("unset", [])), uncertain=str(row.get("uncertain", "")),
        note=str(row.get("note", "")), source=str(row.get("source", "")),
        pay_bonuses=tuple(PayBonus(str(b["talent"]), int(b["pay"]))
                          for b in row.get("pay_bonuses", [])),
        risk_cap=_opt_int(row.get("risk_cap")), rank=int(row.get("rank", 0)),
        previous_rank=str(row.get("previous_rank", "")), title=str(row.get("title", "")),
        alternatives=_alternatives(row),
    )


def _alternatives(row: Mapping[str, Any]) -> dict[str, int]:
    """A job's named alternative readings (``alternatives = { xp_week = 3 }``).

    Only whole-number fields can have one (the garbled cells are numbers);
    the campaign's "Garbled job values" option picks which reading is played.
    """
    values = row.get("alternatives", {})
    if not isinstance(values, Mapping):
        raise ValueError(f"job '{row['key']}': alternatives must be a table")
    result = {}
    for name, value in values.items():
        if name not in ("xp_week", "pay", "pay_max") or isinstance(value, bool):
            raise ValueError(f"job '{row['key']}': alternative '{name}' is not allowed")
        result[str(name)] = int(value)
    return result


def _officer(row: Mapping[str, Any]) -> Officer:
    find_dice = row.get("find_dice", 0)
    if isinstance(find_dice, str):
        find_dice = int(find_dice.replace("+", "").replace("d", "") or 0)
    return Officer(
        key=row["key"], name=row.get("name", row["key"]),
        pay_percent=int(row.get("pay_percent", 0)), find_iq=int(row.get("find_iq", 0)),
        find_dice=int(find_dice), min_attributes_bonus=int(row.get("min_attributes_bonus", 0)),
        requires_talents=tuple(row.get("requires_talents", [])),
        requires_text=str(row.get("requires_text", "")),
        lifestyle=str(row.get("lifestyle", "")),
    )


def _factor(row: Mapping[str, Any]) -> ThiefFactor:
    return ThiefFactor(
        talent=str(row.get("talent", "")), ma_min=_opt_int(row.get("ma_min")),
        ma_max=_opt_int(row.get("ma_max")),
        reduction=Fraction(str(row.get("risk_reduction", "0") or "0")),
        pay=int(row.get("pay", 0)),
    )
