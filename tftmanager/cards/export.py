"""Cards onto pages: the PDF file, and any paged device (a printer, the preview).

Every card is set (fitted and split) before the first page is painted, so
the number of cards, and with duplex printing the place of every back, is
known up front.  The PDF is painted into memory and then written through
``app.outputs`` (temporary file, sync, rename, folder sync, and only over a
regular file that is no campaign, lock or backup): a failed export never
leaves half a file where the old one was, and ``--out /dev/full`` or
``--out CAMPAIGN`` is refused rather than replaced.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMarginsF
from PySide6.QtGui import (
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
)
from PySide6.QtPrintSupport import QPrinter

from tftmanager.cards.balance import balanced
from tftmanager.cards.content import CardContent, CardFace
from tftmanager.cards.errors import CardExportError
from tftmanager.cards.fonts import card_family, metrics_for
from tftmanager.cards.layout import (
    PAPER_MM,
    CardSize,
    Page,
    PagePlan,
    Paper,
    arrange,
    arrange_duplex,
    arrange_groups,
    pair_faces,
    plan_page,
)
from tftmanager.cards.painter import paint_page
from tftmanager.cards.pdf_file import check_pdf_target, write_pdf
from tftmanager.cards.sheet import SHEET_PT
from tftmanager.cards.typeset import Typeset, base_pt, fit
from tftmanager.collector import collector_paused

PDF_DPI = 1200
PAGE_SIZE_IDS = {Paper.LETTER: QPageSize.PageSizeId.Letter, Paper.A4: QPageSize.PageSizeId.A4}


@dataclass(frozen=True)
class CardDocument:
    """Cards set and placed on pages, ready to paint on any paged device."""

    plan: PagePlan
    pages: tuple[Page[Typeset], ...]

    @property
    def card_count(self) -> int:
        """Faces placed (continuation cards included)."""
        return sum(len(p.placed) for p in self.pages)


def set_document(contents: Sequence[CardContent], size: CardSize,
                 paper_mm: tuple[float, float], *, duplex: bool = False,
                 family: str | None = None) -> CardDocument:
    """Fit every face (continuations included) and place them on pages.

    Single-sided, a character's faces run front, front continuations, back,
    back continuations, starting a row of their own (a front never sits beside
    another character's back).  Duplex, each back is printed behind its front.
    A back's sections move to a front with room when that saves a card.
    """
    plan = plan_page(size, paper_mm)
    metrics = metrics_for(family or card_family())
    groups: list[list[Typeset]] = []
    pairs: list[tuple[Typeset, Typeset | None]] = []
    for content in contents:
        fronts, backs = balanced(content.front, content.back, plan.card_w, plan.card_h,
                                 metrics)
        groups.append([*fronts, *backs])
        pairs += pair_faces(fronts, backs)
    pages = arrange_duplex(pairs, plan) if duplex else arrange_groups(groups, plan)
    return CardDocument(plan, tuple(pages))


def paint_document(device: QPagedPaintDevice, document: CardDocument, page_size: QPageSize,
                   family: str | None = None) -> None:
    """Paint all pages on a PDF writer or printer (the preview's printer too).

    The page is set to the plan's orientation with no margins: the plan's own
    margin is where cut marks go, measured from the paper's edge.
    """
    family = family or card_family()
    plan = document.plan
    orientation = (QPageLayout.Orientation.Landscape if plan.landscape
                   else QPageLayout.Orientation.Portrait)
    if isinstance(device, QPrinter):
        device.setFullPage(True)
    device.setPageLayout(QPageLayout(page_size, orientation, QMarginsF(0, 0, 0, 0),
                                     QPageLayout.Unit.Millimeter))
    painter = QPainter()
    if not painter.begin(device):
        raise CardExportError("The printer or file could not be opened for painting.")
    try:
        dpi = float(device.logicalDpiX())
        for number, page in enumerate(document.pages):
            if number:
                device.newPage()
            paint_page(painter, page, plan, dpi, family)
    finally:
        painter.end()




def export_pdf(path: Path, contents: Sequence[CardContent], *,
               size: CardSize = CardSize.THREE_BY_FIVE, paper: Paper = Paper.LETTER,
               duplex: bool = False, family: str | None = None) -> int:
    """Write the cards to a PDF (vector, fonts embedded); returns the page count.

    Needs a QGuiApplication.  Raises CardExportError for nothing to print or
    a file that cannot be written (the message names the file and the reason).
    """
    if not contents:
        raise CardExportError("There are no characters to make cards for.")
    check_pdf_target(path)  # before the work of setting the cards
    with collector_paused():  # its passes over the cards being set and painted free nothing
        document = set_document(contents, size, PAPER_MM[paper], duplex=duplex, family=family)
        return write_document(path, document, paper, "Character cards", family)


def write_document(path: Path, document: CardDocument, paper: Paper, title: str,
                   family: str | None) -> int:
    """Paint set pages into a PDF written whole (``pdf_file``); returns the page count."""
    write_pdf(path, title, PDF_DPI, lambda writer: paint_document(
        writer, document, QPageSize(PAGE_SIZE_IDS[paper]), family))
    return len(document.pages)


def set_sheets(faces: Sequence[CardFace], paper_mm: tuple[float, float],
               family: str | None = None) -> CardDocument:
    """One page per character's sheet (a sheet too full for one page goes on)."""
    plan = plan_page(CardSize.SHEET, paper_mm)
    metrics = metrics_for(family or card_family())
    scale = SHEET_PT / base_pt(plan.card_w)
    pages = [page for face in faces
             for page in arrange(fit(face, plan.card_w, plan.card_h, metrics, scale), plan)]
    return CardDocument(plan, tuple(pages))


def export_sheets_pdf(path: Path, faces: Sequence[CardFace], *, paper: Paper = Paper.LETTER,
                      family: str | None = None) -> int:
    """Write full character sheets to a PDF, one page each; returns the page count."""
    if not faces:
        raise CardExportError("There are no characters to make sheets for.")
    check_pdf_target(path)
    document = set_sheets(faces, PAPER_MM[paper], family)
    return write_document(path, document, paper, "Character sheets", family)
