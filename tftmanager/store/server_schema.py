"""What a server campaign has beyond the tables: journal triggers, roles and row security.

Installed by ``server init`` and again after every ``server upgrade`` (like
the SQLite journal triggers after a file's upgrade), generated from the
database's own tables so a later schema is covered without a list to keep.

The rules the database enforces, whatever program a login connects with:

- every table is readable by the campaign's GM and player roles;
- the GM role may change anything;
- the player role may change rows of the characters ``player_character``
  gives its login (the character's own row, and every row with its
  ``character_id``), add lines to its own journal operations, and nothing
  else: not the campaign, the rules library, the calendar or encounters;
- a write outside an operation is refused, as in a file.

The journal's switchboard is a pair of transaction-local settings
(``tftmanager.current_op`` and ``tftmanager.replaying``) instead of the
file's one-row table, so clients recording operations at once never wait on
each other.
"""

from __future__ import annotations

from sqlalchemy import Connection

from tftmanager.store.journal_triggers import OUTSIDE_AN_OPERATION, UNRECORDED

# Tables every player may write for the characters that are theirs.
PLAYER_JOURNAL = ("operation", "row_change")
GM_ONLY_WITH_CHARACTER = frozenset({"player_character"})
NOTIFY_CHANNEL = "tftmanager"


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


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
        "WHERE table_schema = 'public' AND table_name = %(t)s", {"t": table})
    return [r[0] for r in rows]


# Every function names its tables with their schema and runs with a fixed search path
# (temporary objects last): a login cannot make one read a table or operator of its own.
SAFE_PATH = "SET search_path = pg_catalog, public, pg_temp"

# The journal's trigger runs as the campaign's owner (SECURITY DEFINER), so no other
# login writes ``row_change`` itself: each line is the trigger's, and the trigger
# records only into an operation of the login making the change.
FUNCTIONS = f"""
CREATE OR REPLACE FUNCTION tft_journal() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  {SAFE_PATH} AS $$
DECLARE
  op text := current_setting('tftmanager.current_op', true);
BEGIN
  IF coalesce(current_setting('tftmanager.replaying', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF coalesce(op, '') = '' THEN
    RAISE EXCEPTION '{OUTSIDE_AN_OPERATION}' USING ERRCODE = '23000';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM public.operation o
                 WHERE o.id = op::integer AND o.author = session_user) THEN
    RAISE EXCEPTION 'not an operation of this login' USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.row_change (operation_id, table_name, action, row_key, old, new)
  VALUES (op::integer, TG_TABLE_NAME, left(TG_OP, 1),
          CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
          CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD)::text END,
          CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW)::text END);
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION tft_journal() FROM PUBLIC;
"""


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _role_functions(gm: str) -> str:
    return f"""
CREATE OR REPLACE FUNCTION tft_is_gm() RETURNS boolean LANGUAGE sql STABLE {SAFE_PATH} AS $$
  SELECT pg_catalog.pg_has_role(current_user, {_literal(gm)}, 'MEMBER')
$$;
CREATE OR REPLACE FUNCTION tft_plays(cid integer) RETURNS boolean LANGUAGE sql STABLE
  {SAFE_PATH} AS $$
  SELECT EXISTS (SELECT 1 FROM public.player_character
                 WHERE login = current_user AND character_id = cid)
$$;
CREATE OR REPLACE FUNCTION tft_may_drop_operation(oid integer) RETURNS boolean
  LANGUAGE sql STABLE {SAFE_PATH} AS $$
  SELECT NOT EXISTS (SELECT 1 FROM public.row_change WHERE operation_id = oid)
$$;
CREATE OR REPLACE FUNCTION tft_may_forget_images(oid integer) RETURNS boolean
  LANGUAGE sql STABLE {SAFE_PATH} AS $$
  SELECT EXISTS (SELECT 1 FROM public.operation WHERE id = oid AND author = current_user
                 AND (undone OR NOT undoable))
$$;
"""


def _ensure_role(conn: Connection, role: str) -> None:
    exists = conn.exec_driver_sql("SELECT 1 FROM pg_roles WHERE rolname = %(r)s",
                                  {"r": role}).first()
    if exists is None:
        conn.exec_driver_sql(f"CREATE ROLE {_quote(role)} NOLOGIN")


def _drop_policies(conn: Connection, table: str) -> None:
    rows = conn.exec_driver_sql(
        "SELECT policyname FROM pg_policies WHERE schemaname = 'public' AND tablename = %(t)s",
        {"t": table})
    for (name,) in rows.fetchall():
        conn.exec_driver_sql(f"DROP POLICY {_quote(name)} ON {_quote(table)}")


def _character_key(table: str, columns: list[str]) -> str | None:
    """The column naming a table's character, if a player may write the table."""
    if table == "character":
        return "id"
    if "character_id" in columns and table not in GM_ONLY_WITH_CHARACTER:
        return "character_id"
    return None


def _player_policies(table: str, key: str | None, player: str) -> list[str]:
    """A player's rows: every check is on the row as it is AND as it would be.

    (A policy that checked only the new row would let a player take over
    another's row by rewriting its key.)
    """
    t, p = _quote(table), _quote(player)
    if table == "operation":
        mine = "author = current_user"
        # Their own redo tail, or an operation that recorded nothing (merged, or no
        # change): never a line of the campaign's history.
        drop = f"{mine} AND (undone OR tft_may_drop_operation(id))"
    elif table == "row_change":  # written by the journal's trigger alone
        # Only the images of their own operations past the undo limit (or undone).
        return [f"CREATE POLICY player_delete ON {t} FOR DELETE TO {p} "
                "USING (tft_may_forget_images(operation_id))"]
    elif key is not None:
        mine = drop = f"tft_plays({_quote(key)})"
    else:
        return []
    statements = [
        f"CREATE POLICY player_update ON {t} FOR UPDATE TO {p} USING ({mine}) "
        f"WITH CHECK ({mine})",
        f"CREATE POLICY player_delete ON {t} FOR DELETE TO {p} USING ({drop})",
    ]
    if table != "character":  # only the GM adds characters to the campaign
        statements.append(f"CREATE POLICY player_insert ON {t} FOR INSERT TO {p} "
                          f"WITH CHECK ({mine})")
    return statements


def _secure_table(conn: Connection, table: str, gm: str, player: str) -> None:
    t = _quote(table)
    key = _character_key(table, _columns(conn, table))
    _drop_policies(conn, table)
    conn.exec_driver_sql(f"ALTER TABLE {t} ENABLE ROW LEVEL SECURITY")
    conn.exec_driver_sql(f"REVOKE ALL ON {t} FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {t} TO {_quote(gm)}")
    conn.exec_driver_sql(f"GRANT SELECT ON {t} TO {_quote(player)}")
    conn.exec_driver_sql(f"CREATE POLICY gm_all ON {t} TO {_quote(gm)} USING (true) "
                         "WITH CHECK (true)")
    conn.exec_driver_sql(f"CREATE POLICY everyone_reads ON {t} FOR SELECT "
                         f"TO {_quote(player)} USING (true)")
    policies = _player_policies(table, key, player)
    if policies:
        rights = {"character": "UPDATE", "row_change": "DELETE"}.get(
            table, "INSERT, UPDATE, DELETE")
        conn.exec_driver_sql(f"GRANT {rights} ON {t} TO {_quote(player)}")
    for statement in policies:
        conn.exec_driver_sql(statement)


def _journal_triggers(conn: Connection, table: str) -> None:
    t = _quote(table)
    conn.exec_driver_sql(f"DROP TRIGGER IF EXISTS tft_journal ON {t}")
    if table not in UNRECORDED:
        conn.exec_driver_sql(f"CREATE TRIGGER tft_journal AFTER INSERT OR UPDATE OR DELETE "
                             f"ON {t} FOR EACH ROW EXECUTE FUNCTION tft_journal()")


def _deferrable_foreign_keys(conn: Connection) -> None:
    """Undo puts rows back newest first; their foreign keys are checked at the commit."""
    rows = conn.exec_driver_sql(
        "SELECT conrelid::regclass::text, conname FROM pg_constraint "
        "WHERE contype = 'f' AND NOT condeferrable AND connamespace = 'public'::regnamespace")
    for table, name in rows.fetchall():
        conn.exec_driver_sql(f"ALTER TABLE {table} ALTER CONSTRAINT {_quote(name)} "
                             "DEFERRABLE INITIALLY IMMEDIATE")


def install(conn: Connection, database: str) -> None:
    """(Re)create the triggers, roles, grants and policies, in the caller's transaction."""
    gm, player = role_names(database)
    for role in (gm, player):
        _ensure_role(conn, role)
    conn.exec_driver_sql(FUNCTIONS)
    conn.exec_driver_sql(_role_functions(gm))
    conn.exec_driver_sql(f"REVOKE ALL ON DATABASE {_quote(database)} FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT CONNECT ON DATABASE {_quote(database)} "
                         f"TO {_quote(gm)}, {_quote(player)}")
    # Nobody but the owner creates anything in the campaign's schema (PostgreSQL
    # before 15 lets everyone, which would let a login plant an operator or table).
    conn.exec_driver_sql("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    conn.exec_driver_sql(f"GRANT USAGE ON SCHEMA public TO {_quote(gm)}, {_quote(player)}")
    conn.exec_driver_sql(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public "
                         f"TO {_quote(gm)}, {_quote(player)}")
    # A GM may push a file over the campaign, which sets where the ids go on.
    conn.exec_driver_sql(f"GRANT UPDATE ON ALL SEQUENCES IN SCHEMA public TO {_quote(gm)}")
    _deferrable_foreign_keys(conn)
    for table in tables(conn):
        _journal_triggers(conn, table)
        _secure_table(conn, table, gm, player)
