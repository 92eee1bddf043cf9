"""Safe output: temporary file, sync, rename over a regular file only, folder synced."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tftmanager.store import files
from tftmanager.store.files import OutputError, write_text, write_with

pytestmark = pytest.mark.store


def test_writes_replace_a_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    assert write_text(target, "new") == target
    assert target.read_text(encoding="utf-8") == "new"
    assert target.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")

    def fill(tmp: Path) -> None:
        tmp.write_text("half", encoding="utf-8")
        raise OSError(28, "No space left on device")

    with pytest.raises(OutputError, match="the disk is full"):
        write_with(target, fill)
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


@pytest.mark.parametrize("target", ["/dev/full", "/dev/null"])
def test_only_a_regular_file_is_replaced(target: str) -> None:
    if not Path(target).exists():
        pytest.skip("no such device here")
    with pytest.raises(OutputError, match="not a regular file"):
        write_text(Path(target), "x")
    assert Path(target).exists() and not Path(target).is_file()


def test_a_folder_or_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="is a folder"):
        write_text(tmp_path, "x")
    with pytest.raises(OutputError, match="does not exist"):
        write_text(tmp_path / "nowhere" / "x.json", "x")


def test_new_files_never_replace_old_ones(tmp_path: Path) -> None:
    first = tmp_path / "copy.tftcampaign"
    first.write_text("precious", encoding="utf-8")
    written = write_with(first, lambda tmp: tmp.write_text("new", encoding="utf-8") and None,
                         replace=False)
    assert written == tmp_path / "copy (2).tftcampaign"
    assert first.read_text(encoding="utf-8") == "precious"


def test_the_folder_is_synced_after_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("needs /proc to tell a folder's descriptor from a file's")
    synced: list[bool] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(Path(f"/proc/self/fd/{fd}").is_dir())
        real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", spy)
    write_text(tmp_path / "x.json", "x")
    assert synced[-1] is True  # the last sync is the folder's
    assert False in synced  # and the file itself was synced before
