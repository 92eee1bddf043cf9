"""Learning and forgetting talents and spells, and studying over weeks."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlmodel import Session

from tftmanager.app.changes import Changes
from tftmanager.app.characters import get_character
from tftmanager.app.library import library_for
from tftmanager.app.names import did_you_mean
from tftmanager.app.opkind import OpKind
from tftmanager.app.study_view import StudyView as StudyView  # named by the windows too
from tftmanager.app.study_view import study_view
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character
from tftmanager.rules.learning import (
    Availability,
    spell_availability,
    talent_availability,
    talent_requirements,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.memory import memory, with_talent
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.study import concurrent_conflict, study_weeks
from tftmanager.rules.text import count
from tftmanager.store import queries
from tftmanager.store import study as study_store
from tftmanager.store.campaign import CampaignStore
from tftmanager.store.study import StudyData


class LearnRefused(Refusal, ValueError):
    """A talent or spell the character cannot take now; the message gives every reason."""


def _save(store: CampaignStore, character_id: int, character: Character, label: str) -> Changes:
    with store.operation(OpKind.ABILITIES, f"{character.name}: {label}") as op:
        queries.update_character(session=op.session, character_id=character_id,
                                 character=character)
    return Changes(characters=frozenset({character_id}))


def _profile(store: CampaignStore) -> RuleProfile:
    with store.transaction() as session:
        return queries.rule_profile(session=session, campaign_id=store.campaign_id)


def _refuse_unless_available(character: Character, availability: Availability) -> None:
    if availability.known:
        raise LearnRefused(f"{character.name} already knows {availability.name}.")
    if availability.reasons:
        raise LearnRefused(f"{character.name} cannot learn {availability.name}: "
                           + "; ".join(availability.reasons) + ".")


def learn_talent(*, store: CampaignStore, character_id: int, key: str) -> Changes:
    """Add a talent the character can learn now; otherwise refuse with the reasons."""
    character = get_character(store=store, character_id=character_id)
    library = library_for(store)
    talent = library.talents.get(key)
    if talent is None:
        raise LearnRefused(f"'{key}' is not a talent in this campaign.")
    _refuse_unless_available(
        character, talent_availability(talent, character, library, _profile(store)))
    return _save(store, character_id, with_talent(character, key), f"learned {talent.name}")


def learn_spell(*, store: CampaignStore, character_id: int, key: str) -> Changes:
    """Add a spell the character can learn now; otherwise refuse with the reasons."""
    character = get_character(store=store, character_id=character_id)
    library = library_for(store)
    spell = library.spells.get(key)
    if spell is None:
        raise LearnRefused(f"'{key}' is not a spell in this campaign.")
    _refuse_unless_available(
        character, spell_availability(spell, character, library, _profile(store)))
    return _save(store, character_id, replace(character, spells=(*character.spells, key)),
                 f"learned {spell.name}")


def forget_talent(*, store: CampaignStore, character_id: int, key: str) -> Changes:
    """Remove a talent (the inverse of learn_talent)."""
    character = get_character(store=store, character_id=character_id)
    talents = tuple(t for t in character.talents if t.key != key)
    return _save(store, character_id, replace(character, talents=talents),
                 f"forgot {_name_of(store, 'talent', key)}")


def forget_spell(*, store: CampaignStore, character_id: int, key: str) -> Changes:
    """Remove a spell (the inverse of learn_spell)."""
    character = get_character(store=store, character_id=character_id)
    spells = tuple(s for s in character.spells if s != key)
    return _save(store, character_id, replace(character, spells=spells),
                 f"forgot {_name_of(store, 'spell', key)}")


def _name_of(store: CampaignStore, kind: str, key: str) -> str:
    library = library_for(store)
    entry = (library.talents if kind == "talent" else library.spells).get(key)
    return entry.name if entry is not None else key


# Study

@dataclass(frozen=True)
class Started:
    """A study begun: its id, its length, and the change-set."""

    id: int
    weeks: int
    changes: Changes


def talent_key(*, store: CampaignStore, name: str) -> str:
    """The talent a user names (its name or key, any case); refused with a "did you mean"."""
    talents = library_for(store).talents
    wanted = " ".join(name.split()).casefold()
    for key, talent in talents.items():
        if wanted in (key.casefold(), talent.name.casefold()):
            return key
    names = sorted(t.name for t in talents.values())
    raise LearnRefused(f"There is no talent called '{name}' in this campaign."
                       + did_you_mean(name, names))


def start_study(*, store: CampaignStore, character_id: int, key: str, teacher: bool,
                on_the_job: bool = False) -> Started:
    """Begin studying a talent; refused with the reason when the rules do not allow it."""
    character = get_character(store=store, character_id=character_id)
    library = library_for(store)
    profile = _profile(store)
    talent = library.talents.get(key)
    if talent is None:
        raise LearnRefused(f"'{key}' is not a talent in this campaign.")
    if character.knows(key):
        raise LearnRefused(f"{character.name} already knows {talent.name}.")
    reasons = talent_requirements(talent, character, library)
    if reasons:
        raise LearnRefused(f"{character.name} cannot study {talent.name}: "
                           + "; ".join(reasons) + ".")
    with store.transaction() as session:
        current = study_store.studies(session=session, character_id=character_id)
        week = queries.campaign(session=session, campaign_id=store.campaign_id).week
    conflict = concurrent_conflict(key, [s.talent for s in current], library)
    if conflict:
        raise LearnRefused(conflict)
    room = _room_refusal(character, [s.talent for s in current], key, library, profile)
    if room:
        raise LearnRefused(room)
    terms = study_weeks(talent, character, library, profile, teacher=teacher,
                        on_the_job=on_the_job)
    if terms.weeks is None:
        raise LearnRefused(terms.refusal)
    weeks = terms.weeks
    label = f"{character.name}: began studying {talent.name} ({count(weeks, 'week')})"
    with store.operation(OpKind.ABILITIES, label) as op:
        study_id = study_store.add_study(session=op.session, character_id=character_id,
                                         talent=key, weeks_needed=weeks,
                                         teacher=teacher, started_week=week)
    return Started(study_id, terms.weeks, Changes(characters=frozenset({character_id})))


def _room_refusal(character: Character, studying: list[str], key: str,
                  library: RulesLibrary, profile: RuleProfile) -> str:
    """Why a study could never end in the talent being learned ("" when it fits).

    A study whose finished talent would not fit in memory would run its weeks
    for nothing, so it is refused at the start, with the numbers the GM needs
    (counting the talents already being studied).
    """
    after = character
    for other in (*studying, key):
        if not after.knows(other):
            after = with_talent(after, other)
    needed = memory(after, library, profile)
    if needed.free >= 0:
        return ""
    now = memory(character, library, profile)
    name = library.talents[key].name
    extra = needed.used - now.used
    return (f"{character.name} cannot study {name}: it would not fit in memory "
            f"({now.used} of {now.capacity} used; {name}"
            + (" and the talents being studied" if studying else "")
            + f" would need {count(extra, 'point')}, {max(now.free, 0)} free). "
            "Forget a talent or raise IQ first.")


def studies_of(*, store: CampaignStore, character_id: int) -> list[StudyView]:
    """A character's studies in progress."""
    library = library_for(store)
    with store.transaction() as session:
        rows = study_store.studies(session=session, character_id=character_id)
    return [study_view(row, library) for row in rows]


def party_studies(*, store: CampaignStore) -> dict[int, list[StudyView]]:
    """Everyone's studies in one query (the cards of a whole party), oldest first."""
    library = library_for(store)
    with store.transaction() as session:
        found = study_store.campaign_studies(session=session, campaign_id=store.campaign_id)
    return {cid: [study_view(study, library) for study in studies]
            for cid, studies in found.items()}


def cancel_study(*, store: CampaignStore, study_id: int) -> Changes:
    """Stop a study (its progress is lost)."""
    with store.operation(OpKind.ABILITIES, "Cancelled a study") as op:
        character_id = study_store.remove_study(session=op.session, study_id=study_id)
        name = queries.get_character(session=op.session, character_id=character_id)
        op.label = f"{name.character.name}: cancelled a study"
    return Changes(characters=frozenset({character_id}))


@dataclass(frozen=True)
class StudyWeek:
    """A week of one character's studies, as written: what it learned and what is left.

    ``learned`` and ``waiting`` are the talents' names, kept as data: the
    week's report writes its sentences from them (never by reading a line back).
    """

    learned: list[str]
    waiting: list[str]  # finished this week, with no room in memory
    character: Character  # with the talents it learned
    left: tuple[StudyData, ...]  # the studies still kept, oldest first


def progress_studies(*, session: Session, library: RulesLibrary, profile: RuleProfile,
                     character_id: int, character: Character,
                     studies: tuple[StudyData, ...]) -> StudyWeek:
    """One week of a character's studies, written at once.

    ``character`` and ``studies`` are the character as the week left it and
    its studies as stored: a run of weeks carries both, so nothing is read
    back.  A study that finishes this week while its talent does not fit in
    memory (the character forgot nothing, but lost IQ or learned something
    else meanwhile) is reported in ``waiting`` that week only: it then waits,
    not counting weeks, and is learned the first week the character has room.
    Reporting it every week would bury the one line the GM must act on.
    """
    learned: list[str] = []
    waiting: list[str] = []
    left: list[StudyData] = []
    for study in studies:
        already_waiting = study.weeks_done >= study.weeks_needed
        if not already_waiting:
            study = replace(study, weeks_done=study.weeks_done + 1)
            study_store.set_weeks_done(session=session, study_id=study.id,
                                       weeks_done=study.weeks_done)
        if study.weeks_done < study.weeks_needed:
            left.append(study)
            continue
        if character.knows(study.talent):  # learned meanwhile: nothing left to add
            study_store.remove_study(session=session, study_id=study.id)
            continue
        talent = library.talents.get(study.talent)
        name = talent.name if talent else study.talent
        after = with_talent(character, study.talent)
        if memory(after, library, profile).free < 0:
            if not already_waiting:
                waiting.append(name)
            left.append(study)
            continue
        queries.update_character(session=session, character_id=character_id, character=after)
        study_store.remove_study(session=session, study_id=study.id)
        learned.append(name)
        character = after
    return StudyWeek(learned, waiting, character, tuple(left))
