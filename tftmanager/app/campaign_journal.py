"""The campaign journal: the story week by week, beside the GM's session notes.

Read from the operations journal (what was done, undone ones left out), the
week log (each week's report, kept for every week run) and the session
notes.  The GUI's Campaign > Journal and ``tftmanager journal`` both call
``campaign_journal`` and export with ``journal_export``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tftmanager.app.deeds import Deed, Event, deed, weeks_run
from tftmanager.app.session_notes import SessionNote, notes
from tftmanager.app.story import OpFacts, StoryLine, tell_all
from tftmanager.store import queries, story_reads
from tftmanager.store.campaign import CampaignStore

# Kinds the journal shows as filters, in the GM's words (an unknown kind shows as itself).
KIND_NAMES = {
    "experience": "Experience", "equipment": "Purchases and repairs", "week": "Weeks",
    "jobs": "Jobs", "abilities": "Talents and spells", "character": "Characters",
    "library": "Rules library", "settings": "Campaign rules", "import": "Imports",
    "encounter": "Encounters",
}
SKIPPED_KINDS = frozenset({"notes"})  # shown as the notes themselves


@dataclass(frozen=True)
class JournalFilter:
    """Which part of the story to show; None or empty means everything."""

    character_id: int | None = None
    first_week: int | None = None
    last_week: int | None = None
    kinds: frozenset[str] = frozenset()

    def keeps_week(self, week: int) -> bool:
        """Whether a week is inside the range."""
        return ((self.first_week is None or week >= self.first_week)
                and (self.last_week is None or week <= self.last_week))

    def keeps(self, line: StoryLine) -> bool:
        """Whether a sentence passes every filter."""
        return (self.keeps_week(line.week)
                and (not self.kinds or line.kind in self.kinds)
                and (self.character_id is None or self.character_id in line.characters))


@dataclass
class JournalWeek:
    """One campaign week of the story: its sentences and the notes of sessions played then."""

    week: int
    lines: list[StoryLine] = field(default_factory=list)
    notes: list[SessionNote] = field(default_factory=list)


@dataclass(frozen=True)
class CampaignJournal:
    """The whole (filtered) story, oldest week first."""

    campaign: str
    weeks: tuple[JournalWeek, ...]
    kinds: tuple[str, ...]  # every kind present before filtering, for the filter list

    @property
    def sentence_count(self) -> int:
        """How many sentences the story holds (notes not counted)."""
        return sum(len(w.lines) for w in self.weeks)


def operation_facts(store: CampaignStore) -> list[OpFacts]:
    """Every done operation, oldest first, with the week reports of each run of weeks.

    Weeks run before the campaign had a journal (an older file, upgraded) are
    still in the week log: each is told as a run of its own.
    """
    with store.transaction() as session:
        done = story_reads.done_operations(session=session, campaign_id=store.campaign_id)
        reports = story_reads.week_reports(session=session, campaign_id=store.campaign_id)
    facts, told = [], set()
    for op in done:
        if op.kind in SKIPPED_KINDS:
            continue
        what = Deed.from_json(op.deed, op.label)
        weeks = weeks_run(what) if op.kind == "week" else None
        told |= set(weeks or ())
        facts.append(OpFacts(
            op.id, op.kind, what, op.week, op.created_at, op.characters,
            tuple(reports[w][0] for w in weeks if w in reports) if weeks else ()))
    earlier = [OpFacts(0, "week", deed(Event.WEEKS, first=w, last=w,
                                       seed=int(report.get("seed", 0))), w,
                       created, (), (report,))
               for w, (report, created) in sorted(reports.items()) if w not in told]
    return earlier + facts


def _weeks(lines: Iterable[StoryLine], notes_: Iterable[SessionNote]) -> tuple[JournalWeek, ...]:
    by_week: dict[int, JournalWeek] = {}
    for line in lines:
        by_week.setdefault(line.week, JournalWeek(line.week)).lines.append(line)
    for note in notes_:
        by_week.setdefault(note.week, JournalWeek(note.week)).notes.append(note)
    return tuple(by_week[w] for w in sorted(by_week))


def campaign_journal(*, store: CampaignStore, where: JournalFilter | None = None
                     ) -> CampaignJournal:
    """The story and the notes, filtered; notes follow the week range only."""
    where = where or JournalFilter()
    lines = tell_all(operation_facts(store))
    kinds = tuple(sorted({line.kind for line in lines}))
    kept = [line for line in lines if where.keeps(line)]
    kept_notes = [n for n in notes(store=store) if where.keeps_week(n.week)]
    if where.character_id is not None or where.kinds:
        kept_notes = []  # a note is about the session, not one character or kind
    with store.transaction() as session:
        name = queries.campaign(session=session, campaign_id=store.campaign_id).name
    return CampaignJournal(name, _weeks(kept, kept_notes), kinds)


def kind_name(kind: str) -> str:
    """A kind in the GM's words."""
    return KIND_NAMES.get(kind, kind.replace("_", " ").capitalize())


def character_names(*, store: CampaignStore) -> list[tuple[int, str]]:
    """(id, name) of every character, by name: the journal's filter needs nothing more."""
    with store.transaction() as session:
        rows = story_reads.character_names(session=session, campaign_id=store.campaign_id)
    return sorted(rows, key=lambda r: r[1].casefold())
