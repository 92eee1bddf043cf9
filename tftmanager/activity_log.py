"""The log of what the app did: each action's label and time, every refusal and every bug.

One rotating file, ``tftmanager.log`` in the user's state folder (beside the
crash reports; $TFTMANAGER_LOG_DIR moves it), set up once when the GUI or the
command line starts and never on import, so code that only imports the
package writes nothing.  The labels of the last actions are also kept in
memory, for the crash report of a bug.  Passwords in server URLs are taken
out of every line, as from the crash reports.
"""

from __future__ import annotations

import logging
import os
import stat
import time
from collections import deque
from pathlib import Path

from tftmanager.crash import redact, state_folder

LOGGER = logging.getLogger("tftmanager")
LOGGER.addHandler(logging.NullHandler())  # until configure(): nothing on stderr
LOG_NAME = "tftmanager.log"
MAX_BYTES = 1_000_000  # then tftmanager.log.1 ... .3: a few thousand actions each
BACKUPS = 3
RECENT = 20  # action labels a crash report lists

_recent: deque[str] = deque(maxlen=RECENT)


def log_folder() -> Path:
    """Where the log is written: $TFTMANAGER_LOG_DIR, else ``logs`` in the state folder."""
    given = os.environ.get("TFTMANAGER_LOG_DIR")
    return Path(given) if given else state_folder() / "logs"


class _Redacting(logging.Formatter):
    """A formatter that takes passwords out of the whole line, traceback included."""

    def format(self, record: logging.LogRecord) -> str:
        """The line as the standard formatter writes it, without passwords."""
        return redact(super().format(record))


class _QuietFile(logging.FileHandler):
    """The log file, moved aside to ``.1`` (``.2``, ``.3``) when it is full; silent on failure.

    What ``logging.handlers.RotatingFileHandler`` does, in the few lines the
    log needs: that module loads sockets, pickle and queues, a tenth of the
    time a ``tftmanager list`` takes.  The standard handler prints "---
    Logging error ---" and a traceback on stderr, which on a full disk buried
    the one line the user must read.
    """

    def emit(self, record: logging.LogRecord) -> None:
        """Write the line, first moving a full file aside."""
        try:
            if self._full(record):
                self._rotate()
            super().emit(record)
        except Exception:  # noqa: BLE001 - as logging's own handlers: never raise from a log
            self.handleError(record)

    def _full(self, record: logging.LogRecord) -> bool:
        """Whether the line would take the file to MAX_BYTES (only a regular file rotates)."""
        try:
            found = Path(self.baseFilename).stat()
        except FileNotFoundError:
            return False
        if not stat.S_ISREG(found.st_mode):
            return False
        return found.st_size + len(self.format(record)) + 1 >= MAX_BYTES

    def _rotate(self) -> None:
        """``.2`` to ``.3``, ``.1`` to ``.2``, the file to ``.1`` (the oldest is dropped)."""
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # reopened by the next emit
        for number in range(BACKUPS - 1, 0, -1):
            older = Path(f"{self.baseFilename}.{number}")
            if older.exists():
                older.replace(f"{self.baseFilename}.{number + 1}")
        Path(self.baseFilename).replace(f"{self.baseFilename}.1")

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        """Drop the line: a log that cannot be written never speaks over the app."""


def configure() -> Path | None:
    """Send the log to the rotating file; returns it (None if it cannot be written).

    Called at the start of the GUI and of each command; a second call for the
    same folder does nothing, and one for another folder (a test's) moves it.
    A log that cannot be written never stops the app.
    """
    path = log_folder() / LOG_NAME
    for handler in list(LOGGER.handlers):
        if isinstance(handler, _QuietFile):
            if Path(handler.baseFilename) == path.absolute():
                return path
            LOGGER.removeHandler(handler)
            handler.close()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handler = _QuietFile(path, encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setFormatter(_Redacting("%(asctime)s %(levelname)s %(message)s"))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    return path


def started(label: str) -> float:
    """Note that an action starts (a crash report lists it); returns its start time."""
    _recent.append(label)
    return time.perf_counter()


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def done(label: str, start: float) -> None:
    """Log an action that did what it was asked, with its time."""
    LOGGER.info("%s: done in %.0f ms", label, _ms(start))


def refused(label: str, start: float, message: str) -> None:
    """Log a refusal, with the line the user was shown."""
    LOGGER.warning("%s: refused after %.0f ms: %s", label, _ms(start), message)


def crashed(label: str, start: float, exc: BaseException, report: Path | None) -> None:
    """Log a bug with its traceback and where its crash report is."""
    LOGGER.error("%s: unexpected %s after %.0f ms; crash report %s", label,
                 type(exc).__name__, _ms(start), report or "(none could be written)",
                 exc_info=exc)


def recent_actions() -> list[str]:
    """The labels of the last actions, oldest first."""
    return list(_recent)
