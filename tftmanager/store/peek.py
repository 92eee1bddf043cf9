"""A quick look at a campaign's party with the standard library, before the store loads.

At start-up the window shows the party from this read while SQLAlchemy and
sqlmodel load behind it.  The look is read-only (``mode=ro``: no lock, no
journal, nothing written), one snapshot, and only at the current schema; any
doubt (an older or newer file, a damaged one, a crash's hot journal, another
program writing) gives None and the party simply waits for the real open,
which checks, locks and, if need be, repairs or migrates the file as always.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tftmanager.rules.character import Character
from tftmanager.rules.library_entries import Entry
from tftmanager.rules.records import Record
from tftmanager.store.errors import CampaignError
from tftmanager.store.inspect import inspect_file, read_only_uri
from tftmanager.store.row_values import ChildRows, to_character
from tftmanager.store.schema import APPLICATION_ID, CURRENT_SCHEMA
from tftmanager.store.structure import TABLES

CHILD_TABLES = (("character_talent", "talents"), ("character_spell", "spells"),
                ("possession", "possessions"))


@dataclass(frozen=True, eq=False, repr=False)
class PeekedMember(Record):
    """A character as the look found it (the shape of ``queries.StoredCharacter``)."""

    id: int
    uid: str
    character: Character


@dataclass(frozen=True, eq=False, repr=False)
class PeekedStudy(Record):
    """A study in progress as the look found it (the shape of ``study.StudyData``)."""

    id: int
    talent: str
    weeks_done: int
    weeks_needed: int
    teacher: bool


@dataclass(frozen=True, eq=False, repr=False)
class Peeked(Record):
    """What the party table and the editor need: members, library entries, rules profile."""

    members: list[PeekedMember]
    entries: list[Entry]
    profile: dict[str, Any]
    xp: dict[int, int]  # each member's experience balance
    money: dict[int, int] = field(default_factory=dict)  # each member's money on hand
    studies: dict[int, list[PeekedStudy]] = field(default_factory=dict)  # oldest first


class _Row:
    """A row read by attribute, as ``row_values`` reads the ORM's rows."""

    def __init__(self, row: sqlite3.Row) -> None:
        self.__dict__.update(dict(row))

    def __getattr__(self, name: str) -> Any:  # only for mypy: every column is set above
        raise AttributeError(name)


def peek_party(path: Path) -> Peeked | None:
    """The party by name, its library entries and rules profile; None when in any doubt."""
    if not path.is_file() or path.with_name(path.name + "-journal").exists():
        return None
    try:
        con = sqlite3.connect(read_only_uri(path), uri=True, timeout=0.2)
    except sqlite3.Error:
        return None
    try:
        con.row_factory = sqlite3.Row
        con.execute("BEGIN")  # one snapshot for every read below
        return _read(con)
    except (sqlite3.Error, ValueError, KeyError, TypeError, AttributeError):
        return None  # AttributeError: a column the rows should have is missing
    finally:
        con.close()


def peek_checked(path: Path) -> Peeked | None:
    """``peek_party`` after the checks a real open makes first: None when any fails.

    The command line's reading commands answer from this look only when the
    file passes what ``inspect_file`` checks (header, SQLite's quick check,
    version, every table and column), so a damaged file is still refused, by
    the real open that follows a None, with the same message as before.
    """
    try:
        inspect_file(path, TABLES)
    except CampaignError:
        return None
    return peek_party(path)


def _read(con: sqlite3.Connection) -> Peeked | None:
    if (con.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID
            or con.execute("PRAGMA user_version").fetchone()[0] != CURRENT_SCHEMA):
        return None
    campaign = con.execute("SELECT id, rules_profile FROM campaign ORDER BY id LIMIT 1").fetchone()
    if campaign is None:
        return None
    cid = campaign["id"]
    children: dict[int, ChildRows] = defaultdict(ChildRows)
    for table, attr in CHILD_TABLES:
        for row in con.execute(f"SELECT t.* FROM {table} t JOIN character c "
                               "ON t.character_id = c.id WHERE c.campaign_id = ?", (cid,)):
            getattr(children[row["character_id"]], attr).append(_Row(row))
    members = [PeekedMember(row["id"], row["uid"], to_character(_Row(row), children[row["id"]]))
               for row in con.execute("SELECT * FROM character WHERE campaign_id = ? "
                                      "ORDER BY name, id", (cid,))]
    entries = [Entry(r["kind"], r["key"], json.loads(r["data"]), bool(r["retired"]))
               for r in con.execute("SELECT kind, key, data, retired FROM library_entry "
                                    "WHERE campaign_id = ? ORDER BY id", (cid,))]
    studies: dict[int, list[PeekedStudy]] = defaultdict(list)
    for r in con.execute("SELECT s.* FROM study s JOIN character c ON s.character_id = c.id "
                         "WHERE c.campaign_id = ? ORDER BY s.id", (cid,)):
        studies[r["character_id"]].append(PeekedStudy(
            r["id"], r["talent"], r["weeks_done"], r["weeks_needed"], bool(r["teacher"])))
    return Peeked(members, entries, json.loads(campaign["rules_profile"] or "{}"),
                  _balances(con, "xp_entry", cid), _balances(con, "money_entry", cid),
                  dict(studies))


def _balances(con: sqlite3.Connection, table: str, cid: int) -> dict[int, int]:
    """Each member's balance in a ledger table (members without lines are absent: 0)."""
    return {r[0]: int(r[1] or 0) for r in con.execute(
        f"SELECT x.character_id, SUM(x.amount) FROM {table} x JOIN character c "
        "ON x.character_id = c.id WHERE c.campaign_id = ? GROUP BY x.character_id", (cid,))}
