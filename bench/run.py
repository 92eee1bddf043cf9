"""Benchmarks: each measure beside its reference, measured in the same run.

Run with ``python bench/run.py`` (``make bench``).  Prints one table (measure,
its time, the reference and its time, the ratio, the target, met or not, and
the same measure in the last committed result under ``bench/results/``) and
writes the same rows as JSON there.  Exits 1 when any target is missed, so
``make bench`` fails.  Ratios are medians of paired runs (measure and
reference run one after the other), so a noisy, shared machine slows both
sides alike; absolute times are only comparable on the same machine.  The Qt
and command-line measures each run in a fresh process.

``bench/table.py`` writes the tables of docs/performance.md from the JSON.
``TFTM_BENCH_TRIAL_SLOWDOWN=SECONDS`` adds that sleep to every timed run of
weeks (bench/weeks.py): a trial slowdown, to see the guard fail.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tftmanager.app.campaigns import new_campaign
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
RESULTS = Path(__file__).parent / "results"


@dataclass
class Row:
    """One line of the table: a measure, its reference, and the target it is held to."""

    measure: str
    seconds: float
    reference: str
    reference_seconds: float | None
    ratio: float | None
    target: str
    max_seconds: float | None = None
    max_ratio: float | None = None
    runs: int = 1
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def met(self) -> bool:
        """Whether every bound of the target holds."""
        ok = self.max_seconds is None or self.seconds <= self.max_seconds
        return ok and (self.max_ratio is None or (self.ratio is not None
                                                  and self.ratio <= self.max_ratio))


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
        with store.operation("bench", f"{count} generated characters") as op:
            for i in range(count):
                queries.insert_character(session=op.session, campaign_id=store.campaign_id,
                                         character=generated_character(i))
    finally:
        store.close()
    return path


def weeks_rows(args: argparse.Namespace) -> list[Row]:
    """52 weeks for 100 characters (vs the bare rules loop) and for 1,000."""
    from weeks import bench_weeks

    small = bench_weeks(count=100, weeks_to_run=52, runs=args.runs)
    large = bench_weeks(count=1000, weeks_to_run=52, runs=max(1, args.runs // 2))
    return [
        Row("52 weeks x 100 characters (whole run)", small["seconds"],
            "bare rules loop, same party", small["reference_seconds"], small["ratio"],
            "<= 0.2 s and <= 1.5x", max_seconds=0.2, max_ratio=1.5, runs=small["runs"],
            detail=small),
        Row("52 weeks x 1,000 characters (whole run)", large["seconds"],
            "bare rules loop, same party", large["reference_seconds"], large["ratio"],
            "<= 1.5 s and <= 1.5x", max_seconds=1.5, max_ratio=1.5, runs=large["runs"],
            detail=large),
    ]


def gui_rows(args: argparse.Namespace) -> list[Row]:
    """Start-up against a bare window; opening big campaigns against an empty one."""
    from gui import bench_party, bench_startup

    start = bench_startup(runs=args.runs)
    rows = [
        Row("start-up to the party visible (demo)", start["party_seconds"],
            "bare PySide6 window shown and closed", start["bare_seconds"],
            start["party_ratio"], "<= 1.5x", max_ratio=1.5, runs=args.runs, detail=start),
        Row("start-up to the party visible, first open (demo)",
            start["first_party_seconds"], "bare PySide6 window shown and closed",
            start["bare_seconds"], start["first_party_ratio"], "<= 2.08x", max_ratio=2.08,
            runs=args.runs, detail=start),
        Row("start-up to the editor ready for input", start["editor_seconds"],
            "bare PySide6 window shown and closed", start["bare_seconds"],
            start["editor_ratio"], "<= 3x", max_ratio=3.0, runs=args.runs, detail=start),
    ]
    with tempfile.TemporaryDirectory(prefix="tftm-bench-") as tmp:
        empty = make_campaign(Path(tmp) / "empty.tftcampaign", 0)
        for count, bound in ((1000, 1.2), (5000, 2.0), (20000, 8.0)):
            big = make_campaign(Path(tmp) / f"big{count}.tftcampaign", count)
            runs = args.runs if count < 20000 else max(1, args.runs // 2)
            party = bench_party(big, empty, runs=runs)
            rows.append(Row(f"GUI opens {count:,} characters", party["seconds"],
                            "GUI opens an empty campaign", party["empty_seconds"],
                            party["ratio"], f"<= {bound:g}x", max_ratio=bound,
                            runs=runs, detail=party))
    return rows


def cards_rows(args: argparse.Namespace) -> list[Row]:
    """The cards of 100 characters as a PDF (in its own Qt process)."""
    from cards import bench_cards

    cards = bench_cards(count=100, runs=args.runs)
    return [Row("cards PDF for 100 characters", cards["seconds"], "(none: absolute)",
                None, None, "< 0.25 s", max_seconds=0.25, runs=args.runs, detail=cards)]


def cli_rows(args: argparse.Namespace) -> list[Row]:
    """``tftmanager list`` on the demo, and on 20,000 characters, against ``python -c pass``."""
    from cli import bench_list

    rows = []
    with tempfile.TemporaryDirectory(prefix="tftm-cli-") as tmp:
        demo = Path(tmp) / "demo.tftcampaign"
        new_campaign(path=demo, demo=True).close()
        listed = bench_list(demo, runs=max(5, args.runs))
        rows.append(Row("`tftmanager list` on the demo", listed["seconds"], "python -c pass",
                        listed["reference_seconds"], listed["ratio"], "<= 5x", max_ratio=5.0,
                        runs=listed["runs"], detail=listed))
        big = make_campaign(Path(tmp) / "big20000.tftcampaign", 20000)
        listed = bench_list(big, runs=max(1, args.runs // 2))
        rows.append(Row("`tftmanager list` on 20,000 characters", listed["seconds"],
                        "python -c pass", listed["reference_seconds"], listed["ratio"],
                        "<= 10 s", max_seconds=10.0, runs=listed["runs"], detail=listed))
    return rows


GROUPS: dict[str, Callable[[argparse.Namespace], list[Row]]] = {
    "weeks": weeks_rows, "gui": gui_rows, "cards": cards_rows, "cli": cli_rows,
}


def last_committed(folder: Path = RESULTS) -> tuple[Path, dict[str, dict[str, Any]]] | None:
    """The newest ``bench-*.json`` that git has (else the newest there), its rows by measure."""
    try:
        listed = subprocess.run(["git", "ls-files", "bench-*.json"], cwd=folder, check=True,
                                capture_output=True, text=True).stdout.split()
        files = [folder / name for name in listed]
    except (OSError, subprocess.CalledProcessError):
        files = []
    files = sorted(files or folder.glob("bench-*.json"), key=lambda f: f.name)
    if not files:
        return None
    data = json.loads(files[-1].read_text(encoding="utf-8"))
    return files[-1], {row["measure"]: row for row in data["rows"]}


def _figure(seconds: float, ratio: float | None) -> str:
    return f"{seconds:.3f} s" + ("" if ratio is None else f", {ratio:.2f}x")


def table(rows: list[Row], before: dict[str, dict[str, Any]] | None = None) -> str:
    """The rows as one plain-text table, each beside its figure in ``before``."""
    before = before or {}
    head = ("measure", "time", "reference", "ref time", "ratio", "target", "met", "last")
    lines = [(r.measure, f"{r.seconds:.3f} s", r.reference,
              "" if r.reference_seconds is None else f"{r.reference_seconds:.3f} s",
              "" if r.ratio is None else f"{r.ratio:.2f}x", r.target,
              "yes" if r.met else "NO",
              _figure(last["seconds"], last["ratio"]) if (last := before.get(r.measure))
              else "-") for r in rows]
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head))]

    def fmt(cells: tuple[str, ...]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))

    return "\n".join([fmt(head), "-+-".join("-" * w for w in widths), *map(fmt, lines)])


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks, print the table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=5, help="paired runs (medians reported)")
    parser.add_argument("--only", choices=sorted(GROUPS), action="append",
                        help="run only these groups (repeatable)")
    parser.add_argument("--json", type=Path, help="where to write the JSON "
                        "(default bench/results/bench-DATE.json)")
    args = parser.parse_args(argv)
    started = time.time()
    load_before = os.getloadavg()
    rows: list[Row] = []
    for name, group in GROUPS.items():
        if args.only and name not in args.only:
            continue
        print(f"[{time.strftime('%H:%M:%S')}] {name}...", file=sys.stderr, flush=True)
        rows += group(args)
    previous = last_committed()
    if previous is not None:
        print(f"(last: {previous[0].name})")
    print(table(rows, previous[1] if previous else None))
    out = args.json or RESULTS / time.strftime("bench-%Y%m%d-%H%M%S.json", time.gmtime())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
        "python": sys.version.split()[0], "machine": platform.platform(),
        "minutes": round((time.time() - started) / 60, 2),
        "load_average": {"start": load_before, "end": os.getloadavg()},
        "rows": [asdict(r) | {"met": r.met} for r in rows],
        "note": "times are wall clock, medians of paired runs; ratio = median of ratios",
    }, indent=2) + "\n", encoding="utf-8")
    missed = [r.measure for r in rows if not r.met]
    print(f"\n{len(rows) - len(missed)} of {len(rows)} targets met; written to {out}")
    if missed:
        print(f"missed: {'; '.join(missed)}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
