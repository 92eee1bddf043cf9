"""Profiles behind docs/performance.md's "What remains, and why" (``python bench/profiles.py``).

Writes ``bench/results/profile-startup-editor.txt``, ``profile-startup-party.txt``
and ``profile-weeks-100.txt``:

- start-up: ``-X importtime`` (the largest imports, cumulative) and cProfile
  (the largest cumulative entries) of a whole process stopping at the party
  or at the editor, from compiled bytecode, plus the floor the editor cannot
  go under: paired processes of the bare window and of importing the
  storage layer's libraries alone;
- weeks: 52 weeks for 100 characters, timed in parts (the rules, the bulk
  save, the commit with its fsync) beside the bare rules loop, and profiled.
"""

from __future__ import annotations

import cProfile
import functools
import io
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from gui import BARE_WINDOW, _env, compile_bytecode

RESULTS = Path(__file__).parent / "results"
APP = [sys.executable, "-m", "tftmanager"]
FLOOR = {
    "bare window": [sys.executable, "-c", BARE_WINDOW],
    "python only": [sys.executable, "-c", "pass"],
    "import sqlmodel (collector paused)": [
        sys.executable, "-c", "import gc; gc.disable(); import sqlmodel"],
    "import the store (collector paused)": [
        sys.executable, "-c", "import gc; gc.disable(); import tftmanager.store.library"],
}


def _importtime(home: str, probe: str, top: int = 25) -> str:
    done = subprocess.run([sys.executable, "-X", "importtime", *APP[1:]], env=_env(home, probe),
                          capture_output=True, text=True, check=True, timeout=120)
    rows = []
    for line in done.stderr.splitlines():
        found = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if found:
            rows.append((int(found[2]), int(found[1]), len(found[3]) // 2, found[4]))
    own = sum(r[1] for r in rows)
    lines = [f"# -X importtime, start-up to the {probe}: {done.stdout.strip()}",
             f"# every import's own time adds up to {own / 1e6:.3f} s; "
             f"the {top} largest cumulative (microseconds: cumulative, own, depth, module)"]
    lines += [f"{c:>9} {s:>8} {d:>3}  {name}" for c, s, d, name in sorted(rows)[-top:]]
    return "\n".join(lines)


def _cprofile(home: str, probe: str, top: int = 45) -> str:
    with tempfile.NamedTemporaryFile(suffix=".prof", delete=False) as out:
        path = out.name
    try:
        subprocess.run([sys.executable, "-m", "cProfile", "-o", path, *APP[1:]],
                       env=_env(home, probe), capture_output=True, check=True, timeout=120)
        text = io.StringIO()
        stats = pstats.Stats(path, stream=text)
        stats.sort_stats("cumulative").print_stats(top)
    finally:
        Path(path).unlink()
    body = text.getvalue().replace(sys.prefix + "/lib/python3.11/site-packages/", "")
    body = body.replace(str(Path(__file__).parent.parent) + "/", "")
    return f"# cProfile, start-up to the {probe} (the largest cumulative entries)\n" + body


def _floor(runs: int = 9) -> str:
    env = _env(tempfile.gettempdir())
    times: dict[str, list[float]] = {name: [] for name in FLOOR}
    for _ in range(runs):
        for name, cmd in FLOOR.items():
            start = time.perf_counter()
            subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=120)
            times[name].append(time.perf_counter() - start)
    bare = times["bare window"]
    lines = [f"# Paired whole processes ({runs} runs each, medians): what the editor "
             "cannot start without, against the bare window"]
    for name, values in times.items():
        ratio = statistics.median(v / b for v, b in zip(values, bare, strict=True))
        lines.append(f"{name:40} {statistics.median(values):.3f} s  {ratio:.2f}x the bare window")
    return "\n".join(lines)


def startup_profiles() -> None:
    """Write the two start-up profiles."""
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="tftm-prof-") as home:
        subprocess.run(APP, env=_env(home, "kept"), check=True, capture_output=True,
                       timeout=120)  # creates the demo copy and keeps its party, as bench/gui
        floor = _floor()
        for probe in ("party", "editor"):
            parts = [_importtime(home, probe), _cprofile(home, probe)]
            if probe == "editor":
                parts.insert(0, floor)
            (RESULTS / f"profile-startup-{probe}.txt").write_text("\n\n".join(parts) + "\n")


def _timed(owner: Any, name: str, into: list[float]) -> Callable[[], None]:
    """Wrap ``owner.name`` to add its seconds to ``into``; returns the undo."""
    original = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            into.append(time.perf_counter() - start)

    setattr(owner, name, wrapper)
    return lambda: setattr(owner, name, original)


def weeks_profile(count: int = 100, weeks_to_run: int = 52, runs: int = 5) -> None:
    """Write the profile of a run of weeks, with its parts timed outside the profiler."""
    from weeks import make_weeks_campaign, time_app_run, time_bare_loop

    from tftmanager.app import weeks
    from tftmanager.store import campaign as campaign_store

    lines = []
    with tempfile.TemporaryDirectory(prefix="tftm-weeks-prof-") as tmp:
        template = Path(tmp) / "weeks.tftcampaign"
        library = make_weeks_campaign(template, count)
        time_app_run(template, Path(tmp), 1)
        rows = []
        for _ in range(runs):
            finish: list[float] = []
            commit: list[float] = []
            undo = [_timed(weeks._Run, "finish", finish),
                    _timed(campaign_store.CampaignStore, "operation_finished", commit),
                    _commit_timer(commit)]
            try:
                total = time_app_run(template, Path(tmp), weeks_to_run)
            finally:
                for step in undo:
                    step()
            bare = time_bare_loop(library, count, weeks_to_run)
            rows.append((total, sum(finish), sum(commit), bare))
        med = [statistics.median(r[i] for r in rows) for i in range(4)]
        lines.append(f"# {weeks_to_run} weeks x {count} characters, {runs} paired runs "
                     f"(medians, outside the profiler; load average {os.getloadavg()[0]:.1f})")
        lines.append(f"whole run {med[0]:.3f} s; bare rules loop {med[3]:.3f} s "
                     f"(ratio {statistics.median(r[0] / r[3] for r in rows):.2f}x; "
                     f"1.5x would be {1.5 * med[3]:.3f} s)")
        lines.append(f"  bulk save of the run (_Run.finish: rows, ledger lines, week log) "
                     f"{med[1]:.3f} s")
        lines.append(f"  journal's close of the operation + commit (synchronous=FULL fsync) "
                     f"{med[2]:.3f} s")
        lines.append(f"  save + commit = {(med[1] + med[2]) / med[3]:.2f}x the bare loop on "
                     "their own, so the rules and the save alone are "
                     f"{1 + (med[1] + med[2]) / med[3]:.2f}x (the journal records the run's "
                     "bulk inserts as ranges during the save)")
        copy = Path(tmp) / "profiled.tftcampaign"
        shutil.copyfile(template, copy)
        profiler = cProfile.Profile()
        profiler.enable()
        time_app_run(template, Path(tmp), weeks_to_run)
        profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(45)
    body = text.getvalue().replace(sys.prefix + "/lib/python3.11/site-packages/", "")
    body = body.replace(str(Path(__file__).parent.parent) + "/", "")
    (RESULTS / "profile-weeks-100.txt").write_text("\n".join(lines) + "\n\n" + body)


def _commit_timer(into: list[float]) -> Callable[[], None]:
    """Time the transaction's commit (SQLite writes the pages and fsyncs them)."""
    from sqlalchemy.orm.session import SessionTransaction

    return _timed(SessionTransaction, "commit", into)


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    which = sys.argv[1:] or ["startup", "weeks"]
    if "startup" in which:
        startup_profiles()
    if "weeks" in which:
        weeks_profile()
