"""A full character sheet: one page holding all a card holds, and more.

The sheet is one face set by the same typesetter and painted by the same
painter as the cards, so a change to what a card says shows on the sheet too.
Beyond the card it carries the character's notes, the experience ledger's
last entries and every possession with where it is kept (the card's back
lists only what is notable).  Plain data, no Qt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tftmanager.cards.content import CardContent, CardFace, Section, SectionKind, Side
from tftmanager.rules.text import count

LEDGER_LINES = 8  # the ledger's newest entries; the whole ledger is in the app
SHEET_PT = 10.5  # body size on a page (cards on a page-sized sheet use 14 pt)


@dataclass(frozen=True)
class LedgerEntry:
    """One experience ledger line as the sheet prints it."""

    week: int
    amount: int
    reason: str


@dataclass(frozen=True)
class SheetExtras:
    """What a sheet adds to the card: notes, the ledger's tail, possessions in full."""

    notes: str = ""
    ledger: tuple[LedgerEntry, ...] = ()
    ledger_total: int = 0  # entries in the whole ledger
    possessions: tuple[tuple[str, str, str], ...] = ()  # item, where, weight


def ledger_section(extras: SheetExtras) -> Section:
    """The newest entries, newest first, and how many more the ledger holds."""
    rows = [(f"week {e.week}", f"{e.amount:+,}", e.reason or "-") for e in extras.ledger]
    older = extras.ledger_total - len(extras.ledger)
    if older > 0:
        rows.append(("", "", f"and {count(older, 'older entry', 'older entries')}"))
    if not rows:
        rows = [("", "", "No entries yet")]
    return Section("Experience ledger (latest first)", SectionKind.TABLE, tuple(rows),
                   ("Week", "XP", "For"))


def build_sheet(card: CardContent, extras: SheetExtras) -> CardFace:
    """One face: the card's front, its back (possessions in full), notes and ledger."""
    back = [s for s in card.back.sections if s.title != "Possessions"]
    carried = [s for s in card.back.sections if s.title == "Possessions"]
    sections = list(card.front.sections) + back
    if extras.possessions:
        sections.append(Section("Possessions", SectionKind.TABLE, extras.possessions,
                                ("Item", "Where", "Weight")))
    # The card's line of weight carried stays with the full list.
    sections += [Section("Carrying", SectionKind.PROSE, s.rows[-1:]) for s in carried]
    sections.append(ledger_section(extras))
    notes = tuple((p,) for p in extras.notes.splitlines() if p.strip())
    if notes:
        sections.append(Section("Notes", SectionKind.PROSE, notes))
    return CardFace(card.front.name, card.front.subtitle, Side.FRONT, card.front.stats,
                    card.front.tally, tuple(sections), unit="page", ticked=card.front.ticked)


def sheet_faces(cards: Sequence[CardContent],
                extras: Sequence[SheetExtras]) -> list[CardFace]:
    """A sheet for each card, in the same order."""
    return [build_sheet(c, e) for c, e in zip(cards, extras, strict=True)]
