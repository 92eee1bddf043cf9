"""Server campaigns under faults: killed clients, dropped connections, held locks.

Each fault is made at a moment the server itself reports (``pg_stat_activity``,
a row lock the test holds), never after a sleep; the checks then read the
database directly: nothing half-written, the journal whole, no session left.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import psycopg
import pytest
from sqlalchemy import text

from tftmanager.app import campaigns, characters, experience, weeks
from tftmanager.app.demo import add_demo_party
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import ConnectionLost
from tftmanager.store.server_address import parse_address

pytestmark = pytest.mark.server

# A generous bound on waiting for the server to report a state; reaching it fails the test.
PATIENCE = 60.0


@pytest.fixture
def party_url(server_url: str) -> str:
    """A server campaign holding the demo party, with its jobs assigned (a week does work)."""
    with campaigns.open_existing(path=server_url) as store:
        add_demo_party(store=store)
    return server_url


@pytest.fixture
def superuser(party_url: str) -> Iterator[Any]:
    """A direct connection to the campaign's database, in autocommit, for the checks."""
    import psycopg

    address = parse_address(party_url)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user=address.user, autocommit=True,
                         application_name="fault test") as conn:
        yield conn


def _value(conn: Any, sql: str, *args: Any) -> Any:
    row = conn.execute(sql, args).fetchone()
    return None if row is None else row[0]


def _until(what: str, found: Callable[[], Any]) -> Any:
    """Poll the server until ``found`` gives something (it reports state; no fixed sleep)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        result = found()
        if result:
            return result
        time.sleep(0.02)
    pytest.fail(f"the server never showed {what}")


def _client_backends(conn: Any) -> list[tuple[int, str, str, str]]:
    """The app's sessions on this database: pid, state, wait event type, query."""
    return [tuple(r) for r in conn.execute(
        "SELECT pid, state, coalesce(wait_event_type, ''), query FROM pg_stat_activity "
        "WHERE datname = current_database() AND application_name = 'TFT Manager' "
        "AND pid <> pg_backend_pid()")]


def _in_transaction(conn: Any) -> list[tuple[int, str, str, str]]:
    return [b for b in _client_backends(conn)
            if b[1] in ("active", "idle in transaction")]


def _gone(conn: Any, pid: int) -> bool:
    return not _value(conn, "SELECT count(*) FROM pg_stat_activity WHERE pid = %s", pid)


def _end_listening(superuser: Any) -> None:
    """The server ends the listening session (as a restart or an admin would), and it is gone."""
    pid = _value(superuser, "SELECT pid FROM pg_stat_activity "
                 "WHERE application_name = 'TFT Manager (listening)'")
    superuser.execute("SELECT pg_terminate_backend(%s)", (pid,))
    _until("the listening session ended", lambda: _gone(superuser, pid))


def _journal_whole(conn: Any) -> None:
    """Every undoable operation has its row changes; no row change lacks its operation."""
    bare = _value(conn, "SELECT count(*) FROM operation o WHERE o.undoable AND NOT EXISTS "
                  "(SELECT 1 FROM row_change r WHERE r.operation_id = o.id)")
    orphans = _value(conn, "SELECT count(*) FROM row_change r WHERE NOT EXISTS "
                     "(SELECT 1 FROM operation o WHERE o.id = r.operation_id)")
    assert (bare, orphans) == (0, 0)


def _week_state(conn: Any) -> dict[str, Any]:
    """What a week changes: the campaign's week, its log, the job ledgers, the characters."""
    return {
        "week": _value(conn, "SELECT week FROM campaign"),
        "logged": _value(conn, "SELECT count(*) FROM week_log"),
        "last_logged": _value(conn, "SELECT max(week) FROM week_log"),
        "xp": _value(conn, "SELECT count(*) FROM xp_entry"),
        "money": _value(conn, "SELECT count(*) FROM money_entry"),
        "operations": _value(conn, "SELECT count(*) FROM operation"),
        "characters": conn.execute("SELECT * FROM character ORDER BY id").fetchall(),
    }


def test_a_client_killed_during_a_job_week_leaves_no_half_week(
        party_url: str, superuser: Any) -> None:
    before = _week_state(superuser)
    # Hold the campaign row (as another user's long edit would): the week writes the
    # characters, ledgers and week log, then waits to raise the campaign's week.
    import psycopg

    address = parse_address(party_url)
    with psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                         user=address.user, application_name="holding the campaign") as hold:
        hold.execute("SELECT id FROM campaign FOR NO KEY UPDATE")
        week = subprocess.Popen(
            [sys.executable, "-m", "tftmanager", "week", party_url, "--weeks", "20",
             "--seed", "5", "--stop-on", "none"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ.copy())
        try:
            [(pid, _state, _wait, query)] = _until(
                "the week waiting on the campaign row, its transaction open",
                lambda: [b for b in _in_transaction(superuser) if b[2] == "Lock"])
            assert "campaign" in query  # it got as far as the last write of the week,
            assert _value(superuser, (  # having written its week log in the transaction
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                "WHERE l.pid = %s AND c.relname = 'week_log' AND l.mode = 'RowExclusiveLock'"),
                pid)
            week.send_signal(signal.SIGKILL)
            week.wait(PATIENCE)
        finally:
            if week.poll() is None:
                week.kill()
        hold.rollback()  # the lock is released: the killed client's statement may go on
    _until("the killed client's session ended", lambda: _gone(superuser, pid))
    after = _week_state(superuser)
    assert after == before  # no week advanced, no log, no ledger line, no character change
    assert before["last_logged"] is None or before["last_logged"] < before["week"]
    _journal_whole(superuser)
    assert not _client_backends(superuser)
    with campaigns.open_existing(path=party_url) as store:  # a new client runs the week
        [done] = weeks.run_weeks(store=store, weeks=1, seed=5)
        assert done.report.week == before["week"]
    assert _value(superuser, "SELECT week FROM campaign") == before["week"] + 1
    assert _value(superuser, "SELECT count(*) FROM week_log WHERE week = %s",
                  before["week"]) == 1
    _journal_whole(superuser)


def _ragnar(store: CampaignStore) -> int:
    return next(s.id or 0 for s in campaigns.party_sheets(store=store)
                if s.character.name == "Ragnar")


def _terminate_sessions(conn: Any) -> int:
    pids = [b[0] for b in _client_backends(conn)]
    for pid in pids:
        conn.execute("SELECT pg_terminate_backend(%s)", (pid,))
    for pid in pids:
        _until(f"session {pid} ended", lambda pid=pid: _gone(conn, pid))
    return len(pids)


def test_a_connection_dropped_between_two_edits_reconnects(
        party_url: str, superuser: Any) -> None:
    with campaigns.open_existing(path=party_url) as store:
        cid = _ragnar(store)
        experience.award(store=store, character_ids=[cid], amount=3, reason="Before the drop")
        assert _terminate_sessions(superuser) >= 1
        experience.award(store=store, character_ids=[cid], amount=4, reason="After the drop")
        assert experience.status(store=store, character_id=cid).balance == 7
    assert _value(superuser, "SELECT count(*) FROM xp_entry WHERE reason IN "
                  "('Before the drop', 'After the drop')") == 2


def _edit_notes(store: CampaignStore, cid: int, notes: str,
                meanwhile: Callable[[Any], None] | None = None) -> None:
    """The notes edit as the use case makes it, with ``meanwhile`` run mid-operation."""
    from tftmanager.store import queries

    with store.operation("character", f"Ragnar: notes {notes}") as op:
        current = queries.get_character(session=op.session, character_id=cid).character
        queries.update_character(session=op.session, character_id=cid,
                                 character=replace(current, notes=notes))
        op.session.flush()  # the row is written (and locked) on the server
        if meanwhile is not None:
            meanwhile(op.session)


def test_a_connection_dropped_during_an_edit_loses_it_whole_and_it_can_be_made_again(
        party_url: str, superuser: Any) -> None:
    with campaigns.open_existing(path=party_url) as store:
        cid = _ragnar(store)
        original = characters.get_character(store=store, character_id=cid).notes
        operations = _value(superuser, "SELECT count(*) FROM operation")

        def drop(session: Any) -> None:
            pid = session.execute(text("SELECT pg_backend_pid()")).scalar()
            superuser.execute("SELECT pg_terminate_backend(%s)", (pid,))
            _until("the edit's session ended", lambda: _gone(superuser, pid))

        with pytest.raises(ConnectionLost) as lost:
            _edit_notes(store, cid, "Written as the line dropped", drop)
        assert "\n" not in lost.value.message
        assert lost.value.message.startswith("Lost the connection to the server")
        assert _value(superuser, "SELECT notes FROM character WHERE id = %s", cid) == original
        assert _value(superuser, "SELECT count(*) FROM operation") == operations
        _journal_whole(superuser)
        _edit_notes(store, cid, "Written as the line dropped")  # the same edit, again
        assert characters.get_character(store=store, character_id=cid).notes == \
            "Written as the line dropped"
    assert _value(superuser, "SELECT count(*) FROM operation WHERE label = %s",
                  "Ragnar: notes Written as the line dropped") == 1
    _journal_whole(superuser)


HOLDING_CLIENT = """
import sys
from dataclasses import replace
from tftmanager.app import campaigns
from tftmanager.store import queries
store = campaigns.open_existing(path=sys.argv[1])
cid = int(sys.argv[2])
with store.operation("character", "Ragnar: notes by a client about to die") as op:
    current = queries.get_character(session=op.session, character_id=cid).character
    queries.update_character(session=op.session, character_id=cid,
                             character=replace(current, notes="half-written"))
    op.session.flush()
    print("holding", flush=True)
    sys.stdin.readline()  # until killed
"""


def test_a_client_killed_mid_operation_releases_its_locks_and_writes_nothing(
        party_url: str, superuser: Any) -> None:
    with campaigns.open_existing(path=party_url) as store:
        cid = _ragnar(store)
        original = characters.get_character(store=store, character_id=cid).notes
        operations = _value(superuser, "SELECT count(*) FROM operation")
        holder = subprocess.Popen([sys.executable, "-c", HOLDING_CLIENT, party_url, str(cid)],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  env=os.environ.copy())
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
            [(pid, state, _w, _q)] = _until("the client's open operation",
                                            lambda: _in_transaction(superuser))
            assert state == "idle in transaction"
            assert _value(superuser, "SELECT count(*) FROM pg_locks WHERE pid = %s "
                          "AND locktype = 'transactionid'", pid)  # it holds Ragnar's row
            holder.send_signal(signal.SIGKILL)
            holder.wait(PATIENCE)
        finally:
            if holder.poll() is None:
                holder.kill()
        _until("the killed client's session ended", lambda: _gone(superuser, pid))
        assert not _value(superuser, "SELECT count(*) FROM pg_locks WHERE pid = %s", pid)
        assert _value(superuser, "SELECT notes FROM character WHERE id = %s", cid) == original
        assert _value(superuser, "SELECT count(*) FROM operation") == operations
        _journal_whole(superuser)
        store.look()
        current = characters.get_character(store=store, character_id=cid)
        characters.edit_character(store=store, character_id=cid,
                                  character=replace(current, notes="The survivor's note"))
    assert _value(superuser, "SELECT notes FROM character WHERE id = %s", cid) == \
        "The survivor's note"
    _journal_whole(superuser)


def test_a_dropped_listening_connection_is_noticed_and_a_new_one_hears_what_follows(
        party_url: str, superuser: Any) -> None:
    from tftmanager.store.server_listen import Listener

    address = parse_address(party_url)
    listening = Listener(address)
    try:
        _end_listening(superuser)
        # Never a silent nothing: the socket stays readable, and within a read or two
        # (the first may only take in the server's goodbye) the window, woken again,
        # hears the failure and listens anew.
        noticed: ConnectionLost | None = None
        for _read in range(5):
            assert select.select([listening.fileno()], [], [], PATIENCE)[0], "socket silent"
            try:
                assert listening.pending() == []
            except ConnectionLost as exc:  # what ServerWindow.hear reconnects on
                noticed = exc
                break
        assert noticed is not None, "five reads and the dropped connection went unnoticed"
        assert "connection" in noticed.message
        assert isinstance(noticed.__cause__, psycopg.OperationalError)
    finally:
        with contextlib.suppress(Exception):
            listening.close()
    with Listener(address) as again, campaigns.open_existing(path=party_url) as store:
        experience.award(store=store, character_ids=[_ragnar(store)], amount=2,
                         reason="After the listener came back")
        notices = _until("the award's notice", lambda: again.pending())
        assert [n.label for n in notices] == ["Ragnar: +2 XP, After the listener came back"]


def test_a_table_servers_watch_reads_its_dropped_connection_as_gone(
        party_url: str, superuser: Any) -> None:
    # The live pages end as "gone" (and say so) rather than the watch's thread dying.
    from tftmanager.store.watch import ListenWatch, Seen

    with campaigns.open_existing(path=party_url) as store:
        watch = ListenWatch(store)
        try:
            _end_listening(superuser)
            assert _until("the watch saw it", lambda: watch.look() is Seen.GONE)
        finally:
            watch.close()
