"""Undo, redo and history: application functions over the campaign's journal.

Every use case that writes runs as one operation (``CampaignStore.operation``)
whose rows the journal records in the same transaction.  These functions are
what Edit > Undo, Edit > Redo, the History panel and ``tftmanager undo``,
``redo`` and ``history`` all call, so they do the same thing and survive
closing the campaign.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.library import forget_library
from tftmanager.app.opkind import UNDO_LIMIT_RANGE, OpKind, UndoLimitRefused, check_undo_limit
from tftmanager.refusal import Refusal

__all__ = ["UNDO_LIMIT_RANGE", "JournalRefused", "NothingToUndo", "Operation", "Replayed",
           "UndoLimitRefused", "history", "redo", "set_undo_limit", "undo"]
from tftmanager.store import journal, queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal import RowChange
from tftmanager.store.tables import CharacterRow, OperationRow


class JournalRefused(Refusal, ValueError):
    """An undo or redo that cannot be done; the message says why."""


class NothingToUndo(JournalRefused):
    """Undo or redo with nothing to take back or do again."""


@dataclass(frozen=True)
class Operation:
    """One line of the journal, in the user's words."""

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

    @property
    def state(self) -> str:
        """What undo can still do with it, in words ("" when it is simply done)."""
        if not self.undoable:
            return "no longer undoable"
        return "undone" if self.undone else ""


@dataclass(frozen=True)
class Replayed:
    """An operation undone or redone, and what the views must refresh."""

    operation: Operation
    changes: Changes


def _operation(row: OperationRow) -> Operation:
    return Operation(
        id=row.id or 0, label=row.label, kind=row.kind, week=row.week, when=row.created_at,
        characters=tuple(json.loads(row.characters)), undone=row.undone,
        undoable=row.undoable, author=row.author or "",
    )


_TABLE_FLAGS = {
    "xp_entry": "ledger",
    "money_entry": "ledger",
    "library_entry": "library",
    "assignment": "week",
    "week_log": "week",
    "encounter": "encounter",
}


def changes_from(session: Session, rows: list[RowChange]) -> Changes:
    """What a replay touched, as the change-set the views already understand."""
    characters: set[int] = set()
    flags = {"party": False, "ledger": False, "library": False, "week": False,
             "settings": False, "encounter": False}
    for row in rows:
        image = row.new or row.old or {}
        if row.table == "character":
            characters.add(row.row_key)
            flags["party"] = flags["party"] or row.action in "ID"
        elif isinstance(image.get("character_id"), int):
            characters.add(image["character_id"])
        if row.table == "campaign":
            flags["settings"] = flags["week"] = flags["party"] = True
        if row.table in _TABLE_FLAGS:
            flags[_TABLE_FLAGS[row.table]] = True
    removed = {cid for cid in characters if session.get(CharacterRow, cid) is None}
    return Changes(characters=frozenset(characters - removed), removed=frozenset(removed),
                   campaign=flags["settings"], **flags)


def _replay(store: CampaignStore, *, backwards: bool) -> Replayed:
    with store.transaction() as session:
        find = journal.last_done if backwards else journal.first_undone
        row = find(session, store.campaign_id, store.mine)
        if row is None:
            raise NothingToUndo("Nothing to undo." if backwards else "Nothing to redo.")
        if not row.undoable:
            raise NothingToUndo(
                f"\u201c{row.label}\u201d can no longer be undone: it is past the "
                "campaign's undo limit, or the campaign was upgraded since.")
        rows = journal.changes_of(session, row.id or 0)
        try:
            store.journal.replay(session, row, rows, backwards=backwards)
        except journal.ReplayRefused as other:
            raise _over_others(row, other, backwards=backwards) from None
        changes = changes_from(session, rows)
        result = Replayed(_operation(row), changes)
    store.journal.committed()
    if changes.library:
        forget_library(store)
    return result


def _over_others(row: OperationRow, other: journal.ReplayRefused, *,
                 backwards: bool) -> NothingToUndo:
    """On a shared campaign, never take back (or redo over) another user's later change."""
    verb = "undo" if backwards else "redo"
    what = f" (\u201c{other.label}\u201d)" if other.label else ""
    return NothingToUndo(
        f"Cannot {verb} \u201c{row.label}\u201d: {other.who or 'another user'} has since "
        f"changed the same things{what}. Change them back by hand if you need to.")


def undo(*, store: CampaignStore) -> Replayed:
    """Take back the newest operation, exactly (raises NothingToUndo)."""
    return _replay(store, backwards=True)


def redo(*, store: CampaignStore) -> Replayed:
    """Do the newest undone operation again, exactly (raises NothingToUndo)."""
    return _replay(store, backwards=False)


def next_undo(*, store: CampaignStore) -> Operation | None:
    """What Undo would take back (for the menu's text), if anything."""
    with store.transaction() as session:
        row = journal.last_done(session, store.campaign_id, store.mine)
        return _operation(row) if row is not None and row.undoable else None


def next_redo(*, store: CampaignStore) -> Operation | None:
    """What Redo would do again, if anything."""
    with store.transaction() as session:
        row = journal.first_undone(session, store.campaign_id, store.mine)
        return _operation(row) if row is not None else None


def history(*, store: CampaignStore, limit: int | None = None,
            character_id: int | None = None) -> list[Operation]:
    """The campaign's operations, newest first; undone ones are the redo tail."""
    with store.transaction() as session:
        rows = journal.operations(session, store.campaign_id, limit=limit,
                                  character_id=character_id)
        return [_operation(r) for r in rows]


def undo_limit(*, store: CampaignStore) -> int:
    """How many operations the campaign keeps undoable."""
    with store.transaction() as session:
        return queries.campaign_row(session=session, campaign_id=store.campaign_id).undo_limit


def set_undo_limit(*, store: CampaignStore, limit: int) -> Changes:
    """Change how far back undo reaches; older operations stay in the history."""
    check_undo_limit(limit)
    with store.operation(OpKind.SETTINGS) as op:
        campaign = queries.campaign_row(session=op.session, campaign_id=store.campaign_id)
        op.label = f"Undo limit: {campaign.undo_limit} -> {limit} operations"
        campaign.undo_limit = limit
        op.session.add(campaign)
    return Changes(settings=True)
