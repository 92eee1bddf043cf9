"""The bundled font the cards are set in, and its measurements.

Cards must look the same on every machine and a PDF written where no system
font is visible would silently have no text (ECOSYSTEM.md 1.2), so cards use
the bundled DejaVu Sans.  tftmanager.ui.fonts.register_fonts() loads the same
files for the GUI, but the cards package sits below ui and cli in the layers,
so it loads them itself; Qt accepts the same file twice without harm.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF, QGuiApplication

from tftmanager.cards.none_refcount import keep_none_alive
from tftmanager.shipped import resource

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
# Metrics are taken at this pixel size and scaled: large enough that hinting
# and rounding do not matter, so a width in mm is the same on any device.
_REFERENCE_PX = 200


class CardFontError(RuntimeError):
    """The card font cannot be used (no QGuiApplication, or the files are missing)."""


_families: list[str] = []


def card_family() -> str:
    """Load the bundled fonts once and return their family name.

    Needs a QGuiApplication: without one Qt aborts the process instead of
    raising, so this checks first.
    """
    if QGuiApplication.instance() is None:
        raise CardFontError("Cards need a QGuiApplication before any font work.")
    keep_none_alive()
    if not _families:
        for name in FONT_FILES:
            font_id = QFontDatabase.addApplicationFont(str(resource("fonts", name)))
            _families.extend(QFontDatabase.applicationFontFamilies(font_id))
        if not _families:
            raise CardFontError("The bundled DejaVu Sans fonts could not be loaded.")
    return _families[0]


def card_font(family: str, bold: bool) -> QFont:
    """The font as both measuring and painting use it.

    No hinting (a PDF is vector), and no ligatures: "fi" drawn as one glyph
    comes out of the PDF's text as "ﬁ", so "Fireproofing" could not be found
    or copied.
    """
    font = QFont(family)
    font.setBold(bold)
    font.setStretch(QFont.Stretch.Unstretched)  # never a "Condensed" system face
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    for feature in ("liga", "clig"):
        font.setFeature(QFont.Tag(feature), 0)
    return font


class Metrics:
    """Text widths and heights in millimetres for a font size given in millimetres."""

    def __init__(self, family: str) -> None:
        keep_none_alive()
        self.family = family
        self._fm: dict[bool, QFontMetricsF] = {}
        for bold in (False, True):
            font = card_font(family, bold)
            font.setPixelSize(_REFERENCE_PX)
            self._fm[bold] = QFontMetricsF(font)
        self._width = lru_cache(maxsize=8192)(self._measure)

    def _measure(self, text: str, bold: bool) -> float:
        return self._fm[bold].horizontalAdvance(text) / _REFERENCE_PX

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """Advance width of ``text`` at an em size of ``size`` mm."""
        return float(self._width(text, bold)) * size

    def ascent(self, size: float) -> float:
        """Height above the baseline."""
        return self._fm[False].ascent() / _REFERENCE_PX * size

    def descent(self, size: float) -> float:
        """Depth below the baseline."""
        return self._fm[False].descent() / _REFERENCE_PX * size


@lru_cache(maxsize=4)
def metrics_for(family: str) -> Metrics:
    """One Metrics per family (its width cache is what makes 100 cards quick)."""
    return Metrics(family)
