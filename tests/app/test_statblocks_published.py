"""Stat blocks as adventures print them, full of names this library lacks, all import.

``tests/data/statblocks/published`` holds five blocks in the styles printed
adventures use (a caravan's guards, a hedge witch with a bullet list of magic
items, a bandit captain, a temple acolyte in forum markup, two one-line sewer
goblins).  Each imports; every talent, spell and possession the library lacks
is kept in the notes and named in the report, line by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tftmanager.app.campaigns import party_sheets
from tftmanager.app.import_unknowns import Choice, Resolution
from tftmanager.app.library import library_for
from tftmanager.app.statblocks import import_statblocks, preview
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "statblocks" / "published"
UNKNOWN = {
    "caravan_guards.txt": ["Teamster", "Falchion", "Boiled leather", "Waterskin",
                           "Trail rations x5", "Silver Coins x12"],
    "hedge_witch.txt": ["Herbalism", "Cheesemaking", "Witchsight", "Summon Toad",
                        "Reveal Hidden", "Walking stick", "Charm of Warding, 1 use",
                        "Pouch of Never-Empty Salt"],
    "bandit_captain.txt": ["Bullying", "throwing knives x3", "Hand crossbow", "Brigandine"],
    "temple_acolyte.txt": ["Theology", "Sanctify Ground", "Prayer beads",
                           "Vial of holy water x2", "Candles x6"],
    "sewer_lurkers.txt": ["Sewer Lore", "Serrated knife", "Ratskin cloak", "Rope",
                          "Rat on a string", "Ambush", "Cleaver", "Pot-lid shield"],
}


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_a_published_block_imports_and_names_what_went_to_the_notes(
        name: str, store: CampaignStore) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    result = import_statblocks(store=store, text=text)
    assert result.ids
    kept = [line for line in result.report if "kept in the notes" in line]
    assert len(kept) == len(UNKNOWN[name])
    for written in UNKNOWN[name]:
        assert any(f": {written}" in line for line in kept), written
    notes = "\n".join(s.character.notes for s in party_sheets(store=store))
    assert all(written in notes for written in UNKNOWN[name])


def test_the_hedge_witchs_languages_age_and_bullets(store: CampaignStore) -> None:
    """A bullet is one entry, commas and all ("Charm of Warding, 1 use")."""
    import_statblocks(store=store, text=(DATA / "hedge_witch.txt").read_text(encoding="utf-8"))
    (sheet,) = party_sheets(store=store)
    assert sheet.character.languages == ("Common", "Elvish") and sheet.character.age == 71
    assert "Magic item: Charm of Warding, 1 use (bone, see below)" in sheet.character.notes


def test_a_name_can_be_mapped_or_added_instead(store: CampaignStore) -> None:
    text = (DATA / "bandit_captain.txt").read_text(encoding="utf-8")
    choices = {("armor", "brigandine"): Resolution(Choice.MAP, "chainmail"),
               ("weapon", "hand crossbow"): Resolution(Choice.ADD)}
    seen = preview(store=store, text=text, choices=choices)
    assert [u.name for u in seen.unknowns][:4] == ["Bullying", "throwing knives",
                                                   "Hand crossbow", "Brigandine"]
    result = import_statblocks(store=store, text=text, choices=choices)
    (sheet,) = party_sheets(store=store)
    keys = {(i.kind.value, i.key) for i in sheet.character.items}
    assert {("armor", "chainmail"), ("weapon", "hand_crossbow")} <= keys
    crossbow = library_for(store).weapons["hand_crossbow"]
    assert str(crossbow.damage) == "2d-1"
    assert any("mapped to Chainmail" in line for line in result.report)
