"""Helpers for the packaging tests: the build script, a clean user environment."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))

import build_dist  # noqa: E402 - packaging/ is not a package; found through the path above

__all__ = ["ROOT", "Frozen", "build_dist", "clean_env"]


@dataclass(frozen=True)
class Frozen:
    folder: Path   # dist/TFTManager
    archive: Path  # dist/TFTManager-VERSION-PLATFORM.tar.gz


def clean_env(home: Path) -> dict[str, str]:
    """The environment of a user whose home is ``home`` (no venv, no XDG overrides)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("XDG_", "PYTHON", "TFTMANAGER_")) and k != "VIRTUAL_ENV"}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen")
    return env
