"""The open campaign in the GUI: its store, the app signals, and the one way to act.

The session is the window's runner, as Anki's ``CollectionOp``: an action is
a function of ``tftmanager.app`` and :meth:`CampaignSession.act` gives it the
store (``act(label, equipment.sell, character_id=..., uid=..., price=...)``),
signals what it changed, retries a server's dropped connection and sends a
failure down the one failure path: a refusal shown in one line, a bug to a
crash report.  It answers with a :class:`Ran`, whose :class:`Outcome` tells
a refusal, a bug and "saved, but the connection dropped" apart.
:meth:`~CampaignSession.act_long` does the same for a run of several steps,
with a progress bar and Cancel; :meth:`~CampaignSession.query` gives a read
the store.  Nothing else in ``ui`` hands the store to ``app``
(``tests/ui/test_one_runner.py``).  Each action's label and time, each
refusal and each bug go to the log.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tftmanager import activity_log
from tftmanager.app import campaigns
from tftmanager.app.changes import Changes
from tftmanager.app.errors import ConnectionLost, EditConflict, Failure, failure_of
from tftmanager.app.location import CAMPAIGN_SUFFIX
from tftmanager.ui.session_reads import CampaignReads
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog, QWidget

    from tftmanager.app.location import CampaignLocation
    from tftmanager.app.server_campaigns import ServerAddress

T = TypeVar("T")
# Told how far a long run has got (steps done, of how many); returns False to stop it.
Progress = Callable[[int, int], bool]
ROLLED_BACK = "Nothing was saved: the change was rolled back."
SAVED_ANYWAY = ("The change was saved before the error: check it (Edit > Undo takes it "
                "back).")
RECONNECTED = "Reconnected to the server after the connection dropped; the change is saved."
# After a dropped connection, the action is tried again after each of these waits (seconds):
# a server restarting takes a moment, and trying at once only fails again.
RETRY_WAITS = (0.2, 0.5, 1.0, 2.0)
RETRY_FAILED = ("The server cannot be reached, even on a new connection. What you typed "
                "is still in its field; try again when the connection is back.")


class Outcome(Enum):
    """How an action ended, for a caller that must tell them apart."""

    DONE = "done"
    REFUSED = "refused"  # the user's to act on: shown in one line, nothing changed
    BUG = "bug"  # a fault of ours: a crash report, the transaction rolled back
    SAVED_DROPPED = "saved, but the connection dropped"  # committed; nothing to return


@dataclass(frozen=True)
class Ran(Generic[T]):
    """What an action gave (``value``, None unless DONE) and how it ended."""

    outcome: Outcome
    value: T | None = None

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


class CampaignSession(CampaignReads):
    """One open campaign: reads for the windows, and ``run`` for the operations."""

    pending = False  # the campaign's store itself (``PreviewSession`` stands in before it)

    def __init__(self, store: campaigns.Campaign, signals: AppSignals) -> None:
        self.store = store
        self.signals = signals
        # Whether the last failed action was a bug (reported) rather than a refusal or a
        # lost connection: after a bug an editor shows what is stored, else keeps what was typed.
        self.last_failure_was_bug = False
        self._retried = False  # the last action needed a second connection

    @classmethod
    def open(cls, path: Path, signals: AppSignals) -> CampaignSession:
        """Open a campaign file (raises CampaignError with a message for the user)."""
        return cls(campaigns.open_existing(path=path), signals)

    @classmethod
    def open_read_only(cls, path: Path, signals: AppSignals) -> CampaignSession:
        """Open a campaign file only to look at it (its folder cannot be written, say).

        No lock and one snapshot, as the command line's reading commands; every
        operation is refused by the store.
        """
        return cls(campaigns.open_for_reading(path=path), signals)

    @classmethod
    def create(cls, path: Path, signals: AppSignals, *, demo: bool = False,
               history: bool = False) -> CampaignSession:
        """Create a campaign file and open it (the demo with twelve weeks played, if asked)."""
        return cls(campaigns.new_campaign(path=path, demo=demo, history=history), signals)

    @classmethod
    def open_address(cls, address: ServerAddress, signals: AppSignals) -> CampaignSession:
        """Open a server campaign (the address may carry a password typed for this time)."""
        from tftmanager.app import server_campaigns  # noqa: PLC0415 - psycopg

        return cls(server_campaigns.open_campaign(address=address), signals)

    def assigned(self) -> set[int] | None:
        """The characters this login may change; None when it may change every one."""
        if not self.store.shared:
            return None
        from tftmanager.app import server_campaigns  # noqa: PLC0415

        return self.query(server_campaigns.assigned)

    @property
    def is_player(self) -> bool:
        """A player's login on a server campaign (the GM's tools are not theirs)."""
        return self.store.shared and self.store.role == "player"

    def act(self, label: str, action: Callable[..., T], /, *,
            passes: tuple[type[Exception], ...] = (), writes: bool = True,
            **arguments: Any) -> Ran[T]:
        """Run the app function ``action`` on the open campaign: ``action(store=, **arguments)``.

        The one way the window changes a campaign; see :meth:`attempt` for
        what happens to its changes and its failures.
        """
        return self.attempt(label, lambda: action(store=self.store, **arguments),
                            passes=passes, writes=writes)

    def run(self, label: str, action: Callable[[], T], *,
            passes: tuple[type[Exception], ...] = (), writes: bool = True) -> T | None:
        """:meth:`attempt` for an action that needs no store (a backup, a file), its value."""
        return self.attempt(label, action, passes=passes, writes=writes).value

    def attempt(self, label: str, action: Callable[[], T], *,
                passes: tuple[type[Exception], ...] = (), writes: bool = True) -> Ran[T]:
        """Run one action: its changes are signalled; a failure is shown, not raised.

        A refusal is one line in a dialog; anything else is a bug, kept in a
        crash report the dialog names (the action's transaction rolled back).
        ``passes`` are refusals the caller answers itself (a run of weeks
        asking for job values): they are raised to it.  ``writes=False`` is
        for an action that writes nothing (a dry run): no change is signalled.
        On a server campaign a dropped connection is retried once on a new
        one (the pool reconnects), so the edit being made is not lost; a
        conflict with another user's change is explained, then the view shows
        theirs.
        """
        start = activity_log.started(label)
        committed = self.store.committed
        try:
            ran = self._attempt(action)
        except passes as exc:  # the caller answers it (and the log has it)
            activity_log.refused(label, start, str(exc))
            raise
        except Exception as exc:  # noqa: BLE001 - refusals shown, bugs reported, none swallowed
            bug = self._failed(label, exc, start, saved=self.store.committed != committed)
            return Ran(Outcome.BUG if bug else Outcome.REFUSED)
        activity_log.done(label, start)
        if ran.done and writes:
            for changes in changes_in(ran.value):
                self.signals.changes_applied.emit(changes)
            self.signals.journal_changed.emit()
        if self._retried:
            self.signals.status_noted.emit(RECONNECTED)
        return ran

    def act_long(self, label: str, action: Callable[..., T], /, *, steps: int,
                 parent: QWidget | None, text: str,
                 passes: tuple[type[Exception], ...] = (), writes: bool = True,
                 **arguments: Any) -> Ran[T]:
        """``act`` for an action of several steps, with a progress bar whose Cancel stops it.

        ``action`` is also handed ``progress`` (None for a single step, which
        shows no bar); what it finished before Cancel is its to keep.
        """
        if steps <= 1:
            return self.act(label, action, passes=passes, writes=writes, progress=None,
                            **arguments)
        from PySide6.QtCore import Qt  # noqa: PLC0415 - only for a long run
        from PySide6.QtWidgets import QProgressDialog  # noqa: PLC0415

        dialog = QProgressDialog(text, "Cancel", 0, steps, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        self.progress_dialog: QProgressDialog | None = dialog

        def progress(done: int, _total: int) -> bool:
            dialog.setValue(done)
            return not dialog.wasCanceled()
        try:
            return self.act(label, action, passes=passes, writes=writes, progress=progress,
                            **arguments)
        finally:
            dialog.close()

    def _failed(self, label: str, exc: Exception, start: float, *, saved: bool) -> bool:
        """Show a refusal in one line, or a bug's crash report; log either; True for a bug."""
        failure = failure_of(label, exc, start=start, command="gui", argv=sys.argv)
        self.last_failure_was_bug = failure.bug
        if failure.bug:
            self.signals.bug_reported.emit(bug_message(label, failure, saved=saved))
            return True
        self.signals.action_failed.emit(f"{label} failed: {failure.message}")
        if isinstance(exc, EditConflict):
            self.refresh_all()  # the other user's change appears
            self.signals.status_noted.emit(failure.message)
        return False

    def _attempt(self, action: Callable[[], T]) -> Ran[T]:
        """The action, tried again if the connection dropped under it, waiting longer each time.

        Each try connects afresh; the waits (``RETRY_WAITS``, under 4 s in all)
        let a restarting server come back instead of failing at once.
        """
        self._retried = False
        try:
            return Ran(Outcome.DONE, action())
        except ConnectionLost as lost:
            if lost.saved:  # it committed as the line dropped: doing it again would be twice
                self.refresh_all()
                self.signals.status_noted.emit(lost.message)
                return Ran(Outcome.SAVED_DROPPED)
            self.signals.status_noted.emit("Lost the connection to the server; trying again "
                                           "on a new connection…")
        self._retried = True
        for attempt, wait in enumerate(RETRY_WAITS, start=1):
            time.sleep(wait)
            try:
                return Ran(Outcome.DONE, action())
            except ConnectionLost as exc:
                if exc.saved:
                    self.refresh_all()
                    self.signals.status_noted.emit(exc.message)
                    return Ran(Outcome.SAVED_DROPPED)
                if attempt == len(RETRY_WAITS):
                    raise ConnectionLost(exc.path, RETRY_FAILED) from exc
        raise AssertionError("unreachable: the last try returns or raises")

    def refresh_all(self) -> None:
        """Look at the server again and redraw everything (after a conflict, say)."""
        ids = frozenset(self.look())
        self.signals.changes_applied.emit(Changes(party=True, characters=ids, ledger=True,
                                                  week=True))
        self.signals.journal_changed.emit()

    def look(self) -> set[int]:
        """Read what other users changed since the last look (a file has no one else)."""
        return set(self.store.look())

    @property
    def path(self) -> Path:
        """The campaign file (a server campaign has none: use ``location``)."""
        return self.store.path

    @property
    def read_only(self) -> bool:
        """Opened only to look at: the window disables every edit and says why."""
        return self.store.read_only

    @property
    def shared(self) -> bool:
        """Whether the campaign lives on a server, shared with a group."""
        return self.store.shared

    @property
    def location(self) -> CampaignLocation:
        """The file or the server URL (never with a password): what is remembered."""
        return self.query(campaigns.location_of)

    @property
    def beside(self) -> Path:
        """Where files made from the campaign are suggested (copies, PDFs).

        Beside the file; a server campaign has none, so a file named after it
        in the user's documents.
        """
        if not self.store.shared:
            return self.store.path
        from PySide6.QtCore import QStandardPaths  # noqa: PLC0415

        documents = QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.DocumentsLocation)
        name = "".join(c for c in self.name() if c not in '<>:"/\\|?*').strip() or "campaign"
        return Path(documents) / f"{name}{CAMPAIGN_SUFFIX}"

    @property
    def place(self) -> str:
        """A short name of where it is, for the title bar."""
        return self.query(campaigns.place)

    @property
    def backup_path(self) -> Path | None:
        """The copy made before this campaign was upgraded, if it was."""
        return self.store.backup_path

    def take_backup(self, root: Path) -> None:
        """A rolling backup of the campaign just opened; a failure is only reported.

        A server campaign is backed up by its server (and File > Save a Copy).
        """
        if self.store.shared:
            return
        self.act("Backup", campaigns.take_backup, root=root, writes=False)

    def close(self) -> None:
        """Release the campaign file (its journal stays in it for next time)."""
        self.store.close()
