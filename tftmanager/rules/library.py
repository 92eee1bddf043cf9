"""The rules library: races, weapons, armor and shields read from plain data.

The data arrives as the mappings a TOML or JSON reader produces (the shipped
files in ``resources/rules`` or a campaign's own copy); this module turns them
into frozen data classes and says clearly what is wrong with bad data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from tftmanager.rules.abilities import CostException, Spell, SpellType, Talent
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.effects import parse_effects
from tftmanager.rules.equipment import Armor, CarryFree, Gear, MagicItem, Shield, Weapon
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.injury import InjuryBand, InjuryTable, InjuryThresholds
from tftmanager.rules.items import ItemKind
from tftmanager.rules.library_parts import Lazy, Pending
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.races import AttackMode, CreationLimits, Effect, Race, RacialModifier
from tftmanager.rules.references import entry_reference
from tftmanager.rules.xp_tables import CostTables, MemoryCosts, StudyRules

if TYPE_CHECKING:
    # Built on first use (rules.library_parts): a listing never imports them.
    from tftmanager.rules.awards import AwardTable
    from tftmanager.rules.bestiary import Creature
    from tftmanager.rules.encounter_rules import CombatRules
    from tftmanager.rules.heights import HeightChart
    from tftmanager.rules.job_data import JobCatalogue

T = TypeVar("T")
Data = Mapping[str, Any]


def _present(value: T | None, what: str) -> T:
    """A whole-document part of the library, or the one line saying it is missing."""
    if value is None:
        raise RulesDataError(f"The rules library has no {what}.")
    return value


def _no_heights() -> HeightChart:
    """A library without a height chart has an empty one."""
    from tftmanager.rules.heights import HeightChart  # noqa: PLC0415 - built on first use

    return HeightChart()


@dataclass(frozen=True)
class RulesLibrary:
    """Everything the figure rules look up, keyed by stable keys.

    The awards, jobs, combat rules, creatures and height chart are ``Lazy``
    (``rules.library_parts``): built from their data when first read.
    """

    races: dict[str, Race]
    weapons: dict[str, Weapon]
    armors: dict[str, Armor]
    shields: dict[str, Shield]
    injury: InjuryTable
    talents: dict[str, Talent] = field(default_factory=dict)
    spells: dict[str, Spell] = field(default_factory=dict)
    cost_exceptions: tuple[CostException, ...] = ()
    retired: frozenset[tuple[str, str]] = frozenset()
    # Experience costs and Melee's awards (None for a library without them).
    xp_costs: CostTables | None = None
    awards: Lazy[AwardTable | None] = Lazy(lambda: None)
    gear: dict[str, Gear] = field(default_factory=dict)
    magic_items: dict[str, MagicItem] = field(default_factory=dict)
    equipment_rules: EquipmentRules | None = None
    jobs: Lazy[JobCatalogue | None] = Lazy(lambda: None)
    # Memory points of spells and the wizard's talent factor (experience.toml).
    memory_costs: MemoryCosts | None = None
    # Study time by learning category (experience.toml).
    study: StudyRules | None = None
    # To-hit results and when a figure falls, for encounters ([to_hit], [fallen] of injury).
    combat: Lazy[CombatRules | None] = Lazy(lambda: None)
    # Creature and NPC templates for encounters (bestiary.toml).
    creatures: Lazy[dict[str, Creature]] = Lazy(dict)
    # Three Dimensional TFT's Height Chart ([heights] of injury.toml).
    heights: Lazy[HeightChart] = Lazy(_no_heights)

    def item_entry(self, kind: ItemKind,
                   key: str) -> Weapon | Armor | Shield | Gear | MagicItem | None:
        """The library entry an owned item refers to."""
        if kind is ItemKind.WEAPON:
            return self.weapons.get(key)
        if kind is ItemKind.ARMOR:
            return self.armors.get(key)
        if kind is ItemKind.SHIELD:
            return self.shields.get(key)
        if kind is ItemKind.MAGIC:
            return self.magic_items.get(key)
        return self.gear.get(key)

    def combat_rules(self) -> CombatRules:
        """The fight's to-hit and falling rules; a library without them cannot run one."""
        return _present(self.combat, "combat rules ([to_hit] and [fallen] in injury.toml)")

    def memory_rules(self) -> MemoryCosts:
        """The memory costs; a library without them cannot price talents or spells."""
        return _present(self.memory_costs, "memory costs ([memory_costs] in experience.toml)")

    def cost_tables(self) -> CostTables:
        """The experience tables; a library without them cannot say what may be bought."""
        return _present(self.xp_costs, "experience tables (experience.toml)")

    def study_rules(self) -> StudyRules:
        """The study rules; a library without them cannot time a study."""
        return _present(self.study, "study rules ([study] in experience.toml)")

    def is_retired(self, kind: str, key: str) -> bool:
        """Retired entries stay resolvable for characters that use them, but are not offered."""
        return (kind, key) in self.retired

    def with_retired(self, retired: frozenset[tuple[str, str]]) -> RulesLibrary:
        """The same library with these (kind, key) entries marked retired (nothing built)."""
        cls = type(self)
        held = {name: getattr(cls, name).stored(self) for name in LAZY_PARTS}
        return replace(self, retired=retired, **held)

    def check_all(self) -> RulesLibrary:
        """Build every part, so bad data anywhere is refused now (RulesDataError).

        The parts in ``LAZY_PARTS`` are otherwise built, and their data
        checked, only when first read; whatever accepts a library (a
        campaign's copy as it opens, an import, an edit) calls this first.
        """
        for name in LAZY_PARTS:
            getattr(self, name)
        return self

    @classmethod
    def from_data(
        cls,
        *,
        races: Data,
        weapons: Data,
        armor: Data,
        injury: Data,
        talents: Data | None = None,
        spells: Data | None = None,
        experience: Data | None = None,
        gear: Data | None = None,
        equipment_rules: Data | None = None,
        jobs: Data | None = None,
        bestiary: Data | None = None,
    ) -> RulesLibrary:
        """Build the library from the shipped documents' contents."""
        talent_doc = talents or {}
        library = cls(
            races=_keyed(_race(d) for d in _table(races, "race")),
            weapons=_keyed(_weapon(d) for d in _table(weapons, "weapon")),
            armors=_keyed(_armor(d) for d in _table(armor, "armor")),
            shields=_keyed(_shield(d) for d in _table(armor, "shield")),
            injury=_injury(injury),
            talents=_keyed(_talent(d) for d in _table(talent_doc, "talent")),
            spells=_keyed(_spell(d) for d in _table(spells or {}, "spell")),
            cost_exceptions=tuple(
                _cost_exception(d) for d in _table(talent_doc, "cost_exception")),
            xp_costs=CostTables.from_data(experience) if experience else None,
            awards=Pending(lambda _: _awards(experience)),
            gear=_keyed(_gear(d) for d in _table(gear or {}, "gear")),
            magic_items=_keyed(_magic(d) for d in _table(gear or {}, "magic_item")),
            equipment_rules=(EquipmentRules.from_data(equipment_rules)
                             if equipment_rules else None),
            jobs=Pending(lambda _: _jobs(jobs)),
            memory_costs=(MemoryCosts.from_data(_get(experience, "memory_costs", dict))
                          if experience else None),
            study=StudyRules.from_data(_get(experience, "study", dict)) if experience else None,
            combat=Pending(lambda _: _combat(injury)),
            creatures=Pending(lambda lib: _creatures(lib, bestiary or {})),
            heights=Pending(lambda _: _heights(injury)),
        )
        library.check_references()
        return library

    def check_references(self) -> None:
        """Every prerequisite and cost exception must name an entry that exists.

        A creature's template is checked when the creatures are built.
        """
        for talent in self.talents.values():
            for key in talent.requires:
                if key not in self.talents:
                    raise RulesDataError(f"Talent '{talent.key}' requires unknown '{key}'")
        for spell in self.spells.values():
            for key in spell.requires:
                if key not in self.spells:
                    raise RulesDataError(f"Spell '{spell.key}' requires unknown '{key}'")
        for exc in self.cost_exceptions:
            for key in (exc.talent, *exc.when_known):
                if key not in self.talents:
                    raise RulesDataError(f"Cost exception names unknown talent '{key}'")


# The library's fields built on first read (see rules.library_parts).
LAZY_PARTS = ("awards", "jobs", "combat", "creatures", "heights")


def _awards(experience: Data | None) -> AwardTable | None:
    from tftmanager.rules.awards import AwardTable  # noqa: PLC0415 - built on first use

    if not experience or "awards" not in experience:
        return None
    return AwardTable.from_data(experience["awards"])


def _jobs(jobs: Data | None) -> JobCatalogue | None:
    from tftmanager.rules.job_data import JobCatalogue  # noqa: PLC0415 - built on first use

    return JobCatalogue.from_data(jobs) if jobs and "bonus_xp" in jobs else None


def _combat(injury: Data) -> CombatRules | None:
    from tftmanager.rules.encounter_rules import CombatRules  # noqa: PLC0415 - first use

    return CombatRules.from_data(injury) if "to_hit" in injury else None


def _creatures(library: RulesLibrary, bestiary: Data) -> dict[str, Creature]:
    """The bestiary's templates, each naming only races and equipment the library has."""
    from tftmanager.rules.bestiary import (  # noqa: PLC0415 - built on first use
        creature_from_data,
        template_problems,
    )

    creatures = _keyed(creature_from_data(d) for d in _table(bestiary, "creature"))
    for creature in creatures.values():
        problems = template_problems(creature, library.weapons, library.armors,
                                     library.shields, library.races)
        if problems:
            raise RulesDataError(f"Creature '{creature.key}': " + ", ".join(problems))
    return creatures


def _heights(injury: Data) -> HeightChart:
    from tftmanager.rules.heights import HeightChart  # noqa: PLC0415 - built on first use

    return HeightChart.from_data(injury.get("heights", {}))


def _table(doc: Data, name: str) -> list[Data]:
    rows = doc.get(name, [])
    if not isinstance(rows, list) or not all(isinstance(r, Mapping) for r in rows):
        raise RulesDataError(f"'{name}' must be a list of tables")
    return rows


def _keyed(items: Iterable[T]) -> dict[str, T]:
    result: dict[str, T] = {}
    for item in items:
        key: str = getattr(item, "key")  # noqa: B009 - every rules item has a key
        if key in result:
            raise RulesDataError(f"'{key}' appears twice in the rules data")
        result[key] = item
    return result


def _get(row: Data, name: str, kind: type[T], default: T | None = None) -> T:
    what = row.get("key", row.get("name", "?"))
    if name not in row:
        if default is None:
            raise RulesDataError(f"'{what}' has no '{name}'")
        return default
    value = row[name]
    if kind is int and isinstance(value, bool):
        raise RulesDataError(f"'{what}': '{name}' must be a whole number")
    if not isinstance(value, kind):
        raise RulesDataError(f"'{what}': '{name}' must be {kind.__name__}, not {value!r}")
    return value


def _limits(row: Data, name: str, *, with_iq: bool) -> CreationLimits:
    sub = _get(row, name, dict)
    return CreationLimits(
        min_st=_get(sub, "min_st", int),
        min_dx=_get(sub, "min_dx", int),
        total=_get(sub, "total", int),
        min_iq=_get(sub, "min_iq", int) if with_iq else None,
        source=_get(sub, "source", str, ""),
        uncertain=_get(sub, "uncertain", str, ""),
    )


def _modifier(row: Data) -> RacialModifier:
    try:
        effect = Effect(_get(row, "effect", str))
        modes = frozenset(AttackMode(m) for m in _get(row, "modes", list, []))
    except ValueError as exc:
        raise RulesDataError(f"Racial modifier: {exc}") from exc
    return RacialModifier(
        effect=effect,
        amount=_get(row, "amount", int),
        weapon_tags=frozenset(_get(row, "weapon_tags", list, [])),
        modes=modes,
        note=_get(row, "note", str, ""),
    )


def _race(row: Data) -> Race:
    return Race(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        ma=_get(row, "ma", int),
        melee=_limits(row, "melee", with_iq=False),
        itl=_limits(row, "itl", with_iq=True),
        armor_ma=dict(_get(row, "armor_ma", dict, {})),
        modifiers=tuple(_modifier(m) for m in _get(row, "modifiers", list, [])),
        source=_get(row, "source", str, ""),
        reference=entry_reference(row),
        injury=_race_injury(row),
    )


def _race_injury(row: Data) -> InjuryThresholds | None:
    """A race's own Melee reactions to injury (giants: 9 and 16), if it has them."""
    own = _get(row, "injury", dict, {})
    if not own:
        return None
    return InjuryThresholds(_get(own, "dx_penalty_hits", int), _get(own, "knockdown_hits", int))


def _weapon(row: Data) -> Weapon:
    try:
        carry = CarryFree(_get(row, "carry_free", str, "no"))
    except ValueError as exc:
        raise RulesDataError(f"'{row.get('key')}': {exc}") from exc
    fast_dx = row.get("fast_dx")
    if fast_dx is not None and not isinstance(fast_dx, int):
        raise RulesDataError(f"'{row.get('key')}': fast_dx must be a whole number")
    return Weapon(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        damage=DamageDice.parse(_get(row, "damage", str)),
        st=_get(row, "st", int),
        two_handed=_get(row, "two_handed", bool, False),
        throwable=_get(row, "throwable", bool, False),
        pole=_get(row, "pole", bool, False),
        missile=_get(row, "missile", bool, False),
        tags=frozenset(_get(row, "tags", list, [])),
        carry_free=carry,
        rate=_get(row, "rate", str, ""),
        fast_dx=fast_dx,
        fast_rate=_get(row, "fast_rate", str, ""),
        fast_shots=_get(row, "fast_shots", int, 1),
        fast_st=_optional_int(row, "fast_st"),
        turns_per_shot=_get(row, "turns_per_shot", int, 1),
        fast_turns_per_shot=_optional_int(row, "fast_turns_per_shot"),
        note=_get(row, "note", str, ""),
        source=_get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=_get(row, "uncertain", str, ""),
        **_price(row),
    )


def _price(row: Data) -> dict[str, Any]:
    """Cost ($) and weight (kg): optional, 0 when the data has none."""
    cost = _get(row, "cost", int, 0)
    weight = row.get("weight_kg", 0.0)
    if isinstance(weight, bool) or not isinstance(weight, int | float) or weight < 0:
        raise RulesDataError(f"'{row.get('key')}': weight_kg must be a number of kg")
    if cost < 0:
        raise RulesDataError(f"'{row.get('key')}': cost must not be negative")
    return {
        "cost": cost,
        "weight_kg": float(weight),
        "price_source": _get(row, "price_source", str, ""),
        "price_assumed": _get(row, "price_assumed", str, ""),
        "priced": "cost" in row,
    }


def _armor(row: Data) -> Armor:
    alternative = row.get("ma_alternative")
    return Armor(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        stops=_get(row, "stops", int),
        dx=_get(row, "dx", int),
        ma=_get(row, "ma", int),
        ma_alternative=alternative if isinstance(alternative, int) else None,
        ma_penalty=_optional_int(row, "ma_penalty"),
        metal=_get(row, "metal", bool, False),
        source=_get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=_get(row, "uncertain", str, ""),
        fine=_get(row, "fine", bool, False),
        **_price(row),
    )


def _shield(row: Data) -> Shield:
    return Shield(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        stops=_get(row, "stops", int),
        dx=_get(row, "dx", int),
        metal=_get(row, "metal", bool, False),
        source=_get(row, "source", str, "Melee"),
        reference=entry_reference(row, default_source="Melee"),
        uncertain=_get(row, "uncertain", str, ""),
        wear_factor=_get(row, "wear_factor", int, 0),
        **_price(row),
    )


def _gear(row: Data) -> Gear:
    price = _price(row)
    return Gear(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        cost=price["cost"],
        weight_kg=price["weight_kg"],
        priced=price["priced"],
        note=_get(row, "note", str, ""),
        source=_get(row, "source", str, ""),
        reference=entry_reference(row),
        uncertain=_get(row, "uncertain", str, ""),
    )


def _optional_int(row: Data, name: str) -> int | None:
    value = row.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesDataError(f"'{row.get('key')}': {name} must be a whole number")
    return value


def _magic(row: Data) -> MagicItem:
    return MagicItem(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        cost=_optional_int(row, "cost"),
        cost_per_point=_optional_int(row, "cost_per_point"),
        weeks=_optional_int(row, "weeks"),
        note=_get(row, "note", str, ""),
        source=_get(row, "source", str, ""),
        reference=entry_reference(row),
        uncertain=_get(row, "uncertain", str, ""),
        weight_kg=_price(row)["weight_kg"],
        assumed=_get(row, "assumed", str, ""),
        **_effects(row),
    )


def _effects(row: Data) -> dict[str, Any]:
    """An entry's effects on the figure, with their source (``rules.effects``)."""
    return {
        "effects": parse_effects(_get(row, "effects", list, []), str(row.get("key"))),
        "effects_source": _get(row, "effects_source", str, ""),
        "effects_assumed": _get(row, "effects_assumed", str, ""),
    }


def _injury(doc: Data) -> InjuryTable:
    melee = _get(doc, "melee", dict)
    house = _get(doc, "house", dict, {})
    bands = tuple(
        InjuryBand(
            st_min=_get(b, "st_min", int),
            st_max=_get(b, "st_max", int),
            dx_penalty_hits=_get(b, "dx_penalty_hits", int),
            knockdown_hits=_get(b, "knockdown_hits", int),
        )
        for b in _get(house, "bands", list, [])
    )
    for band in bands:
        if band.st_min > band.st_max:
            raise RulesDataError(f"The injury table's row ST {band.st_min}-{band.st_max} "
                                 f"ends before it begins.")
    return InjuryTable(
        melee=InjuryThresholds(
            _get(melee, "dx_penalty_hits", int), _get(melee, "knockdown_hits", int)
        ),
        bands=tuple(sorted(bands, key=lambda b: b.st_min)),
        low_st_max=_get(_get(doc, "low_st", dict), "st_max", int),
        low_st_dx=_get(_get(doc, "low_st", dict), "dx", int),
        dx_penalty=_combat_dx_penalty(doc),
    )


def _combat_dx_penalty(doc: Data) -> int | None:
    """The combat rules' DX next turn after a heavy blow, if they are there.

    Bad data here is left for the combat rules to report when they are built.
    """
    penalty = doc["melee"].get("dx_penalty") if "to_hit" in doc else None
    return penalty if isinstance(penalty, int) and not isinstance(penalty, bool) else None


def _keys(row: Data, name: str) -> tuple[str, ...]:
    values = _get(row, name, list, [])
    if not all(isinstance(v, str) for v in values):
        raise RulesDataError(f"'{row.get('key')}': '{name}' must be a list of keys")
    return tuple(values)


def _category(row: Data, default: int | None = None) -> int:
    category = _get(row, "category", int, default)
    if not 1 <= category <= 5:
        raise RulesDataError(f"'{row.get('key')}': category must be 1 to 5, not {category}")
    return category


def _talent(row: Data) -> Talent:
    wizard_cost = row.get("wizard_cost")
    if wizard_cost is not None and (isinstance(wizard_cost, bool)
                                    or not isinstance(wizard_cost, int)):
        raise RulesDataError(f"'{row.get('key')}': wizard_cost must be a whole number")
    return Talent(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        iq=_get(row, "iq", int),
        cost=_get(row, "cost", int),
        category=_category(row),
        wizard_cost=wizard_cost,
        requires=_keys(row, "requires"),
        min_st=_get(row, "min_st", int, 0),
        min_dx=_get(row, "min_dx", int, 0),
        min_adj_dx=_get(row, "min_adj_dx", int, 0),
        category_assumed=_get(row, "category_assumed", bool, False),
        extra_points=_get(row, "extra_points", str, ""),
        summary=_get(row, "summary", str, ""),
        gm_note=_get(row, "gm_note", str, ""),
        source=_get(row, "source", str, ""),
        reference=entry_reference(row),
        assumed=_get(row, "assumed", str, ""),
        uncertain=_get(row, "uncertain", str, ""),
        retired=_get(row, "retired", bool, False),
        **_effects(row),
    )


def _spell(row: Data) -> Spell:
    try:
        kind = SpellType(_get(row, "type", str))
    except ValueError as exc:
        raise RulesDataError(f"'{row.get('key')}': {exc}") from exc
    return Spell(
        key=_get(row, "key", str),
        name=_get(row, "name", str),
        iq=_get(row, "iq", int),
        type=kind,
        st_cost=str(row.get("st_cost", "")),
        category=_category(row, 2),
        maintain=str(row.get("maintain", "")),
        requires=_keys(row, "requires"),
        category_assumed=_get(row, "category_assumed", bool, True),
        summary=_get(row, "summary", str, ""),
        gm_note=_get(row, "gm_note", str, ""),
        source=_get(row, "source", str, ""),
        reference=entry_reference(row),
        assumed=_get(row, "assumed", str, ""),
        uncertain=_get(row, "uncertain", str, ""),
        retired=_get(row, "retired", bool, False),
    )


def _cost_exception(row: Data) -> CostException:
    return CostException(
        talent=_get(row, "talent", str),
        cost=_get(row, "cost", int),
        when_known=_keys(row, "when_known"),
        note=_get(row, "note", str, ""),
        study_weeks=row.get("study_weeks") if isinstance(row.get("study_weeks"), int) else None,
    )
