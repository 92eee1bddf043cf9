"""Benchmark: ``tftmanager list`` against ``python -c pass``, each a whole process.

The command line is started as a user starts it (the ``tftmanager`` script
of this environment, or ``python -m tftmanager`` without it); the reference
is the interpreter alone starting and stopping.  Runs alternate so a busy
machine slows both alike; the ratio of each pair is kept and the median
reported.  The app's modules are compiled first, as an installed app has them.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from gui import compile_bytecode


def _command() -> list[str]:
    script = Path(sys.executable).with_name("tftmanager")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "tftmanager"]


def _wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    return time.perf_counter() - start


def bench_list(campaign: Path, runs: int = 5) -> dict[str, Any]:
    """Paired runs: ``tftmanager list CAMPAIGN`` and ``python -c pass``."""
    compile_bytecode()
    listing = [*_command(), "list", str(campaign)]
    _wall(listing)  # the first run may write caches (the rules data's JSON copy)
    app, bare = [], []
    for _ in range(runs):
        bare.append(_wall([sys.executable, "-c", "pass"]))
        app.append(_wall(listing))
    return {"seconds": statistics.median(app), "reference_seconds": statistics.median(bare),
            "ratio": statistics.median(a / b for a, b in zip(app, bare, strict=True)),
            "runs": runs, "all_seconds": app, "all_reference_seconds": bare}
