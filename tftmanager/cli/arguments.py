"""Argument types the commands share, each refusing bad input in the user's words."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def positive_int(what: str, too_small: str) -> Callable[[str], int]:
    """An argparse type for a whole number of 1 or more (``what`` names it, "a week number").

    ``too_small`` is the line shown for 0 or less ("campaign weeks start at week 1").
    """
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not {what}") from None
        if value < 1:
            raise argparse.ArgumentTypeError(too_small)
        return value

    return parse
