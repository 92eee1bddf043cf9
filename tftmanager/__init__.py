"""TFT Manager: character and campaign manager for The Fantasy Trip."""

from __future__ import annotations

__version__ = "0.1.0"
APP_NAME = "TFT Manager"
ORG_NAME = "TFT Manager"
