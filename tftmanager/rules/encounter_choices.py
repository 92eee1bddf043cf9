"""Which of Melee's options a figure may take now, and why not.

One answer for the refusal and for the tracker's offers.  "The options
available to a figure depend on whether it is engaged, disengaged, or in HTH
combat" (003 line 110).  The fight does not know the map, so engagement is
the GM's; what it knows decides: a figure on the ground "MUST take a turn to
stand up" (line 128); in HTH combat only (p), (q) and (r) ("Figures in HTH
combat may not move at all until they successfully disengage", line 166),
and (q) only there (line 397: "A figure engaged in HTH combat may try to draw
... its dagger (if it has one)"); "In order to attack (except HTH), a figure
must have a READY WEAPON" (line 198) that can strike this turn (not dropped,
not readied this turn, a crossbow loaded, a bow not due to be dropped after
one last shot); "A figure may NOT defend without a non-missile weapon ready,
to parry with" (line 427).
"""

from __future__ import annotations

from tftmanager.rules.encounter_blows import check_rate
from tftmanager.rules.encounter_figure import EncounterRefused, Figure
from tftmanager.rules.encounter_hth import dagger_of
from tftmanager.rules.encounter_options import FightOption
from tftmanager.rules.encounter_rules import CombatRules
from tftmanager.rules.encounter_weapons import ready_arm, weapon_refusal


def option_refusal(fig: Figure, option: FightOption, rules: CombatRules, turn: int) -> str:
    """Why ``fig`` may not take ``option`` now (one line, quoting Melee), or ""."""
    if fig.down and not option.stands:
        return (f"{fig.name} is on the ground and may do nothing but stand up this turn: "
                f"\"A figure MUST take a turn to stand up before attacking\" (Melee).")
    if not option.fits_hth(fig.in_hth):
        if fig.in_hth:
            return (f"{fig.name} is in hand-to-hand combat: it may attack (p), try to draw "
                    f"a dagger (q) or try to disengage (r), nothing else (Melee).")
        return (f"{option.name} is for a figure in hand-to-hand combat; {fig.name} is not "
                f"in HTH" + (" (ready a dagger with option (e) instead)."
                             if dagger_of(fig, rules.hth) is not None else "."))
    if option.key == "draw_dagger":
        return _draw_refusal(fig, rules)
    if option.needs:
        return _weapon_refusal(fig, option, turn)
    return ""


def _draw_refusal(fig: Figure, rules: CombatRules) -> str:
    dagger = dagger_of(fig, rules.hth)
    if dagger is None:
        return f"{fig.name} has no dagger to draw (Melee: \"its dagger (if it has one)\")."
    held = ready_arm(fig)
    if held is not None and held.held == fig.attacks[dagger].held:
        return f"{fig.name}'s {held.held} is already ready."
    return ""


def _weapon_refusal(fig: Figure, option: FightOption, turn: int) -> str:
    """The ready weapon the option needs: of its kind, and for an attack, able to strike."""
    missile = option.needs == "missile"
    kind = "a missile weapon" if missile else "a non-missile weapon"
    held = ready_arm(fig)
    if held is None or held.missile != missile:
        now = held.held if held is not None else "none"
        return f"{option.name} needs {kind} ready; {fig.name}'s ready weapon is {now}."
    if option.attacks == "none":  # defending parries with it, whenever it was readied
        return ""
    why = weapon_refusal(fig, held, turn)
    if why:
        return f"{option.name} cannot be taken: {why}"
    try:
        check_rate(fig, fig.ready, turn)
    except EncounterRefused as refused:
        return f"{option.name} cannot be taken: {refused.message}"
    return ""
