"""What comes next in a fight: Melee's sequence of a turn, and what the rules allow now.

"Each turn goes through these stages" (003 lines 93-106): (1) the initiative,
(2)-(3) each figure's option and movement, side by side in the order the
initiative gave, (4) the attacks "in the order of their ADJUSTED DX, highest
first", second arrows "AFTER all figures have made their first attack", then
the turn's end.  ``next_step`` reads a fight and says which stage it is in,
whose action comes next, and the actions the rules allow that figure now,
each with the rolls it needs; the tracker window offers only those.  It never
changes the fight: each offer is carried out by the application's use case.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.rules.encounter import READY_OPTION, Encounter
from tftmanager.rules.encounter_blows import may_still_attack
from tftmanager.rules.encounter_choices import option_refusal
from tftmanager.rules.encounter_figure import Condition, Figure
from tftmanager.rules.encounter_hth import brawl_refusal
from tftmanager.rules.encounter_options import FightOption, find_option
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_weapons import ready_arm, weapon_refusal
from tftmanager.rules.records import Record
from tftmanager.rules.text import count


class Phase(enum.Enum):
    """The stages of Melee's turn, in order (and the fight's end)."""

    INITIATIVE = "Initiative"
    OPTIONS = "Options and movement"
    ATTACKS = "Attacks"
    END_OF_TURN = "End of turn"
    OVER = "The fight is over"


PHASES = (Phase.INITIATIVE, Phase.OPTIONS, Phase.ATTACKS, Phase.END_OF_TURN)


class Do(enum.Enum):
    """What an offer does (the use case the window runs)."""

    INITIATIVE = "initiative"
    OPTION = "option"
    READY = "ready"
    FLEE = "flee"
    ORDER = "order"
    ACT = "act"  # (l), (q), (r): the option's action instead of an attack
    ATTACK = "attack"
    SECOND_SHOT = "second_shot"
    HOLD = "hold"
    NEXT_TURN = "next_turn"
    END = "end"


@dataclass(frozen=True, eq=False, repr=False)
class Offer(Record):
    """One action the rules allow now, with the rolls it needs."""

    do: Do
    label: str
    rolls: str = ""  # the dice it takes, as the GM says them ("" for none)
    figure: str = ""  # the acting figure's id
    option: str = ""  # an option's key
    weapon: int = -1  # a weapon's number
    target: str = ""  # the target's id


@dataclass(frozen=True, eq=False, repr=False)
class Step(Record):
    """Where the fight stands: the stage, whose action comes next, what it may do."""

    phase: Phase
    figure: str  # the id of the figure whose action comes next ("" for none)
    prompt: str
    offers: tuple[Offer, ...]


def next_step(enc: Encounter, rules: CombatRules) -> Step:
    """The stage of the turn, the figure whose action comes next, and its allowed actions."""
    standing = enc.standing_sides(rules)
    if enc.ended or len(standing) < 2:
        said = ("The fight has ended." if enc.ended else
                f"{standing[0]} has won." if standing else "No side is left standing.")
        offers = () if enc.ended else (Offer(Do.END, "End the encounter…"),)
        return Step(Phase.OVER, "", said, offers)
    if not enc.order:
        sides = len(standing)
        return Step(Phase.INITIATIVE, "", f"Turn {enc.turn}: roll the initiative.",
                    (Offer(Do.INITIATIVE, "Roll the initiative",
                           f"{count(sides, 'die', 'dice')}, one per side, and again for "
                           f"ties"),))
    choosing = _next_to_choose(enc, rules)
    if choosing is not None:
        return Step(Phase.OPTIONS, choosing.fid,
                    f"{choosing.name} ({choosing.side}) chooses an option and moves.",
                    _options(enc, choosing, rules))
    if not enc.attack_order and any(may_still_attack(f, rules, enc.turn) for f in enc.figures):
        return Step(Phase.ATTACKS, "", "Put the attacks in order of adjusted DX.",
                    (Offer(Do.ORDER, "Attack order", "a die each for figures tied on adjDX"),))
    attacker = _next_to_attack(enc, rules)
    acting = rules.options.get(attacker.option) if attacker is not None else None
    if attacker is not None and acting is not None and acting.acts:
        return Step(Phase.ATTACKS, attacker.fid, f"{attacker.name}: {acting.name}, instead "
                                                 f"of an attack.",
                    (_act(attacker, acting, rules),))
    if attacker is not None:
        return Step(Phase.ATTACKS, attacker.fid, f"{attacker.name} attacks.",
                    _attacks(enc, attacker, rules, second=False))
    archer = next((f for f in enc.figures if _second_shots(enc, f, rules)), None)
    if archer is not None:
        return Step(Phase.ATTACKS, archer.fid, f"{archer.name} may fire a second arrow.",
                    _attacks(enc, archer, rules, second=True))
    return Step(Phase.END_OF_TURN, "", f"Turn {enc.turn} is over.",
                (Offer(Do.NEXT_TURN, "Next turn"),))


def _acting(fig: Figure, rules: CombatRules, turn: int) -> bool:
    return not fig.fled and not fig.condition(rules, turn).out


def _next_to_choose(enc: Encounter, rules: CombatRules) -> Figure | None:
    """Side by side in the order of movement, the first figure still without an option."""
    for side in enc.order:
        for fig in enc.figures:
            if fig.side == side and _acting(fig, rules, enc.turn) and not fig.option \
                    and fig.attacked_turn != enc.turn:
                return fig
    return None


def _options(enc: Encounter, fig: Figure, rules: CombatRules) -> tuple[Offer, ...]:
    """The options this figure may take now, readying each weapon it may ready, and fleeing."""
    offers = []
    held = ready_arm(fig)
    ready = find_option(rules.options, READY_OPTION)
    for option in sorted(rules.options.values(), key=lambda o: o.letters[0]):  # (a)-(r)
        if (not fig.down and option.stands) or option is ready \
                or option_refusal(fig, option, rules, enc.turn):
            continue
        offers.append(Offer(Do.OPTION, f"({', '.join(option.letters)}) {option.name}",
                            figure=fig.fid, option=option.key))
    if not fig.down and not fig.in_hth and ready is not None:
        for number, arm in enumerate(fig.attacks):
            if arm.natural or (held is not None and held.held == arm.held) \
                    or any(a.held == arm.held for a in fig.attacks[:number]) \
                    or f"{arm.held} (broken)" in fig.dropped:
                continue
            offers.append(Offer(Do.READY, f"({', '.join(ready.letters)}) Ready the {arm.held} "
                                          f"(used next turn)", figure=fig.fid, weapon=number))
    if not fig.down and not fig.in_hth:
        offers.append(Offer(Do.FLEE, "Flee the fight", figure=fig.fid))
    return tuple(offers)


def _act(fig: Figure, option: FightOption, rules: CombatRules) -> Offer:
    """The action of (l), (q) or (r) at the figure's place in the attack order."""
    hth = rules.hth
    if option.key == "draw_dagger":
        return Offer(Do.ACT, "Try to draw the dagger",
                     f"1 die: 1-{hth.draw_dagger_to} draws it", figure=fig.fid,
                     option=option.key)
    if fig.in_hth:
        return Offer(Do.ACT, "Try to disengage from HTH",
                     f"1 die: 1-{hth.disengage_superior_to} with higher DX against one foe, "
                     f"else {hth.disengage_to}", figure=fig.fid, option=option.key)
    return Offer(Do.ACT, "Disengage: move one hex", figure=fig.fid, option=option.key)


def _next_to_attack(enc: Encounter, rules: CombatRules) -> Figure | None:
    """In the attack order, the first figure that may still attack (with its option's leave)."""
    for fid in enc.attack_order:
        fig = enc.figure(fid)
        if may_still_attack(fig, rules, enc.turn):
            return fig
    return None


def _second_shots(enc: Encounter, fig: Figure, rules: CombatRules) -> bool:
    arm = ready_arm(fig)
    option = rules.options.get(fig.option)
    return (arm is not None and arm.missile and fig.attacked_turn == enc.turn
            and fig.fired.get(arm.name) == enc.turn and arm.twice_at_dx is not None
            and fig.adj_dx() >= arm.twice_at_dx
            and (arm.twice_at_st is None or fig.st >= arm.twice_at_st)
            and fig.shots_this_turn < arm.fast_shots
            and not (option is not None and option.one_shot)
            and not fig.fled and not fig.condition(rules, enc.turn).out)


def _attacks(enc: Encounter, fig: Figure, rules: CombatRules, *,
             second: bool) -> tuple[Offer, ...]:
    """An attack on each enemy standing, with the ready weapon, and the dice it takes."""
    option = rules.options.get(fig.option)
    hth = option is not None and option.hth
    arm = ready_arm(fig)
    offers = []
    if arm is not None and not hth and not weapon_refusal(fig, arm, enc.turn) \
            and (option is None or option.allows(arm.missile)):
        for foe in _foes(enc, fig, rules):
            offers.append(Offer(Do.SECOND_SHOT if second else Do.ATTACK,
                                f"{'Second arrow' if second else arm.held} at {foe.name}",
                                _attack_rolls(rules, arm.damage, arm.missile or arm.thrown,
                                              foe),
                                figure=fig.fid, weapon=fig.ready, target=foe.fid))
    elif hth:
        for foe in _foes(enc, fig, rules):
            rolls = (f"{rules.base_dice} dice to hit (+{rules.hth.dx_bonus} in HTH), then "
                     f"damage")
            if not (fig.in_hth and foe.in_hth):
                rolls = f"1 die for {foe.name}'s defence, then {rolls}"
            offers.append(Offer(Do.ATTACK, f"Hand-to-hand on {foe.name}", rolls,
                                figure=fig.fid, target=foe.fid))
    if not second:
        offers.append(Offer(Do.HOLD, "No attack this turn", figure=fig.fid))
    else:
        offers.append(Offer(Do.NEXT_TURN, "No second arrow: next turn"))
    return tuple(offers)


def _foes(enc: Encounter, fig: Figure, rules: CombatRules) -> list[Figure]:
    """Enemies a blow may land on: standing, or unconscious where they may be slain."""
    def open_to(foe: Figure) -> bool:
        state = foe.condition(rules, enc.turn)
        if state is Condition.UNCONSCIOUS:
            return enc.combat not in rules.spared_in
        return not state.out
    return [f for f in enc.figures if f.side != fig.side and not f.fled and open_to(f)
            and not brawl_refusal(fig, f, enc.figures, lambda g: _acting(g, rules, enc.turn))]


def _attack_rolls(rules: CombatRules, damage: str, missile: bool, foe: Figure) -> str:
    guard = rules.options.get(foe.option)
    dice = rules.base_dice + (1 if guard is not None and guard.guarded(missile) else 0)
    why = f" against {guard.name}" if dice > rules.base_dice and guard else ""
    return f"{dice} dice to hit{why}, then {damage} damage if it hits"
