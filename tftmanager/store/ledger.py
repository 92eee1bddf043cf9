"""The experience ledger's rows: append, read, and remove a batch (undo only)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlmodel import Session, col, delete, func, select

from tftmanager.store.tables import CharacterRow, XPEntryRow


@dataclass(frozen=True)
class LedgerLine:
    """A ledger entry as read back."""

    id: int
    character_id: int
    amount: int
    kind: str
    reason: str
    week: int
    played_on: str
    attribute: str
    batch: str


def _line(row: XPEntryRow) -> LedgerLine:
    assert row.id is not None
    return LedgerLine(row.id, row.character_id, row.amount, row.kind, row.reason, row.week,
                      row.played_on, row.attribute, row.batch)


def append(*, session: Session, line: LedgerLine | None = None, **values: object) -> int:
    """Add an entry (from a LedgerLine, keeping its id, or from values); returns its id."""
    if line is not None:
        row = XPEntryRow(id=line.id, character_id=line.character_id, amount=line.amount,
                         kind=line.kind, reason=line.reason, week=line.week,
                         played_on=line.played_on, attribute=line.attribute,
                         batch=line.batch)
    else:
        row = XPEntryRow(**values)  # type: ignore[arg-type]
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def lines_for(*, session: Session, character_id: int) -> list[LedgerLine]:
    """A character's entries, oldest first."""
    rows = session.exec(select(XPEntryRow).where(XPEntryRow.character_id == character_id)
                        .order_by(col(XPEntryRow.id))).all()
    return [_line(r) for r in rows]


def batch_lines(*, session: Session, batch: str) -> list[LedgerLine]:
    """The entries one action wrote."""
    rows = session.exec(select(XPEntryRow).where(XPEntryRow.batch == batch)
                        .order_by(col(XPEntryRow.id))).all()
    return [_line(r) for r in rows]


def remove_batch(*, session: Session, batch: str) -> None:
    """Take back the entries one action wrote (undo; history is otherwise never changed)."""
    session.exec(delete(XPEntryRow).where(col(XPEntryRow.batch) == batch))


def balances(*, session: Session, campaign_id: int) -> dict[int, int]:
    """Every character's balance (sum of its entries), in one query."""
    rows = session.exec(
        select(XPEntryRow.character_id, func.sum(XPEntryRow.amount))
        .join(CharacterRow).where(CharacterRow.campaign_id == campaign_id)
        .group_by(col(XPEntryRow.character_id))
    ).all()
    return {int(cid): int(total or 0) for cid, total in rows}


def balance(*, session: Session, character_id: int) -> int:
    """One character's balance."""
    total = session.exec(select(func.sum(XPEntryRow.amount))
                         .where(XPEntryRow.character_id == character_id)).one()
    return int(total or 0)
