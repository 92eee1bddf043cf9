"""The demo party: the documents' own figures, shipped as a party file."""

from __future__ import annotations

from tftmanager.app.abilities import start_study
from tftmanager.app.assignments import assign, set_job_value
from tftmanager.app.changes import Changes
from tftmanager.app.equipment import record_money
from tftmanager.app.interchange import Entry, loads
from tftmanager.app.transfer import import_entries
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.money import MoneyKind
from tftmanager.shipped import resource
from tftmanager.store.campaign import CampaignStore


def demo_entries() -> list[Entry]:
    """Ragnar, Flavius, Wulf, Joe the Barbarian and Morgaine (a wizard) as shipped."""
    return loads(resource("demo", "party.json").read_text(encoding="utf-8"))


# The demo campaign's own house values for job values the scan lost, so a new
# user can run a week at once.  They live in the demo campaign's library
# (marked "set by the GM"), never in the shipped rules.
DEMO_JOB_VALUES = (("garrison", "xp_week", 1), ("guard_1", "xp_week", 1))
DEMO_ASSIGNMENTS = (
    ("Ragnar", Assignment(activity=Activity.STUDY)),
    ("Flavius Marcellus", Assignment(activity=Activity.JOB, job="guard_1")),
    ("Wulf", Assignment(activity=Activity.JOB, job="garrison", own_lifestyle=True)),
    ("Joe the Barbarian", Assignment(activity=Activity.JOB, job="garrison")),
    # A starting wizard holds no rank yet: Student is the first (IQ 7, 28 points).
    ("Morgaine", Assignment(activity=Activity.JOB, job="student")),
)
# Ragnar (IQ 8, two talents known) has room for Horsemanship, so the demo's study
# finishes (with a teacher, in the four weeks the README runs); Joe's memory
# is full (the document's example), so he works instead.
DEMO_STUDY = ("Ragnar", "horsemanship")
# Money to show the ledger from the start (the documents give the party none;
# these are the demo's, like Flavius's horse and fine dagger in party.json).
DEMO_MONEY = (("Flavius Marcellus", 150, "Pay saved from the Legion"),
              ("Ragnar", 120, "Plunder from the last raid"),
              ("Wulf", 60, "Furs sold at the market"),
              ("Joe the Barbarian", 90, "Prize from the arena"),
              ("Morgaine", 40, "Fees for lighting the inn"))


def add_demo_party(*, store: CampaignStore) -> Changes:
    """Add the demo party, with jobs and a study assigned, ready to run a week."""
    imported = import_entries(store=store, entries=demo_entries(), as_copies=True)
    names = {e.character.name: cid for e, cid in zip(demo_entries(), imported.ids,
                                                       strict=True)}
    for job, field_name, value in DEMO_JOB_VALUES:
        set_job_value(store=store, job=job, field_name=field_name, value=value)
    for name, data in DEMO_ASSIGNMENTS:
        if name in names:
            assign(store=store, character_id=names[name], data=data)
    for name, amount, reason in DEMO_MONEY:
        if name in names:
            record_money(store=store, character_id=names[name], amount=amount,
                         kind=MoneyKind.START, reason=reason)
    student, talent = DEMO_STUDY
    if student in names:
        start_study(store=store, character_id=names[student], key=talent, teacher=True)
    return imported.changes
