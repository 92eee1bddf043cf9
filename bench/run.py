"""Benchmarks: how TFT Manager's foundation layer scales with the party size.

Run with ``python bench/run.py`` (``make bench``).  Each benchmark is a function
returning a dict with at least ``name`` and ``text`` (the line printed); add
new ones (a GUI start-up benchmark, say) to ``BENCHMARKS``.  Nothing here
imports Qt.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tftmanager.app.campaigns import new_campaign, open_existing, party_sheets
from tftmanager.rules.character import Character
from tftmanager.rules.loadout import outfit
from tftmanager.store import queries

RACES = ("human", "elf", "dwarf", "halfling", "orc")
ARMORS = (None, "leather", "chainmail", "plate")
LOADOUTS = (
    ("broadsword", "dagger"),
    ("spear",),
    ("longbow", "shortsword", "dagger"),
    ("battleaxe",),
    ("mace", "javelin"),
)

Result = dict[str, Any]


def generated_character(i: int) -> Character:
    """A varied 32-point figure, deterministic for ``i`` (some have rules problems)."""
    shift = i % 5
    weapons = LOADOUTS[i % len(LOADOUTS)]
    return Character(
        name=f"Figure {i:04d}",
        race=RACES[i % len(RACES)],
        st=10 + shift,
        dx=14 - shift,
        iq=8,
        items=outfit(
            armor=ARMORS[i % len(ARMORS)],
            shield="small_shield" if len(weapons) == 1 and i % 2 else None,
            weapons=weapons,
            ready_weapon=weapons[0],
        ),
        notes="Generated for the benchmark.",
    )


def make_campaign(path: Path, count: int) -> Path:
    """Create a campaign holding ``count`` generated characters (one transaction)."""
    store = new_campaign(path=path, name=f"Bench {count}")
    try:
        with store.transaction() as session:
            for i in range(count):
                queries.insert_character(
                    session=session, campaign_id=store.campaign_id,
                    character=generated_character(i),
                )
    finally:
        store.close()
    return path


def time_open_list(path: Path, runs: int) -> tuple[float, int]:
    """Median seconds to open a campaign and evaluate its party; and the party size."""
    times = []
    size = 0
    for run in range(runs + 1):
        start = time.perf_counter()
        store = open_existing(path=path)
        try:
            size = len(party_sheets(store=store))
        finally:
            store.close()
        if run:  # the first run warms caches and imports; it is not counted
            times.append(time.perf_counter() - start)
    return statistics.median(times), size


def bench_open_list(count: int = 1000, runs: int = 5) -> Result:
    """Open + list (with derived stats and problems) for a big and an empty campaign."""
    with tempfile.TemporaryDirectory(prefix="tftm-bench-") as tmp:
        big = make_campaign(Path(tmp) / "big.tftcampaign", count)
        empty = make_campaign(Path(tmp) / "empty.tftcampaign", 0)
        big_s, big_size = time_open_list(big, runs)
        empty_s, _ = time_open_list(empty, runs)
    assert big_size == count, big_size
    ratio = big_s / empty_s if empty_s else float("inf")
    return {
        "name": "open_list",
        "characters": count,
        "runs": runs,
        "seconds": big_s,
        "empty_seconds": empty_s,
        "ratio": ratio,
        "text": (
            f"open+list {count} characters: {big_s:.3f} s; empty: {empty_s:.3f} s; "
            f"ratio {ratio:.1f}x (median of {runs})"
        ),
    }


def bench_job_weeks(args: argparse.Namespace) -> Result:
    """52 job weeks for a party of 100, against the bare rules loop."""
    from weeks import bench_weeks

    del args
    return bench_weeks(count=100, weeks_to_run=52)


def bench_card_pdf(args: argparse.Namespace) -> Result:
    """A PDF of 100 characters' cards (in its own process: it needs Qt)."""
    import subprocess
    import sys

    del args
    code = "import json; from cards import bench_cards; print(json.dumps(bench_cards()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).parent, timeout=300)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def bench_gui(args: argparse.Namespace) -> list[Result]:
    """Start-up and party-table benchmarks (each in its own Qt process)."""
    from gui import bench_party, bench_startup

    with tempfile.TemporaryDirectory(prefix="tftm-bench-") as tmp:
        big = make_campaign(Path(tmp) / "big.tftcampaign", args.count)
        empty = make_campaign(Path(tmp) / "empty.tftcampaign", 0)
        party = bench_party(big, empty)
    return [bench_startup(runs=args.runs), party]


BENCHMARKS: list[Callable[[argparse.Namespace], Result | list[Result]]] = [
    lambda args: bench_open_list(count=args.count, runs=args.runs),
    bench_job_weeks,
    bench_card_pdf,
    bench_gui,
]


def main(argv: list[str] | None = None) -> int:
    """Run every benchmark and print one line each (and JSON on request)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--count", type=int, default=1000, help="characters in the big campaign")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (median is reported)")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    parser.add_argument("--no-gui", action="store_true", help="skip the Qt benchmarks")
    args = parser.parse_args(argv)
    results: list[Result] = []
    for bench in BENCHMARKS:
        if args.no_gui and bench is bench_gui:
            continue
        outcome = bench(args)
        results += outcome if isinstance(outcome, list) else [outcome]
    for result in results:
        print(result["text"])
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
