"""Benchmark: many players on their table servers, over one PostgreSQL server (``make bench``).

Players hold no database login: each acts through the table server of their
campaign (``tftmanager table-server``), which holds the GM's connection and
carries every action through the app's use cases.  Here ``--campaigns``
copies of one set-up campaign share a scratch PostgreSQL running at its
**default durability** (every commit flushed to the disk: the figures are
what a group gets), and each campaign has its own table server, all of them
in ``--workers`` processes.  Each simulated player is a coroutine with an
HTTP connection of its own: it opens its page once (as a phone does, for the
page's token) and makes one action not counted (a warm connection all the
way to the database), then at a table's pace (an action every ``--pause`` seconds
on average, at random) makes one of a player's actions: a notes edit, or
dropping or slinging a weapon.  A refused action stops the run.

Reported for 100 and 1,000 players: actions per second (asked, and begun in
the play's seconds: the last pauses after them are waited for, not counted); p50 and p95 of an
action as the player's page waits for it (the table server's answer, its
refreshed card included); CPU per action of PostgreSQL, of the table
servers and of the simulated players (this process: it shares the
machine); the disk's fsync time beside them (what each commit waits for);
and every action the players saw succeed checked in the databases: its
operation is there once, in the player's name.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import platform
import random
import re
import secrets
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
RESULTS = Path(__file__).parent / "results"
TARGETS_MS = {100: 50.0, 1000: 100.0}  # p95 at a table's pace (docs/server.md)
CSRF = re.compile(r'name="tft-csrf" content="([^"]+)"')
PLAYERS_PER_CAMPAIGN = 10
# A phone keeps its connection between actions (uvicorn's default closes it after 5 s idle).
KEEP_ALIVE_SECONDS = 300


def fsync_ms(folder: Path, tries: int = 50) -> float:
    """The median time to write and flush 8 KB to the server's disk (what a commit waits for)."""
    path = folder / "fsync-probe"
    times = []
    with path.open("wb") as probe:
        for _ in range(tries):
            probe.write(os.urandom(8192))
            began = time.perf_counter()
            probe.flush()
            os.fsync(probe.fileno())
            times.append(time.perf_counter() - began)
    path.unlink()
    return round(1000 * statistics.median(times), 2)


def setup(server: Any, campaigns: int) -> tuple[list[str], list[str]]:
    """One campaign set up through the app (characters, their links), copied ``campaigns`` times.

    Returns the databases and the links' secrets (the same in every copy).
    """
    from tftmanager.app import campaigns as app_campaigns
    from tftmanager.app import characters, player_links
    from tftmanager.app.demo import add_demo_party
    from tftmanager.app.library import initial_library
    from tftmanager.store.server import make_server_engine
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_admin import init_server
    from tftmanager.store.server_schema import install

    template = "load_template"
    url = server.url(template)
    init_server(parse_address(url), name="Load", library=initial_library())
    with app_campaigns.open_existing(path=url) as store:
        add_demo_party(store=store)
        sheets = app_campaigns.party_sheets(store=store)
        armed = next(s.id or 0 for s in sheets if s.character.name == "Ragnar")
        ids = [s.id or 0 for s in sheets]
        while len(ids) < PLAYERS_PER_CAMPAIGN:
            ids.append(characters.duplicate_character(store=store, character_id=armed).id)
        secrets_ = [player_links.invite(store=store, character_id=cid).secret
                    for cid in ids[:PLAYERS_PER_CAMPAIGN]]
    databases = []
    for n in range(campaigns):
        name = f"load{n:03d}"
        server.clone(template, name)
        engine = make_server_engine(parse_address(server.url(name)))
        try:
            with engine.begin() as conn:  # its own GM role, named after the copy
                install(conn, name)
        finally:
            engine.dispose()
        databases.append(name)
    return databases, secrets_


def serve(urls: list[str], ports: Any, ready: Any, stop: Any) -> None:
    """A worker process: one table server per campaign, all in one event loop, until told.

    Each server's socket is bound here, to a port the system picks, and the
    ports are sent back (a port picked earlier could be taken meanwhile).
    """
    import uvicorn

    from tftmanager.app import campaigns
    from tftmanager.collector import serving
    from tftmanager.tableserver.routes import create_app
    from tftmanager.tableserver.security import Bucket

    wide_open = Bucket(burst=1e9, per_second=1e9)  # every simulated player is 127.0.0.1
    stores = [campaigns.open_existing(path=url) for url in urls]
    sockets = []
    for _store in stores:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(1024)
        sockets.append(sock)
    ports.put([int(sock.getsockname()[1]) for sock in sockets])
    servers = [uvicorn.Server(uvicorn.Config(
        create_app(store=store, requests=wide_open, actions_bucket=wide_open,
                   watch_interval=0.5),
        log_level="warning", access_log=False, timeout_keep_alive=KEEP_ALIVE_SECONDS))
        for store in stores]

    serving()  # the collector as ``tftmanager table-server`` sets it before it serves

    def until_told() -> None:
        stop.wait()
        for s in servers:
            s.should_exit = True

    async def main() -> None:
        threading.Thread(target=until_told, daemon=True).start()
        tasks = [asyncio.create_task(s.serve(sockets=[sock]))
                 for s, sock in zip(servers, sockets, strict=True)]
        while not all(s.started for s in servers):
            await asyncio.sleep(0.05)
        ready.set()
        await asyncio.gather(*tasks)

    try:
        asyncio.run(main())
    finally:
        for store in stores:
            store.close()


@dataclass
class Player:
    """One simulated player: their table server, link, and what they saw done."""

    port: int
    database: str
    secret: str
    weapon: str  # the uid of their first weapon ("" for none)
    dropped: bool = False  # where it is: stored, or (at first) carried
    latencies: list[float] = field(default_factory=list)
    # When the play began, and when each counted action began (seconds after it).
    began: float = 0.0
    starts: list[float] = field(default_factory=list)
    done: int = 0
    refused: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        """The player's page (on 127.0.0.1 at ``port``)."""
        return f"/p/{self.secret}"


class Phone:
    """One simulated player's HTTP/1.1 connection, kept open between actions as a phone's is.

    A few lines of the protocol over asyncio's streams rather than an HTTP
    library: the players share the machine with the servers they measure,
    and with httpx they took about 3 ms of CPU per action (0.6 ms so), more
    than a tenth of what was measured.  It sends a request, reads the status
    line and headers, then exactly ``Content-Length`` bytes (the table
    server's pages and answers all carry it).
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"",
                      headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """The answer's status and body (a dropped connection raises ``ConnectionError``)."""
        if self._writer is None:
            self._reader, self._writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self._reader is not None
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self._writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                           f"{extra}Content-Length: {len(body)}\r\n\r\n".encode() + body)
        try:
            async with asyncio.timeout(120):
                head = await self._reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                length = next((int(line.split(":", 1)[1]) for line in lines
                               if line.lower().startswith("content-length:")), None)
                if length is None:
                    raise ConnectionError(f"an answer without its length: {lines[0]}")
                answer = await self._reader.readexactly(length)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError) as exc:
            self.close()
            raise ConnectionError(f"{type(exc).__name__}: {exc}") from exc
        if any(line.lower() == "connection: close" for line in lines):
            self.close()
        return int(lines[0].split()[1]), answer

    def close(self) -> None:
        """Hang up (the next request connects again)."""
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None


async def _act(phone: Phone, player: Player, token: str, fields: dict[str, str]) -> bool:
    """One action; whether it was done (a refusal or a failure is kept, and ends the player)."""
    fields["nonce"] = secrets.token_hex(12)
    try:
        status, body = await phone.request(
            "POST", f"{player.path}/act", json.dumps(fields).encode(),
            {"Content-Type": "application/json", "X-CSRF-Token": token})
    except OSError as exc:  # (ConnectionError too) counted as refused: the run says so and fails
        player.refused.append(f"{type(exc).__name__}: {exc}")
        return False
    if status != 200:
        player.refused.append(body[:200].decode("utf-8", "replace"))
        return False
    player.done += 1
    return True


async def _open(phone: Phone, player: Player, number: int) -> str:
    """The page opened (its token), and one action not counted: a warm connection."""
    status, page = await phone.request("GET", player.path)
    found = CSRF.search(page.decode("utf-8", "replace"))
    assert status == 200 and found is not None, page[:200]
    await _act(phone, player, found.group(1), {"action": "notes", "notes": f"p{number} here"})
    return found.group(1)


async def _play(phone: Phone, player: Player, token: str, seconds: float, pause: float,
                number: int) -> None:
    rng = random.Random(number)
    end = time.monotonic() + seconds
    n = 0
    while True:
        await asyncio.sleep(rng.expovariate(1 / pause))
        if time.monotonic() >= end:
            return
        if n % 3 == 2 and player.weapon:  # a weapon dropped or slung again, else the notes
            player.dropped = not player.dropped
            fields = {"action": "move", "item": player.weapon,
                      "state": "stored" if player.dropped else "carried"}
        else:
            fields = {"action": "notes", "notes": f"p{number} note {n}"}
        began = time.perf_counter()
        if not await _act(phone, player, token, fields):
            return
        player.latencies.append(time.perf_counter() - began)
        player.starts.append(began - player.began)
        n += 1


async def _drive(players: list[Player], seconds: float, pause: float,
                 cpu: Callable[[], tuple[float, float]]
                 ) -> tuple[float, tuple[float, float, float]]:
    """Open every page (one uncounted action each), then play; the CPU spent while playing.

    Returns the play's wall time and the CPU of the ``seconds`` of play (the
    actions begun in them): the table servers', PostgreSQL's and this
    process's (the simulated players', which share the machine).  The last
    pauses after them (up to a minute with a thousand players, with few
    actions and the servers idle) are waited for but not counted.
    """
    phones = [Phone(p.port) for p in players]
    try:
        tokens = []
        for start in range(0, len(players), 50):  # phones arriving, fifty at a time
            tokens += await asyncio.gather(*(_open(phones[n], p, n) for n, p in enumerate(
                players[start:start + 50], start=start)))
        before, mine = cpu(), time.process_time()
        began = time.perf_counter()
        for p in players:
            p.began = began
        plays = asyncio.gather(*(_play(phone, p, t, seconds, pause, n) for n, (phone, p, t)
                                 in enumerate(zip(phones, players, tokens, strict=True))))
        await asyncio.wait([plays], timeout=seconds)
        after, mine = cpu(), time.process_time() - mine
        await plays
        wall = time.perf_counter() - began
    finally:
        for phone in phones:
            phone.close()
    return wall, (after[0] - before[0], after[1] - before[1], mine)


def _cpu(pids: list[int]) -> float:
    """CPU seconds these processes have used (with their ended children)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])
    return total / tick


def _server_pids(server: Any) -> list[int]:
    master = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    found = [master]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError):
                continue
            if parent == master:
                found.append(int(entry.name))
    return found


def _prepare_moves(server: Any, databases: list[str]) -> dict[str, str]:
    """Each copy's first weapon of each character: the uid a 'move' names (the same in all)."""
    import psycopg

    with psycopg.connect(server.url(databases[0])) as conn:
        rows = conn.execute("SELECT l.secret, p.uid FROM player_link l JOIN possession p "
                            "ON p.character_id = l.character_id AND p.kind = 'weapon' "
                            "ORDER BY p.id").fetchall()
    found: dict[str, str] = {}
    for secret, uid in rows:
        found.setdefault(secret, uid)
    return found


def _check(server: Any, players: list[Player], first: dict[str, int]) -> dict[str, int]:
    """Every action a player saw succeed is an operation in a player's name; no other.

    (An action that changed nothing, such as slinging a weapon already slung,
    records no operation: it counts as lost here, so the players' moves
    always change the weapon's state.)
    """
    import psycopg

    lost = extra = 0
    by_db: dict[str, list[Player]] = {}
    for p in players:
        by_db.setdefault(p.database, []).append(p)
    for database, group in by_db.items():
        with psycopg.connect(server.url(database)) as conn:
            made = conn.execute("SELECT count(*) FROM operation WHERE id > %s AND author "
                                "NOT IN ('', current_user)", (first[database],)).fetchone()[0]
        seen = sum(p.done for p in group)
        lost += max(seen - made, 0)
        extra += max(made - seen, 0)
    return {"lost": lost, "extra": extra}


def measure(server: Any, databases: list[str], secrets_: list[str], moves: dict[str, str],
            *, players: int, workers: int, seconds: float, pause: float) -> dict[str, Any]:
    """One run: ``players`` over as many campaigns as they fill, each behind its table server."""
    import psycopg

    used = databases[:max(1, players // PLAYERS_PER_CAMPAIGN)]
    # A worker with no campaign would end while its thread waits on ``stop``, and
    # ``stop.set()`` would then wait for that thread for ever.
    workers = min(workers, len(used))
    ports = [0] * len(used)
    first = {}
    for database in used:
        with psycopg.connect(server.url(database)) as conn:
            first[database] = int(conn.execute(
                "SELECT coalesce(max(id), 0) FROM operation").fetchone()[0])
    context = mp.get_context("spawn")
    stop = context.Event()
    processes, readies, shares = [], [], []
    for w in range(workers):
        ready, told = context.Event(), context.Queue()
        mine = list(range(w, len(used), workers))
        process = context.Process(target=serve, args=(
            [server.url(used[i]) for i in mine], told, ready, stop))
        process.start()
        processes.append(process)
        readies.append(ready)
        shares.append((mine, told))
    try:
        for mine, told in shares:
            for i, port in zip(mine, told.get(timeout=600), strict=True):
                ports[i] = port
        deadline = time.monotonic() + 300
        while not all(r.is_set() for r in readies):
            assert time.monotonic() < deadline, "a table server worker did not start"
            assert all(p.is_alive() for p in processes), "a table server worker failed"
            time.sleep(0.1)
        # (a copy's links and weapons are the template's: the same secrets and uids)
        simulated = [Player(port, database, secret, moves.get(secret, ""))
                     for port, database in zip(ports, used, strict=True)
                     for secret in secrets_[:min(PLAYERS_PER_CAMPAIGN, players)]]
        load = os.getloadavg()[0]
        pids = [p.pid for p in processes if p.pid is not None]
        wall, (table_cpu, pg_cpu, players_cpu) = asyncio.run(_drive(
            simulated, seconds, pause, lambda: (_cpu(pids), _cpu(_server_pids(server)))))
    finally:
        stop.set()
        for process in processes:
            process.join(60)
    latencies = sorted(x for p in simulated for x in p.latencies)
    actions = len(latencies)
    # The actions begun in the play's seconds (the CPU is counted over those).
    in_play = sum(1 for p in simulated for t in p.starts if t < seconds)
    per = 1000 / max(in_play, 1)
    p95 = round(1000 * latencies[int(0.95 * (actions - 1))], 1) if latencies else None
    return {
        "players": len(simulated), "campaigns": len(used), "table_server_processes": workers,
        "pace": f"an action every {pause:g} s", "machine_load_before": round(load, 2),
        "seconds": round(wall, 1), "actions": actions,
        # Asked: one per player per pause; done: those begun in the play's seconds.
        "actions_per_second_asked": round(len(simulated) / pause, 1),
        "actions_per_second": round(in_play / seconds, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
        "p95_ms": p95, "p95_target_ms": TARGETS_MS.get(len(simulated)),
        "postgres_cpu_ms_per_action": round(pg_cpu * per, 2),
        "table_server_cpu_ms_per_action": round(table_cpu * per, 2),
        "load_generator_cpu_ms_per_action": round(players_cpu * per, 2),
        "refused": sum(len(p.refused) for p in simulated),
        "first_refusal": next((p.refused[0] for p in simulated if p.refused), ""),
        **_check(server, simulated, first),
    }


def main(argv: list[str] | None = None) -> int:
    """Start a durable server, set up the campaigns, run each load, check, print and write JSON."""
    import pgserver

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="of actions at a table's pace (enough for a few per player)")
    parser.add_argument("--pause", type=float, default=10.0,
                        help="a table's pace: mean seconds between one player's actions")
    parser.add_argument("--workers", type=int, default=max(1, min(2, os.cpu_count() or 1)),
                        help="table server processes")
    args = parser.parse_args(argv)
    why = pgserver.why_not_available()
    if why:
        print(f"Skipped: {why}")
        return 0
    campaigns = max(1, max(args.players) // PLAYERS_PER_CAMPAIGN)
    connections = campaigns * 20 + 50
    folder = Path(tempfile.mkdtemp(prefix="tftm-load-"))
    server = pgserver.start(folder, max_connections=connections, durable=True)
    runs: list[dict[str, Any]] = []
    try:
        disk = fsync_ms(folder)
        settings = {name: server.psql("postgres", f"SHOW {name}").stdout.strip()
                    for name in ("fsync", "synchronous_commit", "full_page_writes")}
        print(json.dumps({"postgres": settings, "disk_fsync_ms": disk}))
        databases, secrets_ = setup(server, campaigns)
        moves = _prepare_moves(server, databases)
        for players in args.players:
            result = measure(server, databases, secrets_, moves, players=players,
                             workers=args.workers, seconds=args.seconds, pause=args.pause)
            result["disk_fsync_ms"] = disk
            print(json.dumps(result))
            runs.append(result)
    finally:
        server.stop()
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"server-load-{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps({"machine": platform.platform(), "cpus": os.cpu_count(),
                               "postgres": settings, "disk_fsync_ms": disk, "runs": runs},
                              indent=1), encoding="utf-8")
    print(f"Wrote {out}")
    missed = [r for r in runs if r["p95_target_ms"] is not None
              and (r["p95_ms"] is None or r["p95_ms"] >= r["p95_target_ms"])]
    failed = [r for r in runs if r["refused"] or r["lost"] or r["extra"]]
    for r in missed:
        print(f"Missed: p95 {r['p95_ms']} ms for {r['players']} players "
              f"(target < {r['p95_target_ms']:g} ms)")
    return 1 if missed or failed else 0


if __name__ == "__main__":
    sys.exit(main())
