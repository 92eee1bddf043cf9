"""The GUI's actions, one small module per feature, each function one use case.

Widgets call these for every change; reads go through the session.
"""

from __future__ import annotations

from tftmanager.ui.operations import (
    abilities,
    campaign,
    characters,
    equipment,
    experience,
    interop,
    journal,
    library,
    weeks,
)

__all__ = ["abilities", "campaign", "characters", "equipment", "experience", "interop",
           "journal", "library", "weeks"]
