"""Death and dying: the survival roll for a dying character, recorded on the character."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tftmanager.app.changes import Changes
from tftmanager.app.deed_words import record
from tftmanager.app.deeds import Event, Who, deed
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.app.week_report import WeekRefused, catalogue_of
from tftmanager.rules.character import Character
from tftmanager.rules.dice_expr import Dice, is_face
from tftmanager.rules.survival import Outcome, Situation, after_roll, resolve
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore


@dataclass(frozen=True)
class SurvivalResult:
    """The roll, and the character as it now is (alive and recovering, or dead)."""

    outcome: Outcome
    before: Character
    after: Character
    changes: Changes


def survival_roll(*, store: CampaignStore, character_id: int, situation: Situation,
                  seed: int | None = None, faces: tuple[int, int] | None = None
                  ) -> SurvivalResult:
    """Roll (or take the table's dice) for a dying character and record the result.

    A survivor wakes at 0 ST, weak, with the survival rules' weeks to recover.
    """
    catalogue = catalogue_of(library_for(store))
    rules = catalogue.survival
    if rules is None:
        raise WeekRefused("This campaign's library has no survival rules.")
    with store.operation(OpKind.WEEK) as op:
        session = op.session
        stored = queries.get_character(session=session, character_id=character_id)
        before = stored.character
        if faces is None:
            dice = Dice(random.Random(seed))
            faces = (dice.die(), dice.die())
        elif not all(is_face(f) for f in faces):
            raise WeekRefused("Dice faces are 1 to 6.")
        outcome = resolve(faces, situation, rules)  # no chance (refusal) never survives
        record(op, deed(Event.SURVIVAL, Who(stored.uid, before.name), faces=list(faces),
                        total=outcome.total, survived=outcome.survives))
        after = after_roll(before, outcome, rules)
        queries.update_character(session=session, character_id=character_id, character=after)
    return SurvivalResult(outcome, before, after, Changes(characters=frozenset({character_id})))
