"""Campaign news for the live pages: a counter raised whenever the campaign changes.

One thread looks at the campaign a few times a second (``app.table_news``:
SQLite's data version for a file) and wakes the event loop; each page's
event stream waits on ``News.wait`` and re-renders its own view, sending it
only when it differs from what the page shows.

A player's action through this server raises the counter itself, naming
the one character it changed, so the pages re-render that character's card
only; the notice of the same operation is then no news (the watch skips
it), where it used to raise the counter again and every page re-rendered
twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

from tftmanager.app import table_news
from tftmanager.app.campaigns import Campaign
from tftmanager.app.library import forget_library

POLL_SECONDS = 0.1
TOUCHED_KEPT = 64  # versions whose characters are remembered


class News:
    """The campaign's change counter, and whether it is gone (closed or moved).

    Waiters wait on an ``asyncio.Event`` that each change sets and replaces:
    a stream cancelled while waiting (its page closed) leaves nothing half
    done, where a ``Condition`` inside ``wait_for`` raised "cannot wait on
    un-acquired lock" when cancelled at the wrong moment.
    """

    def __init__(self) -> None:
        self.version = 0
        self.gone = False
        # version -> the characters that change touched (None: unknown, maybe any);
        # the newest few only.
        self.touched: dict[int, frozenset[int] | None] = {}
        # version -> the characters whose notes alone it changed, and their notes now.
        self.noted: dict[int, dict[int, str]] = {}
        self._changed: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Attach to the server's event loop (at start-up)."""
        self._loop = loop
        self._changed = asyncio.Event()

    async def _raise(self, gone: bool, touched: frozenset[int] | None = None,
                     noted: dict[int, str] | None = None) -> None:
        assert self._changed is not None
        self.version += 1
        self.touched[self.version] = touched
        self.touched.pop(self.version - TOUCHED_KEPT, None)
        if noted:
            self.noted[self.version] = noted
        self.noted.pop(self.version - TOUCHED_KEPT, None)
        self.gone = self.gone or gone
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def changed(self, characters: frozenset[int] | None = None,
                      notes: dict[int, str] | None = None) -> int:
        """The campaign changed (this server's own action): the new version, at once.

        ``characters``: the only ones it changed (None: any may have);
        ``notes``: those of them whose notes alone it changed, with their notes now.
        """
        await self._raise(False, characters, notes)
        return self.version

    def touched_since(self, version: int) -> frozenset[int] | None:
        """The characters changed after ``version`` up to now; None when any may have."""
        if version < 0 or self.version - version >= TOUCHED_KEPT:
            return None
        found: frozenset[int] = frozenset()
        for later in range(version + 1, self.version + 1):
            touched = self.touched.get(later)
            if touched is None:
                return None
            found |= touched
        return found

    def notes_since(self, version: int) -> dict[int, str]:
        """Characters whose every change after ``version`` was to their notes: their notes now.

        Their cards are as they were at ``version``: a page needs the notes
        alone, not the card rendered again (read from the database again).
        Call it when ``touched_since(version)`` is not None.
        """
        noted: dict[int, str] = {}
        other: set[int] = set()
        for later in range(version + 1, self.version + 1):
            notes = self.noted.get(later, {})
            for cid in self.touched.get(later) or ():
                if cid in notes and cid not in other:
                    noted[cid] = notes[cid]
                else:
                    other.add(cid)
                    noted.pop(cid, None)
        return noted

    def poke(self, *, gone: bool = False) -> None:
        """Tell the pages the campaign changed; safe from any thread."""
        if self._loop is None or self._loop.is_closed():
            return
        asyncio.run_coroutine_threadsafe(self._raise(gone), self._loop)

    async def wait(self, seen: int, timeout: float) -> int:
        """The version after ``seen`` (or ``seen`` again after ``timeout`` seconds)."""
        assert self._changed is not None
        if self.version == seen:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)
        return self.version


class Watcher(threading.Thread):
    """Looks at the campaign every ``POLL_SECONDS`` and pokes the news when it changed."""

    def __init__(self, store: Campaign, news: News, interval: float = POLL_SECONDS,
                 skip: set[int] | None = None) -> None:
        super().__init__(name="table-server-watch", daemon=True)
        self.store = store
        self.watch = table_news.watch(store=store)
        self.news = news
        self.interval = interval
        self.stopping = threading.Event()
        # This server's players' operations: the pages heard of them with their answers.
        self.skip = skip

    def run(self) -> None:
        """Until stopped: look, and tell."""
        try:
            while not self.stopping.wait(self.interval):
                seen = self.watch.look(self.skip)
                if seen is table_news.Seen.GONE:
                    self.news.poke(gone=True)
                    return
                if seen is table_news.Seen.CHANGED:
                    # Someone else's change may be to the rules (a co-GM's library edit):
                    # the cards are worked out from them again, not from the copy kept.
                    forget_library(self.store)
                    self.news.poke()
        finally:
            self.watch.close()

    def stop(self) -> None:
        """End the thread (it closes its watching connection itself)."""
        self.stopping.set()
