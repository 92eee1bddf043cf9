"""The journal's triggers: every row written inside an operation is recorded.

The triggers are generated from the file's own tables (``PRAGMA table_info``)
rather than written out per table, so a later schema that adds a table or a
column is journalled as soon as the upgrade reinstalls them.  Recording in
SQLite itself, in the same transaction as the change (SQLite's "Automatic
Undo/Redo Using SQLite" recipe), means no use case can change the campaign
without the journal knowing: a write outside an operation is refused.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, inspect

from tftmanager.store.sql_text import quote_name

# Tables that are the journal itself, or Alembic's, or the players' links and requests:
# never recorded.
UNRECORDED = frozenset({"operation", "row_change", "journal_state", "alembic_version",
                        "character_version", "player_link", "table_request"})
PREFIX = "journal_"
OUTSIDE_AN_OPERATION = "write outside an operation"
# From this many rows a bulk insert is journalled in one statement (``insert_recorded``).
BULK_ROWS = 64

_EVENTS = (("insert", "INSERT", "I"), ("update", "UPDATE", "U"), ("delete", "DELETE", "D"))



def _row_json(alias: str, columns: list[str]) -> str:
    parts = ", ".join(f"'{c}', {alias}.{quote_name(c)}" for c in columns)
    return f"json_object({parts})"


def trigger_sql(table: str, columns: list[str]) -> list[str]:
    """CREATE TRIGGER statements recording inserts, updates and deletes of ``table``."""
    statements = []
    for suffix, event, action in _EVENTS:
        old = _row_json("OLD", columns) if action in "UD" else "NULL"
        new = _row_json("NEW", columns) if action in "IU" else "NULL"
        key = "OLD.rowid" if action == "D" else "NEW.rowid"
        statements.append(
            f"CREATE TRIGGER {PREFIX}{table}_{suffix} AFTER {event} ON {quote_name(table)} BEGIN "
            f"SELECT RAISE(ABORT, '{OUTSIDE_AN_OPERATION}') FROM journal_state "
            "WHERE id = 1 AND current_op IS NULL AND replaying = 0; "
            "INSERT INTO row_change (operation_id, table_name, action, row_key, old, new) "
            f"SELECT current_op, '{table}', '{action}', {key}, {old}, {new} "
            "FROM journal_state WHERE id = 1 AND current_op IS NOT NULL AND replaying = 0; "
            "END"
        )
    return statements


def insert_recorded(conn: Connection, table: str, sql: str, rows: list[Any]) -> None:
    """Run a bulk INSERT into ``table`` and record its rows with one statement, not one each.

    The journal's rows come out exactly as the triggers would write them
    (the same images, in the same order, with the same ids), but SQLite runs
    one INSERT ... SELECT instead of a trigger program per row: for a year of
    a party's ledger lines (thousands), that was more than the insert itself.
    Outside an operation, or while replaying, the triggers decide as always;
    so they do for a few rows (a payment, an award to a party), where the
    statements around the insert would cost more than they save.
    """
    if len(rows) < BULK_ROWS:
        conn.exec_driver_sql(sql, rows)
        return
    state = conn.exec_driver_sql(
        "SELECT current_op, replaying FROM journal_state WHERE id = 1").first()
    if state is None or state[0] is None or state[1]:
        conn.exec_driver_sql(sql, rows)
        return
    name = quote_name(table)
    columns = [r[1] for r in conn.exec_driver_sql(f"PRAGMA table_info({name})")]
    after = conn.exec_driver_sql(f"SELECT coalesce(max(rowid), 0) FROM {name}").scalar()
    conn.exec_driver_sql("UPDATE journal_state SET replaying = 1 WHERE id = 1")
    try:
        conn.exec_driver_sql(sql, rows)
    finally:
        conn.exec_driver_sql("UPDATE journal_state SET replaying = 0 WHERE id = 1")
    conn.exec_driver_sql(
        "INSERT INTO row_change (operation_id, table_name, action, row_key, old, new) "
        f"SELECT ?, '{table}', 'I', NEW.rowid, NULL, {_row_json('NEW', columns)} "
        f"FROM {name} AS NEW WHERE NEW.rowid > ? ORDER BY NEW.rowid", (state[0], after))


def _journal_triggers(conn: Connection) -> list[str]:
    rows = conn.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ?",
        (PREFIX + "%",),
    )
    return [r[0] for r in rows]


def recorded_tables(conn: Connection) -> list[str]:
    """The file's tables whose rows the journal records."""
    rows = conn.exec_driver_sql(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    return sorted(r[0] for r in rows if r[0] not in UNRECORDED)


def drop_triggers(conn: Connection) -> None:
    """Remove every journal trigger (before a migration rebuilds tables)."""
    for name in _journal_triggers(conn):
        conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS {quote_name(name)}")


def install_triggers(conn: Connection) -> None:
    """(Re)create the journal triggers for every recorded table, inside the caller's transaction."""
    drop_triggers(conn)
    exists = conn.exec_driver_sql(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal_state'"
    ).first()
    if exists is None:
        return  # a file older than the journal: nothing to record into yet
    for table in recorded_tables(conn):
        columns = [r[1] for r in conn.exec_driver_sql(f"PRAGMA table_info({quote_name(table)})")]
        for statement in trigger_sql(table, columns):
            conn.exec_driver_sql(statement)


def forget_row_images(conn: Connection) -> None:
    """After an upgrade, rows recorded under the old tables can no longer be put back.

    The operations keep their lines in the history; only their undo goes, so
    a later migration that changes columns never replays a row of the wrong shape.
    """
    if inspect(conn).has_table("row_change"):  # a file or a server
        conn.exec_driver_sql("DELETE FROM row_change")
        conn.exec_driver_sql("UPDATE operation SET undoable = FALSE")
