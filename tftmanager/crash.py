"""Crash reports: the traceback of a bug kept in a file the user can send.

Shared by the command line and the GUI, which both show one line (or one
dialog) naming the file instead of a traceback.
"""

from __future__ import annotations

import datetime
import os
import sys
import tempfile
import traceback
from pathlib import Path

from tftmanager import __version__


def crash_folder() -> Path:
    """Where crash reports go: $TFTMANAGER_CRASH_DIR, else the user's state folder."""
    given = os.environ.get("TFTMANAGER_CRASH_DIR")
    if given:
        return Path(given)
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tftmanager" / "crash-reports"


def write_crash_report(command: str, argv: list[str], exc: BaseException) -> Path | None:
    """Keep the traceback of a bug in a file; returns it, or None if nothing could be kept."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    text = (f"TFT Manager {__version__} crash report\ncommand: tftmanager {command}\n"
            f"arguments: {argv!r}\nPython {sys.version}\n\n"
            + "".join(traceback.format_exception(exc)))
    for folder in (crash_folder(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"tftmanager-crash-{stamp}-{os.getpid()}.txt"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None
