"""What a fight does to a figure: blows, hand-to-hand, spells' fatigue, falls (Encounter's part).

``Harming`` is the half of ``rules.encounter.Encounter`` that lands a blow or
a fall on a figure and says what it did: armor and shield, the reactions to
injury (Melee's and the house rules' knockdowns), practice combat's blunted
weapons, the arena's spared unconscious, hand-to-hand combat's defence die
and blow (Melee lines 373-397), ST spent on a spell, and Three Dimensional
TFT's falls.  The other half, ``Encounter``, holds the turn's sequence.
"""

from __future__ import annotations

from collections.abc import Callable

from tftmanager.rules.encounter_blows import (
    critical_stops,
    knockdown_against,
    knockdown_dice,
    roll_damage,
)
from tftmanager.rules.encounter_figure import (
    Condition,
    EncounterRefused,
    Figure,
    Protection,
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
    join,
)
from tftmanager.rules.encounter_order import RollFn
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.encounter_weapons import ready_arm
from tftmanager.rules.settings import CriticalHits
from tftmanager.rules.text import count


class Harming:
    """Blows, falls and spells landing on figures; ``Encounter`` supplies the fight's fields."""

    name: str
    figures: list[Figure]
    turn: int
    log: list[str]
    ended: bool
    combat: str
    critical_hits: str
    three_d: bool
    shield_first: bool
    house_knockdowns: bool

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

    def note(self, line: str) -> None:
        """Add a line to the log, marked with the turn."""
        self.log.append(f"Turn {self.turn}: {line}")

    def _open(self) -> None:
        if self.ended:
            raise EncounterRefused(f"{self.name} has already ended.")

    def _hand_to_hand(self, attacker: Figure, target: Figure, weapon: int | None,
                      roll: RollFn, rules: CombatRules) -> HitResult:
        """Options (m) and (p): the defender's die on an attempt, then a blow at +4 (Melee)."""
        hth = rules.hth
        arm = hth_weapon(attacker, target, weapon, hth)
        attacker.attacked_turn = self.turn
        if not (attacker.in_hth and target.in_hth):
            die = roll(1, f"{target.name}'s defence against the HTH attack")
            defence = hth.defence_for(die)
            self.note(f"{target.name} rolls {die} against the HTH attack: "
                      + _HTH_SAID[defence] + " (Melee).")
            if defence == COUNTER:
                self._counter(target, attacker, roll, rules)
            if defence in (REPELLED, COUNTER):
                return HitResult.MISS
            for line in drop_for_hth(attacker, hth) + defend(target, defence, self.turn, hth):
                self.note(line + ".")
            join(attacker, target)
            arm = hth_weapon(attacker, target, None, hth)
        adj = attacker.body_dx() + hth.dx_bonus + target.dx_against
        to_hit = roll(rules.base_dice, f"{attacker.name} to hit {target.name} in HTH")
        result = rules.judge(to_hit, adj, rules.base_dice)
        self.note(f"{attacker.name} ({arm.name}) rolls {to_hit} on {dice_words(rules.base_dice)} "
                  f"against adjDX {adj} (+{hth.dx_bonus} in HTH): {result_words(result)}.")
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
        self.note(f"{target.name} rolls {value} on {dice_words(dice)} against {said} and "
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
            raise EncounterRefused(f"A fall of {tiles} tile heights would be {dice_words(dice)}; "
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

    def _spare(self, target: Figure, rules: CombatRules) -> None:
        """ARENA COMBAT: "Unconscious figures may not be slain" (Melee line 487)."""
        if self.combat in rules.spared_in \
                and target.condition(rules, self.turn) is Condition.UNCONSCIOUS:
            raise EncounterRefused(f"{target.name} is unconscious: in {self.combat} combat "
                                   f"unconscious figures may not be slain (Melee).")



_HTH_SAID = {BOTH_DOWN: "it drops its weapon and shield and both fall into HTH",
             DAGGER: "it drops its weapon and shield, has time to ready a dagger, and both "
                     "fall into HTH",
             REPELLED: "the attacker backs off; no HTH",
             COUNTER: "it hits the attacker, who backs off; no HTH"}



def result_words(result: HitResult) -> str:
    return {HitResult.MISS: "miss", HitResult.HIT: "hit",
            HitResult.DOUBLE: "hit, double damage", HitResult.TRIPLE: "hit, triple damage",
            HitResult.DROPPED: "miss, weapon dropped",
            HitResult.BROKEN: "miss, weapon broken"}[result]


def dice_words(number: int) -> str:
    """"1 die", "3 dice": a roll as the GM says it."""
    return count(number, "die", "dice")

