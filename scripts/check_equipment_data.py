"""Check resources/rules/weapons.toml, armor.toml and gear.toml for prices and shape.

Usage: python scripts/check_equipment_data.py [RULES_DIR]

Loads the three files with tomllib and checks: every weapon, armor and shield
has a whole-number cost >= 0, a weight_kg >= 0 and a price_source; keys are
unique (gear and magic items share one key space); weapon tags come from the
documented vocabulary; gear and magic items have their required fields (a
magic item has exactly one of cost and cost_per_point); the expansion's Great
Bow exists with ST 14.  Prints a summary line and exits non-zero on any error.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "resources" / "rules"

TAGS = {"sword", "axe", "hammer", "mace", "club", "dagger", "pole", "bow", "crossbow",
        "missile", "thrown_only", "improvised", "bladed"}
CLOTHING_CLASSES = {"lower", "middle", "upper"}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _rows(doc: dict[str, Any], table: str, where: str, errors: list[str]) -> list[dict[str, Any]]:
    rows = doc.get(table, [])
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        errors.append(f"{where}: '{table}' must be a list of tables")
        return []
    return rows


def _check_keys(rows: list[dict[str, Any]], where: str, seen: set[str],
                errors: list[str]) -> None:
    for row in rows:
        key = row.get("key")
        if not _is_text(key):
            errors.append(f"{where}: an entry has no key ({row.get('name')!r})")
        elif key in seen:
            errors.append(f"{where}: key '{key}' appears twice")
        else:
            seen.add(key)


def _check_price(row: dict[str, Any], where: str, errors: list[str]) -> None:
    key = row.get("key")
    cost = row.get("cost")
    if cost is None and row.get("weight_kg") is None and row.get("price_assumed"):
        # No price in any document: the item stays out of the shop until the
        # GM sets one, and price_assumed says so (the lance and the pike).
        return
    if not _is_int(cost) or cost < 0:
        errors.append(f"{where} '{key}': cost must be a whole number >= 0, not {cost!r}")
    weight = row.get("weight_kg")
    if not _is_number(weight) or weight < 0:
        errors.append(f"{where} '{key}': weight_kg must be a number >= 0, not {weight!r}")


def _check_priced(rows: list[dict[str, Any]], where: str, errors: list[str]) -> None:
    _check_keys(rows, where, set(), errors)
    for row in rows:
        _check_price(row, where, errors)
        if not _is_text(row.get("price_source")):
            errors.append(f"{where} '{row.get('key')}': no price_source")
        for field in ("price_assumed", "uncertain"):
            if field in row and not _is_text(row[field]):
                errors.append(f"{where} '{row.get('key')}': {field} must be text")


def check_weapons(doc: dict[str, Any], errors: list[str]) -> list[dict[str, Any]]:
    """Prices, tags and the Great Bow."""
    rows = _rows(doc, "weapon", "weapons.toml", errors)
    _check_priced(rows, "weapon", errors)
    for row in rows:
        tags = row.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            errors.append(f"weapon '{row.get('key')}': tags must be a list of text")
        elif unknown := set(tags) - TAGS:
            errors.append(f"weapon '{row.get('key')}': unknown tags {sorted(unknown)}")
    bow = next((r for r in rows if r.get("key") == "great_bow"), None)
    if bow is None:
        errors.append("weapon 'great_bow' is missing")
    elif bow.get("st") != 14:
        errors.append(f"weapon 'great_bow': st must be 14, not {bow.get('st')!r}")
    return rows


def check_armor(doc: dict[str, Any], errors: list[str]) -> tuple[list[Any], list[Any]]:
    """Prices of armor and shields; fine armor is metal; shield wear factors."""
    armors = _rows(doc, "armor", "armor.toml", errors)
    shields = _rows(doc, "shield", "armor.toml", errors)
    _check_priced(armors, "armor", errors)
    _check_priced(shields, "shield", errors)
    for row in armors:
        if "fine" in row and not isinstance(row["fine"], bool):
            errors.append(f"armor '{row.get('key')}': fine must be true or false")
        if row.get("fine") is True and row.get("metal") is not True:
            errors.append(f"armor '{row.get('key')}': fine armor must be metal")
    for row in shields:
        wear = row.get("wear_factor")
        if not _is_int(wear) or wear <= 0:
            errors.append(f"shield '{row.get('key')}': wear_factor must be a whole number > 0")
    return armors, shields


def check_gear(doc: dict[str, Any], errors: list[str]) -> tuple[list[Any], list[Any]]:
    """Gear and magic items: required fields, one key space."""
    gear = _rows(doc, "gear", "gear.toml", errors)
    magic = _rows(doc, "magic_item", "gear.toml", errors)
    seen: set[str] = set()
    _check_keys(gear, "gear", seen, errors)
    _check_keys(magic, "magic_item", seen, errors)
    for row in gear:
        key = row.get("key")
        _check_price(row, "gear", errors)
        for field in ("name", "source"):
            if not _is_text(row.get(field)):
                errors.append(f"gear '{key}': no {field}")
        if not isinstance(row.get("note", ""), str):
            errors.append(f"gear '{key}': note must be text")
        if "clothing_class" in row and row["clothing_class"] not in CLOTHING_CLASSES:
            errors.append(f"gear '{key}': clothing_class must be one of {sorted(CLOTHING_CLASSES)}")
    for row in magic:
        key = row.get("key")
        for field in ("name", "source"):
            if not _is_text(row.get(field)):
                errors.append(f"magic_item '{key}': no {field}")
        prices = [f for f in ("cost", "cost_per_point") if f in row]
        if len(prices) != 1:
            errors.append(f"magic_item '{key}': needs exactly one of cost and cost_per_point")
        elif not _is_int(row[prices[0]]) or row[prices[0]] < 0:
            errors.append(f"magic_item '{key}': {prices[0]} must be a whole number >= 0")
        if "weeks" in row and (not _is_int(row["weeks"]) or row["weeks"] <= 0):
            errors.append(f"magic_item '{key}': weeks must be a whole number > 0")
        if "weeks" not in row and not _is_text(row.get("uncertain")):
            errors.append(f"magic_item '{key}': no weeks and no uncertain note saying why")
        for field in ("note", "uncertain"):
            if field in row and not _is_text(row[field]):
                errors.append(f"magic_item '{key}': {field} must be text")
    return gear, magic


def main(argv: list[str]) -> int:
    """Run every check and print a summary; 0 when the data is clean."""
    rules_dir = Path(argv[1]) if len(argv) > 1 else DEFAULT_DIR
    errors: list[str] = []
    docs: dict[str, dict[str, Any]] = {}
    for name in ("weapons", "armor", "gear"):
        path = rules_dir / f"{name}.toml"
        try:
            with path.open("rb") as handle:
                docs[name] = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            errors.append(f"{path}: {exc}")
            docs[name] = {}
    weapons = check_weapons(docs["weapons"], errors)
    armors, shields = check_armor(docs["armor"], errors)
    gear, magic = check_gear(docs["gear"], errors)
    for error in errors:
        print(f"ERROR: {error}")
    print(f"{len(weapons)} weapons, {len(armors)} armors, {len(shields)} shields, "
          f"{len(gear)} gear, {len(magic)} magic items: {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
