"""A back's overflow moves to a front with room when that saves a card (issue 34, item 11)."""

from __future__ import annotations

import pytest

from tftmanager.cards.balance import balanced
from tftmanager.cards.content import CardFace, Section, SectionKind, Side
from tftmanager.cards.fonts import metrics_for
from tftmanager.cards.layout import CARD_MM, CardSize
from tftmanager.cards.typeset import fit

pytestmark = pytest.mark.ui

W, H = CARD_MM[CardSize.THREE_BY_FIVE]


def _prose(title: str, lines: int) -> Section:
    return Section(title, SectionKind.PROSE, tuple((f"{title} line {n}",) for n in range(lines)))


def _back_lines_that_just_overflow(metrics: object) -> int:
    """The fewest prose lines of a back's first section that push its last onto a card 2."""
    for lines in range(5, 60):
        back = CardFace("Bo", "back", Side.BACK, sections=(_prose("Notes", lines),
                                                           _prose("Recovery", 2)))
        if len(fit(back, W, H, metrics)) == 2:  # type: ignore[arg-type]
            return lines
    raise AssertionError("no overflow found")


def test_a_short_overflow_goes_to_a_front_with_room(family: str) -> None:
    metrics = metrics_for(family)
    lines = _back_lines_that_just_overflow(metrics)
    front = CardFace("Bo", "front", Side.FRONT, sections=(_prose("Weapons", 2),))
    back = CardFace("Bo", "back", Side.BACK, sections=(_prose("Notes", lines),
                                                       _prose("Recovery", 2)))
    assert len(fit(back, W, H, metrics)) == 2
    fronts, backs = balanced(front, back, W, H, metrics)
    assert (len(fronts), len(backs)) == (1, 1)
    assert [s.title for s in fronts[0].face.sections] == ["Weapons", "Recovery"]
    assert fronts[0].scale == fit(front, W, H, metrics)[0].scale  # no smaller type


def test_a_full_front_keeps_its_size_and_the_back_continues(family: str) -> None:
    metrics = metrics_for(family)
    lines = _back_lines_that_just_overflow(metrics)
    front = CardFace("Bo", "front", Side.FRONT, sections=(_prose("Weapons", lines),))
    back = CardFace("Bo", "back", Side.BACK, sections=(_prose("Notes", lines),
                                                       _prose("Recovery", 2)))
    fronts, backs = balanced(front, back, W, H, metrics)
    assert [s.title for s in fronts[0].face.sections] == ["Weapons"]
    assert len(backs) == 2
