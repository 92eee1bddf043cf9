"""Crash reports: the traceback of a bug kept in a file the user can send.

Shared by the command line and the GUI, which both show one line (or one
dialog) naming the file instead of a traceback.  A report holds the version,
the command or window, the arguments, the last actions the user took and the
traceback; it is readable by its owner only (it may quote names from a
campaign), and a server campaign's password never reaches it.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from tftmanager import APP_NAME, __version__

# user:password@ in a PostgreSQL URL (with or without a driver, e.g. postgresql+psycopg).
_URL_PASSWORD = re.compile(r"(postgres(?:ql)?(?:\+\w+)?://[^:/@\s]*):[^@\s]*@", re.IGNORECASE)
# ?password=... or &password=... in a URL's query, and a libpq "password=..." keyword.
_PASSWORD_PARAM = re.compile(r"\b(password=)[^&\s'\"]*", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every PostgreSQL password taken out (postgresql://user@host stays)."""
    return _PASSWORD_PARAM.sub(r"\1…", _URL_PASSWORD.sub(r"\1@", text))


def state_folder() -> Path:
    """The user's folder for what the app keeps about its own runs (logs, crash reports).

    The XDG state folder on Linux and the BSDs (``~/.local/state/tftmanager``),
    Application Support on macOS, the local application data on Windows.
    """
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_NAME
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        return (Path(local) if local else Path.home() / "AppData" / "Local") / APP_NAME
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "tftmanager"


def crash_folder() -> Path:
    """Where crash reports go: $TFTMANAGER_CRASH_DIR, else the user's state folder."""
    given = os.environ.get("TFTMANAGER_CRASH_DIR")
    return Path(given) if given else state_folder() / "crash-reports"


def report_text(command: str, argv: Sequence[str], exc: BaseException,
                recent: Sequence[str] = ()) -> str:
    """What a crash report says, passwords taken out."""
    lines = "".join(f"  {label}\n" for label in recent) or "  (none)\n"
    text = (f"TFT Manager {__version__} crash report\ncommand: tftmanager {command}\n"
            f"arguments: {list(argv)!r}\nPython {sys.version}\nplatform: {sys.platform}\n"
            f"last actions, oldest first:\n{lines}\n"
            + "".join(traceback.format_exception(exc)))
    return redact(text)


def _write_private(folder: Path, name: str, text: str) -> Path:
    """Write a new file only its owner can read, in a folder only its owner can enter."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    return path


def write_crash_report(command: str, argv: Sequence[str], exc: BaseException,
                       recent: Sequence[str] = ()) -> Path | None:
    """Keep the traceback of a bug in a file; returns it, or None if nothing could be kept.

    ``recent`` are the labels of the last actions, oldest first.  Where the
    user's folder cannot be written, a new private folder in the temporary
    folder takes the report (never the shared temporary folder itself).
    """
    import datetime  # noqa: PLC0415 - only for a crash: every command imports this module
    import tempfile  # noqa: PLC0415

    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S-%f")
    name = f"tftmanager-crash-{stamp}-{os.getpid()}.txt"
    text = report_text(command, argv, exc, recent)
    try:
        return _write_private(crash_folder(), name, text)
    except OSError:
        pass
    try:
        return _write_private(Path(tempfile.mkdtemp(prefix="tftmanager-crash-")), name, text)
    except OSError:
        return None
