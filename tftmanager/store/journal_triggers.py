"""The journal's triggers: every row written inside an operation is recorded.

The triggers are generated from the file's own tables (``PRAGMA table_info``)
rather than written out per table, so a later schema that adds a table or a
column is journalled as soon as the upgrade reinstalls them.  Recording in
SQLite itself, in the same transaction as the change (SQLite's "Automatic
Undo/Redo Using SQLite" recipe), means no use case can change the campaign
without the journal knowing: a write outside an operation is refused.
"""

from __future__ import annotations

import json
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
# The history's entry for a range of rows inserted at once (schema 17): row_key is the first
# rowid, ``new`` names the last and the characters the rows name (and, once undone, the rows).
RANGE = "R"

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


def insert_recorded(conn: Connection, table: str, sql: str, rows: list[Any], *,
                    min_rows: int = BULK_ROWS) -> None:
    """Run a bulk INSERT into ``table`` and record it as one range of the history.

    Inside an operation, from ``min_rows`` rows, the table's insert trigger is
    set aside for the statement (``_insert_untriggered``) and the history gets
    one entry (action ``R``, ``RANGE``) naming the first and last rowid
    inserted and the characters the rows name, instead of one row image each:
    a year of a party's pay is thousands of ledger lines, and writing their
    images (a JSON object each, into the file) cost about as much as writing
    the lines.  Undo keeps the rows' images in that entry as it deletes them
    (``journal.replay``), so redo puts back exactly those rows.
    Should the new rows not be one run of rowids after the last (never in
    SQLite without AUTOINCREMENT, but not assumed), each row is recorded with
    its image as the triggers would have.  Outside an operation, or while
    replaying, the triggers decide as always; so they do for a few rows (a
    payment, an award to a party), where the statements around the insert
    would cost more than they save.
    """
    if len(rows) < min_rows:
        conn.exec_driver_sql(sql, rows)
        return
    state = conn.exec_driver_sql(
        "SELECT current_op, replaying FROM journal_state WHERE id = 1").first()
    if state is None or state[0] is None or state[1]:
        conn.exec_driver_sql(sql, rows)
        return
    name = quote_name(table)
    after = int(conn.exec_driver_sql(f"SELECT coalesce(max(rowid), 0) FROM {name}").scalar()
                or 0)
    _insert_untriggered(conn, table, sql, rows)
    first, last = after + 1, after + len(rows)
    found = conn.exec_driver_sql(
        f"SELECT count(*), max(rowid) FROM {name} WHERE rowid > ?", (after,)).first()
    columns = _columns(conn, table)
    if found is None or tuple(found) != (len(rows), last):
        conn.exec_driver_sql(
            "INSERT INTO row_change (operation_id, table_name, action, row_key, old, new) "
            f"SELECT ?, '{table}', 'I', NEW.rowid, NULL, {_row_json('NEW', columns)} "
            f"FROM {name} AS NEW WHERE NEW.rowid > ? ORDER BY NEW.rowid", (state[0], after))
        return
    named = (f"(SELECT json_group_array(character_id) FROM (SELECT DISTINCT character_id "
             f"FROM {name} WHERE rowid BETWEEN {first} AND {last} ORDER BY character_id))"
             if "character_id" in columns else "json_array()")
    conn.exec_driver_sql(
        "INSERT INTO row_change (operation_id, table_name, action, row_key, old, new) "
        f"SELECT ?, '{table}', '{RANGE}', ?, NULL, json_object('last', ?, 'characters', "
        f"json({named}))", (state[0], first, last))


def _insert_untriggered(conn: Connection, table: str, sql: str, rows: list[Any]) -> None:
    """Run the INSERT with the table's insert trigger set aside (the caller records the rows).

    Told to stay quiet, the trigger still ran its two statements for every
    row (about a third of the insert); dropped and made again from its own
    text inside the same transaction, it costs nothing per row, and a failure
    or a crash rolls the drop back with the rest.
    """
    trigger = f"{PREFIX}{table}_insert"
    made = conn.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", (trigger,)).scalar()
    conn.exec_driver_sql("UPDATE journal_state SET replaying = 1 WHERE id = 1")
    if made is not None:
        conn.exec_driver_sql(f"DROP TRIGGER {quote_name(trigger)}")
    try:
        conn.exec_driver_sql(sql, rows)
    finally:
        if made is not None:
            conn.exec_driver_sql(str(made))
        conn.exec_driver_sql("UPDATE journal_state SET replaying = 0 WHERE id = 1")


def _columns(conn: Connection, table: str) -> list[str]:
    return [r[1] for r in conn.exec_driver_sql(f"PRAGMA table_info({quote_name(table)})")]


def range_images(conn: Connection, table: str, first: int, last: int) -> str:
    """The rows ``first`` to ``last`` of ``table`` as a JSON array of images (oldest first).

    Each image is what the triggers record for a row (every column by name).
    """
    name = quote_name(table)
    found = conn.exec_driver_sql(
        f"SELECT count(*), json_group_array(json({_row_json('R', _columns(conn, table))})) "
        f"FROM (SELECT * FROM {name} WHERE rowid BETWEEN ? AND ? ORDER BY rowid) AS R",
        (first, last)).first()
    assert found is not None
    if found[0] != last - first + 1:  # the journal's own invariant: never a user's doing
        raise RuntimeError(f"{table} rows {first}-{last} are not all there to take back")
    return str(found[1])


def expand_ranges(conn: Connection, changes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The history's rows with each range written out as one inserted row each.

    For a copy to a server, whose journal records every row: a range of a
    done operation reads its rows from the file, one of an undone operation
    from the images undo kept.  A row a later operation changed or deleted is
    written as it was inserted: the ``old`` image of the first later change to
    it.  The history keeps its order; its ids are numbered again from the first.
    """
    if not any(c["action"] == RANGE for c in changes):
        return changes
    expanded: list[list[dict[str, Any]]] = []
    later: dict[tuple[str, int], str] = {}  # a row's image before the first later change
    for change in reversed(changes):  # newest first: ``later`` holds what came after
        table, key = change["table_name"], int(change["row_key"])
        if change["action"] != RANGE:
            if change["action"] == "I":
                later.pop((table, key), None)  # before it, the key was another row's
            else:
                later[(table, key)] = change["old"]
            expanded.append([change])
            continue
        facts = json.loads(change["new"])
        keys = range(key, int(facts["last"]) + 1)
        if "rows" in facts:  # undone: the rows are in the entry
            images = [json.dumps(image, separators=(",", ":"), ensure_ascii=False)
                      for image in facts["rows"]]
        else:  # done: the rows are in their table, each written as its trigger writes it
            name, columns = quote_name(table), _columns(conn, table)
            now = {int(r[0]): str(r[1]) for r in conn.exec_driver_sql(
                f"SELECT NEW.rowid, {_row_json('NEW', columns)} FROM {name} AS NEW "
                "WHERE NEW.rowid BETWEEN ? AND ?", (keys.start, keys.stop - 1))}
            images = [later.get((table, k)) or now[k] for k in keys]
        for k in keys:
            later.pop((table, k), None)
        expanded.append([change | {"action": "I", "row_key": k, "old": None, "new": image}
                         for k, image in zip(keys, images, strict=True)])
    out = [row for rows in reversed(expanded) for row in rows]
    start = changes[0]["id"]
    return [change | {"id": number} for number, change in enumerate(out, start=start)]


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


def recorded_columns(conn: Connection) -> dict[str, list[str]]:
    """Each recorded table's columns, in order: what the history's row images hold."""
    return {table: _columns(conn, table) for table in recorded_tables(conn)}


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
    """After an upgrade that changed the tables, rows recorded before cannot be put back.

    The operations keep their lines in the history; only their undo goes, so
    a later migration that changes columns never replays a row of the wrong shape.
    """
    if inspect(conn).has_table("row_change"):  # a file or a server
        conn.exec_driver_sql("DELETE FROM row_change")
        conn.exec_driver_sql("UPDATE operation SET undoable = FALSE")
