"""Python's cycle collector, paused while a bulk use case builds many objects.

A year of job weeks for a large party creates hundreds of thousands of small
objects (results, report lines, ledger rows) that all stay alive until the
run is written.  Each of the collector's full passes walks every live object
(the whole rules library and database layer too), and the run triggered many
of them: about a fifth of a run's time, for nothing to free.  Pausing it for
the run and resuming after keeps memory bounded (a run is at most 520 weeks)
and frees any cycles on the next pass.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector inside the block (nested or already paused: left as found)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
