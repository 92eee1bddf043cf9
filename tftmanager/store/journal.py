"""The operations journal: record each user action, and take it back or again.

An operation is opened inside the transaction that makes the change; the
triggers (``journal_triggers``) record every row it writes, before and after.
Undo applies the recorded rows' old images newest first, redo their new
images oldest first, both with the triggers told to stay quiet, so the file
passes back through exactly the states it had.  Foreign keys are deferred to
the commit while replaying, since a cascade may have deleted children after
their parent.

This module is a file's journal (``FileJournal``); a server campaign's
(``server_journal.ServerJournal``) keeps the same operations and rows but
does its bookkeeping in server functions.  Both answer to ``Journal``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Protocol

from sqlalchemy import bindparam, text
from sqlalchemy import select as sa_select
from sqlmodel import Session, SQLModel, col, delete, select

from tftmanager.store.acting import acting_author
from tftmanager.store.journal_triggers import RANGE as RANGE  # the app names a range by it
from tftmanager.store.journal_triggers import range_images
from tftmanager.store.sql_text import quote_name
from tftmanager.store.tables import CampaignRow, OperationRow, utcnow

# Edits of the same fields closer together than this become one operation.
MERGE_WINDOW = timedelta(minutes=5)
DEFAULT_UNDO_LIMIT = 100

@dataclass
class OpenOperation:
    """An operation being recorded: the use case sets its label before it ends."""

    session: Session
    id: int
    kind: str
    label: str = ""
    # The user's login on a shared campaign; None in a file, where everything is one user's.
    author: str | None = None
    # Whose operations count as this user's (undo, redo, merging, the limit); None: all.
    mine: tuple[str, ...] | None = None
    merge_key: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    # What it did, as data (``app.deeds``, in JSON): the story reads this, never the label.
    deed: dict[str, Any] = field(default_factory=dict)
    # Rebuilds the label and the deed from merged ``meta`` when this operation folds into
    # the one before.
    remake: Callable[[dict[str, Any]], tuple[str, dict[str, Any]]] | None = None
    # Set when the operation was folded into the one before it (typing in a field).
    merged_into: int | None = None


@dataclass(frozen=True)
class RowChange:
    """One recorded row: which table, what happened, and its images as JSON.

    A ``RANGE`` (rows inserted at once, ``journal_triggers.insert_recorded``)
    is one entry for them all: ``row_key`` the first rowid, ``new`` the last
    (``last``), the characters they name (``characters``), and once undone
    the rows themselves (``rows``).
    """

    table: str
    action: str
    row_key: int
    old: dict[str, Any] | None
    new: dict[str, Any] | None


@dataclass(frozen=True)
class Operation:
    """One line of the journal, as plain values (the use cases and windows hold no row)."""

    id: int
    label: str
    kind: str
    week: int
    when: datetime
    characters: tuple[int, ...]
    undone: bool
    undoable: bool
    # Who did it: the login on a server campaign; "" in a file (or pushed from one).
    author: str = ""
    # What it did, as data (``app.deeds``); {} for an operation told as its label.
    deed: dict[str, Any] = field(default_factory=dict)

    @property
    def state(self) -> str:
        """What undo can still do with it, in words ("" when it is simply done)."""
        if not self.undoable:
            return "no longer undoable"
        return "undone" if self.undone else ""


def _operation(row: OperationRow) -> Operation:
    return Operation(
        id=row.id or 0, label=row.label, kind=row.kind, week=row.week, when=row.created_at,
        characters=tuple(json.loads(row.characters)), undone=row.undone,
        undoable=row.undoable, author=row.author or "", deed=json.loads(row.deed or "{}"),
    )


class ReplayRefused(Exception):
    """Undo or redo would take back (or redo over) another user's later change.

    ``short`` ("Ragnar:XP") when it would instead spend more than a player's
    character now holds (someone corrected the ledger since).
    """

    def __init__(self, who: str, label: str, short: str = "") -> None:
        super().__init__(who, label, short)
        self.who = who
        self.label = label
        self.short = short


class Journal(Protocol):
    """How a campaign records its operations and replays them: a file's or a server's.

    The store holds one (``CampaignStore.journal``); the dialect's differences
    (SQLite's triggers and ``journal_state`` row, or PostgreSQL's server
    functions) live in it rather than in branches.
    """

    def begin(self, session: Session, *, campaign_id: int, kind: str) -> OpenOperation:
        """Open an operation in the session's transaction."""
        ...

    def finish(self, session: Session, op: OpenOperation, *, campaign_id: int) -> None:
        """Close it: label, undo limit (and on a server: versions, conflicts, notice)."""
        ...

    def replay(self, session: Session, operation_id: int, changes: list[RowChange], *,
               backwards: bool) -> None:
        """Undo (``backwards``) or redo an operation and mark it so."""
        ...

    def committed(self) -> None:
        """The transaction of the last operation or replay has committed."""
        ...


class FileJournal:
    """A campaign file's journal: SQLite triggers switched by the ``journal_state`` row."""

    def begin(self, session: Session, *, campaign_id: int, kind: str) -> OpenOperation:
        """Open an operation (the redo tail goes); a player's at the table server is named."""
        return begin(session, campaign_id=campaign_id, kind=kind, author=acting_author())

    def finish(self, session: Session, op: OpenOperation, *, campaign_id: int) -> None:
        """Label it, merge typing into the operation before, keep the undo limit."""
        campaign = session.get(CampaignRow, campaign_id)
        finish(session, op, campaign_id=campaign_id,
               limit=campaign.undo_limit if campaign else DEFAULT_UNDO_LIMIT)

    def replay(self, session: Session, operation_id: int, changes: list[RowChange], *,
               backwards: bool) -> None:
        """Put the rows back with the triggers quiet."""
        replay(session, operation_id, changes, backwards=backwards)

    def committed(self) -> None:
        """Nothing to remember in a file."""


def _state(session: Session, *, current_op: int | None, replaying: bool) -> None:
    """Tell a file's triggers which operation is recording (or that a replay is not)."""
    session.execute(
        text("UPDATE journal_state SET current_op = :op, replaying = :r WHERE id = 1"),
        {"op": current_op, "r": int(replaying)},
    )


@contextmanager
def unrecorded(session: Session) -> Iterator[None]:
    """Writes to a file that are not a user's action (creating the file, replaying undo)."""
    session.flush()
    _state(session, current_op=None, replaying=True)
    try:
        yield
        session.flush()
    finally:
        _state(session, current_op=None, replaying=False)


def begin(session: Session, *, campaign_id: int, kind: str, author: str | None = None,
          mine: tuple[str, ...] | None = None) -> OpenOperation:
    """Open an operation: the redo tail is dropped, as in every editor's history.

    On a shared campaign ``author`` is the user's login and only their own
    redo tail (``mine``) goes: each user undoes and redoes their own operations.
    """
    operations: Any = OperationRow.__table__  # type: ignore[attr-defined]
    session.execute(delete(operations).where(  # the table's own DELETE: no ORM rows to sync
        operations.c.campaign_id == campaign_id, operations.c.undone.is_(True), *_by(mine)))
    campaign = session.get(CampaignRow, campaign_id)
    row = OperationRow(campaign_id=campaign_id, kind=kind, author=author or "",
                       week=campaign.week if campaign else 1)
    session.add(row)
    session.flush()
    assert row.id is not None
    _state(session, current_op=row.id, replaying=False)
    return OpenOperation(session=session, id=row.id, kind=kind, author=author, mine=mine)


def _by(mine: tuple[str, ...] | None) -> list[Any]:
    """The condition "done by this user", or none in a file (one user's history)."""
    return [] if mine is None else [col(OperationRow.author).in_(mine)]


@cache
def _naming_a_character() -> str:
    """The tables whose rows name a character, as an SQL list (from the tables' models).

    A file open for writing is at the current schema, whose tables are the
    models' (``store.inspect`` checks every column), so the list is theirs.
    """
    names = sorted(t.name for t in SQLModel.metadata.sorted_tables if "character_id" in t.c)
    return ", ".join(f"'{name}'" for name in names)


def _touched_characters(session: Session, operation_id: int) -> list[int]:
    """The characters whose rows the operation changed (only tables naming one are read).

    A run of weeks writes its reports (about 40 KB each) to the week log,
    which names no character: reading each image cost more than the rest.
    """
    rows = session.execute(text(
        "SELECT DISTINCT CASE WHEN table_name = 'character' THEN row_key "
        "ELSE json_extract(coalesce(new, old), '$.character_id') END "
        "FROM row_change WHERE operation_id = :op AND table_name IN "
        f"('character', {_naming_a_character()}) AND action <> '{RANGE}' "
        "UNION SELECT named.value FROM row_change, json_each(row_change.new, '$.characters') "
        f"AS named WHERE operation_id = :op AND action = '{RANGE}'"), {"op": operation_id})
    return sorted({int(r[0]) for r in rows if r[0] is not None})


def _touched_any(session: Session, operation_id: int) -> bool:
    return session.execute(text("SELECT 1 FROM row_change WHERE operation_id = :op LIMIT 1"),
                           {"op": operation_id}).first() is not None


def _previous(session: Session, op: OpenOperation, campaign_id: int) -> OperationRow | None:
    """The newest operation before this one, whoever did it (merging needs it to be ours)."""
    return session.exec(
        select(OperationRow)
        .where(OperationRow.campaign_id == campaign_id, col(OperationRow.id) < op.id,
               col(OperationRow.undone).is_(False))
        .order_by(col(OperationRow.id).desc()).limit(1)
    ).first()


def _merged_meta(first: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    """Keep each field's first old value and its last new one."""
    merged = {**first, **then}
    old_fields, new_fields = first.get("fields", {}), then.get("fields", {})
    merged["fields"] = {
        name: [old_fields.get(name, values)[0], values[1]] for name, values in new_fields.items()
    } | {name: values for name, values in old_fields.items() if name not in new_fields}
    return merged


def _merges_with(op: OpenOperation, previous: OperationRow | None) -> bool:
    """Typing merges into the last operation, in a file only.

    On a shared campaign each edit stays its own operation: its journal lines
    are the server's trigger's alone, never moved by a client afterwards.
    """
    if previous is None or not op.merge_key or not previous.undoable or op.mine is not None:
        return False
    if previous.author != (op.author or ""):  # a player's edit never folds into the GM's
        return False
    age = utcnow().replace(tzinfo=None) - previous.updated_at.replace(tzinfo=None)
    return previous.merge_key == op.merge_key and age <= MERGE_WINDOW


def finish(session: Session, op: OpenOperation, *, campaign_id: int, limit: int) -> None:
    """Close the operation: label it, merge it into the one before, keep the limit."""
    session.flush()
    _state(session, current_op=None, replaying=False)
    row = session.get(OperationRow, op.id)
    assert row is not None
    if not _touched_any(session, op.id):  # nothing changed: nothing to undo or tell
        session.delete(row)
        session.flush()
        return
    previous = _previous(session, op, campaign_id) if op.merge_key else None
    if previous is not None and _merges_with(op, previous):
        session.execute(text("UPDATE row_change SET operation_id = :p WHERE operation_id = :o"),
                        {"p": previous.id, "o": op.id})
        session.delete(row)
        row = previous
        op.merged_into = previous.id
        op.meta = _merged_meta(json.loads(previous.meta), op.meta)
        if op.remake is not None:
            op.label, op.deed = op.remake(op.meta)
        if _undoes_itself(session, previous.id or 0):  # "SP 0 -> 5" then "5 -> 0"
            session.execute(text("DELETE FROM row_change WHERE operation_id = :p"),
                            {"p": previous.id})
            session.delete(previous)
            session.flush()
            return
    row.label = op.label[:300] or op.kind
    row.merge_key = op.merge_key
    row.meta = json.dumps(op.meta, sort_keys=True)
    row.deed = json.dumps(op.deed, sort_keys=True)
    row.characters = json.dumps(_touched_characters(session, row.id or 0))
    row.updated_at = utcnow()
    session.add(row)
    session.flush()
    _keep_limit(session, campaign_id, limit, op.mine)


def _undoes_itself(session: Session, operation_id: int) -> bool:
    """Whether every row an operation touched ends as it began (a change and its reverse).

    When each row was last written does not count: only what the user sees.
    """
    def seen(image: dict[str, Any] | None) -> dict[str, Any] | None:
        return None if image is None else {k: v for k, v in image.items() if k != "updated_at"}

    first: dict[tuple[str, int], dict[str, Any] | None] = {}
    last: dict[tuple[str, int], dict[str, Any] | None] = {}
    for change in changes_of(session, operation_id):
        first.setdefault((change.table, change.row_key), seen(change.old))
        last[(change.table, change.row_key)] = seen(change.new)
    return bool(first) and first == last


def _keep_limit(session: Session, campaign_id: int, limit: int,
                mine: tuple[str, ...] | None) -> None:
    """Past the limit the oldest operations stay in the history but lose their undo.

    The limit counts each author's own operations (everyone's, in a file).
    """
    operations: Any = OperationRow.__table__  # type: ignore[attr-defined]
    ids = session.execute(  # the table's own columns: no ORM rows, a plain list of ids
        sa_select(operations.c.id)
        .where(operations.c.campaign_id == campaign_id, operations.c.undoable.is_(True),
               *_by(mine))
        .order_by(operations.c.id.desc())
        .offset(max(limit, 0))
    ).scalars().all()
    if not ids:
        return
    params = {"ids": list(ids)}
    session.execute(
        text("UPDATE operation SET undoable = FALSE WHERE id IN :ids").bindparams(
            bindparam("ids", expanding=True)), params)
    session.execute(
        text("DELETE FROM row_change WHERE operation_id IN :ids").bindparams(
            bindparam("ids", expanding=True)), params)


def changes_of(session: Session, operation_id: int) -> list[RowChange]:
    """The rows an operation changed, in the order it changed them."""
    rows = session.execute(text(
        "SELECT table_name, action, row_key, old, new FROM row_change "
        "WHERE operation_id = :op ORDER BY id"), {"op": operation_id})
    return [RowChange(t, a, int(k), json.loads(o) if o else None, json.loads(n) if n else None)
            for t, a, k, o, n in rows]



def _put_row(session: Session, table: str, row_key: int, image: dict[str, Any]) -> None:
    columns = list(image)
    names = ", ".join(quote_name(c) for c in columns)
    values = ", ".join(f":v{i}" for i in range(len(columns)))
    params = {f"v{i}": image[c] for i, c in enumerate(columns)}
    params["rowid"] = row_key
    session.execute(
        text(f"INSERT INTO {quote_name(table)} (rowid, {names}) VALUES (:rowid, {values})"), params)


def _set_row(session: Session, table: str, row_key: int, image: dict[str, Any]) -> None:
    assignments = ", ".join(f"{quote_name(c)} = :v{i}" for i, c in enumerate(image))
    params = {f"v{i}": v for i, v in enumerate(image.values())}
    params["rowid"] = row_key
    session.execute(text(f"UPDATE {quote_name(table)} SET {assignments} WHERE rowid = :rowid"),
                    params)


def _delete_row(session: Session, table: str, row_key: int) -> None:
    session.execute(text(f"DELETE FROM {quote_name(table)} WHERE rowid = :k"), {"k": row_key})


def _replay_range(session: Session, operation_id: int, change: RowChange, *,
                  backwards: bool) -> None:
    """Take back a range of inserted rows (keeping their images in its entry) or put them back."""
    assert change.new is not None
    first, last, table = change.row_key, int(change.new["last"]), change.table
    if backwards:
        images = range_images(session.connection(), table, first, last)
        session.execute(text(
            "UPDATE row_change SET new = json_set(new, '$.rows', json(:rows)) "
            "WHERE operation_id = :op AND table_name = :t AND action = :a AND row_key = :k"),
            {"rows": images, "op": operation_id, "t": table, "a": RANGE, "k": first})
        session.execute(text(f"DELETE FROM {quote_name(table)} WHERE rowid BETWEEN :a AND :b"),
                        {"a": first, "b": last})
        return
    rows = change.new["rows"]  # redo follows the undo that kept them
    columns = list(rows[0])
    names = ", ".join(quote_name(c) for c in columns)
    values = ", ".join(f":v{i}" for i in range(len(columns)))
    session.execute(
        text(f"INSERT INTO {quote_name(table)} (rowid, {names}) VALUES (:rowid, {values})"),
        [{"rowid": key, **{f"v{i}": image[c] for i, c in enumerate(columns)}}
         for key, image in enumerate(rows, start=first)])


def replay(session: Session, operation_id: int, changes: list[RowChange], *,
           backwards: bool) -> None:
    """Put a file's rows back to their old images (undo) or forward to their new ones (redo)."""
    session.execute(text("PRAGMA defer_foreign_keys = ON"))
    with unrecorded(session):
        for change in reversed(changes) if backwards else changes:
            if change.action == RANGE:
                _replay_range(session, operation_id, change, backwards=backwards)
                continue
            image = change.old if backwards else change.new
            if image is None:
                _delete_row(session, change.table, change.row_key)
            elif change.action == "U":
                _set_row(session, change.table, change.row_key, image)
            else:
                _put_row(session, change.table, change.row_key, image)
    row = session.get(OperationRow, operation_id)
    assert row is not None
    row.undone = backwards
    session.add(row)
    session.flush()


def last_done(session: Session, campaign_id: int,
              mine: tuple[str, ...] | None = None) -> Operation | None:
    """The operation undo would take back (the author's own, on a shared campaign)."""
    row = session.exec(
        select(OperationRow)
        .where(OperationRow.campaign_id == campaign_id, col(OperationRow.undone).is_(False),
               *_by(mine))
        .order_by(col(OperationRow.id).desc()).limit(1)
    ).first()
    return None if row is None else _operation(row)


def first_undone(session: Session, campaign_id: int,
                 mine: tuple[str, ...] | None = None) -> Operation | None:
    """The operation redo would do again (the author's own, on a shared campaign)."""
    row = session.exec(
        select(OperationRow)
        .where(OperationRow.campaign_id == campaign_id, col(OperationRow.undone).is_(True),
               *_by(mine))
        .order_by(col(OperationRow.id)).limit(1)
    ).first()
    return None if row is None else _operation(row)


def operations(session: Session, campaign_id: int, *, limit: int | None = None,
               character_id: int | None = None) -> list[Operation]:
    """The journal, newest first (the redo tail included, marked undone)."""
    query = (select(OperationRow).where(OperationRow.campaign_id == campaign_id)
             .order_by(col(OperationRow.id).desc()))
    if character_id is None:
        return [_operation(r) for r in session.exec(query.limit(limit))]
    found = [op for op in map(_operation, session.exec(query)) if character_id in op.characters]
    return found[:limit] if limit is not None else found


def forget_all(session: Session, campaign_id: int) -> None:
    """Empty the journal (only for a file being created: its set-up is its starting point)."""
    session.execute(text("DELETE FROM operation WHERE campaign_id = :c"), {"c": campaign_id})
