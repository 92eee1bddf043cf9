"""Fixtures for the card tests: the demo party's cards, a many-talented figure, PDF text."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from tftmanager.app.sheet import Sheet, evaluate
from tftmanager.cards.content import CardContent
from tftmanager.cards.gather import campaign_cards
from tftmanager.rules.abilities import KnownTalent
from tftmanager.rules.character import Character
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile
from tftmanager.store.campaign import CampaignStore

DEMO = {  # name: ST, adjusted DX text as Melee writes it, damage of each weapon
    "Flavius Marcellus": ("ST 12", "DX 12 (9, 8)", ["2d-1"]),
    "Joe the Barbarian": ("ST 11", "DX 12 (10, 10)", ["2d-1", "1d-1"]),
    "Morgaine": ("ST 10", "DX 11", ["1d-1"]),  # a wizard, unarmored
    "Ragnar": ("ST 11", "DX 13 (11, 10)", ["1d+1"]),
    "Wulf": ("ST 14", "DX 10", ["1d+2", "3d-1"]),
}


def pdf_text(path: Path) -> str:
    """All pages' text, whitespace normalised (pypdf returns tabs for Qt's PDFs)."""
    reader = pypdf.PdfReader(str(path))
    return " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)


def many_talents(library: RulesLibrary, count: int = 40) -> Character:
    """A learned elf with ``count`` talents (far more than one card holds)."""
    keys = sorted(k for k, t in library.talents.items() if not t.retired)[:count]
    assert len(keys) == count
    return Character(name="Polymath", race="elf", st=10, dx=12, iq=40,
                     talents=tuple(KnownTalent(k) for k in keys),
                     items=outfit(weapons=("dagger",)))


def sheet_of(character: Character, library: RulesLibrary,
             profile: RuleProfile | None = None) -> Sheet:
    return evaluate(character, library, profile or RuleProfile(), id=1)


@pytest.fixture
def demo_cards(demo_store: CampaignStore) -> list[CardContent]:
    return campaign_cards(store=demo_store)


@pytest.fixture
def family(qapp: object) -> str:
    """The bundled card font, loaded (needs the Qt application pytest-qt makes)."""
    from tftmanager.cards.fonts import card_family

    return card_family()
