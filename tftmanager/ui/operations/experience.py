"""Awards and spending experience.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    experience,
)
from tftmanager.rules.awards import Award
from tftmanager.rules.experience import Attribute
from tftmanager.ui.session import CampaignSession


def award(session: CampaignSession, character_ids: list[int], amount: int, reason: str, *,
          split: bool = False) -> experience.Written | None:
    """A GM award (undoable); None when refused."""
    who = "the party" if len(character_ids) > 1 else "one character"
    return session.act(f"Award {amount} XP to {who}", experience.award,
                       character_ids=character_ids, amount=amount, reason=reason, split=split).value


def award_combat(session: CampaignSession,
                 awards: list[tuple[int, Award]]) -> experience.Written | None:
    """Melee's combat awards (undoable)."""
    return session.act("Combat experience", experience.award_each, awards=awards).value


def buy_memory(session: CampaignSession, character_id: int) -> experience.Written | None:
    """Legacy rule: a memory point for XP (undoable)."""
    return session.act("Buy memory", experience.buy_memory, character_id=character_id).value


def raise_attribute(session: CampaignSession, character_id: int,
                    attribute: Attribute) -> experience.Written | None:
    """Spend XP on a point (undoable); None when refused."""
    return session.act(f"Raise {attribute.label}", experience.raise_attribute,
                       character_id=character_id, attribute=attribute).value
