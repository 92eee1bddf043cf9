"""Updating many rows by id with the driver's executemany writes what SQLAlchemy wrote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from tftmanager.app import campaigns
from tftmanager.store import queries
from tftmanager.store.bulk import update_by_id
from tftmanager.store.row_values import scalar_values
from tftmanager.store.tables import AssignmentRow, CharacterRow, utcnow

pytestmark = pytest.mark.store


def _written(store: Any) -> tuple[list[Any], list[Any], list[Any]]:
    """The characters, the assignments and the journal's rows, read back as stored."""
    with store.engine.connect() as conn:
        characters, assignments, journal = (conn.exec_driver_sql(sql).all() for sql in (
            "SELECT * FROM character ORDER BY id", "SELECT * FROM assignment ORDER BY id",
            "SELECT table_name, action, row_key, old, new FROM row_change ORDER BY id"))
    return list(characters), list(assignments), list(journal)


def test_rows_and_journal_are_those_sqlalchemy_wrote(tmp_path: Path,
                                                      campaign_templates: Any) -> None:
    """Wounds, a status, a date and booleans: the same text in the file and in its history."""
    now = utcnow()
    results = []
    for ours in (True, False):
        store = campaign_templates.open(tmp_path / f"{ours}.tftcampaign", name="Demo", demo=True)
        try:
            party = [s for s in campaigns.party_sheets(store=store) if s.id is not None]
            with store.operation("test", "Bulk") as op:
                ids = [row.id for row in op.session.execute(
                    AssignmentRow.__table__.select()).all()]  # type: ignore[attr-defined]
                characters = [{"id": s.id, **scalar_values(s.character),
                               "wounds": s.character.wounds + 2, "updated_at": now}
                              for s in party]
                assignments = [{"id": i, "found": True, "weeks_left": 3, "held": '["guard"]'}
                               for i in ids]
                for table, rows in ((CharacterRow, characters), (AssignmentRow, assignments)):
                    if ours:
                        update_by_id(session=op.session, table=table, rows=rows)
                    else:
                        op.session.execute(update(table), rows)
            results.append(_written(store))
            sheets = {s.id: s.character.wounds for s in campaigns.party_sheets(store=store)}
            assert sheets == {s.id: s.character.wounds + 2 for s in party}
        finally:
            store.close()
    ours_, theirs = results
    uids = {row[0]: row[1] for row in theirs[0]}  # each file made its own uids
    assert [(*row[:1], *row[2:]) for row in ours_[0]] == \
        [(*row[:1], *row[2:]) for row in theirs[0]]
    assert ours_[1] == theirs[1] and ours_[1]
    journal = [[(t, a, k, _same_uid(o, uids), _same_uid(n, uids)) for t, a, k, o, n in rows]
               for rows in (ours_[2], theirs[2])]
    assert journal[0] == journal[1]
    assert {t for t, *_ in journal[0]} >= {"character", "assignment"}


def _same_uid(image: str | None, uids: dict[int, str]) -> dict[str, Any] | None:
    """A journal image with the character's uid (different in each file) set to one side's."""
    if image is None:
        return None
    values: dict[str, Any] = json.loads(image)
    if "uid" in values and "name" in values:
        values["uid"] = uids.get(values["id"], values["uid"])
    return values


def test_nothing_to_update_writes_nothing(campaign_path: Path,
                                          campaign_templates: Any) -> None:
    store = campaign_templates.open(campaign_path, name="Demo", demo=True)
    try:
        before = _written(store)
        with store.operation("test", "Nothing") as op:
            update_by_id(session=op.session, table=CharacterRow, rows=[])
            queries.update_scalars(session=op.session, changed={})
        assert _written(store) == before
    finally:
        store.close()
