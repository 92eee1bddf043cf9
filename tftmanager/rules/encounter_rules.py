"""The numbers of a fight that are rules data: to-hit results, when a figure falls, and more.

Read from ``[to_hit]``, ``[fallen]``, ``[critical]``, ``[knockdown]``,
``[falls]``, ``[limits]``, ``[flesh_spells]`` and ``[practice]`` of
``injury.toml`` (Melee, the house rules and Three Dimensional TFT) so a GM's
house rule is an edit of the library, not of the code.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tftmanager.rules.encounter_options import FightOption, options_from_data
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.records import Record


class HitResult(enum.Enum):
    """What a roll to hit did."""

    MISS = "miss"
    HIT = "hit"
    DOUBLE = "double"      # Melee: a roll of 4, double damage
    TRIPLE = "triple"      # Melee: a roll of 3, triple damage
    DROPPED = "dropped"    # a 17: misses and drops the weapon
    BROKEN = "broken"      # an 18: misses and breaks the weapon

    @property
    def hits(self) -> bool:
        """Whether the attack struck."""
        return self in (HitResult.HIT, HitResult.DOUBLE, HitResult.TRIPLE)

    @property
    def multiplier(self) -> int:
        """Melee's damage multiple (the house option uses it to ignore armor instead)."""
        return {HitResult.DOUBLE: 2, HitResult.TRIPLE: 3}.get(self, 1)


@dataclass(frozen=True, eq=False, repr=False)
class CriticalRules(Record):
    """The house rules' double and triple damage (004): which protections count, and how."""

    ignored: tuple[str, ...]
    full: tuple[str, ...]
    halved: tuple[str, ...]
    halved_divisor: int
    triple_extra_dice: int
    reroll_on: int

    def stops(self, kind: str, stops: int) -> int:
        """What a protection of this kind stops of a double or triple blow."""
        if kind in self.ignored:
            return 0
        if kind in self.halved:
            return stops // self.halved_divisor
        return stops

    def rerolls(self, kinds: Sequence[str]) -> bool:
        """A foe with no armor or shield (or just Warrior or Veteran): reroll the 1s."""
        return not any(k in self.ignored or k in self.halved for k in kinds)


@dataclass(frozen=True, eq=False, repr=False)
class KnockdownRules(Record):
    """The house rules' extra knockdowns (004, Knockdown): dice of the 3d/ST roll, if any."""

    strong_attacker: tuple[tuple[int, int], ...]  # (attacker ST from, dice), ascending
    heavy_blow_dice: int
    heavy_blow_more_than: tuple[int, ...]
    heavy_blow_step: int
    against_dx_talents: tuple[str, ...] = ()  # Acrobatics: these rolls may be made against adjDX

    def for_attacker(self, attacker_st: int) -> int:
        """Dice to roll against ST when struck by an attacker this strong (0: none)."""
        dice = 0
        for st, count in self.strong_attacker:
            if attacker_st >= st:
                dice = count
        return dice

    def for_blow(self, damage: int, target_st: int) -> int:
        """Dice when a blow does more damage before armor than the target's ST (0: none).

        One more die past each of ``heavy_blow_more_than`` and then every
        ``heavy_blow_step`` further points ("etc.", our reading).
        """
        if damage <= target_st:
            return 0
        dice = self.heavy_blow_dice
        marks = list(self.heavy_blow_more_than)
        while marks and damage > marks[0]:
            dice += 1
            last = marks.pop(0)
            if not marks and self.heavy_blow_step > 0:
                marks.append(last + self.heavy_blow_step)
        return dice


@dataclass(frozen=True, eq=False, repr=False)
class FallRules(Record):
    """Falling (000): the saving roll, the die it takes off, and what armor stops."""

    save_dice: int
    save_takes_off: int
    armor_max: int
    stopped_by: tuple[str, ...]
    most_dice: int


@dataclass(frozen=True, eq=False, repr=False)
class FleshSpell(Record):
    """A spell that makes the subject's own body stop hits (Stone Flesh, Iron Flesh)."""

    key: str
    name: str
    stops: int


@dataclass(frozen=True, eq=False, repr=False)
class PracticeRules(Record):
    """Melee's practice combat: blunted weapons' damage divisor, and the ST that drops out."""

    damage_divisor: int
    out_st: int


@dataclass(frozen=True, eq=False, repr=False)
class Limits(Record):
    """The largest blow and ST spent a fight accepts (typing slips are refused)."""

    most_hits: int
    most_st_spent: int
    most_attribute: int
    least: Mapping[str, int]  # the least ST, DX, IQ and MA a figure typed in may have
    most_seed: int

    def attribute_refusal(self, label: str, value: object) -> str:
        """Why a typed-in figure's ST, DX, IQ or MA cannot be used, or ""."""
        low = self.least[label.lower()]
        if isinstance(value, bool) or not isinstance(value, int) \
                or not low <= value <= self.most_attribute:
            return f"{label} must be a whole number from {low} to {self.most_attribute}."
        return ""

    def seed_refusal(self, seed: object) -> str:
        """Why an encounter's seed cannot be used, or ""."""
        if isinstance(seed, bool) or not isinstance(seed, int) \
                or not 0 <= seed <= self.most_seed:
            return f"The seed must be a whole number from 0 to {self.most_seed}."
        return ""


@dataclass(frozen=True, eq=False, repr=False)
class HthRules(Record):
    """Hand-to-hand combat (Melee): the +4, the weapons and bare hands, the defender's die."""

    dx_bonus: int
    weapons: Mapping[str, str]  # weapon key -> its damage in HTH
    bare_hands: Mapping[str, str]  # "stronger", "same", "weaker" (the enemy) -> damage
    defence: tuple[tuple[int, str], ...]  # (up to this die, what happens)
    draw_dagger_to: int  # (q): a die up to this draws the dagger
    disengage_superior_to: int  # (r): a die up to this frees a figure of higher DX, one foe
    disengage_to: int  # ... and anyone else

    def defence_for(self, die: int) -> str:
        """What the defender's die does to a HTH attempt."""
        return next(result for to, result in self.defence if die <= to)

    def bare(self, own_st: int, enemy_st: int) -> str:
        """Bare hands' damage against an enemy of this ST."""
        key = "stronger" if enemy_st > own_st else "same" if enemy_st == own_st else "weaker"
        return self.bare_hands[key]


@dataclass(frozen=True, eq=False, repr=False)
class CombatRules(Record):
    """To-hit automatic results, the ST at which a figure falls, and the fight's other numbers."""

    triple_on: int
    double_on: int
    always_hits_to: int
    always_misses_from: int
    drops_on: int
    breaks_on: int
    stopped_order: tuple[str, ...]
    unconscious_st: int
    dead_st: int
    many_dice_misses_from: int
    base_dice: int
    most_dice: int
    critical: CriticalRules
    knockdown: KnockdownRules
    falls: FallRules
    limits: Limits
    options: dict[str, FightOption]
    flesh_spells: dict[str, FleshSpell]
    practice: PracticeRules
    dx_penalty: int  # [melee] dx_penalty: DX next turn after dx_penalty_hits in a turn (-2)
    spared_in: tuple[str, ...]  # kinds of combat where the unconscious may not be slain
    pole_multiplier: int  # Melee's pole weapon in a charge: damage times this
    pole_house_extra: str  # the house rules': this much more damage ("1d+1")
    flee_free_dx: int  # a fleeing figure's foes' free attack: this DX more (004)
    many_dice_assumed: str  # the reading that five and six dice also miss on 20+
    hth: HthRules

    @classmethod
    def from_data(cls, injury_doc: Mapping[str, Any]) -> CombatRules:
        """Read ``[to_hit]`` and ``[fallen]`` of the injury document."""
        try:
            hit, fallen = injury_doc["to_hit"], injury_doc["fallen"]
            return cls(
                triple_on=int(hit["triple_on"]), double_on=int(hit["double_on"]),
                always_hits_to=int(hit["always_hits_to"]),
                always_misses_from=int(hit["always_misses_from"]),
                drops_on=int(hit["drops_on"]), breaks_on=int(hit["breaks_on"]),
                stopped_order=tuple(str(s) for s in hit["stopped_order"]),
                unconscious_st=int(fallen["unconscious_st"]),
                dead_st=int(fallen["dead_st"]),
                many_dice_misses_from=int(hit["many_dice_misses_from"]),
                base_dice=int(hit["dice"]), most_dice=int(hit["most_dice"]),
                critical=_critical(injury_doc["critical"]),
                knockdown=_knockdown(injury_doc["knockdown"]),
                falls=_falls(injury_doc["falls"]),
                limits=_limits(injury_doc["limits"]),
                options=options_from_data(injury_doc["options"]),
                flesh_spells=_flesh_spells(injury_doc["flesh_spells"]),
                practice=PracticeRules(int(injury_doc["practice"]["damage_divisor"]),
                                       int(injury_doc["practice"]["out_st"])),
                dx_penalty=int(injury_doc["melee"]["dx_penalty"]),
                spared_in=_kinds(fallen, "spared_in"),
                pole_multiplier=int(injury_doc["pole_charge"]["melee_multiplier"]),
                pole_house_extra=str(injury_doc["pole_charge"]["house_extra"]),
                flee_free_dx=int(injury_doc["flee"]["free_attack_dx"]),
                many_dice_assumed=str(hit["many_dice_assumed"]),
                hth=_hth(injury_doc["hth"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RulesDataError(f"Combat rules ([to_hit], [fallen], [critical], [knockdown], "
                                 f"[falls], [limits], [flesh_spells], [practice], [melee] in "
                                 f"injury) are malformed: {exc}") from exc

    def judge(self, roll: int, adj_dx: int, dice: int = 0) -> HitResult:
        """The result of rolling ``roll`` on ``dice`` dice against ``adj_dx``.

        The automatic results belong to the 3-dice roll; a dodged or defended
        attack (4 dice) has no automatic hits, and ``many_dice_misses_from``
        or more always misses (Melee line 425).
        """
        if dice in (0, self.base_dice):
            automatic = {self.triple_on: HitResult.TRIPLE, self.double_on: HitResult.DOUBLE,
                         self.drops_on: HitResult.DROPPED, self.breaks_on: HitResult.BROKEN}
            if roll in automatic:
                return automatic[roll]
            if roll <= self.always_hits_to:
                return HitResult.HIT
            if roll >= self.always_misses_from:
                return HitResult.MISS
        elif roll >= self.many_dice_misses_from:
            return HitResult.MISS
        return HitResult.HIT if roll <= adj_dx else HitResult.MISS

    def dice_refusal(self, dice: int) -> str:
        """Why a roll to hit cannot be made on this many dice, or "" (one place for the limits)."""
        if not isinstance(dice, bool) and dice in self.to_hit_dice:
            return ""
        return (f"A roll to hit is made on {self.base_dice} dice ({self.base_dice + 1} against "
                f"a dodge or defence, up to {self.most_dice} with Bladeturn).")

    @property
    def to_hit_dice(self) -> tuple[int, ...]:
        """The dice a roll to hit is made on: 3, one more per extra die (dodge, Bladeturn)."""
        return tuple(range(self.base_dice, self.most_dice + 1))

    def hit_limit_refusal(self, damage: int) -> str:
        """Why this many hits cannot be entered, or ""."""
        if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
            return f"Damage must be a whole number of hits, not '{damage}'."
        if damage > self.limits.most_hits:
            return (f"{damage} hits is more than any blow ({self.limits.most_hits} at most); "
                    f"check the number.")
        return ""


def _limits(doc: Mapping[str, Any]) -> Limits:
    return Limits(int(doc["most_hits"]), int(doc["most_st_spent"]), int(doc["most_attribute"]),
                  {str(k): int(v) for k, v in doc["least"].items()}, int(doc["most_seed"]))


def _hth(doc: Mapping[str, Any]) -> HthRules:
    return HthRules(int(doc["dx_bonus"]), {str(k): str(v) for k, v in doc["weapons"].items()},
                    {str(k): str(v) for k, v in doc["bare_hands"].items()},
                    tuple((int(r["to"]), str(r["result"])) for r in doc["defence"]),
                    int(doc["draw_dagger_to"]), int(doc["disengage_superior_to"]),
                    int(doc["disengage_to"]))


def _kinds(doc: Mapping[str, Any], name: str) -> tuple[str, ...]:
    return tuple(str(k) for k in doc[name])


def _critical(doc: Mapping[str, Any]) -> CriticalRules:
    return CriticalRules(_kinds(doc, "ignored"), _kinds(doc, "full"), _kinds(doc, "halved"),
                         int(doc["halved_divisor"]), int(doc["triple_extra_dice"]),
                         int(doc["reroll_on"]))


def _knockdown(doc: Mapping[str, Any]) -> KnockdownRules:
    strong = tuple(sorted((int(r["st"]), int(r["dice"])) for r in doc["strong_attacker"]))
    return KnockdownRules(strong, int(doc["heavy_blow_dice"]),
                          tuple(int(n) for n in doc["heavy_blow_more_than"]),
                          int(doc["heavy_blow_step"]), _kinds(doc, "against_dx_talents"))


def _falls(doc: Mapping[str, Any]) -> FallRules:
    return FallRules(int(doc["save_dice"]), int(doc["save_takes_off"]), int(doc["armor_max"]),
                     _kinds(doc, "stopped_by"), int(doc["most_dice"]))


def _flesh_spells(doc: Mapping[str, Any]) -> dict[str, FleshSpell]:
    return {str(key): FleshSpell(str(key), str(row["name"]), int(row["stops"]))
            for key, row in doc.items() if isinstance(row, Mapping)}
