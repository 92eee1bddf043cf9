"""The story is told from what each operation kept as data, and reads as it did before.

``tests/data/story`` holds a campaign made by the version before deeds were
kept (every shape of label the story read, the demo's twelve weeks included)
and the journal it and the demo told then, written by that version.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from tftmanager.app import characters, equipment, experience, survival, weeks
from tftmanager.app.campaign_journal import CampaignJournal, campaign_journal
from tftmanager.app.campaigns import new_campaign
from tftmanager.app.journal import history
from tftmanager.app.journal_export import to_markdown
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import Item, ItemKind
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.survival import Situation
from tftmanager.store.campaign import CampaignStore, open_campaign

STORY = Path(__file__).resolve().parent.parent / "data" / "story"


def _lines(journal: CampaignJournal) -> list[list[object]]:
    return [[line.week, line.kind, sorted(line.characters), line.operation_id, line.text]
            for week in journal.weeks for line in week.lines]


def test_a_campaign_made_before_deeds_reads_as_it_did(tmp_path: Path) -> None:
    copy = tmp_path / "today.tftcampaign"
    shutil.copyfile(STORY / "today.tftcampaign", copy)
    with open_campaign(copy) as store:  # upgraded: the labels read one last time
        assert store.backup_path is not None and store.backup_path.exists()
        journal = campaign_journal(store=store)
    assert to_markdown(journal) + "\n" == (STORY / "today.md").read_text()
    assert _lines(journal) == json.loads((STORY / "today-lines.json").read_text())


def test_the_demo_made_now_reads_as_it_did(tmp_path: Path) -> None:
    with new_campaign(path=tmp_path / "demo.tftcampaign", name="Demo", demo=True,
                      history=True) as store:
        journal = campaign_journal(store=store)
    assert to_markdown(journal) + "\n" == (STORY / "demo.md").read_text()
    assert _lines(journal) == json.loads((STORY / "demo-lines.json").read_text())


def _play(store: CampaignStore, name: str) -> list[str]:
    """The same deeds for a new character called ``name``: its sentences, named "X"."""
    cid = characters.add_new_character(store=store).id
    characters.rename_character(store=store, character_id=cid, name=name)
    first = len(campaign_journal(store=store).weeks[-1].lines) if campaign_journal(
        store=store).weeks else 0
    experience.award(store=store, character_ids=[cid], amount=900, reason="A start")
    experience.raise_attribute(store=store, character_id=cid, attribute=Attribute.ST)
    equipment.record_money(store=store, character_id=cid, amount=500, kind=MoneyKind.FOUND,
                           reason="Treasure")
    sold = equipment.buy(store=store, character_id=cid, kind=ItemKind.GEAR, key="skis")
    equipment.sell(store=store, character_id=cid, uid=sold.after.items[-1].uid, price=3)
    given = equipment.give(store=store, character_id=cid,
                           item=Item(ItemKind.SHIELD, "small_metal_shield"))
    shield = given.after.items[-1].uid
    equipment.record_hits(store=store, character_id=cid, uid=shield, hits=2)
    equipment.repair(store=store, character_id=cid, uid=shield)
    before = characters.get_character(store=store, character_id=cid)
    characters.edit_character(store=store, character_id=cid,
                              character=replace(before, wounds=before.st + 1))
    characters.edit_character(store=store, character_id=cid,
                              character=replace(before, wounds=before.st + 1, notes="x"))
    survival.survival_roll(store=store, character_id=cid,
                           situation=Situation(st_now=-1, original_st=before.st), faces=(6, 6))
    characters.duplicate_character(store=store, character_id=cid)
    journal = campaign_journal(store=store)
    told = [line.text for line in journal.weeks[-1].lines][first:]
    return [text.replace(name, "X") for text in told]


def test_a_name_shaped_like_a_label_changes_nothing(demo_store: CampaignStore) -> None:
    plain = _play(demo_store, "Bob Smith")
    tricky = _play(demo_store, "Bob: ST 3 -> 4")
    assert tricky == plain
    assert plain == [
        "X earned 900 XP: A start.", "X raised ST from 8 to 9 for 100 XP.",
        "X received $500: Treasure.", "X bought Skis (pair) for $100.",
        "X sold Skis (pair) for $3.", "X was given Small metal shield.",
        "X's small metal shield stopped 2 more hits.",
        "X had Small metal shield repaired for $9.", "X took 10 hits (wounds now 10).",
        "X: notes edited.", "X rolled 6+6 for survival (total 12) and died.",
        "X (copy) was made as a copy of X."]
    labels = [op.label for op in history(store=demo_store, limit=3)]
    assert labels[-1] == "Bob: ST 3 -> 4: notes edited"  # History says it as it was


def test_each_operation_keeps_its_deed_with_the_characters_by_uid(
        demo_store: CampaignStore) -> None:
    cid = characters.add_new_character(store=demo_store)
    experience.award(store=demo_store, character_ids=[cid.id], amount=50, reason="Scouting")
    weeks.run_weeks(store=demo_store, weeks=2, seed=3)
    run, award = history(store=demo_store, limit=2)
    assert award.deed == {"event": "award", "amount": 50, "reason": "Scouting",
                          "xp_kind": "award",
                          "who": [{"uid": cid.uid, "name": "New character"}]}
    assert award.label == "New character: +50 XP, Scouting"
    assert run.deed["event"] == "weeks"
    assert run.deed["last"] - run.deed["first"] == 1
    assert run.label == f"Ran weeks {run.deed['first']}-{run.deed['last']} (seed 3)"
