"""``--smoke``: start, open the campaign, say what is open, and quit.

The frozen app, the pipx install and CI's dist workflow cannot be clicked
through; started with ``--smoke`` (or ``TFTMANAGER_SMOKE=1``) the real start-up
runs (window, fonts, the campaign or a new demo copy, the party table) and the
process exits 0 only if a campaign is open with its characters listed.  A
start-up that hangs (a dialog nobody will answer) exits 3 after a time limit
instead of blocking a build for ever.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from tftmanager.ui.main_window import MainWindow

SMOKE_FLAG = "--smoke"
SMOKE_ENV = "TFTMANAGER_SMOKE"
TIME_LIMIT_MS = 120_000
EXIT_NOTHING_OPEN = 1
EXIT_TIMED_OUT = 3


def wanted(args: Sequence[str], environ: Mapping[str, str]) -> bool:
    """Whether this start is a smoke test (the flag, or the variable set to anything but 0)."""
    return SMOKE_FLAG in args or environ.get(SMOKE_ENV, "0") not in ("", "0")


def arm_time_limit(limit_ms: int = TIME_LIMIT_MS,
                   end: Callable[[int], object] = os._exit) -> threading.Timer:
    """End the process with exit 3 if the start-up has not finished in time.

    A thread, not a Qt timer: a start-up stuck in a modal dialog (the crash
    dialog after a failed import, say) or in C code must still end, and
    ``QApplication.exit`` from inside a dialog's loop was seen not to.
    """
    def give_up() -> None:
        print(f"smoke: no campaign open after {limit_ms / 1000:.0f} s", file=sys.stderr,
              flush=True)
        end(EXIT_TIMED_OUT)

    timer = threading.Timer(limit_ms / 1000, give_up)
    timer.daemon = True
    timer.start()
    return timer


def report(window: MainWindow) -> int:
    """Print what is open and return the exit status (0 only with a campaign open)."""
    session = window.session
    if session is None or not window.isVisible():
        print("smoke: the window opened no campaign", file=sys.stderr, flush=True)
        return EXIT_NOTHING_OPEN
    rows = window.party_model.rowCount()
    print(f"smoke: ok, {session.path.name} open with {rows} characters", flush=True)
    return 0


def finish(window: MainWindow, app: QApplication) -> None:
    """Report, then leave the event loop with the status."""
    status = report(window)
    QTimer.singleShot(0, lambda: app.exit(status))
