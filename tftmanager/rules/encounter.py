"""A fight at the table, turn by turn, as Melee runs it (003, "Each turn goes through...").

The encounter holds its figures and sides, the turn, the movement order the
initiative (two sides) or the free-for-all roll-off (three or more, 002) gave,
the attack order by adjusted DX, and a log of every roll and change.  It is
plain data (``to_dict``/``from_dict``) so a fight in progress is saved in the
campaign and resumes later; the application wraps each change in an operation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tftmanager.refusal import Refusal
from tftmanager.rules.dice import DamageDice
from tftmanager.rules.encounter_figure import Attack, Condition, Figure, fall_dice
from tftmanager.rules.encounter_order import (
    RollFn,
    attack_order,
    choose_first,
    roll_off,
    two_side_initiative,
)
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.problems import RulesDataError
from tftmanager.rules.settings import CriticalHits


class EncounterRefused(Refusal, ValueError):
    """An action the fight does not allow; the message says why in the GM's words."""


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
        self.figures.append(figure)
        self.note(f"{figure.name} joins {figure.side} (ST {figure.st}, adjDX {figure.dx}, "
                  f"stops {figure.stops}).")
        return figure

    def note(self, line: str) -> None:
        """Add a line to the log, marked with the turn."""
        self.log.append(f"Turn {self.turn}: {line}")

    def _open(self) -> None:
        if self.ended:
            raise EncounterRefused(f"{self.name} has already ended.")

    # ------------------------------------------------------------ turn order
    def roll_initiative(self, roll: RollFn) -> list[str]:
        """Stage (1): a die per side (two sides) or the roll-off (three or more)."""
        self._open()
        sides = self.sides
        if len(sides) < 2:
            raise EncounterRefused("A fight needs figures on at least two sides.")
        if len(sides) == 2:
            result = two_side_initiative(sides, roll)
        else:
            result = roll_off(sides, roll, self.went_last or None)
        self.order = list(result.order)
        for line in result.log:
            self.note(line)
        return self.order

    def choose_first(self, side: str) -> None:
        """The initiative winner's choice of who moves first."""
        self._open()
        if not self.order:
            raise EncounterRefused("Roll the initiative first.")
        try:
            self.order = list(choose_first(self.order, side))
        except ValueError as exc:
            raise EncounterRefused(str(exc)) from exc
        self.note(f"{side} moves first.")

    def order_attacks(self, roll: RollFn, rules: CombatRules) -> list[str]:
        """Stage (4): figures able to attack, by adjusted DX, ties by a die each turn."""
        self._open()
        able = [(f.fid, f.name, f.adj_dx()) for f in self.figures
                if not f.may_attack(rules, self.turn)]
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
            fig.next_turn()
        self.turn += 1
        self.order = []
        self.attack_order = []
        self.note("begins.")

    # ------------------------------------------------------------ blows
    def attack(self, attacker_ref: str, target_ref: str, roll: RollFn, rules: CombatRules,
               *, dice: int = 3, weapon: int = 0, second_shot: bool = False) -> HitResult:
        """Roll to hit with one of the attacker's weapons and, on a hit, roll its damage."""
        attacker, target = self._blow(attacker_ref, target_ref, rules, second_shot)
        if not 0 <= weapon < len(attacker.attacks):
            raise EncounterRefused(f"{attacker.name} has no weapon number {weapon + 1}.")
        arm = attacker.attacks[weapon]
        if self.practice and arm.missile:
            raise EncounterRefused(f"Practice combat has no missile weapons (Melee): "
                                   f"{attacker.name} cannot use the {arm.name}.")
        if second_shot:
            self._check_second_shot(attacker, arm, rules)
        adj = attacker.adj_dx()
        to_hit = roll(dice, f"{attacker.name} to hit {target.name}")
        result = rules.judge(to_hit, adj, dice)
        self._attacked(attacker, arm, second_shot)
        self.note(f"{attacker.name} ({arm.name}) rolls {to_hit} on {dice} dice against "
                  f"adjDX {adj}: {_said(result)}.")
        if result in (HitResult.DROPPED, HitResult.BROKEN):
            attacker.dropped.append(f"{arm.name} ({result.value})")
        if result.hits:
            self._damage(attacker, arm, target, result, roll, rules)
        return result

    def hit(self, target_ref: str, damage: int, rules: CombatRules, *, by: str = "",
            ignore_armor: bool = False, what: str = "") -> None:
        """Damage a blow did, as entered at the table; ``by`` marks the attacker's attack."""
        self._open()
        if isinstance(damage, bool) or not isinstance(damage, int) or damage < 0:
            raise EncounterRefused(f"Damage must be a whole number of hits, not '{damage}'.")
        if by:
            attacker, target = self._blow(by, target_ref, rules, False)
            attacker.attacked_turn = self.turn
            source = f"{attacker.name}'s blow"
        else:
            target = self.figure(target_ref)
            source = what or "a blow"
        self._apply(target, self._blunted(damage), rules, source, ignore_armor)

    def _blow(self, attacker_ref: str, target_ref: str, rules: CombatRules,
              second_shot: bool) -> tuple[Figure, Figure]:
        self._open()
        attacker, target = self.figure(attacker_ref), self.figure(target_ref)
        why = attacker.may_attack(rules, self.turn)
        if why:
            raise EncounterRefused(why)
        if attacker.attacked_turn == self.turn and not second_shot:
            raise EncounterRefused(f"{attacker.name} has already attacked this turn.")
        if attacker is target:
            raise EncounterRefused(f"{attacker.name} cannot attack itself.")
        if self.practice:
            for fig in (attacker, target):
                if fig.current_st <= fig.low_st_max:
                    raise EncounterRefused(f"{fig.name} has dropped out of practice combat "
                                           f"(ST {fig.current_st}, {fig.low_st_max} or less).")
        return attacker, target

    @property
    def practice(self) -> bool:
        """Melee's practice combat: blunted weapons, no missiles, out at ST 3 or less."""
        return self.combat == "practice"

    def _blunted(self, damage: int) -> int:
        """Practice weapons do half damage (Melee; rounded down, which Melee leaves open)."""
        if not self.practice:
            return damage
        self.note(f"Blunted practice weapon: {damage} halved to {damage // 2}.")
        return damage // 2

    def _attacked(self, attacker: Figure, arm: Attack, second_shot: bool) -> None:
        attacker.attacked_turn = self.turn
        if arm.missile:
            attacker.missiles_spent += 1

    def _check_second_shot(self, attacker: Figure, arm: Attack, rules: CombatRules) -> None:
        """Melee: a fast archer's second shot comes after every figure's first attack."""
        if attacker.attacked_turn != self.turn or not arm.missile:
            raise EncounterRefused(f"Only a missile weapon that fired this turn gets a second "
                                   f"shot; {attacker.name} has not fired {arm.name} yet.")
        if arm.twice_at_dx is None or attacker.adj_dx() < arm.twice_at_dx:
            need = (f"only at adjDX {arm.twice_at_dx}+" if arm.twice_at_dx is not None
                    else "never")
            raise EncounterRefused(f"{arm.name} fires twice a turn {need}; {attacker.name}'s "
                                   f"adjDX is {attacker.adj_dx()}.")
        waiting = [f.name for f in self.figures
                   if f.fid in self.attack_order and f.attacked_turn != self.turn
                   and not f.may_attack(rules, self.turn)]
        if waiting:
            raise EncounterRefused("Second shots come after every first attack; still to "
                                   "attack: " + ", ".join(waiting) + ".")

    def _damage(self, attacker: Figure, arm: Attack, target: Figure, result: HitResult,
                roll: RollFn, rules: CombatRules) -> None:
        try:
            dice = DamageDice.parse(arm.damage)
        except RulesDataError as exc:
            raise EncounterRefused(f"{arm.name}: {exc}") from exc
        rolled = roll(dice.count, f"{attacker.name}'s damage ({dice})")
        damage = max(0, rolled + dice.plus)
        ignore = False
        if result.multiplier > 1 and self.critical_hits == CriticalHits.MELEE_MULTIPLY.value:
            line = f"{dice} rolls {rolled}: {damage} x{result.multiplier} = "
            damage *= result.multiplier
            line += f"{damage}"
        elif result.multiplier > 1:
            ignore = True
            line = f"{dice} rolls {rolled}: {damage}, armor ignored"
            if result is HitResult.TRIPLE:
                extra = roll(1, f"{attacker.name}'s extra die")
                damage += extra
                line += f", +1d rolls {extra}: {damage}"
        else:
            line = f"{dice} rolls {rolled}: {damage}"
        self.note(line + ".")
        self._apply(target, self._blunted(damage), rules, f"{attacker.name}'s {arm.name}",
                    ignore)

    def _apply(self, target: Figure, damage: int, rules: CombatRules, source: str,
               ignore_armor: bool) -> None:
        before = target.condition(rules, self.turn)
        out = target.take(damage, rules, self.turn, ignore_armor)
        stopped = ", ".join(f"{name} {n}" for name, n in out.stopped)
        self.note(f"{source}: {damage} hits on {target.name}"
                  + (f"; stopped {out.stopped_total} ({stopped})" if stopped else "")
                  + f"; {out.taken} taken, ST {target.current_st} of {target.st}.")
        self._reactions(target, out.fell, before, out.condition)

    def _reactions(self, target: Figure, fell: bool, before: Condition,
                   after: Condition) -> None:
        if after.out:
            if after is not before:
                self.note(f"{target.name} is {after.value}.")
            return
        if target.hits_this_turn >= target.dx_penalty_hits:
            self.note(f"{target.name} has taken {target.hits_this_turn} hits this turn: "
                      f"DX -2 next turn.")
        if fell:
            self.note(f"{target.name} falls down ({target.hits_this_turn} hits this turn).")

    def drop(self, ref: str, weapon: int) -> None:
        """A weapon dropped to ready another (Melee: engaged figures must drop it)."""
        self._open()
        fig = self.figure(ref)
        if not 0 <= weapon < len(fig.attacks):
            raise EncounterRefused(f"{fig.name} has no weapon number {weapon + 1}.")
        fig.dropped.append(fig.attacks[weapon].name)
        self.note(f"{fig.name} drops the {fig.attacks[weapon].name}.")

    # ------------------------------------------------------------ ST spent, falls
    def spend_st(self, ref: str, amount: int, rules: CombatRules, what: str = "a spell") -> None:
        """ST a wizard spends on a spell: fatigue, kept apart from wounds."""
        self._open()
        fig = self.figure(ref)
        if amount <= 0:
            raise EncounterRefused("ST spent must be 1 or more.")
        if fig.condition(rules, self.turn).out:
            raise EncounterRefused(f"{fig.name} is {fig.condition(rules, self.turn).value}.")
        fig.fatigue += amount
        self.note(f"{fig.name} spends {amount} ST on {what} (fatigue {fig.fatigue}); "
                  f"ST {fig.current_st} of {fig.st}.")
        after = fig.condition(rules, self.turn)
        if after.out:
            self.note(f"{fig.name} is {after.value}.")

    def fall(self, ref: str, tiles: int, roll: RollFn, rules: CombatRules) -> int:
        """Three-dimensional play: damage for a fall of ``tiles`` tile heights (000)."""
        self._open()
        if not self.three_d:
            raise EncounterRefused("Falls need the campaign's three-dimensional option.")
        fig = self.figure(ref)
        if not fig.falls:
            raise EncounterRefused(f"{fig.name} has no Height on the chart.")
        dice = fall_dice(fig.falls, tiles)
        if dice == 0:
            self.note(f"{fig.name} drops {tiles} tile heights unhurt (H {fig.height}).")
            return 0
        damage = roll(dice, f"{fig.name}'s fall ({dice}d)")
        self._apply(fig, damage, rules, f"A fall of {tiles} tile heights ({dice}d)", True)
        return damage

    # ------------------------------------------------------------ storage
    def to_dict(self) -> dict[str, Any]:
        """Plain values for the saved encounter."""
        data = {k: v for k, v in self.__dict__.items() if k != "figures"}
        data["figures"] = [f.to_dict() for f in self.figures]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        """Read a saved encounter."""
        values = dict(data)
        values["figures"] = [Figure.from_dict(f) for f in data.get("figures", [])]
        return cls(**values)


def _said(result: HitResult) -> str:
    return {HitResult.MISS: "miss", HitResult.HIT: "hit",
            HitResult.DOUBLE: "hit, double damage", HitResult.TRIPLE: "hit, triple damage",
            HitResult.DROPPED: "miss, weapon dropped",
            HitResult.BROKEN: "miss, weapon broken"}[result]
