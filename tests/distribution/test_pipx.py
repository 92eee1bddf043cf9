"""``pipx install .`` gives both commands, run from pipx's own venv, not the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.distribution.builds import ROOT, clean_env

pytestmark = pytest.mark.slow

PIPX = Path(sys.executable).with_name("pipx")
SKIP = shutil.ignore_patterns(
    ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".pytest_cache",
    ".mypy_cache", ".ruff_cache", ".hypothesis", "tests", "bench", "docs",
)


@pytest.fixture(scope="module")
def bin_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project installed by pipx from a clean copy (PIPX_HOME and the bin folder in tmp)."""
    root = tmp_path_factory.mktemp("pipx")
    source = root / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env.update(PIPX_HOME=str(root / "home"), PIPX_BIN_DIR=str(root / "bin"),
               PIPX_MAN_DIR=str(root / "man"))
    # pip is told not to byte-compile every dependency up front (7 s of processor time):
    # the commands compile what they import the first time they run.
    result = subprocess.run([str(PIPX), "install", "--pip-args=--no-compile", str(source)],
                            env=env, capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "bin"


def run(command: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(command), *args], env=clean_env(home), cwd=home,
                          capture_output=True, text=True, timeout=300, check=False)


def test_pipx_installs_both_commands(bin_dir: Path) -> None:
    assert sorted(p.name for p in bin_dir.iterdir()) == ["tftmanager", "tftmanager-gui"]


def test_the_command_line_runs_from_its_own_venv(bin_dir: Path, tmp_path: Path) -> None:
    from tftmanager import __version__

    assert run(bin_dir / "tftmanager", tmp_path, "--version").stdout == (
        f"TFT Manager {__version__}\n")
    helped = run(bin_dir / "tftmanager", tmp_path, "--help")
    assert helped.returncode == 0 and "new" in helped.stdout
    created = run(bin_dir / "tftmanager", tmp_path, "new", "x.tftcampaign", "--demo")
    assert created.stdout.strip() == "Created x.tftcampaign with 5 characters", created.stderr
    python = (bin_dir / "tftmanager").resolve().with_name("python")
    where = subprocess.run([str(python), "-c", "import tftmanager; print(tftmanager.__file__)"],
                           capture_output=True, text=True, check=True, cwd=tmp_path)
    assert ROOT not in Path(where.stdout.strip()).parents


def test_the_gui_command_starts_on_the_demo(bin_dir: Path, tmp_path: Path) -> None:
    result = run(bin_dir / "tftmanager-gui", tmp_path, "--smoke")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "smoke: ok, Demo Campaign.tftcampaign open with 5 characters\n"
