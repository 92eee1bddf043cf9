"""What a player may add to a server campaign, and how long a session may hold it up.

The limits are data: rows of ``tft_private.limits`` in the campaign's
database, set to ``LIMITS`` when the campaign is set up (a later install
keeps what the GM changed, with ``tft_set_limit``).  The server functions
read them, so a player's own connection meets the same limits as the app:

- one change writes at most ``operation_rows`` rows of at most
  ``row_bytes`` each (the row's JSON image, as the journal keeps it);
- a character's rows (ledger lines, possessions, talents, its notes...) are
  counted in ``tft_private.usage`` at each change: a player's change that
  would take a character past ``character_rows`` rows or
  ``character_bytes`` bytes is refused (the GM's never is);
- a player's login records at most ``player_operations_per_day`` changes a
  day (the history lines it may add);
- the timeouts a session starts with are only defaults a login may change
  (PostgreSQL lets any login set them), so ``tft_reap``, which any member of
  the campaign may call (the app does when a lock wait runs out), ends a
  player's session whose transaction has sat idle ``idle_seconds`` or been
  open ``transaction_seconds``.
"""

from __future__ import annotations

from tftmanager.rules.money import SPENDING
from tftmanager.store.sql_text import quote_literal

# Every session of the campaign's database starts with these: no one waits on a lock,
# runs a statement or sits in an open transaction longer (the server functions keep
# their own lock timeout; tft_reap ends a player's session that set its own longer).
TIMEOUTS = {"lock_timeout": "5s", "statement_timeout": "120s",
            "idle_in_transaction_session_timeout": "60s"}
LOCK_TIMEOUT = f"SET lock_timeout = '{TIMEOUTS['lock_timeout']}'"

# name: (default, what it limits)
LIMITS: dict[str, tuple[int, str]] = {
    "operation_rows": (2000, "rows one change of a player's may write"),
    "row_bytes": (200_000, "bytes one row a player writes may hold (notes, say)"),
    "character_rows": (10_000, "rows of a character's (ledger lines, possessions, talents...) "
                               "past which a player may add no more"),
    "character_bytes": (5_000_000, "bytes of a character's rows past which a player's "
                                   "change may not grow them"),
    "player_operations_per_day": (2000, "changes one player's login may record in a day"),
    "idle_seconds": (60, "a player's transaction idle this long is ended by tft_reap"),
    "transaction_seconds": (180, "a player's transaction open this long is ended by tft_reap"),
}
# The money a player's login may record: spending, within the balance (gains are the GM's).
PLAYER_MONEY_KINDS = tuple(sorted(k.value for k in SPENDING))



def limits_tables() -> str:
    """The limits, the usage counts and the daily counts (only the owner's functions write)."""
    rows = ",\n  ".join(f"({quote_literal(name)}, {value}, {quote_literal(about)})"
                        for name, (value, about) in LIMITS.items())
    return f"""
CREATE TABLE IF NOT EXISTS tft_private.limits (
  name text PRIMARY KEY, value bigint NOT NULL, about text NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS tft_private.usage (
  character_id integer PRIMARY KEY, rows bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS tft_private.daily (
  login text PRIMARY KEY, day date NOT NULL, operations integer NOT NULL DEFAULT 0);
REVOKE ALL ON tft_private.limits, tft_private.usage, tft_private.daily FROM PUBLIC;
ALTER TABLE tft_private.tx ADD COLUMN IF NOT EXISTS max_rows integer NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS max_row_bytes integer NOT NULL DEFAULT 0;
INSERT INTO tft_private.limits (name, value, about) VALUES
  {rows}
ON CONFLICT (name) DO UPDATE SET about = EXCLUDED.about;
"""


def spending_function(name: str, ledger: str, kinds: tuple[str, ...]) -> str:
    """A player's ledger line is spending of their own character's, within the balance.

    Called by the ledger's row security policy: ``tft_may_spend`` for XP,
    ``tft_may_pay`` for money (gains of either are the GM's).
    """
    allowed = ", ".join(quote_literal(k) for k in kinds)
    return f"""
CREATE OR REPLACE FUNCTION public.{name}(cid integer, entry_kind text, amount integer)
  RETURNS boolean LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT (entry_kind = ANY (ARRAY[{allowed}]::text[])) OR amount >= 0
     OR NOT public.tft_plays(cid) THEN
    RETURN false;
  END IF;
  -- one spending at a time per character: the next one sees this one's entry
  PERFORM 1 FROM public.character WHERE id = cid FOR NO KEY UPDATE;
  RETURN (SELECT coalesce(sum(e.amount), 0) FROM public.{ledger} e
          WHERE e.character_id = cid) + amount >= 0;
END $$;
"""


USAGE = """
CREATE OR REPLACE FUNCTION public.tft_usage(op_id integer, sign integer, limited boolean,
                                            OUT touched integer[], OUT created integer[])
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  lim record;
  over_rows integer;
  over_bytes integer;
BEGIN
  SELECT max(value) FILTER (WHERE name = 'character_rows') AS r,
         max(value) FILTER (WHERE name = 'character_bytes') AS b INTO lim
    FROM tft_private.limits WHERE name IN ('character_rows', 'character_bytes');
  -- what the operation did to each character: rows added (or removed), bytes grown
  WITH d AS (
    SELECT c, sum(n) AS n, sum(b) AS b, bool_or(made) AS made FROM (
      SELECT CASE WHEN table_name = 'character' THEN row_key
             ELSE (coalesce(new, old)::jsonb ->> 'character_id')::integer END AS c,
             CASE action WHEN 'I' THEN 1 WHEN 'D' THEN -1 ELSE 0 END AS n,
             coalesce(octet_length(new), 0) - coalesce(octet_length(old), 0) AS b,
             table_name = 'character' AND action = 'I' AS made
      FROM public.row_change WHERE operation_id = op_id) s
    WHERE c IS NOT NULL GROUP BY c),
  up AS (
    INSERT INTO tft_private.usage AS u (character_id, rows, bytes)
    SELECT c, sign * n, sign * b FROM d ORDER BY c  -- locked in one order: no deadlock
    ON CONFLICT (character_id) DO UPDATE SET rows = u.rows + EXCLUDED.rows,
                                             bytes = u.bytes + EXCLUDED.bytes
    RETURNING u.character_id, u.rows, u.bytes)
  SELECT coalesce(array_agg(d.c ORDER BY d.c), '{}'),
         coalesce(array_agg(d.c) FILTER (WHERE d.made), '{}'),
         min(d.c) FILTER (WHERE d.n * sign > 0 AND up.rows > lim.r),
         min(d.c) FILTER (WHERE d.b * sign > 0 AND up.bytes > lim.b)
    INTO touched, created, over_rows, over_bytes
    FROM d JOIN up ON up.character_id = d.c;
  IF limited AND coalesce(over_rows, over_bytes) IS NOT NULL THEN
    RAISE EXCEPTION 'character over the limit' USING ERRCODE = '54000',
      DETAIL = CASE WHEN over_rows IS NOT NULL
                    THEN 'character_rows:' || lim.r || ':' ELSE 'character_bytes:' || lim.b || ':'
               END || (SELECT name FROM public.character
                       WHERE id = coalesce(over_rows, over_bytes));
  END IF;
END $$;

CREATE OR REPLACE FUNCTION public.tft_player_label(op_id integer, touched integer[],
                                                   op_kind text) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  who text;
  parts text[] := '{}';
  e record;
  word text;
BEGIN  -- a player's history line says what changed, in the server's words alone
  SELECT string_agg(name, ', ' ORDER BY id) INTO who FROM (
    SELECT id, name FROM public.character WHERE id = ANY(touched) ORDER BY id LIMIT 3) c;
  IF cardinality(touched) > 3 THEN
    who := who || format(' and %s more', cardinality(touched) - 3);
  END IF;
  FOR e IN SELECT DISTINCT ON (n.key) n.key, o.value AS was, n.value AS now
           FROM public.row_change rc, jsonb_each(rc.new::jsonb) n
           JOIN jsonb_each(rc.old::jsonb) o ON o.key = n.key
           WHERE rc.operation_id = op_id AND rc.table_name = 'character' AND rc.action = 'U'
             AND n.value <> o.value AND n.key NOT IN ('updated_at', 'created_at')
           ORDER BY n.key, rc.id DESC LOOP
    word := CASE WHEN e.key IN ('st', 'dx', 'iq') THEN upper(e.key)
                 ELSE replace(e.key, '_', ' ') END;
    parts := parts || CASE WHEN jsonb_typeof(e.now) = 'number' AND jsonb_typeof(e.was) = 'number'
                           THEN format('%s %s → %s', word, e.was, e.now) ELSE word END;
  END LOOP;
  FOR e IN SELECT table_name, action, count(*) AS n,
                  sum((new::jsonb ->> 'amount')::bigint) AS amount
           FROM public.row_change WHERE operation_id = op_id AND table_name <> 'character'
           GROUP BY table_name, action ORDER BY table_name, action LOOP
    word := replace(replace(e.table_name, 'character_', ''), '_', ' ');
    parts := parts || CASE
      WHEN e.table_name = 'xp_entry' AND e.action = 'I' AND e.amount < 0
        THEN format('spent %s XP', to_char(-e.amount, 'FM999,999,999,990'))
      WHEN e.table_name = 'money_entry' AND e.action = 'I' AND e.amount < 0
        THEN format('spent $%s', to_char(-e.amount, 'FM999,999,999,990'))
      WHEN e.action = 'I' THEN format('+%s %s', e.n, word)
      WHEN e.action = 'D' THEN format('-%s %s', e.n, word)
      ELSE format('%s %s changed', e.n, word) END;
  END LOOP;
  RETURN left(coalesce(who, '') || ': ' ||
              coalesce(nullif(array_to_string(parts, ', '), ''), op_kind), 300);
END $$;

CREATE OR REPLACE FUNCTION public.tft_set_limit(limit_name text, limit_value bigint)
  RETURNS void LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM sets the limits' USING ERRCODE = '42501';
  END IF;
  IF limit_value < 0 OR limit_value > 2147483647 THEN  -- the players' checks hold integers
    RAISE EXCEPTION 'limit % must be 0 to 2147483647', limit_name USING ERRCODE = '22023';
  END IF;
  UPDATE tft_private.limits SET value = limit_value WHERE name = limit_name;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no limit %', limit_name USING ERRCODE = '22023';
  END IF;
END $$;
"""


def reap_function(gm: str, player: str) -> str:
    """``tft_reap``: end players' sessions that hold a transaction past the limits."""
    return f"""
CREATE OR REPLACE FUNCTION public.tft_reap() RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
  idle interval := make_interval(secs => (SELECT value FROM tft_private.limits
                                          WHERE name = 'idle_seconds'));
  open interval := make_interval(secs => (SELECT value FROM tft_private.limits
                                          WHERE name = 'transaction_seconds'));
  a record;
  n integer := 0;
BEGIN
  FOR a IN SELECT s.pid FROM pg_stat_activity s
           WHERE s.datname = current_database() AND s.pid <> pg_backend_pid()
             AND pg_has_role(s.usename, {quote_literal(player)}, 'MEMBER')
             AND NOT pg_has_role(s.usename, {quote_literal(gm)}, 'MEMBER')
             AND s.usename <> current_user  -- the owner is granted each login: never it
             AND ((s.state LIKE 'idle in transaction%'
                   AND s.state_change < clock_timestamp() - idle)
                  OR s.xact_start < clock_timestamp() - open) LOOP
    BEGIN
      IF pg_terminate_backend(a.pid) THEN
        n := n + 1;
      END IF;
    EXCEPTION WHEN insufficient_privilege THEN
      NULL;  -- a login the owner may not end (set up by someone else): the timeouts stand
    END;
  END LOOP;
  RETURN n;
END $$;
"""


def recount_function(character_tables: dict[str, str]) -> str:
    """``tft_recount``: every character's rows and bytes counted afresh (install, push)."""
    parts = "\n    UNION ALL ".join(
        f"SELECT t.{key} AS c, octet_length(to_jsonb(t)::text) AS b FROM public.{table} t"
        for table, key in sorted(character_tables.items()))
    return f"""
CREATE OR REPLACE FUNCTION public.tft_recount() RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  DELETE FROM tft_private.usage;
  INSERT INTO tft_private.usage (character_id, rows, bytes)
  SELECT c, count(*), sum(b) FROM (
    {parts}) s WHERE c IS NOT NULL GROUP BY c;
END $$;
"""


# What the operator tools read and do (``server_operator``): the GM's and co-GMs' alone.
OPERATOR = """
CREATE OR REPLACE FUNCTION public.tft_report() RETURNS jsonb
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  IF NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM reads the limits and counts' USING ERRCODE = '42501';
  END IF;
  RETURN jsonb_build_object(
    'limits', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', name, 'value', value,
                                                            'about', about) ORDER BY name), '[]')
               FROM tft_private.limits),
    'usage', (SELECT coalesce(jsonb_agg(jsonb_build_object(
                'character', coalesce(c.name, '#' || u.character_id), 'rows', u.rows,
                'bytes', u.bytes) ORDER BY u.bytes DESC), '[]')
              FROM tft_private.usage u LEFT JOIN public.character c ON c.id = u.character_id),
    'today', (SELECT coalesce(jsonb_agg(jsonb_build_object('player', login,
                                                           'operations', operations)
                                        ORDER BY operations DESC), '[]')
              FROM tft_private.daily WHERE day = (now() AT TIME ZONE 'UTC')::date),
    'database_bytes', pg_database_size(current_database()));
END $$;

CREATE OR REPLACE FUNCTION public.tft_end_session(session_pid integer) RETURNS boolean
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN  -- a session of this campaign's database only, never the caller's own
  IF NOT public.tft_is_gm() THEN
    RAISE EXCEPTION 'only the GM ends sessions' USING ERRCODE = '42501';
  END IF;
  IF session_pid = pg_backend_pid() OR NOT EXISTS (
       SELECT 1 FROM pg_stat_activity WHERE pid = session_pid
       AND datname = current_database()) THEN
    RETURN false;
  END IF;
  RETURN pg_terminate_backend(session_pid);
EXCEPTION WHEN insufficient_privilege THEN
  RETURN false;  -- a session of a login the campaign's owner may not end
END $$;
"""
