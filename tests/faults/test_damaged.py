"""Every kind of damaged or foreign file, under every command that opens one.

Each must end with exit 2 and one line naming the file, leave it byte-for-byte
as it was, and create nothing beside it (the refusal comes before the lock).
"""

from __future__ import annotations

import contextlib
import io
import shutil
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tftmanager.cli.main import run
from tftmanager.shipped import resource


def _sql(*statements: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        con = sqlite3.connect(path)
        for statement in statements:
            con.execute(statement)
        con.commit()
        con.close()
    return damage


def _garbage_page(table: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        con = sqlite3.connect(path)
        page = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                           (table,)).fetchone()[0]
        size = con.execute("PRAGMA page_size").fetchone()[0]
        con.close()
        with path.open("r+b") as handle:
            handle.seek((page - 1) * size)
            handle.write(bytes(range(256)) * (size // 256))
    return damage


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


KINDS: dict[str, Callable[[Path], None]] = {
    "table dropped": _sql("DROP TABLE week_log"),
    "column dropped": _sql(*(f"DROP TRIGGER journal_xp_entry_{event}"
                             for event in ("insert", "update", "delete")),
                           "DROP INDEX ix_xp_entry_batch",  # schema 13's index on it
                           "ALTER TABLE xp_entry DROP COLUMN batch"),
    "ledger table dropped": _sql("DROP TABLE xp_entry"),
    "garbage in the character table": _garbage_page("character"),
    "garbage in the library": _garbage_page("library_entry"),
    "truncated": _truncate,
    "newer version": _sql("PRAGMA user_version = 99"),
    "no version": _sql("PRAGMA user_version = 0"),
    "foreign application": _sql("PRAGMA application_id = 42"),
    "empty": lambda p: p.write_bytes(b""),
    "text": lambda p: p.write_text("hello\n", encoding="utf-8"),
    "header only": lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\x07" * 4000),
}

COMMANDS: list[list[str]] = [
    ["list", "{c}"], ["xp", "show", "{c}", "Ragnar"], ["export", "{c}", "Ragnar"],
    ["xp", "award", "{c}", "--party", "5", "--reason", "x"], ["import", "{c}", "{party}"],
    ["library", "export", "{c}"], ["jobs", "list", "{c}"], ["week", "{c}"],
    ["jobs", "assign", "{c}", "Wulf", "rest"], ["library", "import", "{c}", "{lib}"],
    ["cards", "{c}", "--out", "{out}"], ["xp", "raise", "{c}", "Ragnar", "st"],
]


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(argv)
    return code, err.getvalue()


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_damaged_files_are_refused_untouched(kind: str, demo_template: Path, tmp_path: Path,
                                             tally: Counter[str]) -> None:
    lib = tmp_path / "lib.toml"
    assert _run(["library", "export", str(demo_template), "--out", str(lib)])[0] == 0
    folder = tmp_path / "campaign"
    folder.mkdir()
    path = folder / "c.tftcampaign"
    shutil.copyfile(demo_template, path)
    KINDS[kind](path)
    before = path.read_bytes()
    names = {"c": str(path), "party": str(resource("demo", "party.json")), "lib": str(lib),
             "out": str(tmp_path / "cards.pdf")}
    for command in COMMANDS:
        code, err = _run([part.format(**names) for part in command])
        tally["damaged_file_runs"] += 1
        tally["tracebacks"] += "Traceback" in err
        assert code == 2, (command, err)
        assert len(err.splitlines()) == 1 and "c.tftcampaign" in err, (command, err)
        assert path.read_bytes() == before, command
        assert sorted(p.name for p in folder.iterdir()) == ["c.tftcampaign"], command
    assert not (tmp_path / "cards.pdf").exists()
