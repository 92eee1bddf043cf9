"""Fitting: nothing outside the card, shrink first, then continue; no word lost."""

from __future__ import annotations

import pytest

from tftmanager.cards.content import CardContent, CardFace, Section, SectionKind, Side, build_card
from tftmanager.cards.fonts import metrics_for
from tftmanager.cards.layout import CARD_MM, CardSize
from tftmanager.cards.typeset import (
    FLOOR_PT,
    MIN_PT,
    PT,
    SMALL_MIN_PT,
    Frame,
    Text,
    Typeset,
    base_pt,
    fit,
    typeset,
    wrap,
)
from tftmanager.rules.library import RulesLibrary
from tftmanager.rules.settings import RuleProfile

from .conftest import many_talents, sheet_of

pytestmark = pytest.mark.ui

W, H = CARD_MM[CardSize.THREE_BY_FIVE]


def texts(cards: list[Typeset]) -> str:
    return " ".join(op.text for card in cards for op in card.ops if isinstance(op, Text))


def assert_inside(card: Typeset, family: str, w: float, h: float,
                  minimum: float = MIN_PT) -> None:
    metrics = metrics_for(family)
    for op in card.ops:
        if isinstance(op, Text):
            assert op.x >= 0 and op.x + metrics.width(op.text, op.size, op.bold) <= w + 1e-6, op
            assert 0 < op.y <= h, op
            assert op.size >= min(SMALL_MIN_PT, minimum) * PT - 1e-9, op
        elif isinstance(op, Frame):
            assert op.x >= 0 and op.y >= 0 and op.x + op.w <= w and op.y + op.h <= h, op
    assert card.scale * base_pt(w) >= minimum - 1e-9


@pytest.mark.parametrize("size", [CardSize.THREE_BY_FIVE, CardSize.FOUR_BY_SIX, CardSize.A6])
def test_demo_cards_fit_inside_their_card(demo_cards: list[CardContent], family: str,
                                          size: CardSize) -> None:
    w, h = CARD_MM[size]
    for content in demo_cards:
        for face in (content.front, content.back):
            cards = fit(face, w, h, metrics_for(family))
            assert len(cards) <= 2  # at most one continuation card for the demo
            for card in cards:
                assert_inside(card, family, w, h)


def test_a_full_back_continues_at_a_readable_size(demo_cards: list[CardContent],
                                                  family: str) -> None:
    """Joe's back (seven talents) went down to 6 pt on a 3x5 card; now it stays >= 8 pt.

    What does not fit at 8 pt goes on a second card, with every talent on one
    of them and no text smaller than the body's minimum (captions aside).
    """
    joe = next(c for c in demo_cards if c.back.name == "Joe the Barbarian")
    cards = fit(joe.back, W, H, metrics_for(family))
    assert MIN_PT >= 8.0
    printed = texts(cards)
    for talent in ("Sword", "Axe/Mace", "Shield", "Horsemanship", "Alertness", "Swimming",
                   "Running"):
        assert talent in printed, talent
    for card in cards:
        assert card.scale * base_pt(W) >= 8.0 - 1e-9
        body = [op for op in card.ops if isinstance(op, Text) and not op.bold]
        assert min(op.size for op in body) >= SMALL_MIN_PT * PT - 1e-9


def test_wrap_keeps_every_character(family: str) -> None:
    text = "Hits to recover ________   Fatigue ________ and a Supercalifragilisticexpialidocious"
    lines = wrap(metrics_for(family), text, 20.0, 3.0)
    assert len(lines) > 2
    assert "".join(line for line, _ in lines).replace(" ", "") == text.replace(" ", "")
    for line, _ in lines:
        assert metrics_for(family).width(line, 3.0) <= 20.0 + 1e-6


def _prose(rows: int, words: int = 12) -> CardFace:
    paragraphs = tuple((" ".join(f"w{r}x{i}" for i in range(words)),) for r in range(rows))
    return CardFace("Test", "Human hero", Side.BACK,
                    sections=(Section("Notes", SectionKind.PROSE, paragraphs),))


def test_a_little_too_much_shrinks_instead_of_splitting(family: str) -> None:
    metrics = metrics_for(family)
    rows = 1
    while typeset(_prose(rows + 1), W, H, metrics).scale == 1.0:
        rows += 1
    shrunk = typeset(_prose(rows + 1), W, H, metrics)
    assert shrunk.remainder is None and shrunk.scale < 1.0


def test_too_much_continues_mid_paragraph_without_losing_a_word(family: str) -> None:
    face = _prose(30, words=25)
    cards = fit(face, W, H, metrics_for(family))
    assert len(cards) >= 2
    assert cards[0].scale == pytest.approx(MIN_PT / base_pt(W))
    assert all(c.scale <= cards[0].scale for c in cards)
    printed = texts(cards).split()
    for r in range(30):
        for i in range(25):
            assert f"w{r}x{i}" in printed
    assert cards[1].face.part == 2
    assert cards[1].face.sections[0].title == "Notes (continued)"
    assert "continued, card 2" in texts(cards[1:2])
    for card in cards:
        assert_inside(card, family, W, H)


def test_forty_talents_continue_on_a_second_card(library: RulesLibrary, family: str) -> None:
    figure = many_talents(library, 40)
    back = build_card(sheet_of(figure, library), library, RuleProfile()).back
    cards = fit(back, W, H, metrics_for(family))
    assert len(cards) >= 2
    printed = texts(cards)
    for known in figure.talents:
        assert library.talents[known.key].name in printed
    for card in cards:
        assert_inside(card, family, W, H)
    assert cards[-1].remainder is None


@pytest.mark.parametrize("size", list(CardSize))
def test_outsized_entries_wrap_inside_the_card(family: str, size: CardSize) -> None:
    """A GM's 150-letter talent, an 80-letter name and ST 300 still stay on the card."""
    w, h = CARD_MM.get(size, (198.0, 285.0))
    long_name = "Extraordinarily " * 9
    face = CardFace(
        "N" * 80, "P" * 80, Side.FRONT, stats=(), tally=300,
        sections=(Section("Talents", SectionKind.TABLE,
                          tuple((long_name + str(i), "3", "does " * 40) for i in range(6)),
                          ("Talent", "Mem.", "What it gives")),))
    cards = fit(face, w, h, metrics_for(family))
    for card in cards:  # the name and 300 hit boxes alone overflow a 3x5 card at 8 pt
        assert_inside(card, family, w, h, FLOOR_PT)
    printed = texts(cards).replace(" ", "")
    for i in range(6):
        assert (long_name + str(i)).replace(" ", "") in printed


def test_wounds_the_campaign_keeps_are_ticked_off_on_the_front(library: RulesLibrary,
                                                               family: str) -> None:
    """Melee tallies hits beside ST; a job week's 4 hits come already crossed out."""
    from dataclasses import replace

    from tftmanager.cards.typeset import Stroke
    from tftmanager.rules.character import Character

    ragnar = Character("Ragnar", "human", 11, 13)
    metrics = metrics_for(family)
    fresh = typeset(build_card(sheet_of(ragnar, library), library, RuleProfile()).front,
                    W, H, metrics)
    hurt_front = build_card(sheet_of(replace(ragnar, wounds=4), library), library,
                            RuleProfile()).front
    hurt = typeset(hurt_front, W, H, metrics)
    assert hurt_front.ticked == 4 and hurt_front.tally == 11
    crosses = [op for op in hurt.ops if isinstance(op, Stroke)]
    boxes = [op for op in hurt.ops if isinstance(op, Frame)]
    assert len(crosses) - len([op for op in fresh.ops if isinstance(op, Stroke)]) == 8
    assert len(boxes) == len([op for op in fresh.ops if isinstance(op, Frame)])
    assert "Hits taken (ST 7 now)" in texts([hurt])


def test_cards_set_again_are_set_as_the_first_time(demo_cards: list[CardContent],
                                                  family: str) -> None:
    """Sections set once are reused (issue 35): never across card sizes, never changed.

    The demo's faces are set on two sizes, then set again in the other order
    from nothing remembered; every card's ops are the same.
    """
    from tftmanager.cards import typeset as typeset_module

    metrics = metrics_for(family)
    sizes = [CARD_MM[CardSize.THREE_BY_FIVE], CARD_MM[CardSize.FOUR_BY_SIX]]
    faces = [face for content in demo_cards for face in (content.front, content.back)]

    def set_all(order: list[tuple[float, float]]) -> dict[tuple[int, float], list[tuple]]:
        return {(n, w): [(card.ops, card.scale) for card in fit(face, w, h, metrics)]
                for w, h in order for n, face in enumerate(faces)}

    first = set_all(sizes)
    typeset_module._section_units.cache_clear()
    again = set_all(sizes[::-1])
    assert again == first
    assert first[(0, sizes[0][0])] != first[(0, sizes[1][0])]


def test_equal_sections_are_one_key() -> None:
    """A section's remembered hash agrees with its equality (a continuation's is new)."""
    rows = (("Sword", "2d"), ("Dagger", "1d-1"))
    one = Section("Weapons", SectionKind.TABLE, rows, ("Weapon", "Damage"))
    other = Section("Weapons", SectionKind.TABLE, tuple(rows), ("Weapon", "Damage"))
    assert hash(one) == hash(other) and {one: 1}[other] == 1
    assert Section("Weapons (continued)", SectionKind.TABLE, rows[1:], ("Weapon", "Damage")) \
        not in {one: 1}
