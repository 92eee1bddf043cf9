"""The data cannot hold a value the app cannot read: the server's checks, for the GM's writes too.

One bad value (a possession ``'ready'``, a character ``'zombie'``) written
with ``psql`` used to stop every user's ``tftmanager list`` until someone
repaired it by hand.  The checks are generated from the rules' enums; these
tests read them back from the server.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import campaigns, characters, equipment, experience, weeks
from tftmanager.rules.items import ItemState
from tftmanager.rules.money import MoneyKind
from tftmanager.store.server_checks import ENUMS, NOT_NEGATIVE, PREFIX, WORDS, allowed_values

from .hostile import character_id

pytestmark = pytest.mark.server


def _constraints(owner: Any) -> dict[tuple[str, str], str]:
    rows = owner.execute(
        "SELECT c.relname, k.conname, pg_get_constraintdef(k.oid), k.convalidated "
        "FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
        "WHERE k.contype = 'c' AND starts_with(k.conname, %s)", (PREFIX,)).fetchall()
    assert all(r[3] for r in rows), "every check holds for the rows already there"
    return {(r[0], r[1].removeprefix(PREFIX)): r[2] for r in rows}


def test_every_value_a_check_allows_is_one_the_app_reads(party_url: str, owner: Any) -> None:
    found = _constraints(owner)
    for (table, column), kind in ENUMS.items():
        allowed = set(re.findall(r"'([^']*)'", found[(table, column)]))
        assert allowed == {str(m.value) for m in kind}
        for value in allowed:
            kind(value)  # as the store reads it back: raises for a value it does not know
    for (table, column), words in WORDS.items():
        assert set(re.findall(r"'([^']*)'", found[(table, column)])) == set(words)
    for table, columns in NOT_NEGATIVE.items():
        for column in columns:
            assert f"({column} >= 0)" in found[(table, column)]


def test_every_value_the_app_writes_passes_the_checks(party_url: str, owner: Any) -> None:
    """The app's own actions write states, kinds and counts the checks all accept.

    Then each value an enum holds is written by the GM's own connection and
    accepted, so no value the app may write one day is refused either.
    """
    with campaigns.open_existing(path=party_url) as gm:
        ragnar = character_id(gm, "Ragnar")
        sheet = characters.get_character(store=gm, character_id=ragnar)
        for item in sheet.items:
            for state in (ItemState.STORED, ItemState.CARRIED):
                equipment.move(store=gm, character_id=ragnar, uid=item.uid, state=state)
        experience.correct(store=gm, character_id=ragnar, amount=-10, reason="typo")
        equipment.record_money(store=gm, character_id=ragnar, amount=25,
                               kind=MoneyKind.FOUND, reason="a purse")
        weeks.run_weeks(store=gm, weeks=2, seed=7)
    _constraints(owner)  # each validated when installed; the actions' rows broke none
    for name in ("tft_check_state", "tft_check_kind"):
        owner.execute(f"ALTER TABLE possession VALIDATE CONSTRAINT {name}")
    keys = {"character": "id", "possession": "character_id", "xp_entry": "character_id",
            "money_entry": "character_id", "assignment": "character_id"}
    for (table, column), values in allowed_values().items():
        if table not in keys:
            continue
        for value in values:  # rolled back each time: only whether it is accepted
            with owner.transaction(force_rollback=True):
                owner.execute("SELECT tft_quiet(true)")
                owner.execute(f"UPDATE {table} SET {column} = %s WHERE {keys[table]} = %s",
                              (value, ragnar))


@pytest.mark.parametrize(("sql", "column"), [
    ("UPDATE character SET status = 'zombie' WHERE name = 'Ragnar'", "status"),
    ("UPDATE possession SET state = 'ready' WHERE id = (SELECT min(id) FROM possession)",
     "state"),
    ("UPDATE character SET kind = 'god' WHERE name = 'Ragnar'", "kind"),
    ("UPDATE character SET wounds = -5 WHERE name = 'Ragnar'", "wounds"),
    ("INSERT INTO xp_entry (character_id, amount, kind, reason, week, played_on, attribute, "
     "batch, created_at) SELECT id, 5, 'bribe', '', 1, '', '', '', now() FROM character "
     "WHERE name = 'Ragnar'", "kind"),
])
def test_even_the_gm_cannot_store_a_value_the_app_cannot_read(party_url: str, owner: Any,
                                                              sql: str, column: str) -> None:
    import psycopg

    with pytest.raises(psycopg.errors.CheckViolation, match=f"{PREFIX}{column}"), \
            owner.transaction():
        owner.execute("SELECT tft_quiet(true)")  # even with the journal quiet, as push does
        owner.execute(sql)
    with campaigns.open_existing(path=party_url) as gm:  # everyone still reads the campaign
        ragnar = character_id(gm, "Ragnar")
        sheet = characters.get_character(store=gm, character_id=ragnar)
        characters.edit_character(store=gm, character_id=ragnar,
                                  character=replace(sheet, notes="still readable"))
