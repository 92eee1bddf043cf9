"""Python's cycle collector: the one place it is paused or told to leave objects alone.

Two moments build many objects that stay alive, so the collector's passes
(each walks every live object) cost time and free nothing:

- **Start-up.**  The modules, the window and the storage layer live until
  the app quits; every pass walked them again (about a tenth of a second
  until the editor was ready), and so did the passes Python makes when the
  process ends.  So the collector is paused as the app starts
  (``paused_for_start_up``), and once it has started what start-up built is
  set aside (``keep_for_good``: frozen) and the collector turned back on for
  what is made from then on.  Objects set aside are still freed as soon as
  nothing refers to them; only a reference cycle among them (a few thousand
  small objects, made once) is kept until the app quits.  A command
  (``tftmanager list``) is paused the same way until its modules are loaded:
  building the rules' classes made the collector pass several times.
- **A run of weeks.**  A year of job weeks for a large party creates hundreds of thousands of small
objects (results, report lines, ledger rows) that all stay alive until the
run is written.  Each of the collector's full passes walks every live object
(the whole rules library and database layer too), and the run triggered many
of them: about a fifth of a run's time, for nothing to free.  Pausing it for
the run and resuming after keeps memory bounded (a run is at most 520 weeks)
and frees any cycles on the next pass.  What a run that ends well has made
and kept (its reports and results, some 20,000 objects for a year of 100
characters) is set aside as the collector resumes, as start-up's is: its
first pass would have walked all of them (about a tenth of the rules' own
time) to free nothing, since nothing in them refers back to itself, and
they are freed as soon as they are dropped.  A run that fails is not set
aside.
- **A table server's requests.**  Each player's action builds a few thousand
  short-lived objects (the ORM's rows, the card's parts); Python's default
  passes over the young objects every 700 new ones, and in a busy table
  server the collector's passes took about a quarter of its time.  A server
  (``serving``) sets aside what it built to start, and passes over the young
  objects every ``SERVING_YOUNG`` instead: still several passes a second
  when busy, so memory stays bounded, at a fraction of the cost.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


def paused_for_start_up() -> None:
    """Pause the collector while the app starts (``keep_for_good`` resumes it)."""
    gc.disable()


def keep_for_good(*, started: bool = False) -> None:
    """Set aside what start-up built; once the app has ``started``, collect again."""
    gc.freeze()
    if started:
        gc.enable()


@contextmanager
def collector_paused(*, keep: bool = False) -> Iterator[None]:
    """Pause the cycle collector inside the block (nested or already paused: left as found).

    With ``keep``, what is alive when the block ends without an error is set
    aside (frozen, as ``keep_for_good`` does) before the collector runs again.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    ended = False
    try:
        yield
        ended = True
    finally:
        if was_enabled:
            if keep and ended:
                gc.freeze()
            gc.enable()


SERVING_YOUNG = 10_000  # new objects between passes over the young (Python's default: 700)


def serving() -> None:
    """A server about to serve: what it built is set aside and the young passed over less often.

    Process-wide: only a process that serves (``tftmanager table-server``)
    calls it, not the window that runs a table server in a thread.
    """
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(SERVING_YOUNG, middle, old)
