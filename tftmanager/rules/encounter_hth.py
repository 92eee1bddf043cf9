"""Hand-to-hand combat (Melee lines 373-397): what a figure fights with, and the defender's die.

"If the attacker had his dagger ready already, he may use it in HTH combat.
Otherwise, he drops his ready weapon and shield ... and attacks bare-handed"
(379).  "When a figure is attacked HTH, it immediately rolls one die" (381):
the weapon and shield it drops, whether both fall into HTH, whether the
attacker is thrown back or struck.  In HTH "they always get the +4 'rear hex'
DX adjustment" (393) and the damage is the dagger's 1+2, the main-gauche's 1-1
or bare hands' by the enemy's strength (395).  The numbers are ``[hth]`` of
``injury.toml``; ``rules.encounter`` runs the attack with these pieces.
"""

from __future__ import annotations

from tftmanager.rules.encounter_figure import Attack, EncounterRefused, Figure
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
