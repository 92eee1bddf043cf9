"""Check resources/rules/talents.toml and spells.toml for consistency.

Usage: python scripts/check_library_data.py [RULES_DIR]

Loads both files with tomllib and checks: field names and types, unique keys,
that every `requires` key exists (talents within talents, spells within
spells), no requirement cycles, learning categories 1-5, positive IQ and cost,
spell types, the cost exceptions, the learning categories the expansion names,
and the hero costs of the expansion's "Joe the Barbarian" example.  Prints a
summary line and exits non-zero on any error.  Warnings (for example a talent
whose prerequisite needs a higher IQ than itself) do not fail the check.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "resources" / "rules"

SPELL_TYPES = {"missile", "thrown", "creation", "special"}

# The expansion's worked example: Joe the Barbarian's talents and hero costs.
JOE_COSTS = {
    "sword": 2,
    "axe_mace": 2,
    "shield": 1,
    "horsemanship": 1,
    "alertness": 2,
    "swimming": 1,
    "running": 2,
}

# Talents the expansion names in its learning-category examples.
NAMED_CATEGORIES = {
    "running": 1,
    "silent_movement": 1,
    "climbing": 1,
    "swimming": 1,
    "acute_hearing": 1,
    "sword": 2,
    "bow": 2,
    "crossbow": 2,
    "horsemanship": 2,
    "diving": 2,
    "thief": 3,
    "expert_horsemanship": 3,
    "tactics": 3,
    "armourer": 3,
    "physicker": 4,
    "literacy": 4,
    "recognize_value": 4,
    "fencing": 4,
    "mechanician": 4,
    "master_armourer": 4,
    "seamanship": 5,
    "captain": 5,
    "master_physicker": 5,
}

TALENT_REQUIRED = {
    "key": str,
    "name": str,
    "iq": int,
    "cost": int,
    "requires": list,
    "category": int,
    "category_assumed": bool,
    "summary": str,
    "source": str,
}
TALENT_OPTIONAL = {
    "wizard_cost": int,
    "min_st": int,
    "min_dx": int,
    "min_adj_dx": int,
    "assumed": str,
    "uncertain": str,
    "extra_points": str,
    "retired": bool,
    "gm_note": str,
    "effects": list,
    "effects_source": str,
    "effects_assumed": str,
}
SPELL_REQUIRED = {
    "key": str,
    "name": str,
    "iq": int,
    "type": str,
    "st_cost": str,
    "maintain": str,
    "requires": list,
    "category": int,
    "category_assumed": bool,
    "summary": str,
    "source": str,
}
SPELL_OPTIONAL = {"assumed": str, "uncertain": str, "retired": bool, "gm_note": str}
EXCEPTION_REQUIRED = {"talent": str, "cost": int, "when_known": list, "note": str}


class Report:
    """Collects errors and warnings."""

    def __init__(self) -> None:
        """Start with no findings."""
        self.errors: list[str] = []
        self.warnings: list[str] = []

    def error(self, msg: str) -> None:
        """Record a failure."""
        self.errors.append(msg)

    def warn(self, msg: str) -> None:
        """Record a non-fatal remark."""
        self.warnings.append(msg)


def is_int(value: Any) -> bool:
    """Return True for a real int (bool is not accepted)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_fields(
    rep: Report,
    where: str,
    entry: dict[str, Any],
    required: dict[str, type],
    optional: dict[str, type],
) -> None:
    """Check presence, types and unknown names of an entry's fields."""
    for name in required:
        if name not in entry:
            rep.error(f"{where}: missing field {name!r}")
    for name, value in entry.items():
        kind = required.get(name) or optional.get(name)
        if kind is None:
            rep.error(f"{where}: unknown field {name!r}")
            continue
        ok = is_int(value) if kind is int else isinstance(value, kind)
        if not ok:
            rep.error(f"{where}: field {name!r} should be {kind.__name__}, got {value!r}")
        if kind is str and name in {"key", "name", "summary", "source"} and not value:
            rep.error(f"{where}: field {name!r} is empty")
        if isinstance(value, str) and "\n" in value:
            rep.error(f"{where}: field {name!r} spans several lines")
    if "requires" in entry and isinstance(entry["requires"], list):
        for item in entry["requires"]:
            if not isinstance(item, str):
                rep.error(f"{where}: requires holds a non-string {item!r}")


def check_entries(
    rep: Report, kind: str, entries: list[dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """Check keys, IQ, category and requirements common to talents and spells."""
    by_key: dict[str, dict[str, Any]] = {}
    for i, entry in enumerate(entries):
        key = entry.get("key")
        where = f"{kind} #{i + 1} ({key})"
        if not isinstance(key, str) or not key:
            rep.error(f"{where}: no key")
            continue
        if key != key.lower() or " " in key or "-" in key:
            rep.error(f"{where}: key is not snake_case")
        if key in by_key:
            rep.error(f"{where}: duplicate key")
        by_key[key] = entry
        iq = entry.get("iq")
        if not (is_int(iq) and iq > 0):
            rep.error(f"{where}: iq must be an int > 0, got {iq!r}")
        cat = entry.get("category")
        if not (is_int(cat) and 1 <= cat <= 5):
            rep.error(f"{where}: category must be 1..5, got {cat!r}")
    for key, entry in by_key.items():
        reqs = entry.get("requires", [])
        if not isinstance(reqs, list):
            continue
        for req in reqs:
            if req not in by_key:
                rep.error(f"{kind} {key}: requires unknown {kind} {req!r}")
            elif req == key:
                rep.error(f"{kind} {key}: requires itself")
            else:
                own, theirs = entry.get("iq"), by_key[req].get("iq")
                if is_int(own) and is_int(theirs) and theirs > own:
                    rep.warn(f"{kind} {key} (IQ {own}) requires {req} (IQ {theirs})")
    check_cycles(rep, kind, by_key)
    return by_key


def check_cycles(rep: Report, kind: str, by_key: dict[str, dict[str, Any]]) -> None:
    """Report every requirement cycle once (depth-first search with colours)."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(by_key, white)

    def visit(key: str, path: list[str]) -> None:
        colour[key] = grey
        path.append(key)
        for req in by_key[key].get("requires", []) or []:
            if req not in by_key or req == key:  # unknown / self: reported elsewhere
                continue
            if colour[req] == grey:
                cycle = [*path[path.index(req) :], req]
                rep.error(f"{kind} requirement cycle: {' -> '.join(cycle)}")
            elif colour[req] == white:
                visit(req, path)
        path.pop()
        colour[key] = black

    for key in by_key:
        if colour[key] == white:
            visit(key, [])


def check_talents(rep: Report, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Check talents.toml."""
    unknown = set(data) - {"talent", "cost_exception"}
    if unknown:
        rep.error(f"talents.toml: unknown top-level tables {sorted(unknown)}")
    talents = data.get("talent", [])
    if not talents:
        rep.error("talents.toml: no [[talent]] entries")
    for i, t in enumerate(talents):
        check_fields(rep, f"talent #{i + 1} ({t.get('key')})", t, TALENT_REQUIRED, TALENT_OPTIONAL)
    by_key = check_entries(rep, "talent", talents)
    for key, t in by_key.items():
        cost = t.get("cost")
        if not (is_int(cost) and cost > 0):
            rep.error(f"talent {key}: cost must be an int > 0, got {cost!r}")
        for field in ("wizard_cost", "min_st", "min_dx", "min_adj_dx"):
            if field in t and not (is_int(t[field]) and t[field] > 0):
                rep.error(f"talent {key}: {field} must be an int > 0, got {t[field]!r}")
        if is_int(cost) and is_int(t.get("wizard_cost")) and t["wizard_cost"] == 2 * cost:
            rep.warn(f"talent {key}: wizard_cost equals double the cost; it can be omitted")
        if "extra_points" in t and key != "sign_language":
            rep.warn(f"talent {key}: extra_points is expected only on sign_language")
    for key, cat in NAMED_CATEGORIES.items():
        t = by_key.get(key)
        if t is None:
            rep.error(f"talent {key}: named by the expansion's category examples but missing")
            continue
        if t.get("category") != cat:
            rep.error(
                f"talent {key}: expansion names category {cat}, data has {t.get('category')!r}"
            )
        if t.get("category_assumed") is not False:
            rep.error(
                f"talent {key}: category is named by the expansion, so "
                "category_assumed must be false"
            )
    for key, t in by_key.items():
        if key not in NAMED_CATEGORIES and t.get("category_assumed") is not True:
            rep.error(
                f"talent {key}: the expansion does not name its category, so "
                "category_assumed must be true"
            )
    for key, cost in JOE_COSTS.items():
        t = by_key.get(key)
        if t is None:
            rep.error(f"Joe the Barbarian: talent {key} is missing")
        elif t.get("cost") != cost:
            rep.error(f"Joe the Barbarian: {key} should cost {cost}, data has {t.get('cost')!r}")
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for i, exc in enumerate(data.get("cost_exception", [])):
        where = f"cost_exception #{i + 1} ({exc.get('talent')})"
        check_fields(rep, where, exc, EXCEPTION_REQUIRED, {"study_weeks": int})
        talent = exc.get("talent")
        if talent not in by_key:
            rep.error(f"{where}: unknown talent {talent!r}")
        cost = exc.get("cost")
        if not (is_int(cost) and cost >= 0):
            rep.error(f"{where}: cost must be an int >= 0, got {cost!r}")
        elif (
            talent in by_key
            and is_int(by_key[talent].get("cost"))
            and cost >= by_key[talent]["cost"]
        ):
            rep.warn(f"{where}: cost {cost} is not below the normal cost")
        when = exc.get("when_known", [])
        if not when:
            rep.error(f"{where}: when_known is empty")
        for req in when if isinstance(when, list) else []:
            if req not in by_key:
                rep.error(f"{where}: when_known names unknown talent {req!r}")
            if req == talent:
                rep.error(f"{where}: when_known names the talent itself")
        sig = (str(talent), tuple(sorted(map(str, when))) if isinstance(when, list) else ())
        if sig in seen:
            rep.error(f"{where}: duplicate exception")
        seen.add(sig)
    return by_key


def check_spells(rep: Report, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Check spells.toml."""
    unknown = set(data) - {"spell"}
    if unknown:
        rep.error(f"spells.toml: unknown top-level tables {sorted(unknown)}")
    spells = data.get("spell", [])
    if not spells:
        rep.error("spells.toml: no [[spell]] entries")
    for i, s in enumerate(spells):
        check_fields(rep, f"spell #{i + 1} ({s.get('key')})", s, SPELL_REQUIRED, SPELL_OPTIONAL)
    by_key = check_entries(rep, "spell", spells)
    for key, s in by_key.items():
        if s.get("type") not in SPELL_TYPES:
            rep.error(
                f"spell {key}: type must be one of {sorted(SPELL_TYPES)}, got {s.get('type')!r}"
            )
        if not s.get("st_cost"):
            rep.error(f"spell {key}: st_cost is empty")
    return by_key


def load(rep: Report, path: Path) -> dict[str, Any]:
    """Read one TOML file, recording a parse failure as an error."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        rep.error(f"{path}: {exc}")
        return {}


def main(argv: list[str]) -> int:
    """Run every check and print a summary; return the exit status."""
    rules_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_DIR
    rep = Report()
    talent_data = load(rep, rules_dir / "talents.toml")
    spell_data = load(rep, rules_dir / "spells.toml")
    talents = check_talents(rep, talent_data) if talent_data else {}
    spells = check_spells(rep, spell_data) if spell_data else {}

    entries = [*talents.values(), *spells.values()]
    assumed = sum(1 for e in entries if e.get("assumed"))
    uncertain = sum(1 for e in spells.values() if e.get("uncertain"))
    cat_assumed = sum(1 for e in talents.values() if e.get("category_assumed"))
    exceptions = len(talent_data.get("cost_exception", []))
    for msg in rep.warnings:
        print(f"warning: {msg}")
    for msg in rep.errors:
        print(f"error: {msg}", file=sys.stderr)
    print(
        f"{len(talents)} talents, {len(spells)} spells, {exceptions} cost exceptions, "
        f"{assumed} assumed, {uncertain} uncertain, "
        f"{cat_assumed} talent categories assumed, "
        f"{len(rep.warnings)} warnings, {len(rep.errors)} errors"
    )
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
