"""Benchmark: many groups on one server, measured at the server (``make bench``).

A light load generator rather than app processes: each simulated player is
a coroutine sending, over psycopg's async connections, exactly the SQL the
app sends for an edit (recorded from a real client in the server's statement
log, ``tests/server/test_server_cost.py``): an XP award by the campaign's GM,
or a notes edit by a player of their own character.  100 campaigns (copies
of one set-up database) share one scratch PostgreSQL; each has one GM and
``players // campaigns - 1`` players, each with a connection of their own.

Two paces: a table's (each player edits about every ``--pause`` seconds,
at random) and full speed (back to back).  Every connection first makes one
edit that is not counted, as an open window has read the campaign before
its user edits: a fresh server process reads its catalogs and compiles the
server functions once, which is a session's cost, not an edit's.  A refused
edit (another user changed the character since this client looked) looks
again and is retried; its latency runs from the first try to the success.
Reported: edits per second; server CPU per edit, twice: the edits' own
server processes (their CPU time from /proc) and all of the server's
(background work such as autovacuum visiting 100 databases included); the
generator's own CPU; round trips per edit; p50/p95 with retries; and lost or
doubled edits, checked in every campaign's database at the end (every
operation a client saw committed is there once, and no other).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
RESULTS = Path(__file__).parent / "results"
CONFLICT = "TF409"

# The statements of one edit, as the app sends them (BEGIN and COMMIT besides).
BEGIN = ("SELECT campaign.id, campaign.week, campaign.rules_profile, "
         "tft_begin(%s, %s) FROM campaign WHERE campaign.id = %s")
NAMES = "SELECT character.id, character.name FROM character WHERE character.id = ANY(%s)"
AWARD = ("INSERT INTO xp_entry (character_id, amount, kind, reason, week, played_on, attribute, "
         "batch, created_at) VALUES (%s, %s, 'award', %s, %s, '', '', %s, now()) RETURNING id")
CHARACTER = "SELECT * FROM character WHERE character.id = %s"
CHILDREN = ("SELECT 0 AS k, id, position FROM character_talent WHERE character_id = %s "
            "UNION ALL SELECT 1, id, position FROM character_spell WHERE character_id = %s "
            "UNION ALL SELECT 2, id, position FROM possession WHERE character_id = %s "
            "ORDER BY 1, 3")
NOTES = "UPDATE character SET notes = %s, updated_at = now() WHERE character.id = %s"
FINISH = "SELECT tft_finish(%s, %s, '', '{}', %s::jsonb)"
LOOK = "SELECT character_id, version FROM character_version"
ROUND_TRIPS = {"award": 6, "notes": 7}  # BEGIN, the statements above, COMMIT


@dataclass
class Player:
    """One simulated user: their campaign, login, character, and what they did."""

    database: str
    login: str
    gm: bool
    character: int
    party: list[int]
    seen: dict[str, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    retries: int = 0
    done: list[str] = field(default_factory=list)
    operations: list[int] = field(default_factory=list)  # the ids of the edits committed


async def _edit(conn: Any, player: Player, token: str, rng: random.Random, *,
                counted: bool = True) -> None:
    """One edit, as the app makes it; a stale look is retried after looking again."""
    began = time.perf_counter()
    while True:
        try:
            async with conn.transaction():
                kind = "experience" if player.gm else "character"
                row = await (await conn.execute(BEGIN, (1, kind, 1))).fetchone()
                op = row[3]
                if player.gm:
                    target = rng.choice(player.party)
                    await conn.execute(NAMES, ([target],))
                    await conn.execute(AWARD, (target, 1, token, row[1], token))
                else:
                    target = player.character
                    await conn.execute(CHARACTER, (target,))
                    await conn.execute(CHILDREN, (target, target, target))
                    await conn.execute(NOTES, (token, target))
                raised = await (await conn.execute(FINISH, (op, token, json.dumps(
                    player.seen)))).fetchone()
            player.seen.update({k: int(v) for k, v in (raised[0] or {}).items()})
            player.operations.append(op)
            break
        except Exception as exc:  # a conflict is retried; anything else stops the run
            if getattr(exc, "sqlstate", "") != CONFLICT:
                raise
            player.retries += 1
            rows = await (await conn.execute(LOOK)).fetchall()
            player.seen = {str(c): int(v) for c, v in rows}
    if counted:
        player.latencies.append(time.perf_counter() - began)
        player.done.append(token)


async def _connect(url: str, player: Player) -> Any:
    import psycopg

    conn = await psycopg.AsyncConnection.connect(url.replace("//tft@", f"//{player.login}@"),
                                                 autocommit=True)  # BEGIN, COMMIT our own
    rows = await (await conn.execute(LOOK)).fetchall()
    player.seen = {str(c): int(v) for c, v in rows}
    await _edit(conn, player, "warm-up", random.Random(0), counted=False)
    return conn


async def _run_player(conn: Any, player: Player, seconds: float, pause: float,
                      number: int, tag: str) -> None:
    rng = random.Random(number)  # each player its own seed
    end = time.monotonic() + seconds
    n = 0
    while time.monotonic() < end:
        if pause:
            await asyncio.sleep(min(rng.expovariate(1 / pause), end - time.monotonic()))
            if time.monotonic() >= end:
                break
        await _edit(conn, player, f"{tag}p{number}e{n}", rng)
        n += 1


def _process_cpu(pids: list[int]) -> float:
    """CPU seconds these (server) processes have used."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / tick


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _server_cpu(server: Any) -> float:
    """CPU seconds the scratch server's processes have used (its ended backends too)."""
    tick = os.sysconf("SC_CLK_TCK")
    master = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry.name), int(fields[1])
        if pid == master:  # with what its ended children used (cutime, cstime)
            total += sum(int(f) for f in fields[11:15]) / tick
        elif parent == master:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def setup(server: Any, campaigns: int, per_campaign: int) -> tuple[list[str], list[int]]:
    """One campaign set up through the app (players added), copied ``campaigns`` times."""
    from tftmanager.app import campaigns as app_campaigns
    from tftmanager.app import characters, server_campaigns
    from tftmanager.app.demo import add_demo_party
    from tftmanager.app.library import initial_library
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_admin import init_server

    template = "load_template"
    url = server.url(template)
    init_server(parse_address(url), name="Load", library=initial_library())
    with app_campaigns.open_existing(path=url) as store:
        add_demo_party(store=store)
        ids = [s.id or 0 for s in app_campaigns.party_sheets(store=store)]
        while len(ids) < per_campaign:
            ids.append(characters.duplicate_character(store=store, character_id=ids[0]).id)
        names = {s.id: s.character.name for s in app_campaigns.party_sheets(store=store)}
    for k in range(1, per_campaign):
        server_campaigns.add_member(url=url, login=f"p{k}", characters=[names[ids[k]]])
        # One login plays in every copy here: its limit is per login, not per campaign.
        server.psql("postgres", f"ALTER ROLE p{k} CONNECTION LIMIT -1")
    databases = []
    for n in range(campaigns):
        name = f"load{n:03d}"
        server.clone(template, name)
        databases.append(name)
    return databases, ids


@dataclass
class Spent:
    """A run's cost in seconds: wall time; CPU of the server, of its edits, of the generator."""

    wall: float
    server: float
    edits: float
    generator: float


async def _drive(server: Any, databases: list[str], ids: list[int], per_campaign: int,
                 seconds: float, pause: float, tag: str) -> tuple[list[Player], Spent]:
    """Connect everyone, then edit; the CPU and the time count the edits only."""
    players = [Player(db, "tft" if k == 0 else f"p{k}", k == 0, ids[k], ids)
               for db in databases for k in range(per_campaign)]
    connections = [await _connect(server.url(p.database), p) for p in players]
    pids = [c.info.backend_pid for c in connections]
    server_cpu, edits_cpu, own = _server_cpu(server), _process_cpu(pids), _own_cpu()
    began = time.perf_counter()
    await asyncio.gather(*(_run_player(c, p, seconds, pause, n, tag)
                           for n, (c, p) in enumerate(zip(connections, players, strict=True))))
    spent = Spent(time.perf_counter() - began, _server_cpu(server) - server_cpu,
                  _process_cpu(pids) - edits_cpu, _own_cpu() - own)
    for conn in connections:
        await conn.close()
    return players, spent


def _check(server: Any, players: list[Player], tag: str, first: dict[str, int]
           ) -> dict[str, int]:
    """Every edit a player saw succeed is in its campaign exactly once; nothing else is.

    An edit is its operation (the id the client saw committed, by its login)
    and, for an award, its ledger line (the reason is the edit's token).
    """
    import psycopg

    lost = doubled = 0
    by_db: dict[str, list[Player]] = {}
    for p in players:
        by_db.setdefault(p.database, []).append(p)
    for database, group in by_db.items():
        with psycopg.connect(server.url(database)) as conn:
            made = dict(conn.execute("SELECT id, author FROM operation WHERE id > %s",
                                     (first[database],)).fetchall())
            reasons = [r[0] for r in conn.execute(
                "SELECT reason FROM xp_entry WHERE reason LIKE %s", (f"{tag}p%",))]
        for p in group:
            for op in p.operations:
                lost += made.pop(op, None) != p.login
            if p.gm:
                lost += len(set(p.done) - set(reasons))
        doubled += len(made) + len(reasons) - len(set(reasons))  # no client saw these
    return {"lost": lost, "doubled": doubled}


def _last_operations(server: Any, databases: list[str]) -> dict[str, int]:
    """Each campaign's newest operation before a run (the run's are after it)."""
    import psycopg

    found = {}
    for database in databases:
        with psycopg.connect(server.url(database)) as conn:
            found[database] = int(conn.execute(
                "SELECT coalesce(max(id), 0) FROM operation").fetchone()[0])
    return found


def measure(server: Any, databases: list[str], ids: list[int], *, players: int,
            seconds: float, pause: float) -> dict[str, Any]:
    """One run: the figures of ``players`` over the campaigns at one pace."""
    per_campaign = max(1, players // len(databases))
    tag = f"r{time.monotonic_ns() % 1_000_000}"  # this run's edits, told from earlier runs'
    first = _last_operations(server, databases)
    load = os.getloadavg()[0]  # the machine's other work, which the edits queue behind
    simulated, spent = asyncio.run(_drive(server, databases, ids, per_campaign, seconds,
                                          pause, tag))
    latencies = sorted(x for p in simulated for x in p.latencies)
    edits = len(latencies)
    trips = sum(ROUND_TRIPS["award" if p.gm else "notes"] * len(p.done) for p in simulated)
    per_edit = 1000 / max(edits, 1)
    return {
        "players": len(simulated), "campaigns": len(databases),
        "pace": f"every {pause:g} s" if pause else "full speed",
        "machine_load_before": round(load, 2),
        "seconds": round(spent.wall, 1),
        "edits": edits, "edits_per_second": round(edits / spent.wall, 1),
        "edit_backends_cpu_ms_per_edit": round(spent.edits * per_edit, 2),
        "server_cpu_ms_per_edit": round(spent.server * per_edit, 2),
        "generator_cpu_ms_per_edit": round(spent.generator * per_edit, 2),
        "round_trips_per_edit": round(trips / max(edits, 1), 2),
        "retries": sum(p.retries for p in simulated),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(1000 * latencies[int(0.95 * (edits - 1))], 1) if latencies else None,
        **_check(server, simulated, tag, first),
    }


HISTORY = ("INSERT INTO operation (campaign_id, kind, label, week, characters, merge_key, "
           "meta, undone, undoable, created_at, updated_at, author) SELECT 1, 'character', "
           "'old edit ' || g, 1, '[1]', '', '{}', false, g > %s - 100, now(), now(), 'p1' "
           "FROM generate_series(1, %s) g")


async def _notes_times(server: Any, database: str, ids: list[int], edits: int) -> float:
    """The median time of a player's notes edit, in one campaign with nobody else."""
    player = Player(database, "p1", False, ids[1], ids)
    conn = await _connect(server.url(database), player)
    rng = random.Random(0)
    for n in range(edits):
        await _edit(conn, player, f"h{n}", rng)
    await conn.close()
    return statistics.median(player.latencies)


def history_cost(server: Any, database: str, ids: list[int], operations: int) -> dict[str, Any]:
    """A notes edit on an empty history and on one of ``operations`` operations."""
    import psycopg

    empty = asyncio.run(_notes_times(server, database, ids, 30))
    with psycopg.connect(server.url(database), autocommit=True) as conn, conn.transaction():
        conn.execute("INSERT INTO tft_private.tx (txid, quiet, limited) "
                     "VALUES (txid_current(), true, false)")
        conn.execute(HISTORY, (operations, operations))
        conn.execute("INSERT INTO row_change (operation_id, table_name, action, row_key, old, "
                     "new) SELECT id, 'character', 'U', 1, '{}', '{}' FROM operation "
                     "WHERE label LIKE 'old edit %%'")
        conn.execute("DELETE FROM tft_private.tx WHERE txid = txid_current()")
    with psycopg.connect(server.url(database), autocommit=True) as conn:
        conn.execute("ANALYZE")  # as autovacuum would, soon after
    long = asyncio.run(_notes_times(server, database, ids, 30))
    return {"operations": operations, "edit_ms_empty_history": round(1000 * empty, 1),
            "edit_ms_long_history": round(1000 * long, 1)}


def main(argv: list[str] | None = None) -> int:
    """Start a server, set up the campaigns, run each load, check, print and write JSON."""
    import pgserver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--campaigns", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--seconds", type=float, default=12.0, help="of edits at full speed")
    parser.add_argument("--table-seconds", type=float, default=60.0,
                        help="of edits at a table's pace (enough for a few per player)")
    parser.add_argument("--pause", type=float, default=10.0,
                        help="a table's pace: mean seconds between one player's edits")
    args = parser.parse_args(argv)
    why = pgserver.why_not_available()
    if why:
        print(f"Skipped: {why}")
        return 0
    connections = max(args.players) + 20
    server = pgserver.start(Path(tempfile.mkdtemp(prefix="tftm-load-")),
                            max_connections=connections)
    try:
        per_campaign = max(1, max(args.players) // args.campaigns)
        databases, ids = setup(server, args.campaigns, per_campaign)
        server.clone("load_template", "history")
        history = history_cost(server, "history", ids, 10_000)
        print(json.dumps(history))
        runs: list[dict[str, Any]] = []
        for players in args.players:
            for pause in (args.pause, 0.0):
                result = measure(server, databases, ids, players=players, pause=pause,
                                 seconds=args.table_seconds if pause else args.seconds)
                print(json.dumps(result))
                runs.append(result)
    finally:
        server.stop()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"server-load-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps({"machine": platform.platform(), "cpus": os.cpu_count(),
                               "history": history, "runs": runs}, indent=1), encoding="utf-8")
    print(f"Wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
