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

from tftmanager.rules.encounter_blows import (
    charging,
    check_rate,
    check_second_shot,
    critical_stops,
    order_warning,
    pole_charge,
    roll_damage,
)
from tftmanager.rules.encounter_choices import option_refusal
from tftmanager.rules.encounter_figure import (
    Attack,
    EncounterRefused,
    Figure,
    SavedDefaults,
)
from tftmanager.rules.encounter_harm import dice_words, result_words
from tftmanager.rules.encounter_hth import brawl_refusal, disengage, draw_dagger, hth_foes
from tftmanager.rules.encounter_options import FightOption, find_option
from tftmanager.rules.encounter_order import (
    RollFn,
)
from tftmanager.rules.encounter_rules import CombatRules, HitResult
from tftmanager.rules.encounter_turns import TurnOrder
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
class Encounter(TurnOrder):
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
        if fig.attacked_turn == self.turn:
            raise EncounterRefused(f"{fig.name} has already acted this turn.")
        why = option_refusal(fig, option, rules, self.turn)
        if why:
            raise EncounterRefused(why)
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

    def _in_fight(self, fig: Figure, rules: CombatRules) -> bool:
        return not fig.fled and not fig.condition(rules, self.turn).out

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
        if fig.in_hth:
            raise EncounterRefused(f"{fig.name} is in hand-to-hand combat and cannot flee: "
                                   f"\"Figures in HTH combat may not move at all until they "
                                   f"successfully disengage\" (Melee).")
        fig.fled, fig.fled_turn, fig.option = True, self.turn, ""
        self.note(f"{fig.name} flees" + (" unhurt" if not fig.wounds else
                                         f" with {count(fig.wounds, 'hit')}")
                  + f"; each foe may take one free attack at +{rules.flee_free_dx} DX "
                    f"this turn (004).")

    def act(self, ref: str, key: str, roll: RollFn, rules: CombatRules) -> None:
        """Options (l), (q), (r): what the figure does instead of attacking, in its place.

        Disengaging: "When its turn to attack comes, instead of attacking, it
        moves one hex" (Melee line 411); from HTH, one die (421).  Drawing a
        dagger in HTH (397) is rolled at the same time (our reading).  A figure
        with no option recorded takes this one now.
        """
        self._open()
        fig = self._able(ref, rules)
        option = find_option(rules.options, key)
        if option is None or not option.acts:
            raise EncounterRefused(f"'{key}' is not an option acted on in the attack phase.")
        if fig.attacked_turn == self.turn:
            raise EncounterRefused(f"{fig.name} has already acted this turn.")
        why = fig.may_attack(rules, self.turn)  # fallen, or down: "it must first stand up"
        if why:
            raise EncounterRefused(why)
        if not fig.option:
            self.choose_option(ref, option.key, rules)
        elif fig.option != option.key:
            chosen = rules.options[fig.option].name if fig.option in rules.options else fig.option
            raise EncounterRefused(f"{fig.name} chose {chosen} this turn, not {option.name}.")
        fig.attacked_turn = self.turn
        if option.key == "draw_dagger":
            self.note(draw_dagger(fig, roll, self.turn, rules.hth))
        elif fig.in_hth:
            foes = hth_foes(fig, self.figures, lambda f: self._in_fight(f, rules))
            self.note(disengage(fig, foes, roll, rules.hth))
        else:
            self.note(f"{fig.name} disengages: instead of attacking it moves one hex "
                      f"(Melee, Disengaging).")

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
        number, arm = self._armed(attacker, option, weapon, second_shot, rules)
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
        self._spent(attacker, target, arm, option, free)
        against = f" ({target.dx_against:+d} against {target.name})" if target.dx_against else ""
        self.note(f"{attacker.name} ({arm.name}) rolls {to_hit} on {dice_words(dice)} against "
                  f"adjDX {adj}{against}: {result_words(result)}.")
        if result in (HitResult.DROPPED, HitResult.BROKEN):
            lose(attacker, arm, result.value)
        elif arm.thrown:
            lose(attacker, arm, "thrown")
            self.note(f"The {arm.held} falls in {target.name}'s hex." if result.hits else
                      f"The {arm.held} flies past {target.name}.")
        if result.hits:
            self._damage(attacker, target, arm, result, roll, rules)
        return result

    def _armed(self, attacker: Figure, option: FightOption | None, weapon: int | None,
               second_shot: bool, rules: CombatRules) -> tuple[int, Attack]:
        """The weapon an attack is made with (the ready one), or why it cannot be."""
        if option is not None and option.attacks == "none":  # no weapon makes it an attack
            raise EncounterRefused(option.refusal(attacker.name, "", False))
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
        return number, arm

    def _spent(self, attacker: Figure, target: Figure, arm: Attack,
               option: FightOption | None, free: bool) -> None:
        """What an attack uses up: the turn's attack (or the free one), a shot, an arrow."""
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

    def _damage(self, attacker: Figure, target: Figure, arm: Attack, result: HitResult,
                roll: RollFn, rules: CombatRules) -> None:
        """A hit's damage: the weapon's dice, a double or triple, a pole weapon's charge."""
        house = self.critical_hits != CriticalHits.MELEE_MULTIPLY.value
        damage = roll_damage(attacker, arm, target, result, roll, rules, house)
        source = (cited("critical_hits", CriticalHits(self.critical_hits))
                  if house and result.multiplier > 1 else "")  # the house reading's page
        self.note(damage.line + source + ".")
        hits = damage.hits
        if arm.pole and charging(attacker, target, rules):
            hits, line = pole_charge(hits, self.pole_charge, roll, rules, attacker.name)
            self.note(line)
        self._apply(target, self._blunted(hits, rules), rules, f"{attacker.name}'s {arm.name}",
                    stops=critical_stops(rules) if damage.critical else None,
                    attacker=attacker, roll=roll)

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
        why = brawl_refusal(attacker, target, self.figures, lambda f: self._in_fight(f, rules))
        if why:
            raise EncounterRefused(why)
        self._spare(target, rules)
        return attacker, target

    def _free_attack(self, attacker: Figure, target: Figure) -> None:
        """A foe's one free attack on a figure fleeing this turn (004, Fleeing), or why not."""
        if target.fled_turn != self.turn:
            raise EncounterRefused(f"{target.name} has fled the fight.")
        if attacker.fid in target.free_attacked:
            raise EncounterRefused(f"{attacker.name} has had its one free attack on the fleeing "
                                   f"{target.name}.")
        self.note(f"{attacker.name} takes its free attack on the fleeing {target.name} (004).")

    def drop(self, ref: str, weapon: int, rules: CombatRules) -> None:
        """A weapon dropped to ready another (Melee: engaged figures must drop it)."""
        self._open()
        fig = self._able(ref, rules)
        arm = self._weapon(fig, weapon)
        if lost_entry(fig, arm):
            raise EncounterRefused(f"{fig.name} has already dropped the {arm.held}.")
        lose(fig, arm, "")
        self.note(f"{fig.name} drops the {arm.held}.")

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
