"""A character's experience at a glance, worked out from its balance without the store.

``app.experience.status`` reads the balance from the campaign; the editor's
start-up preview has it from its read-only look (``store.peek``).  Both give
the same figures because both end here.
"""

from __future__ import annotations

from dataclasses import dataclass

from tftmanager.rules.character import Character
from tftmanager.rules.experience import Attribute, next_cost, raise_refusal
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.xp_tables import CostTables


@dataclass(frozen=True)
class XPStatus:
    """A character's balance and what each attribute's next point would cost."""

    balance: int
    next_cost: int
    refusals: dict[Attribute, str]


def xp_status(character: Character, balance: int, tables: CostTables,
              profile: RuleProfile) -> XPStatus:
    """Balance, next cost and why each raise is refused (if it is)."""
    return XPStatus(balance, next_cost(character, tables, profile), {
        attribute: raise_refusal(character, attribute, balance, tables, profile)
        for attribute in Attribute
    })
