"""A full disk, simulated by a file-size limit (RLIMIT_FSIZE) on a child process.

Writing past the limit fails with EFBIG, as a full disk fails with ENOSPC:
every command must say so in one line, exit 2, leave the campaign intact (and
unchanged in content when it refused) and keep an earlier output file whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import resource
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from tftmanager.shipped import resource as shipped_resource

Rounds = Callable[[int, int], int]


def _limited(size: int) -> Callable[[], None]:
    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return apply


def tftmanager(limit: int, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TFTMANAGER_CRASH_DIR": str(cwd)}
    return subprocess.run([sys.executable, "-m", "tftmanager", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=300,
                          check=False, preexec_fn=_limited(limit))


def _big_party(path: Path, count: int) -> None:
    party = json.loads(shipped_resource("demo", "party.json").read_text(encoding="utf-8"))
    hero = party["characters"][0]
    party["characters"] = [{**hero, "name": f"Copy {n}", "notes": "n" * 15000}
                           for n in range(count)]
    path.write_text(json.dumps(party), encoding="utf-8")


def _intact(path: Path) -> bool:
    con = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True)
    try:
        return con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()


def _digest(path: Path) -> str:
    """The campaign's content (not its bytes: a failed write may leave old free pages
    rewritten, which SQLite does not journal because nothing reads them)."""
    con = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True)
    try:
        dump = "\n".join(con.iterdump())
        header = con.execute("PRAGMA user_version").fetchone(), con.execute(
            "PRAGMA application_id").fetchone()
    finally:
        con.close()
    return hashlib.sha256(f"{header}\n{dump}".encode()).hexdigest()


def test_disk_full_fails_in_one_line(demo_copy: Path, tmp_path: Path, rounds: Rounds,
                                     tally: Counter[str]) -> None:
    rng = random.Random(5)
    big = tmp_path / "big.json"
    _big_party(big, 120)
    old = tmp_path / "old.json"
    for _ in range(rounds(1, 6)):
        size = demo_copy.stat().st_size
        runs = [
            (size + rng.randrange(0, 200_000), ["import", demo_copy, big, "--copy"]),
            (rng.randrange(50, 2000), ["export", demo_copy, "Ragnar", "--out", old]),
            (rng.randrange(50, 5000), ["library", "export", demo_copy, "--out", old]),
            (rng.randrange(500, 20000), ["cards", demo_copy, "--out", old]),
            (rng.randrange(4096, 60000), ["new", tmp_path / f"n{rng.random()}.tftcampaign",
                                          "--demo"]),
        ]
        for limit, argv in runs:
            old.write_text("an earlier export\n", encoding="utf-8")
            before = _digest(demo_copy)
            result = tftmanager(limit, *argv, cwd=tmp_path)
            tally["disk_full_runs"] += 1
            tally["tracebacks"] += "Traceback" in result.stderr
            assert result.returncode in (0, 2), result.stderr
            assert "Traceback" not in result.stderr
            if result.returncode == 2:
                tally["disk_full_refusals"] += 1
                assert len(result.stderr.splitlines()) == 1, result.stderr
                assert any(w in result.stderr for w in ("disk", "too large")), result.stderr
                assert _digest(demo_copy) == before
                if old in argv:
                    assert old.read_text(encoding="utf-8") == "an earlier export\n"
            assert _intact(demo_copy)
            tally["corruptions"] += not _intact(demo_copy)
            assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("n0.")
                        and not p.name.endswith(".lock")] or result.returncode == 0
