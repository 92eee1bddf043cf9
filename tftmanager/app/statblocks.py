"""Stat blocks in and out: the use cases behind File > Import Stat Blocks and the CLI.

``preview`` reads a text against the campaign's library and says, line by
line, what each became and what is wrong; ``import_statblocks`` adds the
figures (all of them, in one operation of the journal, or none while any
line has a problem); ``export_statblocks`` writes characters in the same
form, so reading the text back gives the same figures.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from tftmanager.app import campaigns
from tftmanager.app.arrivals import Already, Arrival, land
from tftmanager.app.characters import copy_name
from tftmanager.app.import_unknowns import Choices, Resolver, Unknown
from tftmanager.app.library import LibraryError, library_for
from tftmanager.app.library_names import NameIndex
from tftmanager.app.names import NameNotFound, find_by_name
from tftmanager.app.statblock_bestiary import (
    BestiaryImportError,
    import_templates,
    read_templates,
    template_text,
)
from tftmanager.app.statblock_figures import figure_of
from tftmanager.app.transfer import Imported, TransferError
from tftmanager.refusal import Refusal
from tftmanager.rules.character import Character, InputError, check_input
from tftmanager.rules.derived import Derived, derive
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.library_entries import Entry as LibraryEntry
from tftmanager.rules.settings import RuleProfile
from tftmanager.rules.statblock import Block, LineNote, read_statblocks
from tftmanager.rules.statblock_text import statblock
from tftmanager.rules.validation import validate
from tftmanager.store import queries
from tftmanager.store.campaign import CampaignStore

MAX_TEXT = 1_000_000  # characters: a whole adventure's stat blocks fit many times over


class StatBlockError(Refusal, ValueError):
    """A text that cannot be imported; the message names the line and what is wrong."""


@dataclass(frozen=True)
class Preview:
    """What a text would import: each line's note and the figures, if all lines are good."""

    lines: list[LineNote]
    figures: list[Character]
    unknowns: list[Unknown] = field(default_factory=list)
    new_entries: list[LibraryEntry] = field(default_factory=list)
    money: list[int | None] = field(default_factory=list)  # each figure's, in order
    already: list[str] = field(default_factory=list)  # figures the party has, by name
    starts: list[int] = field(default_factory=list)  # each figure's first line

    @property
    def problems(self) -> list[str]:
        """Every problem as "line N: ...", in line order (the import refuses while any)."""
        return [f"line {n.number}: {p}" for n in self.lines for p in n.problems]

    @property
    def warnings(self) -> list[str]:
        """Things imported as the note says (a race assumed, a cost differing)."""
        return [f"line {n.number}: {w}" for n in self.lines for w in n.warnings]


def read_figures(text: str, library: RulesLibrary, profile: RuleProfile,
                 choices: Choices | None = None) -> Preview:
    """Read a text against a library: every line annotated, figures when nothing is wrong."""
    check_size(text)
    reading = read_statblocks(text)
    index = NameIndex(library)
    by_number = {n.number: n for n in reading.lines}
    figures: list[Character] = []
    money: list[int | None] = []
    starts: list[int] = []
    unknowns: list[Unknown] = []
    added: dict[tuple[str, str], LibraryEntry] = {}
    for block in reading.blocks:
        resolver = Resolver(index, choices or {}, block.name)
        resolver.added = added  # one new entry for a name however many figures use it
        figure = figure_of(block, by_number, library, index, resolver=resolver)
        unknowns += resolver.unknowns
        if figure is None:
            continue
        character = figure.character
        first = by_number[block.line]
        try:
            check_input(character)
        except InputError as exc:
            first.problems.append(f"{block.name}: {exc.message}")
            continue
        first.warnings += [f"{block.name}: {p.message}"
                           for p in validate(character, library, profile)]
        first.warnings += adjusted_differences(block, derive(character, library, profile))
        group = members(character, block.count)
        if len(group) > 1:
            first.became.append(f"{len(group)} figures: {group[0].name} to {group[-1].name}")
        figures += group
        money += [figure.money] * len(group)
        starts += [block.line] * len(group)
    if not reading.blocks and not any(n.problems for n in reading.lines):
        note = reading.lines[0] if reading.lines else LineNote(1, "")
        note.problems.append("no stat block found (a name and a line with ST, DX and IQ)")
        if not reading.lines:
            reading.lines.append(note)
    ok = not any(n.problems for n in reading.lines)
    return Preview(reading.lines, figures if ok else [], unknowns, list(added.values()),
                   money if ok else [], starts=starts if ok else [])


def members(character: Character, count: int) -> list[Character]:
    """A group's figures for the party, numbered: "Goblin 1" ... "Goblin 6"."""
    if count < 2:
        return [character]
    return [replace(character, name=f"{character.name} {n}") for n in range(1, count + 1)]


def adjusted_differences(block: Block, derived: Derived) -> list[str]:
    """The block's adjusted DX and MA ("DX 13 (12)", "adjDX 12", "MA 10 (8)") against ours.

    They are not kept (worked out from race, armor and talents); a difference
    is said so the GM can look at what the block assumed.
    """
    said: list[str] = []
    written = {name: paren for name, paren in block.adjusted.items() if name in ("dx", "ma")}
    if "adjdx" in block.attributes:
        written["dx"] = str(block.attributes["adjdx"][0])
    for name, worked in (("dx", derived.adj_dx), ("ma", derived.ma)):
        found = re.fullmatch(r"\s*(?:adj\.?\s*)?(\d{1,3})\s*", written.get(name, ""))
        if found and int(found.group(1)) != worked:
            label = "adjDX" if name == "dx" else "MA"
            said.append(f"{block.name}: {label} {found.group(1)} as "
                        f"written, {worked} as worked out here (from race, armor and talents)")
    return said


def check_size(text: str) -> None:
    """Refuse, before reading a line, a text longer than one import may hold."""
    if len(text) > MAX_TEXT:
        raise StatBlockError(f"The text is {len(text):,} characters; one import holds at "
                             f"most {MAX_TEXT:,}. Split it into smaller files.")


def preview(*, store: CampaignStore, text: str, choices: Choices | None = None) -> Preview:
    """What importing this text into the campaign would do, line by line.

    A figure whose name the party already has (in any case: "GOBLIN ARCHER"
    beside "Goblin Archer") is named in ``already`` and on its line: the
    import updates that character or adds a copy, as the user chooses.
    """
    seen = read_figures(text, library_for(store), campaigns.get_profile(store=store), choices)
    party = _party_by_name(store)
    lines = {n.number: n for n in seen.lines}
    for figure, start in zip(seen.figures, seen.starts, strict=True):
        there = party.get(figure.name.casefold())
        if there is None:
            continue
        seen.already.append(figure.name)
        lines[start].warnings.append(
            f"{figure.name} is already in this campaign"
            + (f" as {there.character.name}" if there.character.name != figure.name else "")
            + ": the import updates it or adds a copy, as you choose")
    return seen


def _party_by_name(store: CampaignStore) -> dict[str, queries.StoredCharacter]:
    with store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    return {s.character.name.casefold(): s for s in stored}


def _arrivals(store: CampaignStore, seen: Preview, already: Already) -> list[Arrival]:
    """The figures as arrivals: one the party has by name carries its uid (update or copy).

    A copy takes a name nobody has ("Goblin Archer (copy)"), so the two can be told apart.
    """
    party = _party_by_name(store)
    taken = {s.character.name for s in party.values()}
    arrivals = []
    for character, money in zip(seen.figures, seen.money, strict=True):
        there = party.get(character.name.casefold())
        if there is not None and already is Already.COPY:
            character = replace(character, name=copy_name(character.name, taken))
            taken.add(character.name)
        arrivals.append(Arrival(there.uid if there else None, character, money=money))
    return arrivals


def import_statblocks(*, store: CampaignStore, text: str, bestiary: bool = False,
                      choices: Choices | None = None, already: Already | None = None
                      ) -> Imported:
    """Add every figure of the text to the party (or the bestiary) in one operation, or nothing.

    Refused (StatBlockError naming the first wrong line) while any line has a
    problem, and (TransferError) while a figure's name is the party's and
    ``already`` does not say whether to update it or add a copy.
    """
    check_size(text)
    if bestiary:
        try:
            return Imported((), import_templates(store=store, text=text))
        except (BestiaryImportError, LibraryError) as exc:
            raise StatBlockError(str(exc)) from None
    seen = preview(store=store, text=text, choices=choices)
    if seen.problems:
        more = len(seen.problems) - 1
        raise StatBlockError(seen.problems[0] + (f" (and {more} more)" if more else "")
                             + "; nothing was imported.")
    mode = Already(already) if already else Already.REFUSE
    return land(store=store, arrivals=_arrivals(store, seen, mode), already=mode,
                new_entries=seen.new_entries, source="stat blocks",
                report=[w for w in seen.warnings if " kept in the notes" in w
                        or " mapped to " in w or " added to the library" in w])


def figures_as_text(characters: list[Character], library: RulesLibrary,
                    profile: RuleProfile) -> str:
    """Characters as stat blocks, a blank line between them."""
    return "\n\n".join(statblock(c, library, derive(c, library, profile))
                       for c in characters) + "\n"


def preview_templates(*, store: CampaignStore, text: str) -> Preview:
    """What importing this text into the bestiary would do, line by line (no figures)."""
    lines, _rows = read_templates(text, library_for(store))
    return Preview(lines, [])


def _export_bestiary(store: CampaignStore, names: list[str] | None) -> str:
    library = library_for(store)
    chosen = [c for k, c in sorted(library.creatures.items(), key=lambda kc: kc[1].name.lower())
              if not library.is_retired("creature", k)]
    if names:
        try:
            chosen = [find_by_name(chosen, n, lambda c: c.name) for n in names]
        except NameNotFound as exc:
            raise TransferError(str(exc).replace("character", "template")) from None
    if not chosen:
        raise TransferError("The bestiary has no templates to export.")
    return "\n\n".join(template_text(c, library) for c in chosen) + "\n"


def export_statblocks(*, store: CampaignStore, names: list[str] | None = None,
                      bestiary: bool = False) -> str:
    """The named characters (default: the whole party) or templates as stat blocks."""
    if bestiary:
        return _export_bestiary(store, names)
    with store.transaction() as session:
        stored = queries.list_characters(session=session, campaign_id=store.campaign_id)
    chosen = [s.character for s in stored]
    if names:
        try:
            chosen = [find_by_name(stored, n, lambda s: s.character.name).character
                      for n in names]
        except NameNotFound as exc:
            raise TransferError(str(exc)) from None
    if not chosen:
        raise TransferError("The campaign has no characters to export.")
    return figures_as_text(chosen, library_for(store), campaigns.get_profile(store=store))
