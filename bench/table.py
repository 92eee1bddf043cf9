"""Write the table of docs/performance.md from a result of ``bench/run.py``.

Run with ``python bench/table.py [RESULT.json]`` (default: the newest
``bench/results/bench-*.json``).  The table between the markers in
docs/performance.md is replaced; nothing else there is touched, so the
figures the docs quote are always a committed run's, never typed by hand.
``--check`` only says (exit 1) whether the docs' table differs from the result.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "performance.md"
RESULTS = ROOT / "bench" / "results"
START = "<!-- measured: written by bench/table.py from bench/results; do not edit -->"
END = "<!-- end of measured -->"


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1000:.0f} ms" if value < 0.1 else f"{value:.2f} s"


def _met(row: dict[str, Any]) -> str:
    return "yes" if row["met"] else "**no**"


def markdown(result: Path) -> str:
    """The table (and the line naming its run) for one result file."""
    data = json.loads(result.read_text(encoding="utf-8"))
    load = data.get("load_average")
    busy = (f"; load average {load['start'][0]:.1f} at the start, {load['end'][0]:.1f} "
            "at the end" if load else "")
    lines = [f"From `bench/results/{result.name}` ({data['when']}, Python {data['python']}, "
             f"{data['minutes']:.1f} minutes{busy}):", "",
             "| measure | time | reference | reference time | ratio | target | met |",
             "|---|---|---|---|---|---|---|"]
    for row in data["rows"]:
        ratio = "-" if row["ratio"] is None else f"{row['ratio']:.2f}x"
        lines.append(f"| {row['measure']} | {_seconds(row['seconds'])} | {row['reference']} | "
                     f"{_seconds(row['reference_seconds'])} | {ratio} | {row['target']} | "
                     f"{_met(row)} |")
    return "\n".join(lines)


def rewritten(text: str, table: str) -> str:
    """``text`` with the part between the markers replaced by ``table``."""
    head, found, rest = text.partition(START)
    _, found_end, tail = rest.partition(END)
    if not (found and found_end):
        raise SystemExit(f"{DOC}: the markers {START!r} and {END!r} are missing")
    return f"{head}{START}\n{table}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    """Rewrite (or, with --check, compare) the docs' table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("result", nargs="?", type=Path, help="a bench/run.py JSON file")
    parser.add_argument("--check", action="store_true", help="exit 1 if the docs differ")
    args = parser.parse_args(argv)
    result = args.result or sorted(RESULTS.glob("bench-*.json"), key=lambda f: f.name)[-1]
    text = DOC.read_text(encoding="utf-8")
    new = rewritten(text, markdown(result))
    if args.check:
        if new != text:
            print(f"{DOC.name} does not show {result.name}; run python bench/table.py",
                  file=sys.stderr)
            return 1
        return 0
    DOC.write_text(new, encoding="utf-8")
    print(f"{DOC.relative_to(ROOT)}: table from {result.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
