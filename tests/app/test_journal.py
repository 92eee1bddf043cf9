"""The operations journal: every kind of action is one labelled, exactly undoable operation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from tftmanager.app import (
    abilities,
    assignments,
    campaigns,
    characters,
    equipment,
    experience,
    journal,
    library,
    survival,
    transfer,
    weeks,
)
from tftmanager.app.interchange import loads
from tftmanager.app.journal import NothingToUndo, UndoLimitRefused
from tftmanager.rules.assignment import Activity, Assignment
from tftmanager.rules.awards import Award
from tftmanager.rules.character import Character, InputError, Status
from tftmanager.rules.items import Item, ItemKind, ItemState, Quality
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.settings import InjuryReactions, RuleProfile
from tftmanager.rules.survival import Situation
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app


@pytest.fixture
def demo_store(any_demo_store: CampaignStore) -> CampaignStore:
    """Each test here runs on a campaign file and again on a server campaign."""
    return any_demo_store

FINE_DX = Quality(fine_dx=1)

Action = Callable[[CampaignStore, dict[str, int]], object]




def ids_of(store: CampaignStore) -> dict[str, int]:
    return {s.character.name.split()[0]: s.id for s in campaigns.party_sheets(store=store)
            if s.id is not None}


def _at(store: CampaignStore, character_id: int, key: str) -> str:
    """The identity of the character's possession of this key."""
    items = characters.get_character(store=store, character_id=character_id).items
    return next(item.uid for item in items if item.key == key)


def _edit(store: CampaignStore, ids: dict[str, int]) -> object:
    before = characters.get_character(store=store, character_id=ids["Ragnar"])
    return characters.edit_character(store=store, character_id=ids["Ragnar"],
                                     character=replace(before, dx=12, notes="Scarred"))


def _library_edit(store: CampaignStore, _ids: dict[str, int]) -> object:
    [entry] = [e for e in library.entries(store=store) if (e.kind, e.key) == ("talent", "running")]
    return library.save_entry(store=store, entry=Entry(
        entry.kind, entry.key, {**entry.data, "cost": 3}, entry.retired))


def _dying(store: CampaignStore, ids: dict[str, int]) -> object:
    before = characters.get_character(store=store, character_id=ids["Wulf"])
    return characters.edit_character(
        store=store, character_id=ids["Wulf"],
        character=replace(before, wounds=before.st, status=Status.DYING))


def _survival(store: CampaignStore, ids: dict[str, int]) -> object:
    before = characters.get_character(store=store, character_id=ids["Wulf"])
    return survival.survival_roll(store=store, character_id=ids["Wulf"],
                               situation=Situation(st_now=0, original_st=before.st), seed=3)


def _cancel_study(store: CampaignStore, ids: dict[str, int]) -> object:
    [study] = abilities.studies_of(store=store, character_id=ids["Flavius"])
    return abilities.cancel_study(store=store, study_id=study.id)


# (label the history must show, the action)
ACTIONS: list[tuple[str, Action]] = [
    ("Added Brunhild", lambda s, _i: characters.create_character(
        store=s, character=Character(name="Brunhild", race="human", st=12, dx=12, iq=8))),
    ("Ragnar: DX 13 -> 12; notes edited", _edit),
    ("Duplicated Wulf as Wulf (copy)", lambda s, i: characters.duplicate_character(
        store=s, character_id=i["Wulf"])),
    ("Party award: +500 XP, Cleared the warren", lambda s, i: experience.award(
        store=s, character_ids=list(i.values()), amount=500, reason="Cleared the warren")),
    ("Ragnar: ST 11 -> 12 (100 XP)", lambda s, i: experience.raise_attribute(
        store=s, character_id=i["Ragnar"], attribute=experience.Attribute.ST)),
    ("Wulf: -20 XP, Miscounted", lambda s, i: experience.correct(
        store=s, character_id=i["Wulf"], amount=-20, reason="Miscounted")),
    ("Ragnar: +$1,000, Loot", lambda s, i: equipment.record_money(
        store=s, character_id=i["Ragnar"], amount=1000, kind=MoneyKind.FOUND, reason="Loot")),
    ("Ragnar: bought fine +1 DX Broadsword ($800)", lambda s, i: equipment.buy(
        store=s, character_id=i["Ragnar"], kind=ItemKind.WEAPON, key="broadsword",
        quality=FINE_DX)),
    ("Ragnar: given Chainmail", lambda s, i: equipment.give(
        store=s, character_id=i["Ragnar"],
        item=Item(ItemKind.ARMOR, "chainmail", ItemState.READIED))),
    ("Ragnar: Chainmail stopped 60 more hits", lambda s, i: equipment.record_hits(
        store=s, character_id=i["Ragnar"], uid=_at(s, i["Ragnar"], "chainmail"), hits=60)),
    ("Ragnar: Chainmail stored", lambda s, i: equipment.move(
        store=s, character_id=i["Ragnar"], uid=_at(s, i["Ragnar"], "chainmail"),
        state=ItemState.STORED)),
    ("Ragnar: sold Broadsword for $50", lambda s, i: equipment.sell(
        store=s, character_id=i["Ragnar"], uid=_at(s, i["Ragnar"], "broadsword"), price=50)),
    ("Flavius Marcellus: learned Swimming", lambda s, i: abilities.learn_talent(
        store=s, character_id=i["Flavius"], key="swimming")),
    ("Flavius Marcellus: forgot Swimming", lambda s, i: abilities.forget_talent(
        store=s, character_id=i["Flavius"], key="swimming")),
    ("Flavius Marcellus: began studying Swimming", lambda s, i: abilities.start_study(
        store=s, character_id=i["Flavius"], key="swimming", teacher=True)),
    ("Flavius Marcellus: cancelled a study", _cancel_study),
    ("Library: saved talent Running", _library_edit),
    ("Wulf: assigned to rest", lambda s, i: assignments.assign(
        store=s, character_id=i["Wulf"], data=Assignment(activity=Activity.REST))),
    ("Ran weeks 1-3 (seed 7)", lambda s, _i: weeks.run_weeks(store=s, weeks=3, seed=7)),
    ("Wulf: wounds 0 -> 14; status active -> dying", _dying),
    ("Wulf: survival roll", _survival),
    ("Campaign rules: Reactions to injury", lambda s, _i: campaigns.set_profile(
        store=s, profile=RuleProfile(injury_reactions=InjuryReactions.MELEE))),
    ("Undo limit: 100 -> 50 operations", lambda s, _i: journal.set_undo_limit(
        store=s, limit=50)),
    ("Imported Ragnar", lambda s, i: transfer.import_entries(
        store=s, entries=loads(transfer.export_by_name(store=s, name="Ragnar")),
        as_copies=True)),
    ("Deleted Joe the Barbarian", lambda s, i: characters.delete_character(
        store=s, character_id=i["Joe"])),
]


def test_every_kind_of_action_is_one_exactly_undoable_operation(demo_store: CampaignStore
                                                                , campaign_dump: Any) -> None:
    ids = ids_of(demo_store)
    start = campaign_dump(demo_store)
    states = [start]
    for label, action in ACTIONS:
        before = campaign_dump(demo_store)
        action(demo_store, ids)
        after = campaign_dump(demo_store)
        assert after != before, label
        newest = journal.history(store=demo_store, limit=1)[0]
        assert newest.label.startswith(label), (newest.label, label)
        assert not newest.undone and newest.undoable
        replayed = journal.undo(store=demo_store)
        assert replayed.operation.id == newest.id
        assert campaign_dump(demo_store) == before, f"undo of {label!r} was not exact"
        journal.redo(store=demo_store)
        assert campaign_dump(demo_store) == after, f"redo of {label!r} was not exact"
        states.append(after)
    assert len(journal.history(store=demo_store)) == len(ACTIONS)
    where = demo_store.location
    demo_store.close()
    # The journal is in the campaign: undo everything after reopening, then redo it all.
    with campaigns.open_existing(path=where) as again:
        for expected in reversed(states[:-1]):
            journal.undo(store=again)
            assert campaign_dump(again) == expected
        with pytest.raises(NothingToUndo, match="Nothing to undo"):
            journal.undo(store=again)
        for expected in states[1:]:
            journal.redo(store=again)
            assert campaign_dump(again) == expected
        with pytest.raises(NothingToUndo, match="Nothing to redo"):
            journal.redo(store=again)


def test_a_refused_action_records_nothing(demo_store: CampaignStore, campaign_dump: Any) -> None:
    ids = ids_of(demo_store)
    before = campaign_dump(demo_store)
    with pytest.raises(experience.XPRefused):
        experience.raise_attribute(store=demo_store, character_id=ids["Wulf"],
                                   attribute=experience.Attribute.ST)
    with pytest.raises(InputError):
        characters.create_character(store=demo_store,
                                    character=Character(name=" ", race="human", st=8, dx=8))
    assert campaign_dump(demo_store) == before
    assert journal.history(store=demo_store) == []


def test_typing_in_one_field_is_one_operation_named_by_the_final_value(
        demo_store: CampaignStore, campaign_dump: Any) -> None:
    cid = ids_of(demo_store)["Ragnar"]
    start = campaign_dump(demo_store)
    for st in (12, 13, 14):
        character = characters.get_character(store=demo_store, character_id=cid)
        characters.edit_character(store=demo_store, character_id=cid,
                                  character=replace(character, st=st))
    # In a file the three edits merge; on a server each stays its own operation
    # (its journal lines are the server's, never moved by a client).
    typed = (["Ragnar: ST 13 -> 14", "Ragnar: ST 12 -> 13", "Ragnar: ST 11 -> 12"]
             if demo_store.shared else ["Ragnar: ST 11 -> 14"])
    assert [o.label for o in journal.history(store=demo_store)] == typed
    # Another field starts a new operation.
    character = characters.get_character(store=demo_store, character_id=cid)
    characters.edit_character(store=demo_store, character_id=cid,
                              character=replace(character, dx=12))
    assert [o.label for o in journal.history(store=demo_store)] == [
        "Ragnar: DX 13 -> 12", *typed]
    for _ in range(1 + len(typed)):
        journal.undo(store=demo_store)
    assert campaign_dump(demo_store) == start


def test_an_edit_that_changes_nothing_is_not_in_the_history(demo_store: CampaignStore) -> None:
    cid = ids_of(demo_store)["Ragnar"]
    character = characters.get_character(store=demo_store, character_id=cid)
    characters.edit_character(store=demo_store, character_id=cid, character=character)
    assert journal.history(store=demo_store) == []


def test_a_change_and_its_reverse_leave_no_history_line(demo_store: CampaignStore) -> None:
    """Typing SP 0 -> 5 and back to 0 is no change: no "SP 0 -> 0" in History."""
    cid = ids_of(demo_store)["Ragnar"]
    start = characters.get_character(store=demo_store, character_id=cid)
    for sp in (5, 0):
        character = characters.get_character(store=demo_store, character_id=cid)
        characters.edit_character(store=demo_store, character_id=cid,
                                  character=replace(character, sp=sp))
    labels = [o.label for o in journal.history(store=demo_store)]
    assert not any("-> 0" in label and "SP 0" in label for label in labels)
    if not demo_store.shared:  # in a file the two merge, and cancel out
        assert labels == []
    assert characters.get_character(store=demo_store, character_id=cid) == start


def test_history_names_entries_not_library_keys(demo_store: CampaignStore) -> None:
    """The label says "Fine plate", never the key "fine_plate"."""
    cid = ids_of(demo_store)["Ragnar"]
    character = characters.get_character(store=demo_store, character_id=cid)
    characters.edit_character(store=demo_store, character_id=cid,
                              character=replace(character, race="elf"))
    [op] = journal.history(store=demo_store)
    assert op.label == "Ragnar: race Human -> Elf"


def test_a_new_action_drops_the_redo_tail(demo_store: CampaignStore) -> None:
    ids = list(ids_of(demo_store).values())
    experience.award(store=demo_store, character_ids=ids, amount=10, reason="One")
    experience.award(store=demo_store, character_ids=ids, amount=20, reason="Two")
    journal.undo(store=demo_store)
    assert journal.next_redo(store=demo_store) is not None
    experience.award(store=demo_store, character_ids=ids, amount=30, reason="Three")
    assert journal.next_redo(store=demo_store) is None
    assert [o.label for o in journal.history(store=demo_store)] == [
        "Party award: +30 XP, Three", "Party award: +10 XP, One"]


def test_the_undo_limit_keeps_history_but_not_its_undo(demo_store: CampaignStore) -> None:
    ids = list(ids_of(demo_store).values())
    journal.set_undo_limit(store=demo_store, limit=2)
    for amount in (1, 2, 3):
        experience.award(store=demo_store, character_ids=ids, amount=amount, reason="Step")
    history = journal.history(store=demo_store)
    assert [o.undoable for o in history] == [True, True, False, False]
    journal.undo(store=demo_store)
    journal.undo(store=demo_store)
    with pytest.raises(NothingToUndo, match="can no longer be undone"):
        journal.undo(store=demo_store)
    assert experience.balances(store=demo_store)[ids[0]] == 1
    for bad in (0, -1, 10_001, True):
        with pytest.raises(UndoLimitRefused, match="undo limit is 1 to 10,000"):
            journal.set_undo_limit(store=demo_store, limit=bad)


def test_a_write_outside_an_operation_is_refused(
        demo_store: CampaignStore, campaign_dump: Any) -> None:
    cid = ids_of(demo_store)["Ragnar"]
    before = campaign_dump(demo_store)
    with pytest.raises(IntegrityError, match="write outside an operation"), \
            demo_store.transaction() as session:
        stored = queries.get_character(session=session, character_id=cid)
        queries.update_character(session=session, character_id=cid,
                                 character=replace(stored.character, st=18))
    assert campaign_dump(demo_store) == before


def test_history_by_character(demo_store: CampaignStore) -> None:
    ids = ids_of(demo_store)
    experience.award(store=demo_store, character_ids=[ids["Wulf"]], amount=5, reason="Wolf")
    experience.award(store=demo_store, character_ids=list(ids.values()), amount=9, reason="All")
    wulf = journal.history(store=demo_store, character_id=ids["Wulf"])
    ragnar = journal.history(store=demo_store, character_id=ids["Ragnar"])
    assert [o.label for o in wulf] == ["Party award: +9 XP, All", "Wulf: +5 XP, Wolf"]
    assert [o.label for o in ragnar] == ["Party award: +9 XP, All"]
    assert journal.history(store=demo_store, limit=1)[0].label == "Party award: +9 XP, All"


def test_combat_awards_and_a_library_import_are_operations(
        demo_store: CampaignStore, campaign_dump: Any) -> None:
    ids = ids_of(demo_store)
    before = campaign_dump(demo_store)
    experience.award_each(store=demo_store, awards=[
        (ids["Ragnar"], Award("Ragnar", 12, "Beat an orc")),
        (ids["Wulf"], Award("Wulf", 4, "Beat an orc"))])
    text = library.export_library(store=demo_store)
    library.import_library(store=demo_store, text=text.replace("cost = 2", "cost = 1", 1),
                           fmt="toml")
    labels = [o.label for o in journal.history(store=demo_store)]
    assert labels[0].startswith("Library imported (")
    assert labels[1] == "Combat to 2: XP, Beat an orc"
    journal.undo(store=demo_store)
    journal.undo(store=demo_store)
    assert campaign_dump(demo_store) == before


def test_undo_works_on_a_campaign_upgraded_from_before_the_journal(
        tmp_path: Path, campaign_dump: Any) -> None:
    source = Path(__file__).resolve().parent.parent / "data" / "campaign-schema5.tftcampaign"
    copy = tmp_path / "old.tftcampaign"
    copy.write_bytes(source.read_bytes())
    with campaigns.open_existing(path=copy) as store:
        before = campaign_dump(copy)
        experience.award(store=store, character_ids=list(ids_of(store).values()), amount=7,
                         reason="After the upgrade")
        journal.undo(store=store)
        assert campaign_dump(copy) == before


def test_an_upgrade_keeps_the_history_but_not_its_undo(demo_store: CampaignStore) -> None:
    from tftmanager.store.journal_triggers import forget_row_images

    ids = list(ids_of(demo_store).values())
    experience.award(store=demo_store, character_ids=ids, amount=10, reason="Before")
    with demo_store.engine.begin() as conn:  # what upgrade_to_head does after a migration
        forget_row_images(conn)
    [operation] = journal.history(store=demo_store)
    assert operation.label == "Party award: +10 XP, Before" and not operation.undoable
    with pytest.raises(NothingToUndo, match="can no longer be undone"):
        journal.undo(store=demo_store)
