"""The real server: a player's page updates by itself when the GM changes the campaign."""

from __future__ import annotations

import logging
import threading
import time

import httpx
import pytest

from tftmanager.app import experience
from tftmanager.tableserver.runner import LOCAL

from .conftest import read_events, serving

pytestmark = pytest.mark.slow


def test_a_gms_award_reaches_the_players_stream_within_a_second(table, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    with serving(table.store) as server, httpx.Client() as client:
        url = server.address.player_url(table.ragnar)
        assert url.startswith(f"http://{LOCAL}:")
        awarded: list[float] = []

        def award() -> None:
            time.sleep(0.5)  # the stream is open and has sent the card as it was
            awarded.append(time.monotonic())
            experience.award(store=table.store, character_ids=[table.ids["Ragnar"]],
                             amount=250, reason="The dragon's hoard")

        threading.Thread(target=award).start()
        text, arrived = read_events(client, url + "/events", name="live", holding="XP 400")
        assert "Ragnar" in text
        assert arrived - awarded[0] < 1.0
    server_lines = [r.getMessage() for r in caplog.records if r.name.startswith("uvicorn")]
    assert not any(table.ragnar.secret in line for line in server_lines)  # no access log


def test_a_revoked_link_ends_its_open_stream(table) -> None:
    from tftmanager.app import player_links

    with serving(table.store) as server, httpx.Client() as client:
        url = server.address.player_url(table.ragnar)

        def revoke() -> None:
            time.sleep(0.5)
            player_links.revoke(store=table.store, character_id=table.ids["Ragnar"])

        threading.Thread(target=revoke).start()
        text, _ = read_events(client, url + "/events", name="revoked")
        assert "Ask the GM" in text



def test_the_gms_page_follows_the_fight(table) -> None:
    from tftmanager.app import encounters

    with serving(table.store) as server, httpx.Client() as client:
        fight = encounters.new_encounter(store=table.store, name="The ford", seed=5)

        def hit() -> None:
            time.sleep(0.5)
            encounters.add_character(store=table.store, encounter_id=fight,
                                     character_id=table.ids["Wulf"], side="Party")

        threading.Thread(target=hit).start()
        text, _ = read_events(client, server.address.gm_url + "/events", name="live",
                              holding="Wulf</td><td>Party")
        assert "The ford" in text
