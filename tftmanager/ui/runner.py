"""The window's one way into ``tftmanager.app``: every call runs here and ends one of four ways.

As Anki's ``CollectionOp``, an action is a function of ``app`` handed to a
runner with its keyword arguments, never called by a widget itself:

- :meth:`Runner.free` runs an action on no campaign (a file written, a
  campaign opened or created, a server's address): its changes are
  signalled, a refusal is shown in one line, a bug goes to its crash report;
  it answers a :class:`Ran` telling DONE, REFUSED, BUG and SAVED_DROPPED
  apart.  ``CampaignSession.act`` is the same for an action on the open
  campaign, given its store, and ``act_long`` for one of several steps, run
  in a worker (``ui.background``) under a bar with Cancel.
- :func:`free_query` runs a read that needs no campaign (a price, a label,
  a file's preview), as ``CampaignSession.query`` runs one on the campaign:
  a read changes nothing, and what it raises is a bug for the window's
  crash hook.
- :func:`free_check` is a read whose refusal a form answers itself (a
  typed table of costs, a price that cannot be asked): the refusal comes
  back in the :class:`Ran`, anything else is raised.

``answers`` names the refusals a caller answers itself (a form says it at
the field, the week planner asks for job values): they come back in
``Ran.refusal`` instead of a dialog, logged like any other.  Nothing else in
``ui`` calls ``app``, and no ``except`` in ``ui`` catches a refusal
(``tests/ui/test_one_runner.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tftmanager import activity_log
from tftmanager.app.changes import Changes
from tftmanager.app.errors import Failure, failure_of
from tftmanager.refusal import Refusal

if TYPE_CHECKING:
    from tftmanager.ui.signals import AppSignals

T = TypeVar("T")
Answers = tuple[type[Refusal], ...]
ROLLED_BACK = "Nothing was saved: the change was rolled back."
SAVED_ANYWAY = ("The change was saved before the error: check it (Edit > Undo takes it "
                "back).")


class Outcome(Enum):
    """How an action ended, for a caller that must tell them apart."""

    DONE = "done"
    REFUSED = "refused"  # the user's to act on: shown in one line, nothing changed
    BUG = "bug"  # a fault of ours: a crash report, the transaction rolled back
    SAVED_DROPPED = "saved, but the connection dropped"  # committed; nothing to return


@dataclass(frozen=True)
class Ran(Generic[T]):
    """What an action gave (``value``, None unless DONE) and how it ended.

    ``refusal`` is the refusal a caller said it answers itself (``answers``).
    """

    outcome: Outcome
    value: T | None = None
    refusal: Refusal | None = None

    @property
    def done(self) -> bool:
        """Whether the action ran to its end and gave its value."""
        return self.outcome is Outcome.DONE


def changes_in(result: object) -> list[Changes]:
    """The change-sets an action returned: itself, its ``changes``, or each of a list's."""
    if isinstance(result, Changes):
        return [result]
    if isinstance(result, list | tuple):
        return [c for item in result for c in changes_in(item)]
    changes = getattr(result, "changes", None)
    return [changes] if isinstance(changes, Changes) else []


def bug_message(label: str, failure: Failure, *, saved: bool = False) -> str:
    """What the dialog says of a bug: whether anything was saved, and where its report is.

    ``saved`` when the action's operation had committed before the error.
    """
    where = (f"The details are in this file; please send it with your report:\n{failure.report}"
             if failure.report else "No crash report could be written.")
    return (f"{label} hit an unexpected error ({failure.kind}): a fault in TFT Manager, "
            f"not in what you did.\n\n{SAVED_ANYWAY if saved else ROLLED_BACK}\n\n{where}"
            "\n\nHelp > Show Log Folder opens the log, which holds the same.")


def _untraced(refusal: Refusal) -> Refusal:
    """The refusal without its traceback, whose frames would keep the widgets that ran it alive."""
    return refusal.with_traceback(None)


def free_query(read: Callable[..., T], /, **arguments: Any) -> T:
    """A read of ``tftmanager.app`` that needs no campaign: ``read(**arguments)``."""
    return read(**arguments)


def free_check(read: Callable[..., T], /, *, answers: Answers, **arguments: Any) -> Ran[T]:
    """A read whose refusals in ``answers`` the form says itself: DONE or REFUSED, bugs raised."""
    try:
        return Ran(Outcome.DONE, read(**arguments))
    except answers as refusal:
        return Ran(Outcome.REFUSED, refusal=_untraced(refusal))


class Runner:
    """Runs actions on the one failure path, and signals what they changed."""

    def __init__(self, signals: AppSignals) -> None:
        self.signals = signals
        # Whether the last failed action was a bug (reported) rather than a refusal or a
        # lost connection: after a bug an editor shows what is stored, else keeps what was typed.
        self.last_failure_was_bug = False

    def free(self, label: str, action: Callable[..., T], /, *, answers: Answers = (),
             writes: bool = True, refused_as: str = "", **arguments: Any) -> Ran[T]:
        """Run ``action(**arguments)``, an action on no campaign (a file, an address)."""
        return self._run(label, lambda: action(**arguments), answers=answers, writes=writes,
                         refused_as=refused_as)

    def _run(self, label: str, action: Callable[[], T], *, answers: Answers,
             writes: bool, refused_as: str = "") -> Ran[T]:
        """Run one action: its changes are signalled; a failure is shown, not raised.

        A refusal is one line in a dialog (or, when ``answers`` names it, given
        back to the caller); anything else is a bug, kept in a crash report
        the dialog names.  ``writes=False`` is for an action that writes
        nothing (a dry run): no change is signalled.  ``refused_as`` is the
        title of a refusal's dialog, which then says only the refusal's line
        (an export that is "Not exported"); else it is "Not saved" and names
        the action.
        """
        start = activity_log.started(label)
        committed = self._committed()
        try:
            ran = self._tries(action)
        except answers as refusal:  # the caller answers it (and the log has it)
            activity_log.refused(label, start, refusal.message)
            return Ran(Outcome.REFUSED, refusal=_untraced(refusal))
        except Exception as exc:  # noqa: BLE001 - refusals shown, bugs reported, none swallowed
            bug = self._failed(label, exc, start, saved=self._committed() != committed,
                               refused_as=refused_as)
            return Ran(Outcome.BUG if bug else Outcome.REFUSED)
        activity_log.done(label, start)
        if ran.done and writes:
            for changes in changes_in(ran.value):
                self.signals.changes_applied.emit(changes)
            self.signals.journal_changed.emit()
        return ran

    def _committed(self) -> int:
        """How many commits the store has counted (an action on no campaign has none)."""
        return 0

    def _tries(self, action: Callable[[], T]) -> Ran[T]:
        """The action run once (a campaign on a server tries again when the line drops)."""
        return Ran(Outcome.DONE, action())

    def _failed(self, label: str, exc: Exception, start: float, *, saved: bool,
                refused_as: str = "") -> bool:
        """Show a refusal in one line, or a bug's crash report; log either; True for a bug."""
        failure = failure_of(label, exc, start=start, command="gui", argv=sys.argv)
        self.last_failure_was_bug = failure.bug
        if failure.bug:
            self.signals.bug_reported.emit(bug_message(label, failure, saved=saved))
            return True
        if refused_as:
            self.signals.action_refused.emit(refused_as, failure.message)
        else:
            self.signals.action_failed.emit(f"{label} failed: {failure.message}")
        return False
