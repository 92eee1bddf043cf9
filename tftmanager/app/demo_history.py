"""Twelve weeks of play for the demo campaign, so the journal, board and charts have a story.

Every step is an ordinary use case (so each is an operation in the journal,
undoable like any other): session notes, awards, raises, purchases, repairs
and runs of job weeks with fixed seeds, so the history is the same each time.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from tftmanager.app import characters, equipment, experience, session_notes, weeks
from tftmanager.app.assignments import assign
from tftmanager.app.equipment import EquipmentRefused
from tftmanager.app.experience import XPRefused
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind
from tftmanager.rules.money import MoneyKind
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

FIRST_SESSION = dt.date(2026, 9, 4)
SEED = 1200
NOTES = (
    (1, "The warren", "The party cleared the goblin warren under **Hob's Hill**.\n\n"
                      "- Ragnar held the tunnel mouth\n- Wulf tracked the last goblins to "
                      "the river"),
    (5, "The toll bridge", "A troll demanded a toll; Joe paid it in *steel*. "
                           "Flavius found the bridge-keeper's purse."),
    (13, "The drowned chapel", "Water to the waist and a wight in the crypt. "
                               "Ragnar's shield took the worst of it, and Ragnar the rest."),
)
# (before week, what): the GM's actions between job weeks.
AWARDS = ((1, 250, "Cleared the goblin warren"), (5, 300, "Drove off the bridge troll"),
          (13, 400, "Laid the wight to rest"))
RAISES = ((2, "Joe the Barbarian", Attribute.ST), (6, "Wulf", Attribute.DX),
          (10, "Flavius Marcellus", Attribute.IQ))
MONEY = ((5, "Flavius Marcellus", 45, "The bridge-keeper's purse"),
         (13, "Ragnar", 80, "Silver from the chapel"))
PURCHASES = ((9, "Wulf", ItemKind.GEAR, "skis"),)
# After the last week: the chapel's harm (Ragnar hurt, his shield worn), for the board.
CHAPEL = ("Ragnar", 4, 3)  # wounds, hits the shield stopped
WEEKS = 12
IDLE_AFTER_STUDY = 5  # Ragnar has learned Horsemanship: he rests


def _ids(store: CampaignStore) -> dict[str, int]:
    with store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    return {s.character.name: s.id or 0 for s in stored}


def _quietly(action: Callable[[], object]) -> None:
    """A step the party cannot afford (a house-ruled library) is skipped, not fatal."""
    with contextlib.suppress(EquipmentRefused, XPRefused):
        action()


def _session(store: CampaignStore, week: int, ids: dict[str, int]) -> None:
    """What the GM records before the job week ``week`` is run."""
    for when, title, text in NOTES:
        if when == week:
            session_notes.add_note(store=store, title=title, text=text, week=week,
                                   played_on=FIRST_SESSION + dt.timedelta(weeks=week - 1))
    for when, amount, reason in AWARDS:
        if when == week:
            experience.award(store=store, character_ids=list(ids.values()), amount=amount,
                             reason=reason)
    for when, name, attribute in RAISES:
        if when == week and name in ids:
            _quietly(partial(experience.raise_attribute, store=store,
                             character_id=ids[name], attribute=attribute))
    for when, name, amount, reason in MONEY:
        if when == week and name in ids:
            equipment.record_money(store=store, character_id=ids[name], amount=amount,
                                   kind=MoneyKind.FOUND, reason=reason)
    for when, name, kind, key in PURCHASES:
        if when == week and name in ids:
            _quietly(partial(equipment.buy, store=store, character_id=ids[name], kind=kind,
                             key=key))


def add_demo_history(*, store: CampaignStore) -> int:
    """Play twelve weeks on the demo party, then the chapel; returns the week reached."""
    ids = _ids(store)
    week = 1
    while week <= WEEKS:
        _session(store, week, ids)
        if week == IDLE_AFTER_STUDY and "Ragnar" in ids:
            assign(store=store, character_id=ids["Ragnar"],
                   data=Assignment(activity=Activity.REST))
        run = weeks.run_weeks(store=store, weeks=1, seed=SEED + week, stop_on=frozenset())
        week = run[-1].report.week + 1
    _session(store, week, ids)
    _chapel(store, ids)
    return week


def _chapel(store: CampaignStore, ids: dict[str, int]) -> None:
    name, wounds, hits = CHAPEL
    if name not in ids:
        return
    before = characters.get_character(store=store, character_id=ids[name])
    characters.edit_character(store=store, character_id=ids[name],
                              character=replace(before, wounds=before.wounds + wounds))
    shields = [item.uid for item in before.items if item.kind is ItemKind.SHIELD]
    if shields:
        equipment.record_hits(store=store, character_id=ids[name], uid=shields[0],
                              hits=hits)
