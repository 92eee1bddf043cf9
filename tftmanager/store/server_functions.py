"""The server functions of a shared campaign: the journal's bookkeeping and every guarded write.

A player's login holds no table-level write privilege (PostgreSQL lets any
role with UPDATE, DELETE or TRUNCATE on a table lock it in ACCESS EXCLUSIVE
mode, row-level security or not): it may insert and update the columns of its
own characters' rows (which takes at most ROW EXCLUSIVE, a lock every writer
shares) and does the rest through these functions, which run as the
campaign's owner and check the row themselves:

- ``tft_begin`` and ``tft_finish`` open and close an operation in one call
  each: the redo tail, the undo limit, the characters' version counts (a
  stale edit is refused) and the NOTIFY are the server's, so an edit costs
  the same few round trips at any length of history;
- ``tft_replay`` undoes or redoes an operation of the caller's own, refusing
  (with who and what) when anything it would put back has changed since;
- ``tft_delete`` deletes one row of the caller's own characters;
- ``tft_quiet`` lets a GM write without the journal (push, a migration).

Which operation is recording, and whether the journal is quiet, is a row in
``tft_private.tx`` keyed by the transaction's id: only these functions write
it, so nothing a login may set turns the journal off or records into another
operation.  Every function names its tables with their schema and runs with
a fixed search path (temporary objects last).
"""

from __future__ import annotations

from tftmanager.store.journal_triggers import OUTSIDE_AN_OPERATION
from tftmanager.store.server_limits import (
    LOCK_TIMEOUT,
    OPERATOR,
    PLAYER_MONEY_KINDS,
    USAGE,
    limits_tables,
    reap_function,
    recount_function,
    spending_function,
)
from tftmanager.store.sql_text import quote_literal

SAFE_PATH = "SET search_path = pg_catalog, public, pg_temp"
NOTIFY_CHANNEL = "tftmanager"
# A NOTIFY payload must stay under 8,000 bytes: past this, "every character".
NOTIFY_MAX_CHARACTERS = 400
# The error codes the functions raise for the client to say in the user's terms.
CONFLICT = "TF409"  # a character changed since this client's last look
REPLAY_REFUSED = "TF410"  # undo or redo would take back someone else's change
TOO_LARGE = "54000"  # program_limit_exceeded: a row or an operation past the limits



PRIVATE = """
CREATE SCHEMA IF NOT EXISTS tft_private;
REVOKE ALL ON SCHEMA tft_private FROM PUBLIC;
CREATE TABLE IF NOT EXISTS tft_private.tx (
  txid bigint PRIMARY KEY, op integer, quiet boolean NOT NULL DEFAULT false,
  limited boolean NOT NULL DEFAULT true, written integer NOT NULL DEFAULT 0);
REVOKE ALL ON tft_private.tx FROM PUBLIC;
-- the player a GM's connection (the table server) records the operation for
ALTER TABLE tft_private.tx ADD COLUMN IF NOT EXISTS author text;
"""


def role_functions(gm: str, owner: str) -> str:
    """Who the session's login is: the GM (or the owner), and which characters it plays."""
    return f"""
CREATE OR REPLACE FUNCTION public.tft_is_gm() RETURNS boolean LANGUAGE plpgsql STABLE
  {SAFE_PATH} AS $$
BEGIN  -- (PL/pgSQL, here and below: its plans are kept, a SQL function's made at each call)
  RETURN pg_catalog.pg_has_role(session_user, {quote_literal(gm)}, 'MEMBER')
      OR pg_catalog.pg_has_role(session_user, {quote_literal(owner)}, 'MEMBER');
END $$;
CREATE OR REPLACE FUNCTION public.tft_plays(cid integer) RETURNS boolean LANGUAGE plpgsql
  STABLE {SAFE_PATH} AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM public.player_character
                 WHERE login = session_user AND character_id = cid);
END $$;
"""


JOURNAL = f"""
CREATE OR REPLACE FUNCTION public.tft_journal() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER {SAFE_PATH} AS $$
DECLARE
  t record;
  n integer;
  image text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW)::text END;
BEGIN
  SELECT x.op, x.quiet, x.limited, x.max_rows, x.max_row_bytes INTO t
    FROM tft_private.tx x WHERE x.txid = txid_current();
  IF t.quiet THEN
    RETURN NULL;
  END IF;
  IF t.op IS NULL THEN
    RAISE EXCEPTION '{OUTSIDE_AN_OPERATION}' USING ERRCODE = '23000';
  END IF;
  IF t.limited THEN
    IF octet_length(image) > t.max_row_bytes THEN
      RAISE EXCEPTION 'row too large' USING ERRCODE = '{TOO_LARGE}',
        DETAIL = 'row:' || t.max_row_bytes;
    END IF;
    UPDATE tft_private.tx SET written = written + 1 WHERE txid = txid_current()
      RETURNING written INTO n;
    IF n > t.max_rows THEN
      RAISE EXCEPTION 'operation too large' USING ERRCODE = '{TOO_LARGE}',
        DETAIL = 'operation:' || t.max_rows;
    END IF;
  END IF;
  INSERT INTO public.row_change (operation_id, table_name, action, row_key, old, new)
  VALUES (t.op, TG_TABLE_NAME, left(TG_OP, 1),
          CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
          CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD)::text END, image);
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION public.tft_new_id() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER {SAFE_PATH} AS $$
BEGIN
  IF NEW.id IS NULL THEN  -- a player may not name an id (no INSERT on the column)
    NEW.id := nextval(TG_ARGV[0]::regclass);
  END IF;
  RETURN NEW;
END $$;
CREATE OR REPLACE FUNCTION public.tft_finished() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER {SAFE_PATH} AS $$
BEGIN  -- at the commit: every operation begun is finished (or gone), never left half-told
  IF EXISTS (SELECT 1 FROM public.operation WHERE id = NEW.id AND label = '') THEN
    RAISE EXCEPTION 'an operation must end with tft_finish' USING ERRCODE = '42501';
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION public.tft_quiet(on_off boolean) RETURNS void LANGUAGE plpgsql
  SECURITY DEFINER {SAFE_PATH} AS $$
BEGIN
  IF NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM writes without the journal' USING ERRCODE = '42501';
  END IF;
  IF on_off THEN
    INSERT INTO tft_private.tx (txid, quiet, limited) VALUES (txid_current(), true, false)
      ON CONFLICT (txid) DO UPDATE SET quiet = true, op = NULL;
  ELSE
    DELETE FROM tft_private.tx WHERE txid = txid_current();
    PERFORM public.tft_recount();  -- what was written quietly counts too
  END IF;
END $$;
"""

BEGIN_FINISH = f"""
DROP FUNCTION IF EXISTS public.tft_begin(integer, text);
CREATE OR REPLACE FUNCTION public.tft_begin(cid integer, op_kind text,
                                            for_player text DEFAULT NULL) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH} {LOCK_TIMEOUT} AS $$
DECLARE
  max_rows integer := 0;
  max_bytes integer := 0;
  per_day integer;
  today integer;
  acting text := nullif(for_player, '');
  who text := coalesce(nullif(for_player, ''), session_user::text);
  gm boolean := public.tft_is_gm() AND nullif(for_player, '') IS NULL;
  mine text[] := CASE WHEN gm THEN ARRAY[who, ''] ELSE ARRAY[who]
                 END;  -- (an indexable condition: the GM's include pushed operations)
  new_id integer;
  wk integer;
  stamp timestamp := now() AT TIME ZONE 'UTC';
BEGIN
  -- only a GM's connection (the table server's) records an operation in a player's name
  IF acting IS NOT NULL AND NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM acts for a player' USING ERRCODE = '42501';
  END IF;
  IF NOT gm THEN  -- a player's limits (tft_private.limits), and their changes today
    SELECT max(value) FILTER (WHERE name = 'operation_rows'),
           max(value) FILTER (WHERE name = 'row_bytes'),
           max(value) FILTER (WHERE name = 'player_operations_per_day')
      INTO max_rows, max_bytes, per_day FROM tft_private.limits
      WHERE name IN ('operation_rows', 'row_bytes', 'player_operations_per_day');
    INSERT INTO tft_private.daily AS d (login, day, operations)
      VALUES (who, stamp::date, 1)  -- UTC: a player's TimeZone moves no day
      ON CONFLICT (login) DO UPDATE
        SET operations = CASE WHEN d.day = EXCLUDED.day THEN d.operations + 1 ELSE 1 END,
            day = EXCLUDED.day
      RETURNING operations INTO today;
    IF today > per_day THEN
      RAISE EXCEPTION 'too many changes today' USING ERRCODE = '{TOO_LARGE}',
        DETAIL = 'day:' || per_day;
    END IF;
  END IF;
  -- the rows of transactions that ended without finishing their operation
  DELETE FROM tft_private.tx WHERE txid < txid_snapshot_xmin(txid_current_snapshot());
  -- the user's redo tail goes, as in every editor, and any operation left open
  DELETE FROM public.operation WHERE author = ANY(mine) AND (undone OR label = '')
    AND campaign_id = cid;
  SELECT week INTO wk FROM public.campaign WHERE id = cid;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no campaign %', cid USING ERRCODE = '22023';
  END IF;
  INSERT INTO public.operation (campaign_id, kind, label, week, characters, merge_key, meta,
                                undone, undoable, created_at, updated_at, author)
  VALUES (cid, left(op_kind, 20), '', wk, '[]', '', '{{}}', false, true, stamp, stamp,
          who)
  RETURNING id INTO new_id;
  INSERT INTO tft_private.tx (txid, op, quiet, limited, max_rows, max_row_bytes, author)
    VALUES (txid_current(), new_id, false, NOT gm, max_rows, max_bytes, acting)
    ON CONFLICT (txid) DO UPDATE SET op = EXCLUDED.op, quiet = false, written = 0,
      limited = EXCLUDED.limited, max_rows = EXCLUDED.max_rows,
      max_row_bytes = EXCLUDED.max_row_bytes, author = EXCLUDED.author;
  RETURN new_id;
END $$;

CREATE OR REPLACE FUNCTION public.tft_versions(op_id integer, touched integer[],
                                               created integer[], seen jsonb)
  RETURNS jsonb LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH}
  SET plan_cache_mode = force_generic_plan AS $$  -- (else planned afresh at every call)
DECLARE  -- (each statement a lookup by key: no plan may read the history)
  cur record;
  saw integer;
  raised jsonb;
  who record;
BEGIN
  INSERT INTO public.character_version (character_id, version, author)
    SELECT c.id, 0, '' FROM public.character c WHERE c.id = ANY(touched)
    ON CONFLICT (character_id) DO NOTHING;
  FOR cur IN SELECT v.character_id, v.version, v.author, v.operation_id
             FROM public.character_version v
             WHERE v.character_id = ANY(touched) ORDER BY v.character_id
             FOR UPDATE LOOP
    CONTINUE WHEN seen IS NULL;
    saw := (seen ->> cur.character_id::text)::integer;
    IF (saw IS NULL AND NOT cur.character_id = ANY(created)) OR saw <> cur.version THEN
      SELECT (SELECT name FROM public.character WHERE id = cur.character_id) AS name,
             (SELECT label FROM public.operation WHERE id = cur.operation_id) AS label
        INTO who;
      RAISE EXCEPTION 'edit conflict' USING ERRCODE = '{CONFLICT}',
        DETAIL = json_build_object('name', who.name, 'author', cur.author,
                                   'label', coalesce(who.label, ''))::text;
    END IF;
  END LOOP;
  WITH up AS (UPDATE public.character_version SET version = version + 1, operation_id = op_id,
                     author = (SELECT o.author FROM public.operation o WHERE o.id = op_id)
              WHERE character_id = ANY(touched) RETURNING character_id, version)
  SELECT coalesce(jsonb_object_agg(character_id::text, version), '{{}}') INTO raised FROM up;
  RETURN raised;
END $$;

CREATE OR REPLACE FUNCTION public.tft_notify(r public.operation, touched integer[])
  RETURNS void LANGUAGE plpgsql VOLATILE {SAFE_PATH} AS $$
BEGIN  -- (PL/pgSQL: its plan is kept from call to call)
  PERFORM pg_notify({quote_literal(NOTIFY_CHANNEL)}, json_build_object(
    'campaign', r.campaign_id, 'op', r.id, 'author', r.author, 'kind', r.kind,
    'label', left(r.label, 200), 'undone', r.undone,
    'characters', CASE WHEN cardinality(touched) <= {NOTIFY_MAX_CHARACTERS}
                       THEN to_jsonb(touched) END)::text);
END $$;

CREATE OR REPLACE FUNCTION public.tft_finish(op_id integer, op_label text, op_merge_key text,
                                             op_meta text, op_deed text, seen jsonb)
  RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH} {LOCK_TIMEOUT} AS $$
DECLARE
  gm boolean;
  mine text[];
  acting text;
  r public.operation;
  touched integer[];
  created integer[];
  versions jsonb;
  past integer;
BEGIN
  DELETE FROM tft_private.tx WHERE txid = txid_current() AND op = op_id
    RETURNING author INTO acting;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'not an open operation of this login' USING ERRCODE = '42501';
  END IF;
  gm := public.tft_is_gm() AND acting IS NULL;  -- a player's, made through the table server
  mine := CASE WHEN gm THEN ARRAY[session_user::text, '']
          ELSE ARRAY[coalesce(acting, session_user::text)] END;
  IF NOT EXISTS (SELECT 1 FROM public.row_change WHERE operation_id = op_id) THEN
    DELETE FROM public.operation WHERE id = op_id;  -- nothing changed: nothing to tell
    RETURN NULL;
  END IF;
  -- the characters it touched, their rows and bytes counted (a player's, within the limits)
  SELECT u.touched, u.created INTO touched, created FROM public.tft_usage(op_id, 1, NOT gm) u;
  -- a player's line is the server's account of what changed, never the client's words
  UPDATE public.operation SET
         label = CASE WHEN gm THEN left(coalesce(nullif(op_label, ''), kind), 300)
                 ELSE public.tft_player_label(op_id, touched, kind) END,
         merge_key = CASE WHEN gm THEN left(op_merge_key, 120) ELSE '' END,
         meta = CASE WHEN gm THEN op_meta ELSE '{{}}' END,
         -- a player's deed would be the client's word too: told as the server's label
         deed = CASE WHEN gm THEN op_deed ELSE '{{}}' END,
         characters = to_jsonb(touched)::text, updated_at = now() AT TIME ZONE 'UTC'
    WHERE id = op_id RETURNING * INTO r;
  -- past the undo limit the user's oldest operations keep their line, not their undo
  -- (one by one, by key: usually none or one; a join here was planned to scan the history)
  FOR past IN SELECT o.id FROM public.operation o WHERE o.author = ANY(mine) AND o.undoable
                AND o.campaign_id = r.campaign_id ORDER BY o.id DESC
                OFFSET greatest((SELECT undo_limit FROM public.campaign
                                 WHERE id = r.campaign_id), 0) LOOP
    UPDATE public.operation SET undoable = false WHERE id = past;
    DELETE FROM public.row_change WHERE operation_id = past;
  END LOOP;
  versions := public.tft_versions(op_id, touched, created, seen);
  PERFORM public.tft_notify(r, touched);
  RETURN versions;
END $$;
"""


REPLAY = f"""
CREATE OR REPLACE FUNCTION public.tft_drifted(op_id integer, backwards boolean)
  RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY DEFINER {SAFE_PATH} AS $$
DECLARE
  e record;
  same boolean;
  who record;
BEGIN
  -- each row as the operation left it (to undo it) or found it (to redo it)
  FOR e IN SELECT DISTINCT ON (table_name, row_key) table_name, row_key,
                  CASE WHEN backwards THEN new ELSE old END AS image
           FROM public.row_change WHERE operation_id = op_id
           ORDER BY table_name, row_key, CASE WHEN backwards THEN -id ELSE id END LOOP
    EXECUTE format('SELECT to_jsonb(c) = to_jsonb(jsonb_populate_record(NULL::public.%1$I, '
                   '$2::jsonb)) FROM public.%1$I c WHERE c.id = $1', e.table_name)
      INTO same USING e.row_key, e.image;
    IF (e.image IS NULL AND same IS NOT NULL) OR (e.image IS NOT NULL AND same IS NOT TRUE)
    THEN
      SELECT o.author, o.label INTO who FROM public.row_change rc
        JOIN public.operation o ON o.id = rc.operation_id
        WHERE rc.table_name = e.table_name AND rc.row_key = e.row_key AND o.id <> op_id
        ORDER BY o.id DESC LIMIT 1;
      RETURN json_build_object('author', coalesce(who.author, ''),
                               'label', coalesce(who.label, ''));
    END IF;
  END LOOP;
  -- a character it would remove: nothing another user has added to it since
  SELECT o.author, o.label INTO who FROM public.row_change rc
    JOIN public.operation o ON o.id > op_id AND NOT o.undone
     AND o.author <> (SELECT p.author FROM public.operation p WHERE p.id = op_id)
     AND o.characters::jsonb @> jsonb_build_array(rc.row_key)
    WHERE rc.operation_id = op_id AND rc.table_name = 'character'
      AND rc.action = CASE WHEN backwards THEN 'I' ELSE 'D' END
    ORDER BY o.id LIMIT 1;
  IF FOUND THEN
    RETURN json_build_object('author', who.author, 'label', who.label);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.tft_put_back(ch public.row_change, backwards boolean)
  RETURNS void LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH} AS $$
DECLARE
  image jsonb := (CASE WHEN backwards THEN ch.old ELSE ch.new END)::jsonb;
  names text;
BEGIN
  IF image IS NULL THEN
    EXECUTE format('DELETE FROM public.%I WHERE id = $1', ch.table_name) USING ch.row_key;
  ELSIF ch.action = 'U' THEN
    SELECT string_agg(format('%I', k), ', ') INTO names FROM jsonb_object_keys(image) k;
    EXECUTE format('UPDATE public.%1$I SET (%2$s) = (SELECT %2$s FROM '
                   'jsonb_populate_record(NULL::public.%1$I, $1)) WHERE id = $2',
                   ch.table_name, names) USING image, ch.row_key;
  ELSE
    EXECUTE format('INSERT INTO public.%1$I SELECT * FROM '
                   'jsonb_populate_record(NULL::public.%1$I, $1)', ch.table_name)
      USING image;
  END IF;
END $$;

DROP FUNCTION IF EXISTS public.tft_replay(integer, boolean);
CREATE OR REPLACE FUNCTION public.tft_replay(op_id integer, backwards boolean,
                                             for_player text DEFAULT NULL) RETURNS jsonb
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH} {LOCK_TIMEOUT} AS $$
DECLARE
  r public.operation;
  ch public.row_change;
  other jsonb;
  versions jsonb;
  acting text := nullif(for_player, '');
  who text := coalesce(nullif(for_player, ''), session_user::text);
  limited boolean := NOT public.tft_is_gm() OR nullif(for_player, '') IS NOT NULL;
  short record;
BEGIN
  IF acting IS NOT NULL AND NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM acts for a player' USING ERRCODE = '42501';
  END IF;
  SELECT * INTO r FROM public.operation WHERE id = op_id FOR UPDATE;
  IF NOT FOUND OR NOT (r.author = who OR (r.author = '' AND NOT limited))
     OR NOT r.undoable OR r.undone = backwards THEN
    RAISE EXCEPTION 'not an operation this login may replay' USING ERRCODE = '42501';
  END IF;
  other := public.tft_drifted(op_id, backwards);
  IF other IS NOT NULL THEN
    RAISE EXCEPTION 'replay refused' USING ERRCODE = '{REPLAY_REFUSED}',
      DETAIL = other::text;
  END IF;
  SET CONSTRAINTS ALL DEFERRED;
  INSERT INTO tft_private.tx (txid, quiet, limited) VALUES (txid_current(), true, false)
    ON CONFLICT (txid) DO UPDATE SET quiet = true, op = NULL;
  FOR ch IN SELECT * FROM public.row_change WHERE operation_id = op_id
            ORDER BY CASE WHEN backwards THEN -id ELSE id END LOOP
    PERFORM public.tft_put_back(ch, backwards);
  END LOOP;
  DELETE FROM tft_private.tx WHERE txid = txid_current();
  PERFORM public.tft_usage(op_id, CASE WHEN backwards THEN -1 ELSE 1 END, false);
  IF limited THEN  -- a player's redo (or undo) spends nothing the ledgers no longer hold
    SELECT c.name, l.what INTO short FROM (
      SELECT character_id, 'XP' AS what FROM public.xp_entry
        WHERE character_id IN (SELECT jsonb_array_elements_text(r.characters::jsonb)::integer)
        GROUP BY character_id HAVING sum(amount) < 0
      UNION ALL
      SELECT character_id, 'money' FROM public.money_entry
        WHERE character_id IN (SELECT jsonb_array_elements_text(r.characters::jsonb)::integer)
        GROUP BY character_id HAVING sum(amount) < 0) l
      JOIN public.character c ON c.id = l.character_id LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'replay refused' USING ERRCODE = '{REPLAY_REFUSED}',
        DETAIL = json_build_object('author', '', 'label', '',
                                   'short', short.name || ':' || short.what)::text;
    END IF;
  END IF;
  UPDATE public.operation SET undone = backwards, updated_at = now() AT TIME ZONE 'UTC'
    WHERE id = op_id RETURNING * INTO r;
  versions := public.tft_versions(op_id, ARRAY(SELECT jsonb_array_elements_text(
    r.characters::jsonb)::integer), '{{}}', NULL);
  PERFORM public.tft_notify(r, ARRAY(SELECT jsonb_array_elements_text(
    r.characters::jsonb)::integer));
  RETURN versions;
END $$;
"""


def delete_function(tables: list[str]) -> str:
    """``tft_delete``: a player deletes a row of their own characters (no DELETE privilege)."""
    allowed = ", ".join(quote_literal(t) for t in tables) or "NULL"
    return f"""
CREATE OR REPLACE FUNCTION public.tft_delete(tbl text, row_id integer) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER {SAFE_PATH} {LOCK_TIMEOUT} AS $$
DECLARE
  n integer;
BEGIN
  IF NOT (tbl = ANY (ARRAY[{allowed}]::text[])) THEN
    RAISE EXCEPTION 'a player may not delete from %', tbl USING ERRCODE = '42501';
  END IF;
  EXECUTE format('DELETE FROM public.%I WHERE id = $1 AND public.tft_plays(character_id)', tbl)
    USING row_id;
  GET DIAGNOSTICS n = ROW_COUNT;
  IF n = 0 THEN
    RAISE EXCEPTION 'not a row of this login''s characters' USING ERRCODE = '42501';
  END IF;
  RETURN n;
END $$;
"""


# Called by any login of the campaign (each checks who is calling).
ENTRY_POINTS = ("tft_begin(integer, text, text)",
                "tft_finish(integer, text, text, text, text, jsonb)",
                "tft_replay(integer, boolean, text)", "tft_delete(text, integer)",
                "tft_quiet(boolean)", "tft_is_gm()", "tft_plays(integer)",
                "tft_may_spend(integer, text, integer)", "tft_may_pay(integer, text, integer)",
                "tft_reap()", "tft_set_limit(text, bigint)", "tft_report()",
                "tft_end_session(integer)")
# Used only by the functions above (they run as the owner): nobody else calls them.
INTERNAL = ("tft_journal()", "tft_new_id()", "tft_finished()", "tft_recount()",
            "tft_usage(integer, integer, boolean)",
            "tft_player_label(integer, integer[], text)",
            "tft_versions(integer, integer[], integer[], jsonb)",
            "tft_notify(public.operation, integer[])", "tft_drifted(integer, boolean)",
            "tft_put_back(public.row_change, boolean)")


def functions_sql(gm: str, owner: str, player: str, player_deletes: list[str],
                  character_tables: dict[str, str]) -> str:
    """Every function, (re)created; then who may call which."""
    return "\n".join((PRIVATE, limits_tables(), role_functions(gm, owner),
                      spending_function("tft_may_spend", "xp_entry", ("spend",)),
                      spending_function("tft_may_pay", "money_entry", PLAYER_MONEY_KINDS),
                      recount_function(character_tables), USAGE, reap_function(gm, player),
                      JOURNAL, BEGIN_FINISH, REPLAY, delete_function(player_deletes),
                      OPERATOR))
