"""The runner's long work: off the window's thread, under a progress bar with Cancel.

:func:`in_worker` runs an action of several steps (``CampaignSession.act_long``:
a run of job weeks) in a worker thread while the window's events turn, so
the bar moves and its Cancel is heard; the action's value, or what it
raised, comes back on the window's thread, where the runner sorts it.  The
store lets one thread at a time into a transaction, so the window waits for
the run, never writes beside it.

:class:`Background` is for a read that may take seconds (100,000 characters
of stat blocks) and must not hold the window: it runs in one worker thread,
as :func:`~tftmanager.ui.runner.free_check` runs it on the window's; its
answered refusals come back in the ``Ran`` handed to ``on_done``; a bug is
raised on the window's thread, to the crash report.  A newer read replaces
the one under way, whose result is never shown; Cancel drops it and calls
``on_cancel``.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QProgressDialog, QWidget

from tftmanager.ui.runner import Answers, Ran, free_check

T = TypeVar("T")
POLL_MS = 50  # how often the window looks whether the worker is done
SHOWN_AFTER_MS = 300  # a read quicker than this shows no bar


def in_worker(call: Callable[[], T], *, each: Callable[[], None]) -> T:
    """``call()`` in a worker thread; the window's events turn, ``each()`` every poll, meanwhile.

    Returns its value, or raises what it raised, on the window's thread.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        future = pool.submit(call)
        _wait(future, each)
    try:
        return future.result()
    finally:  # an error's traceback keeps this frame: it must keep no window alive
        del future, each, call


def _wait(future: Future[T], each: Callable[[], None]) -> None:
    """Turn the window's events until ``future`` is done, calling ``each`` at every poll."""
    loop = QEventLoop()
    poll = QTimer()

    def look() -> None:
        each()
        if future.done():
            loop.quit()

    poll.timeout.connect(look)
    poll.start(POLL_MS)
    if not future.done():
        loop.exec()
    poll.stop()
    each()


class Background:
    """One read at a time for a window (its ``parent``), in a worker of its own."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self._pool: ThreadPoolExecutor | None = None
        self._poll: QTimer | None = None
        self.progress: QProgressDialog | None = None  # the read under way (tests cancel it)

    def read(self, read: Callable[..., T], /, *, saying: str, answers: Answers,
             on_done: Callable[[Ran[T]], None], on_cancel: Callable[[], None],
             **arguments: Any) -> None:
        """Start ``read(**arguments)`` under a bar ``saying`` it; a read under way is dropped."""
        self.drop()
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1)
        future: Future[Ran[T]] = self._pool.submit(free_check, read, answers=answers,
                                                   **arguments)
        progress = QProgressDialog(saying, "Cancel", 0, 0, self.parent)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(SHOWN_AFTER_MS)
        self.progress = progress
        poll = QTimer(self.parent)

        def check() -> None:
            if progress.wasCanceled():
                self.drop()
                on_cancel()
            elif future.done():
                self.drop()
                on_done(future.result())  # a bug is raised here, on the window's thread

        poll.timeout.connect(check)
        poll.start(POLL_MS)
        self._poll = poll

    def drop(self) -> None:
        """Stop following the read under way (its result is never shown)."""
        if self._poll is not None:
            self._poll.stop()
            self._poll = None
        if self.progress is not None:
            self.progress.reset()  # stops its timer, which would show it later
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def close(self) -> None:
        """Drop the read under way and stop the worker (a read not yet begun never starts)."""
        self.drop()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
