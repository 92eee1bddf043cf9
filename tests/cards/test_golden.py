"""Pixels: page 1 of the demo party's 3x5 PDF against a reviewed golden image.

To accept a deliberate change of the card design, look at the new images and
run ``TFTM_UPDATE_GOLDEN=1 pytest tests/cards/test_golden.py``: it rewrites the
golden page and the README's docs/card-front.png and docs/card-back.png.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tftmanager.cards.content import CardContent
from tftmanager.cards.export import export_pdf
from tftmanager.cards.fonts import metrics_for
from tftmanager.cards.layout import CARD_MM, CardSize
from tftmanager.cards.painter import typeset_image
from tftmanager.cards.typeset import fit

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "golden" / "cards-3x5-page1.png"
DOCS = {"front": ROOT / "docs" / "card-front.png", "back": ROOT / "docs" / "card-back.png"}
UPDATE = os.environ.get("TFTM_UPDATE_GOLDEN") == "1"
GOLDEN_DPI = 40
DOCS_DPI = 200
# Mean absolute difference in grey levels (0-255).  Anti-aliasing differences
# between poppler builds stay well under 1; a moved or missing line of text is
# several times this.
TOLERANCE = 1.5


def mean_difference(a: QImage, b: QImage) -> float:
    """Mean absolute grey-level difference of two images of the same size."""
    a = a.convertToFormat(QImage.Format.Format_Grayscale8)
    b = b.convertToFormat(QImage.Format.Format_Grayscale8)
    assert (a.width(), a.height()) == (b.width(), b.height())
    total = 0
    for y in range(a.height()):
        row_a = bytes(a.constScanLine(y))[: a.width()]
        row_b = bytes(b.constScanLine(y))[: b.width()]
        total += sum(abs(p - q) for p, q in zip(row_a, row_b, strict=True))
    return total / (a.width() * a.height())


def ragnar(demo_cards: list[CardContent]) -> CardContent:
    return next(c for c in demo_cards if c.front.name == "Ragnar")


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm (poppler-utils) not installed")
def test_first_page_matches_the_reviewed_image(tmp_path: Path, demo_cards: list[CardContent],
                                               family: str) -> None:
    pdf = tmp_path / "party.pdf"
    export_pdf(pdf, demo_cards, size=CardSize.THREE_BY_FIVE)
    subprocess.run(["pdftoppm", "-r", str(GOLDEN_DPI), "-png", "-f", "1", "-l", "1",
                    "-singlefile", str(pdf), str(tmp_path / "page")], check=True)
    rendered = QImage(str(tmp_path / "page.png"))
    assert not rendered.isNull()
    if UPDATE:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(tmp_path / "page.png", GOLDEN)
    golden = QImage(str(GOLDEN))
    assert not golden.isNull(), f"missing {GOLDEN}"
    assert mean_difference(rendered, golden) <= TOLERANCE


def test_readme_images_show_ragnars_card_as_painted(demo_cards: list[CardContent],
                                                    family: str) -> None:
    w, h = CARD_MM[CardSize.THREE_BY_FIVE]
    card = ragnar(demo_cards)
    for side, face in (("front", card.front), ("back", card.back)):
        [typeset] = fit(face, w, h, metrics_for(family))
        image = typeset_image(typeset, w, h, DOCS_DPI, family)
        if UPDATE:
            image.save(str(DOCS[side]))
        shown = QImage(str(DOCS[side]))
        assert not shown.isNull(), f"missing {DOCS[side]}"
        assert mean_difference(image, shown) <= TOLERANCE


def test_the_comparison_notices_a_real_change(demo_cards: list[CardContent],
                                              family: str) -> None:
    w, h = CARD_MM[CardSize.THREE_BY_FIVE]
    front = ragnar(demo_cards).front
    other = next(c for c in demo_cards if c.front.name == "Wulf").front
    [a] = fit(front, w, h, metrics_for(family))
    [b] = fit(other, w, h, metrics_for(family))
    difference = mean_difference(typeset_image(a, w, h, GOLDEN_DPI),
                                 typeset_image(b, w, h, GOLDEN_DPI))
    assert difference > 2 * TOLERANCE
