"""GUI benchmarks, each run in a fresh process so imports are counted honestly.

- start-up: wall time of a whole process that exits once the party of the
  demo campaign is on screen (and once the editor is ready), as a ratio to a
  bare PySide6 window started, shown and closed the same way; the party both
  on a reopened campaign (its party kept from the last run) and on a file
  opened for the first time (``bench_startup`` says which is which);
- party: time for the main window to open a big campaign and fill the party
  table, as a ratio to an empty campaign (the window and the imports are
  ready in both; the open is what is timed).

Both start from the app's compiled bytecode, as an installed app does
(``compile_bytecode``).
"""

from __future__ import annotations

import compileall
import os
import shutil
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


def compile_bytecode() -> None:
    """Compile the app's modules to ``__pycache__`` first, as an installed app has them.

    pip compiles a wheel's modules when it installs them, and a frozen app
    ships bytecode; a checkout run with ``PYTHONDONTWRITEBYTECODE`` (as some
    shells and CI set) would otherwise compile every module of the app at
    every start (about a third of the start-up to the editor), which no user
    pays.  PySide6 and the other packages the bare window uses are already
    compiled, so both sides of each ratio start from bytecode.
    """
    import tftmanager

    compileall.compile_dir(Path(tftmanager.__file__).parent, quiet=1)


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
    """Paired runs: a bare window, the app to its party (reopened, and a first open), its editor.

    Each is a whole process, from its start until it exits: the bare window
    is shown and closed; the app exits as soon as the party is on screen
    (``TFTMANAGER_STARTUP_PROBE=party``) or the editor is ready for input
    (``=editor``).  Which case each measures:

    - **reopened** (``party``, ``editor``): the demo campaign as a user reopens
      it, the same file the app opened last time, its party kept then
      (``app.kept_party``): one set-up run opens it fully and stops once the
      copy is written (``=kept``); the runs timed read it and change nothing.
    - **first open** (``first_party``): a fresh copy of the demo, never opened
      before (another file: no kept copy), named on the command line, so its
      party is worked out by the rules as it is read.
    """
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="tftm-start-") as home:
        app_cmd = [sys.executable, "-m", "tftmanager"]
        _wall(app_cmd, _env(home, "kept"))  # creates the demo copy, opens it, keeps its party
        demo = next(Path(home).rglob("*.tftcampaign"))
        bare, party, editor, first = [], [], [], []
        for run in range(runs):
            bare.append(_wall([sys.executable, "-c", BARE_WINDOW], _env(home)))
            party.append(_wall(app_cmd, _env(home, "party")))
            editor.append(_wall(app_cmd, _env(home, "editor")))
            fresh = Path(home) / f"first-open-{run}.tftcampaign"
            shutil.copyfile(demo, fresh)
            first.append(_wall([*app_cmd, str(fresh)], _env(home, "party")))
    return {
        "bare_seconds": statistics.median(bare),
        "party_seconds": statistics.median(party),
        "editor_seconds": statistics.median(editor),
        "first_party_seconds": statistics.median(first),
        "party_ratio": statistics.median(p / b for p, b in zip(party, bare, strict=True)),
        "editor_ratio": statistics.median(e / b for e, b in zip(editor, bare, strict=True)),
        "first_party_ratio": statistics.median(f / b for f, b in zip(first, bare, strict=True)),
        "all_bare": bare, "all_party": party, "all_editor": editor, "all_first_party": first,
    }


def bench_party(path_big: Path, path_empty: Path, runs: int = 3) -> dict[str, Any]:
    """Paired runs: the window opens a big campaign and fills its party table, then an empty one."""
    results: dict[str, list[float]] = {"big": [], "empty": []}
    rows = 0
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="tftm-party-") as home:
        for _ in range(runs):
            for label, path in (("big", path_big), ("empty", path_empty)):
                out = subprocess.run(
                    [sys.executable, "-c", OPEN_PARTY, str(path), f"{home}/s.ini"],
                    env=_env(home), check=True, capture_output=True, text=True, timeout=300)
                seconds, count = out.stdout.split()[-2:]
                results[label].append(float(seconds))
                rows = int(count) if label == "big" else rows
    big, empty = results["big"], results["empty"]
    return {"rows": rows, "seconds": statistics.median(big),
            "empty_seconds": statistics.median(empty),
            "ratio": statistics.median(b / e for b, e in zip(big, empty, strict=True)),
            "all_seconds": big, "all_empty_seconds": empty}
