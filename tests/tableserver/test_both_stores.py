"""The players' pages over a campaign file and over a server campaign alike.

A GM's award reaches the page live (a file's data version, a server's
notices), and a player's action is an operation in the player's name.
"""

from __future__ import annotations

import re
import threading
import time

import httpx
import pytest

from tftmanager.app import experience, journal, player_links
from tftmanager.app.campaigns import party_sheets

from .conftest import read_events, serving

pytestmark = pytest.mark.slow


def test_pages_follow_the_campaign_and_players_act_on_a_file_and_on_a_server(
        any_demo_store) -> None:
    store = any_demo_store
    ragnar = next(s.id for s in party_sheets(store=store) if s.character.name == "Ragnar")
    link = player_links.invite(store=store, character_id=ragnar)
    with serving(store) as server, httpx.Client(timeout=10) as client:
        url = server.address.player_url(link)
        page = client.get(url)
        assert page.status_code == 200 and "Ragnar" in page.text

        def award() -> None:
            time.sleep(0.5)
            experience.award(store=store, character_ids=[ragnar], amount=70, reason="Ford")

        threading.Thread(target=award).start()
        text, _ = read_events(client, url + "/events", name="live", holding="XP 70")
        assert "Ragnar" in text
        token = re.search(r'name="tft-csrf" content="([^"]+)"', page.text).group(1)
        answer = client.post(url + "/act", headers={"X-CSRF-Token": token},
                             json={"action": "notes", "notes": "Hi", "nonce": "b" * 20})
    assert answer.json()["ok"], answer.text
    newest = journal.history(store=store, limit=1)[0]
    assert newest.author == link.author  # the player's, on a file and on a server
    assert "Ragnar" in newest.label
