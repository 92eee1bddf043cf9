"""The open campaign in the GUI: its store, the app signals, and the runner given the store.

The session is the window's runner (:class:`~tftmanager.ui.runner.Runner`)
on the open campaign: :meth:`CampaignSession.act` gives an action of
``tftmanager.app`` the store (``act(label, equipment.sell, character_id=...,
uid=..., price=...)``), signals what it changed, retries a server's dropped
connection and sends a failure down the one failure path: a refusal shown in
one line, a bug to a crash report.  It answers with a ``Ran``, whose
``Outcome`` tells a refusal, a bug and "saved, but the connection dropped"
apart.  :meth:`~CampaignSession.act_long` does the same for a run of several
steps, with a progress bar and Cancel; ``query`` gives a read the store and
:meth:`~CampaignSession.check` a read whose refusal the form answers.
Nothing else in ``ui`` calls ``app`` (``tests/ui/test_one_runner.py``).
Each action's label and time, each refusal and each bug go to the log.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from tftmanager.app import campaigns
from tftmanager.app.changes import Changes
from tftmanager.app.errors import ConnectionLost, EditConflict
from tftmanager.app.location import CAMPAIGN_SUFFIX
from tftmanager.ui.runner import (
    ROLLED_BACK,
    SAVED_ANYWAY,
    Answers,
    Outcome,
    Ran,
    Runner,
    bug_message,
    changes_in,
    free_check,
)
from tftmanager.ui.session_reads import CampaignReads
from tftmanager.ui.signals import AppSignals

if TYPE_CHECKING:
    from PySide6.QtWidgets import QProgressDialog, QWidget

    from tftmanager.app.location import CampaignLocation
    from tftmanager.app.server_campaigns import ServerAddress

T = TypeVar("T")
# Told how far a long run has got (steps done, of how many); returns False to stop it.
Progress = Callable[[int, int], bool]
RECONNECTED = "Reconnected to the server after the connection dropped; the change is saved."
# After a dropped connection, the action is tried again after each of these waits (seconds):
# a server restarting takes a moment, and trying at once only fails again.
RETRY_WAITS = (0.2, 0.5, 1.0, 2.0)
RETRY_FAILED = ("The server cannot be reached, even on a new connection. What you typed "
                "is still in its field; try again when the connection is back.")


__all__ = ["ROLLED_BACK", "SAVED_ANYWAY", "CampaignSession", "Outcome", "Ran", "bug_message",
           "changes_in"]


class CampaignSession(Runner, CampaignReads):
    """One open campaign: its reads, and the runner that gives its actions the store."""

    def __init__(self, store: campaigns.Campaign, signals: AppSignals) -> None:
        super().__init__(signals)
        self.store = store
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

    def act(self, label: str, action: Callable[..., T], /, *, answers: Answers = (),
            writes: bool = True, refused_as: str = "", **arguments: Any) -> Ran[T]:
        """Run the app function ``action`` on the open campaign: ``action(store=, **arguments)``.

        The one way the window changes a campaign: its changes are signalled,
        a refusal is shown in one line (or given back, when ``answers`` names
        it), a bug goes to its crash report (the action's transaction rolled
        back).  On a server campaign a dropped connection is retried on a new
        one (the pool reconnects), so the edit being made is not lost; a
        conflict with another user's change is explained, then the view shows
        theirs.
        """
        return self._run(label, lambda: action(store=self.store, **arguments),
                         answers=answers, writes=writes, refused_as=refused_as)

    def _run(self, label: str, action: Callable[[], T], *, answers: Answers,
             writes: bool, refused_as: str = "") -> Ran[T]:
        """The runner's, saying so when the action needed a new connection to the server."""
        ran = super()._run(label, action, answers=answers, writes=writes, refused_as=refused_as)
        if self._retried and ran.outcome in (Outcome.DONE, Outcome.SAVED_DROPPED):
            self.signals.status_noted.emit(RECONNECTED)
        return ran

    def check(self, read: Callable[..., T], /, *, answers: Answers,
              **arguments: Any) -> Ran[T]:
        """A read of the campaign whose refusals in ``answers`` the caller says itself."""
        return free_check(read, answers=answers, store=self.store, **arguments)

    def act_long(self, label: str, action: Callable[..., T], /, *, steps: int,
                 parent: QWidget | None, text: str, answers: Answers = (), writes: bool = True,
                 **arguments: Any) -> Ran[T]:
        """``act`` for an action of several steps, in a worker under a bar whose Cancel stops it.

        ``action`` is also handed ``progress`` (None for a single step, which
        shows no bar and runs on the window's thread); what it finished
        before Cancel is its to keep.
        """
        if steps <= 1:
            return self.act(label, action, answers=answers, writes=writes, progress=None,
                            **arguments)
        from PySide6.QtCore import Qt  # noqa: PLC0415 - only for a long run
        from PySide6.QtWidgets import QProgressDialog  # noqa: PLC0415

        from tftmanager.ui.background import in_worker  # noqa: PLC0415

        dialog = QProgressDialog(text, "Cancel", 0, steps, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(0)
        self.progress_dialog: QProgressDialog | None = dialog
        done, stop = [0], threading.Event()

        def progress(finished: int, _total: int) -> bool:  # in the worker: no widget here
            done[0] = finished
            return not stop.is_set()

        def shown() -> None:  # on the window's thread, while the worker runs
            if dialog.wasCanceled():
                stop.set()  # the run stops after the step in hand
            elif done[0] != dialog.value():
                dialog.setValue(done[0])
        try:
            return self._run(label, lambda: in_worker(
                lambda: action(store=self.store, progress=progress, **arguments), each=shown),
                answers=answers, writes=writes)
        finally:
            dialog.close()

    def _committed(self) -> int:
        """The store's count of commits: one made during a failed action was saved."""
        return self.store.committed

    def _failed(self, label: str, exc: Exception, start: float, *, saved: bool,
                refused_as: str = "") -> bool:
        """The runner's failure path; after a conflict, the other user's change appears."""
        bug = super()._failed(label, exc, start, saved=saved, refused_as=refused_as)
        if isinstance(exc, EditConflict):
            self.refresh_all()
            self.signals.status_noted.emit(exc.message)
        return bug

    def _tries(self, action: Callable[[], T]) -> Ran[T]:
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
        title = self.query(campaigns.campaign_name)
        name = "".join(c for c in title if c not in '<>:"/\\|?*').strip() or "campaign"
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
