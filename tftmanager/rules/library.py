"""The rules library: races, weapons, armor and shields read from plain data.

The data arrives as the mappings a TOML or JSON reader produces (the shipped
files in ``resources/rules`` or a campaign's own copy); this module turns them
into frozen data classes and says clearly what is wrong with bad data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeVar

from tftmanager.rules import library_rows as rows
from tftmanager.rules.abilities import CostException, Spell, Talent
from tftmanager.rules.equipment import Armor, Gear, MagicItem, Shield, Weapon
from tftmanager.rules.equipment_rules import EquipmentRules
from tftmanager.rules.injury import InjuryTable
from tftmanager.rules.items import ItemKind
from tftmanager.rules.library_parts import Lazy, Pending
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.races import Race
from tftmanager.rules.records import Record
from tftmanager.rules.xp_tables import CostTables, MemoryCosts

if TYPE_CHECKING:
    # Built on first use (rules.library_parts): a listing never imports them.
    from tftmanager.rules.awards import AwardTable
    from tftmanager.rules.bestiary import Creature
    from tftmanager.rules.encounter_rules import CombatRules
    from tftmanager.rules.heights import HeightChart
    from tftmanager.rules.job_data import JobCatalogue
    from tftmanager.rules.study_rules import StudyRules

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


@dataclass(frozen=True, eq=False, repr=False)
class RulesLibrary(Record):
    """Everything the figure rules look up, keyed by stable keys.

    The awards, jobs, combat rules, creatures, height chart and study rules are ``Lazy``
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
    study: Lazy[StudyRules | None] = Lazy(lambda: None)
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
            races=rows.keyed(rows.race(d) for d in rows.table(races, "race")),
            weapons=rows.keyed(rows.weapon(d) for d in rows.table(weapons, "weapon")),
            armors=rows.keyed(rows.armor(d) for d in rows.table(armor, "armor")),
            shields=rows.keyed(rows.shield(d) for d in rows.table(armor, "shield")),
            injury=rows.injury_table(injury),
            talents=rows.keyed(rows.talent(d) for d in rows.table(talent_doc, "talent")),
            spells=rows.keyed(rows.spell(d) for d in rows.table(spells or {}, "spell")),
            cost_exceptions=tuple(
                rows.cost_exception(d) for d in rows.table(talent_doc, "cost_exception")),
            xp_costs=CostTables.from_data(experience) if experience else None,
            awards=Pending(lambda _: _awards(experience)),
            gear=rows.keyed(rows.gear(d) for d in rows.table(gear or {}, "gear")),
            magic_items=rows.keyed(
                rows.magic_item(d) for d in rows.table(gear or {}, "magic_item")),
            equipment_rules=(EquipmentRules.from_data(equipment_rules)
                             if equipment_rules else None),
            jobs=Pending(lambda _: _jobs(jobs)),
            memory_costs=(MemoryCosts.from_data(rows.get(experience, "memory_costs", dict))
                          if experience else None),
            study=Pending(lambda _: _study(experience)),
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
LAZY_PARTS = ("awards", "jobs", "combat", "creatures", "heights", "study")


def _awards(experience: Data | None) -> AwardTable | None:
    from tftmanager.rules.awards import AwardTable  # noqa: PLC0415 - built on first use

    if not experience or "awards" not in experience:
        return None
    return AwardTable.from_data(experience["awards"])


def _study(experience: Data | None) -> StudyRules | None:
    from tftmanager.rules.study_rules import StudyRules  # noqa: PLC0415 - built on first use

    return StudyRules.from_data(rows.get(experience, "study", dict)) if experience else None


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

    creatures = rows.keyed(creature_from_data(d) for d in rows.table(bestiary, "creature"))
    for creature in creatures.values():
        problems = template_problems(creature, library.weapons, library.armors,
                                     library.shields, library.races)
        if problems:
            raise RulesDataError(f"Creature '{creature.key}': " + ", ".join(problems))
    return creatures


def _heights(injury: Data) -> HeightChart:
    from tftmanager.rules.heights import HeightChart  # noqa: PLC0415 - built on first use

    return HeightChart.from_data(injury.get("heights", {}))
