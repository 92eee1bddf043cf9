"""Benchmark: a group editing one server campaign at once (``make bench``).

Starts a scratch PostgreSQL (``tests/pgserver.py``), sets up a campaign with
``server init``, fills it with 20 characters, and starts 20 client
*processes*, each with a character of its own: 12 players (each with no
login of their own: their actions come over a table server's GM connection,
each in ``store.as_player`` as the table server's are), who may edit only
theirs, and 8 GMs, who also edit anyone else's character now and then, so
edits of one character collide.  Each client makes 100 edits through the app's use
cases (a GM's XP awards, money found and notes edits; a player's payments and
notes edits, as the server allows a player); a refused stale edit
(``EditConflict``) is retried after ``store.look()``, as the window does when
a notice arrives; a player's, as the table server retries it.  A listening
client (this process) times each notice.

At the end every edit a client saw succeed is checked in the database: its
ledger row is there exactly once, its note line is in the character's notes
exactly once, and nothing a refused attempt wrote survives.  Prints one table
and writes the figures as JSON under ``bench/results/``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import platform
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
RESULTS = Path(__file__).parent / "results"
CHARACTERS = 20
GM_SHARE = 0.4  # of the clients, GMs: they may edit anyone's character
ELSEWHERE = 0.3  # how often a GM edits someone else's character rather than their own
KINDS = ("xp", "money", "notes")  # a GM's: awards, money found, notes
PLAYER_KINDS = ("money", "notes")  # a player's: payments (gains are the GM's), notes
PURSE = 100_000  # each character's starting money, for the players' payments
MAX_TRIES = 200
TABLE_SERVER = "tableserver"  # the login the players' table server connects with (a GM's)
TOKEN = re.compile(r"c[0-9]+e[0-9]+(?=;)")  # an edit's mark, as each edit writes it


@dataclass(frozen=True)
class Client:
    """One client process: its number, login, role and the characters it edits."""

    number: int
    login: str
    gm: bool
    url: str
    own: tuple[int, ...]  # mostly these
    others: tuple[int, ...]  # now and then one of these (a GM editing a player's figure)
    edits: int
    seed: int


@dataclass
class Outcome:
    """What one client saw: its successful edits, conflicts, latencies, commit times."""

    number: int
    done: list[tuple[str, int, str, int]] = field(default_factory=list)  # kind, id, token, amount
    conflicts: int = 0
    latencies: list[float] = field(default_factory=list)
    commits: dict[int, list[float]] = field(default_factory=dict)  # operation id -> times
    errors: list[str] = field(default_factory=list)


@dataclass
class Run:
    """One run of clients: what each saw, the notices heard, and how long it took."""

    outcomes: list[Outcome]
    heard: list[tuple[int, float]]
    wall: float

    def errors(self) -> list[str]:
        """Every client's errors."""
        return [e for o in self.outcomes for e in o.errors]
    def notice_latencies(self) -> list[float]:
        """Commit (in the editing client) to arrival (at the listener), matched by operation."""
        arrivals: dict[int, list[float]] = defaultdict(list)
        for op, when in self.heard:
            arrivals[op].append(when)
        gaps = []
        for outcome in self.outcomes:
            for op, times in outcome.commits.items():
                gaps += [a - c for c, a in zip(times, arrivals.get(op, []), strict=False)]
        return gaps


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    measure: str
    value: str
    alone: str  # the same measure for one client editing alone, where it means something
    target: str
    met: bool


def _as(url: str, login: str) -> str:
    return url.replace("//tft@", f"//{login}@")


def _edit(store: Any, kind: str, cid: int, token: str, amount: int, *, gm: bool) -> int:
    """One edit through the use cases the GUI and the command line call; the amount written."""
    from tftmanager.app import characters, equipment, experience
    from tftmanager.rules.money import MoneyKind

    if kind == "xp":
        experience.award(store=store, character_ids=[cid], amount=amount, reason=token)
    elif kind == "money":  # a GM's find, a player's payment
        amount = amount if gm else -amount
        equipment.record_money(store=store, character_id=cid, amount=amount,
                               kind=MoneyKind.FOUND if gm else MoneyKind.PAY, reason=token)
    else:  # read, modify, write: the edit a stale view would lose without the check
        current = characters.get_character(store=store, character_id=cid)
        characters.edit_character(store=store, character_id=cid,
                                  character=replace(current, notes=f"{current.notes}{token};"))
    return amount


def _hook_commits(store: Any, commits: dict[int, list[float]]) -> None:
    """Note when each of this client's operations asked to commit (for the notice latency).

    The time is taken once the operation is recorded and its NOTIFY queued,
    just before COMMIT is sent: the notice latency then includes the commit
    itself, never less than what a user waits for.
    """
    finished = store.operation_finished

    def hooked(session: Any, op: Any) -> None:
        finished(session, op)
        commits.setdefault(op.merged_into or op.id, []).append(time.monotonic())

    store.operation_finished = hooked


def run_client(client: Client, start: Any, results: Any) -> None:
    """A client process: open the campaign as its login, wait for the start, edit."""
    from tftmanager.app import campaigns
    from tftmanager.store.errors import EditConflict

    outcome = Outcome(client.number)
    rng = random.Random(client.seed)
    try:
        store = campaigns.open_existing(path=client.url)
        _hook_commits(store, outcome.commits)
        start.wait()
        for n in range(client.edits):
            pool = client.others if client.others and rng.random() < ELSEWHERE else client.own
            cid, kind = rng.choice(pool), rng.choice(KINDS if client.gm else PLAYER_KINDS)
            token, amount = f"c{client.number:02d}e{n:03d}", rng.randint(1, 9)
            for _try in range(MAX_TRIES):
                began = time.monotonic()
                try:
                    if client.gm:
                        written = _edit(store, kind, cid, token, amount, gm=True)
                    else:  # as the table server carries out a player's action (its retry too)
                        with store.as_player(client.login, cid):
                            written = _edit(store, kind, cid, token, amount, gm=False)
                except EditConflict:
                    outcome.conflicts += 1
                    if client.gm:
                        store.look()  # what the window does on the other client's notice
                    continue
                outcome.latencies.append(time.monotonic() - began)
                outcome.done.append((kind, cid, token, written))
                break
            else:
                outcome.errors.append(f"{token}: still refused after {MAX_TRIES} tries")
        store.close()
    except Exception as exc:  # noqa: BLE001 - reported in the table, not lost in a child
        outcome.errors.append(f"{type(exc).__name__}: {exc}")
    results.put(outcome)


def set_up(url: str, clients: int, edits: int) -> list[Client]:
    """The demo party and more characters, a login per client, some shared edits first."""
    from run import generated_character

    from tftmanager.app import campaigns, characters, equipment, experience, server_campaigns
    from tftmanager.app.demo import add_demo_party
    from tftmanager.rules.money import MoneyKind

    with campaigns.open_existing(path=url) as store:
        add_demo_party(store=store)
        have = len(campaigns.party_sheets(store=store))
        for i in range(have, CHARACTERS):
            characters.create_character(store=store, character=generated_character(i))
        sheets = campaigns.party_sheets(store=store)
        ids = [s.id or 0 for s in sheets]
        experience.award(store=store, character_ids=ids, amount=10,
                         reason="Before the group met")  # one edit on everyone first
        for cid in ids:
            equipment.record_money(store=store, character_id=cid, amount=PURSE,
                                   kind=MoneyKind.START, reason="Starting money")
    gms = max(1, int(clients * GM_SHARE))
    server_campaigns.add_member(url=url, login=TABLE_SERVER, characters=[], gm=True)
    plan = []
    for k in range(clients):
        cid = ids[k % len(ids)]
        name = next(s.character.name for s in sheets if s.id == cid)
        if k < gms:  # a GM with a character of their own, editing others' now and then
            login = f"gm{k:02d}"
            server_campaigns.add_member(url=url, login=login, characters=[], gm=True)
            others = tuple(i for i in ids if i != cid)
        else:  # no login: the player's actions come over a table server's connection
            login, others = f"player{k:02d}", ()
            server_campaigns.add_member(url=url, login=login, characters=[name])
        connects_as = login if k < gms else TABLE_SERVER
        plan.append(Client(k, login, k < gms, _as(url, connects_as), (cid,), others, edits,
                           1000 + k))
    return plan


def listen(url: str, ready: threading.Event, stop: threading.Event,
           heard: list[tuple[int, float]]) -> None:
    """The listening client: each notice's operation and when it arrived."""
    from tftmanager.store.server_address import parse_address
    from tftmanager.store.server_listen import Listener

    with Listener(parse_address(url)) as listener:
        ready.set()
        while not stop.is_set():
            for notice in listener.wait(0.2):
                heard.append((notice.operation_id, time.monotonic()))


def run_clients(url: str, plan: list[Client]) -> Run:
    """Start every client process, release them together, collect what each saw."""
    ctx = mp.get_context("spawn")
    start, results = ctx.Event(), ctx.Queue()
    procs = [ctx.Process(target=run_client, args=(c, start, results), daemon=True)
             for c in plan]  # daemons: they end with this process, whatever happens
    for p in procs:
        p.start()
    ready, stop, heard = threading.Event(), threading.Event(), []
    listener = threading.Thread(target=listen, args=(url, ready, stop, heard), daemon=True)
    listener.start()
    ready.wait(30)
    _wait_for_logins(url, len(plan))
    began = time.monotonic()
    start.set()
    outcomes = [results.get(timeout=1800) for _ in procs]
    wall = time.monotonic() - began
    for p in procs:
        p.join(60)
    time.sleep(0.5)  # the last notices
    stop.set()
    listener.join(5)
    return Run(sorted(outcomes, key=lambda o: o.number), heard, wall)


def _connect(url: str) -> Any:
    import psycopg

    from tftmanager.store.server_address import parse_address

    address = parse_address(url)
    return psycopg.connect(host=address.host, port=address.port, dbname=address.database,
                           user=address.user, autocommit=True)


def _wait_for_logins(url: str, count: int) -> None:
    """Every client has connected (so the start times edits, not imports)."""
    deadline = time.monotonic() + 300
    with _connect(url) as conn:
        while time.monotonic() < deadline:
            row = conn.execute("SELECT count(*) FROM pg_stat_activity "
                               "WHERE datname = current_database() AND usename <> 'tft' "
                               "AND application_name = 'TFT Manager'").fetchone()
            if row and row[0] >= count:
                return
            time.sleep(0.2)


def verify(url: str, outcomes: list[Outcome]) -> dict[str, int]:
    """Every edit a client saw succeed is in the database exactly once; nothing else is."""
    with _connect(url) as conn:
        xp = _tokens(conn, "xp_entry")
        money = _tokens(conn, "money_entry")
        notes = {int(cid): text for cid, text in conn.execute("SELECT id, notes FROM character")}
        # The journal is whole: no kept operation without its rows, no rows without one.
        bare, orphans = conn.execute(
            "SELECT (SELECT count(*) FROM operation o WHERE o.undoable AND NOT EXISTS "
            "(SELECT 1 FROM row_change r WHERE r.operation_id = o.id)), "
            "(SELECT count(*) FROM row_change r WHERE NOT EXISTS "
            "(SELECT 1 FROM operation o WHERE o.id = r.operation_id))").fetchone()
    expected: dict[str, dict[str, tuple[int, int]]] = {"xp": {}, "money": {}, "notes": {}}
    for outcome in outcomes:
        for kind, cid, token, amount in outcome.done:
            expected[kind][token] = (cid, amount)
    lost = doubled = stray = 0
    for kind, found in (("xp", xp), ("money", money)):
        for token, (cid, amount) in expected[kind].items():
            rows = found.pop(token, [])
            lost += not rows or rows[0] != (cid, amount)
            doubled += max(0, len(rows) - 1)
        stray += sum(len(rows) for rows in found.values())
    in_notes: dict[str, list[int]] = defaultdict(list)
    for cid, text in notes.items():
        for token in TOKEN.findall(text):
            in_notes[token].append(cid)
    for token, (cid, _amount) in expected["notes"].items():
        where = in_notes.pop(token, [])
        lost += where.count(cid) == 0
        doubled += max(0, len(where) - 1)
    stray += sum(len(v) for v in in_notes.values())
    return {"checked": sum(len(v) for v in expected.values()), "lost": lost,
            "doubled": doubled, "stray": stray, "journal_faults": int(bare) + int(orphans)}


def _tokens(conn: Any, table: str) -> dict[str, list[tuple[int, int]]]:
    found: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for cid, amount, reason in conn.execute(
            f"SELECT character_id, amount, reason FROM {table} WHERE reason ~ '^c[0-9]+e[0-9]+$'"):
        found[reason].append((int(cid), int(amount)))
    return found


def percentile(values: list[float], p: int) -> float:
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def _ms(values: list[float], p: int) -> str:
    return f"{percentile(values, p) * 1000:.0f} ms"


def summarise(plan: list[Client], group: Run, lone: Run, check: dict[str, int]) -> list[Row]:
    """The table's rows: measure, value, the lone client's figure, target, met."""
    outcomes = group.outcomes
    edits = [x for o in outcomes for x in o.latencies]
    alone = [x for o in lone.outcomes for x in o.latencies]
    notices, notices_alone = group.notice_latencies(), lone.notice_latencies()
    done = sum(len(o.done) for o in outcomes)
    commits = sum(len(t) for o in outcomes for t in o.commits.values())
    wanted, gms = sum(c.edits for c in plan), sum(c.gm for c in plan)
    bad = check["lost"] + check["doubled"] + check["stray"]
    return [
        Row("edits that succeeded", f"{done} of {wanted}", "",
            f"all ({len(plan)} clients: {gms} GMs, {len(plan) - gms} players)",
            done == wanted and not group.errors()),
        Row("lost or doubled updates (checked in the database)",
            f"{check['lost']} lost, {check['doubled']} doubled, {check['stray']} stray", "",
            f"0 of {check['checked']}", bad == 0),
        Row("operations without their journal rows (or rows without one)",
            str(check["journal_faults"]), "", "0", check["journal_faults"] == 0),
        Row("stale edits refused, then retried after a look",
            str(sum(o.conflicts for o in outcomes)), "", "> 0 (the clients collided)",
            sum(o.conflicts for o in outcomes) > 0),
        Row("edit latency p50", _ms(edits, 50), _ms(alone, 50), "<= 500 ms",
            percentile(edits, 50) <= 0.5),
        Row("edit latency p95", _ms(edits, 95), _ms(alone, 95), "<= 1000 ms",
            percentile(edits, 95) <= 1.0),
        Row("notice latency p50 (commit to another client)", _ms(notices, 50),
            _ms(notices_alone, 50), "<= 100 ms", percentile(notices, 50) <= 0.1),
        Row("notice latency p95", _ms(notices, 95), _ms(notices_alone, 95), "<= 500 ms",
            bool(notices) and percentile(notices, 95) <= 0.5),
        Row("notices heard for commits made", f"{len(notices)} of {commits}", "", "all",
            len(notices) == commits),
        Row("throughput, all clients together", f"{done / group.wall:.0f} edits/s",
            f"{sum(len(o.done) for o in lone.outcomes) / lone.wall:.0f} edits/s",
            "(a figure)", True),
    ]


def table(rows: list[Row]) -> str:
    """The rows as one plain-text table (as bench/run.py prints its own)."""
    head = ("measure", "value", "one client alone", "target", "met")
    lines = [(r.measure, r.value, r.alone, r.target, "yes" if r.met else "NO") for r in rows]
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head))]

    def fmt(cells: tuple[str, ...]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))

    return "\n".join([fmt(head), "-+-".join("-" * w for w in widths), *map(fmt, lines)])


def measure(url: str, args: argparse.Namespace) -> tuple[list[Client], Run, Run,
                                                         dict[str, int]]:
    """Set the campaign up, time one client alone, then the whole group; check the database."""
    from tftmanager.app import server_campaigns

    server_campaigns.init(url=url, name="Bench group")
    plan = set_up(url, args.clients, args.edits)
    say(f"one client alone x {args.alone} edits...")
    # The lone client has a number and a seed of its own: reusing a group client's
    # would repeat its edits' marks, and the check would count them as doubled.
    lone = run_clients(url, [replace(plan[-1], number=len(plan), seed=1000 + len(plan),
                                     edits=args.alone)])
    say(f"{args.clients} clients x {args.edits} edits...")
    group = run_clients(url, plan)
    return plan, group, lone, verify(url, [*lone.outcomes, *group.outcomes])


def say(what: str) -> None:
    """Progress, on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {what}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Start the server, run the clients, check the database, print and write the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--edits", type=int, default=100, help="edits per client")
    parser.add_argument("--alone", type=int, default=100, help="edits of the lone client")
    parser.add_argument("--json", type=Path, help="where to write the JSON "
                        "(default bench/results/server-clients-DATE.json)")
    args = parser.parse_args(argv)
    import pgserver

    why = pgserver.why_not_available()
    if why:
        print(f"server clients: skipped ({why})")
        return 0
    started = time.time()
    server = pgserver.start(Path(tempfile.mkdtemp(prefix="tftm-bench-pg-")))
    try:
        plan, group, lone, check = measure(server.url(server.new_database_name()), args)
    finally:
        server.stop()
    rows = summarise(plan, group, lone, check)
    print(table(rows))
    for error in [*lone.errors(), *group.errors()][:10]:
        print(f"  error: {error}")
    out = args.json or RESULTS / time.strftime("server-clients-%Y%m%d-%H%M%S.json", time.gmtime())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
        "python": sys.version.split()[0], "machine": platform.platform(),
        "clients": args.clients, "edits_per_client": args.edits, "alone_edits": args.alone,
        "minutes": round((time.time() - started) / 60, 2),
        "rows": [asdict(r) for r in rows], "check": check,
        "conflicts_by_client": {o.number: o.conflicts for o in group.outcomes},
        "errors": [*lone.errors(), *group.errors()],
        "note": "wall clock; clients, listener and server share one machine. Notice latency: "
                "an edit's COMMIT sent (by its client) to the listening client's wait() "
                "returning it. 'one client alone' is the same edits with nobody else editing.",
    }, indent=2) + "\n", encoding="utf-8")
    print(f"\n{sum(r.met for r in rows)} of {len(rows)} targets met; written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
