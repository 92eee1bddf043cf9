"""The party's kept copy is used only while the file is provably the one it was kept from."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tftmanager.app import kept_party
from tftmanager.app.campaigns import open_existing, party
from tftmanager.app.characters import edit_character
from tftmanager.store.file_state import file_state

FIELDS = ("id", "name", "st")
ROWS = [[1, "Ragnar", 12], [2, "Wulf", 11]]


@pytest.fixture
def demo_file(tmp_path: Path, campaign_templates: Any) -> Path:
    return campaign_templates.file(tmp_path / "party.tftcampaign", name="Demo", demo=True)


def _kept(path: Path, folder: Path) -> tuple[Any, str]:
    return kept_party.load(path, FIELDS, folder=folder)


def _keep(path: Path, folder: Path, rows: list[list[Any]] | None = None) -> str:
    return kept_party.keep(path, FIELDS, lambda: ROWS if rows is None else rows, folder=folder)


def _write_behind(path: Path) -> None:
    """Another program (here another connection, through the use cases) raises Ragnar's ST."""
    store = open_existing(path=path)
    try:
        ragnar = next(m for m in party(store=store).characters if m.character.name == "Ragnar")
        edit_character(store=store, character_id=ragnar.id,
                       character=replace(ragnar.character, st=ragnar.character.st + 1))
    finally:
        store.close()


def test_the_rows_kept_come_back_while_the_file_is_unchanged(demo_file: Path,
                                                             tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert _kept(demo_file, cache) == (None, "")  # a first open: no copy, nothing to say
    assert _keep(demo_file, cache) == ""
    assert _kept(demo_file, cache) == (ROWS, "")
    assert _kept(demo_file, cache) == (ROWS, "")  # reading it changes nothing


def test_a_write_by_another_program_makes_the_copy_useless(demo_file: Path,
                                                           tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    _write_behind(demo_file)
    rows, why = _kept(demo_file, cache)
    assert rows is None and "changed since it was kept" in why


def test_a_write_that_puts_size_and_modification_time_back_is_seen(
        demo_file: Path, tmp_path: Path) -> None:
    """A byte changed in place, the time set back (as a copy that keeps times does)."""
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    before = demo_file.stat()
    data = bytearray(demo_file.read_bytes())
    data[-1] ^= 0xFF  # the last page's last byte
    demo_file.write_bytes(bytes(data))
    os.utime(demo_file, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert _kept(demo_file, cache)[0] is None


def test_a_copy_put_in_the_files_place_is_another_file(demo_file: Path, tmp_path: Path) -> None:
    """Restored or synced over it, even unchanged: another inode, another change time."""
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    twin = tmp_path / "twin.tftcampaign"
    shutil.copy2(demo_file, twin)
    twin.replace(demo_file)
    assert _kept(demo_file, cache)[0] is None


def test_a_file_mid_write_vouches_for_nothing(demo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    journal = demo_file.with_name(demo_file.name + "-journal")
    journal.write_bytes(b"")
    assert file_state(demo_file) is None
    rows, why = _kept(demo_file, cache)
    assert rows is None and "cannot vouch" in why
    journal.unlink()
    assert _kept(demo_file, cache)[0] == ROWS


def test_nothing_is_kept_when_the_file_changes_while_the_rows_are_read(
        demo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)

    def read_while_another_writes() -> list[list[Any]]:
        _write_behind(demo_file)
        return [[1, "Ragnar", 99]]

    why = kept_party.keep(demo_file, FIELDS, read_while_another_writes, folder=cache)
    assert "changed while it was read" in why
    assert not kept_party.copy_file(demo_file, cache).exists()  # the old copy is gone too
    assert _kept(demo_file, cache) == (None, "")


def test_a_party_too_large_is_not_kept(demo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    assert kept_party.keep(demo_file, FIELDS, lambda: None, folder=cache) == ""
    assert _kept(demo_file, cache) == (None, "")


@pytest.mark.parametrize(("damage", "said"), [
    (lambda saved: "{not json", "damaged"),
    (lambda saved: json.dumps([1, 2]), "not a copy of a party"),
    (lambda saved: json.dumps({**saved, "kind": "something else"}), "not a copy of a party"),
    (lambda saved: json.dumps({**saved, "version": "99.0"}), "another version"),
    (lambda saved: json.dumps({**saved, "format": kept_party.FORMAT + 1}), "another version"),
    (lambda saved: json.dumps({**saved, "rows": [[1, "Ragnar"]]}), "not the table's"),
    (lambda saved: json.dumps({**saved, "fields": ["id", "name"]}), "not the table's"),
    (lambda saved: json.dumps({**saved, "key": {**saved["key"], "shipped": []}}),
     "changed since"),
])
def test_a_damaged_foreign_or_newer_copy_is_ignored_with_a_reason(
        demo_file: Path, tmp_path: Path, damage: Any, said: str) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    target = kept_party.copy_file(demo_file, cache)
    target.write_text(damage(json.loads(target.read_text(encoding="utf-8"))),
                      encoding="utf-8")
    rows, why = _kept(demo_file, cache)
    assert rows is None and said in why, why


def test_a_copy_that_cannot_be_written_is_only_a_line(demo_file: Path, tmp_path: Path) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("", encoding="utf-8")
    why = _keep(demo_file, blocked)
    assert why.startswith("party not kept in")
    assert _kept(demo_file, blocked)[0] is None


def test_a_party_grown_too_large_is_forgotten_without_reading_the_file(
        demo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _keep(demo_file, cache)
    kept_party.forget(demo_file, folder=cache)
    assert not kept_party.copy_file(demo_file, cache).exists()
    assert _kept(demo_file, cache) == (None, "")


def test_copies_for_files_long_gone_are_removed_not_kept_forever(demo_file: Path,
                                                                  tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    # Copies left by campaign files opened long ago (since renamed or deleted), oldest first.
    old = [cache / f"party-{n:08x}.json" for n in range(kept_party.MAX_COPIES + 5)]
    for age, copy in enumerate(reversed(old)):
        copy.write_text("{}", encoding="utf-8")
        os.utime(copy, ns=(1_000_000_000 * (1000 - age),) * 2)
    (cache / "rules-00000000.json").write_text("{}", encoding="utf-8")  # not a party copy
    assert _keep(demo_file, cache) == ""
    left = sorted(p.name for p in cache.glob("party-*.json"))
    assert len(left) == kept_party.MAX_COPIES
    assert kept_party.copy_file(demo_file, cache).name in left  # the one just written stays
    assert not any(p.exists() for p in old[:6])  # the six written first are gone
    assert all(p.exists() for p in old[6:])
    assert (cache / "rules-00000000.json").exists()
    assert _kept(demo_file, cache) == (ROWS, "")


def test_a_copy_nested_past_the_stack_is_only_damaged(demo_file: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    kept_party.copy_file(demo_file, cache).write_text("[" * 100_000, encoding="utf-8")
    rows, why = _kept(demo_file, cache)
    assert rows is None and "damaged" in why
