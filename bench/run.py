"""Benchmarks: each measure beside its reference, measured in the same run.

Run with ``python bench/run.py`` (``make bench``).  Prints one table (measure,
its time, the reference and its time, the ratio, the target, met or not) and
writes the same rows as JSON under ``bench/results/``.  Ratios are medians of
paired runs (measure and reference run one after the other), so a noisy,
shared machine slows both sides alike; absolute times are only comparable on
the same machine.  The Qt measures each run in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import platform
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
            "<= 0.5 s and <= 1.5x", max_seconds=0.5, max_ratio=1.5, runs=small["runs"],
            detail=small),
        Row("52 weeks x 1,000 characters (whole run)", large["seconds"],
            "bare rules loop, same party", large["reference_seconds"], large["ratio"],
            "<= 3 s", max_seconds=3.0, runs=large["runs"], detail=large),
    ]


def gui_rows(args: argparse.Namespace) -> list[Row]:
    """Start-up against a bare window; opening big campaigns against an empty one."""
    from gui import bench_party, bench_startup

    start = bench_startup(runs=args.runs)
    rows = [
        Row("start-up to the party visible (demo)", start["party_seconds"],
            "bare PySide6 window shown and closed", start["bare_seconds"],
            start["party_ratio"], "<= 2x", max_ratio=2.0, runs=args.runs, detail=start),
        Row("start-up to the editor ready for input", start["editor_seconds"],
            "bare PySide6 window shown and closed", start["bare_seconds"],
            start["editor_ratio"], "<= 4x", max_ratio=4.0, runs=args.runs, detail=start),
    ]
    with tempfile.TemporaryDirectory(prefix="tftm-bench-") as tmp:
        empty = make_campaign(Path(tmp) / "empty.tftcampaign", 0)
        for count, bound in ((1000, 1.5), (5000, 3.0)):
            big = make_campaign(Path(tmp) / f"big{count}.tftcampaign", count)
            party = bench_party(big, empty, runs=args.runs)
            rows.append(Row(f"GUI opens {count:,} characters", party["seconds"],
                            "GUI opens an empty campaign", party["empty_seconds"],
                            party["ratio"], f"<= {bound:g}x", max_ratio=bound,
                            runs=args.runs, detail=party))
    return rows


def cards_rows(args: argparse.Namespace) -> list[Row]:
    """The cards of 100 characters as a PDF (in its own Qt process)."""
    from cards import bench_cards

    cards = bench_cards(count=100, runs=args.runs)
    return [Row("cards PDF for 100 characters", cards["seconds"], "(none: absolute)",
                None, None, "< 0.5 s", max_seconds=0.5, runs=args.runs, detail=cards)]


GROUPS: dict[str, Callable[[argparse.Namespace], list[Row]]] = {
    "weeks": weeks_rows, "gui": gui_rows, "cards": cards_rows,
}


def table(rows: list[Row]) -> str:
    """The rows as one plain-text table."""
    head = ("measure", "time", "reference", "ref time", "ratio", "target", "met")
    lines = [(r.measure, f"{r.seconds:.3f} s", r.reference,
              "" if r.reference_seconds is None else f"{r.reference_seconds:.3f} s",
              "" if r.ratio is None else f"{r.ratio:.2f}x", r.target,
              "yes" if r.met else "NO") for r in rows]
    widths = [max(len(x[i]) for x in [head, *lines]) for i in range(len(head))]

    def fmt(cells: tuple[str, ...]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))

    return "\n".join([fmt(head), "-+-".join("-" * w for w in widths), *map(fmt, lines)])


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks, print the table, write the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=3, help="paired runs (medians reported)")
    parser.add_argument("--only", choices=sorted(GROUPS), action="append",
                        help="run only these groups (repeatable)")
    parser.add_argument("--json", type=Path, help="where to write the JSON "
                        "(default bench/results/bench-DATE.json)")
    args = parser.parse_args(argv)
    started = time.time()
    rows: list[Row] = []
    for name, group in GROUPS.items():
        if args.only and name not in args.only:
            continue
        print(f"[{time.strftime('%H:%M:%S')}] {name}...", file=sys.stderr, flush=True)
        rows += group(args)
    print(table(rows))
    out = args.json or RESULTS / time.strftime("bench-%Y%m%d-%H%M%S.json", time.gmtime())
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
        "python": sys.version.split()[0], "machine": platform.platform(),
        "minutes": round((time.time() - started) / 60, 2),
        "rows": [asdict(r) | {"met": r.met} for r in rows],
        "note": "times are wall clock, medians of paired runs; ratio = median of ratios",
    }, indent=2) + "\n", encoding="utf-8")
    print(f"\n{sum(r.met for r in rows)} of {len(rows)} targets met; written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
