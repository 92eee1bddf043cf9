"""Encounters: set up, run and end a fight, through the same use cases as the command line.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tftmanager.app import encounter_end, encounters
from tftmanager.rules.awards import CombatType
from tftmanager.rules.new_figures import QuickFigure
from tftmanager.ui.session import CampaignSession


def new(session: CampaignSession, name: str, combat: str = "death") -> int | None:
    """Start an encounter; its id, or None when refused."""
    return session.act("New encounter", encounters.new_encounter, name=name, combat=combat).value


def add_character(session: CampaignSession, eid: int, character_id: int, side: str) -> None:
    """Add a party member on a side."""
    session.act("Add to encounter", encounters.add_character, encounter_id=eid,
                character_id=character_id, side=side)


def add_template(session: CampaignSession, eid: int, key: str, side: str) -> None:
    """Add a bestiary figure on a side."""
    session.act("Add to encounter", encounters.add_template, encounter_id=eid, key=key,
                side=side)


def add_quick(session: CampaignSession, eid: int, quick: QuickFigure, side: str) -> None:
    """Add a figure typed in at the table."""
    session.act("Add to encounter", encounters.add_quick, encounter_id=eid, quick=quick,
                side=side)


def initiative(session: CampaignSession, eid: int, rolls: Sequence[int] | None) -> None:
    """Roll the initiative (or the roll-off)."""
    session.act("Initiative", encounters.roll_initiative, encounter_id=eid, rolls=rolls)


def choose_first(session: CampaignSession, eid: int, side: str) -> None:
    """The initiative winner's choice of who moves first."""
    session.act("Moves first", encounters.choose_first, encounter_id=eid, side=side)


def order(session: CampaignSession, eid: int, rolls: Sequence[int] | None) -> None:
    """The attack order by adjusted DX."""
    session.act("Attack order", encounters.order_attacks, encounter_id=eid, rolls=rolls)


def attack(session: CampaignSession, eid: int, attacker: str, target: str,
           rolls: Sequence[int] | None, dice: int, weapon: int | None,
           second_shot: bool = False) -> None:
    """Roll to hit and for damage (``weapon`` None: the ready weapon)."""
    session.act("Attack", encounters.attack, encounter_id=eid, attacker=attacker, target=target,
                rolls=rolls, dice=dice, weapon=weapon, second_shot=second_shot)


def hold(session: CampaignSession, eid: int, figure: str) -> None:
    """A figure makes no attack this turn."""
    session.act("No attack", encounters.hold, encounter_id=eid, figure=figure)


def hit(session: CampaignSession, eid: int, target: str, damage: int, by: str) -> None:
    """Enter the damage a blow did."""
    session.act("Hit", encounters.hit, encounter_id=eid, target=target, damage=damage, by=by)


def spend(session: CampaignSession, eid: int, figure: str, amount: int) -> None:
    """ST spent on a spell (fatigue)."""
    session.act("Spend ST", encounters.spend_st, encounter_id=eid, figure=figure,
                amount=amount)


def drop(session: CampaignSession, eid: int, figure: str, weapon: int) -> None:
    """A weapon dropped."""
    session.act("Drop weapon", encounters.drop, encounter_id=eid, figure=figure,
                weapon=weapon)


def ready(session: CampaignSession, eid: int, figure: str, weapon: int) -> None:
    """A weapon readied (a dropped one picked up)."""
    session.act("Ready weapon", encounters.ready, encounter_id=eid, figure=figure,
                weapon=weapon)


def option(session: CampaignSession, eid: int, figure: str, key: str) -> None:
    """A figure's option this turn."""
    session.act("Option", encounters.choose_option, encounter_id=eid, figure=figure,
                option=key)


def act(session: CampaignSession, eid: int, figure: str, option: str,
        rolls: list[int] | None) -> None:
    """Disengaging (l, r) or drawing a dagger (q) in the figure's place in the attack order."""
    if option == "draw_dagger":
        session.act("Draw dagger", encounters.draw_dagger, encounter_id=eid, figure=figure,
                    rolls=rolls)
    else:
        session.act("Disengage", encounters.disengage, encounter_id=eid, figure=figure,
                    rolls=rolls)


def flee(session: CampaignSession, eid: int, figure: str) -> None:
    """A figure leaves the fight."""
    session.act("Flee", encounters.flee, encounter_id=eid, figure=figure)


def fall(session: CampaignSession, eid: int, figure: str, tiles: int,
         rolls: Sequence[int] | None) -> None:
    """A fall of so many tile heights (3-D play)."""
    session.act("Fall", encounters.fall, encounter_id=eid, figure=figure, tiles=tiles,
                rolls=rolls)


def flesh(session: CampaignSession, eid: int, figure: str, spell: str) -> None:
    """Stone Flesh or Iron Flesh cast on a figure ("none": it ended)."""
    session.act("Flesh spell", encounters.flesh, encounter_id=eid, figure=figure,
                spell=spell)


def mount(session: CampaignSession, eid: int, figure: str, mounted: bool) -> None:
    """A figure mounts or dismounts."""
    session.act("Mount" if mounted else "Dismount", encounters.mount, encounter_id=eid,
                figure=figure, mounted=mounted)


def next_turn(session: CampaignSession, eid: int) -> None:
    """End the turn."""
    session.act("Next turn", encounters.next_turn, encounter_id=eid)


def end(session: CampaignSession, eid: int, awards: Mapping[int, int],
        combat: CombatType, lose_dropped: bool) -> bool:
    """Write the ending as one operation; True when written."""
    return session.act("End encounter", encounter_end.end_encounter, encounter_id=eid,
                       awards=awards, combat=combat, lose_dropped=lose_dropped).done
