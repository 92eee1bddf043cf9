"""Ledgers (experience and money): append, read, and remove a batch (undo only).

Both ledgers share one shape; the money ledger simply has no attribute or
date of play.  Balances are always sums of entries, never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from sqlalchemy import bindparam, insert, literal
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, delete, func, select

from tftmanager.store.journal_triggers import insert_recorded
from tftmanager.store.sql_text import quote_literal
from tftmanager.store.tables import CharacterRow, MoneyEntryRow, XPEntryRow, utcnow

LedgerTable = type[XPEntryRow] | type[MoneyEntryRow]
# The two ledgers, as the use cases name them (they never import the row classes).
XP: LedgerTable = XPEntryRow
MONEY: LedgerTable = MoneyEntryRow


class LedgerLine(NamedTuple):
    """An entry as read back (``attribute`` and ``played_on`` are XP-only).

    A named tuple, not a frozen dataclass: as immutable, and a year of a
    party's pay is thousands of them, which a frozen dataclass's field-by-field
    construction made a noticeable part of saving the run.
    """

    id: int
    character_id: int
    amount: int
    kind: str
    reason: str
    week: int
    batch: str
    played_on: str = ""
    attribute: str = ""


def _line(row: Any) -> LedgerLine:
    assert isinstance(row, XPEntryRow | MoneyEntryRow) and row.id is not None
    return LedgerLine(row.id, row.character_id, row.amount, row.kind, row.reason, row.week,
                      row.batch, getattr(row, "played_on", ""), getattr(row, "attribute", ""))


def append(*, session: Session, table: LedgerTable = XPEntryRow,
           line: LedgerLine | None = None, **values: Any) -> int:
    """Add an entry (from a LedgerLine, keeping its id, or from values); returns its id."""
    if line is not None:
        values = {"id": line.id, "character_id": line.character_id, "amount": line.amount,
                  "kind": line.kind, "reason": line.reason, "week": line.week,
                  "batch": line.batch}
        if table is XPEntryRow:
            values |= {"played_on": line.played_on, "attribute": line.attribute}
    row = table(**values)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


# What a line says, in LedgerLine's order after its id: the columns a caller gives.
_LINE_FIELDS = ("character_id", "amount", "kind", "reason", "week", "batch")
_XP_ONLY = ("played_on", "attribute")  # a money line has no attribute or date
Row = tuple[int, int, str, str, int, str]  # a line's _LINE_FIELDS, in that order


def append_many(*, session: Session, rows: list[dict[str, Any]],
                table: LedgerTable = XPEntryRow) -> list[LedgerLine]:
    """Add many entries in one statement (a party award); returns them as lines."""
    if not rows:
        return []
    names = _columns(table)
    full = _with_defaults(session, table, rows)
    return _insert(session, table, names, list(map(itemgetter(*names), full)))


def append_rows(*, session: Session, rows: Sequence[Row],
                table: LedgerTable = XPEntryRow) -> list[LedgerLine]:
    """Add many entries given as plain rows; returns them as lines.

    Each row is (character_id, amount, kind, reason, week, batch); every
    other column takes its default.
    """
    columns = Columns()
    for row in rows:
        columns.add(*row)
    written = append_columns(session=session, table=table, columns=columns)
    return list(written.lines(0, len(columns)))


class Columns:
    """Lines to write, kept column by column (a run of weeks' pay and experience).

    A year of a party's weeks is thousands of lines: six lists of plain values
    are six objects to keep until the run is written, where a tuple per line
    was thousands more for Python's cycle collector to walk once the run ends.
    """

    __slots__ = _LINE_FIELDS

    def __init__(self) -> None:
        self.character_id: list[int] = []
        self.amount: list[int] = []
        self.kind: list[str] = []
        self.reason: list[str] = []
        self.week: list[int] = []
        self.batch: list[str] = []

    def __len__(self) -> int:
        return len(self.amount)

    def add(self, character_id: int, amount: int, kind: str, reason: str, week: int,
            batch: str) -> None:
        """One more line."""
        self.character_id.append(character_id)
        self.amount.append(amount)
        self.kind.append(kind)
        self.reason.append(reason)
        self.week.append(week)
        self.batch.append(batch)

    def lists(self) -> tuple[list[Any], ...]:
        """The columns, in ``_LINE_FIELDS``' order."""
        return (self.character_id, self.amount, self.kind, self.reason, self.week,
                self.batch)


class Written(NamedTuple):
    """Lines written at once (``append_columns``): the n-th has id ``ids[n]``.

    Their ``LedgerLine``s are made when read (``lines``): a run of weeks
    returns each week's, and the window never reads them.
    """

    columns: Columns
    ids: Sequence[int]  # a range when SQLite numbered them one after the last
    tail: tuple[str, ...]  # the columns a line holds after these (an XP line's date, attribute)

    def lines(self, start: int, stop: int) -> tuple[LedgerLine, ...]:
        """The lines ``start`` to ``stop`` (not included), in the order written."""
        ids, tail = self.ids, self.tail
        picked = [column[start:stop] for column in self.columns.lists()]
        return tuple([LedgerLine(ids[start + n], *values, *tail)
                      for n, values in enumerate(zip(*picked, strict=True))])


def append_columns(*, session: Session, columns: Columns,
                   table: LedgerTable = XPEntryRow) -> Written:
    """Add every line of ``columns`` in one statement; every other column takes its default."""
    if not len(columns):
        return Written(columns, (), ())
    names = _columns(table)
    [defaults] = _with_defaults(session, table, [{}])
    tail = tuple(defaults[name] for name in names[len(_LINE_FIELDS):])
    ids = _insert_ids(session, table, names, list(zip(*columns.lists(), strict=True)), tail)
    return Written(columns, ids, tail[:_width(table) - len(_LINE_FIELDS)])


def _columns(table: LedgerTable) -> list[str]:
    """Every column but the id: a line's fields first, in LedgerLine's order."""
    given = (*_LINE_FIELDS, *_XP_ONLY) if table is XPEntryRow else _LINE_FIELDS
    rest = [c.name for c in table.__table__.columns  # type: ignore[union-attr]
            if c.name != "id" and c.name not in given]
    return [*given, *rest]


def _width(table: LedgerTable) -> int:
    """How many of ``_columns`` a LedgerLine holds (its fields after the id)."""
    return len(_LINE_FIELDS) + (len(_XP_ONLY) if table is XPEntryRow else 0)


def _insert(session: Session, table: LedgerTable, names: list[str],
            values: list[tuple[Any, ...]]) -> list[LedgerLine]:
    """Insert rows (in ``names``' order) and return them as lines with their new ids."""
    width = _width(table)
    ids = _insert_ids(session, table, names, values)
    return [LedgerLine(i, *v[:width]) for i, v in zip(ids, values, strict=True)]


def _insert_ids(session: Session, table: LedgerTable, names: list[str],
                values: list[tuple[Any, ...]], same: tuple[Any, ...] = ()) -> Sequence[int]:
    """Insert rows (in ``names``' order); returns their new ids, in order.

    ``same`` holds the last columns' values when every row has the same
    (their defaults, the time of writing): on SQLite they are written into
    the statement once, as constants, rather than bound again for each row.
    On SQLite the rows go to the driver's own executemany (the ORM's bulk
    path and even a Core insert cost more than the insert itself), and the
    ids are known without reading the rows back.
    """
    if session.get_bind().dialect.name != "sqlite":  # a server: the ids come back in order
        sa_table: Any = table.__table__  # type: ignore[union-attr]
        return session.connection().execute(
            insert(sa_table).returning(sa_table.c.id, sort_by_parameter_order=True),
            [dict(zip(names, (*v, *same), strict=True)) for v in values]).scalars().all()
    if not all(isinstance(value, str) for value in same):  # only text is written as a constant
        values, same = [(*v, *same) for v in values], ()
    marks = ["?"] * (len(names) - len(same)) + [quote_literal(value) for value in same]
    sql = (f'INSERT INTO "{table.__tablename__}" ({", ".join(names)}) '
           f'VALUES ({", ".join(marks)})')
    connection = session.connection()
    before = _last_id(connection, table)
    insert_recorded(connection, table.__tablename__, sql, values)
    after = _last_id(connection, table)
    if after - before != len(values):  # ids not one run after the last: read them back
        return [int(found) for (found,) in connection.exec_driver_sql(
            f'SELECT id FROM "{table.__tablename__}" WHERE id > ? ORDER BY id', (before,))]
    return range(before + 1, after + 1)


def _with_defaults(session: Session, table: LedgerTable,
                   rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each row with every column but the id: the columns' defaults filled in here."""
    columns = [c for c in table.__table__.columns if c.name != "id"]  # type: ignore[union-attr]
    defaults: dict[str, Any] = {c.name: c.default.arg for c in columns
                                if c.default is not None and c.default.is_scalar}
    dialect = session.get_bind().dialect
    stamp = table.__table__.c.created_at.type.dialect_impl(  # type: ignore[union-attr]
        dialect).bind_processor(dialect)  # the text SQLAlchemy itself would store
    defaults["created_at"] = stamp(utcnow()) if stamp else utcnow()
    return [defaults | values for values in rows]


def append_within_balance(*, session: Session, values: dict[str, Any],
                          table: LedgerTable = XPEntryRow) -> LedgerLine | None:
    """Add one entry unless it takes the character's balance below zero; None if it would.

    The balance is checked by the insert itself (one statement, one round
    trip on a server), so a payment costs what an award costs.
    """
    [full] = _with_defaults(session, table, [values])
    full["created_at"] = utcnow()  # (a bound value: the column's type writes it)
    sa_table: Any = table.__table__  # type: ignore[union-attr]
    balance = (select(func.coalesce(func.sum(table.amount), 0))
               .where(table.character_id == full["character_id"]).scalar_subquery())
    source = select(*(literal(v, type_=sa_table.c[k].type).label(k) for k, v in full.items())
                    ).where(balance + full["amount"] >= 0)
    found = session.connection().execute(
        insert(sa_table).from_select(list(full), source).returning(sa_table.c.id)).scalar()
    if found is None:
        return None
    names = _columns(table)
    return LedgerLine(int(found), *(full[name] for name in names[:_width(table)]))


def _last_id(connection: Any, table: LedgerTable) -> int:
    """The highest id in the ledger (0 when empty)."""
    found = connection.exec_driver_sql(f'SELECT max(id) FROM "{table.__tablename__}"').scalar()
    return int(found or 0)


def lines_for(*, session: Session, character_id: int,
              table: LedgerTable = XPEntryRow) -> list[LedgerLine]:
    """A character's entries, oldest first."""
    rows = session.exec(select(table).where(table.character_id == character_id)
                        .order_by(col(table.id))).all()
    return [_line(r) for r in rows]


def batch_lines(*, session: Session, batch: str,
                table: LedgerTable = XPEntryRow) -> list[LedgerLine]:
    """The entries one action wrote (read as plain rows: no ORM objects needed)."""
    return _lines(session, table, table.batch == batch)


def _lines(session: Session, table: LedgerTable, where: Any) -> list[LedgerLine]:
    """Entries as plain rows, oldest first: no ORM objects needed."""
    columns = [table.id, table.character_id, table.amount, table.kind, table.reason,
               table.week, table.batch]
    if table is XPEntryRow:
        columns += [XPEntryRow.played_on, XPEntryRow.attribute]
    rows = session.execute(select(*columns).where(where)  # type: ignore[type-var]
                           .order_by(col(table.id))).all()
    return [LedgerLine(*row) for row in rows]


def lines_by_batch(*, session: Session, batches: list[str],
                   table: LedgerTable = XPEntryRow) -> dict[str, list[LedgerLine]]:
    """The entries of several actions (a run of weeks), each batch's oldest first."""
    found: dict[str, list[LedgerLine]] = {}
    for start in range(0, len(batches), 500):  # SQLite's limit on bound parameters
        for line in _lines(session, table, col(table.batch).in_(batches[start:start + 500])):
            found.setdefault(line.batch, []).append(line)
    return found


def remove_batch(*, session: Session, batch: str, table: LedgerTable = XPEntryRow) -> None:
    """Take back the entries one action wrote (undo; history is otherwise never changed)."""
    session.exec(delete(table).where(col(table.batch) == batch))


def _balances_query(table: LedgerTable) -> Any:
    entries: Any = table.__table__  # type: ignore[union-attr]
    characters: Any = CharacterRow.__table__  # type: ignore[attr-defined]
    return (sa_select(entries.c.character_id, func.sum(entries.c.amount))
            .join_from(entries, characters, entries.c.character_id == characters.c.id)
            .where(characters.c.campaign_id == bindparam("campaign"))
            .group_by(entries.c.character_id))


# Built once (a Core statement: no ORM rows, its compiled form cached by the statement).
_BALANCES = {table: _balances_query(table) for table in (XPEntryRow, MoneyEntryRow)}


def balances(*, session: Session, campaign_id: int,
             table: LedgerTable = XPEntryRow) -> dict[int, int]:
    """Every character's balance (sum of its entries), in one query.

    Read after every player's action for their card: a statement built once,
    of plain rows (lines added in this transaction are written first).
    """
    session.flush()
    rows = session.execute(_BALANCES[table], {"campaign": campaign_id}).all()
    return {int(cid): int(total or 0) for cid, total in rows}


def balance(*, session: Session, character_id: int, table: LedgerTable = XPEntryRow) -> int:
    """One character's balance."""
    total = session.exec(select(func.sum(table.amount))
                         .where(table.character_id == character_id)).one()
    return int(total or 0)
