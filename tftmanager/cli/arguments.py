"""Argument types the commands share, each refusing bad input in the user's words."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from tftmanager.app.names import did_you_mean
from tftmanager.cli.exit_codes import UNUSABLE


class Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line, like every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """One line, with a "did you mean" for a mistyped choice."""
        self.exit(UNUSABLE, f"{self.prog}: {message}{_suggestion(message)}\n")


def _suggestion(message: str) -> str:
    """" Did you mean list?" for argparse's "invalid choice: 'lst' (choose from ...)"."""
    match = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
    if match is None:
        return ""
    return did_you_mean(match[1], re.findall(r"'([^']*)'", match[2]))


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
