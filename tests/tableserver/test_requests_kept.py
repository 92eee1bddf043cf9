"""The record of requests already done outlives the table server (issue 39).

A page whose answer was lost sends the same request again, with the same
nonce.  The server used to remember nonces in memory only, so a request
re-sent after a restart was done twice.  Each test here does a request,
stops the server and closes the campaign, opens it again under a new
server (nothing in memory), and sends the same request: "already received",
done once.  The record is not journalled (an undo does not make a request
"not received") and is bounded.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tftmanager.app import campaigns, characters, experience, journal, player_links
from tftmanager.app.campaigns import Campaign, party_sheets
from tftmanager.app.player_links import PlayerLink
from tftmanager.tableserver.routes import create_app

from .conftest import Table

NONCE = "sent-twice-0123456789abcdef"


def _ragnar(store: Campaign) -> tuple[dict[str, int], PlayerLink]:
    ids = {s.character.name: s.id or 0 for s in party_sheets(store=store)}
    experience.award(store=store, character_ids=[ids["Ragnar"]], amount=150,
                     reason="The goblin cave")
    return ids, player_links.invite(store=store, character_id=ids["Ragnar"])


def _serve(store: Campaign, ids: dict[str, int], link: PlayerLink) -> Iterator[Table]:
    with TestClient(create_app(store=store, gm_secret="g" * 43)) as client:
        yield Table(store, client, link, link, ids)


def _dx(location: str, character_id: int) -> int:
    with campaigns.open_existing(path=location) as store:
        return characters.get_character(store=store, character_id=character_id).dx


def _sent_before_and_after_a_restart(location: str) -> None:
    """Raise DX with NONCE, restart (campaign closed and opened), send NONCE again."""
    with campaigns.open_existing(path=location) as store:
        ids, link = _ragnar(store)
        dx = characters.get_character(store=store, character_id=ids["Ragnar"]).dx
        for table in _serve(store, ids, link):
            first = table.act(link, nonce=NONCE, action="raise", attribute="dx")
            assert first.status_code == 200, first.text
    with campaigns.open_existing(path=location) as store:  # the server started again
        for table in _serve(store, ids, link):
            again = table.act(link, nonce=NONCE, action="raise", attribute="dx")
            assert again.status_code == 409, again.text
            assert again.json()["replayed"] is True
            assert again.json()["message"] == "That request was already received, and done once."
            other = table.act(link, nonce=secrets.token_hex(12), action="raise", attribute="dx")
            assert other.status_code == 422  # a new request is judged: 150 XP bought one
            assert "XP" in other.json()["message"]
    assert _dx(location, ids["Ragnar"]) == dx + 1  # done once


def test_a_request_resent_after_a_restart_is_done_once_in_a_file(demo: Path) -> None:
    _sent_before_and_after_a_restart(str(demo))


@pytest.mark.server
def test_a_request_resent_after_a_restart_is_done_once_on_a_server(
        server_demo_url: str) -> None:
    _sent_before_and_after_a_restart(server_demo_url)


def test_an_undo_does_not_forget_a_request(table: Table) -> None:
    """The GM undoes the raise; the page re-sending it is still "already received"."""
    first = table.act(table.ragnar, nonce=NONCE, action="raise", attribute="dx")
    assert first.status_code == 200, first.text
    journal.undo(store=table.store)
    assert player_links.request_done(store=table.store, nonce=NONCE)
    restarted = create_app(store=table.store, gm_secret="h" * 43)  # nothing in memory
    with TestClient(restarted) as client:
        fresh = Table(table.store, client, table.ragnar, table.wulf, table.ids)
        again = fresh.act(table.ragnar, nonce=NONCE, action="raise", attribute="dx")
    assert again.status_code == 409 and again.json()["replayed"]


def test_a_refused_request_is_not_recorded(table: Table) -> None:
    """Refused (not enough XP), nothing was done: the same request may be tried again."""
    for _ in range(2):  # 150 XP: the first raise costs 100, the second is refused
        table.act(table.ragnar, action="raise", attribute="st")
    refused = table.act(table.ragnar, nonce=NONCE, action="raise", attribute="st")
    assert refused.status_code == 422
    assert not player_links.request_done(store=table.store, nonce=NONCE)


def test_the_record_is_bounded(table: Table) -> None:
    """Notes saved many times: the record keeps the newest few hundred per character."""
    from tftmanager.store.player_links import PRUNE_EVERY, REQUESTS_KEPT

    ragnar = table.ids["Ragnar"]
    link = table.ragnar
    nonces = [f"note-{n:04d}-0123456789abcdef" for n in range(REQUESTS_KEPT + 2 * PRUNE_EVERY)]
    for n, nonce in enumerate(nonces):
        with player_links.acting_for(link, store=table.store, nonce=nonce):
            current = characters.get_character(store=table.store, character_id=ragnar)
            characters.edit_character(store=table.store, character_id=ragnar,
                                      character=replace(current, notes=f"note {n}"))
    kept = [n for n in nonces if player_links.request_done(store=table.store, nonce=n)]
    assert REQUESTS_KEPT <= len(kept) < REQUESTS_KEPT + PRUNE_EVERY
    assert kept == nonces[-len(kept):]  # the newest
