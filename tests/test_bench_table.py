"""docs/performance.md's table of figures is the newest committed benchmark's, as written."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _table_module() -> Any:  # bench/ is no package: load the script as make bench runs it
    spec = importlib.util.spec_from_file_location("bench_table", ROOT / "bench" / "table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_docs_show_the_newest_result_as_bench_table_writes_it() -> None:
    assert _table_module().main(["--check"]) == 0


def test_the_table_has_a_row_for_every_measure_of_the_result(tmp_path: Path) -> None:
    table = _table_module()
    newest = sorted((ROOT / "bench" / "results").glob("bench-*.json"))[-1]
    rows = json.loads(newest.read_text(encoding="utf-8"))["rows"]
    text = table.markdown(newest)
    assert newest.name in text
    for row in rows:
        assert f"| {row['measure']} |" in text
    assert text.count("\n| ") == len(rows) + 1  # the head and one line a measure
    doc = tmp_path / "doc.md"
    doc.write_text(f"before\n{table.START}\nold\n{table.END}\nafter\n", encoding="utf-8")
    assert table.rewritten(doc.read_text(encoding="utf-8"), "new") == \
        f"before\n{table.START}\nnew\n{table.END}\nafter\n"


def _table_server_module() -> Any:
    spec = importlib.util.spec_from_file_location("bench_table_server",
                                                  ROOT / "bench" / "table_server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_players_view_bench_fails_on_a_missed_target() -> None:
    """make bench exits non-zero when the phone's first paint or the GM's edit misses."""
    bench = _table_server_module()
    met = {"first_paint_ms": {"median": 96.0, "p95": 104.0, "max": 110.0, "n": 10},
           "edit_to_page_window_ms": {"median": 11.0, "p95": 20.0, "max": 30.0, "n": 20},
           "edit_to_page_watch_ms": {"median": 60.0, "p95": 120.0, "max": 150.0, "n": 20}}
    assert bench.misses(met) == []
    at_the_edge = {**met, "first_paint_ms": {**met["first_paint_ms"], "median": 100.0}}
    assert bench.misses(at_the_edge) == ["first paint median 100.0 ms, target < 100"]
    slow_watch = {**met, "edit_to_page_watch_ms": {**met["edit_to_page_watch_ms"], "p95": 512.0}}
    assert bench.misses(slow_watch) == ["edit to the page (watch) p95 512.0 ms, target < 500"]
    last = bench.last_result(ROOT / "bench" / "results")
    assert "first_paint_ms" in last  # the newest committed run, printed beside each figure
