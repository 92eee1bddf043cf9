"""The campaign journal tells, sentence for sentence, the operations a campaign ran."""

from __future__ import annotations

import datetime as dt
import importlib
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tftmanager.app import deeds, equipment, experience, journal, session_notes, survival, weeks
from tftmanager.app.campaign_journal import JournalFilter, campaign_journal
from tftmanager.app.campaigns import party_sheets
from tftmanager.app.deeds import Deed
from tftmanager.app.journal_export import to_html, to_markdown
from tftmanager.app.story import OpFacts, tell
from tftmanager.rules.experience import Attribute
from tftmanager.rules.items import ItemKind
from tftmanager.rules.money import MoneyKind
from tftmanager.rules.survival import Situation
from tftmanager.store.campaign import CampaignStore, open_campaign


def _ids(store: CampaignStore) -> dict[str, int]:
    return {s.character.name: s.id or 0 for s in party_sheets(store=store)}


def _sentences(store: CampaignStore, where: JournalFilter | None = None) -> list[str]:
    return [line.text for week in campaign_journal(store=store, where=where).weeks
            for line in week.lines]


def test_a_scripted_campaign_reads_sentence_for_sentence(demo_store: CampaignStore) -> None:
    ids = _ids(demo_store)
    experience.award(store=demo_store, character_ids=list(ids.values()), amount=300,
                     reason="Cleared the warren")
    experience.raise_attribute(store=demo_store, character_id=ids["Flavius Marcellus"],
                               attribute=Attribute.ST)
    equipment.buy(store=demo_store, character_id=ids["Flavius Marcellus"], kind=ItemKind.GEAR,
                  key="skis")
    equipment.record_money(store=demo_store, character_id=ids["Ragnar"], amount=25,
                           kind=MoneyKind.FOUND, reason="Coins in the warren")
    applied = weeks.run_weeks(store=demo_store, weeks=2, seed=5)
    experience.award(store=demo_store, character_ids=[ids["Ragnar"]], amount=40,
                     reason="Held the bridge")
    experience.award(store=demo_store, character_ids=[ids["Wulf"]], amount=10,
                     reason="Undone")
    journal.undo(store=demo_store)  # an undone action is not part of the story

    library = equipment.library_for(demo_store)
    price = equipment.price_of(library, ItemKind.GEAR, "skis", equipment.ORDINARY)
    skis = equipment.entry_name(library, ItemKind.GEAR, "skis")
    expected = [
        "The party earned 300 XP each: Cleared the warren.",
        "Flavius Marcellus raised ST from 12 to 13 for 100 XP.",
        f"Flavius Marcellus bought {skis} for ${price:,}.",
        "Ragnar received $25: Coins in the warren.",
    ]
    for week in applied:  # one sentence per character per week, in the report's order
        for section in week.report.characters:
            assert section.name in {*ids}
            expected.append(("week", week.report.week, section))
    expected.append("Ragnar earned 40 XP: Held the bridge.")
    told = _sentences(demo_store)
    assert len(told) == len(expected)
    for text, want in zip(told, expected, strict=True):
        if isinstance(want, str):
            assert text == want
            continue
        section = want[2]
        assert text.startswith(section.name + " ")
        if section.money > 0:
            assert f"earned ${section.money:,}" in text
        if section.xp:
            assert f"gained {section.xp:,} XP" in text
        for event in section.events:
            assert event in text


def test_filters_by_character_week_and_kind(demo_store: CampaignStore) -> None:
    ids = _ids(demo_store)
    experience.award(store=demo_store, character_ids=[ids["Ragnar"]], amount=40,
                     reason="Held the bridge")
    weeks.run_weeks(store=demo_store, weeks=3, seed=5)
    experience.award(store=demo_store, character_ids=[ids["Wulf"]], amount=20,
                     reason="Tracked the orcs")
    only_wulf = _sentences(demo_store, JournalFilter(character_id=ids["Wulf"]))
    assert only_wulf and all(s.startswith("Wulf ") for s in only_wulf)
    assert len(only_wulf) == 4  # three weeks and the award
    week_two = campaign_journal(store=demo_store, where=JournalFilter(first_week=2,
                                                                      last_week=2))
    assert [w.week for w in week_two.weeks] == [2]
    assert len(week_two.weeks[0].lines) == len(ids)
    awards = _sentences(demo_store, JournalFilter(kinds=frozenset({"experience"})))
    assert awards == ["Ragnar earned 40 XP: Held the bridge.",
                      "Wulf earned 20 XP: Tracked the orcs."]
    assert campaign_journal(store=demo_store).weeks[-1].week == 4  # the award after the run


def test_a_session_note_sits_in_its_week_and_undoes(demo_store: CampaignStore) -> None:
    session_notes.add_note(store=demo_store, title="The warren",
                           text="The party went **down** into the warren.\n\n- orcs\n- a troll",
                           played_on=dt.date(2026, 11, 20))
    story = campaign_journal(store=demo_store)
    note = story.weeks[0].notes[0]
    assert (note.week, note.heading) == (1, "Session of 2026-11-20: The warren")
    assert "### Session of 2026-11-20: The warren" in to_markdown(story)
    page = to_html(story)
    assert "<b>down</b>" in page and "<li>a troll</li>" in page
    assert journal.next_undo(store=demo_store).label.startswith("Session note, week 1")
    journal.undo(store=demo_store)
    assert session_notes.notes(store=demo_store) == []
    journal.redo(store=demo_store)
    assert [n.title for n in session_notes.notes(store=demo_store)] == ["The warren"]


def test_an_empty_note_is_refused_and_changes_nothing(demo_store: CampaignStore) -> None:
    with pytest.raises(session_notes.NoteRefused, match="title or some text"):
        session_notes.add_note(store=demo_store, title="  ", text="\n")
    assert journal.next_undo(store=demo_store) is None


def test_a_survival_roll_reads_as_a_sentence(demo_store: CampaignStore) -> None:
    ids = _ids(demo_store)
    survival.survival_roll(store=demo_store, character_id=ids["Wulf"],
                           situation=Situation(st_now=0, original_st=14), faces=(6, 5))
    told = _sentences(demo_store)
    assert told[-1].startswith("Wulf rolled 6+5 for survival (total ")
    assert told[-1].endswith(") and survived.")


def test_an_unknown_kind_reads_as_its_label() -> None:
    when = datetime(2026, 11, 23, tzinfo=UTC)
    op = OpFacts(7, "encounter", deeds.told("Goblin ambush: Ragnar took 4 hits"), 3, when, (1,))
    [line] = tell(op)
    assert (line.text, line.week, line.characters) == (
        "Goblin ambush: Ragnar took 4 hits.", 3, frozenset({1}))


def test_a_campaign_of_the_schema_before_notes_tells_its_story(tmp_path: Path) -> None:
    fixture = Path(__file__).resolve().parent.parent / "data" / "campaign-schema7.tftcampaign"
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    with open_campaign(copy) as store:
        told = _sentences(store)
        assert told == ["The party earned 120 XP each: Fixture award."]  # the undone one left out
        session_notes.add_note(store=store, title="After the upgrade", text="")
        assert campaign_journal(store=store).weeks[0].notes[0].title == "After the upgrade"



def test_weeks_run_before_the_journal_existed_are_still_told(tmp_path: Path) -> None:
    fixture = Path(__file__).resolve().parent.parent / "data" / "campaign-schema5.tftcampaign"
    copy = tmp_path / fixture.name
    shutil.copyfile(fixture, copy)
    with open_campaign(copy) as store:
        story = campaign_journal(store=store)
    assert [w.week for w in story.weeks] == [1, 2]  # two weeks in its week log, no history
    assert all(line.kind == "week" and line.text.endswith(".") for w in story.weeks
               for line in w.lines)
    assert len(story.weeks[0].lines) >= 1

def _migrated(kind: str, label: str) -> Deed:
    """The deed schema 15's migration reads from an earlier operation's label."""
    migration = importlib.import_module("db.versions.0015_operation_deed")
    party = migration._Party([(1, "u1", "Ragnar")])
    return Deed.from_json(migration.deed_of(kind, label, [1], party), label)


@pytest.mark.parametrize("label", ["Ragnar: ST 8 -> 20", "Ragnar: ST 20 -> 12; DX 8 -> 12",
                                   "Ragnar: race Human -> Elf"])
def test_session_zero_typing_is_kept_out_of_the_story(label: str) -> None:
    """The story tells play; adjusting a record is History's (and stays there)."""
    assert tell(OpFacts(1, "character", _migrated("character", label), 1,
                        datetime(2026, 11, 23, tzinfo=UTC))) == []


@pytest.mark.parametrize(("kind", "label", "told"), [
    ("experience", "Ragnar: -20 XP, correction", "Ragnar lost 20 XP (correction)."),
    ("experience", "Ragnar: memory 0 -> 1 (500 XP)",
     "Ragnar bought a memory point (0 to 1) for 500 XP."),
    ("equipment", "Flavius Marcellus: repaired Chainmail ($50)",
     "Flavius Marcellus had Chainmail repaired for $50."),
    ("equipment", "Wulf: sold Longbow for $20", "Wulf sold Longbow for $20."),
    ("equipment", "Wulf: -$8, Inn", "Wulf paid $8: Inn."),
    ("week", "Joe: survival roll 2+1 = 1, died", "Joe rolled 2+1 for survival (total 1) and died."),
    ("week", "Advanced to week 6 (studies only)",
     "A week of study passed; the campaign moved on to week 6."),
    ("library", "Library: saved talent Running", "The rules library was changed: talent "
                                                  "Running saved."),
    ("jobs", "Wulf: works as Garrison", "Wulf took a job as Garrison."),
    ("character", "Added Ragnar", "Ragnar joined the party."),
    ("character", "Ragnar: wounds 0 -> 5", "Ragnar took 5 hits (wounds now 5)."),
    ("settings", "Undo limit: 100 -> 50 operations",
     "Campaign rules changed: Undo limit: 100 -> 50 operations."),
    ("abilities", "Ragnar: learned Running", "Ragnar: learned Running."),
])
def test_each_shape_of_an_earlier_label_reads_as_a_sentence(kind: str, label: str,
                                                            told: str) -> None:
    """Operations made before deeds were kept are read one last time by the migration."""
    [line] = tell(OpFacts(1, kind, _migrated(kind, label), 2,
                          datetime(2026, 11, 23, tzinfo=UTC)))
    assert line.text == told


def test_a_note_is_edited_and_deleted_as_operations(any_store: CampaignStore) -> None:
    """Editing a note keeps its week and date unless new ones are given; undo brings it back."""
    session_notes.add_note(store=any_store, title="The warren", text="Goblins.", week=2,
                           played_on=dt.date(2026, 11, 20))
    [added] = session_notes.notes(store=any_store)
    session_notes.edit_note(store=any_store, note_id=added.id, title=" The warren, again ",
                            text="More goblins.\n")
    edited = session_notes.note(store=any_store, note_id=added.id)
    assert edited == session_notes.SessionNote(added.id, 2, "2026-11-20", "The warren, again",
                                               "More goblins.")
    session_notes.delete_note(store=any_store, note_id=added.id)
    assert session_notes.note(store=any_store, note_id=added.id) is None
    assert journal.next_undo(store=any_store).label == "Deleted session note: The warren, again"
    journal.undo(store=any_store)
    assert session_notes.notes(store=any_store) == [edited]
    for change in (lambda: session_notes.delete_note(store=any_store, note_id=added.id + 99),
                   lambda: session_notes.edit_note(store=any_store, note_id=added.id + 99,
                                                   title="Gone", text="")):
        with pytest.raises(session_notes.NoteRefused, match="no longer in the campaign"):
            change()
    assert session_notes.notes(store=any_store) == [edited]
