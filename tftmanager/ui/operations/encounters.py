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
    return session.run("New encounter", lambda: encounters.new_encounter(
        store=session.store, name=name, combat=combat))


def add_character(session: CampaignSession, eid: int, character_id: int, side: str) -> None:
    """Add a party member on a side."""
    session.run("Add to encounter", lambda: encounters.add_character(
        store=session.store, encounter_id=eid, character_id=character_id, side=side))


def add_template(session: CampaignSession, eid: int, key: str, side: str) -> None:
    """Add a bestiary figure on a side."""
    session.run("Add to encounter", lambda: encounters.add_template(
        store=session.store, encounter_id=eid, key=key, side=side))


def add_quick(session: CampaignSession, eid: int, quick: QuickFigure, side: str) -> None:
    """Add a figure typed in at the table."""
    session.run("Add to encounter", lambda: encounters.add_quick(
        store=session.store, encounter_id=eid, quick=quick, side=side))


def initiative(session: CampaignSession, eid: int, rolls: Sequence[int] | None) -> None:
    """Roll the initiative (or the roll-off)."""
    session.run("Initiative", lambda: encounters.roll_initiative(
        store=session.store, encounter_id=eid, rolls=rolls))


def choose_first(session: CampaignSession, eid: int, side: str) -> None:
    """The initiative winner's choice of who moves first."""
    session.run("Moves first", lambda: encounters.choose_first(
        store=session.store, encounter_id=eid, side=side))


def order(session: CampaignSession, eid: int, rolls: Sequence[int] | None) -> None:
    """The attack order by adjusted DX."""
    session.run("Attack order", lambda: encounters.order_attacks(
        store=session.store, encounter_id=eid, rolls=rolls))


def attack(session: CampaignSession, eid: int, attacker: str, target: str,
           rolls: Sequence[int] | None, dice: int, weapon: int | None,
           second_shot: bool = False) -> None:
    """Roll to hit and for damage (``weapon`` None: the ready weapon)."""
    session.run("Attack", lambda: encounters.attack(
        store=session.store, encounter_id=eid, attacker=attacker, target=target, rolls=rolls,
        dice=dice, weapon=weapon, second_shot=second_shot))


def hold(session: CampaignSession, eid: int, figure: str) -> None:
    """A figure makes no attack this turn."""
    session.run("No attack", lambda: encounters.hold(
        store=session.store, encounter_id=eid, figure=figure))


def hit(session: CampaignSession, eid: int, target: str, damage: int, by: str) -> None:
    """Enter the damage a blow did."""
    session.run("Hit", lambda: encounters.hit(
        store=session.store, encounter_id=eid, target=target, damage=damage, by=by))


def spend(session: CampaignSession, eid: int, figure: str, amount: int) -> None:
    """ST spent on a spell (fatigue)."""
    session.run("Spend ST", lambda: encounters.spend_st(
        store=session.store, encounter_id=eid, figure=figure, amount=amount))


def drop(session: CampaignSession, eid: int, figure: str, weapon: int) -> None:
    """A weapon dropped."""
    session.run("Drop weapon", lambda: encounters.drop(
        store=session.store, encounter_id=eid, figure=figure, weapon=weapon))


def ready(session: CampaignSession, eid: int, figure: str, weapon: int) -> None:
    """A weapon readied (a dropped one picked up)."""
    session.run("Ready weapon", lambda: encounters.ready(
        store=session.store, encounter_id=eid, figure=figure, weapon=weapon))


def option(session: CampaignSession, eid: int, figure: str, key: str) -> None:
    """A figure's option this turn."""
    session.run("Option", lambda: encounters.choose_option(
        store=session.store, encounter_id=eid, figure=figure, option=key))


def flee(session: CampaignSession, eid: int, figure: str) -> None:
    """A figure leaves the fight."""
    session.run("Flee", lambda: encounters.flee(
        store=session.store, encounter_id=eid, figure=figure))


def fall(session: CampaignSession, eid: int, figure: str, tiles: int,
         rolls: Sequence[int] | None) -> None:
    """A fall of so many tile heights (3-D play)."""
    session.run("Fall", lambda: encounters.fall(
        store=session.store, encounter_id=eid, figure=figure, tiles=tiles, rolls=rolls))


def flesh(session: CampaignSession, eid: int, figure: str, spell: str) -> None:
    """Stone Flesh or Iron Flesh cast on a figure ("none": it ended)."""
    session.run("Flesh spell", lambda: encounters.flesh(
        store=session.store, encounter_id=eid, figure=figure, spell=spell))


def mount(session: CampaignSession, eid: int, figure: str, mounted: bool) -> None:
    """A figure mounts or dismounts."""
    session.run("Mount" if mounted else "Dismount", lambda: encounters.mount(
        store=session.store, encounter_id=eid, figure=figure, mounted=mounted))


def next_turn(session: CampaignSession, eid: int) -> None:
    """End the turn."""
    session.run("Next turn", lambda: encounters.next_turn(store=session.store,
                                                          encounter_id=eid))


def end(session: CampaignSession, eid: int, awards: Mapping[int, int],
        combat: CombatType, lose_dropped: bool) -> bool:
    """Write the ending as one operation; True when written."""
    return session.run("End encounter", lambda: encounter_end.end_encounter(
        store=session.store, encounter_id=eid, awards=awards, combat=combat,
        lose_dropped=lose_dropped)) is not None
