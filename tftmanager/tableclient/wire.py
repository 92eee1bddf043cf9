"""The table server's answers as data the window can trust the shape of.

What the server sends is checked here, whole, before the window sees any of
it: a field missing, of the wrong type or out of bounds (a link to another
kind of server, a proxy's error page, garbage) is one line,
:class:`NotUnderstood`, never a crash further on.  The shape is the
server's ``tableserver.player_json`` (its ``FORMAT`` names it); the client
keeps its own description of it on purpose: it speaks HTTP, not Python, to
a server that may be another version.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tftmanager.refusal import Refusal

FORMAT = "tftmanager-player-view/1"
MAX_TEXT = 20_000  # no figure, line or note on a card is longer


class NotUnderstood(Refusal, ValueError):
    """An answer that is not a table server's (or not one this version can read)."""


class _Wire(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore", strict=True, str_max_length=MAX_TEXT)



class Stat(_Wire):
    """One of the card's boxes: "ST 12", with a caption such as "adjDX, with shield"."""

    label: str = Field(max_length=200)
    value: str = Field(max_length=200)
    caption: str = Field(default="", max_length=200)


class Section(_Wire):
    """A part of the card: a table (``columns`` named) or lines of text (no columns)."""

    title: str = Field(max_length=200)
    columns: tuple[str, ...] = Field(default=(), max_length=20)
    rows: tuple[tuple[str, ...], ...] = Field(max_length=2000)


class Face(_Wire):
    """One face of the card."""

    stats: tuple[Stat, ...] = Field(max_length=50)
    sections: tuple[Section, ...] = Field(max_length=100)


class Boxes(_Wire):
    """ST, wounds and fatigue (the fight's, when ``fight`` names one)."""

    st: int = Field(ge=0, le=1000)
    wounds: int = Field(ge=0, le=1000)
    fatigue: int = Field(ge=0, le=1000)
    legend: str = Field(max_length=200)  # "ST 8 of 11 · wounds 3 · fatigue 0"
    fight: str = Field(default="", max_length=200)


class Offer(_Wire):
    """An action the server offers, and its button's words."""

    label: str = Field(max_length=200)


class Raise(Offer):
    """Raise one attribute with experience."""

    attribute: str = Field(max_length=10)


class Move(Offer):
    """Ready, sling or drop: the state the item goes to."""

    state: str = Field(max_length=20)


class Holding(_Wire):
    """A weapon or shield of the player's, where it is, and where it may go."""

    item: str = Field(max_length=64)
    name: str = Field(max_length=200)
    state: str = Field(max_length=40)
    moves: tuple[Move, ...] = Field(max_length=5)


class Spell(Offer):
    """A spell the character knows, to mark its fatigue."""

    spell: str = Field(max_length=100)


class PlayerView(_Wire):
    """Everything the player's window shows and offers."""

    name: str = Field(max_length=200)
    subtitle: str = Field(max_length=500)
    boxes: Boxes
    dx_reasons: str = Field(max_length=500)
    front: Face
    back: Face
    standing: tuple[str, ...] = Field(max_length=20)
    raises: tuple[Raise, ...] = Field(max_length=10)
    memory: Offer | None
    holdings: tuple[Holding, ...] = Field(max_length=200)
    possessions: tuple[str, ...] = Field(max_length=500)
    spells: tuple[Spell, ...] = Field(max_length=500)
    casting: str = Field(max_length=500)
    notes: str = Field(max_length=MAX_TEXT)
    notes_max: int = Field(ge=0, le=1_000_000)


class _Viewed(_Wire):
    format: str
    view: PlayerView


def read_view(text: str | bytes, *, where: str) -> PlayerView:
    """The view in a ``view`` event's data (or ``view.json``'s answer), checked whole.

    ``where`` names the server in the one line a bad answer gets.
    """
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested past Python's stack
        raise NotUnderstood(f"{first_upper(where)} sent something that is not a TFT Manager table "
                            "server's answer: is the link right?") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        if isinstance(data, dict) and str(data.get("format", "")).startswith("tftmanager-"):
            raise NotUnderstood(f"{first_upper(where)} runs a different version of TFT Manager: "
                                "update the app to join it.")
        raise NotUnderstood(f"{first_upper(where)} did not answer as a TFT Manager table "
                            "server: is the link right?")
    try:  # JSON's arrays are read as tuples; nothing else is converted (strict)
        return _Viewed.model_validate_json(text).view
    except ValidationError:
        raise NotUnderstood(f"{first_upper(where)} sent a view this version cannot read: update "
                            "the app, or ask the GM.") from None


def message_of(text: str | bytes, fallback: str) -> str:
    """The one line in a JSON answer's ``message`` (or the first line of a text answer)."""
    try:
        data: Any = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict) and isinstance(data.get("message"), str) and data["message"]:
        return _one_line(data["message"])
    raw = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
    if raw.strip() and "<" not in raw[:200]:  # a plain-text answer (rates, sizes): its words
        return _one_line(raw)
    return fallback


def first_upper(text: str) -> str:
    """The text with its first letter a capital (a message that starts with a name)."""
    return text[:1].upper() + text[1:]


def _one_line(text: str) -> str:
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:299] + "…"
