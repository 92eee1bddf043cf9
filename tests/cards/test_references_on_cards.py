"""A card's back names the books of what the character knows and owns, where there is room."""

from __future__ import annotations

from dataclasses import replace

from tftmanager.cards.content import (
    CardContent,
    CardExtras,
    CardFace,
    Section,
    SectionKind,
    Side,
    build_back,
)
from tftmanager.cards.fonts import metrics_for
from tftmanager.cards.layout import CARD_MM, CardSize
from tftmanager.cards.typeset import fit
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.loadout import outfit
from tftmanager.rules.settings import RuleProfile

from .conftest import many_talents, sheet_of


def _titles(cards: list) -> list[str]:
    return [s.title for card in cards for s in card.face.sections]


def _read_it_in(cards: list) -> tuple[tuple[str, ...], ...]:
    return next(s.rows for c in cards for s in c.face.sections if s.title == "Read it in")


def test_a_roomy_card_names_each_book_and_what_comes_from_it(
        demo_cards: list[CardContent], family: str) -> None:
    flavius = next(c for c in demo_cards if c.back.name == "Flavius Marcellus")
    section = flavius.back.sections[-1]
    assert section.title == "Read it in" and section.optional
    assert section.rows == (("TFT Rules Expansion: Sword, Heavy wool blanket; ITL: Shield; "
                             "Melee: Chainmail, Large shield, Shortsword, Dagger",),)
    assert section.shorter == (("TFT Rules Expansion; ITL; Melee",),)
    cards = fit(flavius.back, 148.0, 210.0, metrics_for(family))  # a page holds it all
    assert _read_it_in(cards) == section.rows
    cards = fit(flavius.back, *CARD_MM[CardSize.FOUR_BY_SIX], metrics_for(family))
    assert _read_it_in(cards) == section.shorter  # less room: the books only


def test_a_page_is_named_even_in_the_shorter_line(library: RulesLibrary) -> None:
    figure = replace(many_talents(library, 1), items=outfit(weapons=("main_gauche",)))
    back = sheet_of(figure, library)
    section = build_back(back, library, RuleProfile(), CardExtras()).sections[-1]
    assert section.shorter[0][0].endswith("Advanced Melee p. 13: Main-gauche")


def test_without_room_the_references_are_left_out_not_continued(library: RulesLibrary,
                                                                family: str) -> None:
    """A back that already continues keeps its cards and its size; no book line is added."""
    w, h = CARD_MM[CardSize.THREE_BY_FIVE]
    line = Section("Read it in", SectionKind.PROSE, (("ITL: " + "Sword, " * 40,),),
                   optional=True, shorter=(("ITL " * 60,),))
    plain = CardFace("Full", "", Side.BACK, sections=(
        Section("Notes", SectionKind.PROSE, tuple((f"Line {n}",) for n in range(30))),))
    with_line = replace(plain, sections=(*plain.sections, line))
    without = fit(plain, w, h, metrics_for(family))
    cards = fit(with_line, w, h, metrics_for(family))
    assert len(cards) == len(without) and cards[0].scale == without[0].scale
    assert "Read it in" not in _titles(cards)
