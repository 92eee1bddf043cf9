"""The table server over a server campaign: the only way a player reaches it (issue 39).

A player holds no database login; their page's actions run over the GM's
connection, each an operation in the player's name, with a player's limits
and the server's own words for its history line.  Each attack of the report
on server campaigns is made here through the table server's API; the ones
that needed a database login are tried as that login, which does not exist.
After each, the GM's edit goes through at once, held up by nothing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from tftmanager.app import campaigns, characters, experience, journal, player_links
from tftmanager.app.campaigns import party_sheets
from tftmanager.store.server_address import parse_address
from tftmanager.tableserver import player_view
from tftmanager.tableserver.routes import create_app

from .conftest import Table, count_render_passes

pytestmark = pytest.mark.server


@pytest.fixture
def server_table(server_demo_url: str) -> Iterator[Table]:
    """The demo party on a server, its GM's store behind a table server; Ragnar has 150 XP."""
    store = campaigns.open_existing(path=server_demo_url)
    try:
        ids = {s.character.name: s.id for s in party_sheets(store=store)}
        experience.award(store=store, character_ids=[ids["Ragnar"]], amount=150,
                         reason="The goblin cave")
        ragnar = player_links.invite(store=store, character_id=ids["Ragnar"])
        wulf = player_links.invite(store=store, character_id=ids["Wulf"])
        with TestClient(create_app(store=store, gm_secret="g" * 43)) as client:
            yield Table(store, client, ragnar, wulf, ids)
    finally:
        store.close()


def _gm_edits_within_a_second(table: Table) -> None:
    """The GM's own window reads the party and saves an edit, held up by nothing.

    Not timed: on a loaded machine any edit may take seconds (a timed bound
    failed once so, under heavy load).  What would hold the GM up is a lock:
    one held past the lock timeout makes the edit fail (``BUSY``), so the
    edit succeeding says no lock outlasted it, and afterwards no session of
    the campaign waits on a lock or sits in an open transaction.
    """
    import psycopg

    with campaigns.open_existing(path=table.store.location) as gm:
        wulf = table.ids["Wulf"]
        current = characters.get_character(store=gm, character_id=wulf)
        characters.edit_character(store=gm, character_id=wulf,
                                  character=replace(current, notes="GM's own edit"))
        assert characters.get_character(store=gm, character_id=wulf).notes == "GM's own edit"
        assert [s.character.name for s in party_sheets(store=gm)]  # everyone reads it
    address = parse_address(table.store.location)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user=address.user, autocommit=True) as conn:
        held = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND (wait_event_type = 'Lock' "
            "OR state LIKE 'idle in transaction%')").fetchone()
    assert held is not None and held[0] == 0


def _latest(table: Table) -> Any:
    with campaigns.open_existing(path=table.store.location) as gm:
        return journal.history(store=gm, limit=1)[0]


def test_a_players_action_is_theirs_with_the_servers_words(server_table: Table) -> None:
    answer = server_table.act(server_table.ragnar, action="raise", attribute="st")
    assert answer.status_code == 200, answer.text
    line = _latest(server_table)
    assert line.author == server_table.ragnar.author
    assert line.label.startswith("Ragnar: ") and "ST 11 → 12" in line.label
    assert line.label.endswith(" XP")  # the server's account, "spent N XP"
    _gm_edits_within_a_second(server_table)


def test_a_player_has_no_database_login_to_attack_with(server_table: Table) -> None:
    """Advisory locks, large objects, timeouts, NOTIFY, SQL of any kind: no login to try it."""
    import psycopg

    address = parse_address(server_table.store.location)
    # (a login of that name in another campaign on the same server may exist: it is refused)
    for name in (server_table.ragnar.author, server_table.ragnar.player or "Ragnar", "alice"):
        with pytest.raises(psycopg.OperationalError,
                           match=r"does not exist|permission denied for database"):
            psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                            user=name, connect_timeout=5)
    _gm_edits_within_a_second(server_table)


@pytest.mark.parametrize(("fields", "said"), [
    ({"action": "move", "item": "x", "state": "ready"}, "can be readied, slung or dropped"),
    ({"action": "raise", "attribute": "st40"}, "Only ST, DX, IQ or SP"),
    ({"action": "award", "amount": "900"}, "does not do that"),
    ({"action": "rename", "name": "gm: Party award: +900 XP to Ragnar"}, "does not do that"),
    ({"action": "sql", "sql": "SELECT pg_advisory_lock(1)"}, "does not do that"),
])
def test_values_and_actions_the_app_does_not_know_are_refused(server_table: Table,
                                                              fields: dict[str, str],
                                                              said: str) -> None:
    before = _latest(server_table)
    answer = server_table.act(server_table.ragnar, **fields)
    assert answer.status_code == 422 and said in answer.json()["message"]
    assert _latest(server_table) == before  # nothing recorded
    _gm_edits_within_a_second(server_table)


def test_spending_is_only_within_the_rules_and_the_balance(server_table: Table) -> None:
    spent = 0
    for _ in range(20):  # raise until the XP runs out: then the rules refuse, with why
        answer = server_table.act(server_table.ragnar, action="raise", attribute="dx")
        if answer.status_code != 200:
            break
        spent += 1
    assert answer.status_code == 422 and "XP" in answer.json()["message"]
    with campaigns.open_existing(path=server_table.store.location) as gm:
        assert experience.status(store=gm, character_id=server_table.ids["Ragnar"]).balance >= 0
    assert spent >= 1
    _gm_edits_within_a_second(server_table)


def test_the_journal_and_the_day_are_held_to_a_players_limits(server_table: Table,
                                                              pg_server: Any) -> None:
    """Notes past the size refused before the database; the day's count holds for a player."""
    big = server_table.act(server_table.ragnar, action="notes", notes="x" * 9000)
    assert big.status_code in (413, 422)
    database = parse_address(server_table.store.location).database
    done = pg_server.psql(database, "SELECT tft_set_limit('player_operations_per_day', 2)")
    assert done.returncode == 0, done.stderr
    said = []
    for n in range(3):
        answer = server_table.act(server_table.ragnar, action="notes", notes=f"note {n}")
        said.append((answer.status_code, answer.json()["message"]))
    assert [s for s, _m in said] == [200, 200, 422]
    assert "at most 2 changes a day" in said[2][1]
    _gm_edits_within_a_second(server_table)  # the GM is never limited


def test_another_players_character_is_out_of_reach(server_table: Table) -> None:
    wulf_notes = characters.get_character(store=server_table.store,
                                          character_id=server_table.ids["Wulf"]).notes
    answer = server_table.client.post(
        f"/p/{server_table.ragnar.secret}/act",
        json={"action": "notes", "notes": "mine now", "nonce": "n" * 20,
              "character_id": str(server_table.ids["Wulf"])},
        headers={"X-CSRF-Token": server_table.token(server_table.ragnar)})
    assert answer.status_code == 200  # the notes are Ragnar's: the link names the character
    assert characters.get_character(store=server_table.store,
                                    character_id=server_table.ids["Wulf"]).notes == wulf_notes
    assert characters.get_character(store=server_table.store,
                                    character_id=server_table.ids["Ragnar"]).notes == "mine now"


def test_a_players_action_renders_their_card_once_and_no_other(server_table: Table,
                                                                monkeypatch) -> None:
    """Issue 39's load: the action's answer renders the acting character's card, once.

    Both pages open: the action re-renders Ragnar's card only (Wulf's did not
    change), and its own notice is no news (it raised the pages' version a
    second time, and every open page was rendered again).  A change from
    elsewhere still renders every open page.
    """
    passes = count_render_passes(monkeypatch)
    table = server_table.client.app.state.table  # type: ignore[attr-defined]
    ragnar, wulf = server_table.ids["Ragnar"], server_table.ids["Wulf"]
    sword = next(item.uid for item in characters.get_character(
        store=server_table.store, character_id=ragnar).items if item.kind.value == "weapon")
    table.views.watching.update({ragnar: 1, wulf: 1})  # both pages' streams open
    server_table.page(server_table.wulf)
    token = server_table.token(server_table.ragnar)
    before, version = len(passes), table.news.version
    answer = server_table.act(server_table.ragnar, token=token, action="move", item=sword,
                              state="stored")
    assert answer.status_code == 200 and "dropped" in answer.json()["live"]
    assert passes[before:] == [{ragnar}]
    deadline = time.monotonic() + 20
    while table.own and time.monotonic() < deadline:  # the watch hears its notice
        time.sleep(0.05)
    assert not table.own
    assert table.news.version == version + 1  # the answer's version only
    server_table.page(server_table.wulf)
    assert passes[before:] == [{ragnar}]
    with campaigns.open_existing(path=server_table.store.location) as gm:  # another window
        experience.award(store=gm, character_ids=[wulf], amount=5, reason="Elsewhere")
    while table.news.version == version + 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "XP 5" in server_table.page(server_table.wulf)
    assert passes[-1] == {ragnar, wulf}


def test_a_notes_edit_sends_the_card_kept_with_the_new_notes_and_reads_no_card(
        server_table: Table, monkeypatch) -> None:
    """Notes change nothing else on the card: it is not read again (two actions in three).

    The answer and every open page get the card they had with the notes as
    stored (a browser's CR LF as LF); a change to the card in between (a
    move) is read again, and notes written after it are set on the new card.
    """
    passes = count_render_passes(monkeypatch)
    table = server_table.client.app.state.table  # type: ignore[attr-defined]
    ragnar = server_table.ids["Ragnar"]
    table.views.watching.update({ragnar: 1})
    token = server_table.token(server_table.ragnar)  # the page open: its card rendered
    before = len(passes)
    answer = server_table.act(server_table.ragnar, token=token, action="notes",
                              notes="Bats\r\nin the cave.")
    assert answer.status_code == 200
    live = answer.json()["live"]
    assert live.endswith('<template id="notes-now">Bats\nin the cave.</template>')
    assert passes[before:] == []  # nothing read: the card kept
    page = server_table.page(server_table.ragnar)
    assert "Bats\nin the cave.</textarea>" in page and live in page
    assert passes[before:] == []
    sword = next(item.uid for item in characters.get_character(
        store=server_table.store, character_id=ragnar).items if item.kind.value == "weapon")
    moved = server_table.act(server_table.ragnar, token=token, action="move", item=sword,
                             state="stored")
    assert "dropped" in moved.json()["live"] and passes[before:] == [{ragnar}]
    again = server_table.act(server_table.ragnar, token=token, action="notes", notes="Gone.")
    assert "dropped" in again.json()["live"] and "Gone.</template>" in again.json()["live"]
    assert passes[before:] == [{ragnar}]
    fresh = player_view.live_html(player_view.read_view(server_table.store,
                                                         server_table.ragnar))
    assert again.json()["live"] == fresh  # the kept card and the notes: as read afresh


def test_a_players_operation_is_the_servers_own_before_it_commits(server_table: Table,
                                                                   monkeypatch) -> None:
    """Its notice is no news however soon the watch hears it (issue 39's load).

    The operation's id was added to the server's own ones after the action
    returned: a watch that heard the notice in between took it for someone
    else's change, dropped the rules it had read and rendered every open page
    again (under load, often).  Now the id is there before the commit.
    """
    from tftmanager.store.server import ServerCampaignStore

    table = server_table.client.app.state.table  # type: ignore[attr-defined]
    known_before_commit: list[bool] = []
    finished = ServerCampaignStore.operation_finished

    def finishing(store: Any, session: Any, op: Any) -> None:
        known_before_commit.append(op.id in table.own)
        finished(store, session, op)

    monkeypatch.setattr(ServerCampaignStore, "operation_finished", finishing)
    token = server_table.token(server_table.ragnar)
    answer = server_table.act(server_table.ragnar, token=token, action="notes", notes="Bats.")
    assert answer.status_code == 200
    assert known_before_commit == [True]


def test_a_co_gms_library_edit_reaches_the_players_card(server_table: Table) -> None:
    """The table server's rules are the campaign's as they are now, not as it first read them."""
    from dataclasses import replace as changed

    from tftmanager.app import library

    ragnar = characters.get_character(store=server_table.store,
                                      character_id=server_table.ids["Ragnar"])
    weapon = next(item.key for item in ragnar.items if item.kind.value == "weapon")
    server_table.page(server_table.ragnar)  # the library read and kept for the cards
    with campaigns.open_existing(path=server_table.store.location) as co_gm:
        entry = next(e for e in library.entries(store=co_gm)
                     if e.kind == "weapon" and e.key == weapon)
        library.save_entry(store=co_gm, entry=changed(
            entry, data={**entry.data, "name": "Ulfberht blade"}))
    deadline = time.monotonic() + 10
    while "Ulfberht blade" not in server_table.page(server_table.ragnar):
        assert time.monotonic() < deadline, "the card still names the weapon as it was"
        time.sleep(0.1)
