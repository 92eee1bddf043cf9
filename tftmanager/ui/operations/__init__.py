"""The GUI's actions, one small module per feature, each function one use case.

Widgets call these for every change; reads go through the session.

Each feature's module is imported the first time it is named
(``operations.weeks``): the editor names ``operations`` when it is built, and
importing every feature then (the interchange formats and stat blocks most of
all) cost the start-up a few hundredths of a second before the editor was
ready, for actions the user may never take.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tftmanager.ui.operations import (
        abilities,
        campaign,
        characters,
        copies,
        encounters,
        equipment,
        experience,
        interop,
        journal,
        library,
        notes,
        weeks,
    )

# Every module of the package (tests/ui/test_operations_package.py keeps it so).
__all__ = ["abilities", "campaign", "characters", "copies", "encounters", "equipment",
           "experience", "interop", "journal", "library", "notes", "weeks"]


def __getattr__(name: str) -> ModuleType:
    """Import a feature's module when it is first named (PEP 562)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
