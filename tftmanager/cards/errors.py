"""Errors the card commands report to the user (no Qt, so the CLI can catch them cheaply)."""

from __future__ import annotations

from tftmanager.refusal import Refusal


class CardExportError(Refusal, RuntimeError):
    """Cards could not be written; the message is one line for the user."""
