"""The wheel: built from a clean copy, installed in a fresh venv, run from outside the repo.

This proves the shipped files (rules data, demo party, migration scripts) are
inside the package and found through importlib.resources, not the checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "data" / "campaign-schema1.tftcampaign"
SKIP = shutil.ignore_patterns(
    ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
    ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", "tests", "bench",
)
SHIPPED = [
    "tftmanager/resources/rules/weapons.toml",
    "tftmanager/resources/rules/races.toml",
    "tftmanager/resources/rules/armor.toml",
    "tftmanager/resources/rules/injury.toml",
    "tftmanager/resources/demo/party.json",
    "tftmanager/resources/guide/guide.md",
    "tftmanager/resources/guide/main-window.png",
    "tftmanager/resources/statblocks/aliases.toml",
    "tftmanager/resources/foundry/export.toml",
    "tftmanager/db/env.py",
    "tftmanager/db/script.py.mako",
    "tftmanager/db/versions/0001_initial.py",
]


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    work: Path  # a folder outside the repository to run from

    def bin(self, name: str) -> Path:
        return self.venv / "bin" / name

    def run(self, *args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["QT_QPA_PLATFORM"] = "offscreen"
        return subprocess.run(
            [str(a) for a in args], input=stdin, capture_output=True, text=True,
            cwd=self.work, env=env, timeout=600, check=False,
        )


def checked(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, f"{result.args}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    root = tmp_path_factory.mktemp("wheel")
    source = root / "src"
    shutil.copytree(REPO, source, ignore=SKIP)
    dist = root / "dist"
    work = root / "work"
    work.mkdir()
    tool = Installed(wheel=dist, venv=root / "venv", work=work)
    checked(tool.run(sys.executable, "-m", "build", "--wheel", "--outdir", dist, source))
    (wheel,) = dist.glob("tftmanager-*.whl")
    # A venv without its own pip (ensurepip alone costs 6 s of processor time), filled by
    # this one's pip; no byte-compiling of every dependency up front (7 s more).
    checked(tool.run(sys.executable, "-m", "venv", "--without-pip", tool.venv))
    checked(tool.run(sys.executable, "-m", "pip", "--python", tool.bin("python"), "install",
                     "--quiet", "--no-compile", wheel))
    yield Installed(wheel=wheel, venv=tool.venv, work=work)


def test_wheel_contains_the_shipped_files(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as archive:
        names = set(archive.namelist())
    for name in SHIPPED:
        assert name in names, name
    assert not [n for n in names if n.startswith(("tests/", "resources/", "db/"))]


def test_installed_package_is_the_wheel_not_the_checkout(installed: Installed) -> None:
    result = checked(installed.run(
        installed.bin("python"), "-c",
        "import tftmanager, tftmanager.shipped as s; print(tftmanager.__file__); "
        "print(s.resource('rules', 'weapons.toml')); print(s.migrations_dir())",
    ))
    package, weapons, migrations = (Path(line) for line in result.stdout.splitlines())
    assert installed.venv in package.parents
    assert REPO not in package.parents
    assert weapons.is_file()
    assert installed.venv in weapons.parents
    assert (migrations / "versions" / "0001_initial.py").is_file()
    assert installed.venv in migrations.parents
    for name in SHIPPED:
        assert (package.parent.parent / name).is_file(), name


def test_installed_cli_creates_and_lists_a_demo_campaign(installed: Installed) -> None:
    new = checked(installed.run(installed.bin("tftmanager"), "new", "x.tftcampaign", "--demo"))
    assert new.stdout.strip() == "Created x.tftcampaign with 5 characters"
    listed = checked(installed.run(installed.bin("tftmanager"), "list", "x.tftcampaign"))
    assert "Ragnar" in listed.stdout
    assert "Flavius Marcellus" in listed.stdout
    exported = checked(
        installed.run(installed.bin("tftmanager"), "export", "x.tftcampaign", "Wulf")
    )
    assert json.loads(exported.stdout)["character"]["st"] == 14


def test_installed_cli_opens_the_schema1_fixture(installed: Installed) -> None:
    copy = installed.work / "old.tftcampaign"
    shutil.copyfile(FIXTURE, copy)
    result = checked(installed.run(installed.bin("tftmanager"), "list", copy, "--json"))
    names = [c["name"] for c in json.loads(result.stdout)]
    assert names == ["Flavius Marcellus", "Joe the Barbarian", "Ragnar", "Wulf"]


def test_installed_cli_checks_a_character(installed: Installed) -> None:
    doc = {"format": "tftmanager.character", "version": 1,
           "character": {"name": "Bjorn", "race": "dwarf", "st": 14, "dx": 10, "iq": 8,
                         "weapons": ["battleaxe"]}}
    result = installed.run(installed.bin("tftmanager"), "check", "-", "--json",
                           "--creation", "melee", stdin=json.dumps(doc))
    assert result.returncode == 1, result.stderr  # battleaxe needs ST 15
    data = json.loads(result.stdout)
    (axe,) = data["derived"]["weapons"]
    assert axe["attacks"][0]["damage"] == "3d+1"  # dwarves +1 with axes
    assert [p["item"] for p in data["problems"]] == ["battleaxe"]
