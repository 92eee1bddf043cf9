"""A back's overflow moves to a front with room when that saves a card (issue 34, item 11)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tftmanager.cards.balance import balanced
from tftmanager.cards.content import CardContent, CardFace, Section, SectionKind, Side
from tftmanager.cards.fonts import Metrics, metrics_for
from tftmanager.cards.layout import CARD_MM, CardSize
from tftmanager.cards.typeset import MIN_PT, Stroke, Text, Typeset, base_pt, fit, set_at

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


def _lines(typeset: Typeset) -> int:
    """Lines of text a card holds below its header (distinct baselines)."""
    rule = min(op.y1 for op in typeset.ops if isinstance(op, Stroke))
    return len({round(op.y, 2) for op in typeset.ops if isinstance(op, Text) and op.y > rule})


@pytest.mark.parametrize("size", [s for s in CardSize if s in CARD_MM])
def test_no_demo_card_spills_a_few_lines_onto_a_card_of_their_own(
        demo_cards: list[CardContent], family: str, size: CardSize) -> None:
    """A continuation holds at least a third of what a full card of its size does."""
    metrics = metrics_for(family)
    w, h = CARD_MM[size]
    for content in demo_cards:
        fronts, backs = balanced(content.front, content.back, w, h, metrics)
        for cards in (fronts, backs):
            full = _lines(cards[0])
            for more in cards[1:]:
                assert _lines(more) >= full / 3, (content.front.name, size, _lines(more), full)


def test_joe_fits_front_and_back_on_every_card_size(demo_cards: list[CardContent],
                                                    family: str) -> None:
    """The issue's barbarian: his back spilled three lines onto a 3x5 card of their own."""
    joe = next(c for c in demo_cards if c.front.name == "Joe the Barbarian")
    metrics = metrics_for(family)
    for size in (s for s in CardSize if s in CARD_MM):
        fronts, backs = balanced(joe.front, joe.back, *CARD_MM[size], metrics)
        assert (len(fronts), len(backs)) == (1, 1), size
        assert min(t.scale for t in (*fronts, *backs)) * base_pt(CARD_MM[size][0]) >= MIN_PT


def _front_that_needs_a_smaller_step(metrics: Metrics) -> int:
    """Prose lines of a front that fits at full size, but not with two more lines and a heading."""
    for lines in range(5, 60):
        front = CardFace("Bo", "front", Side.FRONT, sections=(_prose("Weapons", lines),))
        with_recovery = replace(front, sections=(*front.sections, _prose("Recovery", 2)))
        if set_at(front, W, H, metrics, 1.0) and not set_at(with_recovery, W, H, metrics, 1.0):
            return lines
    raise AssertionError("no such front")


def test_a_front_steps_its_type_down_to_save_a_card(family: str) -> None:
    metrics = metrics_for(family)
    front = CardFace("Bo", "front", Side.FRONT,
                     sections=(_prose("Weapons", _front_that_needs_a_smaller_step(metrics)),))
    back = CardFace("Bo", "back", Side.BACK, sections=(
        _prose("Notes", _back_lines_that_just_overflow(metrics)), _prose("Recovery", 2)))
    fronts, backs = balanced(front, back, W, H, metrics)
    assert (len(fronts), len(backs)) == (1, 1)
    assert [s.title for s in fronts[0].face.sections] == ["Weapons", "Recovery"]
    assert MIN_PT / base_pt(W) <= fronts[0].scale < 1.0


def test_a_face_just_too_long_closes_up_its_lines_rather_than_spill(family: str) -> None:
    """At the smallest size, tighter leading keeps a nearly fitting face on one card."""
    metrics = metrics_for(family)
    minimum = MIN_PT / base_pt(W)
    for lines in range(5, 80):
        face = CardFace("Bo", "back", Side.BACK, sections=(_prose("Notes", lines),))
        if set_at(face, W, H, metrics, minimum) is None:
            break  # the first count that needs more than the usual leading at 8 pt
    [card] = fit(face, W, H, metrics)
    assert card.tight and card.remainder is None and card.scale == minimum
    many = CardFace("Bo", "back", Side.BACK, sections=(_prose("Notes", 2 * lines),))
    cards = fit(many, W, H, metrics)
    assert len(cards) == 2 and not cards[0].tight  # a real overflow continues as usual
