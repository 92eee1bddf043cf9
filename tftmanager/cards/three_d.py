"""Height (H) and falling thresholds for the card: the chart lives in ``rules.heights``."""

from __future__ import annotations

from tftmanager.rules.heights import SOURCE, Height, height_for

__all__ = ["SOURCE", "Height", "height_for"]
