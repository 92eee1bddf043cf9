"""Rows inserted at once are one range of the history, and hold what row images held.

A run of weeks writes its ledger lines and its week log in bulk; the history
records each bulk insert as one entry (``journal_triggers.RANGE``) instead of
a row image each.  Written out (``expand_ranges``, as a copy to a server
does), the entries are exactly the images the triggers would have recorded;
undo keeps the rows in the entry, so redo puts back the same rows; and a file
of the schema before, upgraded to this one, keeps its undo.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import experience, journal
from tftmanager.app.assignments import assign, set_job_value
from tftmanager.app.campaigns import new_campaign, open_existing, party_sheets
from tftmanager.app.characters import create_character, delete_character
from tftmanager.app.weeks import run_weeks
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.assignment import Assignment
from tftmanager.rules.character import Character
from tftmanager.store import journal_triggers
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal_triggers import RANGE, expand_ranges

DATA = Path(__file__).resolve().parent.parent / "data"
STAMPED = ("created_at", "updated_at", "batch")  # when and in which batch: new each run


def _soldiers(store: CampaignStore, count: int) -> None:
    set_job_value(store=store, job="garrison", field_name="xp_week", value=1)
    for i in range(count):
        cid = create_character(store=store, character=Character(
            name=f"Soldier {i:02d}", race="human", st=12, dx=12, iq=8,
            talents=(KnownTalent("sword"),))).id
        assign(store=store, character_id=cid, data=Assignment(activity="job", job="garrison"))


def _run_history(path: Path) -> list[dict[str, Any]]:
    """The run's history entries (the newest operation's), in order, as plain rows."""
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(
            "SELECT * FROM row_change WHERE operation_id = (SELECT max(id) FROM operation) "
            "ORDER BY id")]
    finally:
        con.close()


def _triggers(path: Path) -> list[tuple[str, str]]:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                           "ORDER BY name").fetchall()
    finally:
        con.close()


def _unstamped(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    def image(text: str | None) -> dict[str, Any] | None:
        return None if text is None else {k: v for k, v in json.loads(text).items()
                                          if k not in STAMPED}
    return [(r["table_name"], r["action"], r["row_key"], image(r["old"]), image(r["new"]))
            for r in rows]



def _expanded(path: Path, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The history as the server's copy writes it: each range's rows one by one."""
    con = sqlite3.connect(path)
    try:
        return expand_ranges(con_connection(con), entries)
    finally:
        con.close()

def test_a_run_is_recorded_in_ranges_that_write_out_as_the_triggers_images(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ranged, rowwise = tmp_path / "ranged.tftcampaign", tmp_path / "rowwise.tftcampaign"
    with new_campaign(path=ranged, name="Ranges") as store:
        _soldiers(store, 40)
    shutil.copyfile(ranged, rowwise)
    triggers = _triggers(ranged)
    with open_existing(path=ranged) as store:
        run_weeks(store=store, weeks=4, seed=3, stop_on=frozenset())
    assert _triggers(ranged) == triggers  # set aside for the inserts, and made again
    entries = _run_history(ranged)
    ranges = [e for e in entries if e["action"] == RANGE]
    assert {e["table_name"] for e in ranges} == {"xp_entry", "money_entry", "week_log"}
    xp = next(e for e in ranges if e["table_name"] == "xp_entry")
    assert json.loads(xp["new"])["characters"] == list(range(1, 41))  # the soldiers' ids
    # The same run with every row recorded by the triggers, one image each.
    original = journal_triggers.insert_recorded

    def rowwise_insert(conn: Any, table: str, sql: str, rows: list[Any], *,
                       min_rows: int = 0) -> None:
        original(conn, table, sql, rows, min_rows=len(rows) + 1)

    monkeypatch.setattr("tftmanager.store.ledger.insert_recorded", rowwise_insert)
    monkeypatch.setattr("tftmanager.store.weeks.insert_recorded", rowwise_insert)
    with open_existing(path=rowwise) as store:
        run_weeks(store=store, weeks=4, seed=3, stop_on=frozenset())
    images = _run_history(rowwise)
    assert not any(e["action"] == RANGE for e in images)
    written = _expanded(ranged, entries)
    assert _unstamped(written) == _unstamped(images)
    assert [e["id"] for e in written] == list(range(entries[0]["id"],
                                                    entries[0]["id"] + len(written)))


def con_connection(con: sqlite3.Connection) -> Any:
    """A stand-in for SQLAlchemy's connection over a plain sqlite3 one (exec_driver_sql)."""
    class Result:
        def __init__(self, cursor: sqlite3.Cursor) -> None:
            self.cursor = cursor

        def first(self) -> Any:
            return self.cursor.fetchone()

        def __iter__(self) -> Any:
            return iter(self.cursor.fetchall())

    class Connection:
        def exec_driver_sql(self, sql: str, params: Any = ()) -> Result:
            return Result(con.execute(sql, params))

    return Connection()


def _history_since(path: Path, first_operation: int) -> list[dict[str, Any]]:
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute(
            "SELECT * FROM row_change WHERE operation_id >= ? ORDER BY id", (first_operation,))]
    finally:
        con.close()


def test_rows_of_a_range_a_later_operation_deleted_write_out_as_inserted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run, then a character deleted with its ledger lines: the copy to a server writes
    each of the run's rows under its own key, the deleted ones as they were inserted."""
    ranged, rowwise = tmp_path / "ranged.tftcampaign", tmp_path / "rowwise.tftcampaign"
    with new_campaign(path=ranged, name="Ranges") as store:
        _soldiers(store, 40)
    shutil.copyfile(ranged, rowwise)
    original = journal_triggers.insert_recorded

    def rowwise_insert(conn: Any, table: str, sql: str, rows: list[Any], *,
                       min_rows: int = 0) -> None:
        original(conn, table, sql, rows, min_rows=len(rows) + 1)

    histories = []
    for path in (ranged, rowwise):
        if path is rowwise:
            monkeypatch.setattr("tftmanager.store.ledger.insert_recorded", rowwise_insert)
            monkeypatch.setattr("tftmanager.store.weeks.insert_recorded", rowwise_insert)
        with open_existing(path=path) as store:
            run_weeks(store=store, weeks=3, seed=3, stop_on=frozenset())
            run = journal.history(store=store)[0].id
            delete_character(store=store, character_id=3)  # its ledger lines go with it
        histories.append(_history_since(path, run))
    entries, images = histories
    assert any(e["action"] == RANGE and e["table_name"] == "xp_entry" for e in entries)
    assert any(e["action"] == "D" and e["table_name"] == "xp_entry" for e in entries)
    written = _expanded(ranged, entries)
    assert _unstamped(written) == _unstamped(images)


def test_undo_keeps_a_range_rows_and_redo_puts_the_same_rows_back(tmp_path: Path) -> None:
    path = tmp_path / "undo.tftcampaign"
    with new_campaign(path=path, name="Ranges") as store:
        _soldiers(store, 70)
        run_weeks(store=store, weeks=2, seed=5, stop_on=frozenset())
        con = sqlite3.connect(path)
        lines = con.execute("SELECT * FROM xp_entry ORDER BY id").fetchall()
        assert len(lines) >= 70
        undone = journal.undo(store=store)
        assert con.execute("SELECT count(*) FROM xp_entry").fetchone() == (0,)
        assert undone.changes.ledger
        assert undone.changes.characters == set(undone.operation.characters)
        [kept] = [json.loads(n) for (n,) in con.execute(
            "SELECT new FROM row_change WHERE action = 'R' AND table_name = 'xp_entry'")]
        assert [row["id"] for row in kept["rows"]] == [line[0] for line in lines]
        journal.redo(store=store)
        assert con.execute("SELECT * FROM xp_entry ORDER BY id").fetchall() == lines
        con.close()


def test_a_file_of_the_schema_before_keeps_its_undo_when_upgraded(tmp_path: Path) -> None:
    copy = tmp_path / "sixteen.tftcampaign"
    shutil.copyfile(DATA / "campaign-schema16.tftcampaign", copy)
    with open_existing(path=copy) as store:
        assert store.backup_path is not None  # backed up before it was upgraded
        newest = journal.history(store=store, limit=1)[0]
        assert newest.undoable
        ids = [s.id for s in party_sheets(store=store) if s.id is not None]
        balance = experience.status(store=store, character_id=ids[0]).balance
        experience.award(store=store, character_ids=ids[:1], amount=3, reason="Now")
        journal.undo(store=store)
        assert journal.undo(store=store).operation.label == newest.label
        journal.redo(store=store)
        assert experience.status(store=store, character_id=ids[0]).balance == balance


def test_an_upgrade_through_a_migration_that_may_change_rows_still_ends_the_undo(
        tmp_path: Path) -> None:
    copy = tmp_path / "fifteen.tftcampaign"
    shutil.copyfile(DATA / "campaign-schema15.tftcampaign", copy)
    with open_existing(path=copy) as store:  # 16 is not marked KEEPS_HISTORY
        assert store.backup_path is not None
        assert not journal.history(store=store, limit=1)[0].undoable
