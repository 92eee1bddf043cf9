"""Stat blocks into and out of the bestiary: templates keep MA, natural attacks and armor."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tftmanager.app import bestiary, journal
from tftmanager.app.library import library_for
from tftmanager.app.statblock_bestiary import read_templates, template_text
from tftmanager.app.statblocks import StatBlockError, export_statblocks, import_statblocks
from tftmanager.store.campaign import CampaignStore

pytestmark = pytest.mark.app

DATA = Path(__file__).parent.parent / "data" / "statblocks"


def test_a_monster_with_no_race_becomes_a_creature_template(store: CampaignStore) -> None:
    import_statblocks(store=store, text=(DATA / "monster_no_race.txt").read_text(),
                      bestiary=True)
    wolf = bestiary.template(store=store, key="giant_wolf")
    assert (wolf.name, wolf.kind, wolf.race, wolf.st, wolf.dx, wolf.iq, wolf.ma) == (
        "GIANT WOLF", "creature", "", 16, 13, 6, 14)
    assert (wolf.attack, str(wolf.damage)) == ("Bite", "2d")
    assert wolf.note == "Attacks: attacks any adjacent hex\nTravels in packs of 3-6."


def test_an_encounter_key_becomes_npc_templates_in_one_operation(store: CampaignStore) -> None:
    before = {c.key for c in bestiary.list_templates(store=store)}
    import_statblocks(store=store, text=(DATA / "adventure_encounter_key.txt").read_text(),
                      bestiary=True)
    sergeant = bestiary.template(store=store, key="orc_sergeant")
    assert (sergeant.kind, sergeant.race, sergeant.armor, sergeant.shield,
            sergeant.weapons) == ("npc", "orc", "leather", "small_shield", ("broadsword",))
    assert sergeant.note == "Talents: Sword, Shield"
    assert bestiary.template(store=store, key="goblin_scout").weapons == ("dagger", "sling")
    journal.undo(store=store)
    assert {c.key for c in bestiary.list_templates(store=store)} == before


def test_natural_armor_and_attacks_from_a_dungeon_key(store: CampaignStore) -> None:
    text = (DATA / "dungeon_key_periods.txt").read_text()
    with pytest.raises(StatBlockError, match="line 1: the bestiary already has Gargoyle"):
        import_statblocks(store=store, text=text, bestiary=True)
    import_statblocks(store=store, text=text.replace("GARGOYLE", "Cave gargoyle"),
                      bestiary=True)
    gargoyle = bestiary.template(store=store, key="cave_gargoyle")
    assert (gargoyle.kind, gargoyle.ma, gargoyle.attack, str(gargoyle.damage),
            gargoyle.stops, gargoyle.note) == ("creature", 8, "Claws", "2d", 3, "")
    brigand = bestiary.template(store=store, key="brigand")
    assert (brigand.kind, brigand.armor, brigand.shield, brigand.weapons) == (
        "npc", "leather", "small_shield", ("broadsword",))


def test_sentences_after_the_attributes_give_attack_and_hide(store: CampaignStore) -> None:
    import_statblocks(store=store, text=(DATA / "legacy_sentences.txt").read_text(),
                      bestiary=True)
    bear = bestiary.template(store=store, key="brown_bear")
    assert (bear.kind, bear.attack, str(bear.damage), bear.stops, bear.note) == (
        "creature", "Claws", "2d+2", 2, "")
    assert bestiary.template(store=store, key="sam_the_guard").race == "human"


def test_a_bad_block_or_a_taken_name_imports_nothing(store: CampaignStore) -> None:
    before = bestiary.list_templates(store=store)
    with pytest.raises(StatBlockError, match="line 4: 'Vorpal blade' is no weapon"):
        import_statblocks(store=store, text=(DATA / "bad_unknown_weapon.txt").read_text(),
                          bestiary=True)
    with pytest.raises(StatBlockError, match="line 1: the bestiary already has Wolf"):
        import_statblocks(store=store, text="Wolf\nST 10 DX 14 IQ 6 MA 12\n", bestiary=True)
    assert bestiary.list_templates(store=store) == before


def test_every_shipped_template_round_trips_through_its_stat_block(
        store: CampaignStore) -> None:
    """Source and assumption notes are not part of a stat block; everything else comes back."""
    library = library_for(store)
    for creature in bestiary.list_templates(store=store):
        text = template_text(creature, library)
        lines, rows = read_templates(text, replace(library, creatures={}))  # as if new
        assert [p for n in lines for p in n.problems] == [], text
        row = bestiary.template_data(store=store, key=creature.key)
        fields = ("name", "kind", "race", "st", "dx", "iq", "ma", "armor", "shield",
                  "weapons", "attack", "damage", "stops", "dx_against", "note")
        assert {f: rows[0][f] for f in fields} == {f: row.get(f) for f in fields}, text


def test_the_bestiary_exports_by_name(store: CampaignStore) -> None:
    assert export_statblocks(store=store, names=["wolf"], bestiary=True) == (
        "Wolf\nST 10, DX 14, IQ 6, MA 12\nKind: creature\nAttacks: Bite (1d+1)\n"
        "Natural armor: stops 1\nNotes: More ST for dire wolves.\n")
