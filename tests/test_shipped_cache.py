"""The JSON copy of the shipped rules data: exactly the TOML, and re-read when a file changes."""

from __future__ import annotations

import os
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tftmanager import shipped, shipped_cache

NAMES = ("races", "weapons")


@pytest.fixture
def rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two shipped TOML files copied to a folder of their own, and a private cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "rules"
    folder.mkdir()
    source = Path(str(shipped.resource("rules")))
    for name in NAMES:
        shutil.copy(source / f"{name}.toml", folder / f"{name}.toml")
    return folder


def _parser(folder: Path, calls: list[int]) -> Any:
    def parse() -> dict[str, dict[str, Any]]:
        calls.append(1)
        return {n: tomllib.loads((folder / f"{n}.toml").read_text("utf-8")) for n in NAMES}
    return parse


def test_the_copy_gives_exactly_what_the_toml_gives(rules: Path) -> None:
    calls: list[int] = []
    first = shipped_cache.load_documents(rules, NAMES, _parser(rules, calls))
    again = shipped_cache.load_documents(rules, NAMES, _parser(rules, calls))
    assert calls == [1]  # the second read came from the copy
    assert again == first == _parser(rules, [])()


def test_an_edited_file_is_parsed_again(rules: Path) -> None:
    calls: list[int] = []
    shipped_cache.load_documents(rules, NAMES, _parser(rules, calls))
    races = rules / "races.toml"
    races.write_text(races.read_text("utf-8") + '\n[zz_test_race]\nname = "Test"\n', "utf-8")
    stat = races.stat()
    os.utime(races, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    docs = shipped_cache.load_documents(rules, NAMES, _parser(rules, calls))
    assert calls == [1, 1]
    assert docs["races"]["zz_test_race"] == {"name": "Test"}


def test_a_damaged_copy_or_no_folder_means_parsing(rules: Path) -> None:
    calls: list[int] = []
    shipped_cache.load_documents(rules, NAMES, _parser(rules, calls))
    for copy in shipped_cache.cache_folder().glob("rules-*.json"):
        copy.write_text("{not json", "utf-8")
    assert shipped_cache.load_documents(rules, NAMES, _parser(rules, calls)) == _parser(rules, [])()
    assert shipped_cache.load_documents(None, NAMES, _parser(rules, calls)) == _parser(rules, [])()
    assert calls == [1, 1, 1]


def test_data_json_cannot_hold_is_not_kept(rules: Path) -> None:
    import datetime

    calls: list[int] = []

    def dated() -> dict[str, dict[str, Any]]:
        calls.append(1)
        return {"races": {"when": datetime.date(2026, 1, 1)}}

    assert shipped_cache.load_documents(rules, NAMES, dated)["races"]["when"].year == 2026
    shipped_cache.load_documents(rules, NAMES, dated)
    assert calls == [1, 1]


def test_the_cache_folder_follows_the_platform(tmp_path: Path) -> None:
    assert shipped_cache.cache_folder({"XDG_CACHE_HOME": str(tmp_path)}, "linux") == (
        tmp_path / "tftmanager")
    assert shipped_cache.cache_folder({"LOCALAPPDATA": str(tmp_path)}, "win32") == (
        tmp_path / "TFT Manager" / "cache")
