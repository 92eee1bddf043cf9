"""Problems found by validation, each tied to the field it belongs to."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tftmanager.refusal import Refusal
from tftmanager.rules.records import Record
from tftmanager.rules.text import count


class Severity(enum.Enum):
    """How bad a problem is: errors make a figure illegal, warnings do not."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, eq=False, repr=False)
class Problem(Record):
    """One thing wrong with a character, said in the player's terms.

    ``field`` names the editor field the problem belongs to (``"st"``,
    ``"weapons"``...) so the GUI can show it in place; ``item`` narrows it to
    one entry of a list field (a weapon key, say).
    """

    field: str
    message: str
    severity: Severity = Severity.ERROR
    item: str | None = None
    reference: str = ""  # where the rule is written, for the reader ("ITL p. 23")

    def as_dict(self) -> dict[str, str | None]:
        """Plain form for JSON output."""
        return {
            "field": self.field,
            "item": self.item,
            "severity": self.severity.value,
            "message": self.message,
        }


class RulesDataError(Refusal, ValueError):
    """Rules data (shipped or edited by the GM) that cannot be understood."""


def problems_summary(errors: int, warnings: int) -> str:
    """"1 error, 2 warnings", or "OK": the party table's and ``tftmanager list``'s words."""
    said = [count(n, word) for n, word in ((errors, "error"), (warnings, "warning")) if n]
    return ", ".join(said) or "OK"
