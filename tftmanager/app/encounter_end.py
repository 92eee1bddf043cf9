"""Ending an encounter: what it did to each character, and writing it as ONE operation.

``review_end`` loads the fight and asks ``rules.encounter_ending`` for the
ending (who won, Melee's combat experience, wounds and fatigue, the wear each
armor and shield takes, dropped weapons and missiles shot); the GM may change
the awards, then ``end_encounter`` writes all of it in one journalled
operation: one undo takes the whole ending back.  What each character is
after the fight (``rules.encounter_ending.character_after``) is the rules'
too; a character at 0 ST or below is left dying for the expansion's
death-and-dying roll (``app.survival``).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass

from tftmanager.app.changes import Changes
from tftmanager.app.encounters import EncounterRefused, show
from tftmanager.app.library import library_for
from tftmanager.app.opkind import OpKind
from tftmanager.rules.awards import CombatType
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_ending import Ending, character_after, resolve_ending
from tftmanager.rules.experience import XPKind, entry_refusal
from tftmanager.rules.new_figures import saved_defaults
from tftmanager.rules.text import REASON_MAX, count
from tftmanager.store import encounters as stored
from tftmanager.store import ledger, queries
from tftmanager.store.campaign import CampaignStore


@dataclass(frozen=True)
class Review:
    """The proposed ending of one encounter."""

    encounter_id: int
    name: str
    combat: CombatType
    endings: tuple[Ending, ...]
    winner: str = ""


def review_end(*, store: CampaignStore, encounter_id: int,
               combat: CombatType | None = None) -> Review:
    """The ending the rules propose (nothing is written)."""
    enc = show(store=store, encounter_id=encounter_id).encounter
    if enc.ended:
        raise EncounterRefused(f"{enc.name} has already ended.")
    library = library_for(store)
    if library.awards is None:
        raise EncounterRefused("This campaign's library has no combat awards.")
    with store.transaction() as session:
        profile = queries.rule_profile(session=session, campaign_id=store.campaign_id)
    ending = resolve_ending(enc, library.combat_rules(), library.awards,
                            combat or CombatType(enc.combat), profile.armor_wear)
    return Review(encounter_id, enc.name, ending.combat, ending.endings, ending.winner)


def end_encounter(*, store: CampaignStore, encounter_id: int,
                  awards: Mapping[int, int] | None = None, combat: CombatType | None = None,
                  lose_dropped: bool = False) -> Changes:
    """Write the ending in one operation: XP, wounds, fatigue, wear, lost weapons.

    ``awards`` maps a character id to the amount the GM settled on (the
    proposal where absent).  ``lose_dropped`` removes the weapons the
    characters dropped and did not pick up.
    """
    review = review_end(store=store, encounter_id=encounter_id, combat=combat)
    settled = {e.character_id: e.award.amount for e in review.endings}
    for cid, amount in (awards or {}).items():
        if cid not in settled:
            raise EncounterRefused("Awards go to characters who fought in this encounter.")
        why = entry_refusal(amount, XPKind.COMBAT) if amount != 0 else ""
        if why:
            raise EncounterRefused(f"The award for {_name(review, cid)}: {why}")
        settled[cid] = amount
    batch = str(uuid.uuid4())
    with store.operation(OpKind.ENCOUNTER) as op:
        session = op.session
        found = stored.get_encounter(session=session, campaign_id=store.campaign_id,
                                     encounter_id=encounter_id)
        if found is None or found.ended:
            raise EncounterRefused(f"{review.name} has already ended.")
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
        proposed = {e.character_id: e.award.amount for e in review.endings}
        for cid, amount in (awards or {}).items():  # the GM's own figure; Melee's -10 stands
            have = ledger.balance(session=session, character_id=cid)
            if have + amount < 0 and amount != proposed[cid]:
                raise EncounterRefused(f"The award for {_name(review, cid)}: {amount} XP would "
                                       f"leave {have + amount} (the balance is {have}).")
        for ending in review.endings:
            before = queries.get_character(session=session,
                                           character_id=ending.character_id).character
            queries.update_character(session=session, character_id=ending.character_id,
                                     character=character_after(before, ending, lose_dropped))
            if settled[ending.character_id]:
                ledger.append(session=session, character_id=ending.character_id,
                              amount=settled[ending.character_id], kind=XPKind.COMBAT.value,
                              reason=f"{review.name}: {ending.award.reason}"[:REASON_MAX],
                              week=week, batch=batch)
        enc = Encounter.from_dict(found.state, saved_defaults(library_for(store)))
        enc.note(_summary(review, settled))
        enc.ended = True
        stored.save_encounter(session=session, encounter_id=encounter_id,
                              state=enc.to_dict(), ended=True)
        op.label = f"Ended {review.name}: " + _summary(review, settled)
    ids = frozenset(e.character_id for e in review.endings)
    return Changes(characters=ids, ledger=True, encounter=True)


def _name(review: Review, character_id: int) -> str:
    return next(e.name for e in review.endings if e.character_id == character_id)


def _summary(review: Review, settled: Mapping[int, int]) -> str:
    parts = [f"{e.name} {settled[e.character_id]} XP, {count(e.wounds, 'hit')}"
             + (" (dying)" if e.dying else "") for e in review.endings]
    return "; ".join(parts) if parts else "no characters fought"
