"""Hand-to-hand combat (Melee lines 373-397): what a figure fights with, and the defender's die.

"If the attacker had his dagger ready already, he may use it in HTH combat.
Otherwise, he drops his ready weapon and shield ... and attacks bare-handed"
(379).  "When a figure is attacked HTH, it immediately rolls one die" (381):
the weapon and shield it drops, whether both fall into HTH, whether the
attacker is thrown back or struck.  In HTH "they always get the +4 'rear hex'
DX adjustment" (393) and the damage is the dagger's 1+2, the main-gauche's 1-1
or bare hands' by the enemy's strength (395).  A figure in HTH may try to draw
its dagger, option (q): "On a roll of 1, 2, or 3, the dagger was drawn and
readied" (397), or to disengage, option (r): one die, "a 1, 2, or 3" for a
figure of higher DX against one enemy, else "a 1" (421).  The numbers are
``[hth]`` of ``injury.toml``; ``rules.encounter`` runs the attack with these pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tftmanager.rules.encounter_figure import Attack, EncounterRefused, Figure
from tftmanager.rules.encounter_order import RollFn
from tftmanager.rules.encounter_rules import HthRules
from tftmanager.rules.encounter_weapons import SHIELD, lose, ready_arm, take_up

BOTH_DOWN, DAGGER, REPELLED, COUNTER = "both_down", "dagger", "repelled", "counter"


def hth_weapon(fig: Figure, enemy: Figure, weapon: int | None, hth: HthRules) -> Attack:
    """What the figure strikes with in HTH: its ready dagger, else bare hands.

    A weapon named that is not one HTH allows is refused (Melee line 395).
    """
    if weapon is not None:
        arm = fig.attacks[weapon] if 0 <= weapon < len(fig.attacks) else None
        if arm is None or arm.key not in hth.weapons:
            name = arm.held if arm is not None else f"weapon {weapon + 1}"
            raise EncounterRefused(f"In hand-to-hand combat {fig.name} fights with bare hands "
                                   f"or a ready dagger, not the {name} (Melee).")
    held = ready_arm(fig)
    if held is not None and held.key in hth.weapons:
        return Attack(f"{held.held} in HTH", hth.weapons[held.key], held.key)
    return Attack("bare hands", hth.bare(fig.st, enemy.st), natural=True)


def drop_for_hth(fig: Figure, hth: HthRules) -> list[str]:
    """Drop the ready weapon (not a dagger) and the ready shield: HTH is fought without them."""
    said = []
    held = ready_arm(fig)
    if held is not None and held.key not in hth.weapons:
        lose(fig, held, "")
        said.append(f"{fig.name} drops the {held.held}")
    for shield in (p for p in fig.protections if p.kind == SHIELD and not p.slung):
        shield.slung = True
        said.append(f"{fig.name} drops the {shield.name}")
    return said


def dagger_of(fig: Figure, hth: HthRules) -> int | None:
    """The number of a weapon the figure may fight with in HTH (its dagger), if it has one."""
    return next((i for i, a in enumerate(fig.attacks) if a.key in hth.weapons), None)


def defend(defender: Figure, result: str, turn: int, hth: HthRules) -> list[str]:
    """The defender's die (Melee lines 383-391): what it drops and readies."""
    if result not in (BOTH_DOWN, DAGGER):
        return []
    said = drop_for_hth(defender, hth)
    dagger = dagger_of(defender, hth)
    if result == DAGGER and dagger is not None and ready_arm(defender) is None:
        # "He will be able to use it in his next attack"
        take_up(defender, dagger, turn, shield=False)
        said.append(f"{defender.name} readies the {defender.attacks[dagger].held}")
    return said


def join(attacker: Figure, defender: Figure) -> None:
    """Both are now in HTH combat, each with the other (Melee: "Both figures fall")."""
    attacker.in_hth = defender.in_hth = True
    for fig, other in ((attacker, defender), (defender, attacker)):
        if other.fid not in fig.hth_with:
            fig.hth_with.append(other.fid)


def hth_foes(fig: Figure, figures: Sequence[Figure], able: Callable[[Figure], bool]
             ) -> list[Figure]:
    """The foes still able to fight that ``fig`` is in HTH with.

    A fight saved before partners were kept names none: then every foe in HTH.
    """
    foes = [f for f in figures if f.side != fig.side and able(f)]
    if fig.hth_with:
        return [f for f in foes if f.fid in fig.hth_with]
    return [f for f in foes if f.in_hth]


def brawl_refusal(fig: Figure, target: Figure, figures: Sequence[Figure],
                  able: Callable[[Figure], bool]) -> str:
    """Why ``fig`` may not attack ``target`` (another brawl's foe), or "".

    "Figures on the ground in HTH combat can ONLY attack the enemies they are in
    HTH combat with" (Melee line 403).
    """
    foes = [f for f in figures if f.fid in fig.hth_with and able(f)]
    if foes and target not in foes:
        return (f"{fig.name} is in HTH combat with " + ", ".join(f.name for f in foes)
                + f" and can only attack them, not {target.name} (Melee).")
    return ""


def draw_dagger(fig: Figure, roll: RollFn, turn: int, hth: HthRules) -> str:
    """Option (q): "On a roll of 1, 2, or 3, the dagger was drawn and readied" (397)."""
    number = dagger_of(fig, hth)
    if number is None:
        raise EncounterRefused(f"{fig.name} has no dagger to draw.")
    name = fig.attacks[number].held
    die = roll(1, f"{fig.name} tries to draw the {name}")
    if die > hth.draw_dagger_to:
        return (f"{fig.name} rolls {die} trying to draw the {name} (1-{hth.draw_dagger_to} "
                f"needed): nothing happens (Melee, option (q)).")
    take_up(fig, number, turn, shield=False)
    return (f"{fig.name} rolls {die}: the {name} is drawn and readied, for its next attack "
            f"(Melee, option (q)).")


def disengage(fig: Figure, foes: Sequence[Figure], roll: RollFn, hth: HthRules) -> str:
    """Option (r): one die against the foes in HTH with it (421); free, it stands and leaves.

    "If its DX is superior to the enemy's, it needs a 1, 2, or 3; if its DX is
    the same or less, or if there are more than one enemies, it needs a 1."
    """
    if foes:
        superior = len(foes) == 1 and fig.body_dx() > foes[0].body_dx()
        need = hth.disengage_superior_to if superior else hth.disengage_to
        against = ", ".join(f"{f.name} (adjDX {f.body_dx()})" for f in foes)
        die = roll(1, f"{fig.name} tries to disengage from HTH")
        if die > need:
            return (f"{fig.name} (adjDX {fig.body_dx()}) rolls {die} trying to disengage from "
                    f"{against}: 1" + (f"-{need}" if need > 1 else "")
                    + " needed; it stays in HTH (Melee, option (r)).")
        said = (f"{fig.name} (adjDX {fig.body_dx()}) rolls {die} against {against}: it "
                f"disengages, stands up and moves to an adjacent empty hex (Melee, option (r)).")
    else:
        said = f"{fig.name} has no foe left in its HTH combat: it stands up and moves away."
    leave(fig, foes)
    return said


def leave(fig: Figure, others: Sequence[Figure]) -> None:
    """``fig`` is out of HTH; a foe left with nobody in HTH with it is out of it too."""
    fig.in_hth, fig.hth_with = False, []
    for other in others:
        other.hth_with = [f for f in other.hth_with if f != fig.fid]
        if not other.hth_with:
            other.in_hth = False
