"""Many rows of one table updated by primary key in one statement.

A run of weeks ends by writing hundreds of characters' wounds and statuses
and their assignments' progress.  On a campaign file they go to SQLite's
own executemany, with each column's value converted as SQLAlchemy would
store it: SQLAlchemy's bulk update by primary key did the same work with
more than the statement's own cost around each row.  The journal's triggers
record every row as for any other write.  A server campaign keeps
SQLAlchemy's path (its driver and types differ).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import update
from sqlmodel import Session

from tftmanager.store.sql_text import quote_name


def update_by_id(*, session: Session, table: Any, rows: list[dict[str, Any]]) -> None:
    """UPDATE each row whose ``id`` is given to the other values given (the same names each)."""
    if not rows:
        return
    dialect = session.get_bind().dialect
    if dialect.name != "sqlite":
        session.execute(update(table), rows)
        return
    columns = table.__table__.c
    names = [name for name in rows[0] if name != "id"]
    converters = [columns[name].type.dialect_impl(dialect).bind_processor(dialect)
                  for name in names]
    sql = (f"UPDATE {quote_name(table.__tablename__)} SET "
           f"{', '.join(f'{quote_name(name)} = ?' for name in names)} WHERE id = ?")
    values = [(*(row[name] if convert is None else convert(row[name])
                 for name, convert in zip(names, converters, strict=True)), row["id"])
              for row in rows]
    session.connection().exec_driver_sql(sql, values)
