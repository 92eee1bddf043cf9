"""A failed action told apart: a refusal in one line, or a bug with its crash report.

The GUI (``ui.session``) and the command line (``cli.failures``) both hand
what an action raised to :func:`failure_of`.  What the user can act on (a
:class:`~tftmanager.refusal.Refusal`, or a full disk, a read-only folder, a
damaged file that ``store.failures`` words) is one line and is logged as a
refusal; anything else is a bug: its crash report is written and the log
says where.  The store's errors the windows and commands react to by kind
are named here too, so they need not import the store (import-linter forbids
``ui``, ``cli`` and ``cards`` to), with ``user_message`` and
``describe_os_error`` (an operating system's failure, reading a file the
user named, in their words).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tftmanager import activity_log
from tftmanager.crash import write_crash_report
from tftmanager.refusal import Refusal
from tftmanager.rules.records import Record
from tftmanager.store.errors import (
    CampaignError,
    CampaignInUse,
    ConnectionLost,
    EditConflict,
    NewerCampaign,
    NotYours,
    ReadOnlyCampaign,
    RequestDone,
    ServerError,
)
from tftmanager.store.failures import user_message
from tftmanager.store.files import describe_os_error

__all__ = ["CampaignError", "CampaignInUse", "ConnectionLost", "EditConflict", "Failure",
           "NewerCampaign", "NotYours", "ReadOnlyCampaign", "Refusal", "RequestDone", "ServerError",
           "describe_os_error", "failure_of", "refusal_message", "user_message"]


def refusal_message(exc: BaseException) -> str | None:
    """The one line for a failure the user can act on; None for a bug."""
    if isinstance(exc, Refusal):
        return exc.message
    return user_message(exc)


@dataclass(frozen=True, eq=False, repr=False)
class Failure(Record):
    """An action that did not happen, and what to tell the user about it."""

    message: str  # the refusal's line; for a bug, one line naming the report
    report: Path | None = None  # the crash report of a bug
    bug: bool = False
    kind: str = ""  # the exception's class, for a bug


def failure_of(label: str, exc: BaseException, *, start: float, command: str,
               argv: Sequence[str]) -> Failure:
    """Sort out what ``label`` raised: log a refusal, or write and log a bug's crash report.

    ``start`` is from ``activity_log.started``; ``command`` and ``argv`` say
    where it ran (``gui`` and the GUI's arguments, or the command line's).
    """
    message = refusal_message(exc)
    if message is not None:
        activity_log.refused(label, start, message)
        return Failure(message)
    report = write_crash_report(command, argv, exc, activity_log.recent_actions())
    activity_log.crashed(label, start, exc, report)
    where = f"the details are in {report}" if report else "no crash report could be written"
    return Failure(f"unexpected error ({type(exc).__name__}); {where}", report, bug=True,
                   kind=type(exc).__name__)
