"""Work around PySide6 6.12.0 dropping a reference to None on CPython 3.11.

On this machine every call of a Qt method that returns nothing (``setPen``,
``drawLine``, ``setFont``...) lowers ``None``'s reference count by one and
never raises it back: the binding returns ``Py_None`` without a new
reference, which is harmless only where None is immortal (CPython 3.12+).
None starts near 5,000 references, so a few thousand such calls (one page of
cards makes hundreds) end the process with "Fatal Python error: none_dealloc".

The fix does what CPython 3.12 does: make None's count so large it can never
reach zero.  It is applied only when the leak is actually seen, once per
process, and is a no-op on 3.12+.  Remove it when PySide6 is fixed or the
project requires Python 3.12.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QPen

_CUSHION = 1 << 40  # references; CPython 3.12 uses a similar "immortal" count
_checked = False


def _leaks_none() -> bool:
    pen = QPen()
    before = sys.getrefcount(None)
    for _ in range(16):
        pen.setWidthF(1.0)
    return sys.getrefcount(None) <= before - 16


def keep_none_alive() -> bool:
    """Make None immortal if this PySide6 leaks references to it; True when applied."""
    global _checked
    if _checked or sys.version_info >= (3, 12):
        return False
    _checked = True
    if not _leaks_none():
        return False
    import ctypes  # noqa: PLC0415 - only when the leak is seen

    # ob_refcnt is the first field of every object in CPython 3.11.
    ctypes.c_ssize_t.from_address(id(None)).value += _CUSHION
    return True
