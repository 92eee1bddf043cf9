"""The checks and rolls of one attack: rates of fire, order, damage and knockdowns.

Melee's bows fire a second arrow only after every first attack (003 line
100), crossbows every 2nd or 3rd turn (003 line 303), attacks go in adjDX
order; the house rules' double and triple damage (004) count talents in full
and natural armor by half and reroll 1s against the unarmored, and their
knockdowns call for a roll against ST.  Each is a function over figures, so
``rules.encounter`` stays the sequence of a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tftmanager.rules.dice import DamageDice
from tftmanager.rules.encounter_figure import Attack, EncounterRefused, Figure, Protection
from tftmanager.rules.encounter_order import RollFn
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.records import Record
from tftmanager.rules.settings import PoleCharge


def may_still_attack(fig: Figure, rules: CombatRules, turn: int) -> bool:
    """Able to attack, has not yet, and its option (if recorded) includes an attack.

    An option acted on instead of an attack (disengaging, drawing a dagger) takes
    the figure's place in the order as an attack would.
    """
    if fig.attacked_turn == turn or fig.may_attack(rules, turn):
        return False
    option = rules.options.get(fig.option)
    return option is None or option.attacks != "none" or option.acts


def check_second_shot(figures: Sequence[Figure], attacker: Figure, number: int,
                      rules: CombatRules, turn: int) -> None:
    """Melee's two arrows a turn, the second "AFTER all figures have made their first attack"."""
    arm = attacker.attacks[number]
    if not arm.missile or attacker.fired.get(arm.name) != turn:
        raise EncounterRefused(f"Only a missile weapon that fired this turn gets a second "
                               f"shot; {attacker.name} has not fired {arm.name} yet.")
    adj = attacker.adj_dx(number)
    if arm.twice_at_dx is None or adj < arm.twice_at_dx:
        need = f"only at adjDX {arm.twice_at_dx}+" if arm.twice_at_dx is not None else "never"
        raise EncounterRefused(f"{arm.name} fires twice a turn {need}; {attacker.name}'s "
                               f"adjDX is {adj}.")
    if arm.twice_at_st is not None and attacker.st < arm.twice_at_st:
        raise EncounterRefused(f"{arm.name} fires twice a turn only with adjDX "
                               f"{arm.twice_at_dx}+ and ST {arm.twice_at_st}+; {attacker.name}'s "
                               f"ST is {attacker.st}.")
    if attacker.shots_this_turn >= arm.fast_shots:
        raise EncounterRefused(f"{attacker.name} has fired {attacker.shots_this_turn} shots "
                               f"this turn; the {arm.name} fires {arm.fast_shots} at most.")
    waiting = [f.name for f in figures
               if f is not attacker and may_still_attack(f, rules, turn)]
    if waiting:
        raise EncounterRefused("Second shots come after every first attack; still to "
                               "attack: " + ", ".join(waiting) + ".")


def check_rate(attacker: Figure, number: int, turn: int) -> None:
    """A crossbow "Fires every other turn, or every turn if adjDX = 14+" (003's weapon table)."""
    arm = attacker.attacks[number]
    every = arm.turns_per_shot
    if arm.fast_turns_per_shot is not None and arm.fast_dx is not None \
            and attacker.adj_dx(number) >= arm.fast_dx:
        every = arm.fast_turns_per_shot
    last = attacker.fired.get(arm.name)
    if last is not None and turn - last < every:
        raise EncounterRefused(f"The {arm.name} fires every {_nth(every)} turn "
                               f"({attacker.name}'s adjDX {attacker.adj_dx(number)}); it fired "
                               f"in turn {last}, so next in turn {last + every}.")


def order_warning(figures: Sequence[Figure], attack_order: Sequence[str], attacker: Figure,
                  adj: int, rules: CombatRules, turn: int) -> str:
    """A line when higher-adjDX figures have yet to attack (Melee: "highest first"), else ""."""
    if attack_order and attacker.fid in attack_order:
        place = attack_order.index(attacker.fid)
        ahead = [f for f in figures if f.fid in attack_order[:place]]
    else:
        ahead = [f for f in figures if f.adj_dx() > adj]
    before = [f"{f.name} ({f.adj_dx()})" for f in ahead
              if f is not attacker and may_still_attack(f, rules, turn)]
    if not before:
        return ""
    return (f"Out of order: {attacker.name} (adjDX {adj}) attacks before "
            + ", ".join(before) + "; Melee: attacks go highest adjDX first.")


@dataclass(frozen=True, eq=False, repr=False)
class Damage(Record):
    """A blow's damage as rolled, and how the target's protections count against it."""

    hits: int
    line: str
    critical: bool  # the house rules' double or triple: protections by [critical]


def roll_damage(attacker: Figure, arm: Attack, target: Figure, result: HitResult,
                roll: RollFn, rules: CombatRules, house: bool) -> Damage:
    """Roll the weapon's dice; Melee multiplies a double or triple, the house rules do not."""
    try:
        dice = DamageDice.parse(arm.damage)
    except ValueError as exc:
        raise EncounterRefused(f"{arm.name}: {exc}") from exc
    critical = house and result.multiplier > 1
    if critical and rules.critical.rerolls([p.kind for p in target.protections]):
        rolled, rerolls = _rerolling(dice.count, roll, f"{attacker.name}'s damage ({dice})",
                                     rules.critical.reroll_on)
    else:
        rolled, rerolls = roll(dice.count, f"{attacker.name}'s damage ({dice})"), 0
    damage = max(0, rolled + dice.plus)
    line = f"{dice} rolls {rolled}: {damage}" + (f" ({rerolls} 1s rolled again)"
                                                 if rerolls else "")
    if result.multiplier > 1 and not house:
        damage *= result.multiplier
        line = f"{dice} rolls {rolled}: {rolled + dice.plus} x{result.multiplier} = {damage}"
    elif critical:
        line += ", armor and shield ignored"
        if result is HitResult.TRIPLE:
            extra = roll(rules.critical.triple_extra_dice, f"{attacker.name}'s extra die")
            damage += extra
            line += f", +{rules.critical.triple_extra_dice}d rolls {extra}: {damage}"
    return Damage(damage, line, critical)


def _rerolling(count: int, roll: RollFn, what: str, reroll_on: int) -> tuple[int, int]:
    """Each die on its own, a ``reroll_on`` rolled again until it is not (004)."""
    total = rerolls = 0
    for n in range(1, count + 1):
        value = roll(1, f"{what}, die {n}")
        while value == reroll_on:
            rerolls += 1
            value = roll(1, f"{what}, die {n} again")
        total += value
    return total, rerolls


def critical_stops(rules: CombatRules) -> Callable[[Protection], int]:
    """What each protection stops of a house-rules double or triple blow."""
    def stops(item: Protection) -> int:
        return rules.critical.stops(item.kind, item.stops)
    return stops


def knockdown_dice(attacker: Figure | None, damage: int, target_st: int,
                   rules: CombatRules) -> int:
    """The house rules' 3d/ST roll against being knocked down (0: none called for).

    An attacker of ST 30 or more, or a blow of more damage before armor than
    the target's ST before it (004, Knockdown); the larger number of dice counts.
    """
    strong = rules.knockdown.for_attacker(attacker.st) if attacker is not None else 0
    return max(strong, rules.knockdown.for_blow(damage, target_st))


def knockdown_against(target: Figure) -> tuple[int, str]:
    """What the house rules' knockdown roll is made against, and how the log says it.

    ST; with Acrobatics "against their adjDX instead of their ST if they so
    choose" (004): the figure chooses before the dice, and the higher number
    always does better, so the higher is taken.
    """
    dx = target.body_dx()
    if target.acrobatics and dx > target.current_st:
        return dx, f"adjDX {dx} (Acrobatics)"
    return target.current_st, f"ST {target.current_st}"


def charging(attacker: Figure, target: Figure, rules: CombatRules) -> bool:
    """A charge attack with a pole weapon, or a pole weapon against a charging enemy (003)."""
    return any((option := rules.options.get(fig.option)) is not None and option.charges
               for fig in (attacker, target))


def pole_charge(hits: int, reading: str, roll: RollFn, rules: CombatRules,
                who: str) -> tuple[int, str]:
    """A pole weapon's charge damage: Melee doubles it, the house rules add 1d+1 (004)."""
    if reading == PoleCharge.MELEE_DOUBLE.value:
        more = hits * rules.pole_multiplier
        return more, (f"Pole weapon in a charge: {hits} x{rules.pole_multiplier} = {more} "
                      f"(Melee).")
    extra = DamageDice.parse(rules.pole_house_extra)
    rolled = roll(extra.count, f"{who}'s pole weapon in a charge (+{extra})")
    more = hits + max(0, rolled + extra.plus)
    return more, f"Pole weapon in a charge: +{extra} rolls {rolled}: {more} (house rules, 004)."


def _nth(n: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(n, f"{n}th")
