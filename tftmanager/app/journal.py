"""Undo, redo and history: application functions over the campaign's journal.

Every use case that writes runs as one operation (``CampaignStore.operation``)
whose rows the journal records in the same transaction.  These functions are
what Edit > Undo, Edit > Redo, the History panel and ``tftmanager undo``,
``redo`` and ``history`` all call, so they do the same thing and survive
closing the campaign.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.library import forget_library
from tftmanager.app.opkind import UNDO_LIMIT_RANGE, OpKind, UndoLimitRefused, check_undo_limit
from tftmanager.refusal import Refusal

__all__ = ["UNDO_LIMIT_RANGE", "JournalRefused", "NothingToUndo", "Operation", "Replayed",
           "UndoLimitRefused", "history", "redo", "set_undo_limit", "undo"]
from tftmanager.store import journal, queries
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.journal import Operation, RowChange


class JournalRefused(Refusal, ValueError):
    """An undo or redo that cannot be done; the message says why."""


class NothingToUndo(JournalRefused):
    """Undo or redo with nothing to take back or do again."""


@dataclass(frozen=True)
class Replayed:
    """An operation undone or redone, and what the views must refresh."""

    operation: Operation
    changes: Changes


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
        elif row.action == journal.RANGE:  # rows inserted at once name their characters
            characters.update(int(c) for c in image.get("characters", ()))
        if row.table == "campaign":
            flags["settings"] = flags["week"] = flags["party"] = True
        if row.table in _TABLE_FLAGS:
            flags[_TABLE_FLAGS[row.table]] = True
    removed = characters - queries.existing_characters(session=session,
                                                       character_ids=sorted(characters))
    return Changes(characters=frozenset(characters - removed), removed=frozenset(removed),
                   campaign=flags["settings"], **flags)


def _replay(store: CampaignStore, *, backwards: bool) -> Replayed:
    with store.transaction() as session:
        find = journal.last_done if backwards else journal.first_undone
        operation = find(session, store.campaign_id, store.mine)
        if operation is None:
            raise NothingToUndo("Nothing to undo." if backwards else "Nothing to redo.")
        if not operation.undoable:
            raise NothingToUndo(
                f"\u201c{operation.label}\u201d can no longer be undone: it is past the "
                "campaign's undo limit, or the campaign was upgraded since.")
        rows = journal.changes_of(session, operation.id)
        try:
            store.journal.replay(session, operation.id, rows, backwards=backwards)
        except journal.ReplayRefused as other:
            raise _over_others(operation, other, backwards=backwards) from None
        changes = changes_from(session, rows)
        result = Replayed(replace(operation, undone=backwards), changes)
    store.journal.committed()
    if changes.library:
        forget_library(store)
    return result


def _over_others(operation: Operation, other: journal.ReplayRefused, *,
                 backwards: bool) -> NothingToUndo:
    """On a shared campaign, never take back (or redo over) another user's later change."""
    verb = "undo" if backwards else "redo"
    if other.short:
        name, _, what = other.short.rpartition(":")
        return NothingToUndo(
            f"Cannot {verb} \u201c{operation.label}\u201d: {name} no longer has the {what} "
            "it spends (the ledger was changed since).")
    what = f" (\u201c{other.label}\u201d)" if other.label else ""
    return NothingToUndo(
        f"Cannot {verb} \u201c{operation.label}\u201d: {other.who or 'another user'} has since "
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
        operation = journal.last_done(session, store.campaign_id, store.mine)
        return operation if operation is not None and operation.undoable else None


def next_redo(*, store: CampaignStore) -> Operation | None:
    """What Redo would do again, if anything."""
    with store.transaction() as session:
        return journal.first_undone(session, store.campaign_id, store.mine)


def history(*, store: CampaignStore, limit: int | None = None,
            character_id: int | None = None) -> list[Operation]:
    """The campaign's operations, newest first; undone ones are the redo tail."""
    with store.transaction() as session:
        return journal.operations(session, store.campaign_id, limit=limit,
                                  character_id=character_id)


def undo_limit(*, store: CampaignStore) -> int:
    """How many operations the campaign keeps undoable."""
    with store.transaction() as session:
        return queries.campaign(session=session, campaign_id=store.campaign_id).undo_limit


def set_undo_limit(*, store: CampaignStore, limit: int) -> Changes:
    """Change how far back undo reaches; older operations stay in the history."""
    check_undo_limit(limit)
    with store.operation(OpKind.SETTINGS) as op:
        campaign = queries.campaign(session=op.session, campaign_id=store.campaign_id)
        op.label = f"Undo limit: {campaign.undo_limit} -> {limit} operations"
        queries.set_campaign(session=op.session, campaign_id=store.campaign_id, undo_limit=limit)
    return Changes(settings=True)
