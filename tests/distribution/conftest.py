"""The frozen app, built once per test session and reused while it is fresh.

``make dist`` takes one to two minutes on two cores; a ``dist/`` newer than
every source file (packaging/build_dist.py's ``is_fresh``) is used as it is.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.distribution.builds import ROOT, Frozen, build_dist


@pytest.fixture(scope="session")
def frozen() -> Frozen:
    if not build_dist.is_fresh():
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
        result = subprocess.run([sys.executable, str(ROOT / "packaging" / "build_dist.py")],
                                capture_output=True, text=True, env=env, timeout=1200,
                                check=False)
        assert result.returncode == 0, result.stdout + result.stderr[-5000:]
    return Frozen(folder=build_dist.DIST / build_dist.NAME, archive=build_dist.archive_path())
