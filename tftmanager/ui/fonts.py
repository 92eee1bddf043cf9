"""The bundled fonts, registered with Qt once for the cards, the preview and PDFs.

Apart from ``launch`` so the print preview can load them without importing
the module that builds the main window (an import cycle).
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase

_FONTS: list[str] = []


def register_fonts() -> list[str]:
    """Load the bundled fonts once (cards and PDFs need them; a machine may have none).

    Returns the family names.
    """
    if not _FONTS:
        from tftmanager.shipped import resource  # noqa: PLC0415

        for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
            font_id = QFontDatabase.addApplicationFont(str(resource("fonts", font)))
            _FONTS.extend(QFontDatabase.applicationFontFamilies(font_id))
    return sorted(set(_FONTS))
