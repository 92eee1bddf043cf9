"""Server campaigns on a real PostgreSQL: many users, conflicts, roles the database enforces."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import campaigns, characters, experience, journal, server_campaigns
from tftmanager.app.demo import add_demo_party
from tftmanager.app.journal import NothingToUndo
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.errors import EditConflict, NewerCampaign, NotYours, ServerError
from tftmanager.store.server import ServerCampaignStore
from tftmanager.store.server_address import parse_address
from tftmanager.store.server_listen import Listener

from .legacy import legacy_player

pytestmark = pytest.mark.server


def _db(url: str) -> str:
    return url.rsplit("/", 1)[1]


@pytest.fixture
def party_url(server_url: str) -> str:
    """A server campaign holding the demo party; alice plays Ragnar, bob plays Wulf."""
    with campaigns.open_existing(path=server_url) as store:
        add_demo_party(store=store)
    legacy_player(server_url, "alice", ["Ragnar"])
    legacy_player(server_url, "bob", ["Wulf"])
    return server_url


def _as(url: str, login: str) -> str:
    return url.replace("//tft@", f"//{login}@")


@pytest.fixture
def gm(party_url: str) -> Iterator[CampaignStore]:
    with campaigns.open_existing(path=party_url) as store:
        yield store


def _ids(store: CampaignStore) -> dict[str, int]:
    return {s.character.name: s.id or 0 for s in campaigns.party_sheets(store=store)}


def _set_notes(store: CampaignStore, cid: int, notes: str) -> None:
    current = characters.get_character(store=store, character_id=cid)
    characters.edit_character(store=store, character_id=cid,
                              character=replace(current, notes=notes))


def test_the_same_operations_run_on_the_server_with_who_did_them(gm: CampaignStore) -> None:
    assert isinstance(gm, ServerCampaignStore) and gm.role == "gm" and gm.author == "tft"
    ids = _ids(gm)
    experience.award(store=gm, character_ids=list(ids.values()), amount=40, reason="Wight")
    [newest] = journal.history(store=gm, limit=1)
    assert newest.label == "Party award: +40 XP, Wight"
    assert experience.status(store=gm, character_id=ids["Ragnar"]).balance >= 40


def test_two_clients_on_different_characters_never_wait_for_each_other(party_url: str) -> None:
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice, \
            campaigns.open_existing(path=_as(party_url, "bob")) as bob:
        ids = _ids(alice)
        holding, release = threading.Event(), threading.Event()
        failures: list[BaseException] = []

        def alice_edits_slowly() -> None:
            try:
                with alice.operation("character", "slow edit") as op:
                    row = op.session.get(type_of_character_row(), ids["Ragnar"])
                    row.notes = "alice was here"
                    op.session.add(row)
                    op.session.flush()  # Ragnar's row is now locked by alice's transaction
                    holding.set()
                    release.wait(30)
            except BaseException as exc:  # noqa: BLE001 - reported below
                failures.append(exc)

        slow = threading.Thread(target=alice_edits_slowly)
        slow.start()
        assert holding.wait(30)
        done = threading.Event()
        bob_thread = threading.Thread(
            target=lambda: (_set_notes(bob, ids["Wulf"], "bob was here"), done.set()))
        bob_thread.start()
        bob_thread.join(30)
        finished_while_alice_held = done.is_set()
        release.set()
        slow.join(30)
        assert finished_while_alice_held, "bob's edit of Wulf waited for alice's of Ragnar"
        assert not failures
        gm_view = {s.character.name: s.character.notes
                   for s in campaigns.party_sheets(store=bob)}
        assert gm_view["Ragnar"] == "alice was here" and gm_view["Wulf"] == "bob was here"


def type_of_character_row() -> Any:
    from tftmanager.store.tables import CharacterRow

    return CharacterRow


def test_two_clients_on_the_same_character_get_a_conflict_and_lose_nothing(
        party_url: str) -> None:
    with campaigns.open_existing(path=party_url) as first, \
            campaigns.open_existing(path=_as(party_url, "alice")) as second:
        cid = _ids(first)["Ragnar"]
        stale = characters.get_character(store=second, character_id=cid)  # alice's view
        _set_notes(first, cid, "The GM's note")
        with pytest.raises(EditConflict) as refused:
            characters.edit_character(store=second, character_id=cid,
                                      character=replace(stale, st=stale.st + 1))
        assert "tft changed Ragnar since you last looked" in refused.value.message
        assert "Your change was not made" in refused.value.message
        after = characters.get_character(store=second, character_id=cid)
        assert after.notes == "The GM's note" and after.st == stale.st  # nothing lost
        second.look()  # alice's client refreshes (as the window does on the notice)
        fresh = characters.get_character(store=second, character_id=cid)
        characters.edit_character(store=second, character_id=cid,
                                  character=replace(fresh, st=fresh.st + 1))
        final = characters.get_character(store=first, character_id=cid)
        assert (final.notes, final.st) == ("The GM's note", stale.st + 1)


def test_a_player_changes_only_their_own_characters(party_url: str) -> None:
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice:
        assert isinstance(alice, ServerCampaignStore) and alice.role == "player"
        ids = _ids(alice)
        assert set(ids) >= {"Ragnar", "Wulf"}  # the whole party is readable
        with pytest.raises(NotYours, match="XP awards and money gained"):  # even to her own
            experience.award(store=alice, character_ids=[ids["Ragnar"]], amount=5,
                             reason="Mine")
        _set_notes(alice, ids["Ragnar"], "Ragnar's own notes")  # her own character is hers
        with pytest.raises(NotYours, match="only the characters the GM gave you"):
            experience.award(store=alice, character_ids=[ids["Wulf"]], amount=5,
                             reason="Not mine")
        with pytest.raises(NotYours):
            _set_notes(alice, ids["Wulf"], "alice writes on bob's sheet")
        assert experience.status(store=alice, character_id=ids["Wulf"]).balance == 0


def test_a_players_direct_sql_on_another_character_is_refused_by_the_database(
        party_url: str, pg_server: Any) -> None:
    db = _db(party_url)

    def as_alice(sql: str) -> Any:  # inside an operation of hers, as the app would write
        return pg_server.psql(db, f"BEGIN; SELECT tft_begin(1, 'character'); {sql}; "
                              "SELECT tft_finish((SELECT max(id) FROM operation WHERE "
                              "author = 'alice' AND label = ''), 'x', '', '{}', '{}', NULL); "
                              "COMMIT",
                              user="alice")

    def wulf() -> str:
        return str(pg_server.psql(db, "SELECT st, name, (SELECT count(*) FROM character_talent "
                                  "t WHERE t.character_id = c.id) FROM character c "
                                  "WHERE name = 'Wulf'").stdout.strip())

    before = wulf()
    # Bob's character is not hers: no row of it is hers to change, take over or delete.
    for attack in ("UPDATE character SET st = 20 WHERE name = 'Wulf'",
                   "UPDATE character_talent SET character_id = "
                   "(SELECT id FROM character WHERE name = 'Ragnar') WHERE character_id = "
                   "(SELECT id FROM character WHERE name = 'Wulf')"):
        assert as_alice(attack).returncode == 0  # it matches none of her rows
    deleted = as_alice("DELETE FROM character_talent WHERE character_id = "
                       "(SELECT id FROM character WHERE name = 'Wulf')")
    assert "permission denied" in deleted.stderr  # deletes go through tft_delete
    through = as_alice("SELECT tft_delete('character_talent', (SELECT min(t.id) FROM "
                       "character_talent t JOIN character c ON c.id = t.character_id "
                       "WHERE c.name = 'Wulf'))")
    assert "not a row of this login's characters" in through.stderr
    assert wulf() == before
    refused = as_alice("INSERT INTO xp_entry (character_id, amount, kind, reason, week, "
                       "played_on, attribute, batch, created_at) SELECT id, 1000, 'award', "
                       "'x', 1, '', '', '', now() FROM character WHERE name = 'Wulf'")
    assert "row-level security" in refused.stderr
    # A table of her own shadowing the assignments is not read by the database's checks.
    shadow = as_alice("CREATE TEMP TABLE player_character (id int, login text, "
                      "character_id int)")
    assert "permission denied" in shadow.stderr
    # Nor may she rewrite or erase the GM's history, or touch the campaign itself.
    history = "SELECT count(*) FROM operation WHERE author = 'tft'"
    lines = pg_server.psql(db, history).stdout.strip()
    as_alice("UPDATE operation SET author = 'alice' WHERE author = 'tft'")
    as_alice("DELETE FROM operation WHERE author = 'tft'")
    assert pg_server.psql(db, history).stdout.strip() == lines != "0"
    # Journal lines are the server trigger's alone: none forged, none recorded into
    # another's operation.
    forged = as_alice("INSERT INTO row_change (operation_id, table_name, action, row_key) "
                      "SELECT max(id), 'character', 'U', 1 FROM operation")
    assert "permission denied" in forged.stderr
    gm_op = pg_server.psql(db, "SELECT max(id) FROM operation WHERE author = 'tft'")
    borrowed = pg_server.psql(
        db, f"SET tftmanager.current_op = '{gm_op.stdout.strip()}'; "
        "UPDATE character SET notes = 'in the GM''s name' WHERE name = 'Ragnar'", user="alice")
    assert "write outside an operation" in borrowed.stderr
    assert "permission denied" in as_alice("UPDATE campaign SET week = 99").stderr
    assert "permission denied" in as_alice("DELETE FROM player_character").stderr
    assert "permission denied" in as_alice("CREATE TABLE mine (x int)").stderr
    # Her own character, she may change (through an operation, as the app does).
    allowed = as_alice("UPDATE character SET notes = 'mine' WHERE name = 'Ragnar'")
    assert allowed.returncode == 0, allowed.stderr
    # And without an operation, no write at all.
    outside = pg_server.psql(db, "UPDATE character SET notes = 'x' WHERE name = 'Ragnar'",
                             user="alice")
    assert "write outside an operation" in outside.stderr
    unknown = pg_server.psql(db, "SELECT 1", user="mallory")
    assert unknown.returncode != 0


def test_the_gms_award_reaches_the_players_client(party_url: str) -> None:
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice, \
            Listener(parse_address(_as(party_url, "alice"))) as listening, \
            campaigns.open_existing(path=party_url) as gm_store:
        ids = _ids(gm_store)
        experience.award(store=gm_store, character_ids=list(ids.values()), amount=25,
                         reason="Bridge troll")
        notices = listening.wait(10.0)
        assert notices, "no notice of the GM's award"
        [notice] = notices
        assert notice.author == "tft" and notice.label == "Party award: +25 XP, Bridge troll"
        assert set(notice.characters or ()) == set(ids.values())
        assert experience.status(store=alice, character_id=ids["Ragnar"]).balance == 25
        assert listening.pending() == []


def test_undo_takes_back_only_your_own_and_never_over_someone_else(party_url: str) -> None:
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice, \
            campaigns.open_existing(path=party_url) as gm_store:
        cid = _ids(alice)["Ragnar"]
        original = characters.get_character(store=alice, character_id=cid).notes
        _set_notes(alice, cid, "alice's first note")
        experience.award(store=gm_store, character_ids=[_ids(gm_store)["Wulf"]], amount=9,
                         reason="GM's own")
        assert journal.next_undo(store=alice).label.startswith("Ragnar")
        journal.undo(store=alice)  # the GM's later award touched other rows: fine
        assert characters.get_character(store=alice, character_id=cid).notes == original
        journal.redo(store=alice)
        alice.look()
        gm_store.look()
        _set_notes(gm_store, cid, "the GM corrects it")
        with pytest.raises(NothingToUndo, match="tft has since changed the same things"):
            journal.undo(store=alice)
        assert characters.get_character(store=alice, character_id=cid).notes == \
            "the GM corrects it"
        assert journal.undo(store=gm_store).operation.label.startswith("Ragnar")


def _dump_file(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = sqlite3.connect(path)
    try:
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in tables}
    finally:
        con.close()


def _history_written_out(path: Path) -> list[tuple[Any, ...]]:
    from sqlalchemy import create_engine

    from tftmanager.store.journal_triggers import expand_ranges

    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:
            rows = [dict(r._mapping) for r in conn.exec_driver_sql(
                "SELECT * FROM row_change ORDER BY id")]
            return [tuple(r.values()) for r in expand_ranges(conn, rows)]
    finally:
        engine.dispose()


def test_push_then_pull_gives_the_same_file(tmp_path: Path, pg_server: Any) -> None:
    original = tmp_path / "played.tftcampaign"
    campaigns.new_campaign(path=original, demo=True, history=True).close()
    url = pg_server.url(pg_server.new_database_name())
    counts = server_campaigns.push(path=original, url=url)
    assert counts["character"] == 5 and counts["operation"] > 10
    back = tmp_path / "pulled.tftcampaign"
    server_campaigns.pull(url=url, path=back)
    pulled, played = _dump_file(back), _dump_file(original)
    # The file's history records rows inserted at once (the weeks' log) as one range; the
    # server's records each row: the same rows, written out (and numbered on from the first).
    assert pulled.pop("row_change") == _history_written_out(original)
    played.pop("row_change")
    assert pulled == played
    with pytest.raises(ServerError, match="already holds a campaign"):
        server_campaigns.push(path=original, url=url)
    with campaigns.open_existing(path=url) as store:  # the journal travelled: undo works
        label = journal.undo(store=store).operation.label
        assert label == journal.history(store=store, limit=1)[0].label
    pulled_again = tmp_path / "after-undo.tftcampaign"
    server_campaigns.pull(url=url, path=pulled_again)
    with campaigns.open_existing(path=pulled_again) as store:  # undone on the server, redo here
        assert journal.redo(store=store).operation.label == label
    with pytest.raises(Exception, match="already exists"):
        server_campaigns.pull(url=url, path=back)


def test_server_init_refuses_a_database_that_is_not_empty(server_url: str) -> None:
    with pytest.raises(ServerError, match="is not empty"):
        server_campaigns.init(url=server_url)


def test_an_older_server_is_upgraded_only_by_server_upgrade(
        pg_server: Any, tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from tftmanager.store.migrate import alembic_config
    from tftmanager.store.server import make_server_engine

    url = pg_server.url(pg_server.new_database_name())
    address = parse_address(url)
    pg_server.psql("postgres", f'CREATE DATABASE "{address.database}"')
    engine = make_server_engine(address)
    with engine.begin() as conn:  # what an older version would have left: schema 9
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0009")
        conn.execute(text("INSERT INTO campaign (name, rules_profile, created_at, week, "
                          "library_version, undo_limit) VALUES ('Old', '{}', now(), 1, '', 100)"))
    engine.dispose()
    with pytest.raises(ServerError, match=r"older format \(schema 9\).*server upgrade"):
        campaigns.open_existing(path=url)
    done = server_campaigns.upgrade(url=url, dump_folder=tmp_path)
    assert done.schema == 9 and done.dump is not None and done.dump.exists()
    assert done.dump.stat().st_size > 0 and done.broken == []
    with campaigns.open_existing(path=url) as store:
        assert campaigns.campaign_name(store=store) == "Old"
    assert server_campaigns.upgrade(url=url, dump_folder=tmp_path).dump is None


def test_a_newer_server_is_refused(server_url: str, pg_server: Any) -> None:
    pg_server.psql(_db(server_url), "UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(NewerCampaign, match="newer version of TFT Manager"):
        campaigns.open_existing(path=server_url)


def test_bad_server_urls_are_said_plainly() -> None:
    with pytest.raises(ServerError, match=r"Cannot connect to nowhere on 127\.0\.0\.1"):
        campaigns.open_existing(path="postgresql://tft@127.0.0.1:1/nowhere")
    with pytest.raises(ServerError, match="names no database"):
        campaigns.open_existing(path="postgresql://tft@127.0.0.1")
    with pytest.raises(ServerError, match="not a server campaign URL"):
        server_campaigns.address_of("mysql://tft@127.0.0.1/x")


def test_add_player_names_an_unknown_character_and_changes_nothing(party_url: str,
                                                                   pg_server: Any) -> None:
    with pytest.raises(ServerError, match="no character called 'Conan'"):
        server_campaigns.add_member(url=party_url, login="carol", characters=["Conan"])
    roles = pg_server.psql(_db(party_url),
                           "SELECT count(*) FROM pg_roles WHERE rolname = 'carol'")
    assert roles.stdout.strip() == "0"
    with pytest.raises(ServerError, match="1 to 63 characters"):
        server_campaigns.add_member(url=party_url, login=" ", characters=["Ragnar"])


def _story(store: CampaignStore) -> list[tuple[Any, ...]]:
    """Every character's XP and money ledger and state, in a form both stores give alike."""
    sheets = campaigns.party_sheets(store=store)
    return [(s.character.name, s.character.st, s.character.wounds,
             [(line.week, line.kind, line.amount, line.reason)
              for line in experience.ledger_lines(store=store, character_id=s.id or 0)])
            for s in sheets]


def test_job_weeks_on_a_server_write_what_they_write_in_a_file(
        any_demo_store: CampaignStore, campaign_path: Path, tmp_path: Path) -> None:
    """The same seeded year on the server and in a file: the same party, ledger and undo."""
    from tftmanager.app.weeks import run_weeks

    file_store = campaigns.new_campaign(path=tmp_path / "twin.tftcampaign", demo=True)
    try:
        for store in (any_demo_store, file_store):
            run_weeks(store=store, weeks=12, seed=7)
        assert _story(any_demo_store) == _story(file_store)
        assert campaigns.current_week(store=any_demo_store) == \
            campaigns.current_week(store=file_store) > 1
        journal.undo(store=any_demo_store)  # the whole run is one operation, on both
        assert campaigns.current_week(store=any_demo_store) == 1
    finally:
        file_store.close()


def test_typing_never_merges_across_another_users_change(party_url: str) -> None:
    """alice, the GM, alice again: the GM's undo must not take alice's second edit with it."""
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice, \
            campaigns.open_existing(path=party_url) as gm_store:
        cid = _ids(alice)["Ragnar"]
        _set_notes(alice, cid, "first")
        gm_store.look()
        current = characters.get_character(store=gm_store, character_id=cid)
        characters.edit_character(store=gm_store, character_id=cid,
                                  character=replace(current, name="Ragnar the Bold"))
        alice.look()
        _set_notes(alice, cid, "second")  # within the merge window, but not merged
        authors = [op.author for op in journal.history(store=alice, limit=3)]
        assert authors == ["alice", "tft", "alice"]
        with pytest.raises(NothingToUndo, match="alice has since changed the same things"):
            journal.undo(store=gm_store)
        assert characters.get_character(store=alice, character_id=cid).notes == "second"


def test_redo_never_puts_back_what_another_user_has_since_undone(party_url: str) -> None:
    with campaigns.open_existing(path=_as(party_url, "alice")) as alice, \
            campaigns.open_existing(path=party_url) as gm_store:
        cid = _ids(alice)["Ragnar"]
        before = characters.get_character(store=gm_store, character_id=cid)
        characters.edit_character(store=gm_store, character_id=cid,
                                  character=replace(before, iq=before.iq + 1))
        alice.look()
        _set_notes(alice, cid, "alice's line")
        journal.undo(store=alice)
        journal.undo(store=gm_store)  # the GM takes back the IQ point
        with pytest.raises(NothingToUndo, match="Cannot redo"):
            journal.redo(store=alice)  # her redo would bring back the GM's IQ with her row
        assert characters.get_character(store=gm_store, character_id=cid).iq == before.iq


def test_an_edit_touching_a_character_added_since_the_last_look_is_a_conflict(
        party_url: str) -> None:
    with campaigns.open_existing(path=party_url) as first, \
            campaigns.open_existing(path=party_url) as second:
        added = characters.add_new_character(store=first)  # second has not looked since
        ids = list(_ids(first).values())
        with pytest.raises(EditConflict, match="since you last looked"):
            experience.award(store=second, character_ids=ids, amount=10, reason="All of them")
        second.look()
        experience.award(store=second, character_ids=ids, amount=10, reason="All of them")
        assert experience.status(store=first, character_id=added.id).balance == 10
