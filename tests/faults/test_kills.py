"""SIGKILL at random moments while a process writes the campaign.

After every kill the campaign must pass SQLite's integrity check and the
foreign-key check, hold every write the child reported as done, and hold no
half of any write (a party award is in all five ledgers or in none).  The
next open must get the lock straight away: the kernel freed it.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tftmanager.app import campaigns, experience, transfer
from tftmanager.app.interchange import Entry
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.store.campaign import open_campaign

from .forking import Child

Rounds = Callable[[int, int], int]
Forker = Callable[[Callable[[Callable[[str], None]], int]], Child]


def _writer(path: Path, seed: int) -> Callable[[Callable[[str], None]], int]:
    def work(say: Callable[[str], None]) -> int:
        store = campaigns.open_existing(path=path)
        ids = [s.id for s in campaigns.party_sheets(store=store) if s.id is not None]
        say("ready")
        n = seed * 1_000_000
        while True:
            n += 1
            if n % 5:
                experience.award(store=store, character_ids=ids, amount=1, reason=f"k{n}")
                say(f"award k{n} {len(ids)}")
            else:
                hero = Character(name=f"Imp{n}", race="human", st=12, dx=12,
                                 items=outfit(weapons=("dagger",)), notes="x" * 2000)
                transfer.import_entries(store=store, entries=[Entry(None, hero)])
                say(f"import Imp{n}")
    return work


def _check(path: Path, reported: list[str]) -> dict[str, int]:
    """Integrity, every reported write present, no half write."""
    found = {"corruptions": 0, "lost_writes": 0, "half_writes": 0}
    con = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True)
    try:
        if con.execute("PRAGMA integrity_check").fetchall() != [("ok",)]:
            found["corruptions"] += 1
        if con.execute("PRAGMA foreign_key_check").fetchall():
            found["corruptions"] += 1
        counts = dict(con.execute("SELECT reason, count(*) FROM xp_entry "
                                  "WHERE reason LIKE 'k%' GROUP BY reason").fetchall())
        names = {r[0] for r in con.execute("SELECT name FROM character")}
    finally:
        con.close()
    # Characters only ever join, so an award reaches at least the demo's five.
    found["half_writes"] += sum(1 for c in counts.values() if c < 5)
    for line in reported:
        kind, key, *party = line.split(" ")
        if (kind == "award" and counts.get(key) != int(party[0])) or (
                kind == "import" and key not in names):
            found["lost_writes"] += 1
    return found


def test_sigkill_during_writes(demo_copy: Path, rounds: Rounds, tally: Counter[str],
                               forker: Forker) -> None:
    rng = random.Random(12)
    for seed in range(1, rounds(12, 520) + 1):
        child = forker(_writer(demo_copy, seed))
        if rng.random() < 0.75:  # mostly mid-write; the rest may land while opening
            deadline = time.monotonic() + 30
            while "ready" not in child.lines and time.monotonic() < deadline:
                child.read_available(timeout=0.2)
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(child.pid, signal.SIGKILL)
        code = child.wait()
        tally["kills"] += 1
        tally["tracebacks"] += sum(1 for line in child.lines if line.startswith("traceback"))
        assert code == -signal.SIGKILL, child.lines[-3:]
        if demo_copy.with_name(demo_copy.name + "-journal").exists():
            tally["kills_mid_transaction"] += 1
        reported = [line for line in child.lines
                    if not line.startswith(("traceback", "ready"))]
        tally["writes_reported"] += len(reported)
        open_campaign(demo_copy).close()  # the lock is free, a hot journal rolled back
        for name, count in _check(demo_copy, reported).items():
            tally[name] += count
            assert count == 0, (name, seed)
