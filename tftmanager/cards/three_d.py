"""Height (H) and falling thresholds for the card: the library's chart (``rules.heights``)."""

from __future__ import annotations

from tftmanager.rules.heights import SOURCE, Height, HeightChart

__all__ = ["SOURCE", "Height", "HeightChart"]
