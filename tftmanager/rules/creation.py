"""A new figure at session zero: the race's minimums under the campaign's creation scheme.

The player then raises ST, DX and IQ in the editor; validation says how many
points are left to spend.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from tftmanager.rules.character import Character
from tftmanager.rules.races import Race
from tftmanager.rules.settings import CreationScheme

NEW_NAME = "New character"


def unused_name(taken: Collection[str], base: str = NEW_NAME) -> str:
    """``base``, or ``base 2``, ``base 3``... whichever the party does not use yet."""
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


def starting_figure(race: Race, scheme: CreationScheme, taken: Collection[str]) -> Character:
    """A figure of ``race`` at its minimum ST and DX (and IQ, where the scheme has one)."""
    limits = race.limits(scheme)
    figure = Character(name=unused_name(taken), race=race.key, st=limits.min_st,
                       dx=limits.min_dx)
    return figure if limits.min_iq is None else replace(figure, iq=limits.min_iq)
