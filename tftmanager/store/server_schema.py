"""What a server campaign has beyond the tables: journal, roles, row security, limits.

Installed by ``server init`` and again after every ``server upgrade`` (like
the SQLite journal triggers after a file's upgrade), generated from the
database's own tables so a later schema is covered without a list to keep.

The rules the database enforces, whatever program a login connects with:

- every table is readable by the campaign's GM and player roles;
- the GM role may change anything;
- the player role may insert and update (column by column: never the
  ``id``) rows of the characters ``player_character`` gives its login, and
  holds no table-level UPDATE, DELETE or TRUNCATE, so it can take no lock
  that stops another writer; it deletes through ``tft_delete`` and adds to
  the XP ledger only its own spending, within its balance;
- the journal, the operations and the version counts are written only by
  the server functions (``server_functions``); ids come from the server;
- a write outside an operation is refused, as in a file;
- every session waits at most ``lock_timeout``, and a transaction left idle
  is ended, so no login holds the others up for long.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from tftmanager.store.journal_triggers import UNRECORDED
from tftmanager.store.server_checks import install_checks
from tftmanager.store.server_functions import (
    ENTRY_POINTS,
    INTERNAL,
    NOTIFY_CHANNEL,
    functions_sql,
)
from tftmanager.store.server_limits import TIMEOUTS
from tftmanager.store.sql_text import quote_literal, quote_name

__all__ = ["MAX_DATABASE_NAME", "NOTIFY_CHANNEL", "TIMEOUTS", "install", "role_names",
           "tables"]

# Tables with a character_id that only the GM writes.
GM_ONLY_WITH_CHARACTER = frozenset({"player_character", "character_version", "player_link",
                                    "table_request"})
# Ledgers only grow, and a player adds to them only its own spending, within the balance.
LEDGERS = frozenset({"xp_entry", "money_entry"})
# Connections one player's login may hold at once (the app uses at most 7).
PLAYER_CONNECTIONS = 10



# PostgreSQL names are at most 63 bytes; the roles add "_player" to the database's.
MAX_DATABASE_NAME = 56


def role_names(database: str) -> tuple[str, str]:
    """The GM and player group roles of one campaign database."""
    return f"{database}_gm", f"{database}_player"


def tables(conn: Connection) -> list[str]:
    """The campaign's tables in the public schema."""
    rows = conn.exec_driver_sql(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
    return [r[0] for r in rows]


def _columns(conn: Connection, table: str) -> list[str]:
    rows = conn.exec_driver_sql(
        "SELECT column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name = %(t)s ORDER BY ordinal_position",
        {"t": table})
    return [r[0] for r in rows]


def _ensure_role(conn: Connection, role: str) -> None:
    exists = conn.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(r)s",
                                  {"r": role}).first()
    if exists is None:
        conn.exec_driver_sql(f"CREATE ROLE {quote_name(role)} NOLOGIN")


def _drop_policies(conn: Connection, table: str) -> None:
    rows = conn.exec_driver_sql(
        "SELECT policyname FROM pg_policies WHERE schemaname = 'public' AND tablename = %(t)s",
        {"t": table})
    for (name,) in rows.fetchall():
        conn.exec_driver_sql(f"DROP POLICY {quote_name(name)} ON {quote_name(table)}")


def _character_key(table: str, columns: list[str]) -> str | None:
    """The column naming a table's character, if a player may write the table."""
    if table == "character":
        return "id"
    if "character_id" in columns and table not in GM_ONLY_WITH_CHARACTER:
        return "character_id"
    return None


def character_tables(conn: Connection) -> dict[str, str]:
    """Every recorded table of a character's rows, and the column naming the character."""
    found = {}
    for table in tables(conn):
        columns = _columns(conn, table)
        if table == "character":
            found[table] = "id"
        elif "character_id" in columns and table not in UNRECORDED:
            found[table] = "character_id"
    return found


def player_deletes(conn: Connection) -> list[str]:
    """The tables whose rows a player may delete (through ``tft_delete``)."""
    return [t for t in tables(conn) if t != "character" and t not in LEDGERS
            and _character_key(t, _columns(conn, t)) is not None]


def _player_rights(table: str, key: str, columns: list[str]) -> list[tuple[str, str]]:
    """(privilege, policy) pairs: each check is on the row as it is AND as it would be.

    (A policy that checked only the new row would let a player take over
    another's row by rewriting its key.)  Privileges are per column, never
    on ``id``: a player names no id and holds no table-level write right.
    """
    mine = f"tft_plays({quote_name(key)})"
    if table == "xp_entry":  # only their own spending, within their balance
        return [("INSERT", "WITH CHECK (tft_may_spend(character_id, kind, amount))")]
    if table == "money_entry":  # the same: gains (pay, finds, sales) are the GM's
        return [("INSERT", "WITH CHECK (tft_may_pay(character_id, kind, amount))")]
    rights = [("UPDATE", f"USING ({mine}) WITH CHECK ({mine})")]
    if table != "character":  # only the GM adds characters to the campaign
        rights.append(("INSERT", f"WITH CHECK ({mine})"))
    return rights


def _secure_table(conn: Connection, table: str, gm: str, player: str) -> None:
    t, g, p = quote_name(table), quote_name(gm), quote_name(player)
    columns = _columns(conn, table)
    key = _character_key(table, columns)
    _drop_policies(conn, table)
    conn.exec_driver_sql(f"ALTER TABLE {t} ENABLE ROW LEVEL SECURITY")
    conn.exec_driver_sql(f"REVOKE ALL ON {t} FROM PUBLIC, {p}")
    conn.exec_driver_sql(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {t} TO {g}")
    conn.exec_driver_sql(f"GRANT SELECT ON {t} TO {p}")
    conn.exec_driver_sql(f"CREATE POLICY gm_all ON {t} TO {g} USING (true) WITH CHECK (true)")
    conn.exec_driver_sql(f"CREATE POLICY everyone_reads ON {t} FOR SELECT TO {p} USING (true)")
    if key is None:
        return
    writable = ", ".join(quote_name(c) for c in columns if c != "id")
    for right, check in _player_rights(table, key, columns):
        conn.exec_driver_sql(f"GRANT {right} ({writable}) ON {t} TO {p}")
        conn.exec_driver_sql(f"CREATE POLICY player_{right.lower()} ON {t} FOR {right} "
                             f"TO {p} {check}")


def _triggers(conn: Connection, table: str) -> None:
    """The journal's trigger, and the one that takes each new row's id from the server."""
    t = quote_name(table)
    conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS tft_journal ON {t}")
    if table not in UNRECORDED:
        conn.exec_driver_sql(f"CREATE TRIGGER tft_journal AFTER INSERT OR UPDATE OR DELETE "
                             f"ON {t} FOR EACH ROW EXECUTE FUNCTION tft_journal()")
    sequence = conn.exec_driver_sql("SELECT pg_get_serial_sequence(%(t)s, 'id')",
                                    {"t": f"public.{t}"}).scalar() if "id" in _columns(
        conn, table) else None
    conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS tft_new_id ON {t}")
    if sequence:  # no default a login's privileges are checked against: the trigger's id
        conn.exec_driver_sql(f"ALTER TABLE {t} ALTER COLUMN id DROP DEFAULT")
        quoted = "'" + str(sequence).replace("'", "''") + "'"
        conn.exec_driver_sql(f"CREATE TRIGGER tft_new_id BEFORE INSERT ON {t} FOR EACH ROW "
                             f"EXECUTE FUNCTION tft_new_id({quoted})")


def _deferrable_foreign_keys(conn: Connection) -> None:
    """Undo puts rows back newest first; their foreign keys are checked at the commit."""
    rows = conn.exec_driver_sql(
        "SELECT conrelid::regclass::text, conname FROM pg_constraint "
        "WHERE contype = 'f' AND NOT condeferrable AND connamespace = 'public'::regnamespace")
    for table, name in rows.fetchall():
        conn.exec_driver_sql(f"ALTER TABLE {table} ALTER CONSTRAINT {quote_name(name)} "
                             "DEFERRABLE INITIALLY IMMEDIATE")


def _owner(conn: Connection) -> str:
    """The login that owns the campaign's tables (its functions run as it)."""
    return str(conn.exec_driver_sql(
        "SELECT tableowner FROM pg_tables WHERE schemaname = 'public' "
        "AND tablename = 'campaign'").scalar() or conn.exec_driver_sql(
        "SELECT current_user").scalar())



def _functions(conn: Connection, gm: str, player: str) -> None:
    owner = _owner(conn)
    # Straight to the driver, with no parameters: the functions' format() strings hold %.
    driver: Any = conn.connection.driver_connection
    driver.execute(functions_sql(gm, str(owner), player, player_deletes(conn),
                                 character_tables(conn)))
    for function in (*ENTRY_POINTS, *INTERNAL):
        conn.exec_driver_sql(f"REVOKE ALL ON FUNCTION public.{function} FROM PUBLIC")
    for function in ENTRY_POINTS:
        conn.exec_driver_sql(f"GRANT EXECUTE ON FUNCTION public.{function} "
                             f"TO {quote_name(gm)}, {quote_name(player)}")


def _database(conn: Connection, database: str, gm: str, player: str) -> None:
    d, g, p = quote_name(database), quote_name(gm), quote_name(player)
    conn.exec_driver_sql(f"REVOKE ALL ON DATABASE {d} FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT CONNECT ON DATABASE {d} TO {g}, {p}")
    for name, value in TIMEOUTS.items():
        conn.exec_driver_sql(f"ALTER DATABASE {d} SET {name} = '{value}'")
    # Nobody but the owner creates anything in the campaign's schema (PostgreSQL
    # before 15 lets everyone, which would let a login plant an operator or table).
    conn.exec_driver_sql("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT USAGE ON SCHEMA public TO {g}, {p}")
    # Ids come from the server (tft_new_id): a player may not draw or set a sequence.
    conn.exec_driver_sql(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC, {p}")
    # A GM may push a file over the campaign, which sets where the ids go on.
    conn.exec_driver_sql(f"GRANT USAGE, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {g}")


def limit_login(conn: Connection, database: str, login: str, *, player: bool) -> None:
    """A member's own limits: its timeouts in this database, and a player's connections.

    A player's login may set its own timeouts longer (PostgreSQL lets any
    login), so the campaign's owner is made a member of it where it may be:
    ``tft_reap``, running as the owner, may then end its overlong sessions.
    """
    role = quote_name(login)
    for name, value in TIMEOUTS.items():
        conn.exec_driver_sql(f"ALTER ROLE {role} IN DATABASE {quote_name(database)} "
                             f"SET {name} = '{value}'")
    if player:
        conn.exec_driver_sql(f"ALTER ROLE {role} CONNECTION LIMIT {PLAYER_CONNECTIONS}")
        owner, name = quote_literal(_owner(conn)), quote_literal(login)
        driver: Any = conn.connection.driver_connection  # (format()'s % taken as is)
        driver.execute(
            f"DO $$ BEGIN IF NOT pg_has_role({owner}, {name}, 'MEMBER') THEN "
            f"EXECUTE format('GRANT %I TO %I', {name}, {owner}); END IF; "
            "EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN "
            "RAISE NOTICE 'the owner cannot end this login''s sessions'; END $$")


def install(conn: Connection, database: str) -> list[str]:
    """(Re)create the functions, triggers, roles, grants, policies and checks, in one transaction.

    Returns the value checks the stored rows break (``server_checks``): they
    hold for every write from now on, and the GM is told which to repair.
    """
    gm, player = role_names(database)
    for role in (gm, player):
        _ensure_role(conn, role)
    _database(conn, database, gm, player)
    _deferrable_foreign_keys(conn)
    broken = install_checks(conn)
    _functions(conn, gm, player)
    for table in tables(conn):
        _secure_table(conn, table, gm, player)
        _triggers(conn, table)
    conn.exec_driver_sql("DROP TRIGGER IF EXISTS tft_finished ON operation")
    conn.exec_driver_sql("CREATE CONSTRAINT TRIGGER tft_finished AFTER INSERT ON operation "
                         "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW "
                         "EXECUTE FUNCTION tft_finished()")
    # what an earlier version let players call (its policies are gone now)
    conn.exec_driver_sql("DROP FUNCTION IF EXISTS tft_may_drop_operation(integer), "
                         "tft_may_forget_images(integer), tft_touched(integer), "
                         "tft_finish(integer, text, text, text, jsonb)")
    conn.exec_driver_sql("SELECT tft_recount()")  # each character's rows, for the limits
    return broken
