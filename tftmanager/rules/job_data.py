"""The job catalogue as data: jobs, lifestyles, bonuses, thieves' factors, officer ranks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.survival import SurvivalRules


@dataclass(frozen=True)
class Lifestyle:
    """A standard of living and its cost per lifestyle period."""

    key: str
    name: str
    total: int
    level: int


@dataclass(frozen=True)
class PayBonus:
    """+$N for knowing a talent (a chemist who is also an alchemist)."""

    talent: str
    pay: int


@dataclass(frozen=True)
class Job:
    """One job (or wizard rank); ``unset`` lists values the GM must supply first."""

    key: str
    name: str
    family: str
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

    @property
    def missing(self) -> tuple[str, ...]:
        """Values still unset (the GM is asked for them before a week is run)."""
        return tuple(name for name in self.unset if getattr(self, name, None) in (None, ""))


@dataclass(frozen=True)
class Officer:
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


@dataclass(frozen=True)
class ThiefFactor:
    """A talent or MA band that lowers a thief's risk and/or raises the pay."""

    talent: str
    ma_min: int | None
    ma_max: int | None
    reduction: Fraction
    pay: int


@dataclass(frozen=True)
class JobCatalogue:
    """Everything the job engine reads."""

    jobs: dict[str, Job]
    lifestyles: dict[str, Lifestyle]
    bonus_xp: tuple[tuple[int, Fraction], ...]
    merc: Mapping[str, Any]
    officers: dict[str, Officer]
    thief_factors: tuple[ThiefFactor, ...]
    thief_pay_cap: Fraction
    thief_spell_reduction: Fraction
    merchant: Mapping[str, Any]
    lifestyle_weeks: int
    survival: SurvivalRules | None
    talent_groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> JobCatalogue:
        """Read ``jobs.toml``; RulesDataError says what is malformed."""
        try:
            thief = doc.get("thief_factors", {})
            factors = thief.get("factors", thief if isinstance(thief, list) else [])
            return cls(
                jobs={j["key"]: _job(j) for j in doc.get("job", [])},
                lifestyles={ls["key"]: Lifestyle(ls["key"], ls["name"], int(ls["total"]),
                                                 int(ls.get("level", 0)))
                            for ls in doc.get("lifestyle", [])},
                bonus_xp=tuple(sorted((int(r["max_roll"]), Fraction(str(r["times"])))
                                      for r in doc["bonus_xp"]["table"])),
                merc=dict(doc.get("mercenary_bonuses", {})),
                officers={o["key"]: _officer(o) for o in doc.get("officer", [])},
                thief_factors=tuple(_factor(f) for f in factors),
                thief_pay_cap=Fraction(str(_thief_value(doc, "pay_cap_fraction", "1/2"))),
                thief_spell_reduction=Fraction(str(_thief_value(doc,
                                                                "wizard_spell_reduction",
                                                                "1/4"))),
                merchant=dict(doc.get("merchant", {})),
                lifestyle_weeks=int(doc.get("lifestyle_period", {}).get("weeks", 4)),
                survival=(SurvivalRules.from_data(doc["survival"]) if "survival" in doc
                          else None),
                talent_groups={k: tuple(v) for k, v in doc.get("talent_groups", {}).items()
                               if isinstance(v, list)},
            )
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            raise RulesDataError(f"The job catalogue is malformed: {exc}") from exc

    def bonus_times(self, roll: int) -> Fraction:
        """The bonus-XP multiplier for a risk roll at or under x."""
        for max_roll, times in self.bonus_xp:
            if roll <= max_roll:
                return times
        return self.bonus_xp[-1][1]


def _thief_value(doc: Mapping[str, Any], name: str, default: str) -> Any:
    thief = doc.get("thief_factors", {})
    if isinstance(thief, Mapping) and name in thief:
        return thief[name]
    return doc.get("thieves", {}).get(name, default)


def _opt_int(value: Any) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError("a whole number was expected")
    return int(value)


def _job(row: Mapping[str, Any]) -> Job:
    risk = row.get("risk")
    return Job(
        key=row["key"], name=row.get("name", row["key"]), family=row.get("family", "misc"),
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
    )


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
