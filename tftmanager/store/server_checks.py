"""What a server campaign's columns may hold: every stored state, kind and count the app reads.

A file has one writer, the app; a server campaign has several, and one bad
value (a possession ``'ready'``, a character ``'zombie'``) would stop every
user's app from reading the campaign until someone wrote SQL by hand.  So
the server holds each column the app reads as one of the rules' enums to
that enum's values, and each count the rules take as never negative to
that, for the GM's writes as well as anyone's.

The allowed values are generated from the enums themselves (``ENUMS``), so a
new state is allowed the moment the rules know it, and a test reads the
constraints back from the server to check that every value they allow is
one the app reads.
"""

from __future__ import annotations

import enum

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError

from tftmanager.rules.abilities import CharacterKind
from tftmanager.rules.assignment import Activity
from tftmanager.rules.character import Status
from tftmanager.rules.experience import XPKind
from tftmanager.rules.items import ItemKind, ItemState
from tftmanager.rules.money import MoneyKind

# (table, column) -> the enum its text is read as.
ENUMS: dict[tuple[str, str], type[enum.Enum]] = {
    ("character", "kind"): CharacterKind,
    ("character", "status"): Status,
    ("possession", "kind"): ItemKind,
    ("possession", "state"): ItemState,
    ("xp_entry", "kind"): XPKind,
    ("money_entry", "kind"): MoneyKind,
    ("assignment", "activity"): Activity,
}
# (table, column) -> the values it may hold that are no enum's (the journal's actions).
WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("row_change", "action"): ("I", "U", "D"),
}
# Counts the rules take as never negative.
NOT_NEGATIVE: dict[str, tuple[str, ...]] = {
    "character": ("wounds", "recovery_weeks", "fatigue", "age", "bought_points",
                  "memory_bought"),
    "possession": ("hits_taken", "quantity"),
    "study": ("weeks_needed", "weeks_done"),
    "campaign": ("undo_limit",),
}
PREFIX = "tft_check_"


def allowed_values() -> dict[tuple[str, str], tuple[str, ...]]:
    """Every checked text column and the values it may hold."""
    found = {key: tuple(str(m.value) for m in kind) for key, kind in ENUMS.items()}
    return found | WORDS


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def checks() -> dict[tuple[str, str], str]:
    """(table, constraint name) -> its condition."""
    found = {}
    for (table, column), values in allowed_values().items():
        listed = ", ".join(_literal(v) for v in values)
        found[(table, f"{PREFIX}{column}")] = f'"{column}" IN ({listed})'
    for table, columns in NOT_NEGATIVE.items():
        for column in columns:
            found[(table, f"{PREFIX}{column}")] = f'"{column}" >= 0'
    return found


def install_checks(conn: Connection) -> list[str]:
    """(Re)create every check; returns the ones the stored rows break (left unvalidated).

    Each is added ``NOT VALID`` (so it holds for every write from now on) and
    then validated against the rows already there; a campaign whose rows
    break one still opens, and the names come back to be told to the GM.
    """
    broken = []
    existing = conn.exec_driver_sql(
        "SELECT c.relname, k.conname FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid "
        "WHERE k.connamespace = 'public'::regnamespace AND k.contype = 'c' "
        "AND starts_with(k.conname, %(p)s)", {"p": PREFIX}).all()
    for table, name in existing:
        conn.exec_driver_sql(f'ALTER TABLE public."{table}" DROP CONSTRAINT "{name}"')
    for (table, name), condition in checks().items():
        conn.exec_driver_sql(f'ALTER TABLE public."{table}" ADD CONSTRAINT "{name}" '
                             f"CHECK ({condition}) NOT VALID")
        try:
            with conn.begin_nested():  # a savepoint: a failed validation undoes only itself
                conn.exec_driver_sql(f'ALTER TABLE public."{table}" VALIDATE CONSTRAINT "{name}"')
        except IntegrityError:  # the stored rows break it: it holds for new writes only
            broken.append(f"{table}.{name.removeprefix(PREFIX)}")
    return broken
