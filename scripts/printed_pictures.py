"""The pictures of printed pages in README and docs/: cards, a character sheet, an encounter sheet.

Each is painted by the card painter the PDF uses (``cards.painter``), so the
picture is the page as printed; ``make screenshot`` retakes them with the
window pictures (scripts/screenshots.py calls these).
"""

from __future__ import annotations

from pathlib import Path

from tftmanager.app.campaigns import Campaign
from tftmanager.cards.encounter_sheet import sheet_document
from tftmanager.cards.export import set_sheets
from tftmanager.cards.fonts import card_family, metrics_for
from tftmanager.cards.gather import campaign_cards
from tftmanager.cards.layout import CARD_MM, PAPER_MM, CardSize, Paper
from tftmanager.cards.painter import page_image, typeset_image
from tftmanager.cards.sheet_gather import campaign_sheets
from tftmanager.cards.typeset import fit
from tftmanager.rules.encounter import Encounter
from tftmanager.rules.encounter_rules import CombatRules

CARD_DPI = 200  # tests/cards/test_golden.py compares the README's cards at this resolution


def save_cards(store: Campaign, name: str, front: Path, back: Path) -> None:
    """A character's 3x5 card, front and back, as the README shows them."""
    family = card_family()
    w, h = CARD_MM[CardSize.THREE_BY_FIVE]
    card = next(c for c in campaign_cards(store=store) if c.front.name == name)
    for face, path in ((card.front, front), (card.back, back)):
        [typeset] = fit(face, w, h, metrics_for(family))
        typeset_image(typeset, w, h, CARD_DPI, family).save(str(path))


def save_sheet(store: Campaign, name: str, path: Path, dpi: float = 90.0) -> None:
    """A character's full sheet (Letter), first page."""
    document = set_sheets(campaign_sheets(store=store, names=[name]), PAPER_MM[Paper.LETTER])
    page_image(document.pages[0], document.plan, dpi).save(str(path))


def save_encounter_sheet(enc: Encounter, rules: CombatRules, path: Path,
                         dpi: float = 72.0) -> None:
    """The encounter sheet (Letter) as the tracker prints it."""
    document = sheet_document(enc, rules, Paper.LETTER, card_family())
    page_image(document.pages[0], document.plan, dpi).save(str(path))
