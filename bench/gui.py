"""GUI benchmarks, each run in a fresh process so imports are counted honestly.

- start-up: wall time from process start until the first window is shown (and
  until the demo campaign is loaded), as a ratio to a bare PySide6 window
  started the same way;
- party: time for the main window to open a 1,000-character campaign and fill
  the party table, as a ratio to an empty campaign.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BARE_WINDOW = """
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1180, 760)
window.show()
window.repaint()
window.close()
"""

OPEN_PARTY = """
import sys, time
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from tftmanager.ui.launch import configure_application
from tftmanager.ui.main_window import MainWindow
app = QApplication([])
configure_application(app)
window = MainWindow(QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.show()
app.processEvents()
start = time.perf_counter()
window.open_campaign(Path(sys.argv[1]))
app.processEvents()
print(time.perf_counter() - start, window.party_model.rowCount())
window.close()
"""


def _env(home: str, probe: str | None = None) -> dict[str, str]:
    env = dict(os.environ, HOME=home, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM",
                                                                      "offscreen"))
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_CONFIG_HOME", None)
    if probe:
        env["TFTMANAGER_STARTUP_PROBE"] = probe
    return env


def _wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, capture_output=True, timeout=120)
    return time.perf_counter() - start


def bench_startup(runs: int = 5) -> dict[str, Any]:
    """Median wall time to the first shown window, against a bare PySide6 window."""
    with tempfile.TemporaryDirectory(prefix="tftm-start-") as home:
        app_cmd = [sys.executable, "-m", "tftmanager"]
        _wall(app_cmd, _env(home, "loaded"))  # first run creates the demo copy
        bare, shown, loaded = [], [], []
        for _ in range(runs):
            bare.append(_wall([sys.executable, "-c", BARE_WINDOW], _env(home)))
            shown.append(_wall(app_cmd, _env(home, "shown")))
            loaded.append(_wall(app_cmd, _env(home, "loaded")))
    b, s, lo = (statistics.median(x) for x in (bare, shown, loaded))
    return {
        "name": "startup",
        "bare_seconds": b,
        "shown_seconds": s,
        "loaded_seconds": lo,
        "ratio_shown": s / b,
        "ratio_loaded": lo / b,
        "text": (f"start-up to first window: {s:.3f} s vs bare PySide6 {b:.3f} s, ratio "
                 f"{s / b:.2f}x; demo campaign loaded at {lo:.3f} s ({lo / b:.2f}x) "
                 f"(median of {runs})"),
    }


def bench_party(path_big: Path, path_empty: Path, runs: int = 3) -> dict[str, Any]:
    """Median time for the window to open a big campaign and fill the party table."""
    results: dict[str, list[float]] = {"big": [], "empty": []}
    rows = 0
    with tempfile.TemporaryDirectory(prefix="tftm-party-") as home:
        for _ in range(runs):
            for label, path in (("big", path_big), ("empty", path_empty)):
                out = subprocess.run(
                    [sys.executable, "-c", OPEN_PARTY, str(path), f"{home}/s.ini"],
                    env=_env(home), check=True, capture_output=True, text=True, timeout=120)
                seconds, count = out.stdout.split()
                results[label].append(float(seconds))
                rows = int(count) if label == "big" else rows
    big, empty = statistics.median(results["big"]), statistics.median(results["empty"])
    return {
        "name": "party_table",
        "rows": rows,
        "seconds": big,
        "empty_seconds": empty,
        "text": (f"window opens {rows} characters in {big:.3f} s (empty campaign "
                 f"{empty:.3f} s, ratio {big / empty:.1f}x) (median of {runs})"),
    }
