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
    return session.run(
        f"Award {amount} XP to {who}",
        lambda: experience.award(store=session.store, character_ids=character_ids,
                                 amount=amount, reason=reason, split=split))


def award_combat(session: CampaignSession,
                 awards: list[tuple[int, Award]]) -> experience.Written | None:
    """Melee's combat awards (undoable)."""
    return session.run(
        "Combat experience",
        lambda: experience.award_each(store=session.store, awards=awards))


def buy_memory(session: CampaignSession, character_id: int) -> experience.Written | None:
    """Legacy rule: a memory point for XP (undoable)."""
    return session.run("Buy memory", lambda: experience.buy_memory(
        store=session.store, character_id=character_id))


def raise_attribute(session: CampaignSession, character_id: int,
                    attribute: Attribute) -> experience.Written | None:
    """Spend XP on a point (undoable); None when refused."""
    return session.run(
        f"Raise {attribute.label}",
        lambda: experience.raise_attribute(store=session.store, character_id=character_id,
                                           attribute=attribute))
