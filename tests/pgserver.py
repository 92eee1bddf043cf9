"""A throwaway PostgreSQL server for the tests and benchmarks of server campaigns.

Started from the distribution's binaries (``initdb``, ``pg_ctl``) in a scratch
folder, listening on 127.0.0.1 and a socket in that folder, with ``fsync``
off (nothing in it outlives the run) unless asked to keep PostgreSQL's own
durability (the load bench: its figures are what a real server gives).
``initdb`` refuses to run as root, so as root the server runs as the
``postgres`` user, which owns the folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import uuid
from dataclasses import dataclass, field
from pathlib import Path

SUPERUSER = "tft"


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(candidates[-1]) if candidates else None


def why_not_available() -> str | None:
    """Why a scratch server cannot be started here, or None when it can."""
    if _binary("initdb") is None or _binary("pg_ctl") is None:
        return ("PostgreSQL's server programs (initdb, pg_ctl) are not installed; "
                "`make test` installs the postgresql package where it may")
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server as"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the PostgreSQL driver psycopg is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ScratchServer:
    """A running scratch server: where it is and how to reach it."""

    folder: Path
    port: int
    # Databases set up once to be copied by ``clone`` (a campaign per test, quickly).
    templates: set[str] = field(default_factory=set)

    def url(self, database: str, user: str = SUPERUSER) -> str:
        """A server campaign URL for one of its databases."""
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def new_database_name(self) -> str:
        """A database name no other test uses."""
        return f"t{uuid.uuid4().hex[:12]}"

    def psql(self, database: str, sql: str, *,
             user: str = SUPERUSER) -> subprocess.CompletedProcess[str]:
        """Run SQL with psql as ``user`` (a player's direct access, for instance)."""
        psql = _binary("psql") or "psql"
        return subprocess.run(
            [psql, "-h", "127.0.0.1", "-p", str(self.port), "-U", user, "-d", database,
             "-v", "ON_ERROR_STOP=1", "-X", "-q", "-t", "-A", "-c", sql],
            capture_output=True, text=True, check=False, timeout=60)

    def clone(self, template: str, name: str) -> None:
        """A new database copied from a template database (nobody may be connected to it).

        A copy of a template holds its sequences as last written to disk, which
        after a crash (no ``fsync``) can lag behind its rows: each sequence is
        set past its table's highest id, so the copy's next insert never
        collides ("duplicate key").
        """
        done = self.psql("postgres", f'CREATE DATABASE "{name}" TEMPLATE "{template}" '
                         "STRATEGY WAL_LOG")
        if done.returncode != 0:
            raise RuntimeError(done.stderr)
        done = self.psql(name, RESET_SEQUENCES)
        if done.returncode != 0:
            raise RuntimeError(done.stderr)

    def stop(self) -> None:
        """Stop the server at once (nothing in it is kept)."""
        _run_as_server_user([_binary("pg_ctl") or "pg_ctl", "-D", str(self.folder / "data"),
                             "-m", "immediate", "stop"], self.folder, check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


# Every id sequence of the public schema set past its table's highest id.
RESET_SEQUENCES = """DO $$ DECLARE t record; top bigint; BEGIN
  FOR t IN SELECT c.relname AS tbl, pg_get_serial_sequence(quote_ident(c.relname), 'id') AS seq
           FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'id'
           WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace LOOP
    CONTINUE WHEN t.seq IS NULL;
    EXECUTE format('SELECT max(id) FROM public.%I', t.tbl) INTO top;
    PERFORM setval(t.seq, greatest(coalesce(top, 0), 1), top IS NOT NULL);
  END LOOP; END $$"""


def _run_as_server_user(argv: list[str], folder: Path, *, check: bool = True) -> None:
    if os.geteuid() == 0:
        command = " ".join(f"'{a}'" for a in argv)
        argv = ["su", "postgres", "-s", "/bin/sh", "-c", command]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120,
                          cwd=folder)
    if check and done.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed: {done.stdout}\n{done.stderr}")


def start(folder: Path, *, max_connections: int = 120, settings: str = "",
          durable: bool = False) -> ScratchServer:
    """initdb and start a server in ``folder`` (which must be empty or absent).

    ``settings``: more ``-c name=value`` options (a benchmark's statistics, say).
    ``durable``: PostgreSQL's default durability (every commit flushed to the
    disk) instead of the tests' quick ``fsync=off``.
    """
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        folder.chmod(0o700)
    port = _free_port()
    data = folder / "data"
    _run_as_server_user([_binary("initdb") or "initdb", "-D", str(data), "-A", "trust",
                         "-U", SUPERUSER, "--no-sync"], folder)
    quick = "" if durable else ("-c fsync=off -c synchronous_commit=off "
                                "-c full_page_writes=off ")
    options = (f"-p {port} -c listen_addresses=127.0.0.1 -k {folder} {quick}"
               f"-c max_connections={max_connections} {settings}")
    _run_as_server_user([_binary("pg_ctl") or "pg_ctl", "-D", str(data), "-o", options,
                         "-l", str(folder / "server.log"), "-w", "start"], folder)
    return ScratchServer(folder, port)
