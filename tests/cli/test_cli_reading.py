"""The reading commands answer from the file itself, without loading the store.

``list``, ``export`` and ``library show`` read a campaign that passes a real
open's checks with the standard library (app.reading).  What they print must
be what the store's read prints, and any doubt must go to the real open.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tftmanager.app import campaigns, library, library_show, reading, transfer
from tftmanager.cli.report import sheet_json
from tftmanager.store.schema import CURRENT_SCHEMA

from .conftest import cli

DATA = Path(__file__).parent.parent / "data"
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "pydantic", "PySide6")
# The library's parts a listing never reads (built on first use: rules.library_parts).
UNREAD_PARTS = ("tftmanager.rules.job_data", "tftmanager.rules.encounter_rules",
                "tftmanager.rules.bestiary", "tftmanager.rules.awards",
                "tftmanager.rules.heights")


def _modules_after(*argv: str | Path) -> set[str]:
    """The modules a fresh interpreter has loaded after running one command."""
    script = ("import sys\nfrom tftmanager.cli.main import run\n"
              "code = run(sys.argv[1:])\n"
              "print(' '.join(sorted(sys.modules)), file=sys.stderr)\n"
              "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script, *map(str, argv)], check=True,
                          capture_output=True, text=True, timeout=120)
    return set(done.stderr.split())


def _loaded_after(*argv: str | Path) -> set[str]:
    """The top-level packages a fresh interpreter has loaded after running one command."""
    return {name.split(".")[0] for name in _modules_after(*argv)}


def test_list_loads_no_orm_and_no_qt(demo: Path) -> None:
    assert _loaded_after("list", demo).isdisjoint(HEAVY)


def test_list_loads_none_of_the_library_parts_it_never_reads(demo: Path) -> None:
    assert _modules_after("list", demo).isdisjoint(UNREAD_PARTS)


def test_library_show_loads_no_orm(demo: Path) -> None:
    assert _loaded_after("library", "show", demo, "broadsword").isdisjoint(HEAVY)


def test_list_prints_what_the_store_reads(demo: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "list", demo, "--json")
    with campaigns.open_for_reading(path=demo) as store:
        expected = [sheet_json(s) for s in campaigns.party_sheets(store=store)]
    assert code == 0
    assert json.loads(out) == expected
    assert len(expected) == 5


def test_export_and_library_show_print_what_the_store_reads(
        demo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "export", demo, "wulf")
    with campaigns.open_for_reading(path=demo) as store:
        document = transfer.export_by_name(store=store, name="wulf")
        entry = library_show.find_entry(library.entries(store=store), "broadsword", None)
    assert reading.export_by_name(path=demo, name="wulf") == document
    assert (code, out) == (0, document)
    code, out, _ = cli(capsys, "library", "show", demo, "broadsword")
    assert (code, out) == (0, "\n".join(library_show.entry_lines(entry)) + "\n")


def test_an_unknown_name_is_refused_in_one_line(demo: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "export", demo, "nobody at all")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "nobody at all" in err


def test_an_older_file_is_upgraded_and_listed_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    older = tmp_path / "older.tftcampaign"
    shutil.copyfile(DATA / "campaign-schema6.tftcampaign", older)
    code, out, _ = cli(capsys, "list", older)
    assert code == 0 and out.startswith("Name")
    with sqlite3.connect(older) as con:  # the real open upgraded it, as before
        assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT_SCHEMA


def test_a_crash_s_unfinished_write_goes_to_the_real_open(
        demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hot = tmp_path / "hot.tftcampaign"
    shutil.copyfile(demo, hot)
    (tmp_path / "hot.tftcampaign-journal").write_bytes(b"\0" * 512)  # a journal, not hot
    code, out, _ = cli(capsys, "list", hot)
    assert code == 0 and "Wulf" in out
