"""What one edit costs on a server: round trips counted in the server's own log, and time.

An edit is a handful of round trips whatever the campaign's history (the
journal's bookkeeping is one server function at each end), so on a distant
server it costs a few network round trips, and on a long campaign no more
than on a new one.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import campaigns, characters, equipment, experience
from tftmanager.app.demo import add_demo_party
from tftmanager.app.equipment import EquipmentRefused
from tftmanager.rules.money import MoneyKind
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.server import ServerCampaignStore
from tftmanager.store.server_address import parse_address

pytestmark = pytest.mark.server

MOST_ROUND_TRIPS = 8
HISTORY = 10_000


@pytest.fixture
def logged(server_url: str, pg_server: Any) -> Iterator[tuple[str, Any]]:
    """A demo campaign whose every statement the server logs; and a superuser connection."""
    import psycopg

    with campaigns.open_existing(path=server_url) as store:
        add_demo_party(store=store)
    address = parse_address(server_url)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user=address.user, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{address.database}" SET log_statement = \'all\'')
        yield server_url, conn


def _statements(pg_server: Any, action: Callable[[], object]) -> list[str]:
    """The statements the server received while ``action`` ran (from its log)."""
    log = pg_server.folder / "server.log"
    start = log.stat().st_size
    action()
    time.sleep(0.2)  # the logger's last line
    with log.open("rb") as f:
        f.seek(start)
        lines = f.read().decode("utf-8", "replace").splitlines()
    return [line for line in lines if "LOG:  statement: " in line or "LOG:  execute " in line]


def _notes(store: CampaignStore, cid: int, notes: str) -> None:
    current = characters.get_character(store=store, character_id=cid)
    characters.edit_character(store=store, character_id=cid,
                              character=replace(current, notes=notes))


def _ragnar(store: CampaignStore) -> int:
    return next(s.id or 0 for s in campaigns.party_sheets(store=store)
                if s.character.name == "Ragnar")


def test_an_award_and_a_notes_edit_are_a_few_round_trips(
        logged: tuple[str, Any], pg_server: Any) -> None:
    url, _conn = logged
    with campaigns.open_existing(path=url) as store:
        cid = _ragnar(store)
        experience.award(store=store, character_ids=[cid], amount=1, reason="Warm-up")
        award = _statements(pg_server, lambda: experience.award(
            store=store, character_ids=[cid], amount=5, reason="Counted"))
        current = characters.get_character(store=store, character_id=cid)
        edit = _statements(pg_server, lambda: characters.edit_character(
            store=store, character_id=cid, character=replace(current, notes="Counted")))
    assert 0 < len(award) <= MOST_ROUND_TRIPS, award
    assert 0 < len(edit) <= MOST_ROUND_TRIPS, edit
    for counted in (award, edit):
        assert "BEGIN" in counted[0] and "COMMIT" in counted[-1]
        assert sum("tft_begin" in s for s in counted) == sum("tft_finish" in s for s in counted)


def test_a_players_payment_costs_no_more_round_trips_than_a_notes_edit(
        logged: tuple[str, Any], pg_server: Any) -> None:
    """Issue 35: a payment took 10 (the character rewritten, its lines read back); now 7.

    BEGIN, tft_begin with the campaign row, the character and its lists, the
    ledger line with its balance check in the same INSERT, tft_finish, COMMIT.
    """
    url, _conn = logged
    with campaigns.open_existing(path=url) as store:
        assert isinstance(store, ServerCampaignStore)
        cid = _ragnar(store)
        player = store.acting_for("alice")  # over the table server's connection
        equipment.record_money(store=store, character_id=cid, amount=100,
                               kind=MoneyKind.FOUND, reason="Warm-up")
        paid = _statements(pg_server, lambda: equipment.record_money(
            store=player, character_id=cid, amount=-5, kind=MoneyKind.PAY, reason="Inn"))
        with pytest.raises(EquipmentRefused, match="only"):  # past the balance: refused
            equipment.record_money(store=player, character_id=cid, amount=-10_000_000,
                                   kind=MoneyKind.PAY, reason="A castle")
    assert "BEGIN" in paid[0] and "COMMIT" in paid[-1]
    assert len(paid) == 7, paid


def _history(conn: Any, operations: int) -> None:
    """A long campaign: ``operations`` of the GM's, each with a journal line, past the limit."""
    with conn.transaction():
        conn.execute("INSERT INTO tft_private.tx (txid, quiet, limited) "
                     "VALUES (txid_current(), true, false)")
        conn.execute(
            "INSERT INTO operation (campaign_id, kind, label, week, characters, merge_key, "
            "meta, undone, undoable, created_at, updated_at, author) "
            "SELECT 1, 'character', 'Ragnar: notes ' || g, 1, '[1]', '', '{}', false, "
            "g > %s - 100, now(), now(), 'tft' FROM generate_series(1, %s) g",
            (operations, operations))
        conn.execute(
            "INSERT INTO row_change (operation_id, table_name, action, row_key, old, new) "
            "SELECT o.id, 'character', 'U', 1, '{}', '{}' FROM operation o "
            "WHERE o.label LIKE 'Ragnar: notes %%'")
        conn.execute("DELETE FROM tft_private.tx WHERE txid = txid_current()")
        conn.execute("ANALYZE")


def _edit_times(url: str, edits: int = 7) -> float:
    with campaigns.open_existing(path=url) as store:
        cid = _ragnar(store)
        _notes(store, cid, "warm-up")
        times = []
        for n in range(edits):
            store.look()
            began = time.perf_counter()
            _notes(store, cid, f"timed {n}")
            times.append(time.perf_counter() - began)
    return statistics.median(times)


def test_an_edit_costs_the_same_at_any_length_of_history(
        logged: tuple[str, Any], pg_server: Any) -> None:
    url, conn = logged
    empty = _edit_times(url)
    with campaigns.open_existing(path=url) as store:
        cid = _ragnar(store)
        _notes(store, cid, "warm-up")
        before = len(_statements(pg_server, lambda: _notes(store, cid, "short history")))
    _history(conn, HISTORY)
    long = _edit_times(url)
    with campaigns.open_existing(path=url) as store:
        _notes(store, cid, "warm-up")  # (the rules library, read once per open)
        after = len(_statements(pg_server, lambda: _notes(store, cid, "long history")))
    assert after == before
    # The same work either way: a long history may not double an edit's time.
    assert long < 2 * empty + 0.02, (empty, long)


def test_a_players_card_is_read_without_a_transaction(logged: tuple[str, Any],
                                                     pg_server: Any) -> None:
    """The table server's card of a player (its answer, the live pages): its reads alone.

    Each use case it gathers (the character, ledgers, studies, rules, the
    fight) used to open its own: 7 BEGIN/COMMIT pairs for one card; then one
    pair; now none (at read committed, each statement sees what is committed
    when it runs, in a transaction or not: the pair was two round trips for
    nothing).
    """
    from tftmanager.app import player_links
    from tftmanager.tableserver import player_view

    url, _conn = logged
    with campaigns.open_existing(path=url) as store:
        sheets = campaigns.party_sheets(store=store)
        ragnar = next(s.id or 0 for s in sheets if s.character.name == "Ragnar")
        link = player_links.invite(store=store, character_id=ragnar)
        player_view.read_view(store, link)  # the library, built once per campaign
        read = _statements(pg_server, lambda: player_view.read_view(store, link))
        found = _statements(pg_server, lambda: player_links.link_for(
            store=store, secret=link.secret))
    assert not any("BEGIN" in line or "COMMIT" in line for line in read + found), read + found
    assert len(read) <= 10, read
    assert len(found) == 1, found  # a player's link, with the character's version
