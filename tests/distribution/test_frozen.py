"""The frozen one-folder app: unpacked from its archive, it starts, opens and migrates."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.distribution.builds import Frozen, build_dist, clean_env
from tftmanager.app.demo import demo_entries

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(sys.platform == "win32", reason="a POSIX archive layout")]

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "campaign-schema1.tftcampaign"
TOP = f"{build_dist.NAME}-{build_dist.version()}"


@pytest.fixture(scope="module")
def unpacked(frozen: Frozen, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The archive unpacked as a user would, in a folder with a space in its name."""
    where = tmp_path_factory.mktemp("unpacked") / "My Apps"
    where.mkdir()
    with tarfile.open(frozen.archive) as archive:
        archive.extractall(where, filter="tar")
    return where / TOP


def run(app: Path, home: Path, *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(app / build_dist.NAME), *map(str, args)], cwd=home,
                          env=clean_env(home), capture_output=True, text=True, timeout=300,
                          check=False)


def test_the_archive_holds_the_app_its_data_and_migrations(frozen: Frozen) -> None:
    with tarfile.open(frozen.archive) as archive:
        names = set(archive.getnames())
    data = f"{TOP}/_internal/tftmanager"
    for name in (f"{TOP}/{build_dist.NAME}", f"{data}/resources/rules/weapons.toml",
                 f"{data}/resources/demo/party.json", f"{data}/resources/fonts/DejaVuSans.ttf",
                 f"{data}/resources/icons/app.svg", f"{data}/db/env.py",
                 f"{data}/db/versions/0001_initial.py"):
        assert name in names, name
    if sys.platform.startswith("linux"):
        for name in (f"{TOP}/install-desktop.sh",
                     f"{TOP}/share/applications/{build_dist.APP_ID}.desktop",
                     f"{TOP}/share/icons/hicolor/256x256/apps/{build_dist.APP_ID}.png"):
            assert name in names, name


def test_only_the_qt_modules_the_app_uses_are_inside(frozen: Frozen) -> None:
    pyside = frozen.folder / "_internal" / "PySide6"
    modules = {p.name.split(".")[0] for p in pyside.glob("Qt*.*") if p.is_file()}
    assert modules == set(build_dist.QT_USED)
    libraries = " ".join(p.name for p in pyside.rglob("libQt6*"))
    for unused in ("Qml", "Quick", "WebEngine", "3D", "Multimedia", "Sql"):
        assert f"libQt6{unused}" not in libraries, unused


def test_the_frozen_app_starts_on_a_new_demo_campaign(unpacked: Path, tmp_path: Path) -> None:
    result = run(unpacked, tmp_path, "--smoke")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"smoke: ok, Demo Campaign.tftcampaign open with {len(demo_entries())} characters\n")


def test_the_frozen_command_line_migrates_an_old_campaign(unpacked: Path,
                                                          tmp_path: Path) -> None:
    assert run(unpacked, tmp_path, "--version").stdout.strip() == (
        f"TFT Manager {build_dist.version()}")
    old = tmp_path / "old.tftcampaign"
    shutil.copyfile(FIXTURE, old)
    listed = run(unpacked, tmp_path, "list", old)
    assert listed.returncode == 0, listed.stderr
    assert "Flavius Marcellus" in listed.stdout
    # Alembic ran the migration scripts from inside the frozen folder.
    assert (tmp_path / "old.tftcampaign.schema1.bak").is_file()
