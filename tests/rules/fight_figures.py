"""Figures for the fight's tests, with the reactions to injury of the shipped rules data.

A figure's reactions (Melee's 5 and 8 hits, its -2 DX, -3 DX at ST 3 or less)
have no defaults in the code: they always come from injury.toml, as the app's
figures do.  A test that needs others (a giant's 9 and 16) passes them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tftmanager.rules.encounter_figure import Figure, SavedDefaults
from tftmanager.rules.new_figures import saved_defaults
from tftmanager.shipped import shipped_library


@cache
def saved() -> SavedDefaults:
    """The shipped data's values, as the app reads a saved fight with them."""
    return saved_defaults(shipped_library())


def figure(**values: Any) -> Figure:
    """A Figure whose reactions not given are the shipped data's (Melee's)."""
    return Figure(**{**saved().reactions, **values})
