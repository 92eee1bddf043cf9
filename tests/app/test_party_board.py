"""The party board's figures are the rules core's, computed again here for each figure."""

from __future__ import annotations

from dataclasses import replace

from tftmanager.app import characters, equipment, experience, weeks
from tftmanager.app.abilities import studies_of
from tftmanager.app.campaigns import get_profile
from tftmanager.app.library import library_for
from tftmanager.app.party_board import COLUMNS, Readiness, cells, party_board
from tftmanager.rules.character import Status
from tftmanager.rules.derived import derive
from tftmanager.rules.experience import next_cost
from tftmanager.store.campaign import CampaignStore


def test_every_figure_equals_the_rules_core(demo_store: CampaignStore) -> None:
    weeks.run_weeks(store=demo_store, weeks=2, seed=11)
    library, profile = library_for(demo_store), get_profile(store=demo_store)
    rows = party_board(store=demo_store)
    assert len(rows) == 5
    for row in rows:
        character = characters.get_character(store=demo_store, character_id=row.id)
        derived = derive(character, library, profile)
        assert (row.st_now, row.st_full) == (character.current_st, character.st)
        assert row.fatigue == character.fatigue
        assert row.adj_dx == derived.adj_dx
        assert row.ma == derived.ma
        assert row.mount_ma == (derived.mount.ma if derived.mount else None)
        assert row.next_cost == next_cost(character, library.xp_costs, profile)
        assert row.xp == experience.status(store=demo_store, character_id=row.id).balance
        assert row.money == equipment.money(store=demo_store, character_id=row.id)
        studies = studies_of(store=demo_store, character_id=row.id)
        assert row.study_weeks_left == sum(s.weeks_needed - s.weeks_done for s in studies)
    ragnar = next(r for r in rows if r.name == "Ragnar")
    assert (ragnar.status, ragnar.studying) == ("studying", "Horsemanship")
    flavius = next(r for r in rows if r.name == "Flavius Marcellus")
    assert flavius.carry_kg is not None and flavius.load_kg > 0  # his horse's load and limit


def test_the_worst_off_need_the_gm_first(demo_store: CampaignStore) -> None:
    ids = {r.name: r.id for r in party_board(store=demo_store)}
    wulf = characters.get_character(store=demo_store, character_id=ids["Wulf"])
    characters.edit_character(store=demo_store, character_id=ids["Wulf"],
                              character=replace(wulf, wounds=wulf.st, status=Status.DYING))
    joe = characters.get_character(store=demo_store, character_id=ids["Joe the Barbarian"])
    characters.edit_character(store=demo_store, character_id=ids["Joe the Barbarian"],
                              character=replace(joe, wounds=3))
    rows = sorted(party_board(store=demo_store), key=lambda r: r.sort_key("readiness"))
    assert [(r.name, r.readiness) for r in rows[:2]] == [
        ("Wulf", Readiness.DYING), ("Joe the Barbarian", Readiness.HURT)]
    assert rows[0].needs[0] == "Dying: survival roll" and rows[0].status == "dying"
    assert (rows[1].st_now, rows[1].wounds, rows[1].status) == (joe.st - 3, 3, "recovering")
    assert rows[1].weeks_to_recover in (0, 1)  # one week of rest if rest heals all wounds


def test_a_wizards_spent_st_shows_as_fatigue_apart_from_wounds(demo_store: CampaignStore) -> None:
    ids = {r.name: r.id for r in party_board(store=demo_store)}
    morgaine = characters.get_character(store=demo_store, character_id=ids["Morgaine"])
    characters.edit_character(store=demo_store, character_id=ids["Morgaine"],
                              character=replace(morgaine, fatigue=3, wounds=1))
    row = next(r for r in party_board(store=demo_store) if r.name == "Morgaine")
    assert (row.st_now, row.wounds, row.fatigue) == (morgaine.st - 4, 1, 3)
    shown = dict(zip((header for header, _field in COLUMNS), cells(row), strict=True))
    assert (shown["Fatigue"], shown["Wounds"], shown["ST now/full"]) == ("3", "1", "6/10")
