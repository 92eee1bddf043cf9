"""Learning and forgetting talents and spells; studies; the studies-only week.

Each function runs one application use case through the open session, which
reports a refusal to the user and signals what changed (Anki's aqt/operations).
"""

from __future__ import annotations

from tftmanager.app import (
    abilities,
)
from tftmanager.ui.session import CampaignSession


def learn(session: CampaignSession, character_id: int, kind: str, key: str, name: str) -> bool:
    """Learn a talent or spell (undoable); False when the rules refused it."""
    learn = abilities.learn_talent if kind == "talent" else abilities.learn_spell
    return session.act(f"Learn {name}", learn, character_id=character_id, key=key).done


def forget(session: CampaignSession, character_id: int, kind: str, key: str) -> None:
    """Forget a talent or spell (undoable)."""
    forget = abilities.forget_talent if kind == "talent" else abilities.forget_spell
    session.act("Forget", forget, character_id=character_id, key=key)


def start_study(session: CampaignSession, character_id: int, key: str, name: str, *, teacher: bool,
                on_the_job: bool) -> bool:
    """Begin a study (undoable); False when the rules refused it."""
    return session.act(f"Study {name}", abilities.start_study, character_id=character_id, key=key,
                       teacher=teacher, on_the_job=on_the_job).done


def cancel_study(session: CampaignSession, study_id: int) -> None:
    """Stop a study (undoable: its progress comes back)."""
    session.act("Cancel study", abilities.cancel_study, study_id=study_id)
