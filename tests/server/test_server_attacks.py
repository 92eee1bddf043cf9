"""A hostile player with their own psql or psycopg connection, against a real server.

Each attack of the report on server campaigns is made as the player's own
login, straight at the database; each must be refused, leave the campaign
as it was, and hold no other client up past the campaign's ``lock_timeout``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from dataclasses import replace
from typing import Any

import pytest
from sqlalchemy import text

from tftmanager.app import campaigns, characters, experience, journal, server_campaigns
from tftmanager.rules.experience import Attribute
from tftmanager.store.errors import NotYours, ServerError
from tftmanager.store.server_address import parse_address
from tftmanager.store.server_listen import Listener
from tftmanager.store.server_schema import PLAYER_CONNECTIONS, TIMEOUTS

from .hostile import (
    LOCK_TIMEOUT,
    OPERATION_ROWS_MAX,
    ROW_BYTES_MAX,
    character_id,
    gm_edits_promptly,
    refused,
    snapshot,
)

pytestmark = pytest.mark.server


def test_a_player_cannot_award_themselves_xp(party_url: str, alice: Any, owner: Any) -> None:
    before = snapshot(owner)
    with campaigns.open_existing(path=party_url.replace("//tft@", "//alice@")) as store:
        ragnar = character_id(store, "Ragnar")
        with pytest.raises(NotYours, match="XP awards and money gained"):
            experience.award(store=store, character_ids=[ragnar], amount=99_999, reason="Me")
        with pytest.raises(NotYours):
            experience.correct(store=store, character_id=ragnar, amount=99_999, reason="Me")
    row = ("INSERT INTO xp_entry (character_id, amount, kind, reason, week, played_on, "
           "attribute, batch, created_at) VALUES (%s, %s, %s, 'x', 1, '', '', '', now())")
    for kind, amount in (("award", 99_999), ("correction", 99_999), ("spend", 1),
                         ("spend", -501)):  # a "spending" that adds, or one past the balance
        # even inside an operation of hers
        assert "row-level security" in refused(alice, row, ragnar, amount, kind,
                                                operation=True)
    for attack in ("UPDATE xp_entry SET amount = 99999", "DELETE FROM xp_entry",
                   "TRUNCATE xp_entry"):
        assert "permission denied" in refused(alice, attack)
    assert snapshot(owner) == before


def test_a_player_spends_their_own_xp_through_the_server(party_url: str) -> None:
    with campaigns.open_existing(path=party_url.replace("//tft@", "//alice@")) as store:
        ragnar = character_id(store, "Ragnar")
        before = experience.status(store=store, character_id=ragnar).balance
        experience.raise_attribute(store=store, character_id=ragnar, attribute=Attribute.ST)
        after = experience.status(store=store, character_id=ragnar).balance
        assert 0 <= after < before
        journal.undo(store=store)
        assert experience.status(store=store, character_id=ragnar).balance == before


def test_nothing_a_player_may_set_turns_the_journal_off(alice: Any, owner: Any) -> None:
    before = snapshot(owner)
    quiet = ("SET LOCAL tftmanager.replaying = 'on'; "
             "UPDATE character SET notes = 'unrecorded' WHERE name = 'Ragnar'")
    assert "write outside an operation" in refused(alice, quiet)
    assert "only the GM" in refused(alice, "SELECT tft_quiet(true)")
    assert "permission denied" in refused(alice, "INSERT INTO tft_private.tx VALUES "
                                           "(txid_current(), NULL, true)")
    gm_op = owner.execute("SELECT max(id) FROM operation WHERE author = 'tft'").fetchone()[0]
    borrowed = (f"SET LOCAL tftmanager.current_op = '{gm_op}'; "
                "UPDATE character SET notes = 'in the GM''s name' WHERE name = 'Ragnar'")
    assert "write outside an operation" in refused(alice, borrowed)
    # An operation begun and never finished is refused at the commit: no silent change.
    unfinished = ("SELECT tft_begin(1, 'character'); "
                  "UPDATE character SET notes = 'no line, no notice' WHERE name = 'Ragnar'")
    assert "must end with tft_finish" in refused(alice, unfinished)
    assert "not an operation this login may replay" in refused(
        alice, f"SELECT tft_replay({gm_op}, true)")
    assert snapshot(owner) == before


def test_a_players_history_lines_are_the_triggers_alone(alice: Any, owner: Any) -> None:
    before = snapshot(owner)
    for attack in ("INSERT INTO operation (campaign_id, kind, label, author) "
                   "VALUES (1, 'experience', 'GM: Ragnar +1000 XP', 'alice')",
                   "UPDATE operation SET label = 'forged'",
                   "INSERT INTO row_change (operation_id, table_name, action, row_key) "
                   "SELECT max(id), 'character', 'U', 1 FROM operation",
                   "DELETE FROM row_change", "UPDATE character_version SET version = 0"):
        assert "permission denied" in refused(alice, attack)
    # An operation that changes nothing leaves no line: tft_finish removes it.
    with alice.transaction():
        op = alice.execute("SELECT tft_begin(1, 'character')").fetchone()[0]
        alice.execute("SELECT tft_finish(%s, 'GM awards 1000 XP', '', '{}', '{}', '{}')", (op,))
    assert snapshot(owner) == before


@pytest.mark.parametrize("mode", ["ACCESS EXCLUSIVE", "EXCLUSIVE", "SHARE ROW EXCLUSIVE",
                                  "SHARE", "SHARE UPDATE EXCLUSIVE"])
def test_a_player_cannot_lock_a_table(party_url: str, alice: Any, mode: str) -> None:
    for table in ("character", "xp_entry", "possession", "operation", "character_version"):
        assert "permission denied" in refused(alice, f"LOCK TABLE {table} IN {mode} MODE")
    gm_edits_promptly(party_url)


def test_a_player_holding_their_own_rows_holds_no_one_past_the_timeout(
        party_url: str, alice: Any) -> None:
    import psycopg

    with alice.transaction():
        alice.execute("SELECT tft_begin(1, 'character')")
        alice.execute("SELECT * FROM character WHERE name = 'Ragnar' FOR UPDATE")
        gm_edits_promptly(party_url)  # another character: no wait at all
        began = time.monotonic()
        with campaigns.open_existing(path=party_url) as gm, pytest.raises(ServerError,
                                                                          match="busy"):
            cid = character_id(gm, "Ragnar")
            current = characters.get_character(store=gm, character_id=cid)
            characters.edit_character(store=gm, character_id=cid,
                                      character=replace(current, notes="GM's"))
        assert time.monotonic() - began < LOCK_TIMEOUT + 5
        raise psycopg.Rollback


def test_operation_ids_come_only_from_the_server(party_url: str, alice: Any,
                                                 owner: Any) -> None:
    before = snapshot(owner)
    for attack in ("SELECT nextval('operation_id_seq')", "SELECT setval('operation_id_seq', 1)",
                   "SELECT nextval('possession_id_seq')",
                   "INSERT INTO operation (id, campaign_id, kind) "
                   "SELECT g, 1, 'x' FROM generate_series(100000, 100100) g",
                   "SELECT tft_begin(1, 'x'); INSERT INTO possession (id, character_id, "
                   "position, kind, key) SELECT 999999, id, 99, 'weapon', 'dagger' "
                   "FROM character WHERE name = 'Ragnar'"):
        assert "permission denied" in refused(alice, attack)
    assert snapshot(owner) == before
    gm_edits_promptly(party_url)


def test_a_player_has_a_few_connections_and_everyone_else_still_connects(
        party_url: str) -> None:
    import psycopg

    address = parse_address(party_url)
    held = []
    try:
        for _ in range(PLAYER_CONNECTIONS):
            held.append(psycopg.connect(host=address.host, port=address.port,
                                        dbname=address.database, user="alice"))
        with pytest.raises(psycopg.OperationalError, match="too many connections"):
            psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                            user="alice")
        gm_edits_promptly(party_url)
    finally:
        for conn in held:
            conn.close()


def test_a_player_cannot_flood_the_campaign(party_url: str, alice: Any, owner: Any) -> None:
    before = snapshot(owner)
    many = ("SELECT tft_begin(1, 'equipment'); INSERT INTO possession (character_id, position, "
            "kind, key, state, fine_dx, fine_damage, silver, good, hits_taken, quantity, note) "
            "SELECT c.id, 100 + g, 'weapon', 'dagger', 'carried', 0, 0, false, false, 0, 1, '' "
            "FROM character c, "
            f"generate_series(1, {OPERATION_ROWS_MAX + 1}) g WHERE c.name = 'Ragnar'")
    assert "operation too large" in refused(alice, many)
    huge = ("SELECT tft_begin(1, 'character'); UPDATE character SET notes = "
            f"repeat('x', {ROW_BYTES_MAX + 1}) WHERE name = 'Ragnar'")
    assert "row too large" in refused(alice, huge)
    assert snapshot(owner) == before
    with campaigns.open_existing(path=party_url.replace("//tft@", "//alice@")) as store, \
            pytest.raises(ServerError, match=r"one entry \(notes, for instance\) may hold at "
                          r"most 200 KB\. Nothing was changed"), \
            store.operation("character", "long notes") as op:
        op.session.execute(text(f"UPDATE character SET notes = repeat('x', {ROW_BYTES_MAX})"
                                " || 'x' WHERE name = 'Ragnar'"))
    assert snapshot(owner) == before


def test_a_forged_or_repeated_notice_is_not_believed(party_url: str, alice: Any) -> None:
    # The listener takes a second's margin for the server's clock: the campaign's first
    # operation (made by the fixture) must be older than that to count as old news.
    time.sleep(1.2)
    with Listener(parse_address(party_url)) as listener, \
            campaigns.open_existing(path=party_url) as gm:
        experience.award(store=gm, character_ids=[character_id(gm, "Wulf")], amount=5,
                         reason="Bats")
        [heard] = listener.wait(10)
        assert (heard.author, heard.label) == ("tft", "Wulf: +5 XP, Bats")
        again = json.dumps({"op": heard.operation_id, "author": "tft", "kind": "experience",
                            "label": "forged", "characters": [1]})
        alice.execute("SELECT pg_notify('tftmanager', %s)", (again,))
        old = json.dumps({"op": 1, "author": "tft", "kind": "character", "label": "x"})
        alice.execute("SELECT pg_notify('tftmanager', %s)", (old,))
        named = json.dumps({"op": heard.operation_id, "author": "alice", "kind": "x"})
        alice.execute("SELECT pg_notify('tftmanager', %s)", (named,))
        assert listener.wait(1) == []


def test_a_dead_end_connection_is_ended_by_the_idle_timeout(owner: Any) -> None:
    settings = dict(owner.execute(
        "SELECT s.name, s.setting FROM pg_db_role_setting r, "
        "LATERAL (SELECT split_part(c, '=', 1) AS name, split_part(c, '=', 2) AS setting "
        "FROM unnest(r.setconfig) c) s WHERE r.setdatabase = (SELECT oid FROM pg_database "
        "WHERE datname = current_database()) AND r.setrole = 0").fetchall())
    assert settings == TIMEOUTS
    alice_settings = owner.execute(
        "SELECT r.setconfig FROM pg_db_role_setting r JOIN pg_roles l ON l.oid = r.setrole "
        "WHERE l.rolname = 'alice'").fetchone()[0]
    assert sorted(alice_settings) == sorted(f"{k}={v}" for k, v in TIMEOUTS.items())
    limit = owner.execute("SELECT rolconnlimit FROM pg_roles WHERE rolname = 'alice'")
    assert limit.fetchone()[0] == PLAYER_CONNECTIONS


def test_a_password_is_sent_as_a_scram_verifier(party_url: str, owner: Any,
                                                pg_server: Any) -> None:
    """RFC 7677 / PostgreSQL: SCRAM-SHA-256$iterations:salt$StoredKey:ServerKey."""
    password = "s3cret-horse"
    database = parse_address(party_url).database
    owner.execute(f'ALTER DATABASE "{database}" SET log_statement = \'all\'')
    server_campaigns.add_member(url=party_url, login="scram_gm", characters=[], gm=True,
                                password=password)
    verifier = owner.execute(
        "SELECT rolpassword FROM pg_authid WHERE rolname = 'scram_gm'").fetchone()[0]
    method, _, rest = verifier.partition("$")
    iterations_salt, _, keys = rest.partition("$")
    iterations, _, salt = iterations_salt.partition(":")
    stored_key, _, server_key = keys.partition(":")
    salted = hashlib.pbkdf2_hmac("sha256", password.encode(), base64.b64decode(salt),
                                 int(iterations))
    client_key = hmac.new(salted, b"Client Key", "sha256").digest()
    assert method == "SCRAM-SHA-256"
    assert base64.b64decode(stored_key) == hashlib.sha256(client_key).digest()
    assert base64.b64decode(server_key) == hmac.new(salted, b"Server Key", "sha256").digest()
    log = (pg_server.folder / "server.log").read_text(errors="replace")
    assert "ALTER ROLE" in log and password not in log
