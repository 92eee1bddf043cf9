"""Bulk ledger inserts: the lines returned are exactly the rows written, with their ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from tftmanager.app import campaigns
from tftmanager.store import ledger
from tftmanager.store.journal_triggers import BULK_ROWS, expand_ranges
from tftmanager.store.tables import MoneyEntryRow, XPEntryRow

pytestmark = pytest.mark.store


def _rows(ids: list[int], batch: str) -> list[dict[str, object]]:
    return [{"character_id": cid, "amount": 3 + n, "kind": "job", "reason": f"week {n}",
             "week": n, "batch": batch} for n, cid in enumerate(ids * 3)]


def _append(how: str, session: Session, table: ledger.LedgerTable,
            rows: list[dict[str, Any]]) -> list[ledger.LedgerLine]:
    """The same lines by either bulk path: dictionaries (an award) or plain rows (a run)."""
    if how == "dicts":
        return ledger.append_many(session=session, table=table, rows=rows)
    return ledger.append_rows(session=session, table=table, rows=[
        (r["character_id"], r["amount"], r["kind"], r["reason"], r["week"], r["batch"])
        for r in rows])


BULK_PATHS = pytest.mark.parametrize("how", ["dicts", "rows"])


@BULK_PATHS
@pytest.mark.parametrize("table", [XPEntryRow, MoneyEntryRow])
@pytest.mark.parametrize("ids_in_a_run", [True, False])
def test_returned_lines_are_the_rows_written(
        campaign_path: Path, monkeypatch: pytest.MonkeyPatch, table: ledger.LedgerTable,
        ids_in_a_run: bool, campaign_templates: Any, how: str) -> None:
    store = campaign_templates.open(campaign_path, name="Demo", demo=True)
    try:
        ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
        with store.operation("test", "Bulk") as op:
            ledger.append_many(session=op.session, table=table, rows=_rows(ids[:1], "a"))
            if not ids_in_a_run:  # as if SQLite had not numbered them one after the last
                real, calls = ledger._last_id, iter([0, 1])
                monkeypatch.setattr(ledger, "_last_id",
                                    lambda c, t: real(c, t) + next(calls))
            written = _append(how, op.session, table, _rows(ids, "b"))
            read = ledger.batch_lines(session=op.session, batch="b", table=table)
            ledger.append(session=op.session, table=table, character_id=ids[0], amount=1,
                          kind="job", batch="c")
            stamps = dict(op.session.connection().exec_driver_sql(
                f"SELECT batch, created_at FROM {table.__tablename__}").all())
        assert written == read
        assert len(stamps["b"]) == len(stamps["c"]) and stamps["b"][10] == stamps["c"][10]
        assert [line.amount for line in written] == [r["amount"] for r in _rows(ids, "b")]
    finally:
        store.close()


def _journal(store: Any, table: ledger.LedgerTable) -> tuple[int, list[tuple[Any, ...]]]:
    """How many entries the journal holds for the ledger, and its rows written out.

    A bulk insert is one range of the history (schema 17), written out as the
    rows' images (``expand_ranges``, as a copy to a server does); each image is
    compared without its time of writing.
    """
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.exec_driver_sql(
            "SELECT r.id, r.operation_id, r.table_name, r.action, r.row_key, r.old, r.new "
            "FROM row_change r JOIN operation o ON o.id = r.operation_id "
            "WHERE r.table_name = ? ORDER BY r.id", (table.__tablename__,))]
        written = expand_ranges(conn, rows)
    return len(rows), [
        (*list(row.values())[:6], {k: v for k, v in json.loads(row["new"]).items()
                                   if k != "created_at"}) for row in written]


@BULK_PATHS
@pytest.mark.parametrize("table", [XPEntryRow, MoneyEntryRow])
def test_bulk_lines_are_journalled_as_the_triggers_journal_each(
        tmp_path: Path, table: ledger.LedgerTable, campaign_templates: Any, how: str) -> None:
    """The journal holds the rows, ids and order of lines added one by one (issue 35).

    The bulk insert is one entry (a range of rowids); written out, it is the rows
    the triggers record for lines added one by one.
    """
    journals = []
    for bulk in (True, False):
        store = campaign_templates.open(tmp_path / f"{bulk}.tftcampaign", name="Demo", demo=True)
        try:
            ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
            many = ids * 10  # past BULK_ROWS: journalled in one statement
            with store.operation("test", "Bulk") as op:
                ledger.append(session=op.session, table=table, character_id=ids[0], amount=1,
                              kind="job", batch="a")
                if bulk:
                    _append(how, op.session, table, _rows(many, "b"))
                else:
                    for values in _rows(many, "b"):
                        ledger.append(session=op.session, table=table, **values)
            journals.append(_journal(store, table))
        finally:
            store.close()
    (entries, bulk_rows), (_each, rows) = journals
    assert entries == 2  # the line added alone, and the bulk insert as one range
    assert len(bulk_rows) == 1 + len(_rows(many, "b")) > BULK_ROWS
    assert bulk_rows == rows


def test_a_bulk_insert_outside_an_operation_is_refused(campaign_path: Path,
                                                       campaign_templates: Any) -> None:
    """The triggers' guard still holds for the bulk path: nothing is written unjournalled."""
    store = campaign_templates.open(campaign_path, name="Demo", demo=True)
    try:
        ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
        with store.engine.connect() as conn, Session(conn) as session, \
                pytest.raises(DBAPIError, match="outside an operation"):
            ledger.append_many(session=session, rows=_rows(ids * 10, "b"))  # past BULK_ROWS
    finally:
        store.close()
