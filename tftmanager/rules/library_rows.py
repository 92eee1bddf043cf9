"""Reading the rules library's rows: each table of a rules file into its rules objects.

A row is a mapping from a TOML or JSON reader; each reader checks what it
needs and says in one line what is wrong with bad data (``RulesDataError``).
``rules.library`` puts the results together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from tftmanager.rules.abilities import CostException, Spell, SpellType, Talent
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.effects import parse_effects
from tftmanager.rules.equipment import Armor, CarryFree, Gear, MagicItem, Shield, Weapon
from tftmanager.rules.injury import InjuryBand, InjuryTable, InjuryThresholds
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.races import AttackMode, CreationLimits, Effect, Race, RacialModifier
from tftmanager.rules.references import entry_reference

T = TypeVar("T")
Data = Mapping[str, Any]


def table(doc: Data, name: str) -> list[Data]:
    rows = doc.get(name, [])
    if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
        raise RulesDataError(f"'{name}' must be a list of tables")
    return rows


def keyed(items: Iterable[T]) -> dict[str, T]:
    result: dict[str, T] = {}
    for item in items:
        key: str = getattr(item, "key")  # noqa: B009 - every rules item has a key
        if key in result:
            raise RulesDataError(f"'{key}' appears twice in the rules data")
        result[key] = item
    return result


def _what(row: Data) -> Any:
    """The row's key (or name) for a message about it."""
    return row.get("key", row.get("name", "?"))


def get(row: Data, name: str, kind: type[T], default: T | None = None) -> T:
    if name not in row:
        if default is None:
            raise RulesDataError(f"'{_what(row)}' has no '{name}'")
        return default
    value = row[name]
    if kind is int and isinstance(value, bool):
        raise RulesDataError(f"'{_what(row)}': '{name}' must be a whole number")
    if not isinstance(value, kind):
        raise RulesDataError(f"'{_what(row)}': '{name}' must be {kind.__name__}, not {value!r}")
    return value


def _limits(row: Data, name: str, *, with_iq: bool) -> CreationLimits:
    sub = get(row, name, dict)
    return CreationLimits(
        min_st=get(sub, "min_st", int),
        min_dx=get(sub, "min_dx", int),
        total=get(sub, "total", int),
        min_iq=get(sub, "min_iq", int) if with_iq else None,
        source=get(sub, "source", str, ""),
        uncertain=get(sub, "uncertain", str, ""),
    )


def _modifier(row: Data) -> RacialModifier:
    try:
        effect = Effect(get(row, "effect", str))
        modes = frozenset(AttackMode(m) for m in get(row, "modes", list, []))
    except ValueError as exc:
        raise RulesDataError(f"Racial modifier: {exc}") from exc
    return RacialModifier(
        effect=effect,
        amount=get(row, "amount", int),
        weapon_tags=frozenset(get(row, "weapon_tags", list, [])),
        modes=modes,
        note=get(row, "note", str, ""),
    )


def race(row: Data) -> Race:
    return Race(
        key=get(row, "key", str),
        name=get(row, "name", str),
        ma=get(row, "ma", int),
        melee=_limits(row, "melee", with_iq=False),
        itl=_limits(row, "itl", with_iq=True),
        armor_ma=dict(get(row, "armor_ma", dict, {})),
        modifiers=tuple(_modifier(m) for m in get(row, "modifiers", list, [])),
        source=get(row, "source", str, ""),
        reference=entry_reference(row),
        injury=_race_injury(row),
    )


def _race_injury(row: Data) -> InjuryThresholds | None:
    """A race's own Melee reactions to injury (giants: 9 and 16), if it has them."""
    own = get(row, "injury", dict, {})
    if not own:
        return None
    return InjuryThresholds(get(own, "dx_penalty_hits", int), get(own, "knockdown_hits", int))


def weapon(row: Data) -> Weapon:
    try:
        carry = CarryFree(get(row, "carry_free", str, "no"))
    except ValueError as exc:
        raise RulesDataError(f"'{row.get('key')}': {exc}") from exc
    fast_dx = row.get("fast_dx")
    if fast_dx is not None and not isinstance(fast_dx, int):
        raise RulesDataError(f"'{row.get('key')}': fast_dx must be a whole number")
    return Weapon(
        key=get(row, "key", str),
        name=get(row, "name", str),
        damage=DamageDice.parse(get(row, "damage", str)),
        st=get(row, "st", int),
        two_handed=get(row, "two_handed", bool, False),
        throwable=get(row, "throwable", bool, False),
        pole=get(row, "pole", bool, False),
        missile=get(row, "missile", bool, False),
        tags=frozenset(get(row, "tags", list, [])),
        carry_free=carry,
        rate=get(row, "rate", str, ""),
        fast_dx=fast_dx,
        fast_rate=get(row, "fast_rate", str, ""),
        fast_shots=get(row, "fast_shots", int, 1),
        fast_st=_optional_int(row, "fast_st"),
        turns_per_shot=get(row, "turns_per_shot", int, 1),
        fast_turns_per_shot=_optional_int(row, "fast_turns_per_shot"),
        note=get(row, "note", str, ""),
        source=get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=get(row, "uncertain", str, ""),
        **_price(row),
    )


def _price(row: Data) -> dict[str, Any]:
    """Cost ($) and weight (kg): optional, 0 when the data has none."""
    cost = get(row, "cost", int, 0)
    weight = row.get("weight_kg", 0.0)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or weight < 0:
        raise RulesDataError(f"'{row.get('key')}': weight_kg must be a number of kg")
    if cost < 0:
        raise RulesDataError(f"'{row.get('key')}': cost must not be negative")
    return {
        "cost": cost,
        "weight_kg": float(weight),
        "price_source": get(row, "price_source", str, ""),
        "price_assumed": get(row, "price_assumed", str, ""),
        "priced": "cost" in row,
    }


def armor(row: Data) -> Armor:
    alternative = row.get("ma_alternative")
    return Armor(
        key=get(row, "key", str),
        name=get(row, "name", str),
        stops=get(row, "stops", int),
        dx=get(row, "dx", int),
        ma=get(row, "ma", int),
        ma_alternative=alternative if isinstance(alternative, int) else None,
        ma_penalty=_optional_int(row, "ma_penalty"),
        metal=get(row, "metal", bool, False),
        source=get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=get(row, "uncertain", str, ""),
        fine=get(row, "fine", bool, False),
        **_price(row),
    )


def shield(row: Data) -> Shield:
    return Shield(
        key=get(row, "key", str),
        name=get(row, "name", str),
        stops=get(row, "stops", int),
        dx=get(row, "dx", int),
        metal=get(row, "metal", bool, False),
        source=get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=get(row, "uncertain", str, ""),
        wear_factor=get(row, "wear_factor", int, 0),
        **_price(row),
    )


def gear(row: Data) -> Gear:
    price = _price(row)
    return Gear(
        key=get(row, "key", str),
        name=get(row, "name", str),
        cost=price["cost"],
        weight_kg=price["weight_kg"],
        priced=price["priced"],
        note=get(row, "note", str, ""),
        source=get(row, "source", str, ""),
        reference=entry_reference(row),
        uncertain=get(row, "uncertain", str, ""),
    )


def _optional_int(row: Data, name: str) -> int | None:
    value = row.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesDataError(f"'{row.get('key')}': {name} must be a whole number")
    return value


def magic_item(row: Data) -> MagicItem:
    return MagicItem(
        key=get(row, "key", str),
        name=get(row, "name", str),
        cost=_optional_int(row, "cost"),
        cost_per_point=_optional_int(row, "cost_per_point"),
        weeks=_optional_int(row, "weeks"),
        note=get(row, "note", str, ""),
        source=get(row, "source", str, ""),
        reference=entry_reference(row),
        uncertain=get(row, "uncertain", str, ""),
        weight_kg=_price(row)["weight_kg"],
        assumed=get(row, "assumed", str, ""),
        **_effects(row),
    )


def _effects(row: Data) -> dict[str, Any]:
    """An entry's effects on the figure, with their source (``rules.effects``)."""
    return {
        "effects": parse_effects(get(row, "effects", list, []), str(row.get("key"))),
        "effects_source": get(row, "effects_source", str, ""),
        "effects_assumed": get(row, "effects_assumed", str, ""),
    }


def injury_table(doc: Data) -> InjuryTable:
    melee = get(doc, "melee", dict)
    house = get(doc, "house", dict, {})
    bands = tuple(
        InjuryBand(
            st_min=get(b, "st_min", int),
            st_max=get(b, "st_max", int),
            dx_penalty_hits=get(b, "dx_penalty_hits", int),
            knockdown_hits=get(b, "knockdown_hits", int),
        )
        for b in get(house, "bands", list, [])
    )
    for band in bands:
        if band.st_min > band.st_max:
            raise RulesDataError(f"The injury table's row ST {band.st_min}-{band.st_max} "
                                 f"ends before it begins.")
    return InjuryTable(
        melee=InjuryThresholds(
            get(melee, "dx_penalty_hits", int), get(melee, "knockdown_hits", int)
        ),
        bands=tuple(sorted(bands, key=lambda b: b.st_min)),
        low_st_max=get(get(doc, "low_st", dict), "st_max", int),
        low_st_dx=get(get(doc, "low_st", dict), "dx", int),
        dx_penalty=_combat_dx_penalty(doc),
    )


def _combat_dx_penalty(doc: Data) -> int | None:
    """The combat rules' DX next turn after a heavy blow, if they are there.

    Bad data here is left for the combat rules to report when they are built.
    """
    penalty = doc["melee"].get("dx_penalty") if "to_hit" in doc else None
    return penalty if isinstance(penalty, int) and not isinstance(penalty, bool) else None


def _keys(row: Data, name: str) -> tuple[str, ...]:
    values = get(row, name, list, [])
    if not all(isinstance(v, str) for v in values):
        raise RulesDataError(f"'{row.get('key')}': '{name}' must be a list of keys")
    return tuple(values)


def _category(row: Data, default: int | None = None) -> int:
    category = get(row, "category", int, default)
    if not 1 <= category <= 5:
        raise RulesDataError(f"'{row.get('key')}': category must be 1 to 5, not {category}")
    return category


def talent(row: Data) -> Talent:
    wizard_cost = row.get("wizard_cost")
    if wizard_cost is not None and (isinstance(wizard_cost, bool)
                                    or not isinstance(wizard_cost, int)):
        raise RulesDataError(f"'{row.get('key')}': wizard_cost must be a whole number")
    return Talent(
        key=get(row, "key", str),
        name=get(row, "name", str),
        iq=get(row, "iq", int),
        cost=get(row, "cost", int),
        category=_category(row),
        wizard_cost=wizard_cost,
        requires=_keys(row, "requires"),
        min_st=get(row, "min_st", int, 0),
        min_dx=get(row, "min_dx", int, 0),
        min_adj_dx=get(row, "min_adj_dx", int, 0),
        category_assumed=get(row, "category_assumed", bool, False),
        extra_points=get(row, "extra_points", str, ""),
        **_described(row),
        **_effects(row),
    )


def _described(row: Data) -> dict[str, Any]:
    """What a talent and a spell both say of themselves: words, source, marks, retirement."""
    return {
        "summary": get(row, "summary", str, ""),
        "gm_note": get(row, "gm_note", str, ""),
        "source": get(row, "source", str, ""),
        "reference": entry_reference(row),
        "assumed": get(row, "assumed", str, ""),
        "uncertain": get(row, "uncertain", str, ""),
        "retired": get(row, "retired", bool, False),
    }


def spell(row: Data) -> Spell:
    try:
        kind = SpellType(get(row, "type", str))
    except ValueError as exc:
        raise RulesDataError(f"'{row.get('key')}': {exc}") from exc
    return Spell(
        key=get(row, "key", str),
        name=get(row, "name", str),
        iq=get(row, "iq", int),
        type=kind,
        st_cost=str(row.get("st_cost", "")),
        category=_category(row, 2),
        maintain=str(row.get("maintain", "")),
        requires=_keys(row, "requires"),
        category_assumed=get(row, "category_assumed", bool, True),
        **_described(row),
    )


def cost_exception(row: Data) -> CostException:
    return CostException(
        talent=get(row, "talent", str),
        cost=get(row, "cost", int),
        when_known=_keys(row, "when_known"),
        note=get(row, "note", str, ""),
        study_weeks=row.get("study_weeks") if isinstance(row.get("study_weeks"), int) else None,
    )
