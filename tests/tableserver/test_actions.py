"""What a player may do from their page: the app's own functions, as the player, undoable."""

from __future__ import annotations

import html
import shutil

import pytest

from tftmanager.app import campaigns, encounters, experience, journal
from tftmanager.app.characters import get_character
from tftmanager.rules.items import ItemKind, ItemState

pytestmark = pytest.mark.app


def test_the_page_shows_the_card_as_printed(table) -> None:
    page = table.page(table.ragnar)
    # Melee's record card: ST 11, DX 13 (11 with armor, 10 with the shield), MA 8.
    # The figures in brackets go on a line of their own: a phone's box is narrow.
    for text in ("Ragnar", "ST</b> <span>11", "DX</b> <span>13</span><i>(11, 10)</i>",
                 "adjDX, with shield",
                 "adjDX: DX 13, Leather armor -2 = 11; with Large shield -1 = 10",
                 "MA</b> <span>8", "Stops 2 hits per attack, 4 with shield",
                 "Spear", "1d+1", "Pole Weapons", "Memory 3 of 8 used",
                 "XP 150; next point of ST, DX, IQ or SP costs 100", "Money $"):
        assert text in page, text
    assert page.count('class="box"') == 11  # one open box per point of ST
    assert "My notes" in page


def test_a_raise_is_one_operation_by_the_player_and_the_gm_can_undo_it(table) -> None:
    answer = table.act(table.ragnar, action="raise", attribute="dx")
    assert answer.json() == {"ok": True, "message": "DX raised for 100 XP.",
                             "live": answer.json()["live"]}
    assert "DX</b> <span>14" in answer.json()["live"]
    newest = journal.history(store=table.store, limit=1)[0]
    assert newest.label == "Ragnar: DX 13 -> 14 (100 XP)"
    assert newest.author == "Ragnar's player"
    journal.undo(store=table.store)  # the GM's Edit > Undo
    assert get_character(store=table.store, character_id=table.ids["Ragnar"]).dx == 13
    assert experience.balances(store=table.store)[table.ids["Ragnar"]] == 150


def test_a_raise_the_player_cannot_afford_is_refused_with_the_reason(table) -> None:
    table.act(table.ragnar, action="raise", attribute="dx")
    before = len(journal.history(store=table.store))
    refused = table.act(table.ragnar, action="raise", attribute="iq")
    assert refused.status_code == 422
    assert refused.json() == {"ok": False, "message": "Needs 100 XP; Ragnar has 50."}
    assert len(journal.history(store=table.store)) == before
    assert get_character(store=table.store, character_id=table.ids["Ragnar"]).iq == 8


def test_the_players_name_is_the_characters_players(table) -> None:
    from dataclasses import replace

    from tftmanager.app.characters import edit_character

    ragnar = get_character(store=table.store, character_id=table.ids["Ragnar"])
    edit_character(store=table.store, character_id=table.ids["Ragnar"],
                   character=replace(ragnar, player="Alice"))
    table.act(table.ragnar, action="raise", attribute="st")
    assert journal.history(store=table.store, limit=1)[0].author == "Alice (player of Ragnar)"


def test_memory_is_bought_only_under_the_legacy_rule(table) -> None:
    refused = table.act(table.ragnar, action="memory")
    assert refused.status_code == 422
    assert "memory" in refused.json()["message"].lower()
    assert "Memory +1" not in table.page(table.ragnar)


def test_ready_sling_and_drop_own_weapons_and_shield(table) -> None:
    ragnar = get_character(store=table.store, character_id=table.ids["Ragnar"])
    shield = next(i for i in ragnar.items if i.kind is ItemKind.SHIELD)
    assert shield.state is ItemState.CARRIED
    answer = table.act(table.ragnar, action="move", item=shield.uid, state="readied")
    assert answer.json()["message"] == "Large shield readied."
    after = get_character(store=table.store, character_id=table.ids["Ragnar"])
    assert next(i for i in after.items if i.uid == shield.uid).state is ItemState.READIED
    assert journal.history(store=table.store, limit=1)[0].author == "Ragnar's player"
    table.act(table.ragnar, action="move", item=shield.uid, state="stored")
    dropped = get_character(store=table.store, character_id=table.ids["Ragnar"])
    assert next(i for i in dropped.items if i.uid == shield.uid).state is ItemState.STORED


def test_another_characters_item_or_armor_cannot_be_moved(table) -> None:
    wulf = get_character(store=table.store, character_id=table.ids["Wulf"])
    ragnar = get_character(store=table.store, character_id=table.ids["Ragnar"])
    armor = next(i for i in ragnar.items if i.kind is ItemKind.ARMOR)
    before = len(journal.history(store=table.store))
    for uid in (wulf.items[0].uid, armor.uid, "no-such-item"):
        answer = table.act(table.ragnar, action="move", item=uid, state="readied")
        assert answer.status_code == 422
        assert answer.json()["message"] == ("That weapon or shield is no longer yours; your "
                                             "card shows what you carry now.")
    assert table.act(table.ragnar, action="move", item=ragnar.items[0].uid,
                     state="worn").status_code == 422
    assert len(journal.history(store=table.store)) == before


def test_notes_are_the_players_own(table) -> None:
    answer = table.act(table.ragnar, action="notes", notes="Owes Wulf 10 silver.\r\nFears bats.")
    assert answer.json()["message"] == "Notes saved."
    ragnar = get_character(store=table.store, character_id=table.ids["Ragnar"])
    assert ragnar.notes == "Owes Wulf 10 silver.\nFears bats."
    assert journal.history(store=table.store, limit=1)[0].author == "Ragnar's player"
    too_long = table.act(table.ragnar, action="notes", notes="x" * 8001)
    assert too_long.status_code == 422


def test_fatigue_is_marked_on_a_known_spell_in_the_fight_in_progress(table) -> None:
    store = table.store
    morgaine = table.ids["Morgaine"]
    from tftmanager.app import player_links

    link = player_links.invite(store=store, character_id=morgaine)
    spell = get_character(store=store, character_id=morgaine).spells[0]
    outside = table.act(link, action="fatigue", spell=spell)
    assert outside.json()["message"] == ("Fatigue is marked during a fight, and no fight is "
                                         "in progress.")
    fight = encounters.new_encounter(store=store, name="Bridge", seed=3)
    encounters.add_character(store=store, encounter_id=fight, character_id=morgaine,
                             side="Party")
    unknown = table.act(link, action="fatigue", spell="no_such_spell")
    assert unknown.json()["message"] == "Morgaine does not know that spell."
    answer = table.act(link, action="fatigue", spell=spell)
    assert answer.json()["ok"], answer.json()
    figure = encounters.show(store=store, encounter_id=fight).encounter.figures[0]
    assert figure.fatigue > 0
    # The page's boxes are the fight's: the fatigue just marked is shaded at once.
    assert f"wounds 0 · fatigue {figure.fatigue}" in answer.json()["live"]
    assert answer.json()["live"].count('class="box tired"') == figure.fatigue
    assert journal.history(store=store, limit=1)[0].author == "Morgaine's player"


def test_the_gms_page_shows_the_board_and_the_fight(table) -> None:
    fight = encounters.new_encounter(store=table.store, name="Bridge", seed=3)
    encounters.add_character(store=table.store, encounter_id=fight,
                             character_id=table.ids["Wulf"], side="Party")
    page = table.client.get("/gm/" + "g" * 43).text
    for text in ("The party", "Ragnar", "Wulf", "ST now/full", "Bridge", "turn"):
        assert text in page, text
    assert "<form" not in page  # read-only


def test_a_campaign_moved_under_the_server_says_so_and_takes_nothing(table, tmp_path) -> None:
    from starlette.testclient import TestClient

    from tftmanager.tableserver.routes import GONE, create_app

    app = create_app(store=table.store, watch_interval=0.02)
    with TestClient(app) as client:
        assert client.get(f"/p/{table.ragnar.secret}").status_code == 200
        shutil.move(table.store.path, tmp_path / "moved.tftcampaign")
        import time

        deadline = time.monotonic() + 5
        while not app.state.table.news.gone and time.monotonic() < deadline:
            time.sleep(0.02)
        page = client.get(f"/p/{table.ragnar.secret}")
        assert page.status_code == 503 and html.escape(GONE) in page.text
        act = client.post(f"/p/{table.ragnar.secret}/act", json={"action": "raise"})
        assert act.status_code == 503 and act.json()["gone"]
    assert not table.store.path.exists()  # nothing recreated an empty file there
    shutil.move(tmp_path / "moved.tftcampaign", table.store.path)
    assert campaigns.campaign_name(store=table.store)


def test_a_campaign_open_read_only_is_refused_in_one_line(table) -> None:
    from tftmanager.app import player_links
    from tftmanager.app.campaigns import open_for_reading
    from tftmanager.tableserver.routes import TableRefused, create_app

    reader = open_for_reading(path=table.store.path)
    try:
        with pytest.raises(player_links.LinkRefused, match="open read-only"):
            player_links.invite(store=reader, character_id=table.ids["Flavius Marcellus"])
        with pytest.raises(player_links.LinkRefused, match="open read-only"):
            player_links.revoke(store=reader, character_id=table.ids["Ragnar"])
        with pytest.raises(TableRefused, match="needs it open for editing"):
            create_app(store=reader)
    finally:
        reader.close()
    assert len(player_links.links(store=table.store)) == 2
