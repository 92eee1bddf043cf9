"""The weapons in a figure's hands during a fight: one model for every state Melee gives them.

A weapon is *ready* (in the hand, usable from the turn after it was readied:
"This takes up a turn; the new weapon can be used on the NEXT turn", 003 line
198), *carried* (slung or sheathed), *dropped* (to ready another, or on a roll
of 17), *thrown* (it "falls to the ground in that hex", line 333) or *broken*
(18).  A weapon's modes (a dagger struck or thrown, a longbow's missile
attack) are one weapon: ``Attack.held``.  A two-handed weapon slings the
shield ("it must be slung on his/her back while the weapon is ready", line
307), and a slung shield stops nothing in front and costs no DX (line 250).
After option (j), one last shot, "The missile weapon MUST be dropped next
turn" (line 138).  Each function works on one figure, so ``rules.encounter``
stays the sequence of a turn.
"""

from __future__ import annotations

from tftmanager.rules.encounter_figure import Attack, Figure

LOST = ("dropped", "broken", "thrown")  # how a weapon left the hand, as ``dropped`` says it
SHIELD = "shield"


def base_of(entry: str) -> str:
    """The weapon an entry of ``Figure.dropped`` names ("Longbow (broken)" -> "Longbow")."""
    for how in LOST:
        if entry.endswith(f" ({how})"):
            return entry[: -len(how) - 3]
    return entry


def lost_entry(fig: Figure, arm: Attack) -> str:
    """How this weapon left the figure's hand ("" while it has it)."""
    return next((d for d in fig.dropped if base_of(d) == arm.held), "")


def ready_arm(fig: Figure) -> Attack | None:
    """The weapon in the hand, or None (thrown, dropped, or none readied)."""
    if not 0 <= fig.ready < len(fig.attacks):
        return None
    arm = fig.attacks[fig.ready]
    return None if lost_entry(fig, arm) else arm


def must_drop(fig: Figure, turn: int) -> Attack | None:
    """The missile weapon a (j) last shot left in the hand, to be dropped this turn."""
    arm = ready_arm(fig)
    if fig.last_shot_turn and turn == fig.last_shot_turn + 1 and arm is not None \
            and arm.missile:
        return arm
    return None


def weapon_refusal(fig: Figure, arm: Attack, turn: int) -> str:
    """Why the figure cannot strike with this weapon now, or "" (teeth and claws always can)."""
    if arm.natural:
        return ""
    entry = lost_entry(fig, arm)
    if entry.endswith("(broken)"):
        return f"{fig.name}'s {arm.held} is broken."
    if entry.endswith("(thrown)"):
        return (f"{fig.name} threw the {arm.held}; it lies where it fell and must be picked "
                f"up (ready it) first.")
    if entry:
        return f"{fig.name} has dropped the {arm.held}; ready it first."
    held = ready_arm(fig)
    if held is None or held.held != arm.held:
        now = held.held if held is not None else "none"
        return (f"{fig.name}'s ready weapon is the {now}; ready the {arm.held} first: it "
                f"takes a turn, and the new weapon can be used on the NEXT turn (Melee).")
    if fig.ready_turn >= turn:
        return (f"{fig.name} readied the {arm.held} this turn; it can be used on the NEXT "
                f"turn (Melee).")
    if must_drop(fig, turn) is not None:
        return (f"{fig.name} took one last shot last turn and must drop the {arm.held} "
                f"this turn (Melee, option (j)).")
    return ""


def lose(fig: Figure, arm: Attack, how: str) -> None:
    """The weapon leaves the hand: ``how`` is dropped, broken or thrown ("": dropped to ready)."""
    fig.dropped.append(arm.held + (f" ({how})" if how else ""))
    if 0 <= fig.ready < len(fig.attacks) and fig.attacks[fig.ready].held == arm.held:
        fig.ready = -1


def take_up(fig: Figure, number: int, turn: int, *, shield: bool = True) -> list[str]:
    """Ready weapon ``number`` (picking it up if dropped); returns what else it changed.

    The weapon it replaces is re-slung; a two-handed weapon slings a ready
    shield, a one-handed one takes a slung shield up again ("ready a new
    weapon and/or shield", option (e)).
    """
    arm = fig.attacks[number]
    fig.dropped = [d for d in fig.dropped if base_of(d) != arm.held]
    fig.ready, fig.ready_turn = number, turn
    said = []
    for item in (p for p in fig.protections if p.kind == SHIELD and shield):
        if item.slung != arm.two_handed:
            item.slung = arm.two_handed
            said.append(f"slings the {item.name} on the back (a two-handed weapon)"
                        if arm.two_handed else f"takes up the {item.name}")
    return said


def sling_for_two_hands(fig: Figure) -> list[str]:
    """A figure entering with a two-handed weapon ready has its shield slung (003 line 307)."""
    arm = ready_arm(fig)
    said = []
    for shield in (p for p in fig.protections if p.kind == SHIELD and not p.slung):
        if arm is not None and arm.two_handed:
            shield.slung = True
            said.append(f"{fig.name}'s {shield.name} is slung: the {arm.held} takes two hands.")
    return said


def nothing_ready(fig: Figure) -> str:
    """Why a figure with no weapon in hand cannot strike: the last one it lost, or none readied."""
    for entry in reversed(fig.dropped):
        arm = next((a for a in fig.attacks if a.held == base_of(entry)), None)
        if arm is not None:
            return weapon_refusal(fig, arm, 0)
    return f"{fig.name} has no weapon ready; ready one first."
