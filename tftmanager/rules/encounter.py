"""A fight at the table, turn by turn, as Melee runs it (003, "Each turn goes through...").

The encounter holds its figures and sides, the turn, the movement order the
initiative (two sides) or the free-for-all roll-off (three or more, 002) gave,
the attack order by adjusted DX, and a log of every roll and change.  It is
plain data (``to_dict``/``from_dict``) so a fight in progress is saved in the
campaign and resumes later; the application wraps each change in an operation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tftmanager.rules.encounter_blows import (
    charging,
    check_rate,
    check_second_shot,
    critical_stops,
    knockdown_against,
    knockdown_dice,
    may_still_attack,
    order_warning,
    pole_charge,
    roll_damage,
)
from tftmanager.rules.encounter_figure import (
    Attack,
    Condition,
    EncounterRefused,
    Figure,
    Protection,
    SavedDefaults,
    fall_dice,
)
from tftmanager.rules.encounter_hth import (
    BOTH_DOWN,
    COUNTER,
    DAGGER,
    REPELLED,
    defend,
    drop_for_hth,
    hth_weapon,
)
from tftmanager.rules.encounter_options import find_option
from tftmanager.rules.encounter_order import (
    RollFn,
    attack_order,
    choose_first,
    roll_off,
    two_side_initiative,
)
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.encounter_weapons import (
    lose,
    lost_entry,
    must_drop,
    nothing_ready,
    ready_arm,
    sling_for_two_hands,
    take_up,
    weapon_refusal,
)
from tftmanager.rules.option_references import cited
from tftmanager.rules.settings import CriticalHits, ManySides, PoleCharge
from tftmanager.rules.text import count

__all__ = ["Encounter", "EncounterRefused"]

READY_OPTION = "e"  # Melee's (e) READY NEW WEAPON: what readying a weapon counts as


@dataclass
class Encounter:
    """One fight in progress (or ended)."""

    name: str
    figures: list[Figure] = field(default_factory=list)
    turn: int = 1
    order: list[str] = field(default_factory=list)  # sides, in movement order this turn
    went_last: str = ""
    attack_order: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    critical_hits: str = CriticalHits.MELEE_MULTIPLY.value
    three_d: bool = False
    combat: str = "death"
    seed: int = 0
    rolls_made: int = 0
    ended: bool = False
    shield_first: bool = False  # the campaign's option: the shield takes a partial hit first
    fatigue_kills: bool = False  # the campaign's option: fatigue at 0 ST counts as wounds
    many_sides: str = ManySides.ROLL_OFF.value  # initiative with three or more sides
    pole_charge: str = PoleCharge.MELEE_DOUBLE.value  # a pole weapon in a charge: x2 or +1d+1
    house_knockdowns: bool = False  # 004's knockdowns, with the house reactions to injury

    # ------------------------------------------------------------ figures
    @property
    def sides(self) -> list[str]:
        """Sides in the order their first figure joined."""
        seen: list[str] = []
        for fig in self.figures:
            if fig.side not in seen:
                seen.append(fig.side)
        return seen

    def figure(self, ref: str) -> Figure:
        """A figure by id, full name, or a unique prefix of its name (any case)."""
        for fig in self.figures:
            if ref in (fig.fid, fig.name):
                return fig
        low = ref.strip().lower()
        found = [f for f in self.figures if f.name.lower().startswith(low)] if low else []
        if len(found) == 1:
            return found[0]
        if found:
            raise EncounterRefused(f"'{ref}' could be " + " or ".join(f.name for f in found) + ".")
        raise EncounterRefused(f"No figure '{ref}' in {self.name}.")

    def add(self, figure: Figure) -> Figure:
        """Join a figure to a side; ids are F1, F2... and names stay unique."""
        self._open()
        if not figure.side.strip():
            raise EncounterRefused(f"{figure.name} needs a side.")
        if any(f.name == figure.name for f in self.figures):
            raise EncounterRefused(f"There is already a {figure.name}; give this one another name.")
        used = {f.fid for f in self.figures}
        n = len(self.figures) + 1
        while f"F{n}" in used:
            n += 1
        figure.fid = f"F{n}"
        figure.fatigue_kills = self.fatigue_kills
        self.figures.append(figure)
        self.note(f"{figure.name} joins {figure.side} (ST {figure.st}, adjDX {figure.dx}, "
                  f"stops {figure.stops}).")
        for line in sling_for_two_hands(figure):
            self.note(line)
        return figure

    def note(self, line: str) -> None:
        """Add a line to the log, marked with the turn."""
        self.log.append(f"Turn {self.turn}: {line}")

    def _open(self) -> None:
        if self.ended:
            raise EncounterRefused(f"{self.name} has already ended.")

    # ------------------------------------------------------------ turn order
    def standing_sides(self, rules: CombatRules) -> list[str]:
        """Sides with a figure still in the fight (not out, not fled)."""
        return [s for s in self.sides
                if any(f.side == s and not f.fled and not f.condition(rules, self.turn).out
                       for f in self.figures)]

    def _roll_off(self, count: int) -> bool:
        return count > 2 and self.many_sides == ManySides.ROLL_OFF.value

    def roll_initiative(self, roll: RollFn, rules: CombatRules, first: str = "") -> list[str]:
        """Stage (1): a die per side (Melee), or the free-for-all roll-off (002, three or more).

        Only sides with a figure still standing roll.  ``first`` is the
        winner's choice of who moves first, checked before any die is rolled.
        """
        self._open()
        sides = self.standing_sides(rules)
        if len(sides) < 2:
            raise EncounterRefused("A fight needs figures standing on at least two sides.")
        if first:
            self._check_first(first, sides)
        if self._roll_off(len(sides)):
            result = roll_off(sides, roll, self.went_last or None)
        else:
            result = two_side_initiative(sides, roll)
        self.order = list(result.order)
        for line in result.log:
            self.note(line)
        if len(sides) > 2:  # the campaign's reading of who moves first, and where it is
            self.note("Initiative for three or more sides: " + (
                "the free-for-all roll-off" if self._roll_off(len(sides)) else "Melee's rule")
                + cited("many_sides", ManySides(self.many_sides)) + ".")
        if first:
            self.choose_first(first, rules)
        return self.order

    def _check_first(self, side: str, sides: list[str]) -> None:
        if self._roll_off(len(sides)):
            raise EncounterRefused("With three or more sides the free-for-all roll-off decides "
                                   "who moves first (the campaign's option); no side chooses.")
        if side not in sides:
            known = side in self.sides
            raise EncounterRefused(f"'{side}' " + ("has no figure standing." if known else
                                                   "is not a side in this fight."))

    def choose_first(self, side: str, rules: CombatRules) -> None:
        """The initiative winner's choice of who moves first."""
        self._open()
        if not self.order:
            raise EncounterRefused("Roll the initiative first.")
        self._check_first(side, self.order)
        self.order = list(choose_first(self.order, side))
        self.note(f"{side} moves first.")

    def order_attacks(self, roll: RollFn, rules: CombatRules) -> list[str]:
        """Stage (4): figures able to attack, by adjusted DX, ties by a die each turn."""
        self._open()
        able = [(f.fid, f.name, f.adj_dx()) for f in self.figures
                if may_still_attack(f, rules, self.turn) or f.attacked_turn == self.turn]
        result = attack_order(able, roll)
        self.attack_order = list(result.order)
        for line in result.log:
            self.note(line)
        return self.attack_order

    def next_turn(self) -> None:
        """End the turn: last turn's hits set the -2 DX, the last side to move is noted."""
        self._open()
        if self.order:
            self.went_last = self.order[-1]
        for fig in self.figures:
            arm = must_drop(fig, self.turn)
            if arm is not None:
                lose(fig, arm, "")
                self.note(f"{fig.name} drops the {arm.held}: after one last shot \"The missile "
                          f"weapon MUST be dropped next turn\" (Melee, option (j)).")
            fig.next_turn()
        self.turn += 1
        self.order = []
        self.attack_order = []
        self.note("begins.")

    # ------------------------------------------------------------ options
    def choose_option(self, ref: str, key: str, rules: CombatRules) -> str:
        """Record the figure's option this turn (Melee's list); returns its name."""
        self._open()
        fig = self.figure(ref)
        option = find_option(rules.options, key)
        if option is None:
            raise EncounterRefused(f"'{key}' is not one of Melee's options: "
                                   + ", ".join(rules.options) + ".")
        state = fig.condition(rules, self.turn)
        if state.out or fig.fled:
            raise EncounterRefused(f"{fig.name} is {'gone' if fig.fled else state.value} "
                                   f"and takes no option.")
        if fig.down and not option.stands:
            raise EncounterRefused(f"{fig.name} is on the ground and may do nothing but stand "
                                   f"up this turn: \"A figure MUST take a turn to stand up "
                                   f"before attacking\" (Melee).")
        if fig.attacked_turn == self.turn:
            raise EncounterRefused(f"{fig.name} has already acted this turn.")
        ready = fig.attacks[fig.ready] if 0 <= fig.ready < len(fig.attacks) else None
        if option.needs and (ready is None or ready.missile != (option.needs == "missile")):
            kind = "a missile weapon" if option.needs == "missile" else "a non-missile weapon"
            raise EncounterRefused(f"{option.name} needs {kind} ready; {fig.name}'s ready "
                                   f"weapon is {ready.name if ready else 'none'}.")
        fig.option = option.key
        self.note(f"{fig.name} chooses {option.name} ({', '.join(option.letters)}).")
        if option.stands and fig.down:
            fig.down = False
            self.note(f"{fig.name} stands up; no other action this turn.")
        return option.name

    def ready(self, ref: str, weapon: int, rules: CombatRules) -> None:
        """Ready a weapon (Melee's (e), (k), (o)): it takes the turn, and is used on the next.

        A dropped or thrown weapon is picked up, a broken one cannot be; the
        figure's option this turn becomes (e) (no attack), and a bow that
        fired one last shot last turn is dropped first.
        """
        self._open()
        fig = self._able(ref, rules)
        arm = self._weapon(fig, weapon)
        if lost_entry(fig, arm).endswith("(broken)"):
            raise EncounterRefused(f"{fig.name}'s {arm.held} is broken.")
        held = ready_arm(fig)
        if held is not None and held.held == arm.held:
            raise EncounterRefused(f"{fig.name}'s {arm.held} is already ready.")
        self.choose_option(ref, READY_OPTION, rules)
        last = must_drop(fig, self.turn)
        if last is not None:
            lose(fig, last, "")
            self.note(f"{fig.name} drops the {last.held} (one last shot last turn).")
        said = take_up(fig, weapon, self.turn)
        self.note(f"{fig.name} readies the {arm.held}" + "".join(f"; {s}" for s in said)
                  + "; it can be used next turn.")

    def hold(self, ref: str, rules: CombatRules) -> None:
        """The figure makes no attack this turn, though its option allowed one."""
        self._open()
        fig = self._able(ref, rules)
        if fig.attacked_turn == self.turn:
            raise EncounterRefused(f"{fig.name} has already attacked this turn.")
        fig.attacked_turn = self.turn
        self.note(f"{fig.name} makes no attack this turn.")

    def _able(self, ref: str, rules: CombatRules) -> Figure:
        """The figure named, still in the fight: one out or gone does nothing (Melee line 441)."""
        fig = self.figure(ref)
        state = fig.condition(rules, self.turn)
        if fig.fled:
            raise EncounterRefused(f"{fig.name} has fled the fight.")
        if state.out:
            raise EncounterRefused(f"{fig.name} is {state.value} and can do nothing.")
        return fig

    def flee(self, ref: str, rules: CombatRules) -> None:
        """The figure leaves the fight (the arena's door): it counts as defeated, unhurt or not.

        Its option is gone with it (no defence's extra die), and each foe may
        take "one free atack at +4 DX" at it this turn (004, Fleeing).
        """
        self._open()
        fig = self._able(ref, rules)
        fig.fled, fig.fled_turn, fig.option = True, self.turn, ""
        self.note(f"{fig.name} flees" + (" unhurt" if not fig.wounds else
                                         f" with {fig.wounds} hits")
                  + f"; each foe may take one free attack at +{rules.flee_free_dx} DX "
                    f"this turn (004).")

    # ------------------------------------------------------------ blows
    def attack(self, attacker_ref: str, target_ref: str, roll: RollFn, rules: CombatRules,
               *, dice: int = 0, weapon: int | None = None,
               second_shot: bool = False) -> HitResult:
        """Roll to hit with one of the attacker's weapons and, on a hit, roll its damage.

        ``dice`` 0 rolls 3, or 4 when the target dodges or defends against
        this sort of attack (its recorded option).
        """
        free = self.figure(target_ref).fled
        attacker, target = self._blow(attacker_ref, target_ref, rules, second_shot or free)
        if free:
            self._free_attack(attacker, target)
        option = None if free else rules.options.get(attacker.option)
        if option is not None and option.hth:
            return self._hand_to_hand(attacker, target, weapon, roll, rules)
        number = attacker.ready if weapon is None else weapon
        if number == -1:
            raise EncounterRefused(nothing_ready(attacker))
        arm = self._weapon(attacker, number)
        if self.practice and arm.missile:
            raise EncounterRefused(f"Practice combat has no missile weapons (Melee): "
                                   f"{attacker.name} cannot use the {arm.name}.")
        why = option.refusal(attacker.name, arm.name, arm.missile) if option else ""
        if why:
            raise EncounterRefused(why)
        if second_shot and option is not None and option.one_shot:
            raise EncounterRefused(f"{attacker.name} chose {option.name}: one last shot, "
                                   f"no second (Melee, option (j)).")
        if second_shot:
            check_second_shot(self.figures, attacker, number, rules, self.turn)
        why = weapon_refusal(attacker, arm, self.turn)
        if why:
            raise EncounterRefused(why)
        guard = rules.options.get(target.option)
        guarded = guard is not None and guard.guarded(arm.missile or arm.thrown)
        dice = dice or rules.base_dice + (1 if guarded else 0)
        if rules.dice_refusal(dice):
            raise EncounterRefused(rules.dice_refusal(dice))
        if not second_shot:
            check_rate(attacker, number, self.turn)
        adj = attacker.adj_dx(number) + target.dx_against + (rules.flee_free_dx if free else 0)
        warning = "" if second_shot or free else order_warning(
            self.figures, self.attack_order, attacker, attacker.adj_dx(number), rules, self.turn)
        to_hit = roll(dice, f"{attacker.name} to hit {target.name}")
        result = rules.judge(to_hit, adj, dice)
        if warning:
            self.note(warning)
        if free:
            target.free_attacked.append(attacker.fid)
        else:
            attacker.attacked_turn = self.turn
        if option is not None and option.one_shot:
            attacker.last_shot_turn = self.turn
        attacker.fired[arm.name] = self.turn
        if arm.missile:
            attacker.missiles_spent += 1
            attacker.shots_this_turn += 1
        against = f" ({target.dx_against:+d} against {target.name})" if target.dx_against else ""
        self.note(f"{attacker.name} ({arm.name}) rolls {to_hit} on {_dice(dice)} against "
                  f"adjDX {adj}{against}: {_said(result)}.")
        if result in (HitResult.DROPPED, HitResult.BROKEN):
            lose(attacker, arm, result.value)
        elif arm.thrown:
            lose(attacker, arm, "thrown")
            self.note(f"The {arm.held} falls in {target.name}'s hex." if result.hits else
                      f"The {arm.held} flies past {target.name}.")
        if result.hits:
            house = self.critical_hits != CriticalHits.MELEE_MULTIPLY.value
            damage = roll_damage(attacker, arm, target, result, roll, rules, house)
            source = (cited("critical_hits", CriticalHits(self.critical_hits))
                      if house and result.multiplier > 1 else "")  # the house reading's page
            self.note(damage.line + source + ".")
            hits = damage.hits
            if arm.pole and charging(attacker, target, rules):
                hits, line = pole_charge(hits, self.pole_charge, roll, rules, attacker.name)
                self.note(line)
            self._apply(target, self._blunted(hits, rules), rules,
                        f"{attacker.name}'s {arm.name}",
                        stops=critical_stops(rules) if damage.critical else None,
                        attacker=attacker, roll=roll)
        return result

    def _hand_to_hand(self, attacker: Figure, target: Figure, weapon: int | None,
                      roll: RollFn, rules: CombatRules) -> HitResult:
        """Options (m) and (p): the defender's die on an attempt, then a blow at +4 (Melee)."""
        hth = rules.hth
        arm = hth_weapon(attacker, target, weapon, hth)
        attacker.attacked_turn = self.turn
        if not (attacker.in_hth and target.in_hth):
            die = roll(1, f"{target.name}'s defence against the HTH attack")
            result = hth.defence_for(die)
            self.note(f"{target.name} rolls {die} against the HTH attack: "
                      + _HTH_SAID[result] + " (Melee).")
            if result == COUNTER:
                self._counter(target, attacker, roll, rules)
            if result in (REPELLED, COUNTER):
                return HitResult.MISS
            for line in drop_for_hth(attacker, hth) + defend(target, result, self.turn, hth):
                self.note(line + ".")
            attacker.in_hth = target.in_hth = True
            arm = hth_weapon(attacker, target, None, hth)
        adj = attacker.body_dx() + hth.dx_bonus + target.dx_against
        to_hit = roll(rules.base_dice, f"{attacker.name} to hit {target.name} in HTH")
        result = rules.judge(to_hit, adj, rules.base_dice)
        self.note(f"{attacker.name} ({arm.name}) rolls {to_hit} on {_dice(rules.base_dice)} "
                  f"against adjDX {adj} (+{hth.dx_bonus} in HTH): {_said(result)}.")
        if result.hits:
            house = self.critical_hits != CriticalHits.MELEE_MULTIPLY.value
            damage = roll_damage(attacker, arm, target, result, roll, rules, house)
            self.note(damage.line + ".")
            self._apply(target, self._blunted(damage.hits, rules), rules,
                        f"{attacker.name}'s {arm.name}",
                        stops=critical_stops(rules) if damage.critical else None,
                        attacker=attacker, roll=roll)
        return result

    def _counter(self, defender: Figure, attacker: Figure, roll: RollFn,
                 rules: CombatRules) -> None:
        """A 6: the defender "AUTOMATICALLY gets a hit on the attacker" with its ready weapon."""
        arm = ready_arm(defender) or next((a for a in defender.attacks if a.natural), None)
        if arm is None:
            return
        damage = roll_damage(defender, arm, attacker, HitResult.HIT, roll, rules, False)
        self.note(damage.line + ".")
        self._apply(attacker, self._blunted(damage.hits, rules), rules,
                    f"{defender.name}'s {arm.held}", attacker=defender, roll=roll)

    @staticmethod
    def _weapon(fig: Figure, number: int) -> Attack:
        if isinstance(number, bool) or not 0 <= number < len(fig.attacks):
            raise EncounterRefused(f"{fig.name} has no weapon number {number + 1}.")
        return fig.attacks[number]

    def hit(self, target_ref: str, damage: int, rules: CombatRules, *, by: str = "",
            ignore_armor: bool = False, what: str = "", roll: RollFn | None = None) -> None:
        """Damage a blow did, as entered at the table; ``by`` marks the attacker's attack."""
        self._open()
        why = rules.hit_limit_refusal(damage)
        if why:
            raise EncounterRefused(why)
        attacker = None
        if by:
            attacker, target = self._blow(by, target_ref, rules, False)
            attacker.attacked_turn = self.turn
            source = f"{attacker.name}'s blow"
        else:
            target = self.figure(target_ref)
            source = what or "a blow"
        self._spare(target, rules)
        self._apply(target, self._blunted(damage, rules), rules, source,
                    stops=critical_stops(rules) if ignore_armor else None, attacker=attacker,
                    roll=roll)

    def _blow(self, attacker_ref: str, target_ref: str, rules: CombatRules,
              second_shot: bool) -> tuple[Figure, Figure]:
        self._open()
        attacker, target = self.figure(attacker_ref), self.figure(target_ref)
        if self.practice:
            for fig in (attacker, target):
                if fig.current_st <= rules.practice.out_st:
                    raise EncounterRefused(f"{fig.name} has dropped out of practice combat "
                                           f"(ST {fig.current_st}, {rules.practice.out_st} "
                                           f"or less).")
        why = attacker.may_attack(rules, self.turn)
        if why:
            raise EncounterRefused(why)
        if attacker.attacked_turn == self.turn and not second_shot:
            raise EncounterRefused(f"{attacker.name} has already attacked this turn.")
        if attacker is target:
            raise EncounterRefused(f"{attacker.name} cannot attack itself.")
        self._spare(target, rules)
        return attacker, target

    def _spare(self, target: Figure, rules: CombatRules) -> None:
        """ARENA COMBAT: "Unconscious figures may not be slain" (Melee line 487)."""
        if self.combat in rules.spared_in \
                and target.condition(rules, self.turn) is Condition.UNCONSCIOUS:
            raise EncounterRefused(f"{target.name} is unconscious: in {self.combat} combat "
                                   f"unconscious figures may not be slain (Melee).")

    def _free_attack(self, attacker: Figure, target: Figure) -> None:
        """A foe's one free attack on a figure fleeing this turn (004, Fleeing), or why not."""
        if target.fled_turn != self.turn:
            raise EncounterRefused(f"{target.name} has fled the fight.")
        if attacker.fid in target.free_attacked:
            raise EncounterRefused(f"{attacker.name} has had its one free attack on the fleeing "
                                   f"{target.name}.")
        self.note(f"{attacker.name} takes its free attack on the fleeing {target.name} (004).")

    @property
    def practice(self) -> bool:
        """Melee's practice combat: blunted weapons, no missiles, out at ST 3 or less."""
        return self.combat == "practice"

    def _blunted(self, damage: int, rules: CombatRules) -> int:
        """Practice weapons do "1/2 damage" (Melee; rounded down, which Melee leaves open)."""
        if not self.practice:
            return damage
        blunted = damage // rules.practice.damage_divisor
        self.note(f"Blunted practice weapon: {damage} hits become {blunted} "
                  f"(1/{rules.practice.damage_divisor} damage).")
        return blunted

    def _apply(self, target: Figure, damage: int, rules: CombatRules, source: str, *,
               stops: Callable[[Protection], int] | None = None, most: int | None = None,
               attacker: Figure | None = None, roll: RollFn | None = None) -> None:
        before = target.condition(rules, self.turn)
        st_before = target.current_st
        order = ("shield", "armor") if self.shield_first else ()
        out = target.take(damage, rules, self.turn, stops=stops, most=most, order=order)
        stopped = ", ".join(f"{name} {n}" for name, n in out.stopped)
        self.note(f"{source}: {damage} hits on {target.name}"
                  + (f"; stopped {out.stopped_total} ({stopped})" if stopped else "")
                  + f"; {out.taken} taken, ST {target.current_st} of {target.st}.")
        self._reactions(target, out.fell, before, out.condition)
        if self.house_knockdowns and roll is not None and not out.fell \
                and not out.condition.out:
            self._knockdown(target, attacker, damage, st_before, roll, rules)

    def _knockdown(self, target: Figure, attacker: Figure | None, damage: int,
                   st_before: int, roll: RollFn, rules: CombatRules) -> None:
        """004: a 3d/ST roll (more dice for stronger attackers and heavier blows) to stay up."""
        dice = knockdown_dice(attacker, damage, st_before, rules)
        if not dice:
            return
        against, said = knockdown_against(target)
        value = roll(dice, f"{target.name} against {said} to stay standing ({dice}d)")
        standing = value <= against
        if not standing:
            target.knock_down(self.turn)
        self.note(f"{target.name} rolls {value} on {_dice(dice)} against {said} and "
                  + ("stays standing." if standing else "is knocked down."))

    def _reactions(self, target: Figure, fell: bool, before: Condition,
                   after: Condition) -> None:
        if after.out:
            if after is not before:
                self.note(f"{target.name} is {after.value}.")
            return
        if target.hits_this_turn >= target.dx_penalty_hits:
            self.note(f"{target.name} has taken {target.hits_this_turn} hits this turn: "
                      f"DX {target.dx_penalty} next turn.")
        if fell:
            self.note(f"{target.name} falls down ({target.hits_this_turn} hits this turn).")

    def drop(self, ref: str, weapon: int, rules: CombatRules) -> None:
        """A weapon dropped to ready another (Melee: engaged figures must drop it)."""
        self._open()
        fig = self._able(ref, rules)
        arm = self._weapon(fig, weapon)
        if lost_entry(fig, arm):
            raise EncounterRefused(f"{fig.name} has already dropped the {arm.held}.")
        lose(fig, arm, "")
        self.note(f"{fig.name} drops the {arm.held}.")

    # ------------------------------------------------------------ ST spent, falls
    def spend_st(self, ref: str, amount: int, rules: CombatRules, what: str = "a spell") -> None:
        """ST a wizard spends on a spell: fatigue, kept apart from wounds."""
        self._open()
        fig = self.figure(ref)
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise EncounterRefused("ST spent must be 1 or more.")
        if amount > rules.limits.most_st_spent:
            raise EncounterRefused(f"{amount} ST is more than any spell costs "
                                   f"({rules.limits.most_st_spent} at most); check the number.")
        if fig.condition(rules, self.turn).out:
            raise EncounterRefused(f"{fig.name} is {fig.condition(rules, self.turn).value}.")
        fig.fatigue += amount
        self.note(f"{fig.name} spends {amount} ST on {what} (fatigue {fig.fatigue}); "
                  f"ST {fig.current_st} of {fig.st}.")
        after = fig.condition(rules, self.turn)
        if after.out:
            self.note(f"{fig.name} is {after.value}.")

    def fall(self, ref: str, tiles: int, roll: RollFn, rules: CombatRules) -> int:
        """Three-dimensional play: a fall of ``tiles`` tile heights (000, Jumping or Falling Down).

        A roll of 3 dice against adjDX takes a die off (and the figure lands
        standing); armor stops at most 2 points of it.
        """
        self._open()
        if not self.three_d:
            raise EncounterRefused("Falls need the campaign's three-dimensional option.")
        fig = self.figure(ref)
        if not fig.falls:
            raise EncounterRefused(f"{fig.name} has no Height on the chart.")
        if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 0:
            raise EncounterRefused(f"A fall is a whole number of tile heights, not '{tiles}'.")
        dice = fall_dice(fig.falls, tiles)
        if dice > rules.falls.most_dice:
            raise EncounterRefused(f"A fall of {tiles} tile heights would be {_dice(dice)}; "
                                   f"{rules.falls.most_dice} at most.")
        if dice == 0:
            self.note(f"{fig.name} drops {tiles} tile heights unhurt (H {fig.height}).")
            return 0
        saved = roll(rules.falls.save_dice, f"{fig.name} against adjDX to prepare for the fall")
        landed = saved <= fig.body_dx()
        dice -= rules.falls.save_takes_off if landed else 0
        if not landed:
            fig.down = True  # "falls prone": it stands up before it attacks again (003)
        self.note(f"{fig.name} rolls {saved} against adjDX {fig.body_dx()}: "
                  + (f"lands standing, {dice}d." if landed else "falls prone.")
                  + (" Horse and rider both take the fall (000)." if fig.mounted else ""))
        if dice <= 0:
            return 0
        damage = roll(dice, f"{fig.name}'s fall ({dice}d)")
        kinds = rules.falls.stopped_by
        self._apply(fig, damage, rules, f"A fall of {tiles} tile heights ({dice}d)",
                    stops=lambda p: p.stops if p.kind in kinds else 0,
                    most=rules.falls.armor_max)
        return damage

    # ------------------------------------------------------------ storage
    def to_dict(self) -> dict[str, Any]:
        """Plain values for the saved encounter."""
        data = {k: v for k, v in self.__dict__.items() if k != "figures"}
        data["figures"] = [f.to_dict() for f in self.figures]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], saved: SavedDefaults) -> Encounter:
        """Read a saved encounter (``saved``: the data's values for what an older save lacks)."""
        values = dict(data)
        values["figures"] = [Figure.from_dict(f, saved) for f in data.get("figures", [])]
        return cls(**values)


_HTH_SAID = {BOTH_DOWN: "it drops its weapon and shield and both fall into HTH",
             DAGGER: "it drops its weapon and shield, has time to ready a dagger, and both "
                     "fall into HTH",
             REPELLED: "the attacker backs off; no HTH",
             COUNTER: "it hits the attacker, who backs off; no HTH"}


def _said(result: HitResult) -> str:
    return {HitResult.MISS: "miss", HitResult.HIT: "hit",
            HitResult.DOUBLE: "hit, double damage", HitResult.TRIPLE: "hit, triple damage",
            HitResult.DROPPED: "miss, weapon dropped",
            HitResult.BROKEN: "miss, weapon broken"}[result]


def _dice(number: int) -> str:
    """"1 die", "3 dice": a roll as the GM says it."""
    return count(number, "die", "dice")

