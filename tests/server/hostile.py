"""A hostile player's own connection, and what it must leave as it was: shared by the attacks."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

import pytest

from tftmanager.app import campaigns, characters
from tftmanager.store.server_limits import LIMITS, TIMEOUTS

LOCK_TIMEOUT = float(TIMEOUTS["lock_timeout"].removesuffix("s"))
OPERATION_ROWS_MAX = LIMITS["operation_rows"][0]
ROW_BYTES_MAX = LIMITS["row_bytes"][0]


def character_id(store: Any, name: str) -> int:
    return next(s.id or 0 for s in campaigns.party_sheets(store=store)
                if s.character.name == name)


def snapshot(owner: Any) -> dict[str, Any]:
    """Everything a refused attack must leave as it was."""
    return {table: owner.execute(f"SELECT coalesce(jsonb_agg(to_jsonb(x) ORDER BY x), '[]') "
                                 f"FROM {table} x").fetchone()[0]
            for table in ("character", "xp_entry", "money_entry", "possession", "operation",
                          "row_change", "character_version")}


def refused(alice: Any, sql: str, *args: Any, operation: bool = False) -> str:
    """Run an attack in its own transaction (in an operation of hers if asked); it must fail.

    Returns the server's words.
    """
    import psycopg

    with pytest.raises(psycopg.Error) as failed, alice.transaction():
        if operation:
            alice.execute("SELECT tft_begin(1, 'character')")
        alice.execute(sql, args or None)
    return str(failed.value)


def gm_edits_promptly(url: str) -> None:
    """Another client's edit completes, within the lock timeout, while the attack stands."""
    began = time.monotonic()
    with campaigns.open_existing(path=url) as gm:
        cid = character_id(gm, "Wulf")
        current = characters.get_character(store=gm, character_id=cid)
        characters.edit_character(store=gm, character_id=cid,
                                  character=replace(current, notes=f"GM at {began}"))
    assert time.monotonic() - began < LOCK_TIMEOUT + 5
