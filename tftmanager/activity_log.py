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
import time
from collections import deque
from logging.handlers import RotatingFileHandler
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


class _QuietFile(RotatingFileHandler):
    """The rotating file, silent when the disk refuses a line.

    The standard handler prints "--- Logging error ---" and a traceback on
    stderr, which on a full disk buried the one line the user must read.
    """

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
        if isinstance(handler, RotatingFileHandler):
            if Path(handler.baseFilename) == path.absolute():
                return path
            LOGGER.removeHandler(handler)
            handler.close()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handler = _QuietFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                             encoding="utf-8", delay=True)
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
