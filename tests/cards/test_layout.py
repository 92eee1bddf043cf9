"""Pages: cards per page, centred grid, cut marks, and backs behind fronts."""

from __future__ import annotations

import pytest

from tftmanager.cards.layout import (
    CARD_MM,
    MARGIN_MM,
    PAPER_MM,
    Box,
    CardSize,
    PagePlan,
    Paper,
    arrange,
    arrange_duplex,
    pair_faces,
    plan_page,
)

pytestmark = pytest.mark.app

PER_PAGE = {CardSize.THREE_BY_FIVE: 4, CardSize.FOUR_BY_SIX: 2, CardSize.A6: 2,
            CardSize.SHEET: 1}
EPS = 1e-6


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("size", list(CardSize))
def test_as_many_cards_as_fit_inside_the_margins(size: CardSize, paper: Paper) -> None:
    plan = plan_page(size, PAPER_MM[paper])
    assert plan.per_page == PER_PAGE[size]
    if size is not CardSize.SHEET:
        assert (plan.card_w, plan.card_h) == CARD_MM[size]
        # one more row or column would not fit in either orientation
        for w, h in ((plan.page_w, plan.page_h), (plan.page_h, plan.page_w)):
            cols = int((w - 2 * MARGIN_MM) // plan.card_w)
            rows = int((h - 2 * MARGIN_MM) // plan.card_h)
            assert cols * rows <= plan.per_page
    boxes = [plan.slot(i) for i in range(plan.per_page)]
    for box in boxes:
        assert box.x >= MARGIN_MM - EPS and box.y >= MARGIN_MM - EPS
        assert box.x + box.w <= plan.page_w - MARGIN_MM + EPS
        assert box.y + box.h <= plan.page_h - MARGIN_MM + EPS
    assert len({(b.x, b.y) for b in boxes}) == len(boxes)


def test_sizes_are_the_named_stocks() -> None:
    assert CARD_MM[CardSize.THREE_BY_FIVE] == (127.0, 76.2)
    assert CARD_MM[CardSize.FOUR_BY_SIX] == (152.4, 101.6)
    assert CARD_MM[CardSize.A6] == (148.0, 105.0)
    sheet = plan_page(CardSize.SHEET, PAPER_MM[Paper.A4])
    assert (sheet.card_w, sheet.card_h) == (210.0 - 2 * MARGIN_MM, 297.0 - 2 * MARGIN_MM)


def _behind(plan: PagePlan, front: Box) -> Box:
    """Where a front box is seen from the back after a long-edge flip of the paper."""
    if plan.landscape:  # the page lies sideways on the paper: its long side is horizontal
        return Box(front.x, plan.page_h - front.y - front.h, front.w, front.h)
    return Box(plan.page_w - front.x - front.w, front.y, front.w, front.h)


@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("size", list(CardSize))
def test_duplex_backs_land_behind_their_fronts(size: CardSize, paper: Paper) -> None:
    plan = plan_page(size, PAPER_MM[paper])
    for i in range(plan.per_page):
        back, behind = plan.back_slot(i), _behind(plan, plan.slot(i))
        assert back.x == pytest.approx(behind.x) and back.y == pytest.approx(behind.y)


def test_landscape_backs_swap_rows_and_portrait_backs_swap_columns() -> None:
    wide = plan_page(CardSize.THREE_BY_FIVE, PAPER_MM[Paper.LETTER])
    assert wide.landscape and (wide.cols, wide.rows) == (2, 2)
    assert wide.back_slot(0) == wide.slot(2)
    tall = PagePlan(215.9, 279.4, 100.0, 60.0, 2, 4)
    assert tall.back_slot(0) == tall.slot(1)


@pytest.mark.parametrize("size", [CardSize.THREE_BY_FIVE, CardSize.A6])
def test_cut_marks_stay_in_the_margin_and_reach_the_edge(size: CardSize) -> None:
    plan = plan_page(size, PAPER_MM[Paper.A4])
    marks = plan.cut_marks()
    assert marks
    grid = Box(plan.left, plan.top, plan.cols * plan.card_w, plan.rows * plan.card_h)
    for x1, y1, x2, y2 in marks:
        assert x1 == x2 or y1 == y2
        assert x1 == 0.0 or y1 == 0.0 or x2 == pytest.approx(plan.page_w) \
            or y2 == pytest.approx(plan.page_h)
        inside_x = grid.x < (x1 + x2) / 2 < grid.x + grid.w
        inside_y = grid.y < (y1 + y2) / 2 < grid.y + grid.h
        assert not (inside_x and inside_y)  # never across a card
    vertical = {x1 for x1, _y1, x2, _y2 in marks if x1 == x2}
    assert len(vertical) == plan.cols + 1
    assert plan_page(CardSize.SHEET, PAPER_MM[Paper.A4]).cut_marks() == []


def test_single_sided_pages_fill_in_order() -> None:
    plan = plan_page(CardSize.THREE_BY_FIVE, PAPER_MM[Paper.LETTER])
    pages = arrange(list("abcdefghij"), plan)
    assert [[p.face for p in page.placed] for page in pages] == [
        list("abcd"), list("efgh"), list("ij")]
    assert not any(page.backs for page in pages)


def test_duplex_pages_alternate_fronts_and_backs() -> None:
    plan = plan_page(CardSize.THREE_BY_FIVE, PAPER_MM[Paper.LETTER])
    cards = [("F1", "B1"), ("F2", None), ("F3", "B3"), ("F4", "B4"), ("F5", "B5")]
    pages = arrange_duplex(cards, plan)
    assert [page.backs for page in pages] == [False, True, False, True]
    fronts, backs = pages[0], pages[1]
    assert [p.face for p in backs.placed] == ["B1", "B3", "B4"]
    by_face = {p.face: p.box for p in fronts.placed}
    for placed in backs.placed:
        front_box = by_face["F" + placed.face[1:]]
        assert placed.box == _behind(plan, front_box)


def test_continuations_pair_up_after_the_first_card() -> None:
    assert pair_faces(["F"], ["B"]) == [("F", "B")]
    assert pair_faces(["F"], ["B", "B2", "B3"]) == [("F", "B"), ("B2", "B3")]
    assert pair_faces(["F", "F2"], ["B", "B2"]) == [("F", "B"), ("F2", "B2")]
    assert pair_faces(["F", "F2"], []) == [("F", None), ("F2", None)]
    assert pair_faces([], []) == []
