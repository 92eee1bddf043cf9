"""The PySide6 6.12 / Python 3.11 None-reference leak cannot end a card export."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.ui

SCRIPT = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtGui import QGuiApplication, QPen
app = QGuiApplication([])
from tftmanager.cards.none_refcount import keep_none_alive
keep_none_alive()
pen = QPen()
for _ in range(50_000):  # ten times what None has references for
    pen.setWidthF(1.0)
print("done")
"""


def test_many_void_qt_calls_after_the_fix_exit_cleanly() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"


def test_the_fix_is_applied_once_and_only_where_needed(qapp: object) -> None:
    from tftmanager.cards import none_refcount

    none_refcount.keep_none_alive()
    assert none_refcount.keep_none_alive() is False  # already checked in this process
    if sys.version_info < (3, 12) and none_refcount._leaks_none():
        assert sys.getrefcount(None) > 1 << 39
