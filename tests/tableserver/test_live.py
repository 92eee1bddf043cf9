"""The real server: a player's page updates by itself when the GM changes the campaign."""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import httpx
import pytest

from tftmanager.app import experience
from tftmanager.tableserver.news import News
from tftmanager.tableserver.runner import LOCAL

from .conftest import count_render_passes, read_events, serving

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


def test_many_open_pages_cost_one_render_per_change(table, monkeypatch) -> None:
    """Thirty open pages of two characters: the GM's award is read and rendered once for all.

    Each stream then only compares its part and sends it: the work of a
    change does not grow with the pages open (issue 39, 1,000 players).
    """
    passes = count_render_passes(monkeypatch)
    pages = 30
    with serving(table.store) as server:
        cards: list[list[str]] = [[] for _ in range(pages)]
        opened = threading.Barrier(pages + 1, timeout=60)
        awarded = threading.Event()

        def page(n: int) -> None:
            """One open page: its stream's cards, until Ragnar's shows the award."""
            url = server.address.player_url(table.ragnar if n % 2 else table.wulf)
            with httpx.Client() as client, client.stream("GET", url + "/events",
                                                         timeout=60) as stream:
                event = ""
                for line in stream.iter_lines():
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "live":
                        cards[n].append(line)
                        if len(cards[n]) == 1:
                            opened.wait()
                            if n % 2 == 0:  # Wulf's: open, unchanged, until the award is seen
                                awarded.wait(60)
                                return
                        if "XP 400" in line:
                            return

        threads = [threading.Thread(target=page, args=(n,)) for n in range(pages)]
        for thread in threads:
            thread.start()
        opened.wait()
        time.sleep(0.3)  # every stream is back waiting for news
        before = len(passes)
        experience.award(store=table.store, character_ids=[table.ids["Ragnar"]], amount=250,
                         reason="The dragon's hoard")
        for thread in threads[1::2]:
            thread.join(60)
        awarded.set()
        for thread in threads:
            thread.join(60)
        after = passes[before:]
    assert all(any("XP 400" in line for line in cards[n]) for n in range(1, pages, 2))
    assert 1 <= len(after) <= 2, after  # one pass (two if the watch saw it twice), not thirty
    assert all(ids == {table.ids["Ragnar"], table.ids["Wulf"]} for ids in after)


def test_the_news_tells_which_characters_had_their_notes_alone_changed() -> None:
    """A card kept through notes edits only; one changed otherwise is read again, for good."""
    news = News()

    async def changes() -> None:
        news.bind(asyncio.get_running_loop())
        await news.changed(frozenset({1}), {1: "first"})  # version 1: notes
        await news.changed(frozenset({1, 2}), {1: "second"})  # 2: 1's notes, 2 otherwise
        await news.changed(frozenset({3}), {3: "bats"})  # 3: notes
        await news.changed(frozenset({3}))  # 4: 3 otherwise
        await news.changed(frozenset({3}), {3: "cave"})  # 5: 3's notes again

    asyncio.run(changes())
    assert news.notes_since(0) == {1: "second"}  # 2 and 3 changed otherwise meanwhile
    assert news.notes_since(2) == {}  # 3's card changed at 4
    assert news.notes_since(4) == {3: "cave"}
    assert news.notes_since(5) == {}
    assert news.touched_since(0) == frozenset({1, 2, 3})
