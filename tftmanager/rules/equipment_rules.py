"""Quality, wear, repair and carrying capacity, read from ``equipment_rules.toml``."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.equipment import Armor, Shield, Weapon
from tftmanager.rules.items import Mount, Quality
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class CarryBand(Record):
    """Loads up to ``max_times`` x ST cost this much MA and DX."""

    max_times: float
    ma: int
    dx: int


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"true or false was expected, not {value!r}")
    return value


@dataclass(frozen=True, eq=False, repr=False)
class EquipmentRules(Record):
    """The expansion's equipment rules as data."""

    fine_times: dict[tuple[int, int], int]
    fine_tags: frozenset[str]
    dx_only_tags: frozenset[str]
    damage_tag: str
    silver_times: int
    good_times: int
    armor_first: tuple[int, int, int]
    armor_second: tuple[int, int, int]
    default_shield_factor: int
    repair_fraction: float
    fine_repair_fraction: float
    bands: tuple[CarryBand, ...]
    walk_only_ma: int
    half_penalty_fatigue: int
    unarmored_ma: int  # a figure whose race the library lacks ([movement])
    fine_breaks_on: dict[int, int]  # [breaking] fine: damage bonus -> lowest face that breaks
    good_breaks_on: int  # [breaking] good
    fine_damage_in_charge: bool  # [charge] fine_damage_counts

    @classmethod
    def from_data(cls, doc: Mapping[str, Any]) -> EquipmentRules:
        """Read the document; RulesDataError says what is malformed."""
        try:
            fine, wear, carrying = doc["fine"], doc["wear"], doc["carrying"]

            def tier(row: Mapping[str, Any]) -> tuple[int, int, int]:
                return int(row["base"]), int(row["per_stop"]), int(row["loss"])

            return cls(
                fine_times={(int(m["dx"]), int(m["damage"])): int(m["times"])
                            for m in fine["multipliers"]},
                fine_tags=frozenset(fine["allowed_tags"]),
                dx_only_tags=frozenset(fine.get("dx_only_tags", [])),
                damage_tag=str(fine["damage_needs_tag"]),
                silver_times=int(fine["silver_times"]),
                good_times=int(doc["good"]["times"]),
                armor_first=tier(wear["armor_first"]),
                armor_second=tier(wear["armor_second"]),
                default_shield_factor=int(wear["default_shield_factor"]),
                repair_fraction=float(wear["repair_fraction"]),
                fine_repair_fraction=float(wear["fine_repair_fraction"]),
                bands=tuple(sorted((CarryBand(float(b["max_times"]), int(b["ma"]), int(b["dx"]))
                                    for b in carrying["bands"]), key=lambda b: b.max_times)),
                walk_only_ma=int(carrying["walk_only_ma"]),
                half_penalty_fatigue=int(carrying["half_penalty_fatigue"]),
                unarmored_ma=int(doc["movement"]["unarmored_ma"]),
                fine_breaks_on={int(r["damage"]): int(r["breaks_on"])
                                for r in doc["breaking"]["fine"]},
                good_breaks_on=int(doc["breaking"]["good"]),
                fine_damage_in_charge=_flag(doc["charge"]["fine_damage_counts"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Equipment rules are malformed: {exc}") from exc

    # Quality

    def quality_refusal(self, weapon: Weapon, quality: Quality) -> str:
        """Why a weapon cannot be made this way ("" when it can)."""
        if quality.good and (quality.fine or quality.silver):
            return "A weapon is either good or fine, not both."
        if quality.silver and not quality.fine:
            return "Only fine weapons are made of silver."
        if not quality.fine:
            return ""
        if (quality.fine_dx, quality.fine_damage) not in self.fine_times:
            return (f"Fine weapons come with +1 DX, +1 or +2 damage, or both; not "
                    f"{quality.fine_dx:+d} DX and {quality.fine_damage:+d} damage.")
        if weapon.tags & self.dx_only_tags:
            if quality.fine_damage:
                return f"A {weapon.name.lower()} can only be made fine with +1 DX."
            return ""
        if not weapon.tags & self.fine_tags:
            return (f"Only axes, maces, hammers, swords and pole weapons can be made finely; "
                    f"not a {weapon.name.lower()}.")
        if quality.fine_damage and self.damage_tag not in weapon.tags:
            return f"Only bladed weapons can be made to do extra damage; not a {weapon.name}."
        return ""

    def breaks_on(self, quality: Quality) -> int | None:
        """When a normal weapon would break: the extra die's lowest face that breaks this one.

        None for an ordinary weapon (it simply breaks).  001 lines 393-402.
        """
        if quality.good:
            return self.good_breaks_on
        if quality.fine:
            return self.fine_breaks_on[quality.fine_damage]
        return None

    def charge_damage_bonus(self, quality: Quality) -> int:
        """A fine pole weapon's extra damage that counts in a charge (004 line 15: none)."""
        return quality.fine_damage if self.fine_damage_in_charge else 0

    def weapon_price(self, weapon: Weapon, quality: Quality) -> int:
        """Base price times the quality's multiplier (silver doubles a fine price)."""
        if quality.good:
            return weapon.cost * self.good_times
        if not quality.fine:
            return weapon.cost
        times = self.fine_times[(quality.fine_dx, quality.fine_damage)]
        return weapon.cost * times * (self.silver_times if quality.silver else 1)

    # Wear

    def armor_condition(self, armor: Armor, hits_taken: int) -> Condition:
        """What a worn armor stops now, and its state in words."""
        loss = 0
        for base, per_stop, tier_loss in (self.armor_first, self.armor_second):
            if hits_taken >= base + per_stop * armor.stops:
                loss = tier_loss
        stops = max(0, armor.stops - loss)
        if loss == 0:
            first = self.armor_first[0] + self.armor_first[1] * armor.stops
            return Condition(stops, "sound", f"{first - hits_taken} more hits before it weakens")
        if loss == self.armor_first[2]:
            second = self.armor_second[0] + self.armor_second[1] * armor.stops
            return Condition(stops, "falling apart",
                             f"stops {loss} fewer; {second - hits_taken} more hits to very bad")
        return Condition(stops, "very bad shape", f"stops {loss} fewer")

    def shield_condition(self, shield: Shield, hits_taken: int) -> Condition:
        """A shield stops in full until it splits (then nothing)."""
        factor = shield.wear_factor or self.default_shield_factor
        limit = factor * shield.stops
        if hits_taken >= limit:
            return Condition(0, "split", "split asunder and useless", broken=True)
        return Condition(shield.stops, "sound", f"{limit - hits_taken} more hits before it splits")

    def repair_refusal(self, item: Armor | Shield) -> str:
        """Why an armor or shield cannot be repaired ("" when it can)."""
        if item.metal:
            return ""
        what = "Shields that are not metal" if isinstance(item, Shield) else f"{item.name}"
        return f"{what} cannot be repaired; only metal armor and metal shields can."

    def repair_cost(self, item: Armor | Shield) -> int:
        """20% of the new price (10% for fine armor), rounded up to whole dollars."""
        fraction = self.fine_repair_fraction if getattr(item, "fine", False) \
            else self.repair_fraction
        return math.ceil(round(item.cost * fraction, 6))

    # Mounts

    def most_carried_kg(self, mount: Mount) -> float | None:
        """The most a mount carries at all (at a walk): ST times the last band's limit."""
        return mount.st * self.bands[-1].max_times if self.bands else None

    def mount_movement(self, mount: Mount, load_kg: float) -> MountMove:
        """MA and DX under a load, and the half-penalty option (more fatigue)."""
        times = load_kg / mount.st if mount.st > 0 else math.inf
        if load_kg <= 0:
            return MountMove(times, mount.ma, mount.dx, 0, mount.ma, mount.dx, 0, False,
                             load_kg=load_kg)
        band = next((b for b in self.bands if times <= b.max_times), None)
        # "A mount may carry STx7.5 or more, but only at a walk": the limit itself walks.
        walk_only = band is None or times >= self.bands[-1].max_times
        if band is None:
            band = self.bands[-1]
        over_fatigue = 0
        if walk_only:
            over = load_kg - band.max_times * mount.st
            over_fatigue = math.ceil(over / math.ceil(mount.st / 2))
        ma = max(0, mount.ma + band.ma)
        half_ma = max(0, mount.ma + math.ceil(band.ma / 2))
        return MountMove(
            times=times, ma=ma, adj_dx=mount.dx + band.dx, fatigue=over_fatigue,
            half_ma=half_ma, half_adj_dx=mount.dx + band.dx,
            half_fatigue=over_fatigue + self.half_penalty_fatigue, walk_only=walk_only,
            walk_ma=self.walk_only_ma, load_kg=load_kg)


@dataclass(frozen=True, eq=False, repr=False)
class Condition(Record):
    """An armor's or shield's state from its wear."""

    stops: int
    state: str
    detail: str
    broken: bool = False


@dataclass(frozen=True, eq=False, repr=False)
class MountMove(Record):
    """How a loaded mount moves.

    ``fatigue`` is taken each turn it moves at ``ma`` (only when overloaded);
    ``half_ma`` is the half-penalty option at ``half_fatigue`` a turn.  An
    overloaded mount (``walk_only``) walks at ``walk_ma`` without fatigue.
    """

    times: float
    ma: int
    adj_dx: int
    fatigue: int
    half_ma: int
    half_adj_dx: int
    half_fatigue: int
    walk_only: bool
    walk_ma: int = 4
    load_kg: float = 0.0
