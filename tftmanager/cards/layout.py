"""Card and page geometry in millimetres: sizes, the grid, cut marks, duplex backs.

Pure arithmetic (no Qt) so the placement rules can be tested exactly.  Cards
are drawn landscape (wider than tall), as index cards are written; the page
turns landscape when that fits more cards.  The grid is centred on the page,
which is what lets a back land exactly behind its front when the sheet is
turned over.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

# Printers cannot print to the edge; cut marks live in this margin.
MARGIN_MM = 6.0
MARK_GAP_MM = 1.5  # cut marks stop short of the card so no stub shows after cutting


class CardSize(enum.Enum):
    """The card stocks offered, by their usual names."""

    THREE_BY_FIVE = "3x5"
    FOUR_BY_SIX = "4x6"
    A6 = "a6"
    SHEET = "sheet"


# Width x height, landscape.  The sheet size is the page's printable area.
CARD_MM: dict[CardSize, tuple[float, float]] = {
    CardSize.THREE_BY_FIVE: (127.0, 76.2),
    CardSize.FOUR_BY_SIX: (152.4, 101.6),
    CardSize.A6: (148.0, 105.0),
}


class Paper(enum.Enum):
    """Paper the cards are printed on (the preview also accepts the printer's own)."""

    LETTER = "letter"
    A4 = "a4"


PAPER_MM: dict[Paper, tuple[float, float]] = {
    Paper.LETTER: (215.9, 279.4),
    Paper.A4: (210.0, 297.0),
}


@dataclass(frozen=True)
class Box:
    """A rectangle in millimetres from the page's top-left corner."""

    x: float
    y: float
    w: float
    h: float


Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class PagePlan:
    """Where cards go on one page: a centred grid of equal slots."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    marks: bool = True  # a full-page sheet has nothing to cut

    @property
    def landscape(self) -> bool:
        """True when the page is turned sideways."""
        return self.page_w > self.page_h

    @property
    def per_page(self) -> int:
        """Cards on one page."""
        return self.cols * self.rows

    @property
    def left(self) -> float:
        """Left edge of the grid (centred)."""
        return (self.page_w - self.cols * self.card_w) / 2

    @property
    def top(self) -> float:
        """Top edge of the grid (centred)."""
        return (self.page_h - self.rows * self.card_h) / 2

    def _box(self, col: int, row: int) -> Box:
        return Box(self.left + col * self.card_w, self.top + row * self.card_h,
                   self.card_w, self.card_h)

    def slot(self, index: int) -> Box:
        """The index-th slot of a page, row by row."""
        row, col = divmod(index, self.cols)
        return self._box(col, row)

    def back_slot(self, index: int) -> Box:
        """Where the back of slot ``index`` goes on the following (back) page.

        Printing "flip on long edge" turns the sheet over about its long side.
        On a portrait page that side is vertical, so a back sits in the mirrored
        column; on a landscape page (turned onto the paper) it is horizontal, so
        the back sits in the mirrored row.
        """
        row, col = divmod(index, self.cols)
        if self.landscape:
            return self._box(col, self.rows - 1 - row)
        return self._box(self.cols - 1 - col, row)

    def cut_marks(self) -> list[Segment]:
        """Short lines in the margin along every grid line, from the page edge.

        None for a full-page sheet: there is nothing to cut.
        """
        if not self.marks:
            return []
        marks: list[Segment] = []
        bottom = self.top + self.rows * self.card_h
        right = self.left + self.cols * self.card_w
        for col in range(self.cols + 1):
            x = self.left + col * self.card_w
            marks.append((x, 0.0, x, self.top - MARK_GAP_MM))
            marks.append((x, bottom + MARK_GAP_MM, x, self.page_h))
        for row in range(self.rows + 1):
            y = self.top + row * self.card_h
            marks.append((0.0, y, self.left - MARK_GAP_MM, y))
            marks.append((right + MARK_GAP_MM, y, self.page_w, y))
        return [m for m in marks if (m[2] - m[0]) + (m[3] - m[1]) > 0.5]  # room for a mark


def _fit(space: float, size: float) -> int:
    return int((space + 1e-6) // size)


def plan_page(size: CardSize, paper_mm: tuple[float, float]) -> PagePlan:
    """The grid that puts the most cards of this size on this paper.

    ``paper_mm`` is (width, height) in either orientation.  Portrait wins a tie.
    A card too big for the paper still gets one slot (it will be clipped by
    the printer, which the preview shows).
    """
    short, long = sorted(paper_mm)
    if size is CardSize.SHEET:
        return PagePlan(short, long, short - 2 * MARGIN_MM, long - 2 * MARGIN_MM, 1, 1,
                        marks=False)
    card_w, card_h = CARD_MM[size]
    best: PagePlan | None = None
    for page_w, page_h in ((short, long), (long, short)):
        cols = _fit(page_w - 2 * MARGIN_MM, card_w)
        rows = _fit(page_h - 2 * MARGIN_MM, card_h)
        plan = PagePlan(page_w, page_h, card_w, card_h, cols, rows)
        if best is None or plan.per_page > best.per_page:
            best = plan
    assert best is not None
    if best.per_page == 0:
        return PagePlan(long, short, card_w, card_h, 1, 1)
    return best


@dataclass(frozen=True)
class Placed(Generic[T]):
    """A face in its slot."""

    box: Box
    face: T


@dataclass(frozen=True)
class Page(Generic[T]):
    """One printed page; ``backs`` marks the reverse side of a duplex sheet."""

    placed: tuple[Placed[T], ...]
    backs: bool = False


def arrange(faces: Sequence[T], plan: PagePlan) -> list[Page[T]]:
    """Single-sided: faces in order, as many per page as fit."""
    n = plan.per_page
    return [Page(tuple(Placed(plan.slot(i), face) for i, face in enumerate(faces[k:k + n])))
            for k in range(0, len(faces), n)]


def arrange_groups(groups: Sequence[Sequence[T]], plan: PagePlan) -> list[Page[T]]:
    """Single-sided, each group (one character's cards) starting a row of its own.

    So a front is printed beside its own back, never beside another
    character's continuation card (the cards are cut apart, so a group may
    run on to the next sheet).
    """
    n, cols = plan.per_page, plan.cols
    pages: list[list[Placed[T]]] = [[]]
    at = 0  # the next free slot of the last page
    for group in groups:
        at = -(-at // cols) * cols  # the start of the next row
        for face in group:
            if at == n:
                pages.append([])
                at = 0
            pages[-1].append(Placed(plan.slot(at), face))
            at += 1
    return [Page(tuple(placed)) for placed in pages if placed]


def arrange_duplex(cards: Sequence[tuple[T, T | None]], plan: PagePlan) -> list[Page[T]]:
    """Double-sided: a page of fronts, then a page of their backs, mirrored to match.

    Every fronts page is followed by its backs page (even an empty one), so
    the printer's sheets stay paired.
    """
    n = plan.per_page
    pages: list[Page[T]] = []
    for k in range(0, len(cards), n):
        group = cards[k:k + n]
        pages.append(Page(tuple(Placed(plan.slot(i), f) for i, (f, _b) in enumerate(group))))
        pages.append(Page(tuple(Placed(plan.back_slot(i), b) for i, (_f, b) in enumerate(group)
                                if b is not None), backs=True))
    return pages


def pair_faces(fronts: Sequence[T], backs: Sequence[T]) -> list[tuple[T, T | None]]:
    """A character's physical cards: front behind back, then continuations two by two."""
    if not fronts:
        return []
    first: list[tuple[T, T | None]] = [(fronts[0], backs[0] if backs else None)]
    rest = [*fronts[1:], *backs[1:]]
    return first + [(rest[i], rest[i + 1] if i + 1 < len(rest) else None)
                    for i in range(0, len(rest), 2)]
