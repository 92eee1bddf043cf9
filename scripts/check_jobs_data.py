"""Check resources/rules/jobs.toml for shape and cross-references.

Usage: python scripts/check_jobs_data.py [RULES_DIR]

Loads jobs.toml (and talents.toml, spells.toml beside it) with tomllib and
checks: every [[job]] has each required field or names it in `unset` (never
both); risk is two whole numbers; dice, roll-to-find and pay formulas follow
the documents' notation; lifestyles, talent keys and spell keys referenced
exist; mercenary, officer, thief and wizard structures are well formed (the
wizard ranks run 1..15, each naming the rank below); [bonus_xp],
[thief_factors], [mercenary_bonuses], [merchant] and [survival] hold what the
app reads.  Prints a summary line and exits non-zero on any error.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "resources" / "rules"

FAMILIES = ("mercenary", "officer", "thief", "wizard", "misc")
# Fields every job has, or lists in `unset`.  Pay is `pay` or `pay_formula`.
REQUIRED = ("name", "family", "risk", "damage_fail", "damage_save", "find", "min_weeks",
            "xp_week", "lifestyle", "requires", "source")
PAY_FIELDS = ("pay", "pay_formula")
OPTIONAL = {"key", "pay_max", "pay_bonuses", "requires_text", "risk_cap", "rank",
            "previous_rank", "title", "uncertain", "assumed", "unset", "note", "settled",
            "alternatives"}
REQUIRES_KEYS = {
    "mercenary": {"st_dx", "weapon_talents", "combat_talents"},
    "wizard": {"iq", "attributes", "spells"},
    "misc": {"talents"},
}
WIZARD_RANKS = ("student", "probationer", "neophyte", "zelator", "practicus", "philosophus",
                "dominus_liminus", "adeptus_minor_outer", "adeptus_minor_inner",
                "adeptus_major", "adeptus_exemptus", "babe_of_the_abyss", "magister_templi",
                "magus", "ipsissimus")
OFFICERS = ("sergeant", "lieutenant", "captain")
LIFESTYLES = ("bare_subsistence", "poor", "low_middle", "middle", "high_middle", "high",
              "very_high")

# The documents' notation: 3d, 2d-1, 1d+4, 2+1d, 3+2d; 2x(2d+1); 3d/IQ, 3d/IQ-1.
_DICE = r"(?:\d+d(?:[+-]\d+)?|\d+\+\d+d)"
DICE_RE = re.compile(rf"^{_DICE}$")
DAMAGE_RE = re.compile(rf"^(?:{_DICE}|\d+x\({_DICE}\))$")
FIND_RE = re.compile(r"^\d+d/IQ(?:[+-]\d+)?$")
_TERM = r"(?:\d+d|\d+|IQ|DX|ST)"
PAY_FORMULA_RE = re.compile(rf"^{_TERM}(?:[-+*/]{_TERM})*$")
FRACTION_RE = re.compile(r"^-?\d+(?:/\d+)?$")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _load(path: Path, errors: list[str]) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        errors.append(f"{path.name}: cannot be read: {exc}")
        return {}


def _keys(doc: dict[str, Any], table: str) -> set[str]:
    return {row["key"] for row in doc.get(table, []) if isinstance(row, dict) and "key" in row}


def _rows(doc: dict[str, Any], table: str, errors: list[str]) -> list[dict[str, Any]]:
    rows = doc.get(table, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        errors.append(f"'{table}' must be a list of tables")
        return []
    return rows


def _table(doc: dict[str, Any], name: str, errors: list[str]) -> dict[str, Any]:
    table = doc.get(name)
    if not isinstance(table, dict):
        errors.append(f"[{name}] is missing")
        return {}
    if not _is_text(table.get("source")) and name not in ("lifestyle_period", "own_lodging"):
        errors.append(f"[{name}]: no source")
    return table


def _check_fraction(value: Any, where: str, errors: list[str]) -> None:
    if not isinstance(value, str) or not FRACTION_RE.match(value):
        errors.append(f"{where}: {value!r} is not a fraction written as text ('3/4', '-1/4', '1')")
    elif Fraction(value).denominator == 0:  # pragma: no cover - Fraction raises first
        errors.append(f"{where}: {value!r} divides by zero")


class JobsChecker:
    """Collects errors while walking jobs.toml."""

    def __init__(self, doc: dict[str, Any], talents: set[str], spells: set[str]) -> None:
        """Remember the document and the keys it may refer to."""
        self.doc = doc
        self.talents = talents
        self.spells = spells
        self.errors: list[str] = []
        self.lifestyles: set[str] = set()
        self.unset_count = 0
        self.uncertain: list[str] = []

    # ------------------------------------------------------------ helpers
    def error(self, message: str) -> None:
        """Record one problem."""
        self.errors.append(message)

    def talent(self, key: Any, where: str) -> None:
        """A talent key must name a talent in talents.toml."""
        if not isinstance(key, str) or key not in self.talents:
            self.error(f"{where}: talent {key!r} is not in talents.toml")

    def note_texts(self, row: dict[str, Any], where: str) -> None:
        """`uncertain`, `assumed` and `note` are non-empty text when present."""
        for field in ("uncertain", "assumed", "note"):
            if field in row and not _is_text(row[field]):
                self.error(f"{where}: {field} must be non-empty text")
        if _is_text(row.get("uncertain")):
            self.uncertain.append(where)

    # ------------------------------------------------------------ sections
    def check_bonus_xp(self) -> None:
        """The risk roll's bonus table covers every roll 3..18 in order."""
        table = _table(self.doc, "bonus_xp", self.errors)
        rows = table.get("table", [])
        last = 2
        for row in rows:
            roll, times = row.get("max_roll"), row.get("times")
            if not _is_int(roll) or roll <= last or not _is_number(times) or times <= 0:
                self.error(f"[bonus_xp]: bad row {row!r}")
                continue
            last = roll
        if last != 18:
            self.error("[bonus_xp]: the table must end at max_roll = 18")

    def check_lifestyles(self) -> None:
        """Seven lifestyles, levels 1..7, room + board = total."""
        rows = _rows(self.doc, "lifestyle", self.errors)
        levels = []
        for row in rows:
            key = row.get("key")
            where = f"lifestyle '{key}'"
            if not _is_text(key) or key in self.lifestyles:
                self.error(f"{where}: missing or repeated key")
                continue
            self.lifestyles.add(key)
            for field in ("name", "who", "source"):
                if not _is_text(row.get(field)):
                    self.error(f"{where}: no {field}")
            numbers = [row.get(f) for f in ("total", "room", "board", "level")]
            if not all(_is_int(n) and n > 0 for n in numbers):
                self.error(f"{where}: total, room, board and level must be whole numbers > 0")
                continue
            if row["room"] + row["board"] != row["total"]:
                self.error(f"{where}: room + board != total")
            levels.append(row["level"])
        if sorted(levels) != list(range(1, len(LIFESTYLES) + 1)):
            self.error(f"lifestyles: levels must be 1..{len(LIFESTYLES)}, not {sorted(levels)}")
        if self.lifestyles != set(LIFESTYLES):
            self.error(f"lifestyles: expected {LIFESTYLES}, found {sorted(self.lifestyles)}")
        period = _table(self.doc, "lifestyle_period", self.errors)
        if not _is_int(period.get("weeks")) or period["weeks"] <= 0:
            self.error("[lifestyle_period]: weeks must be a whole number > 0")
        if not _is_text(period.get("assumed")):
            self.error("[lifestyle_period]: must say it is assumed")
        lodging = _table(self.doc, "own_lodging", self.errors)
        _check_fraction(lodging.get("pay_fraction"), "[own_lodging] pay_fraction", self.errors)

    def check_job(self, row: dict[str, Any]) -> None:
        """One [[job]]: fields present or unset, notation, references."""
        key = row.get("key")
        where = f"job '{key}'"
        unset = row.get("unset", [])
        if not isinstance(unset, list) or not all(isinstance(u, str) for u in unset):
            self.error(f"{where}: unset must be a list of field names")
            unset = []
        if len(set(unset)) != len(unset):
            self.error(f"{where}: unset repeats a field")
        self.unset_count += len(unset)
        for field in unset:
            if field in row:
                self.error(f"{where}: '{field}' is both set and listed in unset")
            if field not in REQUIRED and field not in PAY_FIELDS:
                self.error(f"{where}: unset names '{field}', which is not a job field")
        for field in REQUIRED:
            if field not in row and field not in unset:
                self.error(f"{where}: '{field}' is missing and not listed in unset")
        pays = [f for f in PAY_FIELDS if f in row]
        if len(pays) > 1:
            self.error(f"{where}: give pay or pay_formula, not both")
        if not pays and not any(f in unset for f in PAY_FIELDS):
            self.error(f"{where}: no pay or pay_formula, and neither is unset")
        for field in row:
            if field not in REQUIRED and field not in PAY_FIELDS and field not in OPTIONAL:
                self.error(f"{where}: unknown field '{field}'")
        self.note_texts(row, where)

        family = row.get("family")
        if family not in FAMILIES:
            self.error(f"{where}: family {family!r} is not one of {FAMILIES}")
        if not _is_text(row.get("name", "x")):
            self.error(f"{where}: name must be text")
        if "risk" in row:
            risk = row["risk"]
            if not (isinstance(risk, list) and len(risk) == 2 and all(_is_int(r) for r in risk)
                    and all(3 <= r <= 18 for r in risk)):
                self.error(f"{where}: risk must be two whole numbers 3..18, not {risk!r}")
        for field in ("damage_fail", "damage_save"):
            if field in row and not (isinstance(row[field], str)
                                     and DAMAGE_RE.match(row[field])):
                self.error(f"{where}: {field} {row[field]!r} is not dice notation")
        if "find" in row:
            find = row["find"]
            if find == "":
                if family != "wizard":
                    self.error(f"{where}: only wizard ranks have no roll to find")
            elif not (isinstance(find, str) and FIND_RE.match(find)):
                self.error(f"{where}: find {find!r} is not a roll like 3d/IQ-1")
        if "min_weeks" in row:
            weeks = row["min_weeks"]
            if not (weeks == "" or (isinstance(weeks, str) and DICE_RE.match(weeks))):
                self.error(f"{where}: min_weeks {weeks!r} is not dice notation or ''")
        if "pay" in row and (not _is_int(row["pay"]) or row["pay"] < 0):
            self.error(f"{where}: pay must be a whole number >= 0")
        if "pay_formula" in row and not (isinstance(row["pay_formula"], str)
                                         and PAY_FORMULA_RE.match(row["pay_formula"])):
            self.error(f"{where}: pay_formula {row['pay_formula']!r} is not a formula")
        if "pay_max" in row:
            top = row["pay_max"]
            if not _is_int(top) or ("pay" in row and _is_int(row["pay"]) and top < row["pay"]):
                self.error(f"{where}: pay_max must be a whole number >= pay")
        for bonus in row.get("pay_bonuses", []):
            if not isinstance(bonus, dict) or not _is_int(bonus.get("pay")):
                self.error(f"{where}: bad pay bonus {bonus!r}")
                continue
            self.talent(bonus.get("talent"), f"{where} pay_bonuses")
        if "xp_week" in row and (not _is_int(row["xp_week"]) or row["xp_week"] < 0):
            self.error(f"{where}: xp_week must be a whole number >= 0")
        if "lifestyle" in row and row["lifestyle"] not in self.lifestyles:
            self.error(f"{where}: lifestyle {row['lifestyle']!r} does not exist")
        if "requires_text" in row and not _is_text(row["requires_text"]):
            self.error(f"{where}: requires_text must be text")
        if "requires" in row:
            self.check_requires(row, where)
        if family == "thief":
            cap = row.get("risk_cap")
            if not _is_int(cap) or not 3 <= cap <= 18:
                self.error(f"{where}: a thief row needs risk_cap, a whole number 3..18")
        elif "risk_cap" in row:
            self.error(f"{where}: only thieves have risk_cap")
        if family != "wizard" and any(f in row for f in ("rank", "previous_rank", "title")):
            self.error(f"{where}: only wizard ranks have rank, previous_rank and title")

    def check_requires(self, row: dict[str, Any], where: str) -> None:
        """The requirement keys expected for the job's family."""
        family = row.get("family")
        requires = row["requires"]
        if not isinstance(requires, dict):
            self.error(f"{where}: requires must be a table")
            return
        expected = REQUIRES_KEYS.get(family)
        if expected is None:
            if requires:
                self.error(f"{where}: no requirement fields are defined for {family}")
            return
        if set(requires) != expected:
            self.error(f"{where}: requires must have exactly {sorted(expected)}")
            return
        if family == "mercenary":
            if not all(_is_int(requires[k]) and requires[k] >= 0 for k in expected):
                self.error(f"{where}: mercenary requirements must be whole numbers >= 0")
        elif family == "wizard":
            if not (_is_int(requires["iq"]) and _is_int(requires["attributes"])):
                self.error(f"{where}: wizard iq and attributes must be whole numbers")
            spells = requires["spells"]
            if not isinstance(spells, list):
                self.error(f"{where}: requires.spells must be a list")
            else:
                for spell in spells:
                    if spell not in self.spells:
                        self.error(f"{where}: spell {spell!r} is not in spells.toml")
        else:
            talents = requires["talents"]
            if not isinstance(talents, list):
                self.error(f"{where}: requires.talents must be a list")
            else:
                for talent in talents:
                    self.talent(talent, where)

    def check_jobs(self) -> Counter[str]:
        """All [[job]] rows, then the wizard ladder."""
        rows = _rows(self.doc, "job", self.errors)
        seen: set[str] = set()
        families: Counter[str] = Counter()
        for row in rows:
            key = row.get("key")
            if not _is_text(key) or key in seen:
                self.error(f"job {key!r}: missing or repeated key")
                continue
            seen.add(key)
            families[str(row.get("family"))] += 1
            self.check_job(row)
        self.check_wizards([r for r in rows if r.get("family") == "wizard"])
        thieves = [r for r in rows if r.get("family") == "thief"]
        if len(thieves) != 6:
            self.error(f"expected 6 thief rows, found {len(thieves)}")
        return families

    def check_wizards(self, rows: list[dict[str, Any]]) -> None:
        """Ranks 1..15 in order, each naming the one below, rising IQ and attributes."""
        keys = tuple(r.get("key") for r in rows)
        if keys != WIZARD_RANKS:
            self.error(f"wizard ranks must be, in order, {WIZARD_RANKS}; found {keys}")
        previous = ""
        last_iq = last_attributes = 0
        for number, row in enumerate(rows, start=1):
            where = f"wizard '{row.get('key')}'"
            if row.get("rank") != number:
                self.error(f"{where}: rank should be {number}")
            if row.get("previous_rank") != previous:
                self.error(f"{where}: previous_rank should be {previous!r}")
            if not _is_text(row.get("title")):
                self.error(f"{where}: no title")
            if row.get("find") != "":
                self.error(f"{where}: wizard ranks are earned, find must be ''")
            requires = row.get("requires", {})
            iq, attributes = requires.get("iq", 0), requires.get("attributes", 0)
            if _is_int(iq) and _is_int(attributes):
                if iq < last_iq or attributes <= last_attributes:
                    self.error(f"{where}: requirements must not fall below the rank below")
                last_iq, last_attributes = iq, attributes
            previous = str(row.get("key"))

    def check_officers(self) -> None:
        """Sergeant, lieutenant, captain with pay, find change and requirements."""
        rows = _rows(self.doc, "officer", self.errors)
        keys = tuple(r.get("key") for r in rows)
        if keys != OFFICERS:
            self.error(f"officers must be, in order, {OFFICERS}; found {keys}")
        for row in rows:
            where = f"officer '{row.get('key')}'"
            for field in ("name", "requires_text", "source"):
                if not _is_text(row.get(field)):
                    self.error(f"{where}: no {field}")
            for field in ("pay_percent", "min_attributes_bonus"):
                if not _is_int(row.get(field)) or row[field] <= 0:
                    self.error(f"{where}: {field} must be a whole number > 0")
            finds = [f for f in ("find_iq", "find_dice") if f in row]
            if len(finds) != 1 or not _is_int(row[finds[0]]):
                self.error(f"{where}: give exactly one of find_iq and find_dice, a whole number")
            talents = row.get("requires_talents")
            if not isinstance(talents, list):
                self.error(f"{where}: requires_talents must be a list")
            else:
                for talent in talents:
                    self.talent(talent, where)
            if row.get("lifestyle") not in self.lifestyles:
                self.error(f"{where}: lifestyle {row.get('lifestyle')!r} does not exist")
            self.note_texts(row, where)

    def check_mercenary_bonuses(self) -> None:
        """The pay bonus table of mercenaries."""
        table = _table(self.doc, "mercenary_bonuses", self.errors)
        for field in ("per_2_extra_combat_talents", "rapid_fire_missile",
                      "wizard_spells_per_skill", "wizard_pay"):
            if not _is_int(table.get(field)):
                self.error(f"[mercenary_bonuses]: {field} must be a whole number")
        for field, threshold in (("st_dx_over_min", "over"), ("armor_stops", "min")):
            rows = table.get(field)
            if not isinstance(rows, list) or not rows or not all(
                    isinstance(r, dict) and _is_int(r.get(threshold)) and _is_int(r.get("pay"))
                    for r in rows):
                self.error(f"[mercenary_bonuses]: {field} must list {{{threshold}, pay}}")
        races = table.get("races")
        if not isinstance(races, dict) or not all(_is_int(v) for v in races.values()):
            self.error("[mercenary_bonuses]: races must map race keys to $")
        mounted, flying = table.get("mounted", {}), table.get("flying_mount", {})
        if not (_is_int(mounted.get("pay_percent")) and _is_int(mounted.get("find_iq"))):
            self.error("[mercenary_bonuses]: mounted needs pay_percent and find_iq")
        if not (_is_int(flying.get("pay_percent")) and _is_int(flying.get("find_dice"))):
            self.error("[mercenary_bonuses]: flying_mount needs pay_percent and find_dice")

    def check_thief_factors(self) -> None:
        """Talent or MA factors with fractional risk reductions and $ increases."""
        table = _table(self.doc, "thief_factors", self.errors)
        for field in ("pay_cap_fraction", "wizard_spell_reduction"):
            _check_fraction(table.get(field), f"[thief_factors] {field}", self.errors)
        if not (isinstance(table.get("arrest_roll"), str)
                and FIND_RE.match(table["arrest_roll"])):
            self.error("[thief_factors]: arrest_roll must be a roll like 3d/IQ")
        spells = table.get("wizard_spells")
        if not isinstance(spells, list) or not all(isinstance(k, str) for k in spells):
            self.error("[thief_factors]: wizard_spells must be a list of spell keys")
        factors = table.get("factors")
        if not isinstance(factors, list) or not factors:
            self.error("[thief_factors]: factors must be a non-empty list")
            return
        for factor in factors:
            where = f"thief factor {factor!r}"
            if not isinstance(factor, dict):
                self.error(f"{where}: must be a table")
                continue
            talent = factor.get("talent")
            has_ma = "ma_min" in factor or "ma_max" in factor
            if talent == "":
                if not has_ma or not all(_is_int(factor[f]) for f in ("ma_min", "ma_max")
                                         if f in factor):
                    self.error(f"{where}: an MA row needs whole-number ma_min and/or ma_max")
            else:
                self.talent(talent, "thief factor")
                if has_ma:
                    self.error(f"{where}: a talent row has no MA bounds")
            _check_fraction(factor.get("risk_reduction"), where, self.errors)
            if not _is_int(factor.get("pay")) or factor["pay"] < 0:
                self.error(f"{where}: pay must be a whole number >= 0")

    def check_merchant(self) -> None:
        """The self-employed merchant's pay and lifestyle raise."""
        table = _table(self.doc, "merchant", self.errors)
        for field in ("pay_percent", "pay_min_increase", "lifestyle_levels"):
            if not _is_int(table.get(field)) or table[field] <= 0:
                self.error(f"[merchant]: {field} must be a whole number > 0")

    def check_survival(self) -> None:
        """Death and Dying's survival roll."""
        table = _table(self.doc, "survival", self.errors)
        if not (isinstance(table.get("base_roll"), str) and DICE_RE.match(table["base_roll"])):
            self.error("[survival]: base_roll must be dice notation")
        for field in ("target", "per_st_below_zero", "physicker", "master_physicker",
                      "first_aid", "second_physicker", "second_master_physicker",
                      "potions_per_bonus", "potions_max", "per_minute_unhelped",
                      "always_dies_on", "recovery_weeks", "recovery_dx"):
            if not _is_int(table.get(field)):
                self.error(f"[survival]: {field} must be a whole number")
        bands = table.get("original_st")
        last = 0
        if not isinstance(bands, list) or not bands:
            self.error("[survival]: original_st must be a list of {max, mod}")
            return
        for band in bands:
            if not (isinstance(band, dict) and _is_int(band.get("max"))
                    and _is_int(band.get("mod")) and band["max"] > last):
                self.error(f"[survival]: bad original_st band {band!r}")
                return
            last = band["max"]


def main(argv: list[str]) -> int:
    """Check the rules folder given (or the shipped one); 0 when all is well."""
    rules = Path(argv[1]) if len(argv) > 1 else DEFAULT_DIR
    errors: list[str] = []
    doc = _load(rules / "jobs.toml", errors)
    talents = _keys(_load(rules / "talents.toml", errors), "talent")
    spells = _keys(_load(rules / "spells.toml", errors), "spell")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    checker = JobsChecker(doc, talents, spells)
    checker.check_bonus_xp()
    checker.check_lifestyles()
    families = checker.check_jobs()
    checker.check_officers()
    checker.check_mercenary_bonuses()
    checker.check_thief_factors()
    checker.check_merchant()
    checker.check_survival()
    for message in checker.errors:
        print(f"error: {message}", file=sys.stderr)
    by_family = ", ".join(f"{families[f]} {f}" for f in FAMILIES if families[f])
    print(f"jobs.toml: {sum(families.values())} jobs in families ({by_family}), "
          f"{len(doc.get('officer', []))} officer ranks, "
          f"{len(doc.get('lifestyle', []))} lifestyles, "
          f"{len(doc.get('thief_factors', {}).get('factors', []))} thief factors; "
          f"{checker.unset_count} unset fields, {len(checker.uncertain)} uncertain "
          f"({', '.join(checker.uncertain)}); {len(checker.errors)} errors")
    return 1 if checker.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
